package web

import (
	"html"

	"gaelab/templates"
)

// html is a catalog message as HTML for the page's prose (intros, notes):
// its text and arguments escaped, its $…$ formulas typeset as MathML. Text
// that cannot hold markup (titles, options, attributes, SVG) uses v.t,
// which writes the same formulas in Unicode.
func (v playView) html(key string, args ...any) templates.Rich {
	return templates.Rich(v.pr.lang.HTML(key, args...))
}

// plainRich is text already written (by v.t, or a learner's), escaped, as
// one more paragraph among typeset ones.
func plainRich(texts ...string) []templates.Rich {
	out := make([]templates.Rich, len(texts))
	for i, s := range texts {
		out[i] = templates.Rich(html.EscapeString(s))
	}
	return out
}
