package inspect

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/PuerkitoBio/goquery"

	"gaelab/static"
	"gaelab/templates"
	"gaelab/web/i18n"
)

// offlineID stands for the upload's id in the links of a page written to
// a file: every link that names it is the page itself, or is removed.
const offlineID = "offline"

// OfflinePage is the batch view /inspect/{id} shows for a, in lang, as one
// self-contained HTML file (gaelab inspect FILE --html OUT): the same
// verdict, findings, check, tables and heat maps, with the stylesheet and
// its font inlined and the heat maps as data: URLs, so that opening it
// makes no request. What only works against the server is left out: the
// scripts, the forms (upload, share, sort and filter) and the links to the
// site's other pages, which keep their text. config is the check's
// configuration (the view's query keys, allow included).
func OfflinePage(a *Analysis, lang i18n.Lang, config url.Values) ([]byte, error) {
	ir := inspectRequest{lang: lang, langSet: true, id: offlineID, config: url.Values{}}
	for k, v := range config {
		if len(v) > 0 && v[0] != "" {
			ir.config.Set(k, v[0])
		}
	}
	vm := inspectPage(ir, a, nil, nil)
	vm.Batch.Export = nil // the server's downloads
	doc, err := offlineDoc(vm)
	if err != nil {
		return nil, err
	}
	doc.Find("img[src]").Each(func(_ int, img *goquery.Selection) {
		src, _ := img.Attr("src")
		if m := heatSrc.FindStringSubmatch(src); m != nil {
			if png, ok := heatPNG(a, ir, m[1]); ok {
				img.SetAttr("src", "data:image/png;base64,"+base64.StdEncoding.EncodeToString(png))
				return
			}
		}
		img.RemoveAttr("src")
	})
	return offlineHTML(doc)
}

// OfflineRunPage is the run view /inspect/{id} shows for a run's zip, in
// lang, as one self-contained HTML file (gaelab inspect DIR --html OUT):
// the steps' table and the metrics' charts, inlined as OfflinePage's.
func OfflineRunPage(run *Run, lang i18n.Lang, config url.Values) ([]byte, error) {
	ir := inspectRequest{lang: lang, langSet: true, id: offlineID, config: url.Values{}}
	for k, v := range config {
		if len(v) > 0 && v[0] != "" {
			ir.config.Set(k, v[0])
		}
	}
	vm := inspectPage(ir, nil, nil, nil)
	vm.Run = runView(ir, run)
	vm.Run.Summary = slices.Delete(vm.Run.Summary, 1, 2) // an upload's expiry: no upload here
	doc, err := offlineDoc(vm)
	if err != nil {
		return nil, err
	}
	return offlineHTML(doc)
}

// offlineDoc renders vm with its stylesheet inlined, without what only
// works against the server: the scripts, the forms and the site menu.
func offlineDoc(vm templates.InspectPage) (*goquery.Document, error) {
	var buf bytes.Buffer
	if err := templates.InspectPageView(vm).Render(context.Background(), &buf); err != nil {
		return nil, fmt.Errorf("inspect: render: %w", err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		return nil, fmt.Errorf("inspect: offline page: %w", err)
	}
	if err := inlineAssets(doc); err != nil {
		return nil, err
	}
	doc.Find("script, form, details.site-menu").Remove()
	return doc, nil
}

// offlineHTML is the offline page's HTML: links to the site keep their
// text, and nothing else is fetched.
func offlineHTML(doc *goquery.Document) ([]byte, error) {
	// A link to the site has nowhere to go from a file: its text stays.
	doc.Find("a[href]").Each(func(_ int, l *goquery.Selection) {
		if href, _ := l.Attr("href"); !strings.HasPrefix(href, "#") {
			l.RemoveAttr("href")
			l.RemoveAttr("hreflang")
		}
	})
	doc.Find("link[href]").Each(func(_ int, l *goquery.Selection) {
		if href, _ := l.Attr("href"); !strings.HasPrefix(href, "data:") {
			l.Remove()
		}
	})
	doc.Find(`meta[property^="og:"], meta[name^="twitter:"]`).Remove()
	out, err := goquery.OuterHtml(doc.Selection)
	if err != nil {
		return nil, fmt.Errorf("inspect: offline page: %w", err)
	}
	return []byte(out), nil
}

// heatSrc is a heat map's URL in the batch view: its name.
var heatSrc = regexp.MustCompile(`^/inspect/` + offlineID + `/heat/([a-z]+)\.png(\?|$)`)

// cssURL is a url() of a served stylesheet (static rewrites its relative
// ones to the assets' hashed URLs).
var cssURL = regexp.MustCompile(`url\("?(/static/[^")]+)"?\)`)

// inlineAssets replaces each stylesheet link by a <style> holding its
// body, the assets it names (the math font) as data: URLs.
func inlineAssets(doc *goquery.Document) error {
	var err error
	doc.Find(`link[rel="stylesheet"]`).Each(func(_ int, l *goquery.Selection) {
		href, _ := l.Attr("href")
		body, _, ok := static.Body(href)
		if !ok {
			err = fmt.Errorf("inspect: offline page: no stylesheet %s", href)
			return
		}
		css := cssURL.ReplaceAllStringFunc(string(body), func(u string) string {
			b, typ, ok := static.Body(cssURL.FindStringSubmatch(u)[1])
			if !ok {
				return u
			}
			return `url("data:` + typ + `;base64,` + base64.StdEncoding.EncodeToString(b) + `")`
		})
		// </ cannot occur in a stylesheet's text; a <style> ends at it.
		l.ReplaceWithHtml("<style>" + strings.ReplaceAll(css, "</", `<\/`) + "</style>")
	})
	return err
}
