package class

import (
	"encoding/xml"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzNickname: whatever a phone sends, normalizeNickname never panics and
// keeps only short, printable, trimmed names that normalize to themselves.
func FuzzNickname(f *testing.F) {
	for _, s := range []string{"Ann", "  a  b ", "", "A\u202eB", "\x00", "=1+1", strings.Repeat("字", 25), "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := normalizeNickname(s)
		if !ok {
			return
		}
		if n == "" || utf8.RuneCountInString(n) > maxNickname || n != strings.TrimSpace(n) || strings.Contains(n, "  ") {
			t.Fatalf("normalizeNickname(%q) = %q", s, n)
		}
		for _, r := range n {
			if !unicode.IsPrint(r) {
				t.Fatalf("normalizeNickname(%q) kept %U", s, r)
			}
		}
		if again, ok := normalizeNickname(n); !ok || again != n {
			t.Fatalf("normalizeNickname(%q) = %q, then %q", s, n, again)
		}
	})
}

// FuzzOwnSpec: whatever a teacher types, ownSpec never panics; a question
// it accepts is bounded, its typed answer is right, and its rounds chart
// is well-formed SVG.
func FuzzOwnSpec(f *testing.F) {
	f.Add("Sign?", "sign", "+", "", "")
	f.Add("How much?", "number", "0,5", "0.01", "")
	f.Add("<b>Which</b>", "choice", "B", "", "x\n<y>\n\n")
	f.Add(" ", "essay", "1", "-1", "only")
	f.Fuzz(func(t *testing.T, text, kind, answer, tol, options string) {
		sp, refused := ownSpec(text, kind, answer, tol, strings.Split(options, "\n"))
		if refused != nil {
			if refused.Field == "" {
				t.Fatalf("a refusal names no field: %+v", refused)
			}
			return
		}
		if sp.Text == "" || utf8.RuneCountInString(sp.Text) > maxOwnText || len(sp.Options) > maxOwnOptions {
			t.Fatalf("ownSpec accepted %+v", sp)
		}
		if !sp.Right(sp.Correct()) {
			t.Fatalf("the typed answer %q is not right for %+v", answer, sp)
		}
		res := sp.Tally([]string{sp.Correct()})
		s := RoundsSVG(res, res, sp.Right, RoundsText{Title: sp.Text, Round1: "1", Round2: "2",
			Bin: func(v string, a, b int) string { return v }})
		if err := xml.Unmarshal([]byte(s), new(struct{})); err != nil {
			t.Fatalf("RoundsSVG is not well-formed: %v\n%s", err, s)
		}
	})
}
