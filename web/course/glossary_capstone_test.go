package course_test

import (
	"testing"

	"gaelab/lessons"
	"gaelab/lessons/glossary"
	"gaelab/web/webtest"
)

// The terms of the variance lab and the capstone are in the glossary, in
// both languages, each taught (and linked from its first mention) in its
// lesson.
func TestGlossaryCapstoneTerms(t *testing.T) {
	for _, id := range []string{"variance", "bias", "mse", "batch", "group", "grpo"} {
		g, ok := glossary.Lookup(id)
		if !ok {
			t.Errorf("no glossary term %q", id)
			continue
		}
		if g.En == "" || g.Zh == "" || g.DefEn == "" || g.DefZh == "" {
			t.Errorf("%s: a name or definition is missing: %+v", id, g)
		}
		for _, lang := range lessons.Langs {
			doc := webtest.Page(t, "/lessons/"+g.Lesson+"?lang="+lang)
			if doc.Find(`a.term-entry[href="/glossary?lang=`+lang+`#term-`+id+`"]`).Length() != 1 {
				t.Errorf("%s: /lessons/%s?lang=%s does not link the term from its prose", id, g.Lesson, lang)
			}
		}
	}
}
