// Package static embeds GAE Lab's stylesheets, scripts and other assets in the
// binary and serves them under content-hashed URLs, so that browsers may cache
// them forever and still never run a stale copy.
//
// An asset is named by its file name alone: static/app.css is "app.css" and
// static/vendor/htmx.min.js is "htmx.min.js". Folders only sort the source
// tree (vendor/ holds third-party files with their licences), so no two assets
// may share a file name. Templates link to an asset through [Path]:
//
//	<link rel="stylesheet" href={ static.Path("app.css") }/>
//
// which gives "/static/app.0123456789.css", where 0123456789 stands for the
// first ten hex digits of the SHA-256 of the file's bytes. [Handler] answers
// exactly those URLs, with Cache-Control "public, max-age=31536000, immutable"
// and a strong ETag: a changed file gets a new URL, so nothing cached goes
// stale. Every other URL under /static/ is 404 Not Found: an unhashed name, an
// old hash, a folder, anything with "..". The handler only looks names up in
// a table built from the embedded files, so it cannot list a directory or
// reach a file outside it.
//
// A stylesheet cannot call Path, so it names the files it uses (fonts,
// images) by their path relative to itself, as on disk:
//
//	src: url("fonts/stix-two-math.woff2") format("woff2");
//
// and the table serves every CSS file with each such relative url() rewritten
// to the file's hashed URL ("/static/stix-two-math.0123456789.woff2"). The
// CSS is hashed after the rewrite, so a changed font also changes the URL of
// the stylesheet that names it. The stylesheet still works straight from the
// source tree (a file:// preview finds fonts/ beside it). URLs with a scheme
// ("data:", "https:"), absolute paths and bare fragments are left alone; a
// relative url() that names no embedded file, or names another stylesheet,
// is a broken table.
//
// The table is built once, when the package is initialised. The embedded
// files are fixed at build time, so a broken table (two assets with one name,
// an extension with no known content type, a CSS url() to a missing file)
// stops the program at start-up and fails every test that imports the
// package; it cannot happen on a request.
//
// To add an asset, put it under static/, add its pattern to the go:embed
// directive in static.go (go:embed refuses a pattern that matches nothing,
// which is why icons/ is not listed yet) and, for a new kind of file, its
// extension to contentTypes. TestEveryAssetFileIsEmbedded fails if a
// file on disk is missing from the binary.
package static

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// files holds every asset. Keep it to assets: READMEs and licences stay out.
//
//go:embed *.css *.js vendor/*.js fonts/*.woff2
var files embed.FS

// Prefix is the URL path under which Handler must be mounted and under which
// Path builds URLs.
const Prefix = "/static/"

// cacheControl lets any cache keep an asset for a year without revalidating:
// its URL changes whenever its content does.
const cacheControl = "public, max-age=31536000, immutable"

// hashLen is how many hex digits of the SHA-256 go into an asset's URL.
const hashLen = 10

// contentTypes maps an asset's extension to its Content-Type. An embedded file
// whose extension is missing here stops the program at start-up.
var contentTypes = map[string]string{
	".css":   "text/css; charset=utf-8",
	".js":    "text/javascript; charset=utf-8",
	".svg":   "image/svg+xml",
	".woff2": "font/woff2",
}

// asset is one embedded file, ready to serve, plain and, where that is
// smaller, gzipped at start-up (ServeHTTP picks by Accept-Encoding).
type asset struct {
	file        string // path in the embedded tree, for error messages: "vendor/htmx.min.js"
	name        string // what Path takes: "htmx.min.js"
	hashedName  string // what the URL carries after Prefix: "htmx.min.0123456789.js"
	contentType string
	etag        string // strong: the full SHA-256 in hex, quoted
	body        []byte
	gzipped     []byte // body gzipped, nil where that saves nothing (woff2)
}

// index is the table of assets, by name and by hashed name.
type index struct {
	byName   map[string]*asset
	byHashed map[string]*asset
}

// assets is built from the embedded files once, at package initialisation.
var assets = mustIndex(files)

// Path returns the URL of the asset called name, for instance
// "/static/app.0123456789.css" for "app.css".
//
// Path never panics. For a name that is not embedded it returns the unhashed
// Prefix+name, which Handler answers with 404: a misspelt name costs a missing
// stylesheet or script (visible in the browser and the access log), not a
// failed page. Where a typo should fail loudly instead, resolve the URL once
// into a package-level variable with [MustPath].
func Path(name string) string {
	if a, ok := assets.byName[name]; ok {
		return Prefix + a.hashedName
	}
	return Prefix + name
}

// MustPath is like [Path] but panics if no asset is called name. Use it only
// to initialise package-level variables,
//
//	var appCSS = static.MustPath("app.css")
//
// so that a misspelt name stops the program at start-up and fails every test
// of the package that declares the variable, and never panics on a request.
func MustPath(name string) string {
	a, ok := assets.byName[name]
	if !ok {
		panic(fmt.Sprintf("static: no asset called %q", name))
	}
	return Prefix + a.hashedName
}

// Handler returns the handler that serves the assets under their hashed
// URLs. It expects the full request path, so mount it without stripping the
// prefix:
//
//	r.Handle("/static/*", static.Handler())
func Handler() http.Handler {
	return assets
}

// ServeHTTP handles the "GET /static/{hashed name}" route (HEAD too).
func (ix *index) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hashed, ok := strings.CutPrefix(r.URL.Path, Prefix)
	a := ix.byHashed[hashed]
	if !ok || a == nil {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}

	h := w.Header()
	h.Set("Content-Type", a.contentType)
	h.Set("Cache-Control", cacheControl)
	h.Set("X-Content-Type-Options", "nosniff")
	body, etag := a.body, a.etag
	if a.gzipped != nil {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			body, etag = a.gzipped, strings.TrimSuffix(a.etag, `"`)+`-gzip"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("ETag", etag)
	// ServeContent answers If-None-Match with 304 (keeping ETag and
	// Cache-Control), HEAD without a body, and Range requests. The zero time
	// leaves Last-Modified out: the ETag is the validator.
	http.ServeContent(w, r, a.hashedName, time.Time{}, bytes.NewReader(body))
}

// newIndex reads and hashes every file in fsys. Stylesheets come last: their
// url()s are rewritten to the hashed URLs of the other files first.
func newIndex(fsys fs.FS) (*index, error) {
	ix := &index{byName: map[string]*asset{}, byHashed: map[string]*asset{}}
	byFile := map[string]*asset{}
	var others, sheets []*asset
	err := fs.WalkDir(fsys, ".", func(file string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		name := path.Base(file)
		ext := path.Ext(name)
		contentType, ok := contentTypes[ext]
		if !ok {
			return fmt.Errorf("static: %s: no content type for extension %q; add it to contentTypes", file, ext)
		}
		if prev, dup := ix.byName[name]; dup {
			return fmt.Errorf("static: %s and %s are both called %q; asset names must be unique", prev.file, file, name)
		}
		body, err := fs.ReadFile(fsys, file)
		if err != nil {
			return fmt.Errorf("static: %w", err)
		}
		a := &asset{file: file, name: name, contentType: contentType, body: body}
		ix.byName[name] = a
		byFile[file] = a
		if ext == ".css" {
			sheets = append(sheets, a)
		} else {
			others = append(others, a)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, a := range others {
		ix.add(a)
	}
	for _, a := range sheets {
		if a.body, err = rewriteCSSURLs(a.file, a.body, byFile); err != nil {
			return nil, err
		}
		ix.add(a)
	}
	return ix, nil
}

// add hashes a's body, names it by the hash and files it under that name.
func (ix *index) add(a *asset) {
	sum := sha256.Sum256(a.body)
	hexSum := hex.EncodeToString(sum[:])
	ext := path.Ext(a.name)
	a.hashedName = strings.TrimSuffix(a.name, ext) + "." + hexSum[:hashLen] + ext
	a.etag = `"` + hexSum + `"`
	a.gzipped = gzipIfSmaller(a.body)
	ix.byHashed[a.hashedName] = a
}

// gzipIfSmaller returns body gzipped at the best compression, or nil if
// that does not save at least a tenth.
func gzipIfSmaller(body []byte) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write(body)
	zw.Close()
	if b.Len() > len(body)*9/10 {
		return nil
	}
	return b.Bytes()
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip (and
// does not refuse it with q=0).
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			q, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
			weight, err := strconv.ParseFloat(q, 64)
			return !ok || err != nil || weight > 0
		}
	}
	return false
}

// cssURL matches a CSS url() and captures its argument: "…", '…' or bare.
var cssURL = regexp.MustCompile(`url\(\s*("[^"]*"|'[^']*'|[^)"'\s]*)\s*\)`)

// rewriteCSSURLs returns the stylesheet body (embedded as file) with every
// relative url() replaced by the hashed URL of the embedded file it names.
// byFile holds the assets by embedded path, already hashed except for the
// stylesheets.
func rewriteCSSURLs(file string, body []byte, byFile map[string]*asset) ([]byte, error) {
	var errs []error
	out := cssURL.ReplaceAllFunc(body, func(m []byte) []byte {
		arg := string(cssURL.FindSubmatch(m)[1])
		ref := strings.Trim(arg, `"'`)
		if ref == "" || strings.HasPrefix(ref, "/") || strings.HasPrefix(ref, "#") || strings.Contains(ref, ":") {
			return m // empty, absolute, a fragment, or with a scheme (data:, https:)
		}
		target, suffix := ref, ""
		if i := strings.IndexAny(ref, "?#"); i >= 0 {
			target, suffix = ref[:i], ref[i:]
		}
		target = path.Join(path.Dir(file), target)
		a := byFile[target]
		switch {
		case a == nil:
			errs = append(errs, fmt.Errorf("static: %s: url(%s) names no embedded file (looked for %s); fix the path or add the file to the go:embed directive", file, arg, target))
			return m
		case path.Ext(a.name) == ".css":
			errs = append(errs, fmt.Errorf("static: %s: url(%s) names a stylesheet; only fonts and images can be referenced", file, arg))
			return m
		}
		return []byte(`url("` + Prefix + a.hashedName + suffix + `")`)
	})
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

// mustIndex is newIndex for the embedded files, which are fixed at build
// time: an error there is a broken build, caught by any test of the package.
func mustIndex(fsys fs.FS) *index {
	ix, err := newIndex(fsys)
	if err != nil {
		panic(err)
	}
	return ix
}

// Body returns the bytes and Content-Type an asset URL (as [Path] gives it,
// "/static/app.0123456789.css") is served with, for a page written to a
// file that must carry its assets inline (gaelab inspect --html); ok is
// false for a URL Handler answers with 404.
func Body(url string) (body []byte, contentType string, ok bool) {
	hashed, ok := strings.CutPrefix(url, Prefix)
	a := assets.byHashed[hashed]
	if !ok || a == nil {
		return nil, "", false
	}
	return a.body, a.contentType, true
}
