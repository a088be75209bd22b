package play_test

import (
	"gaelab/web/webtest"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// /compare and /update (issue 26, point 7) list each view of their kind
// with a picture of the link's scenario (an SVG chart that answers 200,
// with alt text) and a line of what it shows, in both languages; each
// card's link and picture carry the scenario.
func TestViewIndexPages(t *testing.T) {
	const state = "v=1&p=seed-b&gamma=0.9"
	for _, c := range []struct {
		path  string
		views []string
	}{
		{"/compare", []string{"/compare/lambda", "/compare/estimators", "/compare/variance", "/compare/versions", "/compare/bugs"}},
		{"/update", []string{"/update/critic", "/update/actor"}},
	} {
		for _, lang := range []string{"en", "zh"} {
			doc := webtest.Page(t, c.path+"?"+state+"&lang="+lang)
			cards := doc.Find(`[data-testid="view-cards"] li`)
			if cards.Length() != len(c.views) {
				t.Fatalf("%s (%s): %d cards, want %d", c.path, lang, cards.Length(), len(c.views))
			}
			cards.Each(func(i int, card *goquery.Selection) {
				href, _ := card.Find("h2 a").Attr("href")
				if want := c.views[i] + "?" + state + "&lang=" + lang; href != want {
					t.Errorf("%s (%s) card %d links %q, want %q", c.path, lang, i, href, want)
				}
				img := card.Find("img")
				src, _ := img.Attr("src")
				alt, _ := img.Attr("alt")
				if !strings.Contains(src, state) || strings.TrimSpace(alt) == "" || strings.TrimSpace(card.Find("p").Text()) == "" {
					t.Errorf("%s (%s) card %d: picture %q alt %q, line %q", c.path, lang, i, src, alt, card.Find("p").Text())
				}
				if rec := webtest.Get(t, src); rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "image/svg+xml") {
					t.Errorf("%s (%s): picture %s answers %d %s", c.path, lang, src, rec.Code, rec.Header().Get("Content-Type"))
				}
			})
			if cur, _ := doc.Find(`.site-nav a[aria-current="page"]`).Attr("href"); !strings.HasPrefix(cur, c.path+"?") {
				t.Errorf("%s (%s): the navigation marks %q as the current page", c.path, lang, cur)
			}
		}
	}
}

// The navigation (issue 26, point 7) reaches /compare and /update, and its
// links to pages that show a scenario carry the page's, without its view
// (sel=, step=) or a comparison's own parameters; after an htmx edit the
// answer replaces the navigation, so Playground keeps the edit.
func TestNavCarriesScenario(t *testing.T) {
	const edited = "v=1&p=seed-b&gamma=0.9"
	for _, from := range []string{"/play?" + edited + "&sel=delta.2&lang=en", "/compare/lambda?" + edited + "&lang=zh", "/update?" + edited + "&lang=en"} {
		doc := webtest.Page(t, from)
		lang := from[len(from)-2:]
		want := map[string]string{
			"/play": "/play?" + edited + "&lang=" + lang, "/compare": "/compare?" + edited + "&lang=" + lang, "/update": "/update?" + edited + "&lang=" + lang,
			"/lessons": "/lessons?lang=" + lang,
		}
		got := map[string]string{}
		doc.Find(".site-nav a").Each(func(_ int, a *goquery.Selection) {
			href, _ := a.Attr("href")
			path, _, _ := strings.Cut(href, "?")
			got[path] = href
		})
		for path, w := range want {
			if got[path] != w {
				t.Errorf("from %s: the navigation links %s as %q, want %q", from, path, got[path], w)
			}
		}
		for _, href := range got {
			if rec := webtest.Get(t, href); rec.Code >= 400 { // /batch redirects to its canonical link
				t.Errorf("from %s: the navigation's %s answers %d", from, href, rec.Code)
			}
		}
	}
	// An htmx edit of the preset's γ: the answer's navigation carries it.
	rec := webtest.Get(t, "/play?v=3&p=seed-b&gamma=0.9&lang=en", "HX-Request", "true", "HX-Target", "results")
	doc, err := goquery.NewDocumentFromReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	nav := doc.Find(`nav#site-nav[hx-swap-oob="true"] a[href^="/play?"]`)
	if href, _ := nav.Attr("href"); !strings.Contains(href, "gamma=0.9") {
		t.Errorf("the edit's answer links Playground as %q, want the edited scenario", href)
	}
}
