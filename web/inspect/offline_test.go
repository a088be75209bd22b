package inspect_test

import (
	"bytes"
	"encoding/base64"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/i18n"
	"gaelab/web/inspect"
	"gaelab/web/mw"
	"gaelab/web/webtest"
)

// offlineSections are the parts of the batch view the offline page must
// show as the page does: the findings, the verdict, each check, the
// statistics, the heat maps' captions and axes, the rows.
var offlineSections = []string{"inspect-batch h2", "inspect-sanity", "inspect-verdict", "inspect-check", "inspect-stats", "inspect-map", "inspect-rows", "inspect-group-stats"}

// TestOfflinePageEveryClass: for each class's fixture of #37, in both
// languages, inspect.OfflinePage (gaelab inspect --html) shows the verdict,
// findings, checks, tables and heat maps the view of the same upload shows,
// the heat maps byte for byte, and makes no request.
func TestOfflinePageEveryClass(t *testing.T) {
	// Every class uploaded and viewed (in two languages, with its heat
	// maps), faster than the default quotas of an address refill.
	h := inspectHandler(t, webtest.Options{InspectBurst: 200, ViewsQuota: mw.AddrQuota{PerMinute: 6000, Burst: 1000}})
	for _, lang := range []i18n.Lang{i18n.En, i18n.Zh} {
		for _, tc := range verdictClasses {
			t.Run(string(lang)+" "+tc.class, func(t *testing.T) {
				if tc.err != "" {
					return // no batch, no view
				}
				q, _ := url.ParseQuery(tc.query)
				up := classPost(t, h, "/inspect?lang="+string(lang), tc, q)
				if up.Code != http.StatusSeeOther {
					t.Fatalf("upload: %d %s", up.Code, up.Body)
				}
				if tc.sidecar != "" { // the form's fields win over the sidecar
					side, err := os.ReadFile(filepath.Join("testdata", tc.sidecar))
					if err != nil {
						t.Fatal(err)
					}
					sq, err := inspect.SidecarValues(side)
					if err != nil {
						t.Fatal(err)
					}
					for k := range sq {
						if q.Get(k) == "" {
							q.Set(k, sq.Get(k))
						}
					}
				}
				_, page := inspectGet(t, h, up.Header().Get("Location"))
				off := offlineDoc(t, tc.file, lang, q)
				if got, _ := off.Find("html").Attr("lang"); got != string(lang) {
					t.Errorf("lang %q, want %s", got, lang)
				}
				for _, sel := range offlineSections {
					if !strings.Contains(sel, " ") {
						sel = "[data-testid=" + sel + "]"
					} else {
						sel = "[data-testid=" + strings.Replace(sel, " ", "] ", 1)
					}
					want, got := squash(page.Find(sel).Text()), squash(off.Find(sel).Text())
					if want != got {
						t.Errorf("%s:\n page    %q\n offline %q", sel, want, got)
					}
				}
				if n := off.Find("[data-testid=inspect-verdict]").Length(); n != 1 {
					t.Errorf("%d verdict sections", n)
				}
				offlineSelfContained(t, off)
				if tc.class == verdictClasses[0].class {
					sameHeatMaps(t, h, page, off)
				}
			})
		}
	}
}

// offlineDoc is OfflinePage of a testdata file, parsed.
func offlineDoc(t *testing.T, file string, lang i18n.Lang, q url.Values) *goquery.Document {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	a, err := inspect.Load(data, q)
	if err != nil {
		t.Fatal(err)
	}
	out, err := inspect.OfflinePage(a, lang, q)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

var (
	spaces    = regexp.MustCompile(`\s+`)
	styleURLs = regexp.MustCompile(`url\(\s*["']?([^"')\s]+)`)
)

func squash(s string) string { return strings.TrimSpace(spaces.ReplaceAllString(s, " ")) }

// offlineSelfContained fails for anything in the page a browser would
// fetch or send: a script, a stylesheet or icon link, an image, a font or
// other url() that is not a data: URL, a form, or a link that leaves the
// page (a #fragment stays in it).
func offlineSelfContained(t *testing.T, doc *goquery.Document) {
	t.Helper()
	if n := doc.Find("script, form, iframe, object, embed, base").Length(); n > 0 {
		t.Errorf("%d script, form or embedding elements", n)
	}
	doc.Find("*").Each(func(_ int, s *goquery.Selection) {
		for _, attr := range []string{"src", "href", "srcset", "action", "formaction", "poster", "data-url", "style"} {
			v, ok := s.Attr(attr)
			if !ok {
				continue
			}
			if attr == "style" {
				checkStyleURLs(t, v)
				continue
			}
			if !strings.HasPrefix(v, "data:") && !strings.HasPrefix(v, "#") {
				t.Errorf("<%s %s=%q>: not in the file", goquery.NodeName(s), attr, v)
			}
		}
	})
	css := doc.Find("style").Text()
	if len(css) < 1000 {
		t.Errorf("the stylesheet is not inlined (%d bytes of <style>)", len(css))
	}
	checkStyleURLs(t, css)
}

func checkStyleURLs(t *testing.T, css string) {
	t.Helper()
	for _, m := range styleURLs.FindAllStringSubmatch(css, -1) {
		if !strings.HasPrefix(m[1], "data:") && !strings.HasPrefix(m[1], "#") {
			t.Errorf("a style's url(%s) is not in the file", m[1])
		}
	}
	if strings.Contains(css, "@import") {
		t.Error("a style imports another")
	}
}

// sameHeatMaps: each heat map of the offline page is the PNG the view's
// <img> fetches, in the same order.
func sameHeatMaps(t *testing.T, h http.Handler, page, off *goquery.Document) {
	t.Helper()
	var served, inline []string
	page.Find("main img").Each(func(_ int, s *goquery.Selection) { served = append(served, s.AttrOr("src", "")) })
	off.Find("main img").Each(func(_ int, s *goquery.Selection) { inline = append(inline, s.AttrOr("src", "")) })
	if len(served) != len(inline) || len(served) < 3 {
		t.Fatalf("%d images on the page, %d offline", len(served), len(inline))
	}
	for i, src := range served {
		rec, _ := inspectGet(t, h, src)
		png, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(inline[i], "data:image/png;base64,"))
		if rec.Code != 200 || err != nil || !bytes.Equal(rec.Body.Bytes(), png) {
			t.Errorf("image %d (%s): %d, offline %d bytes %v, served %d", i, src, rec.Code, len(png), err, rec.Body.Len())
		}
	}
}
