package lessons

import (
	"regexp"

	"github.com/yuin/goldmark/ast"

	"gaelab/lessons/mathml"
)

// mathExtension renders $…$ and $$…$$ to MathML on the server.
var mathExtension = mathml.Extension

// mathProblems lists the formulas of a document that did not render; they
// are shown as their TeX source.
func mathProblems(doc ast.Node) []error { return mathml.Errors(doc) }

// inlineTeX is a $…$ formula in a line of text.
var inlineTeX = regexp.MustCompile(`\$([^$]+)\$`)

// plainMath writes a line with $…$ formulas as plain text, each formula in
// Unicode ("the return $G_0$" → "the return G₀"), for places that hold text
// only.
func plainMath(s string) string {
	return inlineTeX.ReplaceAllStringFunc(s, func(m string) string { return mathml.Plain(m[1 : len(m)-1]) })
}
