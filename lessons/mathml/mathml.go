// Package mathml turns the lessons' TeX formulas into MathML on the server,
// in pure Go, and plugs that into goldmark as the "$…$" and "$$…$$" syntax.
//
// [Render] converts one formula:
//
//	mathml.Render(`A_t = \delta_t + \gamma\lambda A_{t+1}`, false)
//
// returns a <math> element in the MathML Core vocabulary (the part of MathML
// that Chromium, Firefox and Safari all draw), with the TeX source kept in a
// <semantics> annotation so that copying the formula and screen readers can
// still reach it. The output depends only on the input: the same TeX always
// gives the same bytes.
//
// # The TeX subset
//
// Only the subset listed in lessons/README.md ("Math") renders; anything else
// is an [*Error] naming what and where (a byte offset into the TeX), never a
// guess and never a panic:
//
//   - letters (each an italic <mi>), numbers ("0.95" is one <mn>), the
//     characters + - = < > ( ) [ ] , . / | ' ! and \{ \}; spaces are ignored
//   - x_t, x_{t+1}, x^2, x_t^2, x' (primes)
//   - Greek letters \alpha … \omega and \Gamma … \Omega (all of them, with
//     \epsilon ϵ, \varepsilon ε, \phi ϕ, \varphi φ, \vartheta, \varrho)
//   - \frac{a}{b}, \sqrt{x}, \sqrt[n]{x}, \hat{A}, \bar{s}, \tilde{x}
//   - \sum and \prod (limits under and over in display style, scripts in
//     text style), \min and \max (the same), \log, \exp,
//     \operatorname{clip}: one upright word followed by U+2061 FUNCTION
//     APPLICATION, with TeX's thin spaces around it
//   - \mathbb{E}, \mathbf{x} (Unicode mathematical alphanumerics),
//     \mathrm{KL} (upright), \text{…} (any Unicode text, in <mtext>)
//   - the symbols \cdot \times \pm \mp \le \leq \ge \geq \ne \neq \approx
//     \equiv \to \gets \leftarrow \rightarrow \Rightarrow \infty \ldots
//     \cdots \dots \lvert \rvert \lVert \rVert \mid \in \notin \forall \exists
//     \partial \nabla and the spaces \quad \qquad \, \; \!
//   - \left( … \right) with ( ) [ ] | . \{ \} \lvert \rvert \lVert \rVert:
//     stretchy fences
//   - \begin{aligned} a &= b \\ &= c \end{aligned}: an <mtable> with
//     columns aligned right, left, right, left…
//   - \underbrace{…}_{…} and \overbrace{…}^{…}
//
// Brackets written without \left and \right never stretch, as in TeX.
//
// # Markdown
//
// [Extension] adds "$…$" (inline) and "$$…$$" (display) math to a goldmark
// parser and renderer. Formulas are converted while the document is parsed;
// one that fails to convert is rendered as its source in
// <code class="math-error" data-error="…">, and its error is kept in the
// AST, where [Errors] finds it, so that a test can fail on it:
//
//	md := goldmark.New(goldmark.WithExtensions(mathml.Extension))
//	doc := md.Parser().Parse(text.NewReader(src))
//	if errs := mathml.Errors(doc); len(errs) > 0 { … }
//	err := md.Renderer().Render(&buf, src, doc)
package mathml

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Namespace is the MathML namespace, on every <math> element Render returns.
const Namespace = "http://www.w3.org/1998/Math/MathML"

// An Error is a formula that Render cannot convert: a command or character
// outside the subset, or TeX that does not parse.
type Error struct {
	Pos int    // byte offset in the TeX source of the offending part
	Msg string // what is wrong, without the position
}

// Error returns a message like `mathml: unknown command \foo at 12`.
func (e *Error) Error() string {
	return fmt.Sprintf("mathml: %s at %d", e.Msg, e.Pos)
}

// Render converts the TeX formula tex into a <math> element. display chooses
// display style (a centred block, large operators with limits under and
// over) over text style (inline in a line of prose).
//
// The formula's source is kept in <annotation encoding="application/x-tex">.
// An error is always an [*Error]; the string is then empty.
func Render(tex string, display bool) (string, error) {
	if !utf8.ValidString(tex) {
		for i, r := range tex {
			if r == utf8.RuneError {
				if _, size := utf8.DecodeRuneInString(tex[i:]); size == 1 {
					return "", &Error{Pos: i, Msg: "invalid UTF-8"}
				}
			}
		}
	}
	p := &texParser{src: tex, display: display}
	list, err := p.parseList(0)
	if err != nil {
		return "", err
	}
	if !p.eof() {
		return "", p.unexpected()
	}

	var b strings.Builder
	b.WriteString(`<math xmlns="` + Namespace + `" display="`)
	if display {
		b.WriteString("block")
	} else {
		b.WriteString("inline")
	}
	b.WriteString(`"><semantics>`)
	row(list).write(&b)
	b.WriteString(`<annotation encoding="application/x-tex">`)
	b.WriteString(escape(tex))
	b.WriteString(`</annotation></semantics></math>`)
	return b.String(), nil
}

// node is one MathML element: a token element holds text, the others hold
// children.
type node struct {
	tag   string
	attrs []string // name, value, name, value…: written in this order
	text  string
	kids  []*node
}

func (n *node) write(b *strings.Builder) {
	b.WriteByte('<')
	b.WriteString(n.tag)
	for i := 0; i+1 < len(n.attrs); i += 2 {
		b.WriteByte(' ')
		b.WriteString(n.attrs[i])
		b.WriteString(`="`)
		b.WriteString(escape(n.attrs[i+1]))
		b.WriteByte('"')
	}
	b.WriteByte('>')
	b.WriteString(escape(n.text))
	for _, k := range n.kids {
		k.write(b)
	}
	b.WriteString("</")
	b.WriteString(n.tag)
	b.WriteByte('>')
}

// setAttr sets attribute name, replacing an earlier value.
func (n *node) setAttr(name, value string) {
	for i := 0; i+1 < len(n.attrs); i += 2 {
		if n.attrs[i] == name {
			n.attrs[i+1] = value
			return
		}
	}
	n.attrs = append(n.attrs, name, value)
}

func token(tag, text string, attrs ...string) *node {
	return &node{tag: tag, text: text, attrs: attrs}
}

func elem(tag string, kids ...*node) *node {
	return &node{tag: tag, kids: kids}
}

// row returns the one node of list, or an <mrow> of all of them.
func row(list []*node) *node {
	if len(list) == 1 {
		return list[0]
	}
	return elem("mrow", list...)
}

// escaper makes text safe in XML and HTML content and in quoted attribute
// values. A carriage return is written as a reference so that it survives
// XML's line-end normalisation inside the annotation.
var escaper = strings.NewReplacer(
	"&", "&amp;",
	"<", "&lt;",
	">", "&gt;",
	`"`, "&quot;",
	"\r", "&#xD;",
)

func escape(s string) string {
	return escaper.Replace(s)
}
