package lessons

import (
	"bytes"
	"fmt"
	"html"
	"strconv"
	"strings"
	"unicode"

	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// marker separates rendered HTML from a live block's place; goldmark never
// emits a NUL byte, so it cannot collide with lesson text.
const marker = "\x00"

// markdown is the course's Markdown: CommonMark, GitHub tables and
// strikethrough, math, heading ids and highlighted code with CSS classes.
func markdown() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough, mathExtension,
			extension.NewCJK(extension.WithEastAsianLineBreaks())), // no space where a Chinese line wraps
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(codeRenderer{}, 100))),
	)
}

// Render turns one lesson file into its metadata, headings and parts.
// Structural mistakes (front matter, block syntax) are errors; a formula that
// does not render is shown as its source and listed in Problems.
func Render(src []byte) (*Lesson, error) {
	meta, body, err := splitFrontMatter(src)
	if err != nil {
		return nil, err
	}
	md := markdown()
	ctx := parser.NewContext(parser.WithIDs(&unicodeIDs{seen: map[string]int{}}))
	doc := md.Parser().Parse(text.NewReader(body), parser.WithContext(ctx))
	l := &Lesson{Meta: meta}
	var blocks []Part
	predicts := 0
	err = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if n.Level == 2 || n.Level == 3 {
				id, _ := n.AttributeString("id")
				l.Headings = append(l.Headings, Heading{Level: n.Level, ID: string(id.([]byte)), Text: plainText(n, body)})
			}
		case *ast.FencedCodeBlock:
			lang := string(n.Language(body))
			if lang != "scenario" && lang != "predict" {
				return ast.WalkSkipChildren, nil
			}
			content := blockText(n, body)
			var p Part
			if lang == "scenario" {
				p.Scenario, err = parseScenario(content)
			} else if p.Predict, err = parsePredict(content); err == nil {
				p.Predict.Index = predicts
				predicts++
				p.Predict.Question, err = inline(md, p.Predict.Question)
			}
			if err != nil {
				return ast.WalkStop, fmt.Errorf("block %d: %w", len(blocks)+1, err)
			}
			blocks = append(blocks, p)
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := md.Renderer().Render(&out, body, doc); err != nil {
		return nil, err
	}
	pieces := strings.Split(out.String(), marker)
	if len(pieces) != len(blocks)+1 {
		return nil, fmt.Errorf("internal: %d block markers for %d blocks", len(pieces)-1, len(blocks))
	}
	for i, html := range pieces {
		if strings.TrimSpace(html) != "" {
			l.Parts = append(l.Parts, Part{HTML: html})
		}
		if i < len(blocks) {
			l.Parts = append(l.Parts, blocks[i])
		}
	}
	l.Problems = mathProblems(doc)
	return l, nil
}

// inline renders one line of Markdown (a question) without its paragraph;
// a formula in it that does not render is an error, and so is a line that
// is not one paragraph ("# …", "- …", "> …", "---"): the page puts the
// question inside a <p>, where a block element would break the page.
func inline(md goldmark.Markdown, src string) (string, error) {
	doc := md.Parser().Parse(text.NewReader([]byte(src)))
	if _, ok := doc.FirstChild().(*ast.Paragraph); !ok || doc.ChildCount() != 1 {
		return "", fmt.Errorf("predict: question %q is not one line of inline Markdown", src)
	}
	if errs := mathProblems(doc); len(errs) > 0 {
		return "", errs[0]
	}
	var b bytes.Buffer
	if err := md.Renderer().Render(&b, []byte(src), doc); err != nil {
		return "", err
	}
	s := strings.TrimSpace(b.String())
	s = strings.TrimPrefix(s, "<p>")
	return strings.TrimSuffix(s, "</p>"), nil
}

// blockText is the raw content of a fenced block.
func blockText(n *ast.FencedCodeBlock, src []byte) string {
	var b strings.Builder
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		b.Write(seg.Value(src))
	}
	return b.String()
}

// plainText is a node's text without markup.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); entering && ok {
			b.Write(t.Segment.Value(src))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// unicodeIDs makes heading ids from their text, keeping Chinese and other
// letters: "## 时间差分误差" → "时间差分误差", "## TD error δ_t" → "td-error-δ_t".
type unicodeIDs struct{ seen map[string]int }

func (u *unicodeIDs) Generate(value []byte, _ ast.NodeKind) []byte {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(string(value)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	id := b.String()
	if id == "" {
		id = "section"
	}
	if n := u.seen[id]; n > 0 {
		u.seen[id] = n + 1
		id += "-" + strconv.Itoa(n)
	} else {
		u.seen[id] = 1
	}
	return []byte(id)
}

func (u *unicodeIDs) Put(value []byte) { u.seen[string(value)]++ }

// codeRenderer renders fenced code: live blocks become markers, code in a
// known language is highlighted with CSS classes (no inline styles).
type codeRenderer struct{}

func (codeRenderer) RegisterFuncs(r renderer.NodeRendererFuncRegisterer) {
	r.Register(ast.KindFencedCodeBlock, renderCode)
}

var highlighter = chromahtml.New(chromahtml.WithClasses(true), chromahtml.ClassPrefix("hl-"),
	chromahtml.WithPreWrapper(focusablePre{}))

// focusablePre writes the <pre> around highlighted code with tabindex="0", as
// renderCode does for plain code: a long line scrolls sideways inside the
// <pre>, and a keyboard can only scroll what it can focus.
type focusablePre struct{}

func (focusablePre) Start(code bool, styleAttr string) string {
	if code {
		return `<pre tabindex="0"` + styleAttr + `><code>`
	}
	return `<pre tabindex="0"` + styleAttr + `>`
}

func (focusablePre) End(code bool) string {
	if code {
		return "</code></pre>"
	}
	return "</pre>"
}

func renderCode(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.FencedCodeBlock)
	lang := string(n.Language(src))
	if lang == "scenario" || lang == "predict" {
		w.WriteString(marker)
		return ast.WalkSkipChildren, nil
	}
	code := blockText(n, src)
	if lexer := lexers.Get(lang); lexer != nil && lang != "" {
		if it, err := lexer.Tokenise(nil, code); err == nil {
			var b bytes.Buffer
			if highlighter.Format(&b, styles.Fallback, it) == nil {
				w.Write(b.Bytes())
				return ast.WalkSkipChildren, nil
			}
		}
	}
	w.WriteString(`<pre tabindex="0"><code>`)
	w.WriteString(html.EscapeString(code))
	w.WriteString("</code></pre>\n")
	return ast.WalkSkipChildren, nil
}
