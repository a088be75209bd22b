package play_test

import (
	"bytes"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/batch"
	"gaelab/web/i18n"
	"gaelab/web/play"
	"gaelab/web/preview"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

const testPublicURL = "https://gae.example.edu"

// serveCard answers one GET through h, following the canonical redirect once.
func serveCard(t *testing.T, h http.Handler, target string) *httptest.ResponseRecorder {
	t.Helper()
	for range 2 {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		if loc := rec.Header().Get("Location"); rec.Code/100 == 3 && loc != "" {
			target = loc
			continue
		}
		return rec
	}
	t.Fatalf("GET %s: redirected twice", target)
	return nil
}

// cardDoc fetches a page through h and parses it; it must be a 200.
func cardDoc(t *testing.T, h http.Handler, target string) (*goquery.Document, string) {
	t.Helper()
	rec := serveCard(t, h, target)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d, body %.300s", target, rec.Code, rec.Body)
	}
	body := rec.Body.String()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return doc, body
}

// meta is the content of the head's meta tag whose property (or name) is
// key, and whether there is exactly one.
func meta(doc *goquery.Document, key string) (string, bool) {
	sel := doc.Find(`head meta[property="` + key + `"], head meta[name="` + key + `"]`)
	v, _ := sel.Attr("content")
	return v, sel.Length() == 1
}

// The pages of a scenario (the playground, a comparison, an update view)
// carry OpenGraph and Twitter card tags: a title and a description naming
// the scenario and the release, in the page's language, and with
// -public-url an absolute og:image whose PNG is the scenario's 1200×630
// boundary chart.
func TestOGTagsWithPublicURL(t *testing.T) {
	h := webtest.New(t, webtest.Options{PublicURL: testPublicURL + "/"}).Handler
	for _, c := range []struct {
		target, name, release string
		lang                  i18n.Lang
	}{
		{"/play?v=1&p=seed-b", "preset.seed-b.title", "v0.5.0", i18n.En},
		{"/play?v=1&p=seed-a&lang=zh", "preset.seed-a.title", "v0.5.0", i18n.Zh},
		{"/play?v=3&p=dense&ver=v0.4.0", "preset.dense.title", "v0.4.0", i18n.En},
		{"/compare/lambda?v=1&p=seed-b&lang=zh", "preset.seed-b.title", "v0.5.0", i18n.Zh},
		{"/update/actor?v=1&p=pipeline", "preset.pipeline.title", "v0.5.0", i18n.En},
	} {
		doc, _ := cardDoc(t, h, c.target)
		desc, ok := meta(doc, "og:description")
		if !ok || !strings.Contains(desc, c.lang.T(c.name)) || !strings.Contains(desc, "verl "+c.release) {
			t.Errorf("%s: og:description %q (one: %v) should name %q and verl %s", c.target, desc, ok, c.lang.T(c.name), c.release)
		}
		if d, _ := meta(doc, "description"); d != desc {
			t.Errorf("%s: description %q, og:description %q", c.target, d, desc)
		}
		if title, _ := meta(doc, "og:title"); !strings.Contains(title, c.lang.T(c.name)) || !strings.Contains(title, c.lang.T("brand")) {
			t.Errorf("%s: og:title %q", c.target, title)
		}
		if loc, _ := meta(doc, "og:locale"); loc != map[i18n.Lang]string{i18n.En: "en_US", i18n.Zh: "zh_CN"}[c.lang] {
			t.Errorf("%s: og:locale %q", c.target, loc)
		}
		if u, _ := meta(doc, "og:url"); !strings.HasPrefix(u, testPublicURL+"/") || strings.Contains(u, "present=") {
			t.Errorf("%s: og:url %q", c.target, u)
		}
		if card, _ := meta(doc, "twitter:card"); card != "summary_large_image" {
			t.Errorf("%s: twitter:card %q", c.target, card)
		}
		img, ok := meta(doc, "og:image")
		// The playground shares its boundary chart; a compare or update
		// page its own chart (link_card_pages_test.go).
		path, _, _ := strings.Cut(c.target, "?")
		if path != "/play" {
			if img != "" && strings.HasPrefix(img, testPublicURL+path+"/preview.png?") {
				continue
			}
			t.Fatalf("%s: og:image %q, want %s%s/preview.png", c.target, img, testPublicURL, path)
		}
		if !ok || !strings.HasPrefix(img, testPublicURL+"/play/preview.png?") {
			t.Fatalf("%s: og:image %q (one: %v), want an absolute link under %s", c.target, img, ok, testPublicURL)
		}
		if u, err := url.Parse(img); err != nil || !u.IsAbs() || u.Query().Get("lang") != string(c.lang) {
			t.Errorf("%s: og:image %q is not absolute or lacks lang=%s", c.target, img, c.lang)
		}
		if w, _ := meta(doc, "og:image:width"); w != "1200" {
			t.Errorf("%s: og:image:width %q", c.target, w)
		}
		if alt, _ := meta(doc, "og:image:alt"); alt != c.lang.T("card.image.alt") {
			t.Errorf("%s: og:image:alt %q", c.target, alt)
		}
		rec := serveCard(t, h, strings.TrimPrefix(img, testPublicURL))
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" || rec.Header().Get("ETag") == "" {
			t.Fatalf("%s: GET its og:image: status %d, Content-Type %q, ETag %q", c.target, rec.Code, rec.Header().Get("Content-Type"), rec.Header().Get("ETag"))
		}
		cond := httptest.NewRequest(http.MethodGet, strings.TrimPrefix(img, testPublicURL), nil)
		cond.Header.Set("If-None-Match", rec.Header().Get("ETag"))
		again := httptest.NewRecorder()
		h.ServeHTTP(again, cond)
		if again.Code != http.StatusNotModified {
			t.Errorf("%s: GET its og:image again with its ETag: status %d, want 304", c.target, again.Code)
		}
		im, err := png.Decode(rec.Body)
		if err != nil {
			t.Fatalf("%s: og:image: %v", c.target, err)
		}
		if s := im.Bounds().Size(); s.X != preview.Width || s.Y != preview.Height {
			t.Errorf("%s: og:image is %v, want 1200×630", c.target, s)
		}
	}
}

// Without -public-url there is no absolute link to give: the page keeps
// its title and description and writes no og:image nor og:url.
func TestOGNoImageWithoutPublicURL(t *testing.T) {
	h := webtest.New(t, webtest.Options{}).Handler
	for _, target := range []string{"/play?v=1&p=seed-b", "/compare/variance?v=1&p=seed-a&lang=zh", "/batch?lang=zh"} {
		doc, body := cardDoc(t, h, target)
		for _, key := range []string{"og:title", "og:description", "description", "twitter:card"} {
			if v, ok := meta(doc, key); !ok || v == "" {
				t.Errorf("%s: no %s", target, key)
			}
		}
		if card, _ := meta(doc, "twitter:card"); card != "summary" {
			t.Errorf("%s: twitter:card %q without an image", target, card)
		}
		if strings.Contains(body, "og:image") || strings.Contains(body, "og:url") || strings.Contains(body, "preview.png") {
			t.Errorf("%s: og:image or og:url written without -public-url", target)
		}
	}
}

// The batch view's card names its preset, its number of responses and
// the release; its image is the boundary chart of the response in focus.
func TestOGBatch(t *testing.T) {
	h := webtest.New(t, webtest.Options{PublicURL: testPublicURL}).Handler
	doc, _ := cardDoc(t, h, "/batch?lang=zh")
	desc, _ := meta(doc, "og:description")
	if !strings.Contains(desc, i18n.Zh.T("batch.preset.grpo-4.title")) || !strings.Contains(desc, "verl v0.") {
		t.Errorf("batch og:description %q", desc)
	}
	if u, _ := meta(doc, "og:url"); !strings.HasPrefix(u, testPublicURL+"/batch") {
		t.Errorf("batch og:url %q", u)
	}
	img, _ := meta(doc, "og:image")
	if !strings.HasPrefix(img, testPublicURL+"/batch/preview.png?") {
		t.Fatalf("batch og:image %q", img)
	}
	var pngs [2][]byte
	for i, row := range []string{"", "&row=1"} {
		rec := serveCard(t, h, strings.TrimPrefix(img, testPublicURL)+row)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" {
			t.Fatalf("GET the batch's og:image%s: %d %q", row, rec.Code, rec.Body)
		}
		pngs[i] = rec.Body.Bytes()
		im, err := png.Decode(bytes.NewReader(pngs[i]))
		if err != nil || im.Bounds().Dx() != preview.Width || im.Bounds().Dy() != preview.Height {
			t.Fatalf("batch og:image%s: %v", row, err)
		}
	}
	if bytes.Equal(pngs[0], pngs[1]) {
		t.Error("responses 0 and 1 draw the same preview")
	}
}

// A token is the learner's text: in the tags it is escaped, whatever it
// holds, and still read back as written.
func TestOGHostileTokenEscaped(t *testing.T) {
	evil := `"><script>alert('x')</script>`
	s, _ := scenario.Preset("seed-a")
	s.Tokens[0].Text = evil
	doc, body := cardDoc(t, webtest.New(t, webtest.Options{PublicURL: testPublicURL}).Handler, "/play?"+scenario.Encode(s))
	desc, _ := meta(doc, "og:description")
	if !strings.Contains(desc, evil) {
		t.Errorf("og:description %q should quote the token as written", desc)
	}
	if !strings.Contains(desc, i18n.En.T("card.edited", i18n.En.T("preset.seed-a.title"))) {
		t.Errorf("og:description %q should say the scenario was edited from its preset", desc)
	}
	head := body[:strings.Index(body, "</head>")]
	if strings.Contains(head, "<script>alert") || strings.Contains(head, "alert('x')") {
		t.Errorf("the token reaches the head unescaped: %.400s", head)
	}
	img, _ := meta(doc, "og:image")
	u, err := url.Parse(img)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := scenario.Decode(u.Query(), "lang"); len(got.Tokens) == 0 || got.Tokens[0].Text != evil {
		t.Errorf("og:image %q does not carry the edited token", img)
	}
}

// A response longer than the preview draws keeps its card without an
// image, and its preview link answers 422 in the learner's language.
func TestPreviewTooLong(t *testing.T) {
	h := webtest.New(t, webtest.Options{PublicURL: testPublicURL}).Handler
	q := "v=1&p=seed-b" + strings.Repeat("&tok=x", preview.MaxTokens+1) + "&lang=zh"
	doc, body := cardDoc(t, h, "/play?"+q)
	if _, ok := meta(doc, "og:description"); !ok {
		t.Error("a long response's page has no og:description")
	}
	if strings.Contains(body, "og:image") {
		t.Error("a response past preview.MaxTokens has an og:image")
	}
	rec := serveCard(t, h, "/play/preview.png?"+q)
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), i18n.Zh.T("preview.too_long", preview.MaxTokens, preview.MaxTokens+1)) {
		t.Errorf("GET preview.png of %d tokens: %d %q", preview.MaxTokens+1, rec.Code, rec.Body)
	}
}

// Two links that differ in one Chinese token draw different previews: the
// font draws Chinese, and the image is the link's own.
func TestPreviewChineseTokenChangesPNG(t *testing.T) {
	h := webtest.New(t, webtest.Options{}).Handler
	s, _ := scenario.Preset("seed-b")
	a := serveCard(t, h, "/play/preview.png?"+scenario.Encode(s)+"&lang=zh")
	s.Tokens[0].Text = "不是"
	b := serveCard(t, h, "/play/preview.png?"+scenario.Encode(s)+"&lang=zh")
	if a.Code != http.StatusOK || b.Code != http.StatusOK {
		t.Fatalf("status %d, %d", a.Code, b.Code)
	}
	if bytes.Equal(a.Body.Bytes(), b.Body.Bytes()) {
		t.Error("changing a Chinese token left the preview the same")
	}
	if a.Header().Get("ETag") == b.Header().Get("ETag") {
		t.Error("two previews share an ETag")
	}
}

// Every rune a preview draws has a glyph in its font: the chart's words in
// both languages, every preset's tokens (none falls back to its index), the
// release labels, Greek and the subscripts. A rune the font lacks (an
// emoji) is drawn as the token's index.
func TestPreviewGlyphCoverage(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.En, i18n.Zh} {
		for _, id := range scenario.PresetIDs {
			p, _ := scenario.Preset(id)
			pr := play.Request{Lang: lang, S: p}
			in := play.NewView(pr).PreviewInput()
			tx := in.Chart.Text
			for _, s := range []string{in.Title, in.Subtitle, tx.TokenAxis, tx.ValueAxis, tx.Value, tx.Return, tx.Advantage, tx.Bootstrap} {
				if !preview.Covered(s) {
					t.Errorf("%s %s: the font lacks a glyph of %q", lang, id, s)
				}
			}
			for i, tok := range in.Chart.Tokens {
				label := preview.TokenLabel(tok, i, 1e6)
				if strings.HasPrefix(label, "t=") && strings.TrimSpace(tok) != "" {
					t.Errorf("%s %s: token %d %q is drawn as its index", lang, id, i, tok)
				}
			}
		}
	}
	for _, id := range batch.PresetIDs {
		b, _ := batch.Preset(id)
		for _, lang := range []i18n.Lang{i18n.En, i18n.Zh} {
			in, ok := play.NewBatchView(play.BatchRequest{Lang: lang, B: b}).PreviewInput()
			if !ok || !preview.Covered(in.Title+in.Subtitle) {
				t.Errorf("%s batch %s: no preview (%v) or the font lacks a glyph of %q", lang, id, ok, in.Title+in.Subtitle)
			}
		}
		for i, row := range b.Rows {
			for t2, tok := range row.Tokens {
				if !preview.Covered(tok.Text) {
					t.Errorf("batch %s: response %d token %d %q is drawn as its index", id, i, t2, tok.Text)
				}
			}
		}
	}
	if s := "αβγδλθπΣ ₀₁₂₃₄₅₆₇₈₉ₜ −·≤≥→∑… V(sₜ) Aₜ Rₜ δₜ 的一是不了"; !preview.Covered(s) {
		t.Errorf("the font lacks a glyph of %q", s)
	}
	for _, r := range "😀\U0001F680\u0378" {
		if preview.Covered(string(r)) {
			t.Errorf("%U counts as covered", r)
		}
	}
	if got := preview.TokenLabel("ok😀", 3, 1e6); got != "t=3" {
		t.Errorf("a token with an emoji is drawn as %q, want t=3", got)
	}
}

// An edited link's preview says what differs from its preset (issue 35),
// in the page's language: λ, and how many tokens changed; the preset's own
// link says no change.
func TestOGEditedSaysWhatDiffers(t *testing.T) {
	h := webtest.New(t, webtest.Options{PublicURL: testPublicURL}).Handler
	s, _ := scenario.Preset("seed-b")
	s.Lam = 0.5
	s.Tokens[1].Value += 0.1
	s.Tokens[3].Score = 0.5
	for _, c := range []struct {
		lang i18n.Lang
		want []string
	}{
		{i18n.En, []string{"Changed from the example: λ = 0.5; 2 of 6 tokens."}},
		{i18n.Zh, []string{"相对示例的改动：λ = 0.5；6 个 token 中的 2 个。"}},
	} {
		doc, _ := cardDoc(t, h, "/play?"+scenario.Encode(s)+"&lang="+string(c.lang))
		desc, _ := meta(doc, "og:description")
		for _, w := range c.want {
			if !strings.Contains(desc, w) {
				t.Errorf("%s: og:description %q should say %q", c.lang, desc, w)
			}
		}
		doc, _ = cardDoc(t, h, "/play?v=1&p=seed-b&lang="+string(c.lang))
		if desc, _ := meta(doc, "og:description"); strings.Contains(desc, c.lang.T("card.diff", "")[:6]) {
			t.Errorf("%s: the preset's own preview %q says it changed", c.lang, desc)
		}
	}
}
