package svg

import (
	"bytes"
	"encoding/xml"
	"strings"
	"unicode/utf8"
)

// Char reports whether r may appear in an XML 1.0 document.
func Char(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' ||
		r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// Safe returns s as valid UTF-8 holding only characters XML 1.0 allows:
// each invalid byte and each character XML cannot hold becomes U+FFFD, as
// in Escape. It does not escape: use it before measuring a string that
// Escape will write.
func Safe(s string) string {
	if safe(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s { // range yields U+FFFD for each invalid byte
		if !Char(r) {
			r = utf8.RuneError
		}
		b.WriteRune(r)
	}
	return b.String()
}

// safe reports whether s is valid UTF-8 of characters XML allows.
func safe(s string) bool {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n <= 1 {
				return false
			}
		}
		if !Char(r) {
			return false
		}
	}
	return true
}

// Append appends s to b escaped for XML character data and attribute
// values, by encoding/xml.EscapeText: &, <, >, " and ' become references,
// and so do tab and line breaks; invalid UTF-8 and characters XML cannot
// hold become U+FFFD. A string that needs none of that is appended as is.
func Append(b []byte, s string) []byte {
	if plain(s) {
		return append(b, s...)
	}
	w := bytes.NewBuffer(b)
	_ = xml.EscapeText(w, []byte(s)) // a bytes.Buffer does not fail
	return w.Bytes()
}

// Escape returns s escaped as Append does.
func Escape(s string) string {
	if plain(s) {
		return s
	}
	return string(Append(nil, s))
}

// plain reports whether xml.EscapeText would leave s unchanged.
func plain(s string) bool {
	for i, r := range s {
		switch {
		case r == '&', r == '<', r == '>', r == '"', r == '\'', r < 0x20:
			return false
		case r == utf8.RuneError:
			if _, n := utf8.DecodeRuneInString(s[i:]); n <= 1 {
				return false
			}
		case !Char(r):
			return false
		}
	}
	return true
}
