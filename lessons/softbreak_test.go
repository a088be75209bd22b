package lessons

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"gaelab/lessons/mathml"
)

// readerText is what a reader sees of trusted HTML: MathML as its
// characters (not its TeX annotation), no glossary tooltips, whitespace
// runs as one space.
func readerText(t *testing.T, html string) string {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(html))
	if err != nil {
		t.Fatal(err)
	}
	doc.Find("annotation, .term-def").Remove()
	return strings.Join(strings.Fields(doc.Text()), " ")
}

// mathText is what a reader sees of an inline formula.
func mathText(t *testing.T, tex string) string {
	m, err := mathml.Render(tex, false)
	if err != nil {
		return ""
	}
	return readerText(t, m)
}

// startsBlock reports whether a Markdown line opens a new block instead of
// continuing the paragraph above it.
var startsBlock = regexp.MustCompile("^\\s*([-*+] |[0-9]+\\. |#|>|\\||```|\\$\\$|---|$)")

// mathTail and mathHead are a formula that ends a line (with its
// punctuation) and one that starts a line.
var (
	mathTail = regexp.MustCompile(`\$([^$]+)\$([.,;:)]*)$`)
	mathHead = regexp.MustCompile(`^\$([^$]+)\$`)
)

// visible is a word of Markdown as the reader sees it: without its
// emphasis and code marks; false for a word it cannot tell (a link, a
// formula's piece).
func visible(word string) (string, bool) {
	if strings.ContainsAny(word, "${") || strings.Contains(word, "](") {
		return "", false
	}
	return strings.NewReplacer("*", "", "`", "").Replace(word), true
}

// softBreakPairs lists, for every line of a lesson's prose that wraps
// inside a paragraph (answers and history included), what the reader must
// see across the break: the line's last word, a space unless both sides
// are Chinese, and the next line's first word.
func softBreakPairs(t *testing.T, body string) []string {
	var out []string
	lines := strings.Split(body, "\n")
	fence, inDisplay := "", false // fence: the open fence's first line
	for i := 0; i+1 < len(lines); i++ {
		line := lines[i]
		trim := strings.TrimSpace(line)
		if strings.HasPrefix(trim, "```") {
			if fence == "" {
				fence = trim
			} else {
				fence = ""
			}
			continue
		}
		// answer and history blocks hold Markdown prose; the others do not
		inFence := fence != "" && fence != "```answer" && fence != "```history"
		if trim == "$$" || strings.HasPrefix(trim, "$$") && !strings.HasSuffix(trim, "$$") || inDisplay && strings.HasSuffix(trim, "$$") {
			inDisplay = !inDisplay
			continue
		}
		next := lines[i+1]
		if inFence || inDisplay || trim == "" || strings.HasPrefix(trim, "#") || strings.HasPrefix(trim, "|") ||
			strings.HasSuffix(line, "  ") || strings.HasSuffix(line, `\`) || startsBlock.MatchString(next) ||
			strings.Count(line, "$")%2 == 1 {
			continue
		}
		fields, nf := strings.Fields(line), strings.Fields(next)
		tail, ok := "", false
		if m := mathTail.FindStringSubmatch(trim); m != nil {
			tail, ok = mathText(t, m[1])+m[2], true
		} else {
			tail, ok = visible(fields[len(fields)-1])
		}
		head, ok2 := "", false
		if m := mathHead.FindStringSubmatch(strings.TrimSpace(next)); m != nil {
			head, ok2 = mathText(t, m[1]), true
		} else {
			head, ok2 = visible(nf[0])
		}
		if !ok || !ok2 || tail == "" || head == "" {
			continue
		}
		a, _ := utf8.DecodeLastRuneInString(tail)
		b, _ := utf8.DecodeRuneInString(head)
		sep := " "
		if util.IsEastAsianWideRune(a) && util.IsEastAsianWideRune(b) {
			sep = ""
		}
		out = append(out, tail+sep+head)
	}
	return out
}

// Issue 25, error 15: a line that wraps inside a paragraph keeps its space
// before and after bold, a formula, code or a glossary link ("an action",
// "exactly Gₜ", "Hint: The"), in every lesson of both languages; a wrap
// between two Chinese characters adds none.
func TestSoftBreaksKeepTheirSpace(t *testing.T) {
	for _, lang := range Langs {
		paths, _ := fs.Glob(files, lang+"/*.md")
		checked := 0
		for _, p := range paths {
			src, _ := fs.ReadFile(files, p)
			l, err := RenderLang(src, lang)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, part := range l.Parts {
				b.WriteString(part.HTML + "\n")
				if part.Details != nil {
					b.WriteString(part.Details.HTML + "\n")
				}
			}
			text := readerText(t, b.String())
			_, body, _ := splitFrontMatter(src)
			for _, want := range softBreakPairs(t, string(body)) {
				checked++
				if !strings.Contains(text, want) {
					t.Errorf("%s: the reader does not see %q across a line break", path.Base(p), want)
				}
			}
		}
		if checked < 20 {
			t.Errorf("%s: only %d line breaks checked", lang, checked)
		}
	}
}

// The renderer's rule on its own: a space where a line wraps, except
// between two Chinese characters; before and after bold, formulas, code
// and emphasis as before plain text.
func TestSoftBreakRule(t *testing.T) {
	for src, want := range map[string]string{
		"an\n**action**":       "an action",
		"exactly\n$G_t$ here":  "exactly Gt here",
		"**Hint:**\nThe":       "Hint: The",
		"run\n`masked_whiten`": "run masked_whiten",
		"中文\n中文":               "中文中文",
		"中文\n**粗体**":           "中文粗体",
		"**粗体**\n中文":           "粗体中文",
		"第\n$t$ 个":             "第 t 个",
		"word\n中文":             "word 中文",
	} {
		var b strings.Builder
		md := markdown()
		if err := md.Renderer().Render(&b, []byte(src), md.Parser().Parse(text.NewReader([]byte(src)))); err != nil {
			t.Fatal(err)
		}
		if got := readerText(t, b.String()); got != want {
			t.Errorf("%q reads %q, want %q", src, got, want)
		}
	}
}
