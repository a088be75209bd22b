package mathml

import "testing"

func TestPlain(t *testing.T) {
	for tex, want := range map[string]string{
		`s_{t+1}`:                      "sₜ₊₁",
		`s_1`:                          "s₁",
		`\gamma\lambda`:                "γλ",
		`r_{t+n-1}`:                    "rₜ₊ₙ₋₁",
		`A_{R-1}`:                      "A(R−1)",
		`\hat{A}_3`:                    "A\u0302₃",
		`V(s_t)`:                       "V(sₜ)",
		`\gamma^{n-1}`:                 "γⁿ⁻¹",
		`\sum_k \gamma^k \delta_{t+k}`: "Σₖ γ^(k) δₜ₊ₖ",
		`V_{\text{next}}`:              "Vₙₑₓₜ",
		`\frac{1}{2}`:                  "1/2",
		`\sqrt{\sigma^2 + 10^{-8}}`:    "√(σ² + 10⁻⁸)",
		`\operatorname{clip}(x, 1-\epsilon, 1+\epsilon)`: "clip(x, 1−ϵ, 1+ϵ)",
	} {
		if got := Plain(tex); got != want {
			t.Errorf("Plain(%q) = %q, want %q", tex, got, want)
		}
	}
}

func FuzzPlain(f *testing.F) {
	for _, s := range []string{`s_{t+1}`, `\frac{a}{b`, `}}{{`, `\`, `_`, `^{`, `\text{中文}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_ = Plain(s) // never panics, always ends
	})
}
