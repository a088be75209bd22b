package course_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons"
	"gaelab/lessons/glossary"
	"gaelab/web/webtest"
)

// Every glossary term link of every lesson, in both languages, opens an
// entry that exists on /glossary in the lesson's language, and carries
// that term's definition as its description.
func TestLessonTermLinksResolve(t *testing.T) {
	for _, lang := range lessons.Langs {
		entries := map[string]bool{}
		webtest.Page(t, "/glossary?lang="+lang).Find(`[id^="term-"]`).Each(func(_ int, s *goquery.Selection) {
			id, _ := s.Attr("id")
			entries[id] = true
		})
		if len(entries) < 30 {
			t.Fatalf("%s: /glossary has %d entries", lang, len(entries))
		}
		total := 0
		for _, l := range lessons.Embedded().Lessons(lang) {
			path := "/lessons/" + l.Slug + "?lang=" + lang
			doc := webtest.Page(t, path)
			terms := doc.Find("a.term-entry") // the popover's link (issue 36: the term opens its definition in place)
			if terms.Length() == 0 {
				t.Errorf("%s: no glossary term links", path)
			}
			total += terms.Length()
			seen := map[string]bool{}
			terms.Each(func(_ int, a *goquery.Selection) {
				href, _ := a.Attr("href")
				u, err := url.Parse(href)
				if err != nil || u.Path != "/glossary" || u.Query().Get("lang") != lang || !entries[u.Fragment] {
					t.Errorf("%s: term link %q opens no entry of /glossary?lang=%s", path, href, lang)
					return
				}
				id := strings.TrimPrefix(u.Fragment, "term-")
				if seen[id] {
					t.Errorf("%s: %s linked twice", path, id)
				}
				seen[id] = true
				g, ok := glossary.Lookup(id)
				if !ok {
					t.Errorf("%s: %q is not in the glossary", path, id)
					return
				}
				if !strings.EqualFold(strings.TrimSpace(a.Text()), g.Name(lang)) && !strings.HasPrefix(strings.ToLower(a.Text()), strings.ToLower(g.Name(lang))) && !containsFold(g.ZhAlso, a.Text()) {
					t.Errorf("%s: the link to %s reads %q, not its name %q", path, id, a.Text(), g.Name(lang))
				}
				def := a.Parent() // the popover the term opens: its definition and this link
				desc := def.AttrOr("id", "")
				if !def.Is("span.term-def") || doc.Find(`a.term[href="#`+desc+`"][aria-describedby="`+desc+`"]`).Length() != 1 {
					t.Errorf("%s: %s's description #%s is not one popover a term opens", path, id, desc)
				} else if got := strings.TrimSuffix(def.Text(), " "+a.Text()); got != g.DefText(lang) {
					t.Errorf("%s: %s is described as %q, want its definition %q", path, id, got, g.DefText(lang))
				}
			})
		}
		t.Logf("%s: %d term links in %d lessons", lang, total, len(lessons.Embedded().Lessons(lang)))
	}
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, strings.TrimSpace(s)) {
			return true
		}
	}
	return false
}
