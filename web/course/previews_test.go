package course_test

import (
	"strings"
	"testing"

	"gaelab/web/webtest"
)

// The course's pages have link previews (issue 35), in the page's
// language: og:title is the page's title, a description (the same in
// description and og:description, plain text: no TeX, no markup), the site's
// name, the locale and a Twitter card.
func TestCoursePagesHavePreviews(t *testing.T) {
	for _, p := range []string{"/lessons", "/lessons/alignment", "/lessons/gae", "/lessons/quiz", "/glossary", "/lessons/diagram"} {
		for _, c := range []struct{ lang, locale string }{{"en", "en_US"}, {"zh", "zh_CN"}} {
			doc := webtest.Page(t, p+"?lang="+c.lang)
			meta := func(attr, key string) string {
				v, _ := doc.Find(`head meta[` + attr + `="` + key + `"]`).Attr("content")
				return v
			}
			title := strings.TrimSpace(doc.Find("head title").Text())
			desc := meta("name", "description")
			switch {
			case desc == "":
				t.Errorf("%s (%s): no description", p, c.lang)
			case strings.ContainsAny(desc, "$<>\\"):
				t.Errorf("%s (%s): the description is not plain text: %q", p, c.lang, desc)
			}
			if got := meta("property", "og:description"); got != desc {
				t.Errorf("%s (%s): og:description %q, description %q", p, c.lang, got, desc)
			}
			if got := meta("property", "og:title"); got != title || title == "" {
				t.Errorf("%s (%s): og:title %q, want the page's title %q", p, c.lang, got, title)
			}
			if got := meta("property", "og:locale"); got != c.locale {
				t.Errorf("%s (%s): og:locale %q, want %q", p, c.lang, got, c.locale)
			}
			if meta("name", "twitter:card") == "" || meta("property", "og:site_name") == "" {
				t.Errorf("%s (%s): no twitter:card or og:site_name", p, c.lang)
			}
		}
	}
}
