package course_test

import (
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons"
	"gaelab/web/course"
	"gaelab/web/page"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

func TestLessonsIndexInOrder(t *testing.T) {
	for _, lang := range lessons.Langs {
		doc := webtest.Page(t, "/lessons?lang="+lang)
		links := doc.Find(`[data-testid="lesson-list"] li a`)
		want := lessons.Embedded().Lessons(lang)
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
		for _, l := range lessons.Embedded().Lessons(lang) {
			path := "/lessons/" + l.Slug + "?lang=" + lang
			doc := webtest.Page(t, path)
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
			for _, p := range l.Parts {
				if s := p.Scenario; s != nil {
					checkLink(t, path, s.Link)
					tables, later := doc.Find("#"+s.ID+` [data-testid="token-table"]`), doc.Find("#"+s.ID+` details [data-testid="token-table"]`)
					if tables.Length()-later.Length() != 1 {
						t.Errorf("%s: widget %s has no table", path, s.ID)
					}
					views := doc.Find("#" + s.ID + " a.open-view")
					if views.Length() != len(s.Views) {
						t.Errorf("%s: widget %s links %d views, the block names %d", path, s.ID, views.Length(), len(s.Views))
					}
					views.Each(func(_ int, a *goquery.Selection) {
						href, _ := a.Attr("href")
						if rec := webtest.Get(t, href); rec.Code != 200 {
							t.Errorf("%s: view link %s answers %d", path, href, rec.Code)
						}
					})
				}
				if q := p.Predict; q != nil {
					switch q.On {
					case lessons.OnBatch:
						checkBatchLink(t, path, q.Link)
					case lessons.OnVariance:
						checkLabLink(t, path, q.Link)
					default:
						checkLink(t, path, q.Link)
					}
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
	lr := course.LessonRequest{Lang: "en"}
	want, ok := lr.BlockCells(q, "").CellValue(q.Ask)
	if !ok {
		t.Errorf("%s: predict %q: no such cell", l.Slug, q.Ask)
		return
	}
	id := "predict-" + q.ID
	right, wrong := strconv.FormatFloat(want, 'f', 6, 64), strconv.FormatFloat(want+10*q.Tolerance+1, 'f', 6, 64)
	if q.Kind == "sign" {
		right, wrong = page.SignOf(want), map[string]string{"+": "-", "-": "+", "0": "+"}[page.SignOf(want)]
	}
	base := "/lessons/" + l.Slug + "/predict/" + q.ID + "?lang=" + lang + "&" + id + "="
	doc := webtest.Page(t, base+url.QueryEscape(wrong))
	if doc.Find(`[data-testid="reveal"]`).Length() != 0 || doc.Find(".verdict.correct").Length() != 0 {
		t.Errorf("%s %s: the wrong answer %s was accepted or revealed the answer", l.Slug, id, wrong)
	}
	doc = webtest.Page(t, base+url.QueryEscape(right))
	if doc.Find(".verdict.correct").Length() != 1 || !strings.Contains(doc.Find(`[data-testid="reveal"]`).Text(), page.Num(want)) {
		t.Errorf("%s %s: the engine's answer %s was not accepted with its value %s", l.Slug, id, right, page.Num(want))
	}
}

// Every predict box has at least one anticipated wrong answer; submitting
// each (its number, or the engine's value of the cell it names) shows its
// diagnosis, in both languages, and never counts as right.
func TestEveryDiagnosisShows(t *testing.T) {
	n := 0
	for _, lang := range lessons.Langs {
		for _, l := range lessons.Embedded().Lessons(lang) {
			for _, p := range l.Parts {
				q := p.Predict
				if q == nil {
					continue
				}
				if len(q.Wrong) == 0 {
					t.Errorf("%s/%s %s: no diagnosed wrong answer", lang, l.Slug, q.ID)
				}
				for _, d := range q.Wrong {
					answer := d.Answer
					if cell, query, ok := lessons.ParseRefOn(q.On, d.Answer); ok {
						x, ok := course.LessonRequest{Lang: "en"}.BlockCells(q, query).CellValue(cell)
						if !ok {
							t.Errorf("%s/%s %s: %s names no cell", lang, l.Slug, q.ID, d.Answer)
							continue
						}
						answer = strconv.FormatFloat(x, 'f', 6, 64)
						if q.Kind == "sign" {
							answer = page.SignOf(x)
						}
					}
					doc := webtest.Page(t, "/lessons/"+l.Slug+"/predict/"+q.ID+"?lang="+lang+"&predict-"+q.ID+"="+url.QueryEscape(answer))
					got := doc.Find(`[data-testid="diagnosis"]`).Text()
					if want := htmlText(t, course.FillCells(course.LessonRequest{Lang: "en"}.BlockCells(q, ""), d.Text)); got != want || len(lessons.Placeholders(got)) > 0 {
						t.Errorf("%s/%s %s: answer %s (%s) shows diagnosis %q, want %q", lang, l.Slug, q.ID, answer, d.Answer, got, want)
					}
					if doc.Find(".verdict.correct").Length() != 0 {
						t.Errorf("%s/%s %s: the anticipated wrong answer %s counts as right", lang, l.Slug, q.ID, answer)
					}
					n++
				}
			}
		}
	}
	t.Logf("%d diagnoses checked", n)
}

// htmlText is the text of an HTML fragment, as goquery reads it from a page.
func htmlText(t *testing.T, fragment string) string {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader("<p>" + fragment + "</p>"))
	if err != nil {
		t.Fatal(err)
	}
	return doc.Find("p").First().Text()
}

// Every choice box: each wrong option shows its diagnosis, the right one is
// accepted and explained; there are at least 8 in the course.
func TestChoiceBoxes(t *testing.T) {
	count := 0
	for _, lang := range lessons.Langs {
		for _, l := range lessons.Embedded().Lessons(lang) {
			for _, p := range l.Parts {
				c := p.Choice
				if c == nil {
					continue
				}
				count++
				for i, o := range c.Options {
					letter := string(rune('a' + i))
					doc := webtest.Page(t, "/lessons/"+l.Slug+"/choice/"+c.ID+"?lang="+lang+"&choice-"+c.ID+"="+letter)
					got := doc.Find(`[data-testid="diagnosis"]`).Text()
					switch {
					case o.Right && (doc.Find(".verdict.correct").Length() != 1 || doc.Find(`[data-testid="reveal"]`).Length() != 1):
						t.Errorf("%s/%s %s: the right option %s is not accepted", lang, l.Slug, c.ID, letter)
					case !o.Right && (got != htmlText(t, o.Diagnosis) || doc.Find(`[data-testid="reveal"]`).Length() != 0):
						t.Errorf("%s/%s %s: option %s shows %q, want its diagnosis %q and no answer", lang, l.Slug, c.ID, letter, got, o.Diagnosis)
					}
				}
			}
		}
	}
	if count < 2*8 {
		t.Errorf("%d choice boxes in both languages, want at least 8 per language", count)
	}
}

// Two wrong tries offer a hint; the count travels in the form.
func TestPredictHintAfterTwoTries(t *testing.T) {
	l, _, _ := lessons.Embedded().Lesson("en", "gae")
	var q *lessons.Predict
	for _, p := range l.Parts {
		if p.Predict != nil {
			q = p.Predict
			break
		}
	}
	base := "/lessons/gae/predict/" + q.ID + "?predict-" + q.ID + "=123"
	doc := webtest.Page(t, base)
	if doc.Find(`[data-testid="hint"]`).Length() != 0 {
		t.Fatal("a hint after one wrong try")
	}
	tries, _ := doc.Find(`input[name="predict-` + q.ID + `-tries"]`).Attr("value")
	if tries != "1" {
		t.Fatalf("tries field %q after one wrong try, want 1", tries)
	}
	doc = webtest.Page(t, base+"&predict-"+q.ID+"-tries="+tries)
	if doc.Find(`[data-testid="hint"]`).Length() != 1 {
		t.Fatal("no hint after two wrong tries")
	}
	if doc.Find(`[data-testid="reveal"]`).Length() != 0 {
		t.Fatal("the hint gave the answer away")
	}
}

// A widget placed under a question leaves the asked cell (and its marks in
// the chart) out of the page until the question is answered; then it shows
// them.
func TestWidgetHidesAskedCell(t *testing.T) {
	found := false
	for _, l := range lessons.Embedded().Lessons("en") {
		for _, p := range l.Parts {
			s := p.Scenario
			if s == nil || course.HiddenBy(l, s) == nil {
				continue
			}
			q := course.HiddenBy(l, s)
			found = true
			row, ts, _ := strings.Cut(q.Ask, ".")
			cell := `#` + s.ID + ` tr[data-row="` + row + `"] td`
			doc := webtest.Page(t, "/lessons/"+l.Slug)
			tIdx, _ := strconv.Atoi(ts)
			if tds := doc.Find(cell); tds.Length() > tIdx && strings.TrimSpace(tds.Eq(tIdx).Text()) != "?" {
				t.Errorf("%s %s: cell %s shows %q before the question is answered", l.Slug, s.ID, q.Ask, tds.Eq(tIdx).Text())
			}
			// Issue 36: the chart stays, drawn without the hidden rows
			// (course.TestHidingWidgetKeepsAChart checks what it draws).
			if s.Chart != "none" && doc.Find("#"+s.ID+" svg").Length() == 0 {
				t.Errorf("%s %s: no chart before the question is answered", l.Slug, s.ID)
			}
			doc = webtest.Page(t, "/lessons/"+l.Slug+"?predict-"+q.ID+"-reveal=1")
			if tds := doc.Find(cell); tds.Length() > tIdx && strings.TrimSpace(tds.Eq(tIdx).Text()) == "?" {
				t.Errorf("%s %s: cell %s still hidden once revealed", l.Slug, s.ID, q.Ask)
			}
			// The htmx answer brings the widget along, uncovered.
			rec := webtest.Get(t, "/lessons/"+l.Slug+"/predict/"+q.ID+"?predict-"+q.ID+"-reveal=1")
			if !strings.Contains(rec.Body.String(), `id="`+s.ID+`"`) || !strings.Contains(rec.Body.String(), `hx-swap-oob="true"`) {
				t.Errorf("%s: revealing %s does not bring widget %s along", l.Slug, q.ID, s.ID)
			}
		}
	}
	if !found {
		t.Fatal("no widget sits under a question")
	}
}

// v1 links named predict boxes by their place (?predict-1=…) and widgets by
// theirs (?w1-lam=…): they keep reaching the same block whatever is added.
func TestLegacyPlacesKeepTheirQuestion(t *testing.T) {
	for _, tc := range []struct{ link, id string }{
		{"/lessons/whitening-and-masks?predict-1=0.5", "v02-eos-leak-a3"},
		{"/lessons/whitening-and-masks?predict-0=-&lang=zh", "whitened-last-sign"},
		{"/lessons/whitening-and-masks?predict-1=abc", "v02-eos-leak-a3"},
	} {
		doc := webtest.Page(t, tc.link)
		box := doc.Find(`[data-question="` + tc.id + `"]`)
		if box.Find(`[data-testid="verdict"]`).Length() != 1 {
			t.Errorf("%s: question %s shows no verdict", tc.link, tc.id)
		}
		if doc.Find(`[data-testid="verdict"]`).Length() != 1 {
			t.Errorf("%s: %d verdicts, want only %s's", tc.link, doc.Find(`[data-testid="verdict"]`).Length(), tc.id)
		}
	}
	rec := webtest.Get(t, "/lessons/whitening-and-masks/predict/1?predict-1=0.5")
	if !strings.Contains(rec.Body.String(), `data-question="v02-eos-leak-a3"`) {
		t.Error("the v1 fragment /predict/1 does not answer its question")
	}
	doc := webtest.Page(t, "/lessons/whitening-and-masks?w1-lam=0.5")
	if open, _ := doc.Find("#w1 a.open-play").Attr("href"); !strings.Contains(open, "lam=0.5") {
		t.Errorf("?w1-lam=0.5 no longer reaches widget w1: %s", open)
	}
}

func TestLessonWidgetControls(t *testing.T) {
	for _, l := range lessons.Embedded().Lessons("en") {
		if checkFirstControl(t, l) {
			return
		}
	}
	t.Fatal("no lesson has a widget with controls")
}

// checkFirstControl changes the first control of a lesson's widgets, if it
// has one, and checks that the widget and its playground link follow.
func checkFirstControl(t *testing.T, l *lessons.Lesson) bool {
	for _, p := range l.Parts {
		s := p.Scenario
		if s == nil {
			continue
		}
		if len(s.Controls) > 0 {
			c := s.Controls[0]
			value := map[string]string{"gamma": "0.5", "lam": "0.25", "beta": "0.3", "kl": "abs", "ver": "v0.2", "num": "1", "rw": "1"}[c]
			id := s.ID
			rec := webtest.Get(t, "/lessons/"+l.Slug+"/widget/"+id+"?"+id+"-"+c+"="+value)
			if rec.Code != 200 || !strings.Contains(rec.Body.String(), `id="`+id+`"`) {
				t.Errorf("%s widget %s with %s=%s: %d", l.Slug, id, c, value, rec.Code)
			}
			doc, _ := goquery.NewDocumentFromReader(strings.NewReader(rec.Body.String()))
			open, _ := doc.Find("a.open-play").Attr("href")
			if !strings.Contains(open, c+"="+value) && c != "rw" {
				t.Errorf("%s widget %s: the playground link %q does not carry %s=%s", l.Slug, id, open, c, value)
			}
			return true
		}
	}
	return false
}

func BenchmarkLessonPage(b *testing.B) {
	lessons.Embedded()
	ls := lessons.Embedded().Lessons("zh")
	target := "/lessons/" + ls[len(ls)/2].Slug + "?lang=zh"
	h := webtest.Uncached(b).Handler
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
