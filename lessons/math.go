package lessons

import (
	"github.com/yuin/goldmark/ast"

	"gaelab/lessons/mathml"
)

// mathExtension renders $…$ and $$…$$ to MathML on the server.
var mathExtension = mathml.Extension

// mathProblems lists the formulas of a document that did not render; they
// are shown as their TeX source.
func mathProblems(doc ast.Node) []error { return mathml.Errors(doc) }
