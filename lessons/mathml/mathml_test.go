package mathml

import (
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
)

// wrap is what Render returns for a formula whose content is body.
func wrap(tex, body string, display bool) string {
	mode := "inline"
	if display {
		mode = "block"
	}
	return `<math xmlns="http://www.w3.org/1998/Math/MathML" display="` + mode + `"><semantics>` + body +
		`<annotation encoding="application/x-tex">` + escape(tex) + `</annotation></semantics></math>`
}

// renderTests pin the MathML of each construct of the subset, inline.
var renderTests = []struct {
	name, tex, want string
}{
	// The formulas the lessons lean on.
	{"GAE recursion", `A_t = \delta_t + \gamma\lambda A_{t+1}`,
		`<mrow><msub><mi>A</mi><mi>t</mi></msub><mo>=</mo><msub><mi>δ</mi><mi>t</mi></msub><mo>+</mo><mi>γ</mi><mi>λ</mi>` +
			`<msub><mi>A</mi><mrow><mi>t</mi><mo>+</mo><mn>1</mn></mrow></msub></mrow>`},
	{"whitening", `\hat{A}_t = \frac{A_t - \mu}{\sqrt{\sigma^2 + 10^{-8}}}`,
		`<mrow><msub><mover accent="true"><mi>A</mi><mo stretchy="false">ˆ</mo></mover><mi>t</mi></msub><mo>=</mo>` +
			`<mfrac><mrow><msub><mi>A</mi><mi>t</mi></msub><mo>−</mo><mi>μ</mi></mrow>` +
			`<msqrt><mrow><msup><mi>σ</mi><mn>2</mn></msup><mo>+</mo><msup><mn>10</mn><mrow><mo>−</mo><mn>8</mn></mrow></msup></mrow></msqrt></mfrac></mrow>`},
	{"GAE sum inline", `\sum_{k=0}^{T-t-1} (\gamma\lambda)^k \delta_{t+k}`,
		`<mrow><msubsup><mo>∑</mo><mrow><mi>k</mi><mo>=</mo><mn>0</mn></mrow><mrow><mi>T</mi><mo>−</mo><mi>t</mi><mo>−</mo><mn>1</mn></mrow></msubsup>` +
			`<mo stretchy="false">(</mo><mi>γ</mi><mi>λ</mi><msup><mo stretchy="false">)</mo><mi>k</mi></msup>` +
			`<msub><mi>δ</mi><mrow><mi>t</mi><mo>+</mo><mi>k</mi></mrow></msub></mrow>`},
	{"clip", `\operatorname{clip}(\rho, 1-\epsilon, 1+\epsilon)`,
		`<mrow><mi>clip</mi><mo>` + "\u2061" + `</mo><mo stretchy="false">(</mo><mi>ρ</mi><mo>,</mo><mn>1</mn><mo>−</mo><mi>ϵ</mi><mo>,</mo>` +
			`<mn>1</mn><mo>+</mo><mi>ϵ</mi><mo stretchy="false">)</mo></mrow>`},
	{"expectation", `\mathbb{E}[X]`,
		`<mrow><mi>𝔼</mi><mo stretchy="false">[</mo><mi>X</mi><mo stretchy="false">]</mo></mrow>`},
	{"Chinese text", `\text{奖励} r_t`,
		`<mrow><mtext>奖励</mtext><msub><mi>r</mi><mi>t</mi></msub></mrow>`},
	{"left right", `\left( \frac{a}{b} \right)`,
		`<mrow><mo fence="true" form="prefix" stretchy="true">(</mo><mfrac><mi>a</mi><mi>b</mi></mfrac><mo fence="true" form="postfix" stretchy="true">)</mo></mrow>`},

	// Letters, numbers and characters.
	{"letters", `ab`, `<mrow><mi>a</mi><mi>b</mi></mrow>`},
	{"one letter", `x`, `<mi>x</mi>`},
	{"decimal", `0.95`, `<mn>0.95</mn>`},
	{"leading point", `.5`, `<mn>.5</mn>`},
	{"number then point", `1.`, `<mrow><mn>1</mn><mo lspace="0" rspace="0">.</mo></mrow>`},
	{"two numbers", `1.5.2`, `<mrow><mn>1.5</mn><mn>.2</mn></mrow>`},
	{"spaces ignored", " a \t+\n b\r ", `<mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow>`},
	{"empty", ``, `<mrow></mrow>`},
	{"characters", `+-=<>,./|!`,
		`<mrow><mo>+</mo><mo>−</mo><mo>=</mo><mo>&lt;</mo><mo>&gt;</mo><mo>,</mo><mo lspace="0" rspace="0">.</mo>` +
			`<mo lspace="0" rspace="0">/</mo><mo stretchy="false">|</mo><mo>!</mo></mrow>`},
	{"brackets", `([])`, `<mrow><mo stretchy="false">(</mo><mo stretchy="false">[</mo><mo stretchy="false">]</mo><mo stretchy="false">)</mo></mrow>`},
	{"braces", `\{a\}`, `<mrow><mo form="prefix" stretchy="false">{</mo><mi>a</mi><mo form="postfix" stretchy="false">}</mo></mrow>`},
	{"prime", `x'`, `<mrow><mi>x</mi><mo>′</mo></mrow>`},
	{"primes and scripts", `V''_t^2`, `<msubsup><mrow><mi>V</mi><mo>′′</mo></mrow><mi>t</mi><mn>2</mn></msubsup>`},
	{"prime after subscript", `x_t'`, `<msub><mrow><mi>x</mi><mo>′</mo></mrow><mi>t</mi></msub>`},

	// Scripts.
	{"subscript", `x_t`, `<msub><mi>x</mi><mi>t</mi></msub>`},
	{"group subscript", `x_{t+1}`, `<msub><mi>x</mi><mrow><mi>t</mi><mo>+</mo><mn>1</mn></mrow></msub>`},
	{"superscript", `x^2`, `<msup><mi>x</mi><mn>2</mn></msup>`},
	{"command superscript", `\gamma^{k}`, `<msup><mi>γ</mi><mi>k</mi></msup>`},
	{"both", `x_t^2`, `<msubsup><mi>x</mi><mi>t</mi><mn>2</mn></msubsup>`},
	{"both reversed", `x^2_t`, `<msubsup><mi>x</mi><mi>t</mi><mn>2</mn></msubsup>`},
	{"script takes one digit", `x_10`, `<mrow><msub><mi>x</mi><mn>1</mn></msub><mn>0</mn></mrow>`},
	{"script takes one letter", `x_ab`, `<mrow><msub><mi>x</mi><mi>a</mi></msub><mi>b</mi></mrow>`},
	{"script on nothing", `_t`, `<msub><mrow></mrow><mi>t</mi></msub>`},
	{"script on empty group", `{}^2`, `<msup><mrow></mrow><mn>2</mn></msup>`},
	{"script with command argument", `x_\frac12`, `<msub><mi>x</mi><mfrac><mn>1</mn><mn>2</mn></mfrac></msub>`},

	// Greek.
	{"lower-case Greek", `\alpha\beta\gamma\delta\epsilon\varepsilon\lambda\mu\pi\rho\sigma\theta\tau\phi\omega`,
		`<mrow><mi>α</mi><mi>β</mi><mi>γ</mi><mi>δ</mi><mi>ϵ</mi><mi>ε</mi><mi>λ</mi><mi>μ</mi><mi>π</mi><mi>ρ</mi><mi>σ</mi><mi>θ</mi><mi>τ</mi><mi>ϕ</mi><mi>ω</mi></mrow>`},
	{"capital Greek", `\Delta\Sigma\Pi`,
		`<mrow><mi mathvariant="normal">Δ</mi><mi mathvariant="normal">Σ</mi><mi mathvariant="normal">Π</mi></mrow>`},

	// Fractions, roots, accents.
	{"fraction", `\frac{a}{b}`, `<mfrac><mi>a</mi><mi>b</mi></mfrac>`},
	{"fraction of single tokens", `\frac12`, `<mfrac><mn>1</mn><mn>2</mn></mfrac>`},
	{"square root", `\sqrt{x}`, `<msqrt><mi>x</mi></msqrt>`},
	{"cube root", `\sqrt[3]{x}`, `<mroot><mi>x</mi><mn>3</mn></mroot>`},
	{"hat", `\hat{A}`, `<mover accent="true"><mi>A</mi><mo stretchy="false">ˆ</mo></mover>`},
	{"bar", `\bar{s}`, `<mover accent="true"><mi>s</mi><mo stretchy="false">¯</mo></mover>`},
	{"tilde", `\tilde{x}`, `<mover accent="true"><mi>x</mi><mo stretchy="false">˜</mo></mover>`},

	// Large operators and named functions, inline.
	{"sum inline", `\sum_{k=0}^{T-1}`, `<msubsup><mo>∑</mo><mrow><mi>k</mi><mo>=</mo><mn>0</mn></mrow><mrow><mi>T</mi><mo>−</mo><mn>1</mn></mrow></msubsup>`},
	{"prod inline", `\prod_t`, `<msub><mo>∏</mo><mi>t</mi></msub>`},
	{"min inline", `\min_a Q`, `<mrow><msub><mi>min</mi><mi>a</mi></msub><mo rspace="0.1667em">` + "\u2061" + `</mo><mi>Q</mi></mrow>`},
	{"max", `\max(a, b)`, `<mrow><mi>max</mi><mo>` + "\u2061" + `</mo><mo stretchy="false">(</mo><mi>a</mi><mo>,</mo><mi>b</mi><mo stretchy="false">)</mo></mrow>`},
	{"log of a letter", `\log x`, `<mrow><mi>log</mi><mo rspace="0.1667em">` + "\u2061" + `</mo><mi>x</mi></mrow>`},
	{"exp at the end", `\exp`, `<mrow><mi>exp</mi><mo>` + "\u2061" + `</mo></mrow>`},
	{"function after a variable", `2\log\pi`,
		`<mrow><mn>2</mn><mspace width="0.1667em"></mspace><mi>log</mi><mo rspace="0.1667em">` + "\u2061" + `</mo><mi>π</mi></mrow>`},
	{"function before left", `\exp\left(x\right)`,
		`<mrow><mi>exp</mi><mo>` + "\u2061" + `</mo><mrow><mo fence="true" form="prefix" stretchy="true">(</mo><mi>x</mi><mo fence="true" form="postfix" stretchy="true">)</mo></mrow></mrow>`},

	// Fonts and text.
	{"blackboard", `\mathbb{R}\mathbb{Ez1}`, `<mrow><mi>ℝ</mi><mrow><mi>𝔼𝕫</mi><mn>𝟙</mn></mrow></mrow>`},
	{"bold", `\mathbf{x}_t`, `<msub><mi>𝐱</mi><mi>t</mi></msub>`},
	{"bold word and digit", `\mathbf{Ab1}`, `<mrow><mi>𝐀𝐛</mi><mn>𝟏</mn></mrow>`},
	{"roman letter", `\mathrm{d}x`, `<mrow><mi mathvariant="normal">d</mi><mi>x</mi></mrow>`},
	{"roman word", `\mathrm{KL}_t`, `<msub><mi>KL</mi><mi>t</mi></msub>`},
	{"roman scripts stay roman", `\mathrm{x_{max}}`, `<msub><mi mathvariant="normal">x</mi><mi>max</mi></msub>`},
	{"text with spaces at the ends", `\text{ if } x`, `<mrow><mtext>` + "\u00a0if\u00a0" + `</mtext><mi>x</mi></mrow>`},
	{"text escapes and braces", `\text{a\{b\}c {d} \$5 \% \& \_ \# \\}`, `<mtext>a{b}c d $5 % &amp; _ # \</mtext>`},
	{"text escapes XML", `\text{<a href="x">&amp;</a>}`, `<mtext>&lt;a href=&quot;x&quot;&gt;&amp;amp;&lt;/a&gt;</mtext>`},
	{"text newline", "\\text{a\nb}", `<mtext>a b</mtext>`},
	{"empty text", `\text{}`, `<mtext></mtext>`},
	{"text emoji and CJK", `\text{价值 V 🙂}`, `<mtext>价值 V 🙂</mtext>`},

	// Symbols.
	{"binary and relations", `\cdot\times\pm\mp\le\ge\ne\neq\approx\equiv`,
		`<mrow><mo>⋅</mo><mo>×</mo><mo>±</mo><mo>∓</mo><mo>≤</mo><mo>≥</mo><mo>≠</mo><mo>≠</mo><mo>≈</mo><mo>≡</mo></mrow>`},
	{"arrows", `\to\gets\leftarrow\rightarrow\Rightarrow`, `<mrow><mo>→</mo><mo>←</mo><mo>←</mo><mo>→</mo><mo>⇒</mo></mrow>`},
	{"ordinary symbols", `\infty\ldots\cdots\dots\partial\nabla`,
		`<mrow><mi>∞</mi><mi>…</mi><mi>⋯</mi><mi>…</mi><mi>∂</mi><mi mathvariant="normal">∇</mi></mrow>`},
	{"spaces", `a\quad b\qquad c\,d\;e\!f`,
		`<mrow><mi>a</mi><mspace width="1em"></mspace><mi>b</mi><mspace width="2em"></mspace><mi>c</mi><mspace width="0.1667em"></mspace>` +
			`<mi>d</mi><mspace width="0.2778em"></mspace><mi>e</mi><mspace width="-0.1667em"></mspace><mi>f</mi></mrow>`},
	{"bars", `\lvert x\rvert \lVert y\rVert`,
		`<mrow><mo form="prefix" stretchy="false">|</mo><mi>x</mi><mo form="postfix" stretchy="false">|</mo>` +
			`<mo form="prefix" stretchy="false">‖</mo><mi>y</mi><mo form="postfix" stretchy="false">‖</mo></mrow>`},
	{"sets and logic", `\forall a\in A, b\notin B \mid \exists c`,
		`<mrow><mo>∀</mo><mi>a</mi><mo>∈</mo><mi>A</mi><mo>,</mo><mi>b</mi><mo>∉</mo><mi>B</mi><mo>∣</mo><mo>∃</mo><mi>c</mi></mrow>`},

	// Sized delimiters.
	{"left right brackets", `\left[x\right]`, `<mrow><mo fence="true" form="prefix" stretchy="true">[</mo><mi>x</mi><mo fence="true" form="postfix" stretchy="true">]</mo></mrow>`},
	{"left right bars", `\left\lvert x \right\rvert`, `<mrow><mo fence="true" form="prefix" stretchy="true">|</mo><mi>x</mi><mo fence="true" form="postfix" stretchy="true">|</mo></mrow>`},
	{"left right braces", `\left\{ x \right\}`, `<mrow><mo fence="true" form="prefix" stretchy="true">{</mo><mi>x</mi><mo fence="true" form="postfix" stretchy="true">}</mo></mrow>`},
	{"left right norm", `\left\lVert x \right\rVert`, `<mrow><mo fence="true" form="prefix" stretchy="true">‖</mo><mi>x</mi><mo fence="true" form="postfix" stretchy="true">‖</mo></mrow>`},
	{"null delimiter and script", `\left. x \right|_{t=0}`,
		`<msub><mrow><mi>x</mi><mo fence="true" form="postfix" stretchy="true">|</mo></mrow><mrow><mi>t</mi><mo>=</mo><mn>0</mn></mrow></msub>`},
	{"nested left right", `\left(\left[x\right]\right)`,
		`<mrow><mo fence="true" form="prefix" stretchy="true">(</mo><mrow><mo fence="true" form="prefix" stretchy="true">[</mo><mi>x</mi>` +
			`<mo fence="true" form="postfix" stretchy="true">]</mo></mrow><mo fence="true" form="postfix" stretchy="true">)</mo></mrow>`},

	// Braces.
	{"underbrace inline keeps limits", `\underbrace{a+b}_{n}`,
		`<munder><munder><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mo stretchy="true">⏟</mo></munder><mi>n</mi></munder>`},
	{"overbrace", `\overbrace{a}^{\text{基线}}`,
		`<mover><mover><mi>a</mi><mo stretchy="true">⏞</mo></mover><mtext>基线</mtext></mover>`},

	// Aligned.
	{"aligned", `\begin{aligned} a &= b \\ &= c \end{aligned}`,
		`<mtable class="tex-aligned" displaystyle="true">` +
			`<mtr><mtd class="tex-right" columnalign="right"><mi>a</mi></mtd><mtd class="tex-left" columnalign="left"><mrow></mrow><mo>=</mo><mi>b</mi></mtd></mtr>` +
			`<mtr><mtd class="tex-right" columnalign="right"></mtd><mtd class="tex-left" columnalign="left"><mrow></mrow><mo>=</mo><mi>c</mi></mtd></mtr></mtable>`},
	{"aligned trailing row break", `\begin{aligned} a &= b \\ \end{aligned}`,
		`<mtable class="tex-aligned" displaystyle="true">` +
			`<mtr><mtd class="tex-right" columnalign="right"><mi>a</mi></mtd><mtd class="tex-left" columnalign="left"><mrow></mrow><mo>=</mo><mi>b</mi></mtd></mtr></mtable>`},
	{"aligned has display limits", `\begin{aligned} &\sum_k \end{aligned}`,
		`<mtable class="tex-aligned" displaystyle="true"><mtr><mtd class="tex-right" columnalign="right"></mtd>` +
			`<mtd class="tex-left" columnalign="left"><mrow></mrow><munder><mo>∑</mo><mi>k</mi></munder></mtd></mtr></mtable>`},
}

func TestRender(t *testing.T) {
	for _, tt := range renderTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Render(tt.tex, false)
			if err != nil {
				t.Fatalf("Render(%q): %v", tt.tex, err)
			}
			if want := wrap(tt.tex, tt.want, false); got != want {
				t.Errorf("Render(%q) =\n%s\nwant\n%s", tt.tex, got, want)
			}
			checkWellFormed(t, tt.tex, got)
		})
	}
}

// TestRenderDisplay pins what display style changes: limits under and over,
// fractions switching their content to text style.
func TestRenderDisplay(t *testing.T) {
	tests := []struct {
		name, tex, want string
	}{
		{"sum", `\sum_{k=0}^{T-t-1} (\gamma\lambda)^k \delta_{t+k}`,
			`<mrow><munderover><mo>∑</mo><mrow><mi>k</mi><mo>=</mo><mn>0</mn></mrow><mrow><mi>T</mi><mo>−</mo><mi>t</mi><mo>−</mo><mn>1</mn></mrow></munderover>` +
				`<mo stretchy="false">(</mo><mi>γ</mi><mi>λ</mi><msup><mo stretchy="false">)</mo><mi>k</mi></msup>` +
				`<msub><mi>δ</mi><mrow><mi>t</mi><mo>+</mo><mi>k</mi></mrow></msub></mrow>`},
		{"sum with only a lower limit", `\sum_t`, `<munder><mo>∑</mo><mi>t</mi></munder>`},
		{"prod with only an upper limit", `\prod^T`, `<mover><mo>∏</mo><mi>T</mi></mover>`},
		{"max under", `\max_\theta J`, `<mrow><munder><mi>max</mi><mi>θ</mi></munder><mo rspace="0.1667em">` + "\u2061" + `</mo><mi>J</mi></mrow>`},
		{"log keeps scripts", `\log_2 x`, `<mrow><msub><mi>log</mi><mn>2</mn></msub><mo rspace="0.1667em">` + "\u2061" + `</mo><mi>x</mi></mrow>`},
		{"sum in a fraction is text style", `\frac{\sum_k a}{\sum_k b}`,
			`<mfrac><mrow><msub><mo>∑</mo><mi>k</mi></msub><mi>a</mi></mrow><mrow><msub><mo>∑</mo><mi>k</mi></msub><mi>b</mi></mrow></mfrac>`},
		{"sum in a script is script style", `x^{\sum_k}`, `<msup><mi>x</mi><msub><mo>∑</mo><mi>k</mi></msub></msup>`},
		{"sum in left right stays display", `\left(\sum_k\right)`,
			`<mrow><mo fence="true" form="prefix" stretchy="true">(</mo><munder><mo>∑</mo><mi>k</mi></munder><mo fence="true" form="postfix" stretchy="true">)</mo></mrow>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Render(tt.tex, true)
			if err != nil {
				t.Fatalf("Render(%q, true): %v", tt.tex, err)
			}
			if want := wrap(tt.tex, tt.want, true); got != want {
				t.Errorf("Render(%q, true) =\n%s\nwant\n%s", tt.tex, got, want)
			}
			checkWellFormed(t, tt.tex, got)
		})
	}
}

// readmeFormulas are the README's examples of the subset, and bigger
// formulas of the lessons: each must render, in both styles, to well-formed
// MathML that carries its source.
var readmeFormulas = []string{
	`a + b - c = d < e > f (g) [h] , i . j / k | l' m!`, `\{ x \}`,
	`x_t`, `x_{t+1}`, `x^2`, `\gamma^{k}`, `x_t^2`,
	`\alpha \beta \gamma \delta \epsilon \varepsilon \lambda \mu \pi \rho \sigma \theta \tau \phi \omega \Delta \Sigma \Pi`,
	`\frac{a}{b}`, `\sqrt{x}`, `\hat{A}`, `\bar{s}`, `\tilde{x}`,
	`\sum_{k=0}^{T-1}`, `\prod`, `\min`, `\max`, `\log`, `\exp`, `\mathbb{E}`, `\operatorname{clip}`,
	`\text{任何文字, any text}`, `\mathrm{KL}`, `\mathbf{x}`,
	`\cdot \times \pm \mp \le \ge \ne \neq \approx \equiv \to \gets \leftarrow \rightarrow \Rightarrow \infty \ldots`,
	`\cdots \dots \quad \qquad \, \; \! \lvert \rvert \lVert \rVert \mid \in \notin \forall \exists \partial \nabla`,
	`\left( x \right)`, `\left[ x \right]`, `\left\lvert x \right\rvert`, `\left\{ x \right\}`,
	`\begin{aligned} A_t &= \delta_t + \gamma\lambda A_{t+1} \\ &= \sum_{k=0}^{T-t-1} (\gamma\lambda)^k \delta_{t+k} \end{aligned}`,
	`\underbrace{r_t + \gamma V(s_{t+1})}_{\text{目标}}`, `\overbrace{V(s_t)}^{\text{baseline}}`,
	`L^{\text{CLIP}}(\theta) = \mathbb{E}_t\left[\min\left(\rho_t(\theta)\hat{A}_t, \operatorname{clip}(\rho_t(\theta), 1-\epsilon, 1+\epsilon)\hat{A}_t\right)\right]`,
	`\rho_t(\theta) = \frac{\pi_\theta(a_t \mid s_t)}{\pi_{\theta_{\text{old}}}(a_t \mid s_t)}`,
	`\text{奖励} r_t = \text{score} - \beta\,\mathrm{KL}_t`,
}

func TestRenderWellFormed(t *testing.T) {
	for _, tex := range readmeFormulas {
		for _, display := range []bool{false, true} {
			got, err := Render(tex, display)
			if err != nil {
				t.Errorf("Render(%q, %v): %v", tex, display, err)
				continue
			}
			checkWellFormed(t, tex, got)
			again, _ := Render(tex, display)
			if again != got {
				t.Errorf("Render(%q, %v) is not deterministic", tex, display)
			}
		}
	}
}

// checkWellFormed fails unless out is one well-formed <math> element in the
// MathML namespace whose annotation holds tex exactly.
func checkWellFormed(t *testing.T, tex, out string) {
	t.Helper()
	if err := wellFormed(tex, out); err != nil {
		t.Errorf("Render(%q): %v\n%s", tex, err, out)
	}
}

func wellFormed(tex, out string) error {
	dec := xml.NewDecoder(strings.NewReader(out))
	var stack []string
	var annotation strings.Builder
	annotations, roots := 0, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return errors.New("not well-formed XML: " + err.Error())
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if len(stack) == 0 {
				roots++
				if tok.Name.Local != "math" || tok.Name.Space != Namespace {
					return errors.New("root is not a MathML <math>")
				}
			}
			if tok.Name.Local == "annotation" {
				annotations++
			}
			stack = append(stack, tok.Name.Local)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 && stack[len(stack)-1] == "annotation" {
				annotation.Write(tok)
			} else if len(stack) == 0 {
				return errors.New("text outside <math>")
			}
		}
	}
	switch {
	case roots != 1:
		return errors.New("want exactly one root element")
	case annotations != 1:
		return errors.New("want exactly one <annotation>")
	case annotation.String() != tex:
		return errors.New("annotation " + annotation.String() + " is not the source")
	}
	return nil
}

func TestRenderErrors(t *testing.T) {
	tests := []struct {
		name, tex, want string
	}{
		{"unknown command", `x + \foo y`, `mathml: unknown command \foo at 4`},
		{"unknown command in a script", `x_\bar`, `mathml: missing argument for \bar at 6`},
		{"unknown symbol command", `\%`, `mathml: unknown command \% at 0`},
		{"lone backslash", `x\`, `mathml: incomplete command \ at 1`},
		{"unclosed brace", `x_{t+1`, `mathml: unclosed { at 2`},
		{"nested unclosed brace", `{a{b}`, `mathml: unclosed { at 0`},
		{"stray closing brace", `a}b`, `mathml: unexpected } at 1`},
		{"frac missing argument", `\frac{a}`, `mathml: missing argument for \frac at 8`},
		{"frac no arguments", `\frac`, `mathml: missing argument for \frac at 5`},
		{"right without left", `x \right)`, `mathml: \right without \left at 2`},
		{"left without right", `\left( x`, `mathml: \left without \right at 0`},
		{"left with bad delimiter", `\left< x \right>`, `mathml: \left takes ( ) [ ] | . \{ \} \lvert \rvert \lVert \rVert, not < at 5`},
		{"left at end", `\left`, `mathml: missing delimiter after \left at 5`},
		{"right with bad delimiter", `\left( x \right\alpha`, `mathml: \right takes ( ) [ ] | . \{ \} \lvert \rvert \lVert \rVert, not \alpha at 15`},
		{"left right across a brace", `{\left( x } \right)`, `mathml: unexpected } at 10`},
		{"missing subscript", `x_`, `mathml: missing subscript at 1`},
		{"missing superscript", `x^}`, `mathml: missing superscript at 1`},
		{"double subscript", `x_a_b`, `mathml: double subscript at 3`},
		{"double superscript", `x^a^b`, `mathml: double superscript at 3`},
		{"prime after superscript", `x^2'`, `mathml: double superscript at 3`},
		{"ampersand outside aligned", `a & b`, `mathml: unexpected & (only \begin{aligned} has columns) at 2`},
		{"row break outside aligned", `a \\ b`, `mathml: unexpected \\ (only \begin{aligned} has rows) at 2`},
		{"row break as argument", `\frac\\a`, `mathml: missing argument for \frac at 5`},
		{"unknown environment", `\begin{matrix} a \end{matrix}`, `mathml: unknown environment {matrix} at 0`},
		{"end without begin", `a \end{aligned}`, `mathml: \end without \begin at 2`},
		{"unclosed aligned", `\begin{aligned} a &= b`, `mathml: \begin{aligned} without \end{aligned} at 0`},
		{"mismatched end", `\begin{aligned} a \end{align}`, `mathml: \end{align} ends \begin{aligned} at 18`},
		{"begin without name", `\begin aligned`, `mathml: missing {name} after \begin at 7`},
		{"character outside the subset", `a * b`, `mathml: character '*' (U+002A) is outside the math subset at 2`},
		{"Greek typed directly", `α`, `mathml: character 'α' (U+03B1) is outside the math subset at 0`},
		{"dollar", `a$b`, `mathml: character '$' (U+0024) is outside the math subset at 1`},
		{"tilde", `a~b`, `mathml: character '~' (U+007E) is outside the math subset at 1`},
		{"invalid UTF-8", "a\xffb", `mathml: invalid UTF-8 at 1`},
		{"control character", "a\x00b", `mathml: character '\x00' (U+0000) is outside the math subset at 1`},
		{"text without brace", `\text x`, `mathml: missing {…} after \text at 6`},
		{"unclosed text", `\text{abc`, `mathml: unclosed { at 5`},
		{"command in text", `\text{a \alpha}`, `mathml: unknown command \alpha in \text at 8`},
		{"control character in text", "\\text{a\x01}", `mathml: character U+0001 is not allowed in \text at 7`},
		{"operatorname with symbols", `\operatorname{a-b}`, `mathml: \operatorname takes letters and digits only at 15`},
		{"empty operatorname", `\operatorname{}`, `mathml: empty \operatorname at 13`},
		{"unclosed sqrt index", `\sqrt[3`, `mathml: unclosed [ after \sqrt at 5`},
		{"too deep", strings.Repeat("{", 65) + strings.Repeat("}", 65), `mathml: formula nested deeper than 64 levels at 64`},
		{"too deep in arguments", strings.Repeat(`\hat `, 65) + "x", `mathml: formula nested deeper than 64 levels at 325`},
		{"too deep in scripts", "x^" + strings.Repeat(`\hat `, 64) + "x", `mathml: formula nested deeper than 64 levels at 322`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Render(tt.tex, true)
			if err == nil {
				t.Fatalf("Render(%q) = %s, want error %q", tt.tex, got, tt.want)
			}
			if got != "" {
				t.Errorf("Render(%q) returned %q with its error, want \"\"", tt.tex, got)
			}
			if err.Error() != tt.want {
				t.Errorf("Render(%q): error %q, want %q", tt.tex, err, tt.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("Render(%q): error is a %T, want *Error", tt.tex, err)
			} else if e.Pos < 0 || e.Pos > len(tt.tex) {
				t.Errorf("Render(%q): error position %d outside the source", tt.tex, e.Pos)
			}
		})
	}
}

// FuzzRender checks that no input panics and that every success is
// well-formed MathML carrying its source.
func FuzzRender(f *testing.F) {
	for _, tt := range renderTests {
		f.Add(tt.tex, false)
	}
	for _, tex := range readmeFormulas {
		f.Add(tex, true)
	}
	for _, tex := range []string{`\left(`, `\begin{aligned}&\\`, `x_{`, `\text{`, "\\text{\xff}", `\sqrt[`, `\frac{}{}`, `}`, `\`} {
		f.Add(tex, true)
	}
	f.Fuzz(func(t *testing.T, tex string, display bool) {
		out, err := Render(tex, display)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !strings.HasPrefix(err.Error(), "mathml: ") {
				t.Fatalf("Render(%q): error %v (%T), want a *Error starting mathml:", tex, err, err)
			}
			if out != "" {
				t.Fatalf("Render(%q): output %q with error %v", tex, out, err)
			}
			return
		}
		if err := wellFormed(tex, out); err != nil {
			t.Fatalf("Render(%q): %v\n%s", tex, err, out)
		}
	})
}
