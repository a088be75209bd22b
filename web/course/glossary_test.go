package course_test

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons"
	"gaelab/lessons/glossary"
	"gaelab/web/webtest"
)

// /glossary lists every term of the glossary file (at least 30) in both
// languages, each with its name in the other language, a definition and a
// link to the lesson that teaches it; every lesson and the course index link
// to it.
func TestGlossaryPage(t *testing.T) {
	if n := len(glossary.All()); n < 30 {
		t.Fatalf("%d terms, want at least 30", n)
	}
	for _, lang := range []string{"en", "zh"} {
		doc := webtest.Page(t, "/glossary?lang="+lang)
		rows := doc.Find(`[data-testid="term"]`)
		if rows.Length() != len(glossary.All()) {
			t.Errorf("%s: %d rows for %d terms", lang, rows.Length(), len(glossary.All()))
		}
		rows.Each(func(i int, row *goquery.Selection) {
			g := glossary.All()[i]
			if id, _ := row.Attr("id"); id != "term-"+g.ID {
				t.Errorf("%s: row %d is %q, want term-%s", lang, i, id, g.ID)
			}
			cells := row.Find("td")
			if strings.TrimSpace(row.Find("th").Text()) != g.Name(lang) || strings.TrimSpace(cells.Eq(4).Text()) != g.DefText(lang) {
				t.Errorf("%s: %s shows %q / %q", lang, g.ID, row.Find("th").Text(), cells.Eq(4).Text())
			}
			href, ok := cells.Eq(5).Find("a").Attr("href")
			if !ok || webtest.Get(t, href).Code != 200 || !strings.Contains(href, "/lessons/"+g.Lesson) {
				t.Errorf("%s: %s links its lesson as %q", lang, g.ID, href)
			}
		})
		for _, l := range lessons.Embedded().Lessons(lang) {
			if href, _ := webtest.Page(t, "/lessons/"+l.Slug+"?lang="+lang).Find(`[data-testid="glossary-link"]`).Attr("href"); href != "/glossary?lang="+lang {
				t.Errorf("%s/%s links the glossary as %q", lang, l.Slug, href)
			}
		}
	}
}
