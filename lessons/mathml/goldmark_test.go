package mathml

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// convert parses and renders src with the extension, as the lessons
// pipeline does, and returns the HTML and the formulas' errors.
func convert(t *testing.T, src string) (string, []error) {
	t.Helper()
	md := goldmark.New(goldmark.WithExtensions(Extension))
	doc := md.Parser().Parse(text.NewReader([]byte(src)))
	errs := Errors(doc)
	var buf bytes.Buffer
	if err := md.Renderer().Render(&buf, []byte(src), doc); err != nil {
		t.Fatalf("render: %v", err)
	}
	return buf.String(), errs
}

// mathOf returns what Render gives for tex, for building expected HTML.
func mathOf(t *testing.T, tex string, display bool) string {
	t.Helper()
	out, err := Render(tex, display)
	if err != nil {
		t.Fatalf("Render(%q): %v", tex, err)
	}
	return out
}

func TestMarkdownInline(t *testing.T) {
	tests := []struct {
		name, src string
		want      func(t *testing.T) string
	}{
		{"inline", "The advantage $A_t$ of token $t$.",
			func(t *testing.T) string {
				return "<p>The advantage " + mathOf(t, "A_t", false) + " of token " + mathOf(t, "t", false) + ".</p>\n"
			}},
		{"escaped dollars", `Costs \$5 and \$x\$ here.`,
			func(t *testing.T) string { return "<p>Costs $5 and $x$ here.</p>\n" }},
		{"currency", "It costs $5 and $10, or $ 3.",
			func(t *testing.T) string { return "<p>It costs $5 and $10, or $ 3.</p>\n" }},
		{"currency then math", "From $5 to $x$.",
			func(t *testing.T) string { return "<p>From $5 to " + mathOf(t, "x", false) + ".</p>\n" }},
		{"closing dollar before a digit", "$a$5 and $b$",
			func(t *testing.T) string { return "<p>$a$5 and " + mathOf(t, "b", false) + "</p>\n" }},
		{"unclosed", "A lone $x here.",
			func(t *testing.T) string { return "<p>A lone $x here.</p>\n" }},
		{"over two lines of a paragraph", "Here $a +\nb$ ends.",
			func(t *testing.T) string { return "<p>Here " + mathOf(t, "a +\nb", false) + " ends.</p>\n" }},
		{"not across a blank line", "One $a\n\nb$ two.",
			func(t *testing.T) string { return "<p>One $a</p>\n<p>b$ two.</p>\n" }},
		{"math wins over emphasis", "_a $x_t + y_t$ b_ and *c*",
			func(t *testing.T) string {
				return "<p><em>a " + mathOf(t, "x_t + y_t", false) + " b</em> and <em>c</em></p>\n"
			}},
		{"underscores stay math", "$x_t$ and $y_t$",
			func(t *testing.T) string {
				return "<p>" + mathOf(t, "x_t", false) + " and " + mathOf(t, "y_t", false) + "</p>\n"
			}},
		{"code span wins", "`$x$` and $y$",
			func(t *testing.T) string { return "<p><code>$x$</code> and " + mathOf(t, "y", false) + "</p>\n" }},
		{"display inside a paragraph", "so $$\\sum_k x_k$$ here",
			func(t *testing.T) string {
				return `<p>so <span class="math-display" tabindex="0">` + mathOf(t, `\sum_k x_k`, true) + "</span> here</p>\n"
			}},
		{"in a heading", "## The advantage $A_t$",
			func(t *testing.T) string { return "<h2>The advantage " + mathOf(t, "A_t", false) + "</h2>\n" }},
		{"in a list and a table cell", "- $a$\n\n| x |\n| - |\n| $b$ |\n",
			func(t *testing.T) string {
				return "<ul>\n<li>" + mathOf(t, "a", false) + "</li>\n</ul>\n<p>| x |\n| - |\n| " + mathOf(t, "b", false) + " |</p>\n"
			}},
		{"less-than escaped in annotation", "$a<b$",
			func(t *testing.T) string { return "<p>" + mathOf(t, "a<b", false) + "</p>\n" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs := convert(t, tt.src)
			want := tt.want(t)
			if got != want {
				t.Errorf("convert(%q) =\n%s\nwant\n%s", tt.src, got, want)
			}
			if len(errs) != 0 {
				t.Errorf("convert(%q): errors %v, want none", tt.src, errs)
			}
		})
	}
}

func TestMarkdownBlock(t *testing.T) {
	tests := []struct {
		name, src, tex string
		before, after  string
	}{
		{"own lines", "$$\nA_t = \\delta_t\n$$\n", `A_t = \delta_t`, "", ""},
		{"one line", "$$A_t$$\n", `A_t`, "", ""},
		{"one line with spaces", "  $$ A_t $$  \n", `A_t`, "", ""},
		{"content on the opening line", "$$ a +\n b $$\n", "a +\n b", "", ""},
		{"aligned over lines", "$$\n\\begin{aligned}\na &= b \\\\\n&= c\n\\end{aligned}\n$$\n",
			"\\begin{aligned}\na &= b \\\\\n&= c\n\\end{aligned}", "", ""},
		{"interrupts a paragraph", "We have\n$$\nx\n$$\nso.\n", "x", "<p>We have</p>\n", "<p>so.</p>\n"},
		{"in a list item", "- item\n\n  $$\n  x\n  $$\n", "x", "<ul>\n<li>\n<p>item</p>\n", "</li>\n</ul>\n"},
		{"in a block quote", "> $$\n> x\n> $$\n", "x", "<blockquote>\n", "</blockquote>\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs := convert(t, tt.src)
			want := tt.before + `<div class="math-display" tabindex="0">` + mathOf(t, tt.tex, true) + "</div>\n" + tt.after
			if got != want {
				t.Errorf("convert(%q) =\n%s\nwant\n%s", tt.src, got, want)
			}
			if len(errs) != 0 {
				t.Errorf("convert(%q): errors %v, want none", tt.src, errs)
			}
		})
	}
}

func TestMarkdownBlockNotMath(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"dollars in fenced code", "```\n$$\nx\n$$\n```\n", "<pre><code>$$\nx\n$$\n</code></pre>\n"},
		{"indented code", "    $$x$$\n", "<pre><code>$$x$$\n</code></pre>\n"},
		{"one dollar", "$5 is the price\n", "<p>$5 is the price</p>\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs := convert(t, tt.src)
			if got != tt.want || len(errs) != 0 {
				t.Errorf("convert(%q) =\n%s (errors %v)\nwant\n%s", tt.src, got, errs, tt.want)
			}
		})
	}
}

// TestMarkdownErrors checks that a formula that does not convert shows its
// source and its message, and that Errors reports it with its line.
func TestMarkdownErrors(t *testing.T) {
	tests := []struct {
		name, src string
		wantHTML  string
		wantErrs  []string
	}{
		{"inline unknown command", "# T\n\nSee $\\foo x$ here.\n",
			"<h1>T</h1>\n<p>See " + `<code class="math-error" data-error="mathml: line 3: $\foo x$: unknown command \foo at 0">$\foo x$</code>` + " here.</p>\n",
			[]string{`mathml: line 3: $\foo x$: unknown command \foo at 0`}},
		{"display unbalanced", "$$\n\\frac{a}{b\n$$\n",
			`<div class="math-display" tabindex="0"><code class="math-error" data-error="mathml: line 1: $$\frac{a}{b$$: unclosed { at 8">$$\frac{a}{b$$</code></div>` + "\n",
			[]string{`mathml: line 1: $$\frac{a}{b$$: unclosed { at 8`}},
		{"display not closed", "text\n\n$$\nx\n\nmore\n",
			"<p>text</p>\n" + `<div class="math-display" tabindex="0"><code class="math-error" data-error="mathml: line 3: $$x: $$ is not closed by $$ before a blank line or the end of the document">$$x</code></div>` + "\n<p>more</p>\n",
			[]string{`mathml: line 3: $$x: $$ is not closed by $$ before a blank line or the end of the document`}},
		{"text after closing", "$$\nx\n$$ and\n",
			`<div class="math-display" tabindex="0"><code class="math-error" data-error="mathml: line 1: $$x$$: text after the closing $$ (display math ends its line)">$$x$$</code></div>` + "\n",
			[]string{`mathml: line 1: $$x$$: text after the closing $$ (display math ends its line)`}},
		{"source escaped", "$a & b$ and $\\text{<b>}\\foo$\n",
			"<p>" + `<code class="math-error" data-error="mathml: line 1: $a &amp; b$: unexpected &amp; (only \begin{aligned} has columns) at 2">$a &amp; b$</code>` +
				" and " + `<code class="math-error" data-error="mathml: line 1: $\text{&lt;b&gt;}\foo$: unknown command \foo at 10">$\text{&lt;b&gt;}\foo$</code>` + "</p>\n",
			[]string{`mathml: line 1: $a & b$: unexpected & (only \begin{aligned} has columns) at 2`, `mathml: line 1: $\text{<b>}\foo$: unknown command \foo at 10`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs := convert(t, tt.src)
			if got != tt.wantHTML {
				t.Errorf("convert(%q) =\n%s\nwant\n%s", tt.src, got, tt.wantHTML)
			}
			if len(errs) != len(tt.wantErrs) {
				t.Fatalf("Errors: %v, want %d: %q", errs, len(tt.wantErrs), tt.wantErrs)
			}
			for i, err := range errs {
				if err.Error() != tt.wantErrs[i] {
					t.Errorf("Errors[%d] = %q, want %q", i, err, tt.wantErrs[i])
				}
				var de *DocError
				if !errors.As(err, &de) {
					t.Errorf("Errors[%d] is a %T, want *DocError", i, err)
				}
			}
		})
	}
}

// TestMarkdownRenderErrorIsAnError checks that a Render failure in a document
// unwraps to the *Error with its position.
func TestMarkdownRenderErrorIsAnError(t *testing.T) {
	_, errs := convert(t, "text $x + \\foo$\n")
	if len(errs) != 1 {
		t.Fatalf("Errors: %v, want one", errs)
	}
	var e *Error
	if !errors.As(errs[0], &e) || e.Pos != 4 || e.Msg != `unknown command \foo` {
		t.Errorf("Errors[0] = %#v, want to unwrap to *Error{Pos: 4, Msg: unknown command \\foo}", errs[0])
	}
}

func TestMarkdownNodes(t *testing.T) {
	src := []byte("a $x$ b $$y$$\n\n$$\nz\n$$\n")
	md := goldmark.New(goldmark.WithExtensions(Extension))
	doc := md.Parser().Parse(text.NewReader(src))
	var kinds []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *Inline:
			kinds = append(kinds, n.Kind().String()+":"+n.TeX)
			if n.Display != (n.TeX == "y") {
				t.Errorf("Inline %q: Display = %v", n.TeX, n.Display)
			}
			if string(n.Text(src)) != n.TeX {
				t.Errorf("Inline %q: Text = %q, want the TeX", n.TeX, n.Text(src))
			}
		case *Block:
			kinds = append(kinds, n.Kind().String()+":"+n.TeX)
		}
		return ast.WalkContinue, nil
	})
	if got, want := strings.Join(kinds, " "), "MathInline:x MathInline:y MathBlock:z"; got != want {
		t.Errorf("math nodes %q, want %q", got, want)
	}
	if errs := Errors(doc); errs != nil {
		t.Errorf("Errors = %v, want nil", errs)
	}
}

// TestMarkdownOutputIsHTML checks the shape the templates rely on: inline
// <math> in running text, display math in a div.math-display.
func TestMarkdownOutputIsHTML(t *testing.T) {
	got, _ := convert(t, "Let $\\gamma = 0.99$.\n\n$$\n\\hat{A}_t = \\frac{A_t - \\mu}{\\sigma}\n$$\n")
	for _, re := range []string{
		`^<p>Let <math xmlns="http://www.w3.org/1998/Math/MathML" display="inline"><semantics>.*<mn>0\.99</mn>.*</math>\.</p>`,
		`\n<div class="math-display" tabindex="0"><math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><semantics>.*<mfrac>.*<annotation encoding="application/x-tex">\\hat\{A\}_t = \\frac\{A_t - \\mu\}\{\\sigma\}</annotation></semantics></math></div>\n$`,
	} {
		if !regexp.MustCompile(re).MatchString(got) {
			t.Errorf("output does not match %s:\n%s", re, got)
		}
	}
}

// FuzzMarkdown checks that the math parsers never panic, never lose a
// formula (each converts or reports an error) and keep the output
// balanced.
func FuzzMarkdown(f *testing.F) {
	for _, s := range []string{
		"a $x$ b", "$$\nx\n$$\n", "$$x$$", "\\$x\\$", "$5 and $10", "- $a\n  b$\n", "> $$\n> x\n",
		"$$\n\\begin{aligned}a&=b\\\\\n&=c\\end{aligned}\n$$", "$\\foo$", "$$\nx\n\ny", "```\n$$\n```", "$a\n\nb$",
	} {
		f.Add(s)
	}
	md := goldmark.New(goldmark.WithExtensions(Extension))
	f.Fuzz(func(t *testing.T, src string) {
		doc := md.Parser().Parse(text.NewReader([]byte(src)))
		formulas := 0
		_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering {
				return ast.WalkContinue, nil
			}
			switch n := n.(type) {
			case *Inline:
				formulas++
				if (n.MathML == "") == (n.Err == nil) {
					t.Errorf("Inline %q: MathML %q and Err %v: want exactly one", n.TeX, n.MathML, n.Err)
				}
			case *Block:
				formulas++
				if (n.MathML == "") == (n.Err == nil) {
					t.Errorf("Block %q: MathML %q and Err %v: want exactly one", n.TeX, n.MathML, n.Err)
				}
			}
			return ast.WalkContinue, nil
		})
		if n := len(Errors(doc)); n > formulas {
			t.Errorf("%d errors for %d formulas", n, formulas)
		}
		var buf bytes.Buffer
		if err := md.Renderer().Render(&buf, []byte(src), doc); err != nil {
			t.Fatalf("render: %v", err)
		}
		out := buf.String()
		if strings.Count(out, "<math ") != strings.Count(out, "</math>") {
			t.Errorf("unbalanced <math> in %q", out)
		}
	})
}
