package i18n

import (
	"fmt"
	"html"
	"strings"
	"sync"

	"gaelab/lessons/mathml"
)

// Messages may hold math between dollar signs, in the lessons' TeX subset
// ("$s_{t+1}$"). T writes it as plain Unicode (sₜ₊₁), for text-only places:
// titles, options, attributes, SVG labels. HTML typesets it as MathML with
// the lessons' renderer, for headings, paragraphs and formula panels.

// plainCache and htmlCache are memos of pure functions, bounded by the
// catalog: their keys are its message templates, never formatted messages.
var (
	plainCache sync.Map // message template → its plain form
	htmlCache  sync.Map // message template → its HTML form (a format string)
)

// plainMessage replaces each $…$ (and $$…$$) of a message template by its
// Unicode form.
func plainMessage(msg string) string {
	if !strings.Contains(msg, "$") {
		return msg
	}
	if p, ok := plainCache.Load(msg); ok {
		return p.(string)
	}
	var b strings.Builder
	for j, seg := range strings.Split(msg, "$$") {
		if j%2 == 1 {
			b.WriteString(" " + mathml.Plain(seg) + " ")
			continue
		}
		for i, part := range strings.Split(seg, "$") {
			if i%2 == 1 {
				part = mathml.Plain(part)
			}
			b.WriteString(part)
		}
	}
	plainCache.Store(msg, b.String())
	return b.String()
}

// htmlMessage turns a message template into an HTML format string: text
// escaped, each $…$ rendered as inline MathML and each $$…$$ as a display
// formula in a box of its own that scrolls sideways when it is wider than
// the text (as the lessons' display maths: <span class="math-display"
// tabindex="0">, its cue in app.css; issue 35), with % doubled so that the
// formatting leaves it alone. Math the renderer refuses is shown plain.
func htmlMessage(msg string) string {
	if h, ok := htmlCache.Load(msg); ok {
		return h.(string)
	}
	var b strings.Builder
	for j, seg := range strings.Split(msg, "$$") {
		if j%2 == 1 {
			b.WriteString(`<span class="math-display" tabindex="0">`)
			b.WriteString(strings.ReplaceAll(Math(seg, true), "%", "%%"))
			b.WriteString(`</span>`)
			continue
		}
		for i, part := range strings.Split(seg, "$") {
			if i%2 == 0 {
				b.WriteString(html.EscapeString(part))
				continue
			}
			b.WriteString(strings.ReplaceAll(Math(part, false), "%", "%%"))
		}
	}
	htmlCache.Store(msg, b.String())
	return b.String()
}

// HTML returns the message for key as HTML: its text escaped, its math
// typeset as MathML, its arguments escaped (strings) or formatted (numbers).
// Arguments are never read as math: a learner's "$" stays a "$".
func (l Lang) HTML(key string, args ...any) string {
	msg, ok := lookup(l, key)
	if !ok {
		return html.EscapeString(msg)
	}
	f := htmlMessage(msg)
	if len(args) == 0 {
		return strings.ReplaceAll(f, "%%", "%")
	}
	esc := make([]any, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case string:
			esc[i] = html.EscapeString(a)
		case RawHTML:
			esc[i] = string(a)
		default:
			esc[i] = a
		}
	}
	return fmt.Sprintf(f, esc...)
}

// RawHTML is an argument to HTML that is already HTML (another message's
// HTML, a typeset formula) and is inserted as it is.
type RawHTML string

// Math typesets one TeX formula as inline MathML (display false) or a block
// (display true); a formula outside the subset is written as plain text.
func Math(tex string, display bool) string {
	m, err := mathml.Render(tex, display)
	if err != nil {
		return html.EscapeString(mathml.Plain(tex))
	}
	return m
}
