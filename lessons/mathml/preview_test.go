package mathml

import (
	"flag"
	"os"
	"strings"
	"testing"
)

// preview names an HTML file to write formulas to, for looking at them in a
// browser:
//
//	go test ./lessons/mathml -run TestPreview -preview /tmp/m.html
//	chromium --headless --screenshot=/tmp/m.png file:///tmp/m.html
//
// The page links static/app.css from this checkout, so it shows the math
// font and styles the site uses.
var preview = flag.String("preview", "", "write an HTML page of sample formulas to this file")

// previewFormulas are the samples: the lessons' formulas and every construct.
var previewFormulas = []struct {
	tex     string
	display bool
}{
	{`A_t = \delta_t + \gamma\lambda A_{t+1}`, true},
	{`\delta_t = r_t + \gamma V(s_{t+1}) - V(s_t)`, false},
	{`\hat{A}_t = \frac{A_t - \mu}{\sqrt{\sigma^2 + 10^{-8}}}`, true},
	{`\hat{A}_t^{\text{GAE}(\gamma,\lambda)} = \sum_{k=0}^{T-t-1} (\gamma\lambda)^k \delta_{t+k}`, true},
	{`\sum_{k=0}^{T-t-1} (\gamma\lambda)^k \delta_{t+k}`, false},
	{`L^{\text{CLIP}}(\theta) = \mathbb{E}_t\left[\min\left(\rho_t(\theta)\hat{A}_t,\; \operatorname{clip}(\rho_t(\theta), 1-\epsilon, 1+\epsilon)\hat{A}_t\right)\right]`, true},
	{`\rho_t(\theta) = \frac{\pi_\theta(a_t \mid s_t)}{\pi_{\theta_{\text{old}}}(a_t \mid s_t)} = \exp\left(\log\pi_\theta - \log\pi_{\theta_\text{old}}\right)`, true},
	{`\text{奖励} r_t = \text{score} - \beta\,\mathrm{KL}_t`, true},
	{`\begin{aligned} A_{T-1} &= \delta_{T-1} \\ A_t &= \delta_t + \gamma\lambda A_{t+1} \\ &= \sum_{k \ge 0} (\gamma\lambda)^k \delta_{t+k} \end{aligned}`, true},
	{`\left\lvert \frac{x}{y} \right\rvert \le \left\lVert \mathbf{x} \right\rVert_2, \quad \left\{ a, b \right\}, \quad \lvert x \rvert`, true},
	{`\underbrace{r_t + \gamma V(s_{t+1})}_{\text{目标}} - \overbrace{V(s_t)}^{\text{基线}}`, true},
	{`\max_\theta J(\theta), \; \nabla_\theta J \approx \frac{1}{N}\sum_{i=1}^{N} \nabla\log\pi_\theta(a_i \mid s_i) \hat{A}_i`, true},
	{`x', \tilde{x}, \bar{s}, \sqrt[3]{x}, \prod_{t} p_t, \forall t \in [0, T), \partial L / \partial \theta, 0.95 \ne 1, a \to b \Rightarrow c \gets d, \infty, 1, 2, \ldots, n`, true},
	{`\gamma = 0.99`, false},
}

func TestPreview(t *testing.T) {
	if *preview == "" {
		t.Skip("no -preview file")
	}
	css, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	css = strings.TrimSuffix(css, "/lessons/mathml") + "/static/app.css"

	// The formulas go through the Markdown pipeline, as in a lesson.
	var md strings.Builder
	md.WriteString("## 广义优势估计 $\\hat{A}_t$\n\n")
	for _, f := range previewFormulas {
		if f.display {
			md.WriteString("$$\n" + f.tex + "\n$$\n\n")
		} else {
			md.WriteString("Inline: the formula $" + f.tex + "$ sits in a line of text, 中文也在这一行。\n\n")
		}
	}
	md.WriteString("An error: $\\foo$, and \\$5 stays a dollar.\n")
	html, errs := convert(t, md.String())
	if len(errs) != 1 {
		t.Errorf("Errors = %v, want just the \\foo one", errs)
	}

	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="zh"><meta charset="utf-8"><title>MathML preview</title>`)
	b.WriteString(`<link rel="stylesheet" href="file://` + css + `">`)
	b.WriteString(`<body><main class="site-main"><div class="prose">` + html + "</div></main></body></html>\n")
	if err := os.WriteFile(*preview, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
