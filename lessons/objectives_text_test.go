package lessons

import (
	"regexp"
	"strings"
	"testing"

	"gaelab/lessons/glossary"
	"gaelab/lessons/mathml"
)

// identifier is a name the TeX reading of a whole line used to mangle: a
// word joined to another by "_", "." or "-" (ppo_epochs, mini-batch,
// λ-return, algorithm.use_kl_in_reward, π_ref), or a `code span`.
var identifier = regexp.MustCompile("`[^`]+`|[\\pL\\pN]+(?:[_.-][\\pL\\pN]+)+")

// bareTeX is a TeX index written outside $…$: "s_{t+1}", "x^{2}", or a
// one-letter Latin base with a one-character index ("G_t", "A_0"), which
// would show with its underscore.
var bareTeX = regexp.MustCompile(`[_^]\{|(^|[^\pL\pN_])[A-Za-z]_[A-Za-z0-9]([^\pL\pN_]|$)|\\[a-zA-Z]+`)

// outsideMath is s without its $…$ formulas and code spans.
func outsideMath(s string) string {
	s = regexp.MustCompile("`[^`]*`").ReplaceAllString(s, " ")
	return regexp.MustCompile(`\$[^$]*\$`).ReplaceAllString(s, " ")
}

// checkLine holds one objective or glossary definition to issue 36's rule:
// its formulas ($…$) are written in Unicode, every identifier and code span
// outside them reads exactly as written, and no TeX is left outside math.
func checkLine(t *testing.T, where, src, got string) {
	t.Helper()
	if strings.Contains(got, "$") {
		t.Errorf("%s: %q keeps a $ formula unconverted", where, got)
	}
	rest := outsideMath(src)
	for _, id := range identifier.FindAllString(rest, -1) {
		if !strings.Contains(got, id) {
			t.Errorf("%s: %q is mangled in %q", where, id, got)
		}
	}
	for _, code := range regexp.MustCompile("`[^`]+`").FindAllString(src, -1) {
		if !strings.Contains(got, code[1:len(code)-1]) {
			t.Errorf("%s: code span %s is changed in %q", where, code, got)
		}
	}
	if m := bareTeX.FindString(rest); m != "" {
		t.Errorf("%s: %q writes TeX outside $…$ (%q): put the formula in $…$", where, src, m)
	}
}

func TestPlainLineConvertsOnlyMath(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"say what ppo_epochs and the mini-batch size change", "say what ppo_epochs and the mini-batch size change"},
		{"read `pg_clipfrac` off the view", "read `pg_clipfrac` off the view"},
		{"compute a λ-return $G^{\\lambda}_t$", "compute a λ-return G^(λ)ₜ"},
		{"how $V(s_{t+1})$ reaches Aₜ", "how V(sₜ₊₁) reaches Aₜ"},
		{"only with algorithm.use_kl_in_reward (π_ref), `x_$y$`", "only with algorithm.use_kl_in_reward (π_ref), `x_$y$`"},
		{"response_length, $R_t = A_t + V(s_t)$", "response_length, Rₜ = Aₜ + V(sₜ)"},
		{"a lone $ stays", "a lone $ stays"},
	} {
		if got := mathml.PlainLine(c.in); got != c.want {
			t.Errorf("PlainLine(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Issue 36 point 3: every objective of every lesson, as the page shows it,
// and every glossary definition, as the glossary and the term popups show
// it.
func TestObjectivesAndDefinitionsKeepIdentifiers(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	tag := regexp.MustCompile(`<[^>]+>`)
	n := 0
	for _, lang := range Langs {
		for _, l := range c.Lessons(lang) {
			src := rawObjectives(t, lang, l.Slug)
			if len(src) != len(l.Objectives) {
				t.Fatalf("%s/%s: %d objectives in the file, %d rendered", lang, l.Slug, len(src), len(l.Objectives))
			}
			for i, o := range l.Objectives {
				got := tag.ReplaceAllString(o, "")
				got = strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&#39;", "'", "&quot;", `"`).Replace(got)
				// The rendered objective has no backticks: compare code
				// spans by their content.
				checkLine(t, lang+"/"+l.Slug+" objective "+src[i], src[i], got)
				n++
			}
		}
	}
	for _, g := range glossary.All() {
		for _, lang := range Langs {
			checkLine(t, "glossary "+g.ID+" ("+lang+")", g.Def(lang), g.DefText(lang))
			n++
		}
	}
	if n < 100 {
		t.Fatalf("only %d objectives and definitions checked", n)
	}
}

// rawObjectives are a lesson file's objectives as written.
func rawObjectives(t *testing.T, lang, slug string) []string {
	t.Helper()
	b, err := files.ReadFile(lang + "/" + slug + ".md")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if o, ok := strings.CutPrefix(line, "objectives:"); ok {
			var out []string
			for _, p := range strings.Split(o, "|") {
				out = append(out, strings.TrimSpace(p))
			}
			return out
		}
	}
	return nil
}
