package inspect

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gaelab/web/httperr"
	"gaelab/web/i18n"
	"gaelab/web/mw"
	"gaelab/web/store"
)

// fakeStore is the part of store.Store that Uploads use, in memory, and
// what they asked of it.
type fakeStore struct {
	store.Store
	mu        sync.Mutex
	data      []byte
	today     int64 // UploadedToday's answer
	taken     atomic.Int32
	refuse    bool // TakeQuota refuses
	dataReads atomic.Int32
}

func (f *fakeStore) sum() string { s := sha256.Sum256(f.data); return hex.EncodeToString(s[:]) }

func (f *fakeStore) Upload(_ context.Context, id string, now time.Time) (store.Upload, error) {
	return store.Upload{ID: id, SHA256: f.sum(), Size: int64(len(f.data)), Expires: now.Add(time.Hour)}, nil
}

func (f *fakeStore) UploadData(context.Context, string) ([]byte, error) {
	f.dataReads.Add(1)
	return f.data, nil
}

func (f *fakeStore) UploadedToday(context.Context, string, time.Time) (int64, error) {
	return f.today, nil
}

func (f *fakeStore) TakeQuota(context.Context, string, string, store.Bucket, time.Time) (bool, time.Duration, error) {
	f.taken.Add(1)
	return !f.refuse, 30 * time.Second, nil
}

func newTestUploads(st *fakeStore, lim UploadLimits) *Uploads {
	return NewUploads(st, lim, mw.NewSlotPool(1, time.Second))
}

// TestAdmitBeforeBody: past the day's bytes (at the Content-Length) an
// upload is answered 429 with Retry-After before a byte of its body is
// read; the bodies held are bounded by Memory (a body without a
// Content-Length counts as MaxBody: 503); one address sends one body at a
// time (429). On main the body was read, then refused (finding 5).
func TestAdmitBeforeBody(t *testing.T) {
	st := &fakeStore{today: 5950}
	u := newTestUploads(st, UploadLimits{PerHour: 60, Burst: 10, DailyBytes: 6000, StoreBytes: 1 << 30, Memory: 100, MaxBody: 80})
	release := make(chan struct{})
	entered := make(chan struct{}, 4)
	h := u.Admit(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		entered <- struct{}{}
		<-release
		io.Copy(io.Discard, r.Body)
	}))
	post := func(addr string, size int64, chunked bool) *httptest.ResponseRecorder {
		body := &countingBody{r: strings.NewReader(strings.Repeat("x", int(size)))}
		req := httptest.NewRequest(http.MethodPost, "/api/v1/inspect", body)
		req.Header.Set("Content-Type", "application/octet-stream")
		req.RemoteAddr = addr + ":1"
		req.ContentLength = size
		if chunked {
			req.ContentLength = -1
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 0 && rec.Code != 200 && body.n.Load() != 0 {
			t.Errorf("a refused upload (%d) had %d bytes of its body read", rec.Code, body.n.Load())
		}
		return rec
	}
	if rec := post("192.0.2.1", 60, false); rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), "quota for today") {
		t.Errorf("past the day's bytes: %d %q %s; want 429 with Retry-After before reading", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
	st.today = 0
	done := make(chan *httptest.ResponseRecorder)
	go func() { done <- post("192.0.2.2", 60, false) }()
	<-entered
	if rec := post("192.0.2.2", 10, false); rec.Code != http.StatusTooManyRequests || !strings.Contains(rec.Body.String(), "another upload") {
		t.Errorf("a second body from one address: %d %s; want 429", rec.Code, rec.Body)
	}
	if rec := post("192.0.2.3", 60, false); rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Errorf("60 more bytes with 60 of 100 held: %d %s; want 503 with Retry-After", rec.Code, rec.Body)
	}
	if rec := post("192.0.2.4", 30, true); rec.Code != http.StatusServiceUnavailable {
		t.Errorf("a body without Content-Length (counted as 80) with 60 held: %d; want 503", rec.Code)
	}
	go func() { done <- post("192.0.2.5", 40, false) }() // 100 of 100: admitted
	<-entered
	close(release)
	for range 2 {
		if rec := <-done; rec.Code != http.StatusOK {
			t.Errorf("an admitted upload: %d %s", rec.Code, rec.Body)
		}
	}
	if u.admission.held != 0 || len(u.admission.bodies) != 0 {
		t.Errorf("after the uploads: %d bytes, %d addresses held; want none", u.admission.held, len(u.admission.bodies))
	}
	st.refuse = true
	if rec := post("192.0.2.6", 10, false); rec.Code != http.StatusTooManyRequests || !strings.Contains(rec.Body.String(), "at most 60 an hour") {
		t.Errorf("past the hourly count: %d %s; want 429", rec.Code, rec.Body)
	}
}

type countingBody struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingBody) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n.Add(int64(k))
	return k, err
}

// TestViewsFromCache: a view whose query resolves to the cached
// analysis's config answers from it (no data read, no quota spent); an
// unknown key or a bad value is refused before any analysis; a view that
// needs a new analysis spends one of the address's uploads, and is refused
// (429) once they are spent. On main every query re-analysed (finding 4).
func TestViewsFromCache(t *testing.T) {
	st := &fakeStore{data: ExampleBatch}
	u := newTestUploads(st, UploadLimits{PerHour: 60, Burst: 10, DailyBytes: 1 << 30, StoreBytes: 1 << 30, Memory: 1 << 30, MaxBody: 1 << 20})
	view := func(q string) (*Analysis, error) {
		config, _ := url.ParseQuery(q)
		_, a, err := u.analysis(context.Background(), inspectRequest{id: "v", config: config, addr: "192.0.2.1"})
		return a, err
	}
	first, err := view("")
	if err != nil {
		t.Fatal(err)
	}
	reads, taken := st.dataReads.Load(), st.taken.Load()
	for _, q := range []string{"gamma=1", "gamma=1.0", "lam=1&ver=newest", "estimator=gae"} {
		if a, err := view(q); err != nil || a != first {
			t.Errorf("?%s: %v (same analysis: %v); want the cached one", q, err, a == first)
		}
	}
	for _, q := range []string{"x=1", "gamma=2", "gamma=abc"} {
		var e *Error
		if _, err := view(q); !errors.As(err, &e) {
			t.Errorf("?%s: %v; want a 400 error", q, err)
		}
	}
	if st.dataReads.Load() != reads || st.taken.Load() != taken {
		t.Errorf("views of the cached config read the data %d more times and spent %d quota; want none", st.dataReads.Load()-reads, st.taken.Load()-taken)
	}
	if a, err := view("lam=0.9"); err != nil || a == first || st.taken.Load() != taken+1 {
		t.Errorf("a new config: %v, spent %d; want a new analysis, one upload spent", err, st.taken.Load()-taken)
	}
	st.refuse = true
	var qe *quotaError
	if _, err := view("lam=0.8"); !errors.As(err, &qe) {
		t.Errorf("a new analysis past the quota: %v; want the quota's refusal", err)
	}
	if status, msgs := inspectStatus("zh", &quotaError{wait: time.Second, perHour: 60, burst: 10}); status != http.StatusTooManyRequests || !strings.Contains(msgs[0], "60") {
		t.Errorf("the quota's refusal answers %d %v; want 429 naming the limit", status, msgs)
	}
}

// TestRefusalOf: the quota's and the memory budget's refusals, bare or
// wrapped, are one answer (code, message key and arguments) for the page
// (inspectStatus) and a run's API answer (answerRun), both through
// refusalOf; any other error is none of them.
func TestRefusalOf(t *testing.T) {
	for _, tc := range []struct {
		err    error
		code   string
		status int
	}{
		{&quotaError{wait: time.Second, perHour: 60, burst: 10}, "rate_limited", http.StatusTooManyRequests},
		{fmt.Errorf("step 3: %w", &quotaError{wait: time.Minute, perHour: 60, burst: 10}), "rate_limited", http.StatusTooManyRequests},
		{fmt.Errorf("step 3: %w", viewRefusal{&refusal{code: "busy", key: "limit.upload_memory", args: []any{int64(512)}}}), "busy", http.StatusServiceUnavailable},
	} {
		he := refusalOf(tc.err)
		if he == nil || he.Code != tc.code {
			t.Errorf("refusalOf(%v) = %+v, want code %s", tc.err, he, tc.code)
			continue
		}
		status, msgs := inspectStatus(i18n.En, tc.err)
		if want := i18n.En.T(he.Key, he.Args...); status != tc.status || status != httperr.Status(he.Code) || len(msgs) != 1 || msgs[0] != want {
			t.Errorf("%v: the page answers %d %q, want %d %q", tc.err, status, msgs, tc.status, want)
		}
	}
	if he := refusalOf(errors.New("inspect: something else")); he != nil {
		t.Errorf("another error is a refusal: %+v", he)
	}
}

func (f *fakeStore) ShareUploadWithin(_ context.Context, id string, expires, _ time.Time, maxShared int64) (store.Upload, error) {
	if int64(len(f.data)) > maxShared {
		return store.Upload{}, store.ErrSharesFull
	}
	return store.Upload{ID: id, SHA256: f.sum(), Shared: true, Expires: expires}, nil
}

// TestShareLimits: a share spends one of the address's shares a day (429
// with Retry-After past it) and must fit the shares' budget (503, saying
// the shares made are kept their week), each in the page's language. On
// main shares had neither (finding 6: 16 shares filled the store for 7
// days).
func TestShareLimits(t *testing.T) {
	st := &fakeStore{data: ExampleBatch}
	u := newTestUploads(st, UploadLimits{PerHour: 60, Burst: 10, SharesPerDay: 20, ShareBytes: 1 << 30, DailyBytes: 1 << 30, StoreBytes: 1 << 30, Memory: 1 << 30, MaxBody: 1 << 20})
	if _, err := u.share(context.Background(), "v", "192.0.2.1"); err != nil || st.taken.Load() != 1 {
		t.Fatalf("a share: %v, %d quota spent; want ok, one", err, st.taken.Load())
	}
	st.refuse = true
	_, err := u.share(context.Background(), "v", "192.0.2.1")
	rec := httptest.NewRecorder()
	retryAfter(rec, err)
	if status, msgs := inspectStatus("zh", err); status != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" || !strings.Contains(msgs[0], "分享") {
		t.Errorf("past the shares a day: %v → %d %v, Retry-After %q; want 429 in Chinese", err, status, msgs, rec.Header().Get("Retry-After"))
	}
	st.refuse = false
	u.shareMax = 10
	_, err = u.share(context.Background(), "v", "192.0.2.1")
	if status, msgs := inspectStatus("en", err); status != http.StatusServiceUnavailable || !strings.Contains(msgs[0], "kept for the 7 days") {
		t.Errorf("past the shares' budget: %v → %d %v; want 503 saying the shares are kept", err, status, msgs)
	}
}

// TestViewNewAnalysisHoldsMemory: a view that needs a new analysis holds
// its stored bytes within the memory budget that upload bodies share
// (-upload-memory), as a body does: with the budget taken by a body still
// arriving it is refused (503, Retry-After, the budget's message in the
// page's language) before its file is read; it gives the bytes back when
// it is done. On main such a view took no part of the budget, so views of
// the largest uploads (620 MB each) added to the bodies' 256 MiB.
func TestViewNewAnalysisHoldsMemory(t *testing.T) {
	st := &fakeStore{data: ExampleBatch}
	size := int64(len(ExampleBatch))
	u := newTestUploads(st, UploadLimits{PerHour: 60, Burst: 10, DailyBytes: 1 << 30, StoreBytes: 1 << 30, Memory: size + 10, MaxBody: size})
	view := func(q string) error {
		config, _ := url.ParseQuery(q)
		_, _, err := u.analysis(context.Background(), inspectRequest{id: "v", config: config, addr: "192.0.2.1"})
		return err
	}
	release, no := u.admission.admit("192.0.2.9", 20) // a body of 20 bytes arriving: size+10 left < size
	if no != nil {
		t.Fatal(no)
	}
	reads := st.dataReads.Load()
	err := view("lam=0.9")
	var vr viewRefusal
	if !errors.As(err, &vr) || st.dataReads.Load() != reads {
		t.Fatalf("a new analysis with the budget taken: %v, %d reads; want the budget's refusal before the file is read", err, st.dataReads.Load()-reads)
	}
	rec := httptest.NewRecorder()
	retryAfter(rec, err)
	if status, msgs := inspectStatus("zh", err); status != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(msgs[0], "MiB") || !strings.Contains(msgs[0], "上传") {
		t.Errorf("the refusal answers %d %v, Retry-After %q; want 503 in Chinese naming the budget, with Retry-After", status, msgs, rec.Header().Get("Retry-After"))
	}
	release()
	if err := view("lam=0.9"); err != nil {
		t.Fatalf("with the budget free: %v", err)
	}
	if u.admission.held != 0 {
		t.Errorf("after the view: %d bytes held; want none", u.admission.held)
	}
	if err := view("lam=0.9"); err != nil { // cached: no budget asked
		t.Fatal(err)
	}
}
