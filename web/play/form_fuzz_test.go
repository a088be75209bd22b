package play_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"gaelab/web/scenario"
	"gaelab/web/webtest"
	"gaelab/web/webtest/htmlcheck"
)

// FuzzPlayForm sends the playground anything a form, a link or htmx may send:
// a free-form query (kept byte for byte, bad escapes included) after a
// structured one (a preset, a token list, one per-token or comma list, one
// number field), with or without htmx's headers. Whatever arrives, the answer
// is never a server error (a 4xx may come from a request limit); a 303 points to the canonical link, which answers
// 200 itself (canonical links are fixed points); every 200 is balanced HTML
// with every message formatted.
func FuzzPlayForm(f *testing.F) {
	seeds := []struct {
		raw    string
		preset uint8
		toks   string
		key    uint8
		list   string
		num    string
		mode   uint8
	}{
		{"", 1, "", 0, "", "", 0},
		{"lam=0.9&step=3&sel=delta.2", 1, "", 3, "0.2,0.25,0.3,0.35,0.45,0.5", "0.9", 0},
		{"op=add", 0, "a|b|c", 0, "1,1,0", "0.5", 0},
		{"op=del.1&rw=0&rw=1", 4, "x|y", 5, "1,2", "1", 1},
		{"score=1&score=x&score=3", 3, "", 1, "１，２", "０．５", 2},
		{"toks=a%0Ab%0D%0Ac&mask=1,o,0", 7, "", 6, "one\ntwo\nthree", "-0", 3},
		{"%zz&gamma=&lam=2&beta=1e7&kl=nope&ver=v9&num=2", 2, "", 9, "", "NaN", 4},
		{"hide=values,adv,values&rev=9&theme=dark&present=1&lock=1", 5, "", 8, "adv,white,controls", "3", 0},
		{"present=1&win=99&step=2&win=-3&win=x", 9, "", 3, "adv.4", "1", 1},
		{"lang=zh&pick=adv.0&sel=ret.99", 6, "是|的|，", 10, "ret.1", "1e-9", 5},
		{"v=2&p=no-such&frobnicate=1", 255, "", 11, "<script>alert(1)</script>", "\"'><", 6},
		{"tok=%F0%9F%98%80&tok=%00&tok=%ff", 8, "", 2, "1e6,-1e6", "0x10", 7},
	}
	for _, s := range seeds {
		f.Add(s.raw, s.preset, s.toks, s.key, s.list, s.num, s.mode)
	}
	h := webtest.Routes()
	f.Fuzz(func(t *testing.T, raw string, preset uint8, toks string, key uint8, list, num string, mode uint8) {
		query := formQuery(raw, preset, toks, key, list, num)
		headers := formHeaders(mode)
		rec := getPlay(h, query, headers)
		switch {
		case rec.Code == http.StatusSeeOther:
			checkPlayRedirect(t, h, query, rec.Header().Get("Location"), headers)
		case rec.Code == http.StatusOK:
			checkPlayPage(t, query, rec)
		case rec.Code < 400 || rec.Code >= 500: // a 4xx is a request limit refusing, not the form parser
			t.Fatalf("GET /play?%s %v: status %d, want 200, 303 or a 4xx", query, headers, rec.Code)
		}
	})
}

// formQuery builds a playground query: v=1 and a preset, one tok= per
// "|"-separated token, one list and one number field the fuzzer picks, then
// the free-form raw query as it is.
func formQuery(raw string, preset uint8, toks string, key uint8, list, num string) string {
	var parts []string
	if int(preset) < len(scenario.PresetIDs) { // else the default preset, or the p= of raw
		parts = append(parts, "v=1", "p="+scenario.PresetIDs[preset])
	}
	if toks != "" && len(toks) < 2000 {
		for _, tok := range strings.Split(toks, "|") {
			parts = append(parts, "tok="+url.QueryEscape(tok))
		}
	}
	listKeys := []string{"mask", "score", "old", "ref", "V", "r", "toks", "prompt", "hide", "sel", "pick", "op", "kl"}
	if list != "" {
		parts = append(parts, listKeys[int(key)%len(listKeys)]+"="+url.QueryEscape(list))
	}
	numKeys := []string{"gamma", "lam", "beta", "step", "rev", "num", "rw", "ver"}
	if num != "" {
		parts = append(parts, numKeys[int(key)/len(listKeys)%len(numKeys)]+"="+url.QueryEscape(num))
	}
	if raw != "" {
		parts = append(parts, raw)
	}
	return strings.Join(parts, "&")
}

// formHeaders are the request headers of a mode: a plain GET (the form
// without JavaScript), htmx typing, an htmx step link or htmx swapping the
// whole main; the 4-bit asks for Chinese.
func formHeaders(mode uint8) []string {
	var h []string
	switch mode % 4 {
	case 1:
		h = []string{"HX-Request", "true", "HX-Target", "results"}
	case 2:
		h = []string{"HX-Request", "true", "HX-Target", "results", "HX-Boosted", "true"}
	case 3:
		h = []string{"HX-Request", "true", "HX-Target", "main"}
	}
	if mode&4 != 0 {
		h = append(h, "Accept-Language", "zh-CN,zh;q=0.9")
	}
	return h
}

// getPlay sends GET /play with a raw query, byte for byte, through the router.
func getPlay(h http.Handler, rawQuery string, headers []string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, "/play", nil)
	req.URL.RawQuery = rawQuery
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// checkPlayRedirect follows a redirect: it must lead to /play, answer 200 and
// not redirect again.
func checkPlayRedirect(t *testing.T, h http.Handler, query, loc string, headers []string) {
	t.Helper()
	canonical, ok := strings.CutPrefix(loc, "/play?")
	if !ok || !strings.HasPrefix(canonical, "v=1&p=") || !allASCII(loc) {
		t.Fatalf("GET /play?%s redirects to %q, not an ASCII canonical playground link", query, loc)
	}
	var plain []string // the browser follows the redirect without htmx's headers
	for i := 0; i+1 < len(headers); i += 2 {
		if !strings.HasPrefix(headers[i], "HX-") {
			plain = append(plain, headers[i], headers[i+1])
		}
	}
	again := getPlay(h, canonical, plain)
	if again.Code != http.StatusOK {
		t.Fatalf("GET /play?%s redirects to %s, which answers %d (Location %q): a canonical link must be a fixed point",
			query, loc, again.Code, again.Header().Get("Location"))
	}
	checkPlayPage(t, loc, again)
}

// checkPlayPage checks a 200: balanced HTML, every message formatted and found,
// and htmx's address-bar header an ASCII playground link.
func checkPlayPage(t *testing.T, query string, rec *httptest.ResponseRecorder) {
	t.Helper()
	body := rec.Body.String()
	if err := htmlcheck.Balanced(body); err != nil {
		t.Fatalf("GET /play?%s: %v\n%.400s", query, err, body)
	}
	if i := strings.Index(body, "%!"); i >= 0 {
		t.Fatalf("GET /play?%s: a message formatted with the wrong arguments: %.80s", query, body[i:])
	}
	if i := strings.Index(body, "⟦"); i >= 0 {
		t.Fatalf("GET /play?%s: a message key missing from the catalog: %.80s", query, body[i:])
	}
	for _, name := range []string{"HX-Push-Url", "HX-Replace-Url"} {
		if u := rec.Header().Get(name); u != "" && (!strings.HasPrefix(u, "/play?") || !allASCII(u)) {
			t.Fatalf("GET /play?%s: %s %q is not an ASCII playground link", query, name, u)
		}
	}
}

func allASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
