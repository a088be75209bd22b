package compare_test

import (
	"net/url"
	"strings"
)

// switchTarget is the link a language switch's href opens (handleSetLang's
// to=), or "" when href is not a switch to lang.
func switchTarget(href, lang string) string {
	u, err := url.Parse(href)
	if err != nil || u.Path != "/lang/"+lang {
		return ""
	}
	return u.Query().Get("to")
}

// decimals is the number of digits after the point of a plain decimal
// number ("-0.0500" → 4, "3" → 0), or −1 for anything else.
func decimals(x string) int {
	x = strings.TrimPrefix(x, "-")
	whole, frac, _ := strings.Cut(x, ".")
	if whole == "" || strings.Trim(whole, "0123456789") != "" || strings.Trim(frac, "0123456789") != "" {
		return -1
	}
	return len(frac)
}
