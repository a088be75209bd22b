package i18n_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/webtest"
)

// rawSubscript is an ASCII subscript in running text: A_t, V(s_t), G_t,
// r_t, s_i, δ_{t+1}, Σ_t.
var rawSubscript = regexp.MustCompile(`[A-Za-zα-ωΑ-ΩÂ)]_(\{[^}]*\}|[ti])\b`)

// The pages of the rooms compare, update and batch show no raw ASCII
// subscript in visible text, in either language (issue 35: Unicode
// subscripts, Aₜ and V(sₜ), in every text-only place). Code (<code>,
// <pre>), typeset math (<math>) and the pages' scripts are not text.
// The course's pages (every lesson, fresh and with its answers shown) are
// scanned site-wide by web's TestNoRawSubscripts.
func TestNoRawSubscripts(t *testing.T) {
	pages := []string{
		"/compare/lambda?v=1&p=seed-b", "/compare/variance?v=1&p=seed-b&n=50", "/compare/estimators?v=1&p=seed-b",
		"/compare/versions?v=1&p=seed-b", "/compare/bugs?v=3&p=v02-eos-leak&ver=v0.2&bug=eos-leak,shift",
		"/update/critic?v=1&p=seed-b", "/update/actor?v=1&p=seed-b", "/batch?v=1&p=grpo-4",
	}
	for _, p := range pages {
		for _, lang := range []string{"en", "zh"} {
			doc := webtest.Page(t, p+"&lang="+lang)
			doc.Find("main").Find("code, pre, math, script, style, svg desc").Remove()
			var found []string
			doc.Find("main").Find("*").Each(func(_ int, s *goquery.Selection) {
				for _, n := range s.Nodes {
					for c := n.FirstChild; c != nil; c = c.NextSibling {
						if c.Type == 1 /* html.TextNode */ && rawSubscript.MatchString(c.Data) {
							found = append(found, strings.TrimSpace(c.Data))
						}
					}
				}
			})
			for _, f := range found {
				t.Errorf("%s&lang=%s: raw subscript in %q", p, lang, f)
			}
		}
	}
}
