package play_test

import "net/url"

// switchTarget is the link a language switch's href opens (handleSetLang's
// to=), or "" when href is not a switch to lang.
func switchTarget(href, lang string) string {
	u, err := url.Parse(href)
	if err != nil || u.Path != "/lang/"+lang {
		return ""
	}
	return u.Query().Get("to")
}
