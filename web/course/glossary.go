package course

import (
	"net/http"

	"gaelab/lessons"
	"gaelab/lessons/glossary"
	"gaelab/lessons/mathml"
	"gaelab/templates"
	"gaelab/web/page"
)

// HandleGlossary handles the "GET /glossary" route: every term of the one
// glossary file (lessons/glossary/glossary.json, the same data the catalog's
// term.* messages come from), with its name in both languages, verl's tensor,
// its symbol in the code's 0-based and the textbook's 1-based numbering, a
// one-line definition and the lesson that teaches it.
func (s *Room) HandleGlossary(w http.ResponseWriter, r *http.Request) {
	lr := s.readLessonRequest(r)
	t := lr.Lang.T
	other := lr.Lang.Other()
	vm := templates.GlossaryPage{
		Page:    lr.page(t("glossary.title"), "/glossary", t("glossary.intro")),
		Heading: t("glossary.title"), Intro: t("glossary.intro"), OtherLang: string(other),
		Columns: []string{t("glossary.col.term"), t("glossary.col.other"), t("glossary.col.tensor"),
			t("glossary.col.zero"), t("glossary.col.one"), t("glossary.col.def"), t("glossary.col.lesson")},
		IndexLink: templates.Link{Label: t("lessons.heading"), URL: lr.url("/lessons")},
	}
	for _, g := range glossary.All() {
		e := templates.GlossaryEntry{
			ID: "term-" + g.ID, Name: g.Name(string(lr.Lang)), Other: g.Name(string(other)),
			Tensor: g.Tensor, Zero: mathml.Plain(g.Symbol), One: mathml.Plain(g.OneBased), Def: g.DefText(string(lr.Lang)),
		}
		if l, _, _ := lessons.Embedded().Lesson(string(lr.Lang), g.Lesson); l != nil {
			e.Lesson = templates.Link{Label: l.Title, URL: lr.url("/lessons/" + l.Slug)}
		}
		vm.Terms = append(vm.Terms, e)
	}
	page.Render(w, r, templates.GlossaryView(vm))
}
