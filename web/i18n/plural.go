package i18n

import (
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// Plural returns the message for n things in language l, in l's CLDR
// plural form of n: key+".one" or key+".other" (English says "1 student",
// "2 students"; Chinese has one form, so it uses only ".other"). The
// message is formatted with n first, then args.
func (l Lang) Plural(key string, n int, args ...any) string {
	form := ".other"
	if plural.Cardinal.MatchPlural(language.Make(string(l)), n, 0, 0, 0, 0) == plural.One {
		form = ".one"
	}
	return l.T(key+form, append([]any{n}, args...)...)
}
