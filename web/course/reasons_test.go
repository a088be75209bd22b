package course

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"gaelab/lessons"
	"gaelab/web/i18n"
)

// Issue 36, "an unanticipated wrong number gets a reason tied to the
// number": a wrong number no block anticipates is diagnosed by what the
// engine can tell it is (minus the answer, the answer without γ or with
// another λ, another cell of the table: the raw advantage for the whitened
// one, δ for A), else honestly as none of the mistakes we know, in the
// lesson and in the final test, both languages.
func TestUnanticipatedNumbersGetAReason(t *testing.T) {
	cases := []struct {
		slug, id, answer string // answer: a literal, or a cell of the block's state "{row.t|query}"
		key              string // the reason's message
	}{
		{"gae", "a0-lambda-095", "-{adv.0}", "predict.why.flipped"},
		{"ppo-clipping", "cpi-first-term", "{adv.1}", "predict.why.cell"},
		{"misconceptions", "a0-seed-b", "{adv.0|lam=0}", "predict.why.lam0"},
		{"ppo-clipping", "cpi-first-term", "12345", "predict.why.unknown"},
		// Lesson 1 teaches no λ: its λ = 0 return is no λ reason.
		{"foundations", "discounted-return", "{ret.0|lam=0}", "predict.why.unknown"},
		// Questions of no lesson (counted as GAE's), on example A with γ = 0.9 and λ = 0.95.
		{"", "gamma", "{adv.0|gamma=1}", "predict.why.gamma"},
		{"", "lam1", "{adv.0|lam=1}", "predict.why.lam1"},
	}
	for _, c := range cases {
		for _, lang := range lessons.Langs {
			l, _, _ := lessons.Embedded().Lesson(lang, c.slug)
			var q *lessons.Predict
			if l == nil {
				l, _, _ = lessons.Embedded().Lesson(lang, "gae")
				q = &lessons.Predict{ID: c.id, Link: "p=seed-a&gamma=0.9", Ask: "adv.0", Kind: "number", Tolerance: 0.005, Legacy: -1}
			}
			for _, p := range l.Parts {
				if p.Predict != nil && p.Predict.ID == c.id {
					q = p.Predict
				}
			}
			if q == nil {
				t.Fatalf("%s %s: no %s", lang, c.slug, c.id)
			}
			answer := c.answer
			if ref, ok := strings.CutPrefix(strings.TrimPrefix(answer, "-"), "{"); ok {
				cell, query, _ := strings.Cut(strings.TrimSuffix(ref, "}"), "|")
				w, ok := LessonRequest{Lang: i18n.Lang(lang)}.BlockCells(q, query).CellValue(cell)
				if !ok {
					t.Fatalf("no cell %s", ref)
				}
				if strings.HasPrefix(answer, "-") {
					w = -w
				}
				answer = strconv.FormatFloat(w, 'g', -1, 64)
			}
			x, _ := strconv.ParseFloat(answer, 64)
			for _, d := range q.Wrong { // the case must be one no block anticipates
				if (LessonRequest{Lang: i18n.Lang(lang)}).matches(q, d.Answer, answer, x) {
					t.Fatalf("%s %s/%s: %s is anticipated (%s)", lang, c.slug, c.id, answer, d.Answer)
				}
			}
			lr := LessonRequest{Lang: i18n.Lang(lang), Q: url.Values{predictParam(q): {answer}}}
			want := i18n.Lang(lang).T(c.key, "\x00")
			want, _, _ = strings.Cut(want, "\x00")
			want = strings.TrimSpace(want[:min(len(want), 12)])
			box := lr.Predict("/lessons/"+l.Slug, q)
			if box.Diagnosis == nil {
				t.Errorf("%s %s/%s, %s: no reason", lang, c.slug, c.id, answer)
				continue
			}
			var b strings.Builder
			_ = box.Diagnosis.Render(t.Context(), &b)
			if !strings.Contains(b.String(), want) {
				t.Errorf("%s %s/%s, %s: the reason reads %q, want %s (%q…)", lang, c.slug, c.id, answer, b.String(), c.key, want)
			}
			if (c.key == "predict.why.unknown") != (box.Verdict == i18n.Lang(lang).T("predict.wrong")) {
				t.Errorf("%s %s/%s, %s: verdict %q", lang, c.slug, c.id, answer, box.Verdict)
			}
			// The final test says the same.
			it := QuizItem{Lesson: l, Predict: q, bank: 2}
			ql := LessonRequest{Lang: i18n.Lang(lang), Q: url.Values{"a0": {answer}}}
			item, _ := ql.quizEntry(0, it, true)
			b.Reset()
			_ = item.Diagnosis.Render(t.Context(), &b)
			if !strings.Contains(b.String(), want) {
				t.Errorf("%s quiz %s/%s, %s: the diagnosis reads %q, want %s", lang, c.slug, c.id, answer, b.String(), c.key)
			}
		}
	}
}
