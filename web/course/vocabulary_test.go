package course_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons"
	"gaelab/lessons/glossary"
	"gaelab/web/i18n"
)

// courseCatalogs are the message catalogs whose messages the course shows:
// the lessons' and the quiz's words, the questions' generic hints, the
// diagram.
var courseCatalogs = []string{"course", "course_batch", "diagram"}

// proseOf is what a reader reads of trusted HTML, without code (verl's
// names stay English) and without the formulas' TeX or the glossary's
// tooltips (the glossary's own texts are checked as such).
func proseOf(t *testing.T, html string) string {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(html))
	if err != nil {
		t.Fatal(err)
	}
	doc.Find("code, pre, annotation, .term-def").Remove()
	return strings.Join(strings.Fields(doc.Text()), " ")
}

// catalogKeys lists the keys of a catalog file of web/i18n
// ("zh_course.go"), in the file's order.
func catalogKeys(t *testing.T, file string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../i18n/"+file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	ast.Inspect(f, func(n ast.Node) bool {
		if kv, ok := n.(*ast.KeyValueExpr); ok {
			if lit, ok := kv.Key.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if k, err := strconv.Unquote(lit.Value); err == nil {
					keys = append(keys, k)
				}
			}
		}
		return true
	})
	return keys
}

// courseTexts are every text the course shows in lang, each named by where
// it comes from: each lesson's title, summary, objectives, prose, notes,
// answers, questions, options, diagnoses, hints, worked answers and
// explanations; the course's catalog messages; the glossary's names and
// definitions.
func courseTexts(t *testing.T, lang string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, l := range lessons.Embedded().Lessons(lang) {
		out[l.Slug+" (title, summary)"] = l.Title + " " + l.Summary
		out[l.Slug+" (objectives)"] = proseOf(t, strings.Join(l.Objectives, "\n"))
		for i, s := range lessonTexts(l) {
			out[l.Slug+" #"+strconv.Itoa(i)] = proseOf(t, s)
		}
	}
	for _, c := range courseCatalogs {
		for _, k := range catalogKeys(t, lang+"_"+c+".go") {
			out["catalog "+k] = i18n.Lang(lang).T(k)
		}
	}
	for _, g := range glossary.All() {
		out["glossary "+g.ID] = g.Name(lang) + " " + g.Def(lang)
	}
	return out
}

// around is the text around byte offset at, for a message.
func around(s string, at, n int) string {
	r := []rune(s)
	i := len([]rune(s[:at]))
	return string(r[max(0, i-n):min(len(r), i+n+2)])
}

// Issue 25, "One vocabulary, for real": no text the course shows, in
// either language, uses a variant the glossary rules out for a concept
// (lessons/glossary/glossary.json: each term's zh_avoid, zh_variants and
// en_variants, and the phrases that are not terms), except inside the
// contexts it allows (值 inside 价值, 均值 or 阈值; 提示 as the interface's
// "hint").
func TestCourseSpeaksOneVocabulary(t *testing.T) {
	for _, lang := range lessons.Langs {
		rules := glossary.Rules(lang)
		if len(rules) < 4 {
			t.Fatalf("%s: only %d vocabulary rules", lang, len(rules))
		}
		texts := courseTexts(t, lang)
		for where, s := range texts {
			for _, r := range rules {
				for _, at := range r.Find(s) {
					t.Errorf("%s %s: %q says %q for %s: the course's word is %q", lang, where, around(s, at, 8), r.Avoid, r.Concept, r.Use)
				}
			}
		}
	}
}

// The lesson that teaches a glossary term names it by the glossary's name
// at least once (时序差分误差 in the TD lesson, 折扣因子 with γ), so that
// the short forms the other lessons use point back to one word.
func TestTeachingLessonNamesItsTerms(t *testing.T) {
	for _, lang := range lessons.Langs {
		for _, g := range glossary.All() {
			l, _, _ := lessons.Embedded().Lesson(lang, g.Lesson)
			if l == nil {
				t.Errorf("%s: %s's lesson %s does not exist", lang, g.ID, g.Lesson)
				continue
			}
			var b strings.Builder
			for _, s := range lessonTexts(l) {
				b.WriteString(proseOf(t, s) + "\n")
			}
			if !strings.Contains(strings.ToLower(b.String()), strings.ToLower(g.Name(lang))) {
				t.Errorf("%s: %s, which teaches %s, never says %q", lang, g.Lesson, g.ID, g.Name(lang))
			}
		}
	}
}
