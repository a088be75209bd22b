// Package i18n is GAE Lab's message catalog: every user-facing string, in
// English and Chinese, looked up by key.
package i18n

import (
	"fmt"
	"strings"

	"golang.org/x/text/language"
)

// Lang is a UI language.
type Lang string

const (
	En Lang = "en"
	Zh Lang = "zh"
)

// Langs lists the supported languages.
var Langs = []Lang{En, Zh}

// Parse reads a lang= value; ok is false for anything but en and zh.
func Parse(s string) (Lang, bool) {
	switch Lang(s) {
	case En, Zh:
		return Lang(s), true
	}
	return En, false
}

// Negotiate picks the language from an Accept-Language header: the
// supported language of highest quality (the first of equals), English when
// none matches. Each entry is parsed on its own by golang.org/x/text/language,
// so a malformed entry is skipped without losing the others, and q=0 refuses
// a language.
//
// Only the first MaxAcceptLanguage bytes are read (a browser sends a few
// dozen), so that a huge header costs nothing to parse.
func Negotiate(header string) Lang {
	if len(header) > MaxAcceptLanguage {
		header = header[:MaxAcceptLanguage]
	}
	best, bestQ := En, float32(0)
	for _, entry := range strings.Split(header, ",") {
		tags, qs, err := language.ParseAcceptLanguage(entry)
		if err != nil {
			continue
		}
		for i, tag := range tags {
			base, _ := tag.Base()
			if l, ok := Parse(base.String()); ok && qs[i] > bestQ {
				best, bestQ = l, qs[i]
			}
		}
	}
	return best
}

// MaxAcceptLanguage is how much of an Accept-Language header Negotiate reads.
const MaxAcceptLanguage = 256

// Other is the language the switch offers: the one that is not l.
func (l Lang) Other() Lang {
	if l == Zh {
		return En
	}
	return Zh
}

// T returns the message for key in language l, formatted with args
// (fmt verbs; translations reorder them with %[n]v). A missing key shows
// as ⟦key⟧ so that tests and reviewers see it.
func (l Lang) T(key string, args ...any) string {
	msg, ok := lookup(l, key)
	if !ok {
		return msg
	}
	msg = plainMessage(msg)
	if len(args) == 0 {
		return msg
	}
	return fmt.Sprintf(msg, args...)
}

// lookup finds key's message template in l, else in English; when neither
// has it, the template is ⟦key⟧ and ok is false.
func lookup(l Lang, key string) (msg string, ok bool) {
	if msg, ok = catalogs[l][key]; ok {
		return msg, true
	}
	if msg, ok = catalogs[En][key]; ok {
		return msg, true
	}
	return "⟦" + key + "⟧", false
}

// Has reports whether key exists in every language.
func Has(key string) bool {
	for _, l := range Langs {
		if _, ok := catalogs[l][key]; !ok {
			return false
		}
	}
	return true
}

// Name is the language's own name, for the switch.
func (l Lang) Name() string { return l.T("lang.name") }

// Messages lists every message of language l, for tests that look for
// catalog text in pages.
func Messages(l Lang) []string {
	out := make([]string, 0, len(catalogs[l]))
	for _, m := range catalogs[l] {
		out = append(out, m)
	}
	return out
}
