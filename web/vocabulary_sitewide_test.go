package web

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons/glossary"
	"gaelab/web/i18n"
)

// identifier is a code name in a Chinese text (attention_mask, masked_mean,
// algorithm.lam, core_algos.py), a sum over a tensor (Σmask), a route
// (/batch) or a link's query (p=seed-b&mask=1,1,0): verl's names and the
// site's addresses stay English, so a rule's English variant inside one is
// no use of the variant.
var identifier = regexp.MustCompile(`[A-Za-z0-9]*[_./=&-][A-Za-z0-9_./=&,-]*[A-Za-z0-9]|\bmasked\w*|Σ\w+|/\w+`)

// sitewideLeft are the rules (concept/variant) the site's Chinese does not
// keep yet; the list only shrinks: TestChineseSpeaksTheGlossarySitewide
// fails when one is no longer needed.
var sitewideLeft = []string{}

// zhSitewideTexts are every Chinese text a learner can meet: each zh
// catalog message, and the readable text of every page of the three link
// corpora, both quiz banks, the glossary, /inspect with the example batch
// and the class's start page, each asked in Chinese.
func zhSitewideTexts(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, m := range i18n.Messages(i18n.Zh) {
		out["catalog «"+firstRunes(m, 40)+"»"] = m
	}
	h := Routes()
	var links []string
	for _, c := range []linkCorpus{corpusV1, corpusV2, corpusV3} {
		links = append(links, readLinks(t, c.links)...)
	}
	links = append(links, "/glossary?lang=zh", "/lessons/quiz?lang=zh", "/lessons/quiz?bank=2&lang=zh", "/class?lang=zh", "/inspect?lang=zh")
	seen := map[string]bool{}
	for _, l := range links {
		p, _, _ := strings.Cut(l, "?")
		if strings.HasSuffix(p, ".csv") || strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".py") || seen[l] {
			continue
		}
		seen[l] = true
		out[l] = zhReadable(t, fetchIn(t, h, l, i18n.Zh))
	}
	req := httptest.NewRequest(http.MethodPost, "/inspect/example?lang=zh", nil)
	req.Header.Set("Accept-Language", "zh")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if loc := rec.Header().Get("Location"); loc != "" {
		out["/inspect/example → "+loc] = zhReadable(t, fetchIn(t, h, loc, i18n.Zh))
	} else {
		out["/inspect/example"] = zhReadable(t, rec.Body.Bytes())
	}
	return out
}

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

func firstRunes(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// Issue 36 point 11: every visible Chinese text of the site (catalog
// messages included) names each concept by the glossary's one word: every
// zh rule of lessons/glossary/glossary.json (zh_avoid, zh_variants, the
// phrases), outside the contexts each allows and outside code names.
func TestChineseSpeaksTheGlossarySitewide(t *testing.T) {
	texts := zhSitewideTexts(t)
	if len(texts) < 1000 {
		t.Fatalf("only %d texts", len(texts))
	}
	used := map[string]bool{}
	for where, s := range texts {
		s = identifier.ReplaceAllString(s, " ")
		for _, r := range glossary.Rules("zh") {
			key := r.Concept + "/" + r.Avoid
			for _, at := range r.Find(s) {
				if slices.Contains(sitewideLeft, key) {
					used[key] = true
					continue
				}
				t.Errorf("%s says %q for %s: the word is %q", where, aroundRunes(s, at, 10), r.Concept, r.Use)
				break
			}
		}
	}
	for _, k := range sitewideLeft {
		if !used[k] {
			t.Errorf("sitewideLeft lists %s, which no Chinese text uses any more: take it off the list", k)
		}
	}
}

// aroundRunes is the text around byte offset at.
func aroundRunes(s string, at, n int) string {
	r := []rune(s)
	i := len([]rune(s[:at]))
	return string(r[max(0, i-n):min(len(r), i+n+2)])
}
