package lessons

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

const sample = `---
title: Sample
order: 2
summary: A sample.
objectives: read a sample
needs: none
---

## 时间差分误差

Text *with* emphasis.

| a | b |
|---|---|
| 1 | 2 |

` + "```python\nx = 1  # one\n```" + `

## TD error δ_t

` + "```scenario\nlink: p=seed-a&lam=0.5\ncontrols: lam\nrows: adv, ret\nchart: none\n```" + `

## TD error δ_t

` + "```predict\nid: a0\nlink: p=seed-a\nask: adv.0\nquestion: What is **A_0**?\n```\n"

func TestRender(t *testing.T) {
	l, err := Render([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	if l.Title != "Sample" || l.Order != 2 || l.Minutes != 2 {
		t.Errorf("meta %+v", l.Meta)
	}
	ids := []string{}
	for _, h := range l.Headings {
		ids = append(ids, h.ID)
	}
	if strings.Join(ids, " ") != "时间差分误差 td-error-δ_t td-error-δ_t-1" {
		t.Errorf("heading ids %q: want Chinese kept and duplicates numbered", ids)
	}
	var kinds []string
	for _, p := range l.Parts {
		switch {
		case p.Scenario != nil:
			kinds = append(kinds, "scenario")
		case p.Predict != nil:
			kinds = append(kinds, "predict")
		default:
			kinds = append(kinds, "html")
		}
	}
	if strings.Join(kinds, ",") != "html,scenario,html,predict" {
		t.Errorf("parts %v", kinds)
	}
	html := l.Parts[0].HTML
	for _, want := range []string{`<h2 id="时间差分误差">`, "<table>", `class="hl-`, "<em>with</em>"} {
		if !strings.Contains(html, want) {
			t.Errorf("HTML lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, "style=") {
		t.Error("highlighted code must use classes, not inline styles")
	}
	sc := l.Parts[1].Scenario
	if sc.Link != "p=seed-a&lam=0.5" || strings.Join(sc.Controls, ",") != "lam" || sc.Chart != "none" || len(sc.Rows) != 2 {
		t.Errorf("scenario %+v", sc)
	}
	p := l.Parts[3].Predict
	if p.Ask != "adv.0" || p.Kind != "number" || p.Tolerance != 0.005 || p.Question != "What is <strong>A_0</strong>?" {
		t.Errorf("predict %+v", p)
	}
}

func TestRenderErrors(t *testing.T) {
	tests := map[string]string{
		"no front matter":    "# hi",
		"missing title":      "---\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n",
		"unknown key":        "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\ncolour: red\n---\n",
		"scenario no link":   "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```scenario\ncontrols: lam\n```\n",
		"unknown control":    "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```scenario\nlink: p=seed-a\ncontrols: nope\n```\n",
		"bad ask":            "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: q\nlink: p=seed-a\nask: adv\nquestion: q\n```\n",
		"bad kind":           "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: q\nlink: p=seed-a\nask: adv.0\nkind: colour\nquestion: q\n```\n",
		"bad tolerance":      "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: q\nlink: p=seed-a\nask: adv.0\ntolerance: -1\nquestion: q\n```\n",
		"NaN tolerance":      "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: q\nlink: p=seed-a\nask: adv.0\ntolerance: NaN\nquestion: q\n```\n",
		"Inf tolerance":      "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: q\nlink: p=seed-a\nask: adv.0\ntolerance: inf\nquestion: q\n```\n",
		"heading question":   "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: q\nlink: p=seed-a\nask: adv.0\nquestion: # What is A?\n```\n",
		"list question":      "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: q\nlink: p=seed-a\nask: adv.0\nquestion: - a\n```\n",
		"no id":              "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nlink: p=seed-a\nask: adv.0\nquestion: q\n```\n",
		"numeric id":         "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: 1\nlink: p=seed-a\nask: adv.0\nquestion: q\n```\n",
		"id twice":           "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: q\nlink: p=seed-a\nask: adv.0\nquestion: q\n```\n```choice\nid: q\nquestion: q\nright: a\nwrong: b | c\n```\n",
		"legacy twice":       "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: q\nlegacy: 0\nlink: p=seed-a\nask: adv.0\nquestion: q\n```\n```predict\nid: r\nlegacy: 0\nlink: p=seed-a\nask: adv.0\nquestion: q\n```\n",
		"wrong no text":      "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: q\nlink: p=seed-a\nask: adv.0\nwrong: 0.4\nquestion: q\n```\n",
		"wrong not number":   "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: q\nlink: p=seed-a\nask: adv.0\nwrong: abc | x\nquestion: q\n```\n",
		"wrong sign":         "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: q\nlink: p=seed-a\nask: adv.0\nkind: sign\nwrong: 0.5 | x\nquestion: q\n```\n",
		"bad derivation":     "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: q\nlink: p=seed-a\nask: adv.0\nderivation: {nope.0} = 1\nquestion: q\n```\n",
		"key twice":          "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```predict\nid: q\nlink: p=seed-a\nask: adv.0\nask: adv.1\nquestion: q\n```\n",
		"choice no right":    "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```choice\nid: q\nquestion: q\nwrong: a | b\nwrong: c | d\n```\n",
		"choice two right":   "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```choice\nid: q\nquestion: q\nright: a\nright: c\n```\n",
		"hides unknown":      "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```scenario\nlink: p=seed-a\nhides: q\n```\n",
		"hides other state":  "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```scenario\nlink: p=seed-a\nhides: q\n```\n```predict\nid: q\nlink: p=seed-b\nask: adv.0\nquestion: q\n```\n",
		"hides bad id":       "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```scenario\nlink: p=seed-a\nhides: Q!\n```\n",
		"choice undiagnosed": "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n```choice\nid: q\nquestion: q\nright: a\nwrong: c\n```\n",
	}
	for name, src := range tests {
		if _, err := Render([]byte(src)); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
}

func TestLoadOrdersLessons(t *testing.T) {
	lesson := func(title string, order string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("---\ntitle: " + title + "\norder: " + order + "\nsummary: s\nobjectives: o\nneeds: none\n---\ntext\n")}
	}
	c, err := load(fstest.MapFS{
		"en/b.md": lesson("B", "2"), "en/a.md": lesson("A", "1"), "zh/a.md": lesson("甲", "1"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if ls := c.Lessons("en"); len(ls) != 2 || ls[0].Slug != "a" || ls[1].Slug != "b" {
		t.Errorf("en lessons out of order: %v", ls)
	}
	l, prev, next := c.Lesson("en", "b")
	if l == nil || prev == nil || prev.Slug != "a" || next != nil {
		t.Errorf("Lesson(b): %v, prev %v, next %v", l, prev, next)
	}
}

// The embedded course loads, with no formula that fails to render, the
// same slugs in both languages and the same blocks in each pair.
func TestCourse(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	en, zh := c.Lessons("en"), c.Lessons("zh")
	if len(en) == 0 || len(en) != len(zh) {
		t.Fatalf("%d English and %d Chinese lessons", len(en), len(zh))
	}
	for i := range en {
		a, b := en[i], zh[i]
		if a.Slug != b.Slug || a.Order != b.Order || a.Order != i+1 {
			t.Errorf("lesson %d: en %s (order %d), zh %s (order %d)", i, a.Slug, a.Order, b.Slug, b.Order)
		}
		for _, l := range []*Lesson{a, b} {
			for _, p := range l.Problems {
				t.Errorf("%s/%s: %v", l.Lang, l.Slug, p)
			}
		}
		if blocks(a) != blocks(b) {
			t.Errorf("%s: the blocks differ:\n en %s\n zh %s", a.Slug, blocks(a), blocks(b))
		}
		if !strings.Contains(blocks(a), "scenario") && !strings.Contains(blocks(a), "batch ") || !strings.Contains(blocks(a), "predict") {
			t.Errorf("%s: every lesson needs a scenario (or batch) and a predict block", a.Slug)
		}
	}
}

// blocks summarises a lesson's live blocks, language-neutrally.
func blocks(l *Lesson) string {
	var b strings.Builder
	for _, p := range l.Parts {
		if s := p.Scenario; s != nil {
			b.WriteString("scenario " + s.Link + " " + strings.Join(s.Controls, ",") + " " + strings.Join(s.Rows, ",") + " " + s.Chart + " " + strings.Join(s.Views, ",") + "; ")
		}
		if q := p.Predict; q != nil {
			b.WriteString(fmt.Sprintf("predict %s %d %s %s %s %s %g [", q.ID, q.Legacy, q.On, q.Link, q.Ask, q.Kind, q.Tolerance))
			for _, d := range q.Wrong {
				b.WriteString(d.Answer + " ")
			}
			b.WriteString(fmt.Sprintf("] hint %t derivation %q; ", q.Hint != "", Placeholders(q.Derivation)))
		}
		if x := p.Batch; x != nil {
			b.WriteString(fmt.Sprintf("batch %s %s %v %t %v; ", x.ID, x.Link, x.Rows, x.Chart, x.Hide))
		}
		if x := p.Traces; x != nil {
			b.WriteString("traces " + x.ID + " " + x.Link + "; ")
		}
		if x := p.Weights; x != nil {
			b.WriteString("weights " + x.ID + " " + x.Link + "; ")
		}
		if x := p.Variance; x != nil {
			b.WriteString(fmt.Sprintf("variance %s %s %d; ", x.ID, x.Link, x.Horizon))
		}
		if q := p.Predict; q != nil && len(q.Hide) > 0 {
			b.WriteString(fmt.Sprintf("hide %v; ", q.Hide))
		}
		if d := p.Details; d != nil {
			b.WriteString(d.Kind + "; ")
		}
		if c := p.Choice; c != nil {
			b.WriteString("choice " + c.ID + " ")
			for _, o := range c.Options {
				b.WriteString(fmt.Sprint(o.Right, " "))
			}
			b.WriteString("; ")
		}
	}
	return b.String()
}

// Reading times are computed: 200 English words or 250 Chinese characters a
// minute, rounded up, plus a minute per question; fenced code is not read.
func TestReadingTime(t *testing.T) {
	head := "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n"
	q := "```predict\nid: q%d\nlink: p=seed-a\nask: adv.0\nquestion: q\n```\n\n"
	for _, tc := range []struct {
		body string
		want int
	}{
		{strings.Repeat("word ", 400), 2},
		{strings.Repeat("word ", 401), 3},
		{strings.Repeat("字", 500), 2},
		{strings.Repeat("字", 250) + "\n\n" + strings.Repeat("word ", 200), 2},
		{strings.Repeat("word ", 200) + "\n\n```python\n" + strings.Repeat("x ", 900) + "\n```\n\n" + fmt.Sprintf(q, 1) + fmt.Sprintf(q, 2), 3},
		{"```choice\nid: c\nquestion: q\nright: a\nwrong: b | c\n```\n", 1},
	} {
		l, err := Render([]byte(head + tc.body))
		if err != nil {
			t.Fatal(err)
		}
		if l.Minutes != tc.want {
			t.Errorf("%.40q…: %d minutes, want %d", tc.body, l.Minutes, tc.want)
		}
	}
}

// The course opens with the foundations; every lesson states objectives and
// what it needs, ends with a recap and answers every "Check yourself" item;
// the examples are "Example A/B" and "示例 A/B", never seeds.
func TestCourseShape(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range Langs {
		ls := c.Lessons(lang)
		if len(ls) < 11 || ls[0].Slug != "foundations" {
			t.Fatalf("%s: %d lessons, first %q; want the foundations first", lang, len(ls), ls[0].Slug)
		}
		order := map[string]int{}
		for _, l := range ls {
			order[l.Slug] = l.Order
		}
		if order["q-and-advantage"] > order["gae"] {
			t.Errorf("%s: Q and the advantage come after GAE", lang)
		}
		recap, check := map[string]string{"en": "Recap", "zh": "小结"}[lang], map[string]string{"en": "Check yourself", "zh": "自测"}[lang]
		next := map[string]string{"en": "Read next", "zh": "延伸阅读"}[lang]
		for _, l := range ls {
			if len(l.Objectives) == 0 {
				t.Errorf("%s/%s: no objectives", lang, l.Slug)
			}
			var heads []string
			for _, h := range l.Headings {
				if h.Level == 2 {
					heads = append(heads, h.Text)
				}
			}
			// Issue 36: every lesson ends with one or two sources to read
			// next, after its recap and its questions.
			if n := len(heads); n < 3 || heads[n-3] != recap || heads[n-2] != check || heads[n-1] != next {
				t.Errorf("%s/%s: want the last sections %q, %q and %q, got %q", lang, l.Slug, recap, check, next, heads)
			}
			answers, afterCheck := 0, false
			for _, p := range l.Parts {
				if strings.Contains(p.HTML, ">"+check+"</h2>") {
					afterCheck = true
				}
				if p.Details != nil && p.Details.Kind == "answer" && afterCheck {
					answers++
				}
			}
			if answers < 2 {
				t.Errorf("%s/%s: %d answered Check yourself items", lang, l.Slug, answers)
			}
			for _, p := range l.Parts {
				if strings.Contains(p.HTML, "种子") || strings.Contains(strings.ToLower(p.HTML), "seed a") || strings.Contains(strings.ToLower(p.HTML), "seed b") {
					t.Errorf("%s/%s: an example called a seed: say Example A/B, 示例 A/B", lang, l.Slug)
				}
			}
		}
	}
}
