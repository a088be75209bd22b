package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// The language is the link's lang=, else the lang cookie, else
// Accept-Language (which q=0 refuses).
func TestLanguagePrecedence(t *testing.T) {
	for _, c := range []struct {
		target, cookie, accept, want string
	}{
		{"/play?v=1&p=seed-b", "", "en-US", "en"},
		{"/play?v=1&p=seed-b", "", "zh-CN,zh;q=0.9", "zh"},
		{"/play?v=1&p=seed-b", "", "zh;q=0, fr", "en"},
		{"/play?v=1&p=seed-b", "zh", "en-US", "zh"},
		{"/play?v=1&p=seed-b", "xx", "zh-CN", "zh"}, // a bad cookie is ignored
		{"/play?v=1&p=seed-b&lang=en", "zh", "zh-CN", "en"},
		{"/play?v=1&p=seed-b&lang=zh", "en", "en-US", "zh"},
		{"/lessons", "zh", "en-US", "zh"},
		{"/batch?v=1&p=grpo-4", "zh", "", "zh"},
	} {
		header := []string{"Accept-Language", c.accept}
		if c.cookie != "" {
			header = append(header, "Cookie", "lang="+c.cookie)
		}
		doc := getPage(t, c.target, header...)
		if got := doc.Find("html").AttrOr("lang", ""); got != c.want {
			t.Errorf("%s with cookie %q and Accept-Language %q: lang %s, want %s", c.target, c.cookie, c.accept, got, c.want)
		}
	}
}

// Every internal link of a page carries its language, whatever the
// browser's: navigation, forms, Copy link, exports, the links between views,
// a lesson's "open in the playground"; the QR code holds the learner's link
// (state and language, without the teacher's view).
func TestEveryLinkCarriesTheLanguage(t *testing.T) {
	for _, target := range []string{
		"/play?v=1&p=seed-b&present=1&theme=dark&hide=adv&lock=1&lang=zh",
		"/play?v=1&p=seed-b&lang=zh",
		"/play?v=1&p=seed-b", // no lang=: the page's language is Accept-Language's
		"/batch?v=1&p=grpo-4&lang=zh",
		"/compare/lambda?v=1&p=seed-b&lang=zh",
		"/compare/estimators?v=1&p=seed-b&lang=zh",
		"/compare/versions?v=1&p=seed-b&lang=zh",
		"/compare/bugs?v=1&p=seed-b&bug=shift&lang=zh",
		"/update/critic?v=1&p=seed-b&lang=zh",
		"/update/actor?v=1&p=seed-b&lang=zh",
		"/lessons?lang=zh",
		"/lessons/alignment?lang=zh",
	} {
		doc := getPage(t, target, "Accept-Language", "zh-CN;q=0.1, en-US")
		lang := doc.Find("html").AttrOr("lang", "")
		if strings.Contains(target, "lang=zh") && lang != "zh" {
			t.Fatalf("%s: html lang %q", target, lang)
		}
		doc.Find("a[href^='/'], form[action^='/']").Each(func(_ int, s *goquery.Selection) {
			href := s.AttrOr("href", s.AttrOr("action", ""))
			u, err := url.Parse(href)
			if err != nil {
				t.Errorf("%s: bad link %q", target, href)
				return
			}
			switch {
			case strings.HasPrefix(u.Path, "/static/"), u.Path == "/lang/en", u.Path == "/lang/zh":
				if u.Path == "/lang/"+lang {
					t.Errorf("%s: the language switch %q goes to the page's own language", target, href)
				}
				return
			case s.Is("form"):
				if in := s.Find("input[name=lang]"); in.AttrOr("value", "") != lang {
					t.Errorf("%s: form %s has no hidden lang=%s", target, href, lang)
				}
				return
			case u.Path == "/qr.svg":
				learner, _ := url.Parse(u.Query().Get("u"))
				lq := learner.Query()
				if lq.Get("lang") != lang || lq.Has("present") || lq.Has("theme") || lq.Has("hide") || lq.Has("rev") || lq.Has("lock") {
					t.Errorf("%s: the QR code holds %q, want the learner's link in %s", target, learner, lang)
				}
				return
			}
			if u.Query().Get("lang") != lang {
				t.Errorf("%s: link %q does not carry lang=%s", target, href, lang)
			}
		})
		if u := doc.Find("button.copy-link").AttrOr("data-url", ""); !strings.HasSuffix(u, "lang="+lang) {
			t.Errorf("%s: Copy link %q lacks lang=%s", target, u, lang)
		}
	}
}

// The language switch remembers the choice in a cookie and opens the page in
// the other language; only links on this site are followed.
func TestLanguageSwitchSetsTheCookie(t *testing.T) {
	doc := getPage(t, "/play?v=1&p=seed-b&lam=0.5&lang=en")
	href := doc.Find("a.lang-switch").AttrOr("href", "")
	rec := get(t, href)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/play?v=1&p=seed-b&lam=0.5&lang=zh" {
		t.Fatalf("GET %s: %d → %q", href, rec.Code, rec.Header().Get("Location"))
	}
	cookies := rec.Result().Cookies()
	if len(cookies) != 1 || cookies[0].Name != "lang" || cookies[0].Value != "zh" || cookies[0].SameSite != http.SameSiteLaxMode ||
		cookies[0].MaxAge < 365*24*3600 || cookies[0].Path != "/" {
		t.Errorf("the switch sets %v, want lang=zh, SameSite=Lax, a year, Path=/", rec.Header().Values("Set-Cookie"))
	}
	for _, bad := range []string{"/lang/fr?to=/play", "/lang/zh?to=//evil.example/", "/lang/zh?to=https://evil.example/", `/lang/zh?to=/\evil.example`} {
		if rec := get(t, bad); rec.Code != http.StatusBadRequest || rec.Header().Get("Set-Cookie") != "" {
			t.Errorf("GET %s: %d, Set-Cookie %q; want 400 and no cookie", bad, rec.Code, rec.Header().Get("Set-Cookie"))
		}
	}
}

// The cache of recent answers and the ETags key on the resolved language:
// a cookie that changes the language changes the answer, and a cached
// answer never carries a Set-Cookie.
func TestCacheKeysOnTheResolvedLanguage(t *testing.T) {
	h := Routes()
	en := serve(h, "GET", "/play?v=1&p=seed-b", "Accept-Language", "en-US")
	zh := serve(h, "GET", "/play?v=1&p=seed-b", "Accept-Language", "en-US", "Cookie", "lang=zh")
	if en.Header().Get("ETag") == "" || en.Header().Get("ETag") == zh.Header().Get("ETag") {
		t.Fatalf("ETags en %q, zh by cookie %q: want two", en.Header().Get("ETag"), zh.Header().Get("ETag"))
	}
	if !strings.Contains(zh.Body.String(), `<html lang="zh"`) {
		t.Error("the cookie's language was answered from the English cache entry")
	}
	if rec := serve(h, "GET", "/play?v=1&p=seed-b", "Accept-Language", "en-US", "Cookie", "lang=zh",
		"If-None-Match", en.Header().Get("ETag")); rec.Code == http.StatusNotModified {
		t.Error("the English ETag is not modified for a request the cookie makes Chinese")
	}
	if !strings.Contains(en.Header().Get("Vary"), "Cookie") {
		t.Errorf("Vary %q does not name Cookie", en.Header().Get("Vary"))
	}

	rt := newRouter(Options{})
	rt.pages.Get("/test/cookie", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "x", Value: "1"})
		w.Write([]byte("answer"))
	})
	first := serve(rt, "GET", "/test/cookie")
	second := serve(rt, "GET", "/test/cookie")
	if first.Header().Get("Set-Cookie") == "" || second.Header().Get("Set-Cookie") == "" {
		t.Errorf("an answer that sets a cookie was replayed from the cache without it: %v", second.Header())
	}
}
