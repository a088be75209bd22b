package lessons

import (
	"bytes"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"gaelab/lessons/glossary"
	"gaelab/lessons/mathml"
)

// Glossary terms in a lesson's prose link to their entry on /glossary, with
// the one-line definition beside the link for hover and keyboard focus: the
// first time a lesson names a term (by its name in the lesson's language,
// a plural or an accepted short form), outside headings, links, code and
// formulas, the name becomes
//
//	<a class="term" href="#term-def-3" aria-describedby="term-def-3">advantage</a><span class="term-def" id="term-def-3">… <a class="term-entry" href="/glossary?lang=en#term-advantage">advantage</a></span>
//
// The stylesheet shows the definition, a popover with the link to the
// term's glossary entry, while the term is hovered or focused and, without
// JavaScript, once it is tapped (the definition is the page's :target;
// issue 36: a tap jumped to the glossary); static/terms.js hides it again
// on Escape. The description reaches screen readers through
// aria-describedby. The blocks (questions, history
// notes, answers) are left as written, so a question's text is the same
// wherever it is shown.

// KindTerm is the AST kind of a glossary term link.
var KindTerm = ast.NewNodeKind("GlossaryTerm")

// termNode is a glossary term link; its children are the text as written.
type termNode struct {
	ast.BaseInline
	id, lang string
	n        int // numbers the definition's element id within the lesson
}

func (n *termNode) Kind() ast.NodeKind { return KindTerm }

func (n *termNode) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"id": n.id}, nil)
}

// termPattern is one way a lesson may name a term.
type termPattern struct {
	id     string
	name   string
	lower  []byte // the name in ASCII lower case: a cheap test before the regexp
	re     *regexp.Regexp
	longer []*regexp.Regexp // names of other terms that contain this one
}

// termPatterns are the glossary's names in a language, longest first.
func termPatterns(lang string) []termPattern {
	type named struct{ id, name string }
	var names []named
	for _, t := range glossary.All() {
		names = append(names, named{t.ID, t.Name(lang)})
		if lang == "zh" {
			for _, a := range t.ZhAlso {
				names = append(names, named{t.ID, a})
			}
		}
	}
	slices.SortStableFunc(names, func(a, b named) int { return len(b.name) - len(a.name) })
	word := func(name string) *regexp.Regexp {
		q := `(?i)` + regexp.QuoteMeta(name)
		if lang != "zh" {
			q += `(?:s|es)?` // plurals: "advantages", "returns"
		}
		return regexp.MustCompile(q)
	}
	var ps []termPattern
	for _, n := range names {
		p := termPattern{id: n.id, name: n.name, lower: asciiLower([]byte(n.name)), re: word(n.name)}
		for _, m := range names {
			if m.id != n.id && len(m.name) > len(n.name) && strings.Contains(strings.ToLower(m.name), strings.ToLower(n.name)) {
				p.longer = append(p.longer, regexp.MustCompile(`(?i)`+regexp.QuoteMeta(m.name)))
			}
		}
		ps = append(ps, p)
	}
	return ps
}

var patternsByLang = map[string][]termPattern{"en": termPatterns("en"), "zh": termPatterns("zh")}

// linkTerms turns the first mention of each glossary term in doc's prose
// into a term link. A lang without patterns links nothing.
func linkTerms(doc ast.Node, src []byte, lang string) {
	ps := patternsByLang[lang]
	if ps == nil {
		return
	}
	var texts []*ast.Text
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.Kind() {
		case ast.KindHeading, ast.KindLink, ast.KindAutoLink, ast.KindCodeSpan, ast.KindFencedCodeBlock,
			ast.KindCodeBlock, ast.KindHTMLBlock, ast.KindRawHTML, ast.KindImage, mathml.KindInline, mathml.KindBlock:
			return ast.WalkSkipChildren, nil
		case ast.KindText:
			texts = append(texts, n.(*ast.Text))
		}
		return ast.WalkContinue, nil
	})
	done := map[string]bool{}
	count := 0
	for _, t := range texts {
		// The first mention of each term not linked yet, without overlaps
		// (longer names first), then split from the right so that the text
		// node keeps the part before each split.
		s := t.Segment.Value(src)
		lower := asciiLower(s)
		var found [][3]int // start, end, pattern index
		for i, p := range ps {
			if done[p.id] || !bytes.Contains(lower, p.lower) {
				continue
			}
			at, end, ok := p.find(s)
			if !ok || slices.ContainsFunc(found, func(f [3]int) bool { return at < f[1] && f[0] < end }) {
				continue
			}
			done[p.id] = true
			found = append(found, [3]int{at, end, i})
		}
		slices.SortFunc(found, func(a, b [3]int) int { return a[0] - b[0] })
		nodes := make([]*termNode, len(found))
		for i, f := range found {
			count++
			nodes[i] = &termNode{id: ps[f[2]].id, lang: lang, n: count}
		}
		for i := len(found) - 1; i >= 0; i-- {
			splitText(t, found[i][0], found[i][1], nodes[i])
		}
	}
}

// find is the first mention of p in s that is not part of a longer term's
// name, as byte offsets of the name itself.
func (p termPattern) find(s []byte) (int, int, bool) {
	var blocked [][]int
	for _, l := range p.longer {
		blocked = append(blocked, l.FindAllIndex(s, -1)...)
	}
	for _, m := range p.re.FindAllIndex(s, -1) {
		at, end := m[0], m[1]
		if at > 0 && asciiWord(s[at-1]) || end < len(s) && asciiWord(s[end]) {
			continue // part of a longer word: "statement", "valued"
		}
		inside := false
		for _, b := range blocked {
			if at >= b[0] && end <= b[1] {
				inside = true
			}
		}
		if !inside {
			return at, end, true
		}
	}
	return 0, 0, false
}

// asciiLower is s with ASCII letters in lower case, byte for byte (so
// offsets into it are offsets into s).
func asciiLower(s []byte) []byte {
	out := make([]byte, len(s))
	for i, c := range s {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// asciiWord reports an ASCII letter, digit, '_' or '-', which continue a word.
func asciiWord(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
}

// splitText puts term around bytes [at, end) of t's text: t keeps what is
// before, the term holds the name, and a new text node after it holds the
// rest (returned, so that later terms are looked for there too).
func splitText(t *ast.Text, at, end int, term *termNode) *ast.Text {
	parent := t.Parent()
	seg := t.Segment
	name := ast.NewTextSegment(text.NewSegment(seg.Start+at, seg.Start+end))
	term.AppendChild(term, name)
	rest := ast.NewTextSegment(text.NewSegment(seg.Start+end, seg.Stop))
	rest.SetSoftLineBreak(t.SoftLineBreak())
	rest.SetHardLineBreak(t.HardLineBreak())
	rest.SetRaw(t.IsRaw())
	t.Segment = text.NewSegment(seg.Start, seg.Start+at)
	t.SetSoftLineBreak(false)
	t.SetHardLineBreak(false)
	parent.InsertAfter(parent, t, term)
	parent.InsertAfter(parent, term, rest)
	return rest
}

// termRenderer writes term links and their definitions.
type termRenderer struct{}

func (termRenderer) RegisterFuncs(r renderer.NodeRendererFuncRegisterer) {
	r.Register(KindTerm, renderTerm)
}

func renderTerm(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*termNode)
	def := "term-def-" + strconv.Itoa(n.n)
	if entering {
		w.WriteString(`<a class="term" href="#` + def + `" aria-describedby="` + def + `" data-term="` + html.EscapeString(n.id) + `">`)
		return ast.WalkContinue, nil
	}
	g, _ := glossary.Lookup(n.id)
	w.WriteString(`</a><span class="term-def" id="` + def + `">` + html.EscapeString(g.DefText(n.lang)) +
		` <a class="term-entry" href="/glossary?lang=` + n.lang + `#term-` + html.EscapeString(n.id) + `">` +
		html.EscapeString(g.Name(n.lang)) + `</a></span>`)
	return ast.WalkContinue, nil
}
