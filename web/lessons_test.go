package web

import (
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons"
	"gaelab/web/scenario"
)

func TestLessonsIndexInOrder(t *testing.T) {
	for _, lang := range lessons.Langs {
		doc := page(t, "/lessons?lang="+lang)
		links := doc.Find(`[data-testid="lesson-list"] li a`)
		want := course().Lessons(lang)
		if links.Length() != len(want) || len(want) == 0 {
			t.Fatalf("%s: %d lessons listed, %d in the course", lang, links.Length(), len(want))
		}
		links.Each(func(i int, a *goquery.Selection) {
			if href, _ := a.Attr("href"); href != "/lessons/"+want[i].Slug+"?lang="+lang {
				t.Errorf("%s: lesson %d links %q, want %s", lang, i, href, want[i].Slug)
			}
		})
	}
}

// Every lesson renders in both languages; every block's link is a valid
// playground state; every predict box accepts the engine's value and
// refuses a wrong one.
func TestLessonsBlocks(t *testing.T) {
	for _, lang := range lessons.Langs {
		for _, l := range course().Lessons(lang) {
			path := "/lessons/" + l.Slug + "?lang=" + lang
			doc := page(t, path)
			if n := doc.Find(".math-error").Length(); n > 0 {
				t.Errorf("%s: %d formulas did not render", path, n)
			}
			ids := map[string]bool{}
			doc.Find("[id]").Each(func(_ int, s *goquery.Selection) {
				id, _ := s.Attr("id")
				if ids[id] {
					t.Errorf("%s: duplicate id %q", path, id)
				}
				ids[id] = true
			})
			widgets := 0
			for _, p := range l.Parts {
				if s := p.Scenario; s != nil {
					checkLink(t, path, s.Link)
					if doc.Find("#w"+strconv.Itoa(widgets)+` [data-testid="token-table"]`).Length() != 1 {
						t.Errorf("%s: widget %d has no table", path, widgets)
					}
					views := doc.Find("#w" + strconv.Itoa(widgets) + " a.open-view")
					if views.Length() != len(s.Views) {
						t.Errorf("%s: widget %d links %d views, the block names %d", path, widgets, views.Length(), len(s.Views))
					}
					views.Each(func(_ int, a *goquery.Selection) {
						href, _ := a.Attr("href")
						if rec := get(t, href); rec.Code != 200 {
							t.Errorf("%s: view link %s answers %d", path, href, rec.Code)
						}
					})
					widgets++
				}
				if q := p.Predict; q != nil {
					checkLink(t, path, q.Link)
					checkPredict(t, l, lang, q)
				}
			}
		}
	}
}

// checkLink requires a block's link to decode without any problem.
func checkLink(t *testing.T, where, link string) {
	t.Helper()
	q, err := url.ParseQuery(link)
	if err != nil {
		t.Errorf("%s: link %q: %v", where, link, err)
		return
	}
	if _, rep := scenario.Decode(q); !rep.OK() {
		t.Errorf("%s: link %q: %+v %+v", where, link, rep.Problems, rep.Warnings)
	}
}

// checkPredict answers a predict box wrongly, then with the engine's value.
func checkPredict(t *testing.T, l *lessons.Lesson, lang string, q *lessons.Predict) {
	t.Helper()
	lr := lessonRequest{lang: "en"}
	v := lr.blockView("", q.Link, nil)
	want, ok := v.cellValue(q.Ask)
	if !ok {
		t.Errorf("%s: predict %q: no such cell", l.Slug, q.Ask)
		return
	}
	id := "predict-" + strconv.Itoa(q.Index)
	right, wrong := strconv.FormatFloat(want, 'f', 6, 64), strconv.FormatFloat(want+10*q.Tolerance+1, 'f', 6, 64)
	if q.Kind == "sign" {
		right, wrong = signOf(want), map[string]string{"+": "-", "-": "+", "0": "+"}[signOf(want)]
	}
	base := "/lessons/" + l.Slug + "/predict/" + strconv.Itoa(q.Index) + "?lang=" + lang + "&" + id + "="
	doc := page(t, base+url.QueryEscape(wrong))
	if doc.Find(`[data-testid="reveal"]`).Length() != 0 || doc.Find(".verdict.correct").Length() != 0 {
		t.Errorf("%s %s: the wrong answer %s was accepted or revealed the answer", l.Slug, id, wrong)
	}
	doc = page(t, base+url.QueryEscape(right))
	if doc.Find(".verdict.correct").Length() != 1 || !strings.Contains(doc.Find(`[data-testid="reveal"]`).Text(), num(want)) {
		t.Errorf("%s %s: the engine's answer %s was not accepted with its value %s", l.Slug, id, right, num(want))
	}
}

func TestLessonWidgetControls(t *testing.T) {
	for _, l := range course().Lessons("en") {
		if checkFirstControl(t, l) {
			return
		}
	}
	t.Fatal("no lesson has a widget with controls")
}

// checkFirstControl changes the first control of a lesson's widgets, if it
// has one, and checks that the widget and its playground link follow.
func checkFirstControl(t *testing.T, l *lessons.Lesson) bool {
	widgets := 0
	for _, p := range l.Parts {
		s := p.Scenario
		if s == nil {
			continue
		}
		if len(s.Controls) > 0 {
			c := s.Controls[0]
			value := map[string]string{"gamma": "0.5", "lam": "0.25", "beta": "0.3", "kl": "abs", "ver": "v0.2", "num": "1", "rw": "1"}[c]
			id := "w" + strconv.Itoa(widgets)
			rec := get(t, "/lessons/"+l.Slug+"/widget/"+strconv.Itoa(widgets)+"?"+id+"-"+c+"="+value)
			if rec.Code != 200 || !strings.Contains(rec.Body.String(), `id="`+id+`"`) {
				t.Errorf("%s widget %d with %s=%s: %d", l.Slug, widgets, c, value, rec.Code)
			}
			doc, _ := goquery.NewDocumentFromReader(strings.NewReader(rec.Body.String()))
			open, _ := doc.Find("a.open-play").Attr("href")
			if !strings.Contains(open, c+"="+value) && c != "rw" {
				t.Errorf("%s widget %d: the playground link %q does not carry %s=%s", l.Slug, widgets, open, c, value)
			}
			return true
		}
		widgets++
	}
	return false
}

func BenchmarkLessonPage(b *testing.B) {
	course()
	ls := course().Lessons("zh")
	target := "/lessons/" + ls[len(ls)/2].Slug + "?lang=zh"
	h := benchHandler(b)
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}

func BenchmarkLoadCourse(b *testing.B) {
	for b.Loop() {
		if _, err := lessons.Load(); err != nil {
			b.Fatal(err)
		}
	}
}
