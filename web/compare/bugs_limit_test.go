package compare_test

import (
	"gaelab/web/webtest"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// getFollowing answers GET target, following the canonical redirects.
func getFollowing(h http.Handler, target string, header ...string) *httptest.ResponseRecorder {
	for {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusSeeOther {
			return rec
		}
		target = rec.Header().Get("Location")
	}
}

// TestCompareBugsAnswerIsBounded: every bug of two 512-token rows, a
// 3 KB link, used to answer 7.2 MB of tables; past compare.MaxBugCells the page
// says, in its language, what to leave out, and stays small. Within the
// limit every section is drawn.
func TestCompareBugsAnswerIsBounded(t *testing.T) {
	h := webtest.Routes()
	long := "/compare/bugs?v=1&toks=" + strings.Repeat("a%0A", 511) + "a"
	all := "&bug=eos-leak,shift,bootstrap,whitened-returns,no-reverse,per-seq-whiten,trl-reward-slot"
	for _, tc := range []struct{ lang, want string }{
		{"en", "This comparison is too large to draw at once: 7 bugs × 2 row(s) × 512 tokens"},
		{"zh", "这次对比太大，无法一次画出：7 个错误 × 2 行 × 512 个 token"},
	} {
		rec := getFollowing(h, long+all+"&rows=2", "Accept-Language", tc.lang)
		if rec.Code != http.StatusOK || rec.Body.Len() > 512<<10 || !strings.Contains(rec.Body.String(), tc.want) {
			t.Errorf("%s: every bug of two 512-token rows: %d, %d bytes; want 200 under 512 KiB saying %q", tc.lang, rec.Code, rec.Body.Len(), tc.want)
		}
	}
	rec := getFollowing(h, long+"&bug=eos-leak,shift,bootstrap,no-reverse")
	if n := strings.Count(rec.Body.String(), `data-testid="bug-story"`); rec.Code != http.StatusOK || n != 4 || rec.Body.Len() > 2500<<10 {
		t.Errorf("four bugs of one 512-token row: %d, %d sections, %d bytes; want 200, 4, at most 2.5 MB", rec.Code, n, rec.Body.Len())
	}
	t.Logf("largest page within the limit: %d bytes", rec.Body.Len())
}
