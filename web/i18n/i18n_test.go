package i18n

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gaelab/lessons/glossary"
	"gaelab/lessons/mathml"
)

// Both catalogs have exactly the same keys, and each translation uses the
// same argument indexes as the English message.
func TestCatalogsMatch(t *testing.T) {
	en, zh := catalogs[En], catalogs[Zh]
	verbs := regexp.MustCompile(`%\[(\d+)\]`)
	for key, msg := range en {
		z, ok := zh[key]
		if !ok {
			t.Errorf("zh lacks %q", key)
			continue
		}
		a, b := verbs.FindAllStringSubmatch(msg, -1), verbs.FindAllStringSubmatch(z, -1)
		idx := func(ms [][]string) []string {
			var out []string
			for _, m := range ms {
				if !slices.Contains(out, m[1]) {
					out = append(out, m[1])
				}
			}
			slices.Sort(out)
			return out
		}
		if !slices.Equal(idx(a), idx(b)) {
			t.Errorf("%q: en uses arguments %v, zh %v", key, idx(a), idx(b))
		}
	}
	for key := range zh {
		if _, ok := en[key]; !ok {
			t.Errorf("en lacks %q", key)
		}
	}
}

func TestNegotiate(t *testing.T) {
	tests := map[string]Lang{
		"":                           En,
		"zh-CN,zh;q=0.9,en;q=0.8":    Zh,
		"en-US,en;q=0.9,zh-CN;q=0.8": En,
		"fr-FR,fr;q=0.9,zh-TW;q=0.5": Zh,
		"de, en;q=0.2, zh;q=0.7":     Zh,
		"ja":                         En,
		"zh;q=abc":                   En, // a malformed entry is skipped
		"zh;q=abc, zh-TW;q=0.3":      Zh,
		";;;,,q=,":                   En,
		"zh;q=0":                     En, // q=0 refuses a language
		"zh;q=0, fr":                 En,
		"zh-CN;q=0, en;q=0.1":        En,
		"en;q=0, zh;q=0.1":           Zh,
		"fr, zh;q=0.5, en;q=0.5":     Zh, // the first of equals
		"zh-Hant-TW":                 Zh,
		"*":                          En,
	}
	for header, want := range tests {
		if got := Negotiate(header); got != want {
			t.Errorf("Negotiate(%q) = %s, want %s", header, got, want)
		}
	}
}

func TestT(t *testing.T) {
	if got := Zh.T("err.range", "2", 0, 1); got != "«2» 不在 [0, 1] 之内" {
		t.Errorf("zh err.range = %q", got)
	}
	if got := En.T("no.such.key"); got != "⟦no.such.key⟧" {
		t.Errorf("missing key shows %q", got)
	}
}

// Every key is defined once per language across the catalog files; merge
// names a duplicate and the part that defined it first.
func TestCatalogHasNoDuplicates(t *testing.T) {
	if _, err := merge(parts); err != nil {
		t.Fatal(err)
	}
	dup := []part{
		{"a", map[string]string{"x": "1"}, map[string]string{"x": "1"}},
		{"b", map[string]string{"x": "2"}, map[string]string{}},
	}
	_, err := merge(dup)
	if err == nil || !strings.Contains(err.Error(), `en "x" in a and b`) {
		t.Errorf("merge of a duplicate key: err = %v, want it named", err)
	}
}

// No catalog file fills the catalog from an init function, where one file
// could silently overwrite another's message: parts lists them all.
func TestCatalogHasNoInit(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(f, "_test.go") && strings.Contains(string(src), "func "+"init()") {
			t.Errorf("%s has an init function; register its map in parts (catalog.go)", f)
		}
	}
}

func TestOther(t *testing.T) {
	if En.Other() != Zh || Zh.Other() != En {
		t.Errorf("Other: en -> %s, zh -> %s", En.Other(), Zh.Other())
	}
}

// Every glossary term is in the catalog, and no Chinese message uses a
// variant the glossary rules out: every zh rule of glossary.json (zh_avoid
// such as 词元, 评论家, 行动者, 练习场; zh_variants outside the contexts each
// allows), outside code names (issue 36 point 11).
func TestCatalogUsesGlossary(t *testing.T) {
	for _, term := range glossary.All() {
		if Zh.T("term."+term.ID) != term.Zh || En.T("term."+term.ID) != term.En {
			t.Errorf("term.%s is not the glossary's", term.ID)
		}
	}
	for key, msg := range catalogs[Zh] {
		for _, m := range glossary.Misuses("zh", msg) {
			t.Errorf("zh %q says %q for %s: the glossary's word is %q", key, m.Avoid, m.Concept, m.Use)
		}
	}
	if got := Zh.T("nav.play"); got != "实验台" {
		t.Errorf("zh nav.play = %q, want 实验台", got)
	}
}

// Every $…$ of every message is in the lessons' math subset, so that HTML
// typesets it instead of falling back to plain text.
func TestCatalogMathRenders(t *testing.T) {
	for _, l := range Langs {
		for key, msg := range catalogs[l] {
			parts := strings.Split(msg, "$")
			if len(parts)%2 == 0 {
				t.Errorf("%s %q: an odd number of $", l, key)
				continue
			}
			for i := 1; i < len(parts); i += 2 {
				if _, err := mathml.Render(parts[i], false); err != nil {
					t.Errorf("%s %q: $%s$: %v", l, key, parts[i], err)
				}
			}
		}
	}
}

func TestHTMLAndPlain(t *testing.T) {
	if got := Zh.T("numbering.1"); !strings.Contains(got, "sₜ₊₁") || strings.Contains(got, "$") {
		t.Errorf("Zh.T(numbering.1) = %q, want plain sₜ₊₁", got)
	}
	h := En.HTML("row.value")
	if !strings.Contains(h, "<math") || strings.Contains(h, "$") {
		t.Errorf("En.HTML(row.value) = %q, want MathML", h)
	}
	if got := En.HTML("formula.heading", "<b>$x$</b>", RawHTML("<i>t</i>")); got != "&lt;b&gt;$x$&lt;/b&gt; at <i>t</i>" {
		t.Errorf("HTML escapes string arguments and keeps RawHTML: %q", got)
	}
}

// TestNegotiateReadsAFewBytes: only the first MaxAcceptLanguage bytes of
// Accept-Language count (on main a 720 KB header was parsed whole: 145 ms
// a request, and its last entry chose the language).
func TestNegotiateReadsAFewBytes(t *testing.T) {
	filler := strings.Repeat("xx;q=0.1,", 80_000)
	if got := Negotiate(filler + "zh;q=0.9"); got != En {
		t.Errorf("zh after %d bytes: %s, want en (not read)", len(filler), got)
	}
	if got := Negotiate("zh-CN," + filler); got != Zh {
		t.Errorf("zh first: %s, want zh", got)
	}
}

// TestLanguageResolvedOnce: after WithCookieOrHeader, CookieOrHeader
// answers what was resolved, without reading the headers again.
func TestLanguageResolvedOnce(t *testing.T) {
	r := httptest.NewRequest(http.MethodGet, "/play", nil)
	r.Header.Set("Accept-Language", "zh")
	r = WithCookieOrHeader(r)
	r.Header.Set("Accept-Language", "en")
	if got := CookieOrHeader(r); got != Zh {
		t.Errorf("CookieOrHeader after WithCookieOrHeader = %s, want zh (resolved once)", got)
	}
}
