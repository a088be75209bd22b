package storetest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"gaelab/web/store"
)

// roomy never evicts nor refuses: the tests of one thing at a time.
var roomy = store.UploadLimits{TTL: time.Hour, PerAddrDay: 1 << 40, MaxTotal: 1 << 50}

// content is distinct bytes for every call, so that runs on one database
// never share an upload.
func content(t *testing.T, size int) []byte {
	b := bytes.Repeat([]byte{'x'}, size)
	copy(b, unique(t, t.Name()))
	return b
}

// testUploads: an upload is stored once per content, reached through
// distinct random view ids from either replica, shared for longer, and
// gone after its expiry.
func testUploads(t *testing.T, a, b store.Uploads) {
	data := content(t, 1000)
	addr := unique(t, "10.0.0.")
	u1, err := a.PutUpload(ctx, addr, data, roomy, now)
	sum := sha256.Sum256(data)
	if err != nil || !store.ValidViewID(u1.ID) || u1.SHA256 != hex.EncodeToString(sum[:]) || u1.Size != 1000 || !u1.Expires.Equal(now.Add(time.Hour)) {
		t.Fatalf("PutUpload = %+v, %v", u1, err)
	}
	u2, err := b.PutUpload(ctx, addr+"9", data, roomy, now)
	if err != nil || u2.ID == u1.ID || u2.SHA256 != u1.SHA256 {
		t.Fatalf("the same content again: %+v, %v; want a new view of the same upload", u2, err)
	}
	got, err := b.Upload(ctx, u1.ID, now.Add(time.Minute))
	if err != nil || got.SHA256 != u1.SHA256 || got.Shared {
		t.Errorf("Upload on the other replica = %+v, %v", got, err)
	}
	if d, err := b.UploadData(ctx, got.SHA256); err != nil || !bytes.Equal(d, data) {
		t.Errorf("UploadData: %d bytes, %v; want the 1000 uploaded", len(d), err)
	}
	for _, id := range []string{"", "../../etc/passwd", "aaaaaaaaaaaaaaaaaaaaaaaaaa", u1.ID[:25] + "A"} {
		if _, err := a.Upload(ctx, id, now); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Upload(%q) = %v; want ErrNotFound", id, err)
		}
	}
	week := now.Add(7 * 24 * time.Hour)
	if s, err := b.ShareUpload(ctx, u1.ID, week, now.Add(time.Minute)); err != nil || !s.Shared || !s.Expires.Equal(week) {
		t.Errorf("ShareUpload = %+v, %v", s, err)
	}
	if s, _ := a.ShareUpload(ctx, u1.ID, now.Add(2*time.Hour), now.Add(time.Minute)); !s.Expires.Equal(week) {
		t.Errorf("sharing again moved the expiry back to %v", s.Expires)
	}
	later := now.Add(61 * time.Minute)
	if _, err := a.Upload(ctx, u2.ID, later); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unshared view after 61 min: %v; want ErrNotFound", err)
	}
	if _, err := a.ShareUpload(ctx, u2.ID, week, later); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("sharing an expired view: %v; want ErrNotFound", err)
	}
	if _, err := a.Upload(ctx, u1.ID, now.Add(6*24*time.Hour)); err != nil {
		t.Errorf("the shared view after 6 days: %v", err)
	}
}

// testUploadQuota: one address's bytes per UTC day, and the size cap.
func testUploadQuota(t *testing.T, a, b store.Uploads) {
	lim := roomy
	lim.PerAddrDay = 2500
	addr := unique(t, "10.1.0.")
	for i := range 2 {
		if _, err := a.PutUpload(ctx, addr, content(t, 1000+i), lim, now); err != nil {
			t.Fatalf("upload %d of 1000 bytes under a 2500-byte quota: %v", i, err)
		}
	}
	if _, err := b.PutUpload(ctx, addr, content(t, 1000), lim, now); !errors.Is(err, store.ErrQuota) {
		t.Errorf("a third upload on the other replica: %v; want ErrQuota", err)
	}
	if _, err := a.PutUpload(ctx, addr+"1", content(t, 1000), lim, now); err != nil {
		t.Errorf("another address: %v", err)
	}
	if _, err := a.PutUpload(ctx, addr, content(t, 1000), lim, now.Add(24*time.Hour)); err != nil {
		t.Errorf("the next day: %v", err)
	}
	if _, err := a.PutUpload(ctx, unique(t, "10.2.0."), content(t, 2600), lim, now); !errors.Is(err, store.ErrQuota) {
		t.Errorf("one upload over the daily quota: %v; want ErrQuota", err)
	}
	lim.MaxTotal = 500
	if _, err := a.PutUpload(ctx, unique(t, "10.3.0."), content(t, 501), lim, now); !errors.Is(err, store.ErrTooLarge) {
		t.Errorf("one upload over the total: %v; want ErrTooLarge", err)
	}
}

// testUploadEvict: past the total cap the oldest uploads go first, with
// all their views. Its uploads are dated long ago, so that on a shared
// database they are the oldest; it sweeps them away at the end.
func testUploadEvict(t *testing.T, a, b store.Uploads) {
	t0 := time.Now().Add(-10 * 365 * 24 * time.Hour)
	lim := roomy
	var ids []string
	for i := range 3 {
		u, err := a.PutUpload(ctx, "evict", content(t, 400), lim, t0.Add(time.Duration(i)*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, u.ID)
	}
	t.Cleanup(func() { a.DeleteExpiredUploads(ctx, t0.Add(3*time.Hour)) })
	held := func(id string) bool { _, err := b.Upload(ctx, id, t0); return err == nil }
	// Everything held now, and one more upload of 400 bytes past that, must
	// evict exactly the oldest (ids[0]) when the cap is all but 400 bytes.
	total, err := a.UploadBytes(ctx)
	if err != nil || total < 1200 {
		t.Fatalf("UploadBytes = %d, %v; want at least the 1200 uploaded here", total, err)
	}
	lim.MaxTotal = total // one more upload of 400 bytes evicts 400 bytes
	u, err := a.PutUpload(ctx, "evict", content(t, 400), lim, t0.Add(3*time.Second))
	if err != nil {
		t.Fatalf("PutUpload past the cap: %v", err)
	}
	if held(ids[0]) || !held(ids[1]) || !held(ids[2]) || !held(u.ID) {
		t.Errorf("held after eviction: %v %v %v, new %v; want only the oldest evicted", held(ids[0]), held(ids[1]), held(ids[2]), held(u.ID))
	}
}

// testUploadEvictSparesShares: a shared view keeps its upload for its
// whole week, however old: eviction takes the oldest unshared uploads, and
// when only live shares are left a new upload is refused (ErrStoreFull,
// with nothing evicted) until a share expires. Its uploads are dated
// before every other test's, and swept at the end.
func testUploadEvictSparesShares(t *testing.T, a, b store.Uploads) {
	t0 := time.Now().Add(-30 * 365 * 24 * time.Hour)
	week := 7 * 24 * time.Hour
	lim := roomy
	put := func(size int, at time.Time) (store.Upload, error) {
		return a.PutUpload(ctx, unique(t, "spare"), content(t, size), lim, at)
	}
	held := func(u store.Upload, at time.Time) bool { _, err := b.Upload(ctx, u.ID, at); return err == nil }
	t.Cleanup(func() { a.DeleteExpiredUploads(ctx, t0.Add(30*24*time.Hour)) })
	shared, err := put(400, t0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.ShareUpload(ctx, shared.ID, t0.Add(week), t0); err != nil {
		t.Fatal(err)
	}
	unshared, err := put(400, t0.Add(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	total, err := a.UploadBytes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	lim.MaxTotal = total // one more upload of 400 bytes evicts 400 bytes
	at := t0.Add(2 * time.Second)
	third, err := put(400, at)
	if err != nil {
		t.Fatalf("PutUpload past the cap: %v", err)
	}
	if !held(shared, at) || held(unshared, at) || !held(third, at) {
		t.Errorf("held after eviction: shared %v, unshared %v, new %v; want the older shared one kept, the unshared one evicted",
			held(shared, at), held(unshared, at), held(third, at))
	}

	// Only live shares left: the next upload is refused, and evicts nothing.
	if _, err := b.ShareUpload(ctx, third.ID, t0.Add(week), at); err != nil {
		t.Fatal(err)
	}
	lim.MaxTotal = 1000 // the two shares hold 800 bytes; 800 more never fit
	if _, err := put(800, at.Add(time.Hour)); !errors.Is(err, store.ErrStoreFull) {
		t.Errorf("an upload that fits only by evicting live shares: %v; want ErrStoreFull", err)
	}
	if !held(shared, at) || !held(third, at) {
		t.Errorf("a refused upload evicted a share: %v %v", held(shared, at), held(third, at))
	}
	// A week later the shares have expired: they may go.
	later := t0.Add(week + time.Hour)
	if lim.MaxTotal, err = a.UploadBytes(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := put(800, later); err != nil {
		t.Errorf("an upload after the shares expired: %v", err)
	}
}

// testUploadSweep: the sweep deletes expired views, then the uploads no
// view reaches, and the quota of past days.
func testUploadSweep(t *testing.T, a, b store.Uploads) {
	t0 := time.Now().Add(-20 * 365 * 24 * time.Hour) // older than anything else on a shared database
	old, err := a.PutUpload(ctx, "sweep", content(t, 300), roomy, t0)
	if err != nil {
		t.Fatal(err)
	}
	kept, _ := a.PutUpload(ctx, "sweep", content(t, 300), roomy, t0)
	b.ShareUpload(ctx, kept.ID, t0.Add(7*24*time.Hour), t0)
	before, _ := a.UploadBytes(ctx)
	n, err := b.DeleteExpiredUploads(ctx, t0.Add(2*time.Hour))
	if err != nil || n < 1 {
		t.Fatalf("DeleteExpiredUploads = %d, %v; want at least the expired view", n, err)
	}
	if _, err := a.UploadData(ctx, old.SHA256); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the expired upload's bytes: %v; want ErrNotFound", err)
	}
	if _, err := a.Upload(ctx, kept.ID, t0.Add(2*time.Hour)); err != nil {
		t.Errorf("the shared view was swept: %v", err)
	}
	if after, _ := a.UploadBytes(ctx); after > before-300 {
		t.Errorf("UploadBytes %d -> %d; want 300 fewer at least", before, after)
	}
	b.DeleteExpiredUploads(ctx, t0.Add(8*24*time.Hour))
	if _, err := a.UploadData(ctx, kept.SHA256); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the shared upload after its week: %v; want ErrNotFound", err)
	}
}

// testShareBudget: shares are weighed against a budget, on either replica
// (ErrSharesFull, nothing changed); sharing a view whose upload is shared
// already costs nothing; once a share expires its room is back. It runs in
// a future week where only this test's earlier runs may have shares
// (SharedBytes counts them in).
func testShareBudget(t *testing.T, a, b store.Uploads) {
	t0 := time.Now().Add(50*365*24*time.Hour + time.Duration(rand.N(2000))*8*24*time.Hour)
	week := 7 * 24 * time.Hour
	long := roomy
	long.TTL = 2 * week
	put := func(lim store.UploadLimits) store.Upload {
		u, err := a.PutUpload(ctx, unique(t, "share"), content(t, 300), lim, t0)
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	u1, u2 := put(roomy), put(long)
	base, err := b.SharedBytes(ctx, t0)
	if err != nil {
		t.Fatal(err)
	}
	budget := base + 500
	if _, err := b.ShareUploadWithin(ctx, u1.ID, t0.Add(week), t0, budget); err != nil {
		t.Fatalf("a share within the budget: %v", err)
	}
	if n, _ := a.SharedBytes(ctx, t0); n != base+300 {
		t.Errorf("SharedBytes = %d; want %d", n, base+300)
	}
	if _, err := a.ShareUploadWithin(ctx, u2.ID, t0.Add(week), t0, budget); !errors.Is(err, store.ErrSharesFull) {
		t.Errorf("a share past the budget: %v; want ErrSharesFull", err)
	}
	if u, _ := b.Upload(ctx, u2.ID, t0); u.Shared {
		t.Error("a refused share marked the view shared")
	}
	if _, err := a.ShareUploadWithin(ctx, u1.ID, t0.Add(week), t0, budget); err != nil {
		t.Errorf("sharing a shared upload again: %v; want no charge", err)
	}
	later := t0.Add(week + time.Hour) // u1's share is over; u2's view lives on
	base, _ = b.SharedBytes(ctx, later)
	if _, err := b.ShareUploadWithin(ctx, u2.ID, later.Add(week), later, base+500); err != nil {
		t.Errorf("a share once the other expired: %v", err)
	}
}

// testUploadedToday: an address's bytes of the UTC day, on either replica.
func testUploadedToday(t *testing.T, a, b store.Uploads) {
	addr := unique(t, "today")
	for range 2 {
		if _, err := a.PutUpload(ctx, addr, content(t, 300), roomy, now); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := b.UploadedToday(ctx, addr, now); n != 600 || err != nil {
		t.Errorf("UploadedToday = %d, %v; want 600", n, err)
	}
	if n, _ := b.UploadedToday(ctx, addr, now.Add(24*time.Hour)); n != 0 {
		t.Errorf("UploadedToday the next day = %d; want 0", n)
	}
}

// testUploadEvictExpiredFirst: eviction takes an upload no live view
// reaches before an older one a view still shows. Dated before every
// other test's uploads (which are then all live), as
// testUploadEvictSparesShares.
func testUploadEvictExpiredFirst(t *testing.T, a, b store.Uploads) {
	t0 := time.Now().Add(-40 * 365 * 24 * time.Hour)
	t.Cleanup(func() { a.DeleteExpiredUploads(ctx, t0.Add(30*24*time.Hour)) })
	long := roomy
	long.TTL = 10 * time.Hour
	old, err := a.PutUpload(ctx, unique(t, "evict"), content(t, 400), long, t0)
	if err != nil {
		t.Fatal(err)
	}
	expired, err := a.PutUpload(ctx, unique(t, "evict"), content(t, 400), roomy, t0.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	lim := roomy
	if lim.MaxTotal, err = a.UploadBytes(ctx); err != nil {
		t.Fatal(err)
	}
	at := t0.Add(2 * time.Hour)
	if _, err := a.PutUpload(ctx, unique(t, "evict"), content(t, 400), lim, at); err != nil {
		t.Fatal(err)
	}
	if _, err := b.UploadData(ctx, expired.SHA256); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the newer, expired upload: %v; want it evicted first", err)
	}
	if _, err := b.Upload(ctx, old.ID, at); err != nil {
		t.Errorf("the older upload, still viewed, was evicted: %v", err)
	}
}
