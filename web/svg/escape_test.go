package svg

import (
	"encoding/xml"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscape(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"V(s_0) = 0.30", "V(s_0) = 0.30"},
		{"小明有3个苹果🍎", "小明有3个苹果🍎"},
		{`<b>&"x"'y'`, "&lt;b&gt;&amp;&#34;x&#34;&#39;y&#39;"},
		{"a\tb\nc\rd", "a&#x9;b&#xA;c&#xD;d"},
		{"bad \xff byte", "bad \uFFFD byte"},
		{"nul \x00 and \x1b", "nul \uFFFD and \uFFFD"},
		{"surrogate-free \uFFFE", "surrogate-free \uFFFD"},
		{"real \uFFFD stays", "real \uFFFD stays"},
		{"中<b>文 & 'q'", "中&lt;b&gt;文 &amp; &#39;q&#39;"},
	} {
		if got := Escape(c.in); got != c.want {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := string(Append([]byte("<t>"), c.in)); got != "<t>"+c.want {
			t.Errorf("Append(%q) = %q, want %q", c.in, got, "<t>"+c.want)
		}
	}
}

func TestSafe(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain", "plain"},
		{"tab\tand\nline", "tab\tand\nline"},
		{"\xff\x00ok", "\uFFFD\uFFFDok"},
		{"<&>", "<&>"}, // Safe does not escape
	} {
		if got := Safe(c.in); got != c.want {
			t.Errorf("Safe(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Whatever the input, the escaped text is well-formed XML whose character
// data decodes to Safe(input) (line breaks and tabs included).
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "a<b", "\xff", "\r\n", "\"'&", "🍎\x00", "é<"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		doc := "<t a=\"" + Escape(s) + "\">" + Escape(s) + "</t>"
		if !utf8.ValidString(doc) {
			t.Fatalf("escaped %q is not UTF-8", s)
		}
		var v struct {
			A    string `xml:"a,attr"`
			Text string `xml:",chardata"`
		}
		if err := xml.Unmarshal([]byte(doc), &v); err != nil {
			t.Fatalf("escaped %q: %v\n%s", s, err, doc)
		}
		if want := Safe(s); v.Text != want || v.A != want {
			t.Fatalf("%q decodes to text %q, attr %q, want %q", s, v.Text, v.A, want)
		}
		if strings.ContainsAny(Escape(s), "<>\"'") {
			t.Fatalf("Escape(%q) = %q keeps a special character", s, Escape(s))
		}
	})
}
