package storetest

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"gaelab/web/store"
)

// testUploadFindings: a view's findings are kept once (the first stay),
// read from the other replica, and belong to that view alone.
func testUploadFindings(t *testing.T, a, b store.Uploads) {
	data := content(t, 100)
	addr := unique(t, "10.3.0.")
	u1, err := a.PutUpload(ctx, addr, data, roomy, now)
	if err != nil {
		t.Fatal(err)
	}
	u2, _ := a.PutUpload(ctx, addr, data, roomy, now)
	if _, err := b.UploadFindings(ctx, u1.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("findings before any were kept: %v; want ErrNotFound", err)
	}
	first := store.Findings{Checker: "1", Config: "lam=0.95", JSON: []byte(`{"sanity":[]}`)}
	if err := a.KeepFindings(ctx, u1.ID, first); err != nil {
		t.Fatal(err)
	}
	if err := b.KeepFindings(ctx, u1.ID, store.Findings{Checker: "2", JSON: []byte(`{}`)}); err != nil {
		t.Errorf("keeping findings again: %v; want nil (the first stay)", err)
	}
	got, err := b.UploadFindings(ctx, u1.ID)
	if err != nil || got.Checker != "1" || got.Config != "lam=0.95" || !bytes.Equal(got.JSON, first.JSON) {
		t.Errorf("UploadFindings on the other replica = %+v %q, %v; want the first kept", got, got.JSON, err)
	}
	if _, err := a.UploadFindings(ctx, u2.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another view of the same content: %v; want ErrNotFound", err)
	}
	for _, id := range []string{"", "aaaaaaaaaaaaaaaaaaaaaaaaaa", "../x"} {
		if err := a.KeepFindings(ctx, id, first); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("KeepFindings(%q) = %v; want ErrNotFound", id, err)
		}
	}
	if _, err := a.ShareUpload(ctx, u1.ID, now.Add(7*24*time.Hour), now); err != nil {
		t.Fatal(err)
	}
	if got, _ := a.UploadFindings(ctx, u1.ID); got.Checker != "1" {
		t.Errorf("sharing again lost the findings: %+v", got)
	}
}
