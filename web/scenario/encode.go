package scenario

import (
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gaelab/engine"
)

// Encode writes the canonical link of a scenario: v=1 (v=3, or v=2 for a
// state kept from a v=2 link, when it names a release, which it then always
// writes as ver=<tag>), the preset id, then
// only what differs from the preset, in a fixed order, as human-readable
// lists (numbers joined by commas; one tok= per token, so token text may hold
// commas, "|" or anything else).
func Encode(s Scenario) string { return EncodeState(s) + s.ViewQuery() }

// EncodeState is Encode without the step-through's view (step=, speed=,
// sel=), which Encode writes last (ViewQuery): the step panel encodes the
// state once and writes each of its links' views after it.
func EncodeState(s Scenario) string {
	p, ok := Preset(s.Preset)
	if !ok {
		p, _ = Preset(DefaultPreset)
		s.Preset = DefaultPreset
	}
	w := NewLinkWriter(s.Release, s.Link, s.Preset)
	add := w.Add
	w.Text("prompt", s.Prompt, p.Prompt)
	sameTexts := len(s.Tokens) == len(p.Tokens)
	for t := 0; sameTexts && t < len(s.Tokens); t++ {
		sameTexts = s.Tokens[t].Text == p.Tokens[t].Text
	}
	if !sameTexts {
		for _, tok := range s.Tokens {
			add("tok", EscapeValue(tok.Text))
		}
	}
	p.Resize(len(s.Tokens)) // compare the lists with the preset's, resized as Decode does
	if !sameKinds(s, p) {
		add("mask", kinds(s))
	}
	for _, l := range lists {
		if !sameNumbers(s, p, l.get) {
			add(l.key, numberList(s, l.get))
		}
	}
	if s.DirectRewards != p.DirectRewards {
		add("rw", flag(s.DirectRewards))
	}
	w.Number("gamma", s.Gamma, p.Gamma)
	w.Number("lam", s.Lam, p.Lam)
	w.Number("beta", s.Beta, p.Beta)
	w.Text("kl", s.KL, p.KL)
	w.Version(s.Release, s.Version, p.Version)
	if s.Base != p.Base {
		add("num", strconv.Itoa(s.Base))
	}
	return w.String()
}

// ViewQuery is the end of the canonical link: "&step=k" while stepping,
// "&speed=x" at a speed other than the default, "&sel=<row>.<t>" for a
// selected cell.
func (s Scenario) ViewQuery() string {
	var w LinkWriter
	if s.Step >= 0 {
		w.Add("step", strconv.Itoa(s.Step))
	}
	if s.Speed != 0 {
		w.Add("speed", FormatNumber(s.Speed))
	}
	if s.Select != "" {
		w.Add("sel", s.Select)
	}
	return w.String()
}

// EscapeValue writes a query value as an IRI: ASCII as url.QueryEscape
// does it, printable non-ASCII text (Chinese, emoji) as itself, so links
// stay short and readable; invisible and control characters are
// percent-encoded. Every GAE Lab link writes its text this way.
func EscapeValue(text string) string {
	var b strings.Builder
	for _, r := range text {
		switch {
		case r < utf8.RuneSelf:
			b.WriteString(url.QueryEscape(string(r)))
		case unicode.IsGraphic(r) && !unicode.Is(unicode.Bidi_Control, r) && r != '\uFFFD':
			b.WriteRune(r)
		default:
			b.WriteString(url.QueryEscape(string(r)))
		}
	}
	return b.String()
}

// VersionParam is the ver= value of a verl generation.
func VersionParam(v engine.Version) string {
	if v == engine.VerlEarly {
		return "v0.2"
	}
	return "newest"
}

func flag(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// kinds is the mask list: 1 valid, 0 padding, o observation.
func kinds(s Scenario) string {
	parts := make([]string, len(s.Tokens))
	for t, tok := range s.Tokens {
		parts[t] = [...]string{Valid: "1", Padding: "0", Observation: "o"}[tok.Kind]
	}
	return strings.Join(parts, ",")
}

// sameKinds reports whether kinds(s) == kinds(p), without writing them.
func sameKinds(s, p Scenario) bool {
	return slices.EqualFunc(s.Tokens, p.Tokens, func(a, b Token) bool { return a.Kind == b.Kind })
}

func numberList(s Scenario, get func(*Token) *float64) string {
	b := make([]byte, 0, 8*len(s.Tokens))
	for t := range s.Tokens {
		if t > 0 {
			b = append(b, ',')
		}
		b = appendNumber(b, *get(&s.Tokens[t]))
	}
	return string(b)
}

// sameNumbers reports whether numberList(s, get) == numberList(p, get)
// without writing them: FormatNumber writes two numbers alike exactly when
// they are equal (0 and −0 both as "0") or both NaN.
func sameNumbers(s, p Scenario, get func(*Token) *float64) bool {
	if len(s.Tokens) != len(p.Tokens) {
		return false
	}
	for t := range s.Tokens {
		x, y := *get(&s.Tokens[t]), *get(&p.Tokens[t])
		if x != y && !(math.IsNaN(x) && math.IsNaN(y)) {
			return false
		}
	}
	return true
}

// FormatNumber writes the shortest decimal that reads back as exactly x,
// without an exponent for everyday magnitudes (appendNumber).
func FormatNumber(x float64) string { return string(appendNumber(make([]byte, 0, 24), x)) }

// appendNumber appends FormatNumber's decimal for x to b: "0" for ±0,
// plain digits from 1e-6 to 1e15, an exponent beyond.
func appendNumber(b []byte, x float64) []byte {
	if x == 0 {
		return append(b, '0')
	}
	if a := math.Abs(x); a >= 1e-6 && a < 1e15 {
		return strconv.AppendFloat(b, x, 'f', -1, 64)
	}
	return strconv.AppendFloat(b, x, 'g', -1, 64)
}
