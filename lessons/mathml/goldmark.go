package mathml

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Extension adds math to goldmark:
//
//   - "$…$" inside a paragraph is inline math. As in Pandoc, the opening $
//     must not be followed by a space, and the closing $ (the next unescaped
//     one) must not follow a space nor be followed by a digit; otherwise the
//     opening $ is a dollar sign, so "costs $5 and $10" stays text. An
//     escaped \$ is a dollar sign. The formula may run over several lines of
//     the paragraph, never across a blank line (which ends the paragraph).
//   - "$$" on a line of its own opens display math, closed by a line that
//     ends with "$$"; "$$…$$" alone on one line is display math too. A blank
//     line before the closing $$ is an error.
//   - "$$…$$" inside a paragraph is display math in the middle of the text.
//
// Formulas are converted by [Render] while the document is parsed. Inline
// math becomes <math display="inline">; display math becomes
// <div class="math-display" tabindex="0"><math display="block">…</math></div>
// (a <span class="math-display" tabindex="0"> inside a paragraph): a wide
// formula scrolls sideways in it, and the tabindex lets a keyboard scroll it
// too. A formula that does not convert is written as its source, $ signs
// included, in <code class="math-error" data-error="…message…">, and its
// [*DocError] is kept in its AST node: call [Errors] on the parsed document.
var Extension goldmark.Extender = extender{}

type extender struct{}

// Extend registers the math block and inline parsers and their renderer.
func (extender) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		// After fenced code (700), so that "$$" inside a ``` block stays
		// code; before paragraphs (1000), which "$$" may interrupt.
		parser.WithBlockParsers(util.Prioritized(blockParser{}, 750)),
		parser.WithInlineParsers(util.Prioritized(inlineParser{}, 500)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(htmlRenderer{}, 500)))
}

// KindInline and KindBlock are the AST kinds of [*Inline] and [*Block].
var (
	KindInline = ast.NewNodeKind("MathInline")
	KindBlock  = ast.NewNodeKind("MathBlock")
)

// Inline is a formula inside a paragraph: $…$, or $$…$$ for display math
// in the middle of the text.
type Inline struct {
	ast.BaseInline
	TeX     string // between the dollars, as written
	Display bool   // written $$…$$
	MathML  string // the <math> element; "" if Err is set
	Err     error  // a *DocError if TeX did not convert
}

// Kind returns KindInline.
func (n *Inline) Kind() ast.NodeKind { return KindInline }

// Dump prints the node for goldmark's debugging.
func (n *Inline) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"TeX": n.TeX, "Display": fmt.Sprint(n.Display), "Err": errString(n.Err)}, nil)
}

// Text returns the TeX source, so that text taken from a heading with a
// formula (an id, a table of contents) keeps the formula's letters.
func (n *Inline) Text(source []byte) []byte { return []byte(n.TeX) }

// Block is display math on lines of its own, between $$ and $$.
type Block struct {
	ast.BaseBlock
	TeX    string // between the $$ lines, trimmed of surrounding space
	MathML string // the <math> element; "" if Err is set
	Err    error  // a *DocError if TeX did not convert or $$ was not closed

	closed   bool // the closing $$ has been read
	trailing bool // text followed the closing $$ on its line
	tex      bytes.Buffer
}

// Kind returns KindBlock.
func (n *Block) Kind() ast.NodeKind { return KindBlock }

// IsRaw reports that the block's content is not Markdown.
func (n *Block) IsRaw() bool { return true }

// Dump prints the node for goldmark's debugging.
func (n *Block) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"TeX": n.TeX, "Err": errString(n.Err)}, nil)
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// A DocError is a formula in a Markdown document that did not convert.
type DocError struct {
	Line   int    // 1-based line of the Markdown source where the formula opens
	Source string // the formula with its delimiters: "$\foo x$", "$$x"
	Err    error  // the *Error from Render, or what is wrong with the delimiters
}

// Error returns a message like
// `mathml: line 12: $\foo x$: unknown command \foo at 0`, where the
// position is a byte offset in the TeX between the delimiters.
func (e *DocError) Error() string {
	return fmt.Sprintf("mathml: line %d: %s: %s", e.Line, e.Source,
		strings.TrimPrefix(e.Err.Error(), "mathml: "))
}

// Unwrap returns the underlying error, an [*Error] when Render failed.
func (e *DocError) Unwrap() error { return e.Err }

// Errors returns the errors of the formulas in doc that did not convert, in
// document order, each a [*DocError]; none if every formula converted.
// Lessons are checked with it at start-up and in tests.
func Errors(doc ast.Node) []error {
	var errs []error
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *Inline:
			if n.Err != nil {
				errs = append(errs, n.Err)
			}
		case *Block:
			if n.Err != nil {
				errs = append(errs, n.Err)
			}
		}
		return ast.WalkContinue, nil
	})
	return errs
}

// lineOf returns the 1-based line of byte offset pos in source.
func lineOf(source []byte, pos int) int {
	pos = min(max(pos, 0), len(source))
	return 1 + bytes.Count(source[:pos], []byte{'\n'})
}

// inlineParser parses $…$ and $$…$$ inside a paragraph.
type inlineParser struct{}

func (inlineParser) Trigger() []byte { return []byte{'$'} }

func (inlineParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	start := seg.Start
	open := 1
	if len(line) > 1 && line[1] == '$' {
		open = 2
	}
	if open == 1 && (len(line) < 2 || isSpaceByte(line[1])) {
		return nil // "$ 5" or a $ at the end of a line: a dollar sign
	}
	block.Advance(open)

	// Scan for the closing delimiter, over the paragraph's lines. The
	// caller rewinds the reader if this returns nil.
	var tex []byte
	for {
		line, _ := block.PeekLine()
		if line == nil {
			return nil
		}
		for i := 0; i < len(line); i++ {
			switch line[i] {
			case '\\':
				i++ // an escaped character, \$ included, never closes
			case '$':
				if open == 2 {
					if i+1 < len(line) && line[i+1] == '$' {
						tex = append(tex, line[:i]...)
						block.Advance(i + 2)
						return newInline(string(tex), true, block.Source(), start)
					}
					continue
				}
				var before byte
				if i > 0 {
					before = line[i-1]
				} else if len(tex) > 0 {
					before = tex[len(tex)-1]
				}
				if isSpaceByte(before) || i+1 < len(line) && isDigitByte(line[i+1]) {
					// "$5 and $10": the first $ is a dollar sign.
					return nil
				}
				tex = append(tex, line[:i]...)
				block.Advance(i + 1)
				return newInline(string(tex), false, block.Source(), start)
			}
		}
		tex = append(tex, line...)
		block.AdvanceLine()
	}
}

func newInline(tex string, display bool, source []byte, start int) *Inline {
	n := &Inline{TeX: tex, Display: display}
	out, err := Render(tex, display)
	if err != nil {
		delim := "$"
		if display {
			delim = "$$"
		}
		n.Err = &DocError{Line: lineOf(source, start), Source: delim + tex + delim, Err: err}
		return n
	}
	n.MathML = out
	return n
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0 }
func isDigitByte(c byte) bool { return '0' <= c && c <= '9' }

// blockParser parses display math: lines from $$ to $$.
type blockParser struct{}

func (blockParser) Trigger() []byte { return []byte{'$'} }

var (
	errUnclosed = errors.New("mathml: $$ is not closed by $$ before a blank line or the end of the document")
	errTrailing = errors.New("mathml: text after the closing $$ (display math ends its line)")
)

func (blockParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, _ := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 || !bytes.HasPrefix(line[pos:], []byte("$$")) {
		return nil, parser.NoChildren
	}
	rest := line[pos+2:]
	n := &Block{}
	if i := bytes.Index(rest, []byte("$$")); i >= 0 {
		if !util.IsBlank(rest[i+2:]) {
			// "$$x$$ and more": a paragraph with display math inside.
			return nil, parser.NoChildren
		}
		n.tex.Write(rest[:i])
		n.closed = true
	} else {
		n.tex.Write(rest)
	}
	return n, parser.NoChildren
}

func (blockParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	n := node.(*Block)
	if n.closed {
		return parser.Close
	}
	line, _ := reader.PeekLine()
	if util.IsBlank(line) {
		return parser.Close // unclosed: Close records the error
	}
	if i := bytes.Index(line, []byte("$$")); i >= 0 {
		n.tex.Write(line[:i])
		n.closed = true
		n.trailing = !util.IsBlank(line[i+2:])
		reader.AdvanceToEOL()
		return parser.Close
	}
	n.tex.Write(line)
	reader.AdvanceToEOL()
	return parser.Continue | parser.NoChildren
}

func (blockParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	n := node.(*Block)
	n.TeX = strings.TrimSpace(n.tex.String())
	n.tex = bytes.Buffer{}
	var err error
	switch {
	case !n.closed:
		err = errUnclosed
	case n.trailing:
		err = errTrailing
	default:
		n.MathML, err = Render(n.TeX, true)
	}
	if err != nil {
		src := "$$" + n.TeX
		if n.closed {
			src += "$$"
		}
		n.MathML = ""
		n.Err = &DocError{Line: lineOf(reader.Source(), n.Pos()), Source: src, Err: err}
	}
}

func (blockParser) CanInterruptParagraph() bool { return true }

func (blockParser) CanAcceptIndentedLine() bool { return false }

// htmlRenderer writes Inline and Block nodes.
type htmlRenderer struct{}

func (htmlRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindInline, renderInline)
	reg.Register(KindBlock, renderBlock)
}

func renderInline(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*Inline)
	if n.Display {
		_, _ = w.WriteString(`<span class="math-display" tabindex="0">`)
	}
	if n.Err != nil {
		writeError(w, n.Err)
	} else {
		_, _ = w.WriteString(n.MathML)
	}
	if n.Display {
		_, _ = w.WriteString(`</span>`)
	}
	return ast.WalkSkipChildren, nil
}

func renderBlock(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*Block)
	_, _ = w.WriteString(`<div class="math-display" tabindex="0">`)
	if n.Err != nil {
		writeError(w, n.Err)
	} else {
		_, _ = w.WriteString(n.MathML)
	}
	_, _ = w.WriteString("</div>\n")
	return ast.WalkSkipChildren, nil
}

// writeError writes a formula that did not convert: its source, visibly,
// with the message in data-error (app.css shows it after the source).
func writeError(w util.BufWriter, err error) {
	src := ""
	var de *DocError
	if errors.As(err, &de) {
		src = de.Source
	}
	_, _ = w.WriteString(`<code class="math-error" data-error="`)
	_, _ = w.WriteString(escape(err.Error()))
	_, _ = w.WriteString(`">`)
	_, _ = w.WriteString(escape(src))
	_, _ = w.WriteString(`</code>`)
}
