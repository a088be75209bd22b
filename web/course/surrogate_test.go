package course

import (
	"fmt"
	"math"
	"net/url"
	"slices"
	"strings"
	"testing"

	"gaelab/lessons"
	"gaelab/web/i18n"
	"gaelab/web/page"
)

// Issue 36, "seed 004's surrogate worked with its own numbers": ppo-clipping's
// cpi-first-term asks the first term of L^CPI on `pipeline`, which holds the
// dialogue's inputs (../shared/seeds/004…, question 3), and its reveal writes
// all six terms, the whitened advantages, and the raw ones, from the engine.
// The terms' mean, the surrogate at ρ = 1, is 0. Banks 1 and 2 do not draw
// the new question (their links keep their questions).
func TestLearnerSurrogateWorkedWithItsOwnNumbers(t *testing.T) {
	lr := LessonRequest{Lang: "en"}
	v := lr.BlockView("x", "p=pipeline", nil)
	seed := map[string][]float64{ // the dialogue's inputs, as it typed them
		"old": {-0.12, -0.08, -0.15, -0.10, -0.05, -0.02},
		"ref": {-0.15, -0.10, -0.18, -0.12, -0.08, -0.03},
		"V":   {0.82, 0.85, 0.88, 0.90, 0.92, 0.95},
	}
	for i, tok := range v.S.Tokens {
		if tok.Old != seed["old"][i] || tok.Ref != seed["ref"][i] || tok.Value != seed["V"][i] {
			t.Fatalf("pipeline's token %d is not the dialogue's: %+v", i, tok)
		}
	}
	if v.S.Beta != 0.01 {
		t.Fatalf("pipeline's β = %v, the dialogue's is 0.01", v.S.Beta)
	}
	cell := func(ref string) float64 {
		x, ok := v.CellValue(ref)
		if !ok {
			t.Fatalf("no cell %s", ref)
		}
		return x
	}
	var want []string
	mean := 0.0
	for _, row := range []string{"white", "adv"} {
		for i := range 6 {
			want = append(want, page.Num(cell(fmt.Sprintf("%s.%d", row, i))))
			if row == "white" {
				mean += cell(fmt.Sprintf("white.%d", i)) / 6
			}
		}
	}
	if math.Abs(mean) > 1e-6 { // float sums: the page writes 4 decimals
		t.Errorf("the whitened advantages' mean is %v: the reveal says the surrogate is 0", mean)
	}
	for _, lang := range lessons.Langs {
		l, _, _ := lessons.Embedded().Lesson(lang, "ppo-clipping")
		i := slices.IndexFunc(l.Parts, func(p lessons.Part) bool { return p.Predict != nil && p.Predict.ID == "cpi-first-term" })
		if i < 0 {
			t.Fatalf("%s ppo-clipping: no cpi-first-term", lang)
		}
		q := l.Parts[i].Predict
		rq := LessonRequest{Lang: i18n.Lang(lang), Q: url.Values{predictParam(q) + "-reveal": {"1"}}}
		box := rq.Predict("/lessons/ppo-clipping", q)
		if box.Derivation == nil {
			t.Fatalf("%s: no derivation", lang)
		}
		var b strings.Builder
		_ = box.Derivation.Render(t.Context(), &b)
		text, at := b.String(), 0
		for _, w := range append([]string{want[0]}, want...) {
			j := strings.Index(text[at:], w)
			if j < 0 {
				t.Fatalf("%s: the reveal does not write the engine's %s in order (%v) after %q", lang, w, want, text[:at])
			}
			at += j + len(w)
		}
		for _, n := range []int{1, 2} {
			for _, g := range QuizBank(lang, n) {
				for _, it := range g {
					if it.Predict == q {
						t.Errorf("%s: bank %d draws cpi-first-term", lang, n)
					}
				}
			}
		}
	}
}
