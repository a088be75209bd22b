package course_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons"
	"gaelab/web/course"
	"gaelab/web/i18n"
	"gaelab/web/webtest"
)

// The PPO-step diagram draws every stage with its label in the page's
// language, its tensors and the shape [B, R]; its text alternative lists
// the same stages, each linked to a lesson that exists; the SVG file says
// the same.
func TestDiagramPage(t *testing.T) {
	for _, lang := range lessons.Langs {
		doc := webtest.Page(t, "/lessons/diagram?lang="+lang)
		svg := doc.Find(`svg[data-testid="diagram"]`)
		if svg.Length() != 1 || svg.AttrOr("role", "") != "img" {
			t.Fatalf("%s: no diagram drawn as an image", lang)
		}
		for _, part := range []string{"title", "desc"} {
			if strings.TrimSpace(svg.Find(part).Text()) == "" {
				t.Errorf("%s: the drawing has no %s", lang, part)
			}
		}
		drawn := svg.Find("text").Text()
		steps := doc.Find(`[data-testid="diagram-steps"] li`)
		if steps.Length() != len(course.DiagramSteps) {
			t.Errorf("%s: the text lists %d stages, want %d", lang, steps.Length(), len(course.DiagramSteps))
		}
		if n := svg.Find("g[data-step]:contains('[B, R]')").Length(); n != len(course.DiagramSteps) {
			t.Errorf("%s: %d stages drawn with the shape [B, R], want %d", lang, n, len(course.DiagramSteps))
		}
		for i, st := range course.DiagramSteps {
			title := i18n.Lang(lang).T("diagram." + st.Key + ".title")
			other := i18n.Lang(lang).Other().T("diagram." + st.Key + ".title")
			if !strings.Contains(drawn, title) || !strings.Contains(steps.Eq(i).Text(), title) {
				t.Errorf("%s: stage %q is not labelled %q in the drawing and the text", lang, st.Key, title)
			}
			if other != title && strings.Contains(drawn, other) {
				t.Errorf("%s: stage %q is drawn in the other language (%q)", lang, st.Key, other)
			}
			if !strings.Contains(drawn, st.Tensors) {
				t.Errorf("%s: stage %q does not name %s", lang, st.Key, st.Tensors)
			}
			href, ok := steps.Eq(i).Find("a").Attr("href")
			u, err := url.Parse(href)
			if !ok || err != nil || u.Path != "/lessons/"+st.Lesson || u.Query().Get("lang") != lang {
				t.Errorf("%s: stage %q links %q, want its lesson %s", lang, st.Key, href, st.Lesson)
			} else if rec := webtest.Get(t, href); rec.Code != http.StatusOK {
				t.Errorf("%s: stage %q's lesson %s is %d", lang, st.Key, href, rec.Code)
			}
		}
		file, _ := doc.Find(`[data-testid="diagram-svg"]`).Attr("href")
		rec := webtest.Get(t, file)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/svg+xml" {
			t.Fatalf("%s: %s is %d %s", lang, file, rec.Code, rec.Header().Get("Content-Type"))
		}
		if first := i18n.Lang(lang).T("diagram.rollout.title"); !strings.Contains(rec.Body.String(), first) {
			t.Errorf("%s: the SVG file does not say %q", lang, first)
		}
	}
}

// Every lesson, and the course index, links the diagram in its language.
func TestDiagramLinkedFromEveryLesson(t *testing.T) {
	for _, lang := range lessons.Langs {
		paths := []string{"/lessons?lang=" + lang}
		for _, l := range lessons.Embedded().Lessons(lang) {
			paths = append(paths, "/lessons/"+l.Slug+"?lang="+lang)
		}
		for _, p := range paths {
			var hrefs []string
			webtest.Page(t, p).Find(`[data-testid="diagram-link"]`).Each(func(_ int, a *goquery.Selection) {
				hrefs = append(hrefs, a.AttrOr("href", ""))
			})
			if len(hrefs) != 1 || hrefs[0] != "/lessons/diagram?lang="+lang {
				t.Errorf("%s links the diagram as %q", p, hrefs)
			}
		}
	}
}
