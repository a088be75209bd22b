package page_test

import (
	"testing"

	"gaelab/web/i18n"
	"gaelab/web/page"
)

// A sign is the table's: within 5e-5 of 0 it is "0"; its label and the
// radio buttons come from the catalog in the learner's language.
func TestSigns(t *testing.T) {
	for x, want := range map[float64]string{0.3: "+", -0.3: "-", 4e-5: "0", -4e-5: "0", 6e-5: "+", -6e-5: "-", 0: "0"} {
		if got := page.SignOf(x); got != want {
			t.Errorf("SignOf(%v) = %q, want %q", x, got, want)
		}
	}
	for _, lang := range []i18n.Lang{"en", "zh"} {
		opts := page.SignOptions(lang, "-")
		if len(opts) != 3 {
			t.Fatalf("%s: %d options, want 3", lang, len(opts))
		}
		for _, o := range opts {
			if o.Label != page.SignLabel(lang, o.Value) || o.Label == "" || o.Label == o.Value {
				t.Errorf("%s: option %q labelled %q, SignLabel %q", lang, o.Value, o.Label, page.SignLabel(lang, o.Value))
			}
			if o.Selected != (o.Value == "-") {
				t.Errorf("%s: option %q selected = %v", lang, o.Value, o.Selected)
			}
		}
	}
	if page.SignLabel("en", "+") == page.SignLabel("zh", "+") {
		t.Error(`"+" reads the same in en and zh`)
	}
	if got := page.SignLabel("en", "?"); got != "?" {
		t.Errorf(`SignLabel of an unknown sign = %q, want it as given`, got)
	}
}

// PlainRich escapes text written as it is, to sit among typeset paragraphs.
func TestPlainRich(t *testing.T) {
	got := page.PlainRich("a < b & c", "<script>")
	if len(got) != 2 || got[0] != "a &lt; b &amp; c" || got[1] != "&lt;script&gt;" {
		t.Errorf("PlainRich = %q", got)
	}
}
