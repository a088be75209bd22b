package play_test

import (
	"bytes"
	"crypto/sha256"
	"image/png"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"gaelab/web/i18n"
	"gaelab/web/mw"
	"gaelab/web/play"
	"gaelab/web/preview"
	"gaelab/web/webtest"
)

// cardPages are the compare and update pages (issue 35: each with a link
// preview of its own), with the catalog key of their title and of their
// card ("" for card.page.<path>).
var cardPages = []struct{ path, params, title, card string }{
	{"/compare", "", "index.compare.title", ""},
	{"/compare/lambda", "", "sweep.lam.title", ""},
	{"/compare/estimators", "", "sweep.est.title", ""},
	{"/compare/variance", "&n=200", "var.title", ""},
	{"/compare/versions", "", "compare.versions.title", ""},
	{"/compare/versions", "&from=v0.4.1&to=v0.9.0", "compare.versions.title", "card.page.compare.upgrade"},
	{"/compare/bugs", "", "compare.bugs.title", ""},
	{"/compare/bugs", "&bug=shift", "compare.bugs.title", ""},
	{"/update", "", "index.update.title", ""},
	{"/update/critic", "", "update.critic.title", ""},
	{"/update/actor", "", "update.actor.title", ""},
}

// catalogWords is the longest run of a message's own words: the message
// with its arguments taken out. A description in the other language
// lacks it.
func catalogWords(l i18n.Lang, key string) string {
	longest := ""
	for _, part := range strings.Split(l.T(key, "\x00", "\x00", "\x00", "\x00", "\x00"), "\x00") {
		if part = strings.TrimSpace(part); len(part) > len(longest) {
			longest = part
		}
	}
	return longest
}

// Every compare and update page, in both languages, fresh and edited, has
// og:title, og:description and og:image (issue 35): the title names the
// page in its language, the description says what the page shows in its
// language (its own catalog words, not the other language's) and, for an
// edited link, what differs from the preset; the image is the page's own,
// <path>/preview.png with the page's state and lang, answering 200
// image/png, 1200×630, drawn from the page's chart: no two views share
// one, nor with the playground's (an index shares its first view's).
func TestComparePagesHaveTheirOwnPreview(t *testing.T) {
	// 80 previews: past the quota one address gets by default.
	h := webtest.New(t, webtest.Options{PublicURL: testPublicURL, PreviewsQuota: mw.AddrQuota{PerMinute: 600, Burst: 100, Key: "limit.previews_quota"}}).Handler
	for _, lang := range []i18n.Lang{i18n.En, i18n.Zh} {
		other := map[i18n.Lang]i18n.Lang{i18n.En: i18n.Zh, i18n.Zh: i18n.En}[lang]
		seen := map[[32]byte]string{}
		for _, edit := range []string{"", "&lam=0.5"} {
			for _, pg := range cardPages {
				target := pg.path + "?v=1&p=seed-a" + pg.params + edit + "&lang=" + string(lang)
				doc, _ := cardDoc(t, h, target)
				key := play.PageCardKey(pg.path)
				if pg.card != "" {
					key = pg.card
				}
				title, okT := meta(doc, "og:title")
				if !okT || !strings.Contains(title, lang.T(pg.title)) || !strings.Contains(title, lang.T("preset.seed-a.title")) {
					t.Errorf("%s: og:title %q (one: %v), want the page's title %q and the preset's name", target, title, okT, lang.T(pg.title))
				}
				desc, okD := meta(doc, "og:description")
				own, theirs := catalogWords(lang, key+".desc"), catalogWords(other, key+".desc")
				if !okD || own == "" || !strings.Contains(desc, own) || strings.Contains(desc, theirs) {
					t.Errorf("%s: og:description %q (one: %v), want the page's own words %q and not %q", target, desc, okD, own, theirs)
				}
				if diff := lang.T("card.diff.lam", "0.5"); (edit != "") != strings.Contains(desc, diff) {
					t.Errorf("%s: og:description %q says %q: %v, want %v", target, desc, diff, !(edit != ""), edit != "")
				}
				if alt, _ := meta(doc, "og:image:alt"); alt != lang.T(key+".alt") {
					t.Errorf("%s: og:image:alt %q, want %q", target, alt, lang.T(key+".alt"))
				}
				img, okI := meta(doc, "og:image")
				u, err := url.Parse(img)
				if !okI || err != nil || !strings.HasPrefix(img, testPublicURL+pg.path+"/preview.png?") || u.Query().Get("lang") != string(lang) ||
					u.Query().Get("lam") != strings.TrimPrefix(edit, "&lam=") {
					t.Fatalf("%s: og:image %q (one: %v), want %s%s/preview.png with the page's state and lang", target, img, okI, testPublicURL, pg.path)
				}
				rec := serveCard(t, h, strings.TrimPrefix(img, testPublicURL))
				if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" {
					t.Fatalf("%s: GET its og:image: %d %q %.200s", target, rec.Code, rec.Header().Get("Content-Type"), rec.Body)
				}
				b := rec.Body.Bytes()
				im, err := png.Decode(bytes.NewReader(b))
				if err != nil {
					t.Fatalf("%s: og:image: %v", target, err)
				}
				if s := im.Bounds().Size(); s.X != preview.Width || s.Y != preview.Height {
					t.Errorf("%s: og:image is %v, want %d×%d", target, s, preview.Width, preview.Height)
				}
				sum := sha256.Sum256(b)
				// The same page edited may draw the same (the objective
				// curve does not depend on λ); an index shares its first view's.
				index := map[string]string{"/compare/lambda": "/compare", "/update/critic": "/update"}[pg.path]
				if was, ok := seen[sum]; ok && was != pg.path+pg.params && was != index {
					t.Errorf("%s: og:image is the same picture as %s's", target, was)
				}
				seen[sum] = pg.path + pg.params
			}
			play := serveCard(t, h, "/play/preview.png?v=1&p=seed-a"+edit+"&lang="+string(lang))
			if was, ok := seen[sha256.Sum256(play.Body.Bytes())]; ok {
				t.Errorf("%s's og:image is the playground's", was)
			}
		}
	}
}

// A link preview of a state its chart cannot draw (issue 35) answers a
// real PNG, 200 image/png, 1200×630, that says so in the page's language,
// not an error status, for which a chat app would show nothing: the update
// actor's and the estimators' pages with every token masked out (no valid
// token: no objective, no estimators), the batch's with no such response.
// The picture is not blank (its message's rows hold dark text) and differs
// between the two languages; the page keeps its og:image.
func TestPreviewOfUndrawableState(t *testing.T) {
	h := webtest.New(t, webtest.Options{PublicURL: testPublicURL, PreviewsQuota: mw.AddrQuota{PerMinute: 600, Burst: 100, Key: "limit.previews_quota"}}).Handler
	for _, target := range []string{
		"/update/actor?v=1&p=seed-b&mask=0,0,0,0,0,0",
		"/compare/estimators?v=1&p=seed-b&mask=0,0,0,0,0,0",
		"/batch?v=1&row=99",
	} {
		var sums [2][32]byte
		for i, lang := range []i18n.Lang{i18n.En, i18n.Zh} {
			path, query, _ := strings.Cut(target, "?")
			if path != "/batch" {
				doc, _ := cardDoc(t, h, target+"&lang="+string(lang))
				if img, ok := meta(doc, "og:image"); !ok || !strings.Contains(img, path+"/preview.png?") {
					t.Errorf("%s: og:image %q, want its preview", target, img)
				}
			}
			src := path + "/preview.png?" + query + "&lang=" + string(lang)
			rec := serveCard(t, h, src)
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" {
				t.Fatalf("GET %s: %d %q %.200s, want 200 image/png", src, rec.Code, rec.Header().Get("Content-Type"), rec.Body)
			}
			b := rec.Body.Bytes()
			im, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("GET %s: %v", src, err)
			}
			if s := im.Bounds().Size(); s.X != preview.Width || s.Y != preview.Height {
				t.Errorf("GET %s: %v, want %d×%d", src, s, preview.Width, preview.Height)
			}
			dark := 0 // text pixels in the message's rows, under the heading
			for y := 170; y < 320; y++ {
				for x := 0; x < preview.Width; x++ {
					if r, g, b, _ := im.At(x, y).RGBA(); r+g+b < 3*0x8000 {
						dark++
					}
				}
			}
			if dark < 2000 {
				t.Errorf("GET %s: %d dark pixels where its message goes, want a message", src, dark)
			}
			sums[i] = sha256.Sum256(b)
		}
		if sums[0] == sums[1] {
			t.Errorf("%s: the English and Chinese previews are the same picture", target)
		}
	}
}
