package web

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons/glossary"
	"gaelab/web/i18n"
)

// pageLinks are the links of the three corpora that answer a page or a
// chart (not an export), the pages no corpus holds (the glossary, both quiz
// banks, the class's start page, /inspect), plus the 404 page: every route
// a learner reads.
func pageLinks(t *testing.T) []string {
	t.Helper()
	var out []string
	seen := map[string]bool{}
	for _, c := range []linkCorpus{corpusV1, corpusV2, corpusV3} {
		for _, l := range readLinks(t, c.links) {
			p, _, _ := strings.Cut(l, "?")
			// Data and code exports (a verify script's comments are verl's English), not pages.
			if strings.HasSuffix(p, ".csv") || strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".py") || seen[l] {
				continue
			}
			seen[l] = true
			out = append(out, l)
		}
	}
	out = append(out, "/glossary?lang=zh", "/lessons/quiz?lang=zh", "/lessons/quiz?bank=2&lang=zh", "/class?lang=zh", "/inspect?lang=zh")
	// The formula of every row of the table, which the corpus does not all hold.
	for _, row := range []string{"score", "kld", "reward", "value", "next", "delta", "adv", "ret", "white"} {
		out = append(out, "/play?v=1&p=seed-b&sel="+row+".5", "/play?v=1&p=eos-padding&ver=v0.2&sel="+row+".3")
	}
	return append(out, "/no/such/page")
}

// inLang rewrites a link to ask for language l, whatever it asked before.
func inLang(link string, l i18n.Lang) string {
	u, err := url.Parse(link)
	if err != nil {
		return link
	}
	q := u.Query()
	if !q.Has("lang") {
		return link // the language then comes from Accept-Language
	}
	// Keep the order of the query: replace lang= in place.
	parts := strings.Split(u.RawQuery, "&")
	for i, p := range parts {
		if strings.HasPrefix(p, "lang=") {
			parts[i] = "lang=" + string(l)
		}
	}
	u.RawQuery = strings.Join(parts, "&")
	return u.String()
}

// fetchIn answers link in language l, following redirects.
func fetchIn(t *testing.T, h http.Handler, link string, l i18n.Lang) []byte {
	t.Helper()
	target := inLang(link, l)
	for hop := 0; hop < 5; hop++ {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		req.Header.Set("Accept-Language", string(l))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if loc := rec.Header().Get("Location"); rec.Code >= 300 && rec.Code < 400 && loc != "" {
			target = loc
			continue
		}
		return rec.Body.Bytes()
	}
	t.Fatalf("%s: too many redirects", link)
	return nil
}

// readableText is what a reader reads of a page: its text without scripts,
// styles, code, MathML sources and the learner's own token text, plus the
// attributes a reader meets (title, aria-label, alt, placeholder).
func readableText(t *testing.T, body []byte) string {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	doc.Find("script, style, code, pre, annotation, textarea, [data-learner-text], .tok, .token-text").Remove()
	var b strings.Builder
	b.WriteString(doc.Text())
	doc.Find("[title], [aria-label], [alt], [placeholder]").Each(func(_ int, s *goquery.Selection) {
		for _, a := range []string{"title", "aria-label", "alt", "placeholder"} {
			if v, ok := s.Attr(a); ok {
				b.WriteString("\n" + v)
			}
		}
	})
	return b.String()
}

// englishFragments are the clauses of the English catalog that a Chinese
// page must never show: runs of at least four English words that no
// Chinese message contains (verl's own names are in both).
func englishFragments() []string {
	words := regexp.MustCompile(`[A-Za-z][A-Za-z'’-]*(?: [A-Za-z][A-Za-z'’-]*){3,}`)
	zhAll := strings.Join(i18n.Messages(i18n.Zh), "\n")
	seen := map[string]bool{}
	var out []string
	for _, msg := range i18n.Messages(i18n.En) {
		for _, f := range words.FindAllString(msg, -1) {
			if len(f) < 18 || seen[f] || strings.Contains(zhAll, f) {
				continue
			}
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

// englishProse is a run of five lower-case English words: a sentence left
// untranslated (verl's names are snake_case or file paths, not prose).
var englishProse = regexp.MustCompile(`\b[a-z]{2,}(?: [a-z]{1,}){4,}\b`)

// zhReadable is readableText without the parts marked as another language
// (the glossary's English names, lang="en").
func zhReadable(t *testing.T, body []byte) string {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	doc.Find(`[lang="en"]`).Remove()
	html, err := doc.Html()
	if err != nil {
		t.Fatal(err)
	}
	return readableText(t, []byte(html))
}

// inspectExample is the page /inspect's "Try an example batch" opens, in
// Chinese.
func inspectExample(t *testing.T, h http.Handler) []byte {
	t.Helper()
	rec := serve(h, http.MethodPost, "/inspect/example?lang=zh", "Accept-Language", "zh")
	if loc := rec.Header().Get("Location"); loc != "" {
		return fetchIn(t, h, loc, i18n.Zh)
	}
	return rec.Body.Bytes()
}

// TestChinesePagesSpeakTheGlossary: no Chinese page or chart uses a variant
// the glossary rules out (词元, 评论家, 行动者, 练习场, …; issue 36 point 11:
// every zh rule of glossary.json, outside the contexts each allows and
// outside code names, in the text not marked as English), calls the
// terminal 0 a bootstrap, or shows an English sentence from the catalog.
// The catalog's own messages are checked beside it (web/i18n).
func TestChinesePagesSpeakTheGlossary(t *testing.T) {
	h := Routes()
	avoided := glossary.Avoided()
	fragments := englishFragments()
	if len(fragments) < 100 {
		t.Fatalf("only %d English fragments to look for", len(fragments))
	}
	links := pageLinks(t)
	if len(links) < 500 {
		t.Fatalf("only %d pages", len(links))
	}
	for _, link := range append(links, "/inspect/example") {
		var body []byte
		if link == "/inspect/example" {
			body = inspectExample(t, h)
		} else {
			body = fetchIn(t, h, link, i18n.Zh)
		}
		for _, m := range glossary.Misuses("zh", zhReadable(t, body)) {
			t.Errorf("%s (zh) uses %q for %s: the word is %q", link, m.Avoid, m.Concept, m.Use)
		}
		text := readableText(t, body)
		for variant, id := range avoided {
			if strings.Contains(text, variant) {
				t.Errorf("%s (zh) says %q: the glossary's word is %q", link, variant, i18n.Zh.T("term."+id))
			}
		}
		for _, wrong := range []string{"（自举）", "自举的 0", "(bootstrap)"} {
			if strings.Contains(text, wrong) {
				t.Errorf("%s (zh) says %q: the 0 after the last token is the terminal value", link, wrong)
			}
		}
		for _, f := range fragments {
			if strings.Contains(text, f) {
				t.Errorf("%s (zh) shows English from the catalog: %q", link, f)
			}
		}
		for _, m := range englishProse.FindAllString(text, -1) {
			t.Errorf("%s (zh) shows English prose: %q", link, m)
		}
	}
}
