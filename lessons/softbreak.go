package lessons

import (
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"

	"gaelab/lessons/mathml"
)

// softBreaks writes text with the course's rule for a line that wraps
// inside a paragraph: a newline (a space to the reader) unless the
// characters on both sides are East Asian wide, so "中文\n中文" joins while
// "an\n**action**", "exactly\n$G_t$" and "**Hint:**\nThe" keep their space.
// goldmark's own east-Asian rule looks only at a next sibling that is plain
// text, so before bold, a formula, code or a glossary link (and after bold)
// it wrote nothing and glued the words.
type softBreaks struct{}

func (softBreaks) RegisterFuncs(r renderer.NodeRendererFuncRegisterer) {
	r.Register(ast.KindText, renderText)
}

func renderText(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Text)
	value := n.Segment.Value(src)
	if n.IsRaw() {
		html.DefaultWriter.RawWrite(w, value)
	} else {
		html.DefaultWriter.Write(w, value)
	}
	switch {
	case n.HardLineBreak():
		_, _ = w.WriteString("<br>\n")
	case n.SoftLineBreak() && !n.IsRaw():
		before, ok1 := lastRune(n, src)
		after, ok2 := nextRune(n, src)
		if !ok1 || !ok2 || !(util.IsEastAsianWideRune(before) && util.IsEastAsianWideRune(after)) {
			_ = w.WriteByte('\n')
		}
	}
	return ast.WalkContinue, nil
}

// lastRune is the last character the reader sees up to and including n:
// n's own text, else what precedes it in its paragraph.
func lastRune(n ast.Node, src []byte) (rune, bool) {
	for c := n; c != nil; c = prevInline(c) {
		if r, ok := edgeRune(c, src, true); ok {
			return r, true
		}
	}
	return 0, false
}

// nextRune is the first character the reader sees after n in its
// paragraph.
func nextRune(n ast.Node, src []byte) (rune, bool) {
	for c := nextInline(n); c != nil; c = nextInline(c) {
		if r, ok := edgeRune(c, src, false); ok {
			return r, true
		}
	}
	return 0, false
}

// edgeRune is the last (or first) character node n shows, looking into
// its children; a formula counts as a Latin letter.
func edgeRune(n ast.Node, src []byte, last bool) (rune, bool) {
	var b []byte
	switch c := n.(type) {
	case *mathml.Inline:
		return 'x', true
	case *ast.Text:
		b = c.Segment.Value(src)
	case *ast.String:
		b = c.Value
	default:
		child := n.FirstChild()
		if last {
			child = n.LastChild()
		}
		for child != nil {
			if r, ok := edgeRune(child, src, last); ok {
				return r, true
			}
			if last {
				child = child.PreviousSibling()
			} else {
				child = child.NextSibling()
			}
		}
		return 0, false
	}
	if len(b) == 0 {
		return 0, false
	}
	if last {
		r, _ := utf8.DecodeLastRune(b)
		return r, true
	}
	r, _ := utf8.DecodeRune(b)
	return r, true
}

// prevInline and nextInline step to the inline node before or after n,
// climbing out of emphasis and links but never out of the paragraph.
func prevInline(n ast.Node) ast.Node {
	for ; n != nil && n.Type() == ast.TypeInline; n = n.Parent() {
		if p := n.PreviousSibling(); p != nil {
			return p
		}
	}
	return nil
}

func nextInline(n ast.Node) ast.Node {
	for ; n != nil && n.Type() == ast.TypeInline; n = n.Parent() {
		if s := n.NextSibling(); s != nil {
			return s
		}
	}
	return nil
}
