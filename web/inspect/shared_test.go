package inspect_test

import (
	"gaelab/web/webtest"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestShareSurvivesFullStore: a shared upload is kept for its 7 days even
// when the store is full: the next upload that would need its space is
// refused, in the page's language, instead of evicting it (issue 22: the
// oldest upload went first, shared or not).
func TestShareSurvivesFullStore(t *testing.T) {
	o := webtest.Options{UploadStoreBytes: 6000}
	o.Quotas.ShareStoreBytes = 6000
	h := inspectHandler(t, o) // shares may fill it; newest_f32 4,658 B + attention_f16 3,880 B do not fit
	rec := uploadForm(t, h, "newest_f32.npz", nil, "")
	view := strings.Split(rec.Header().Get("Location"), "?")[0]
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(view, "/inspect/") {
		t.Fatalf("upload: %d %q", rec.Code, view)
	}
	share := httptest.NewRecorder()
	h.ServeHTTP(share, httptest.NewRequest(http.MethodPost, view+"/share", nil))
	if share.Code != http.StatusSeeOther {
		t.Fatalf("share: %d", share.Code)
	}
	for _, lang := range []string{"en", "zh"} {
		rec = uploadForm(t, h, "attention_f16.npz", nil, "?lang="+lang)
		_, doc := inspectGetBody(t, rec)
		msg := doc.Find(`[data-testid=inspect-errors]`).Text()
		want := map[string]string{"en": "full of shared batches", "zh": "分享的批次占满"}[lang]
		if rec.Code != http.StatusServiceUnavailable || !strings.Contains(msg, want) {
			t.Errorf("%s: an upload that needs the share's space: %d %q; want 503 with %q", lang, rec.Code, msg, want)
		}
	}
	if r, _ := inspectGet(t, h, view); r.Code != http.StatusOK {
		t.Errorf("the shared view after the store filled: %d; want 200", r.Code)
	}
}
