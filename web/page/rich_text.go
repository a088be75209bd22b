package page

import (
	"html"

	"gaelab/templates"
)

// PlainRich is text already written (by v.t, or a learner's), escaped, as
// one more paragraph among typeset ones.
func PlainRich(texts ...string) []templates.Rich {
	out := make([]templates.Rich, len(texts))
	for i, s := range texts {
		out[i] = templates.Rich(html.EscapeString(s))
	}
	return out
}
