package mathml

import (
	"strings"
	"unicode/utf8"
)

// Plain writes the TeX formula tex as plain Unicode text, for the places
// that hold text only (a <title>, an <option>, an SVG label, an attribute):
// s_{t+1} becomes sₜ₊₁, \gamma\lambda becomes γλ, \hat{A}_3 becomes Â₃. A
// sub- or superscript Unicode has no characters for is written in
// parentheses, as r(t+1) would be read aloud: A_{R-1} becomes A(R−1).
// Plain never fails: a command it does not know is written without its
// backslash.
func Plain(tex string) string {
	var b strings.Builder
	p := plainParser{src: tex}
	p.list(&b, 0)
	return b.String()
}

type plainParser struct {
	src string
	pos int
}

// list writes items until the end, or until the '}' closing a group when
// depth > 0.
func (p *plainParser) list(b *strings.Builder, depth int) {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == '}' && depth > 0:
			return
		case c == '_' || c == '^':
			p.pos++
			var arg strings.Builder
			p.item(&arg, depth)
			writeScript(b, arg.String(), c == '_')
		default:
			p.item(b, depth)
		}
	}
}

// item writes one atom: a group, a command with its arguments, or a
// character.
func (p *plainParser) item(b *strings.Builder, depth int) {
	if p.pos >= len(p.src) {
		return
	}
	c := p.src[p.pos]
	switch {
	case c == '{':
		p.pos++
		p.list(b, depth+1)
		if p.pos < len(p.src) && p.src[p.pos] == '}' {
			p.pos++
		}
	case c == '}':
		p.pos++ // stray
	case c == '\\':
		p.command(b, depth)
	case c == '-':
		p.pos++
		b.WriteString("−")
	case c == '~':
		p.pos++
		b.WriteByte(' ')
	case c == '&':
		p.pos++
	default:
		_, n := utf8.DecodeRuneInString(p.src[p.pos:])
		b.WriteString(p.src[p.pos : p.pos+n])
		p.pos += n
	}
}

func (p *plainParser) command(b *strings.Builder, depth int) {
	p.pos++ // the backslash
	start := p.pos
	for p.pos < len(p.src) && isLetter(p.src[p.pos]) {
		p.pos++
	}
	name := p.src[start:p.pos]
	if name == "" { // \{ \} \, \; \! \\ \_
		if p.pos < len(p.src) {
			switch c := p.src[p.pos]; c {
			case ',', ';', ' ':
				b.WriteByte(' ')
			case '!', '\\':
			default:
				b.WriteByte(c)
			}
			p.pos++
		}
		return
	}
	arg := func() string {
		for p.pos < len(p.src) && p.src[p.pos] == ' ' {
			p.pos++
		}
		var a strings.Builder
		p.item(&a, depth)
		return a.String()
	}
	switch name {
	case "text", "mathrm", "mathbf", "operatorname", "mathit":
		b.WriteString(arg())
	case "hat", "bar", "tilde":
		a := arg()
		b.WriteString(a)
		if utf8.RuneCountInString(a) == 1 {
			b.WriteString(map[string]string{"hat": "\u0302", "bar": "\u0304", "tilde": "\u0303"}[name])
		}
	case "sqrt":
		b.WriteString("√(" + arg() + ")")
	case "frac":
		num, den := arg(), arg()
		b.WriteString(plainWrap(num) + "/" + plainWrap(den))
	case "mathbb":
		a := arg()
		if a == "E" {
			a = "𝔼"
		}
		b.WriteString(a)
	case "left", "right", "big", "Big":
		// the delimiter that follows is written as itself
	case "underbrace", "overbrace":
		b.WriteString(arg())
	default:
		if s, ok := plainSymbols[name]; ok {
			b.WriteString(s)
		} else {
			b.WriteString(name)
		}
	}
}

// plainWrap puts a fraction's part in parentheses unless it is one symbol.
func plainWrap(s string) string {
	if utf8.RuneCountInString(s) <= 1 || strings.Trim(s, "0123456789.") == "" {
		return s
	}
	return "(" + s + ")"
}

func writeScript(b *strings.Builder, s string, sub bool) {
	table := superscripts
	if sub {
		table = subscripts
	}
	var out strings.Builder
	for _, r := range s {
		m, ok := table[r]
		if !ok {
			if sub {
				b.WriteString("(" + s + ")")
			} else {
				b.WriteString("^(" + s + ")")
			}
			return
		}
		out.WriteRune(m)
	}
	b.WriteString(out.String())
}

var subscripts = runeMap("0123456789+−=()aehijklmnoprstuvxβγρφχ", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ")
var superscripts = runeMap("0123456789+−=()inT", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁱⁿᵀ")

func runeMap(from, to string) map[rune]rune {
	f, t := []rune(from), []rune(to)
	m := make(map[rune]rune, len(f))
	for i := range f {
		m[f[i]] = t[i]
	}
	return m
}

var plainSymbols = map[string]string{
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε", "lambda": "λ",
	"mu": "μ", "pi": "π", "rho": "ρ", "sigma": "σ", "theta": "θ", "tau": "τ", "phi": "φ", "omega": "ω",
	"Delta": "Δ", "Sigma": "Σ", "Pi": "Π", "sum": "Σ", "prod": "Π",
	"cdot": "·", "times": "×", "pm": "±", "mp": "∓", "le": "≤", "ge": "≥", "ne": "≠", "neq": "≠",
	"approx": "≈", "equiv": "≡", "to": "→", "gets": "←", "leftarrow": "←", "rightarrow": "→",
	"Rightarrow": "⇒", "infty": "∞", "ldots": "…", "cdots": "⋯", "dots": "…", "quad": " ", "qquad": "  ",
	"lvert": "|", "rvert": "|", "lVert": "‖", "rVert": "‖", "mid": "|", "in": "∈", "notin": "∉",
	"forall": "∀", "exists": "∃", "partial": "∂", "nabla": "∇", "min": "min", "max": "max", "log": "log",
	"exp": "exp",
}

// PlainLine writes a line of text whose formulas are marked as $…$ (an
// objective, a glossary definition) with each formula in Unicode, as Plain
// does, and leaves the rest as written: a `code span` keeps its backticks and
// its characters, and so does a plain identifier outside math (ppo_epochs,
// pg_clipfrac, mini-batch, λ-return, algorithm.use_kl_in_reward, π_ref), which
// a TeX reading of the whole line would mangle ("ppoₑpochs", "mini−batch").
// An unclosed $ is text.
func PlainLine(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		switch s[i] {
		case '`':
			// A code span runs to the next run of as many backticks.
			n := 1
			for i+n < len(s) && s[i+n] == '`' {
				n++
			}
			fence := s[i : i+n]
			if j := strings.Index(s[i+n:], fence); j >= 0 {
				end := i + n + j + n
				b.WriteString(s[i:end])
				i = end
				continue
			}
			b.WriteString(fence)
			i += n
		case '$':
			if j := strings.IndexByte(s[i+1:], '$'); j > 0 {
				b.WriteString(Plain(s[i+1 : i+1+j]))
				i += j + 2
				continue
			}
			b.WriteByte('$')
			i++
		default:
			b.WriteByte(s[i])
			i++
		}
	}
	return b.String()
}
