package lessons

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"gaelab/lessons/glossary"
	"gaelab/lessons/mathml"
)

var (
	blockRe = regexp.MustCompile("(?s)```(predict|choice)\n(.*?)\n```")
	// subscripts are the Unicode characters mathml.Plain writes a
	// subscript with.
	subscripts = "ₜ₀₁₂₃₄₅₆₇₈₉ᵢₖₙₑₓ₊₋"
)

// symbolBase is a glossary symbol without its index ("R_t" → "R", "δ_t" →
// "δ", "V(s_t)" → "V") and whether it had a subscript.
func symbolBase(symbol string) (string, bool) {
	s := mathml.Plain(symbol)
	i := strings.IndexFunc(s, func(r rune) bool { return strings.ContainsRune(subscripts+"(_⁽", r) })
	if i < 0 {
		return s, false
	}
	return s[:i], true
}

// laterSymbols are the symbols of the glossary's terms that a lesson after
// the first one teaches, each as a pattern over plain text: a Greek letter
// on its own ("δ", "λ"), a Latin one only with an index ("Rₜ", "mₜ"), so
// that the word "R" of [B, R] is not the return. Lesson 1 teaches its own
// terms' symbols (sₜ, V(sₜ), Gₜ, γ, Aₜ, π, b) and uses two whose glossary
// entry points to a later lesson that builds verl's version: the reward rₜ
// (lesson 1's questions give r) and log π (its policy gradient); a later
// symbol with one of those bases (the critic's V, π_ref) is lesson 1's too.
func laterSymbols(t *testing.T, first string) map[string]*regexp.Regexp {
	t.Helper()
	own := map[string]bool{"r": true, "log π": true}
	for _, g := range glossary.All() {
		if g.Lesson == first {
			b, _ := symbolBase(g.Symbol)
			own[b] = true
		}
	}
	out := map[string]*regexp.Regexp{}
	for _, g := range glossary.All() {
		if g.Lesson == first || g.Symbol == "" {
			continue
		}
		b, sub := symbolBase(g.Symbol)
		r, _ := utf8.DecodeRuneInString(b)
		if b == "" || own[b] || utf8.RuneCountInString(b) == 1 && (unicode.IsDigit(r) || unicode.In(r, unicode.Latin) && !sub) {
			continue // an index, a formula or a word, not a symbol
		}
		pat := regexp.QuoteMeta(b)
		if unicode.In(r, unicode.Latin) && sub {
			pat = `(^|[^\pL])` + pat + `([` + subscripts + `]|_)`
		}
		out[g.ID] = regexp.MustCompile(pat)
	}
	return out
}

// Issue 25, error 13: lesson 1's hints, worked answers, diagnoses and
// explanations use only lesson 1's ideas: every question has its own hint
// and worked answer (the generic ones speak of Rₜ = Aₜ + V(sₜ) and δ), none
// of them names a symbol a later lesson teaches (δ, λ, Rₜ, Â, ρ, ε, β, …),
// and the return's worked answer and reveal call G₀ the return (not the
// table's "return Rₜ").
func TestFirstLessonUsesItsOwnIdeas(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	first := c.Lessons("en")[0].Slug
	later := laterSymbols(t, first)
	for _, id := range []string{"td_error", "lambda", "return", "whitening"} {
		if later[id] == nil {
			t.Fatalf("the list of later symbols misses %s: %v", id, later)
		}
	}
	returnWord := map[string]string{"en": "return", "zh": "回报"}
	for _, lang := range Langs {
		src, err := fs.ReadFile(files, lang+"/"+first+".md")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range blockRe.FindAllStringSubmatch(string(src), -1) {
			var texts []string
			switch m[1] {
			case "predict":
				p, err := parsePredict(m[2])
				if err != nil {
					t.Fatal(err)
				}
				if p.Hint == "" || p.Derivation == "" {
					t.Errorf("%s %s: no hint or worked answer of its own: the generic ones are later lessons'", lang, p.ID)
				}
				texts = append(texts, p.Hint, p.Derivation, p.Label)
				for _, w := range p.Wrong {
					texts = append(texts, w.Text)
				}
				if strings.HasPrefix(p.Ask, "ret.") {
					for what, s := range map[string]string{"worked answer": plainMath(p.Derivation), "reveal's label": p.Label} {
						if !strings.Contains(s, "G₀") || !strings.Contains(s, returnWord[lang]) {
							t.Errorf("%s %s: the %s %q does not call G₀ the %s", lang, p.ID, what, s, returnWord[lang])
						}
					}
				}
			case "choice":
				ch, err := parseChoice(m[2])
				if err != nil {
					t.Fatal(err)
				}
				texts = append(texts, ch.Explain)
				for _, o := range ch.Options {
					texts = append(texts, o.Diagnosis)
				}
			}
			for _, s := range texts {
				plain := plainMath(s)
				for id, re := range later {
					if re.MatchString(plain) {
						g, _ := glossary.Lookup(id)
						t.Errorf("%s: %q uses %s (%s), taught in %s", lang, plain, g.Symbol, g.En, g.Lesson)
					}
				}
			}
		}
	}
}

// Issue 36, "lesson 1 without λ": the definitions lesson 1's glossary terms
// pop up (the advantage's had read "GAE's Aₜ = δₜ + γλ Aₜ₊₁") name neither λ
// nor δ, which later lessons teach. (Other later symbols stay: the return's
// definition is Rₜ = Aₜ + V(sₜ), whitening's ε is its own.)
func TestFirstLessonPopoversUseItsOwnIdeas(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	first := c.Lessons("en")[0].Slug
	later := laterSymbols(t, first)
	entry := regexp.MustCompile(`class="term-entry" href="/glossary\?lang=[a-z]+#term-([a-z0-9_-]+)"`)
	for _, lang := range Langs {
		l, _, _ := c.Lesson(lang, first)
		seen := 0
		for _, p := range l.Parts {
			for _, m := range entry.FindAllStringSubmatch(p.HTML, -1) {
				g, ok := glossary.Lookup(strings.ReplaceAll(m[1], "-", "_"))
				if !ok {
					t.Fatalf("%s: no glossary term %q", lang, m[1])
				}
				seen++
				plain := g.DefText(lang)
				for _, id := range []string{"lambda", "td_error"} {
					if re := later[id]; re.MatchString(plain) {
						s, _ := glossary.Lookup(id)
						t.Errorf("%s: the popover of %s, %q, uses %s (%s), taught in %s", lang, g.ID, plain, s.Symbol, s.En, s.Lesson)
					}
				}
			}
		}
		if seen < 5 {
			t.Errorf("%s: only %d term popovers in %s", lang, seen, first)
		}
	}
}
