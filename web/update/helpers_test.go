package update_test

import (
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/update"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
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

// richText is the text a page shows for an HTML message (a catalog
// message through i18n.Lang.HTML): what goquery's Text gives for it in the
// page, MathML included.
func richText(t *testing.T, html string) string {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader("<p>" + html + "</p>"))
	if err != nil {
		t.Fatal(err)
	}
	return doc.Find("p").First().Text()
}

// newRoom is the update views' room as the server builds it, without live
// classes or a chart memo.
func newRoom() *update.Room {
	return &update.Room{Room: &play.Room{Hosts: page.NewSiteHosts("", nil), ClassesOn: func() bool { return false }}}
}
