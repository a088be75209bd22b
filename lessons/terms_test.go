package lessons

import (
	"strings"
	"testing"
)

func TestTermLinks(t *testing.T) {
	src := "---\ntitle: T\norder: 1\nsummary: s\nobjectives: o\nneeds:\n---\n" +
		"## The advantage\n\n" +
		"A `value` in code and $V$ in math stay; the values of a state, the statement.\n\n" +
		"The Monte Carlo return, then a return. An advantage, an advantage again.\n"
	l, err := RenderLang([]byte(src), "en")
	if err != nil {
		t.Fatal(err)
	}
	html := l.Parts[0].HTML
	for _, want := range []string{
		`<h2 id="the-advantage">The advantage</h2>`,                                  // headings stay plain
		`<code>value</code>`,                                                         // code stays
		`href="#term-def-1" aria-describedby="term-def-1" data-term="value"`,         // the plural "values"; a tap opens the definition in place (:target, issue 36)
		`<span class="term-def" id="term-def-1">`,                                    // the popover…
		`<a class="term-entry" href="/glossary?lang=en#term-value">value</a></span>`, // …with the link to the entry
		`>values</a>`,                       // as written
		`the statement`,                     // not "state"
		`#term-mc_return"`, `#term-return"`, // the longer name first, then the short one on its own
		`#term-state"`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("missing %q in\n%s", want, html)
		}
	}
	if n := strings.Count(html, "#term-advantage"); n != 1 {
		t.Errorf("advantage linked %d times, want once", n)
	}
	plain, err := Render([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain.Parts[0].HTML, `class="term"`) {
		t.Error("Render (no language) linked terms")
	}
}
