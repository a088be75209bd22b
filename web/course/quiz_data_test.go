package course_test

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons"
	"gaelab/web/course"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/webtest"
)

// quizReads are the rows whose every cell a question on a row needs to see,
// as the formulas say (δ = r + γV' − V, A and R sum the δ, the whitened A
// reads the raw A, the next value is the shifted V, the reward is the score
// minus β·KL).
var quizReads = map[string][]string{
	"delta": {"reward", "value"}, "adv": {"reward", "value"}, "ret": {"reward", "value"},
	"white": {"adv"}, "next": {"value"}, "reward": {"score", "kld"}, "kld": {"score"},
}

// quizSeedsCovering are seeds whose tests together ask every question of
// the bank.
func quizSeedsCovering(t *testing.T, bank [][]course.QuizItem) []uint64 {
	t.Helper()
	left := map[course.QuizItem]bool{}
	for _, items := range bank {
		for _, it := range items {
			left[it] = true
		}
	}
	var seeds []uint64
	for seed := uint64(1); len(left) > 0; seed++ {
		if seed > 2000 {
			t.Fatalf("2000 seeds leave %d questions unasked", len(left))
		}
		n := len(left)
		for _, it := range course.QuizPick(bank, seed) {
			delete(left, it)
		}
		if len(left) < n {
			seeds = append(seeds, seed)
		}
	}
	return seeds
}

// Every number or sign question of the final test, in both banks and both
// languages, shows the table of the state it asks about: the asked cell
// hidden, every cell of the rows its answer reads, and every cell its worked
// answer reads, shown with the engine's value.
func TestQuizShowsEachQuestionsData(t *testing.T) {
	for _, lang := range lessons.Langs {
		for n := 1; n <= lessons.QuizBanks; n++ {
			bank := course.QuizBank(lang, n)
			asked, read := 0, 0
			for _, seed := range quizSeedsCovering(t, bank) {
				doc := webtest.Page(t, "/lessons/quiz?bank="+strconv.Itoa(n)+"&seed="+strconv.FormatUint(seed, 10)+"&lang="+lang)
				for i, it := range course.QuizPick(bank, seed) {
					p := it.Predict
					if p == nil {
						continue
					}
					asked++
					item := doc.Find("#quiz-" + strconv.Itoa(i))
					where := lang + " bank " + strconv.Itoa(n) + " seed " + strconv.FormatUint(seed, 10) + " " + it.Lesson.Slug + "/" + p.ID
					read += checkQuizData(t, where, lang, item, p)
				}
			}
			t.Logf("%s bank %d: %d number or sign questions, their worked answers reading %d shown cells", lang, n, asked, read)
			if asked < 10*n || read == 0 {
				t.Errorf("%s bank %d: only %d number or sign questions checked, their worked answers reading %d shown cells", lang, n, asked, read)
			}
		}
	}
}

// derivationCell is a cell a worked answer reads: {row.t}.
var derivationCell = regexp.MustCompile(`\{([a-z]+)\.([0-9]+)\}`)

// checkQuizData checks one quiz item's table against the engine; it
// returns how many cells the worked answer reads that the table shows.
func checkQuizData(t *testing.T, where, lang string, item *goquery.Selection, p *lessons.Predict) int {
	t.Helper()
	tab := item.Find(`[data-testid="quiz-data"] table`)
	if tab.Length() != 1 {
		t.Errorf("%s: %d data tables, want 1", where, tab.Length())
		return 0
	}
	src := course.LessonRequest{Lang: i18n.Lang(lang)}.BlockCells(p, "")
	cell := func(row string, t int) *goquery.Selection {
		return tab.Find(`tr[data-row="` + row + `"] td[data-t="` + strconv.Itoa(t) + `"]`)
	}
	row, ts, _ := strings.Cut(p.Ask, ".")
	at, _ := strconv.Atoi(ts)
	if c := cell(row, at); c.Length() != 1 || c.Text() != i18n.Lang(lang).T("predict.hidden_cell") {
		t.Errorf("%s: the asked cell %s shows %q, want it hidden", where, p.Ask, c.Text())
	}
	for _, r := range quizReads[row] {
		n := 0
		for tt := 0; ; tt++ {
			w, ok := src.CellValue(r + "." + strconv.Itoa(tt))
			if !ok {
				break
			}
			n++
			if got := cell(r, tt).Text(); got != page.Num(w) {
				t.Errorf("%s: cell %s.%d shows %q, want the engine's %s", where, r, tt, got, page.Num(w))
			}
		}
		if n == 0 && r != "score" && r != "kld" { // only a state with scores and a KL has those rows
			t.Errorf("%s: the state has no row %s", where, r)
		}
	}
	hidden, read := append([]string{p.Ask}, quizGiveaways(p.Ask)...), 0
	for _, m := range derivationCell.FindAllStringSubmatch(p.Derivation, -1) {
		at, _ := strconv.Atoi(m[2])
		if slices.Contains(hidden, m[1]+"."+m[2]) {
			continue
		}
		w, ok := src.CellValue(m[1] + "." + m[2])
		if got := cell(m[1], at).Text(); !ok || got != page.Num(w) {
			t.Errorf("%s: the worked answer reads %s.%s, the data shows %q, want the engine's %s", where, m[1], m[2], got, page.Num(w))
		} else {
			read++
		}
	}
	return read
}

// quizGiveaways are the cells of the asked one's column that give it away
// (A and R from each other, δ from both, V from the shifted V), which the
// data hides with it.
func quizGiveaways(ask string) []string {
	row, ts, _ := strings.Cut(ask, ".")
	at, _ := strconv.Atoi(ts)
	col := func(rows ...string) []string {
		var out []string
		for _, r := range rows {
			out = append(out, r+"."+strconv.Itoa(at))
		}
		return out
	}
	switch row {
	case "adv", "ret":
		return col("adv", "ret", "white")
	case "delta":
		return col("adv", "ret", "white")
	case "value":
		return []string{"next." + strconv.Itoa(at-1)}
	case "kld", "score":
		return col("reward")
	}
	return nil
}

// Seed 5 asks "Using the rewards above, what is returns[0]?": the rewards
// are above it now, the engine's, in both languages.
func TestQuizSeed5ShowsTheRewards(t *testing.T) {
	for _, lang := range lessons.Langs {
		doc := webtest.Page(t, "/lessons/quiz?seed=5&lang="+lang)
		found := false
		for i, it := range course.QuizPick(course.QuizBank(lang, 1), 5) {
			if it.Predict == nil || it.Predict.ID != "returns-kl" {
				continue
			}
			found = true
			item := doc.Find("#quiz-" + strconv.Itoa(i))
			src := course.LessonRequest{Lang: i18n.Lang(lang)}.BlockCells(it.Predict, "")
			cells := item.Find(`[data-testid="quiz-data"] tr[data-row="reward"] td`)
			if cells.Length() != 6 {
				t.Fatalf("%s: question %d shows %d rewards, want 6", lang, i+1, cells.Length())
			}
			cells.Each(func(tt int, c *goquery.Selection) {
				if w, _ := src.CellValue("reward." + strconv.Itoa(tt)); c.Text() != page.Num(w) {
					t.Errorf("%s: reward %d shows %q, want %s", lang, tt, c.Text(), page.Num(w))
				}
			})
		}
		if !found {
			t.Errorf("%s: seed 5 no longer asks returns[0] (misconceptions/returns-kl)", lang)
		}
	}
}
