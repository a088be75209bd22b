package static

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// serve sends one request to Handler and returns the recorded response.
func serve(t *testing.T, method, target string, header http.Header) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, vs := range header {
		req.Header[k] = vs
	}
	rec := httptest.NewRecorder()
	Handler().ServeHTTP(rec, req)
	return rec
}

// embedded returns the bytes of an embedded file, by its path under static/.
func embedded(t *testing.T, file string) []byte {
	t.Helper()
	b, err := fs.ReadFile(files, file)
	if err != nil {
		t.Fatalf("read embedded %s: %v", file, err)
	}
	return b
}

func TestPathServesAsset(t *testing.T) {
	tests := []struct {
		name, file string
		wantURL    *regexp.Regexp
		wantType   string
	}{
		{"app.css", "app.css", regexp.MustCompile(`^/static/app\.([0-9a-f]{10})\.css$`), "text/css; charset=utf-8"},
		{"htmx.min.js", "vendor/htmx.min.js", regexp.MustCompile(`^/static/htmx\.min\.([0-9a-f]{10})\.js$`), "text/javascript; charset=utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := embedded(t, tt.file)
			if path.Ext(tt.file) == ".css" {
				body = withHashedURLs(t, body)
			}
			sum := sha256.Sum256(body)
			hexSum := hex.EncodeToString(sum[:])

			u := Path(tt.name)
			m := tt.wantURL.FindStringSubmatch(u)
			if m == nil {
				t.Fatalf("Path(%q) = %q, want it to match %s", tt.name, u, tt.wantURL)
			}
			if m[1] != hexSum[:10] {
				t.Errorf("Path(%q) carries hash %s, want the first 10 hex digits of the SHA-256, %s", tt.name, m[1], hexSum[:10])
			}
			if got := MustPath(tt.name); got != u {
				t.Errorf("MustPath(%q) = %q, want %q like Path", tt.name, got, u)
			}

			rec := serve(t, "GET", u, nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s: status = %d, want 200", u, rec.Code)
			}
			h := rec.Header()
			if got := h.Get("Content-Type"); got != tt.wantType {
				t.Errorf("Content-Type = %q, want %q", got, tt.wantType)
			}
			if got, want := h.Get("Cache-Control"), "public, max-age=31536000, immutable"; got != want {
				t.Errorf("Cache-Control = %q, want %q", got, want)
			}
			if got, want := h.Get("ETag"), `"`+hexSum+`"`; got != want {
				t.Errorf("ETag = %q, want the strong %q", got, want)
			}
			if got := h.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options = %q, want nosniff", got)
			}
			if h.Get("Last-Modified") != "" {
				t.Errorf("Last-Modified = %q, want none: the ETag is the validator", h.Get("Last-Modified"))
			}
			if rec.Body.String() != string(body) {
				t.Errorf("body is %d bytes, want the %d embedded bytes of %s (url()s rewritten)", rec.Body.Len(), len(body), tt.file)
			}
		})
	}
}

func TestHandlerConditionalAndHead(t *testing.T) {
	u := Path("app.css")
	etag := serve(t, "GET", u, nil).Header().Get("ETag")
	if etag == "" {
		t.Fatal("GET app.css: no ETag")
	}

	tests := []struct {
		name        string
		method      string
		ifNoneMatch string
		wantStatus  int
		wantBody    bool
	}{
		{"matching ETag", "GET", etag, http.StatusNotModified, false},
		{"matching ETag in a list", "GET", `"other", ` + etag, http.StatusNotModified, false},
		{"weak form of the ETag", "GET", "W/" + etag, http.StatusNotModified, false},
		{"star", "GET", "*", http.StatusNotModified, false},
		{"other ETag", "GET", `"0123"`, http.StatusOK, true},
		{"HEAD", "HEAD", "", http.StatusOK, false},
		{"HEAD with matching ETag", "HEAD", etag, http.StatusNotModified, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			header := http.Header{}
			if tt.ifNoneMatch != "" {
				header.Set("If-None-Match", tt.ifNoneMatch)
			}
			rec := serve(t, tt.method, u, header)
			if rec.Code != tt.wantStatus {
				t.Fatalf("%s %s with If-None-Match %q: status = %d, want %d", tt.method, u, tt.ifNoneMatch, rec.Code, tt.wantStatus)
			}
			if got := rec.Body.Len() > 0; got != tt.wantBody {
				t.Errorf("body length = %d, want a body: %v", rec.Body.Len(), tt.wantBody)
			}
			// A 304 must still carry the validator and the cache policy.
			if got := rec.Header().Get("ETag"); got != etag {
				t.Errorf("ETag = %q, want %q", got, etag)
			}
			if got := rec.Header().Get("Cache-Control"); got != cacheControl {
				t.Errorf("Cache-Control = %q, want %q", got, cacheControl)
			}
		})
	}
}

func TestHandlerNotFound(t *testing.T) {
	css := strings.TrimPrefix(Path("app.css"), Prefix)    // app.<hash>.css
	js := strings.TrimPrefix(Path("htmx.min.js"), Prefix) // htmx.min.<hash>.js
	hash := strings.Split(css, ".")[1]

	tests := []string{
		"/static/",
		"/static",
		"/static//",
		"/static/app.css",            // unhashed
		"/static/htmx.min.js",        // unhashed
		"/static/app.0000000000.css", // stale or wrong hash
		"/static/app." + strings.ToUpper(hash) + ".css", // hash in the wrong case
		"/static/app." + hash[:9] + ".css",              // short hash
		"/static/app." + hash + ".js",                   // right hash, wrong name
		"/static/" + css + "/",                          // trailing slash
		"/static/" + css + ".gz",                        // no such variant
		"/static/vendor/",                               // a folder
		"/static/vendor/" + js,                          // names are flat
		"/static/vendor/htmx.min.js",                    // the embedded path
		"/static/vendor/README.md",                      // not an asset
		"/static/vendor/LICENSE-htmx",                   // not an asset
		"/static/static.go",                             // source
		"/static/../static/" + css,                      // traversal that would land on an asset
		"/static/../go.mod",                             // traversal out
		"/static/./" + css,                              // unclean
		"/static/%2e%2e/go.mod",                         // encoded traversal
		"/static/..%2fgo.mod",                           // encoded slash
		"/" + css,                                       // outside the prefix
		"/other/" + css,                                 // outside the prefix
	}
	for _, target := range tests {
		t.Run(target, func(t *testing.T) {
			rec := serve(t, "GET", target, nil)
			if rec.Code != http.StatusNotFound {
				t.Errorf("GET %s: status = %d, want 404", target, rec.Code)
			}
			if cc := rec.Header().Get("Cache-Control"); strings.Contains(cc, "immutable") {
				t.Errorf("GET %s: Cache-Control = %q; a 404 must not be cached forever", target, cc)
			}
		})
	}
}

func TestHandlerMethodNotAllowed(t *testing.T) {
	u := Path("app.css")
	for _, method := range []string{"POST", "PUT", "DELETE", "PATCH"} {
		rec := serve(t, method, u, nil)
		if rec.Code != http.StatusMethodNotAllowed {
			t.Errorf("%s %s: status = %d, want 405", method, u, rec.Code)
		}
		if got := rec.Header().Get("Allow"); got != "GET, HEAD" {
			t.Errorf("%s %s: Allow = %q, want %q", method, u, got, "GET, HEAD")
		}
	}
}

func TestPathUnknownName(t *testing.T) {
	for _, name := range []string{"nope.css", "", "vendor/htmx.min.js", "App.css"} {
		u := Path(name)
		if want := "/static/" + name; u != want {
			t.Errorf("Path(%q) = %q, want the unhashed fallback %q", name, u, want)
		}
		if rec := serve(t, "GET", u, nil); rec.Code != http.StatusNotFound {
			t.Errorf("GET %s (fallback for %q): status = %d, want 404", u, name, rec.Code)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("MustPath(%q) did not panic, want a panic for an unknown name", name)
				}
			}()
			MustPath(name)
		}()
	}
}

func TestEveryEmbeddedFileHasPath(t *testing.T) {
	n := 0
	err := fs.WalkDir(files, ".", func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		name := path.Base(file)
		u := Path(name)
		if u == Prefix+name {
			t.Errorf("%s: Path(%q) = %q, want a hashed URL", file, name, u)
			return nil
		}
		rec := serve(t, "GET", u, nil)
		if rec.Code != http.StatusOK {
			t.Errorf("%s: GET %s: status = %d, want 200", file, u, rec.Code)
		}
		if got, want := rec.Header().Get("Content-Type"), contentTypes[path.Ext(name)]; got != want {
			t.Errorf("%s: Content-Type = %q, want %q", file, got, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != len(assets.byName) || n != len(assets.byHashed) {
		t.Errorf("%d embedded files, but the index has %d names and %d hashed names", n, len(assets.byName), len(assets.byHashed))
	}
	if n < 2 {
		t.Errorf("%d embedded files, want at least app.css and htmx.min.js", n)
	}
}

// TestEveryAssetFileIsEmbedded catches a file added under static/ without a
// matching go:embed pattern. Go files, READMEs, licences and testdata/ are
// not assets.
func TestEveryAssetFileIsEmbedded(t *testing.T) {
	err := filepath.WalkDir(".", func(file string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if name == "testdata" {
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") || strings.HasPrefix(name, "README") || strings.HasPrefix(name, "LICENSE") {
			return nil
		}
		if _, err := fs.Stat(files, filepath.ToSlash(file)); err != nil {
			t.Errorf("%s is on disk but not embedded: add a pattern for it to the go:embed directive in static.go", file)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestNewIndexRejects(t *testing.T) {
	tests := []struct {
		name    string
		fsys    fstest.MapFS
		wantErr string
	}{
		{
			name:    "two assets with one name",
			fsys:    fstest.MapFS{"a/x.css": {Data: []byte("a{}")}, "b/x.css": {Data: []byte("b{}")}},
			wantErr: `static: a/x.css and b/x.css are both called "x.css"`,
		},
		{
			name:    "unknown extension",
			fsys:    fstest.MapFS{"notes.txt": {Data: []byte("hi")}},
			wantErr: `static: notes.txt: no content type for extension ".txt"`,
		},
		{
			name:    "no extension",
			fsys:    fstest.MapFS{"Makefile": {Data: []byte("all:")}},
			wantErr: `static: Makefile: no content type for extension ""`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := newIndex(tt.fsys)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("newIndex: error = %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestNewIndexNames(t *testing.T) {
	ix, err := newIndex(fstest.MapFS{
		"icons/close.svg": {Data: []byte("<svg/>")},
		"fonts/x.woff2":   {Data: []byte("wOF2")},
		"print.min.css":   {Data: []byte("")},
		"vendor/a.b.c.js": {Data: []byte("1")},
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]*regexp.Regexp{
		"close.svg":     regexp.MustCompile(`^close\.[0-9a-f]{10}\.svg$`),
		"x.woff2":       regexp.MustCompile(`^x\.[0-9a-f]{10}\.woff2$`),
		"print.min.css": regexp.MustCompile(`^print\.min\.[0-9a-f]{10}\.css$`),
		"a.b.c.js":      regexp.MustCompile(`^a\.b\.c\.[0-9a-f]{10}\.js$`),
	} {
		a := ix.byName[name]
		if a == nil {
			t.Errorf("no asset called %q; have %v", name, ix.byName)
			continue
		}
		if !want.MatchString(a.hashedName) {
			t.Errorf("%s: hashed name %q, want it to match %s", name, a.hashedName, want)
		}
		if ix.byHashed[a.hashedName] != a {
			t.Errorf("%s: byHashed[%q] is not the same asset", name, a.hashedName)
		}
	}
	if got := ix.byName["x.woff2"].contentType; got != "font/woff2" {
		t.Errorf("x.woff2: content type %q, want font/woff2", got)
	}
	if got := ix.byName["close.svg"].contentType; got != "image/svg+xml" {
		t.Errorf("close.svg: content type %q, want image/svg+xml", got)
	}
}

// cssWithoutComments returns app.css with its /* */ comments removed, so
// that the documentation block cannot satisfy or spoil a check.
func cssWithoutComments(t *testing.T) string {
	t.Helper()
	return regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(string(embedded(t, "app.css")), "")
}

func TestAppCSSQuantityColours(t *testing.T) {
	want := map[string]string{
		"--c-value":     "#0072B2",
		"--c-return":    "#BA8000",
		"--c-advantage": "#009E73",
		"--c-whitened":  "#CC79A7",
		"--c-reward":    "#D55E00",
		"--c-score":     "#3593CE",
		"--c-kl":        "#000000",
	}
	got := map[string][]string{}
	decl := regexp.MustCompile(`(--c-[a-z-]+)\s*:\s*([^;}]+?)\s*[;}]`)
	// The dark theme remaps the black KL colour, as web/chart's Dark theme
	// does; the palette itself is the :root block.
	root := regexp.MustCompile(`(?s):root\s*\{.*?\}`).FindString(cssWithoutComments(t))
	for _, m := range decl.FindAllStringSubmatch(root, -1) {
		got[m[1]] = append(got[m[1]], m[2])
	}
	for name, value := range want {
		switch defs := got[name]; {
		case len(defs) == 0:
			t.Errorf("app.css does not define %s, want %s", name, value)
		case len(defs) > 1:
			t.Errorf("app.css defines %s %d times (%v), want once, as %s", name, len(defs), defs, value)
		case defs[0] != value:
			t.Errorf("app.css: %s: %s, want %s (the value web/chart uses)", name, defs[0], value)
		}
	}
	for name, defs := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("app.css defines %s = %v; the quantity colours are exactly %v", name, defs, want)
		}
	}
}

// TestAppCSSContract checks the selectors that templates rely on, and that
// no rule removes the focus outline.
func TestAppCSSContract(t *testing.T) {
	css := cssWithoutComments(t)
	for _, sel := range []string{
		":focus-visible",
		".token-table",
		"td.hl",
		"th.hl",
		".mask-pad",
		".mask-obs",
		".warning",
		".field-error",
		".formula",
		".step-read",
		".step-write",
		".chart svg .hl",
		".chart svg .hl.on",
		".visually-hidden",
		`input[type="range"]`,
		".playground",
		".q-value", ".q-return", ".q-advantage", ".q-whitened", ".q-reward", ".q-score", ".q-kl",
	} {
		if !strings.Contains(css, sel) {
			t.Errorf("app.css has no rule for %s", sel)
		}
	}
	if m := regexp.MustCompile(`outline(-style|-width)?\s*:\s*(none|0)\b`).FindString(css); m != "" {
		t.Errorf("app.css contains %q: focus outlines must never be removed", m)
	}
	for _, font := range []string{`"Noto Sans CJK SC"`, `"PingFang SC"`, `"Microsoft YaHei"`, "system-ui"} {
		if !strings.Contains(css, font) {
			t.Errorf("app.css font stack lacks %s", font)
		}
	}
	if strings.Count(css, "{") != strings.Count(css, "}") {
		t.Errorf("app.css has %d '{' but %d '}'", strings.Count(css, "{"), strings.Count(css, "}"))
	}
}

// TestVendoredHtmx checks that the embedded htmx is the release that
// vendor/README.md names, byte for byte.
func TestVendoredHtmx(t *testing.T) {
	js := embedded(t, "vendor/htmx.min.js")
	readme, err := os.ReadFile("vendor/README.md")
	if err != nil {
		t.Fatal(err)
	}

	if !strings.HasPrefix(string(js), "var htmx=") || !strings.Contains(string(js), "htmx") {
		t.Errorf("vendor/htmx.min.js starts %q, want the htmx build (\"var htmx=...\")", string(js[:min(40, len(js))]))
	}
	m := regexp.MustCompile(`version:"([0-9]+\.[0-9]+\.[0-9]+)"`).FindSubmatch(js)
	if m == nil {
		t.Fatal(`vendor/htmx.min.js: no version:"x.y.z" found`)
	}
	jsVersion := string(m[1])
	if !strings.HasPrefix(jsVersion, "2.") {
		t.Errorf("vendored htmx is %s, want a 2.x release", jsVersion)
	}

	row := func(field string) string {
		re := regexp.MustCompile("(?m)^\\| " + regexp.QuoteMeta(field) + " \\| `([^`]+)`")
		m := re.FindSubmatch(readme)
		if m == nil {
			t.Fatalf("vendor/README.md has no %q row like \"| %s | `...` |\"", field, field)
		}
		return string(m[1])
	}
	if got := row("Version"); got != jsVersion {
		t.Errorf("vendor/README.md says version %s, but htmx.min.js is %s", got, jsVersion)
	}
	sum := sha256.Sum256(js)
	if got, want := row("SHA-256 of htmx.min.js"), hex.EncodeToString(sum[:]); got != want {
		t.Errorf("vendor/README.md gives SHA-256 %s, but htmx.min.js hashes to %s: was the file edited?", got, want)
	}

	licence, err := os.ReadFile("vendor/LICENSE-htmx")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(licence), "Zero-Clause BSD") {
		t.Errorf("vendor/LICENSE-htmx does not hold the 0BSD text")
	}
}

// FuzzHandler checks that no request path reaches anything but an asset's
// exact hashed URL, and that none panics.
func FuzzHandler(f *testing.F) {
	hashed := map[string]bool{}
	for _, a := range assets.byName {
		hashed[Prefix+a.hashedName] = true
		f.Add(Prefix + a.hashedName)
	}
	for _, s := range []string{"/static/", "/static/app.css", "/static/../go.mod", "/static/vendor/README.md", "", "/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		req := &http.Request{Method: "GET", URL: &url.URL{Path: p}, Header: http.Header{}}
		rec := httptest.NewRecorder()
		Handler().ServeHTTP(rec, req)
		switch {
		case hashed[p] && rec.Code != http.StatusOK:
			t.Errorf("GET %q: status = %d, want 200", p, rec.Code)
		case !hashed[p] && rec.Code != http.StatusNotFound:
			t.Errorf("GET %q: status = %d, want 404", p, rec.Code)
		}
	})
}

// withHashedURLs returns css, a stylesheet at the root of static/, as the
// handler should serve it: every url("…") naming an embedded file by its
// path replaced by that file's hashed URL. It is a plain text replacement,
// independent of the regexp that static.go uses.
func withHashedURLs(t *testing.T, css []byte) []byte {
	t.Helper()
	var pairs []string
	err := fs.WalkDir(files, ".", func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(file) == ".css" {
			return err
		}
		pairs = append(pairs, `url("`+file+`")`, `url("`+Path(path.Base(file))+`")`)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return []byte(strings.NewReplacer(pairs...).Replace(string(css)))
}

// TestAppCSSFontURL checks that app.css reaches the math font through its
// hashed URL, and through nothing else.
func TestAppCSSFontURL(t *testing.T) {
	css := serve(t, "GET", Path("app.css"), nil).Body.String()
	font := Path("stix-two-math.woff2")
	if !strings.Contains(css, `url("`+font+`") format("woff2")`) {
		t.Errorf("served app.css does not load the math font from %s", font)
	}
	if m := regexp.MustCompile(`url\(\s*["']?fonts/`).FindString(css); m != "" {
		t.Errorf("served app.css still has %q…: every relative url() should be rewritten", m)
	}
	rec := serve(t, "GET", font, nil)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "font/woff2" {
		t.Errorf("GET %s: %d %q, want 200 font/woff2", font, rec.Code, rec.Header().Get("Content-Type"))
	}
	if !strings.HasPrefix(rec.Body.String(), "wOF2") {
		t.Errorf("GET %s: body does not start with the WOFF2 signature", font)
	}
}

func TestNewIndexRewritesCSSURLs(t *testing.T) {
	fsys := fstest.MapFS{
		"fonts/x.woff2": {Data: []byte("wOF2 x")},
		"icons/i.svg":   {Data: []byte("<svg/>")},
		"a.css": {Data: []byte(`@font-face { src: url("fonts/x.woff2") format("woff2"), url( 'fonts/x.woff2' ); }
.i { background: url(icons/i.svg#dot) , url("icons/i.svg?v=1"); }
.d { background: url("data:image/svg+xml,<svg/>"), url(/abs.png), url(#f), url(https://example.com/x.png), url(); }
/* the url() below */`)},
		"css/b.css": {Data: []byte(`.b { background: url("../icons/i.svg"); }`)},
	}
	ix, err := newIndex(fsys)
	if err != nil {
		t.Fatal(err)
	}
	font, icon := Prefix+ix.byName["x.woff2"].hashedName, Prefix+ix.byName["i.svg"].hashedName
	want := `@font-face { src: url("` + font + `") format("woff2"), url("` + font + `"); }
.i { background: url("` + icon + `#dot") , url("` + icon + `?v=1"); }
.d { background: url("data:image/svg+xml,<svg/>"), url(/abs.png), url(#f), url(https://example.com/x.png), url(); }
/* the url() below */`
	a := ix.byName["a.css"]
	if got := string(a.body); got != want {
		t.Errorf("a.css served as\n%s\nwant\n%s", got, want)
	}
	sum := sha256.Sum256([]byte(want))
	if h := hex.EncodeToString(sum[:]); a.etag != `"`+h+`"` || !strings.Contains(a.hashedName, h[:hashLen]) {
		t.Errorf("a.css: hashed name %s, ETag %s; want both from the SHA-256 of the rewritten body, %s", a.hashedName, a.etag, h)
	}
	if got, want := string(ix.byName["b.css"].body), `.b { background: url("`+icon+`"); }`; got != want {
		t.Errorf("css/b.css served as %s, want %s: url()s are relative to the stylesheet", got, want)
	}

	// A changed font changes the stylesheet's URL.
	fsys["fonts/x.woff2"] = &fstest.MapFile{Data: []byte("wOF2 y")}
	ix2, err := newIndex(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if ix2.byName["a.css"].hashedName == a.hashedName {
		t.Errorf("a.css keeps hashed name %s after the font it names changed", a.hashedName)
	}
}

func TestNewIndexRejectsBrokenCSSURLs(t *testing.T) {
	tests := []struct {
		name    string
		css     string
		wantErr string
	}{
		{"missing file", `a { src: url("fonts/nope.woff2"); }`, `static: a.css: url("fonts/nope.woff2") names no embedded file (looked for fonts/nope.woff2)`},
		{"outside the tree", `a { src: url(../x.woff2); }`, `static: a.css: url(../x.woff2) names no embedded file (looked for ../x.woff2)`},
		{"another stylesheet", `@import url("b.css");`, `static: a.css: url("b.css") names a stylesheet`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := newIndex(fstest.MapFS{
				"a.css":   {Data: []byte(tt.css)},
				"b.css":   {Data: []byte("")},
				"x.woff2": {Data: []byte("wOF2")},
			})
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("newIndex: error = %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}

// Accept-Encoding allows gzip unless it is missing or weighted q=0.
func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"": false, "br": false, "gzip": true, "GZIP": true, "gzip, deflate, br": true, "br;q=1, gzip;q=0.5": true,
		"gzip;q=0": false, "gzip; q=0.000": false, "deflate, gzip;q=0.0": false, "gzipx": false,
	} {
		if got := acceptsGzip(header); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", header, got, want)
		}
	}
}
