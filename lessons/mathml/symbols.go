package mathml

// This file holds the tables of the TeX subset: which command or character
// becomes which MathML token. Extending the subset for a plain symbol is one
// line here (and one test case in mathml_test.go).

// greek maps a Greek-letter command to its character. Lower-case letters are
// rendered italic (MathML's default for a one-letter <mi>), capitals upright,
// as TeX does.
var greek = map[string]rune{
	"alpha": 'α', "beta": 'β', "gamma": 'γ', "delta": 'δ',
	"epsilon": 'ϵ', "varepsilon": 'ε', "zeta": 'ζ', "eta": 'η',
	"theta": 'θ', "vartheta": 'ϑ', "iota": 'ι', "kappa": 'κ',
	"lambda": 'λ', "mu": 'μ', "nu": 'ν', "xi": 'ξ', "pi": 'π',
	"rho": 'ρ', "varrho": 'ϱ', "sigma": 'σ', "tau": 'τ',
	"upsilon": 'υ', "phi": 'ϕ', "varphi": 'φ', "chi": 'χ',
	"psi": 'ψ', "omega": 'ω',
	"Gamma": 'Γ', "Delta": 'Δ', "Theta": 'Θ', "Lambda": 'Λ',
	"Xi": 'Ξ', "Pi": 'Π', "Sigma": 'Σ', "Upsilon": 'Υ', "Phi": 'Φ',
	"Psi": 'Ψ', "Omega": 'Ω',
}

// ordinary maps a command to a symbol rendered as an identifier, <mi>.
// upright marks those that TeX sets upright although MathML would
// italicise a one-character <mi>.
var ordinary = map[string]struct {
	text    string
	upright bool
}{
	"infty":   {"∞", false},
	"partial": {"∂", false},
	"nabla":   {"∇", true},
	"ldots":   {"…", false},
	"dots":    {"…", false},
	"cdots":   {"⋯", false},
}

// operators maps a command to a symbol rendered as an operator, <mo>, with
// the spacing of MathML's operator dictionary.
var operators = map[string]string{
	"cdot": "⋅", "times": "×", "pm": "±", "mp": "∓",
	"le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠", "neq": "≠",
	"approx": "≈", "equiv": "≡",
	"to": "→", "rightarrow": "→", "gets": "←", "leftarrow": "←", "Rightarrow": "⇒",
	"mid": "∣", "in": "∈", "notin": "∉", "forall": "∀", "exists": "∃",
}

// fences maps the delimiters that may follow \left and \right, and that
// also stand alone, to their character. Standing alone they never stretch.
// An empty string is TeX's null delimiter "\left." .
var fences = map[string]string{
	"(": "(", ")": ")", "[": "[", "]": "]", "|": "|",
	`\{`: "{", `\}`: "}",
	`\lvert`: "|", `\rvert`: "|", `\lVert`: "‖", `\rVert`: "‖",
	".": "",
}

// openers are the fence commands that open a pair, for the spacing after a
// function name: "\log(x)" has no space before the parenthesis.
var openers = map[string]bool{"(": true, "[": true, `\{`: true, `\lvert`: true, `\lVert`: true}

// closers are the fence commands that close a pair.
var closers = map[string]bool{")": true, "]": true, `\}`: true, `\rvert`: true, `\rVert`: true}

// spaces maps a spacing command to the width of its <mspace>.
var spaces = map[string]string{
	"quad": "1em", "qquad": "2em",
	",": "0.1667em", ";": "0.2778em", "!": "-0.1667em",
}

// largeOps maps a large operator to its character. It takes its limits
// under and over in display style, as scripts in text style.
var largeOps = map[string]string{"sum": "∑", "prod": "∏"}

// functions are the named operators written upright as one word. \min and
// \max take their limits under the word in display style, as \lim would.
var functions = map[string]bool{"log": false, "exp": false, "min": true, "max": true}

// accents maps an accent command to the character drawn over its argument.
// The spacing modifier letters sit closer to the base in Chromium than
// U+005E and U+007E do.
var accents = map[string]string{"hat": "ˆ", "bar": "¯", "tilde": "˜"}

// charOps are the characters, other than letters and digits, allowed in math
// mode, with the text of their <mo>. Brackets and bars never stretch unless
// written with \left and \right, as in TeX.
var charOps = map[byte]string{
	'+': "+", '-': "−", '=': "=", '<': "<", '>': ">",
	',': ",", '.': ".", '/': "/", '!': "!",
}

// Unicode mathematical alphanumerics for \mathbf and \mathbb. Double-struck
// capitals that Unicode had before the mathematical block keep their old
// code points.
const (
	boldCapital   = 0x1D400
	boldSmall     = 0x1D41A
	boldDigit     = 0x1D7CE
	doubleCapital = 0x1D538
	doubleSmall   = 0x1D552
	doubleDigit   = 0x1D7D8
)

var doubleStruckHoles = map[byte]rune{'C': 'ℂ', 'H': 'ℍ', 'N': 'ℕ', 'P': 'ℙ', 'Q': 'ℚ', 'R': 'ℝ', 'Z': 'ℤ'}

// styled returns the character for ASCII letter or digit c in font f.
func styled(f font, c byte) rune {
	switch f {
	case fontBold:
		switch {
		case 'A' <= c && c <= 'Z':
			return rune(boldCapital + int(c-'A'))
		case 'a' <= c && c <= 'z':
			return rune(boldSmall + int(c-'a'))
		case '0' <= c && c <= '9':
			return rune(boldDigit + int(c-'0'))
		}
	case fontDoubleStruck:
		if r, ok := doubleStruckHoles[c]; ok {
			return r
		}
		switch {
		case 'A' <= c && c <= 'Z':
			return rune(doubleCapital + int(c-'A'))
		case 'a' <= c && c <= 'z':
			return rune(doubleSmall + int(c-'a'))
		case '0' <= c && c <= '9':
			return rune(doubleDigit + int(c-'0'))
		}
	}
	return rune(c)
}
