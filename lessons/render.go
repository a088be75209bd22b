package lessons

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"regexp"
	"slices"
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

	"gaelab/lessons/mathml"
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
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(codeRenderer{}, 100),
			util.Prioritized(termRenderer{}, 100), util.Prioritized(softBreaks{}, 100))),
	)
}

// Render turns one lesson file into its metadata, headings and parts.
// Structural mistakes (front matter, block syntax) are errors; a formula that
// does not render is shown as its source and listed in Problems. Render
// links no glossary terms: RenderLang does, for a lesson in a language.
func Render(src []byte) (*Lesson, error) { return RenderLang(src, "") }

// RenderLang is Render for a lesson in lang ("en" or "zh"): the first
// mention of each glossary term in its prose links to /glossary (terms.go).
func RenderLang(src []byte, lang string) (*Lesson, error) {
	meta, body, err := splitFrontMatter(src)
	if err != nil {
		return nil, err
	}
	md := markdown()
	ctx := parser.NewContext(parser.WithIDs(&unicodeIDs{seen: map[string]int{}}))
	doc := md.Parser().Parse(text.NewReader(body), parser.WithContext(ctx))
	linkTerms(doc, body, lang)
	l := &Lesson{Meta: meta}
	for i, o := range l.Objectives {
		// Objectives are one line each, with formulas in $…$ ("$\delta_t =
		// r_t + \gamma V(s_{t+1})$", written in Unicode) and `code`; only the
		// formulas are read as TeX, never a code span or an identifier.
		if l.Objectives[i], err = inline(md, mathml.PlainLine(o)); err != nil {
			return nil, fmt.Errorf("objectives: %w", err)
		}
	}
	var blocks []Part
	predicts, choices, widgets := 0, 0, 0
	var words float64 // minutes of reading
	ids := map[string]bool{}
	legacy := map[int]bool{}
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
			if !liveBlock(lang) {
				return ast.WalkSkipChildren, nil
			}
			content := blockText(n, body)
			var p Part
			var id string
			switch lang {
			case "scenario":
				if p.Scenario, err = parseScenario(content); err == nil {
					if p.Scenario.ID == "" {
						p.Scenario.ID = "w" + strconv.Itoa(widgets)
						widgets++
					}
					id = p.Scenario.ID
					p.Scenario.Hide = hideFor(blocks, "", p.Scenario.Link)
				}
			case "predict":
				if p.Predict, err = parsePredict(content); err == nil {
					p.Predict.Index = predicts
					predicts++
					id = p.Predict.ID
					err = renderPredict(md, p.Predict)
					if l := p.Predict.Legacy; err == nil && l >= 0 {
						if legacy[l] {
							err = fmt.Errorf("predict: legacy place %d given twice", l)
						}
						legacy[l] = true
					}
				}
			case "history", "answer":
				var b bytes.Buffer
				inner := md.Parser().Parse(text.NewReader([]byte(content)))
				if errs := mathProblems(inner); len(errs) > 0 {
					err = errs[0]
				} else if err = md.Renderer().Render(&b, []byte(content), inner); err == nil {
					p.Details = &Details{Kind: lang, HTML: b.String()}
					words += readingWords(content)
				}
				if err != nil {
					return ast.WalkStop, fmt.Errorf("block %d: %s: %w", len(blocks)+1, lang, err)
				}
				blocks = append(blocks, p)
				return ast.WalkSkipChildren, nil
			case "batch":
				if p.Batch, err = parseBatch(content); err == nil {
					id = "batch-" + p.Batch.ID
					p.Batch.Hide = hidesFor(blocks, p.Batch.Link)
				}
			case "variance":
				if p.Variance, err = parseVariance(content); err == nil {
					id = p.Variance.ID
				}
			case "traces":
				if p.Traces, err = parseTraces(content); err == nil {
					id = p.Traces.ID
				}
			case "weights":
				if p.Weights, err = parseWeights(content); err == nil {
					id = "weights-" + p.Weights.ID
				}
			case "choice":
				if p.Choice, err = parseChoice(content); err == nil {
					p.Choice.Index = choices
					choices++
					id = p.Choice.ID
					err = renderChoice(md, p.Choice)
				}
			}
			if err == nil && ids[id] {
				err = fmt.Errorf("%s: id %q given twice", lang, id)
			}
			ids[id] = true
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
	hideAhead(blocks)
	if err := hideAlso(blocks); err != nil {
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
	words += readingWords(proseOnly(body))
	l.Minutes = int(math.Ceil(words)) + predicts + choices
	return l, nil
}

// fence matches a fenced block, to leave it out of the reading time (the
// blocks that are read are counted on their own).
var fence = regexp.MustCompile("(?ms)^```.*?^```[ \t]*$")

// proseOnly is a lesson's Markdown without its fenced blocks.
func proseOnly(body []byte) string { return fence.ReplaceAllString(string(body), "") }

// readingWords is the reading time of a text in minutes: Chinese
// characters at 250 a minute, words of Latin script at 200.
func readingWords(s string) float64 {
	han, latin, inWord := 0, 0, false
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Han, r):
			han++
			inWord = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if !inWord {
				latin++
			}
			inWord = true
		default:
			inWord = false
		}
	}
	return float64(han)/250 + float64(latin)/200
}

// liveBlock reports whether a fenced block's language is a live block.
func liveBlock(lang string) bool {
	return lang == "scenario" || lang == "predict" || lang == "choice" || lang == "history" || lang == "answer" || lang == "variance" || lang == "batch" || lang == "traces" || lang == "weights"
}

// hideFor is the index of the predict block a scenario block placed right
// after it (with only prose between) hides the asked cell for, or -1: the
// question must be on a playground state (batch blocks: hidesFor), and on
// the scenario's own state, link for link (issue 36: a widget of another
// state gives nothing away and stays whole).
func hideFor(before []Part, on, link string) int {
	if n := len(before); n > 0 && before[n-1].Predict != nil && before[n-1].Predict.On == on && before[n-1].Predict.Link == link {
		return before[n-1].Predict.Index
	}
	return -1
}

// hideAhead gives a scenario block placed right before a predict block
// (with only prose between) on its own state, link for link, the question
// to hide for, as one placed right after it (hideFor): so that a lesson can
// draw its picture above its first question (issue 36, "every lesson shows a
// chart before its first question").
//
// A batch block with no question right above it does the same for the
// questions on its batch right after it, one after the other (only prose
// between), link for link: the capstone and the critic-free lesson draw the
// batch chart above their first questions.
func hideAhead(blocks []Part) {
	for i := 0; i+1 < len(blocks); i++ {
		s, q := blocks[i].Scenario, blocks[i+1].Predict
		if s != nil && s.Hide < 0 && q != nil && q.On == "" && q.Link == s.Link {
			s.Hide = q.Index
		}
		if b := blocks[i].Batch; b != nil && len(b.Hide) == 0 {
			for _, p := range blocks[i+1:] {
				if p.Predict == nil || p.Predict.On != OnBatch || p.Predict.Link != b.Link {
					break
				}
				b.Hide = append(b.Hide, p.Predict.Index)
			}
		}
	}
}

// hideAlso resolves each scenario block's hides: ids to the indexes of
// questions on its own state, link for link, above or below it (a widget
// further down the page shows a cell of an earlier question as plainly as
// one above a later question); another id is an error.
func hideAlso(blocks []Part) error {
	for _, b := range blocks {
		s := b.Scenario
		if s == nil {
			continue
		}
		for _, id := range s.Also {
			k := slices.IndexFunc(blocks, func(p Part) bool { return p.Predict != nil && p.Predict.ID == id })
			if k < 0 {
				return fmt.Errorf("scenario %s: hides: no question %q", s.ID, id)
			}
			q := blocks[k].Predict
			if q.On != "" || q.Link != s.Link {
				return fmt.Errorf("scenario %s: hides: question %q is on another state", s.ID, id)
			}
			s.AlsoHide = append(s.AlsoHide, q.Index)
		}
	}
	return nil
}

// renderPredict renders a predict block's Markdown lines.
func renderPredict(md goldmark.Markdown, p *Predict) error {
	var err error
	if p.Question, err = inline(md, p.Question); err != nil {
		return err
	}
	for i := range p.Wrong {
		for _, ref := range Placeholders(p.Wrong[i].Text) {
			if !ValidCell(p.On, ref) {
				return fmt.Errorf("predict: wrong: {%s} is not a cell of its state", ref)
			}
		}
		if p.Wrong[i].Text, err = inline(md, p.Wrong[i].Text); err != nil {
			return err
		}
	}
	if p.Hint != "" {
		if p.Hint, err = inline(md, p.Hint); err != nil {
			return err
		}
	}
	if p.Derivation != "" {
		for _, ref := range Placeholders(p.Derivation) {
			if !ValidCell(p.On, ref) {
				return fmt.Errorf("predict: derivation: {%s} is not a cell of its state", ref)
			}
		}
		if p.Derivation, err = inline(md, p.Derivation); err != nil {
			return err
		}
	}
	return nil
}

// renderChoice renders a choice block's Markdown lines.
func renderChoice(md goldmark.Markdown, c *Choice) error {
	var err error
	if c.Question, err = inline(md, c.Question); err != nil {
		return err
	}
	if c.Explain != "" {
		if c.Explain, err = inline(md, c.Explain); err != nil {
			return err
		}
	}
	for i := range c.Options {
		if c.Options[i].Text, err = inline(md, c.Options[i].Text); err != nil {
			return err
		}
		if c.Options[i].Diagnosis != "" {
			if c.Options[i].Diagnosis, err = inline(md, c.Options[i].Diagnosis); err != nil {
				return err
			}
		}
	}
	return nil
}

// placeholder is a cell placeholder "{row.t}" (on a batch also
// "{row.i.t}") in a derivation or a diagnosis; braces of math ("e^{x}",
// "\text{KL}") do not match it.
var placeholder = regexp.MustCompile(`\{([a-z]+\.[0-9]+(?:\.[0-9]+)?)\}`)

// Placeholders lists the "{row.t}" placeholders of a line, in order.
func Placeholders(s string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
}

// inline renders one line of Markdown (a question) without its paragraph;
// a formula in it that does not render is an error, and so is a line that
// is not one paragraph ("# …", "- …", "> …", "---"): the page puts the
// question inside a <p>, where a block element would break the page.
func inline(md goldmark.Markdown, src string) (string, error) {
	doc := md.Parser().Parse(text.NewReader([]byte(src)))
	if _, ok := doc.FirstChild().(*ast.Paragraph); !ok || doc.ChildCount() != 1 {
		return "", fmt.Errorf("%q is not one line of inline Markdown", src)
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
	if liveBlock(lang) {
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
