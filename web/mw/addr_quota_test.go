package mw

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gaelab/web/clientip"
)

// TestAddrQuota: past its burst an address is answered 429 with
// Retry-After and the quota in the page's language (JSON under /api/);
// another address, or another IPv6 /64, has its own tokens; the same /64
// shares them.
func TestAddrQuota(t *testing.T) {
	h := clientip.Middleware(nil)(WithAddrQuota(AddrQuota{PerMinute: 1, Burst: 2, Key: "limit.compute_quota"})(
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) })))
	get := func(path, remote, lang string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, path, nil)
		r.RemoteAddr = remote
		r.Header.Set("Accept-Language", lang)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec
	}
	for i := range 2 {
		if rec := get("/play/preview.png", "203.0.113.1:1", "en"); rec.Code != 200 {
			t.Fatalf("request %d within the burst: %d", i, rec.Code)
		}
	}
	rec := get("/play/preview.png", "203.0.113.1:1", "zh")
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), "每分钟最多 1 次") {
		t.Errorf("past the burst: %d Retry-After %q %q, want 429, a wait and the quota in Chinese", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
	rec = get("/api/v1/compute", "203.0.113.1:1", "en")
	var e struct {
		Error struct{ Code, Message string }
	}
	if json.Unmarshal(rec.Body.Bytes(), &e); rec.Code != 429 || e.Error.Code != "rate_limited" {
		t.Errorf("under /api/: %d %s, want 429 rate_limited JSON", rec.Code, rec.Body)
	}
	if rec := get("/play/preview.png", "203.0.113.2:1", "en"); rec.Code != 200 {
		t.Errorf("another address: %d, want 200", rec.Code)
	}
	for range 2 {
		get("/x", "[2001:db8:0:1::1]:1", "en")
	}
	if rec := get("/x", "[2001:db8:0:1:ffff::2]:1", "en"); rec.Code != http.StatusTooManyRequests {
		t.Errorf("another address of the same /64: %d, want 429 (one client)", rec.Code)
	}
	if rec := get("/x", "[2001:db8:0:2::1]:1", "en"); rec.Code != 200 {
		t.Errorf("another /64: %d, want 200", rec.Code)
	}
}
