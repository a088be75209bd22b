package web

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons"
	"gaelab/web/course"
	"gaelab/web/page"
)

// The final test draws at least 15 questions from every lesson of its
// first bank (lessons.FirstQuizBank), the same ones for the same seed and
// others for another seed.
func TestQuizDeterministicPerSeed(t *testing.T) {
	for _, lang := range lessons.Langs {
		bank := course.QuizBank(lang)
		a, b, c := course.QuizPick(bank, 7), course.QuizPick(bank, 7), course.QuizPick(bank, 8)
		if len(a) < 15 {
			t.Fatalf("%s: %d questions", lang, len(a))
		}
		if got, want := course.QuizLessons(a), len(lessons.Embedded().FirstQuizBank(lang)); len(got) != want {
			t.Errorf("%s: the test draws from %d lessons, want %d (every lesson of the first bank)", lang, len(got), want)
		}
		same := true
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("%s: seed 7 gives two different tests", lang)
			}
			same = same && a[i] == c[i]
		}
		if same {
			t.Errorf("%s: seeds 7 and 8 give the same test", lang)
		}
		if doc1, doc2 := getPage(t, "/lessons/quiz?seed=7&lang="+lang), getPage(t, "/lessons/quiz?seed=7&lang="+lang); doc1.Find(`[data-testid="quiz-item"]`).Text() != doc2.Find(`[data-testid="quiz-item"]`).Text() {
			t.Errorf("%s: the page of seed 7 differs between two requests", lang)
		}
	}
}

// Answered with the engine's values (computed here from the block's state,
// not typed), every question is right; answered with each diagnosed wrong
// answer, it shows the diagnosis, the engine's answer and a link to the
// section that teaches it.
func TestQuizScoredByTheEngine(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		items := course.QuizPick(course.QuizBank("en"), seed)
		right, wrong := url.Values{"seed": {strconv.FormatUint(seed, 10)}, "check": {"1"}, "lang": {"en"}}, url.Values{"seed": {strconv.FormatUint(seed, 10)}, "check": {"1"}, "lang": {"en"}}
		diagnosed := 0
		for i, it := range items {
			name := "a" + strconv.Itoa(i)
			if p := it.Predict; p != nil {
				want, _ := course.LessonRequest{Lang: "en"}.BlockCells(p, "").CellValue(p.Ask)
				right.Set(name, strconv.FormatFloat(want, 'f', 6, 64))
				if p.Kind == "sign" {
					right.Set(name, page.SignOf(want))
				}
				if _, _, ref := lessons.ParseRefOn(p.On, p.Wrong[0].Answer); !ref {
					wrong.Set(name, p.Wrong[0].Answer)
					diagnosed++
				}
			} else {
				for j, o := range it.Choice.Options {
					if o.Right {
						right.Set(name, course.ChoiceLetters[j:j+1])
					} else if wrong.Get(name) == "" {
						wrong.Set(name, course.ChoiceLetters[j:j+1])
						diagnosed++
					}
				}
			}
		}
		doc := getPage(t, "/lessons/quiz?"+right.Encode())
		if got, want := doc.Find(`[data-testid="quiz-score"]`).Text(), strconv.Itoa(len(items))+" of "+strconv.Itoa(len(items)); !strings.HasPrefix(got, want) {
			t.Errorf("seed %d, the engine's answers: score %q, want %s", seed, got, want)
		}
		doc = getPage(t, "/lessons/quiz?"+wrong.Encode())
		if n := doc.Find(`[data-testid="diagnosis"]`).Length(); n < diagnosed {
			t.Errorf("seed %d: %d diagnoses shown for %d diagnosed wrong answers", seed, n, diagnosed)
		}
		doc.Find(`[data-testid="section"]`).Each(func(_ int, s *goquery.Selection) {
			href, _ := s.Attr("href")
			path, frag, _ := strings.Cut(href, "#")
			if rec := get(t, path); rec.Code != 200 || !strings.Contains(rec.Body.String(), `id="`+frag+`"`) {
				t.Errorf("seed %d: section link %s does not reach a section", seed, href)
			}
		})
	}
}

// A bad seed is reported in the page's language, never a 500.
func TestQuizBadSeed(t *testing.T) {
	for _, s := range []string{"abc", "-1", "99999999999", "%00"} {
		rec := get(t, "/lessons/quiz?seed="+s+"&lang=zh")
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), "测验编号") {
			t.Errorf("seed %q: %d", s, rec.Code)
		}
	}
}
