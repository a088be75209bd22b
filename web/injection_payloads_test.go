package web

// The hostile inputs of the injection tests (injection_test.go) and the
// checks that prove a response keeps them inert: HTML with no script, event
// handler or javascript: URL but the page's own, SVG that is plain XML
// without script or style, CSV without formulas and JSON with <, > and &
// escaped.

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
)

// injCore are the payloads every route gets in every parameter: a script
// element and the two attribute breakouts.
var injCore = []string{
	`<script>alert(1)</script>`,
	`"><img src=x onerror=alert(1)>`,
	`'><svg onload=alert(1)>`,
}

// injShort is markup short enough for a group id (16 runes) and a chart's
// tick label.
const injShort = `"'<i>&x</i>`

// injMore are the other payloads, given to every parameter that carries
// text (prompt, tokens, unknown parameters, lesson answers) and, sampled, to
// the rest.
var injMore = []string{
	`</title><script>x</script>`,
	`javascript:alert(1)`,
	` JaVaScRiPt:alert(1)`,
	`<svg><foreignObject><iframe srcdoc=x>`,
	`]]><script>alert(1)</script>`,
	`<![CDATA[<script>alert(1)</script>]]>`,
	`<!--<script>alert(1)</script>-->`,
	`<base href=//evil.example/><meta http-equiv=refresh content="0;url=javascript:alert(1)">`,
	`<style>*{background:url(javascript:alert(1))}</style>`,
	`<a href="javascript:alert(1)" style="x:expression(alert(1))">x</a>`,
	`&lt;script&gt;alert(1)&lt;/script&gt;`,
	`{{.}}`,
	`${alert(1)}`,
	injShort,
	`#x&tok=y%41+z;w=\`, // what a link must escape
	"x\u2028y\u2029z",
	`=HYPERLINK("http://x")`,
	`@SUM(1)`,
	`+1`,
	`-1+2`,
	"\t=1",
	"\r=1",
	`-0.5`,
	"中文<b>加粗</b>",
	"\u202Eevil\u202C עברית",
	"a\x00b\x01c\x1b[31m",
	"\xff\xfe<script>",
}

// injAll is every payload.
var injAll = append(append([]string{}, injCore...), injMore...)

// injPrintable reports whether a page can show p exactly as typed: valid
// UTF-8 without control characters (HTML drops NUL and turns CR into LF).
func injPrintable(p string) bool {
	return utf8.ValidString(p) && !strings.ContainsFunc(p, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f })
}

// injFetch GETs target from h as a browser would: it follows redirects
// (each of which must stay on this site) and returns the final response and
// its URL. header is name, value pairs.
func injFetch(t *testing.T, h http.Handler, target string, header ...string) (*httptest.ResponseRecorder, string) {
	t.Helper()
	for hop := 0; ; hop++ {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Errorf("GET %s: status %d, want < 500", target, rec.Code)
		}
		if rec.Code < 300 || rec.Code >= 400 {
			return rec, target
		}
		loc := rec.Header().Get("Location")
		if err := injSiteLink(loc); err != nil {
			t.Errorf("GET %s: redirect to %q: %v", target, loc, err)
			return rec, target
		}
		if hop == 5 {
			t.Errorf("GET %s: more than 5 redirects", target)
			return rec, target
		}
		target = loc
	}
}

// injSiteLink checks that a link a response hands the browser (Location,
// HX-Push-Url) is a path on this site.
func injSiteLink(link string) error {
	switch {
	case !strings.HasPrefix(link, "/") || strings.HasPrefix(link, "//") || strings.HasPrefix(link, `/\`):
		return errors.New("not a path on this site")
	case strings.ContainsFunc(link, func(r rune) bool { return r < 0x21 || r >= 0x7f }):
		return errors.New("has spaces, control or non-ASCII bytes")
	}
	return nil
}

// injURLAttrs are the attributes a browser follows or submits to.
var injURLAttrs = map[string]bool{
	"href": true, "src": true, "action": true, "formaction": true, "poster": true, "background": true,
	"data": true, "cite": true, "ping": true, "srcset": true, "xlink:href": true, "data-url": true,
	"hx-get": true, "hx-post": true, "hx-put": true, "hx-patch": true, "hx-delete": true,
	"hx-push-url": true, "hx-replace-url": true,
}

// injSameSiteAttrs must hold a path on this site (or a fragment): where a
// form submits and where htmx fetches.
var injSameSiteAttrs = map[string]bool{
	"action": true, "formaction": true, "hx-get": true, "hx-post": true, "hx-put": true,
	"hx-patch": true, "hx-delete": true, "data-url": true,
}

// injScriptURL reports whether a URL runs script or embeds a document: a
// javascript:, vbscript: or data: URL after what browsers strip (leading
// spaces and controls, tabs and newlines anywhere).
func injScriptURL(u string) bool {
	u = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, u)
	u = strings.ToLower(strings.TrimLeft(u, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "))
	return strings.HasPrefix(u, "javascript:") || strings.HasPrefix(u, "vbscript:") || strings.HasPrefix(u, "data:")
}

// injForbidden are elements no page of ours has, and that a payload must
// not create: frames, plugins, a base URL, styles and SVG's HTML island.
var injForbidden = map[string]bool{
	"iframe": true, "frame": true, "frameset": true, "object": true, "embed": true, "applet": true,
	"base": true, "foreignobject": true, "style": true, "portal": true, "noscript": true, "template": true,
	"xmp": true, "plaintext": true, "set": true, "animate": true, "handler": true, "listener": true,
}

// injCheckHTML parses an HTML page or fragment and fails the test if it
// holds anything a payload could have made: a script other than the page's
// own /static/ ones, an event-handler attribute, a script URL, a frame, a
// <base>, a <meta http-equiv>, a style (the CSP allows none), or htmx that
// evaluates script. It returns the document for further checks.
func injCheckHTML(t *testing.T, where, body string) *goquery.Document {
	t.Helper()
	doc, problems := injHTMLProblems(body)
	for _, p := range problems {
		t.Errorf("%s: %s", where, p)
	}
	return doc
}

// injHTMLProblems parses an HTML page or fragment and lists what
// injCheckHTML fails on.
func injHTMLProblems(body string) (*goquery.Document, []string) {
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		return nil, []string{"HTML does not parse: " + err.Error()}
	}
	var problems []string
	var walk func(s *goquery.Selection)
	walk = func(s *goquery.Selection) {
		s.Each(func(_ int, s *goquery.Selection) {
			problems = append(problems, injElementProblems(s)...)
			walk(s.Children())
		})
	}
	walk(doc.Children())
	return doc, problems
}

// injElementProblems are what is wrong with one element of a page: its
// name, and each of its attributes.
func injElementProblems(s *goquery.Selection) []string {
	var problems []string
	name := strings.ToLower(s.Nodes[0].Data)
	switch {
	case injForbidden[name]:
		problems = append(problems, "<"+name+"> element")
	case name == "script":
		src, _ := s.Attr("src")
		if !strings.HasPrefix(src, "/static/") || strings.TrimSpace(s.Text()) != "" {
			problems = append(problems, fmt.Sprintf("<script src=%q> with %d bytes inline", src, len(s.Text())))
		}
	case name == "meta":
		if _, ok := s.Attr("http-equiv"); ok {
			problems = append(problems, "<meta http-equiv>")
		}
	case name == "link":
		if href, _ := s.Attr("href"); !strings.HasPrefix(href, "/static/") && href != "data:," {
			problems = append(problems, fmt.Sprintf("<link href=%q>", href))
		}
	}
	for _, a := range s.Nodes[0].Attr {
		key := strings.ToLower(a.Key)
		if a.Namespace != "" {
			key = strings.ToLower(a.Namespace) + ":" + key
		}
		switch {
		case strings.HasPrefix(key, "on") || strings.HasPrefix(key, "hx-on") || strings.HasPrefix(key, "data-hx-on"):
			problems = append(problems, fmt.Sprintf("<%s %s=%q>: event handler", name, key, a.Val))
		case key == "hx-vars" || key == "hx-vals" || key == "hx-headers":
			problems = append(problems, fmt.Sprintf("<%s %s=%q>: htmx attribute that may evaluate script", name, key, a.Val))
		case key == "hx-trigger" && strings.Contains(a.Val, "["):
			problems = append(problems, fmt.Sprintf("<%s hx-trigger=%q>: a trigger filter is script", name, a.Val))
		case key == "style":
			problems = append(problems, fmt.Sprintf("<%s style=%q>: the CSP allows no inline style", name, a.Val))
		case injURLAttrs[key] && injScriptURL(a.Val) && !(name == "link" && a.Val == "data:,"):
			problems = append(problems, fmt.Sprintf("<%s %s=%q>: script URL", name, key, a.Val))
		case injSameSiteAttrs[key] && a.Val != "" && !strings.HasPrefix(a.Val, "#") && injSiteLink(injASCII(a.Val)) != nil:
			problems = append(problems, fmt.Sprintf("<%s %s=%q>: not a path on this site", name, key, a.Val))
		}
	}
	return problems
}

// injASCII percent-encodes what a browser would before following a link.
func injASCII(link string) string {
	var b strings.Builder
	for i := 0; i < len(link); i++ {
		if c := link[i]; c <= ' ' || c >= 0x7f {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// injShownHTML reports whether the document shows p as text: in a text node
// (textarea content included) or an attribute value such as an input's.
func injShownHTML(doc *goquery.Document, p string) bool {
	found := false
	doc.Find("*").EachWithBreak(func(_ int, s *goquery.Selection) bool {
		for _, a := range s.Nodes[0].Attr {
			if strings.Contains(a.Val, p) {
				found = true
				return false
			}
		}
		s.Contents().EachWithBreak(func(_ int, c *goquery.Selection) bool {
			if goquery.NodeName(c) == "#text" && strings.Contains(c.Text(), p) {
				found = true
			}
			return !found
		})
		return !found
	})
	return found
}

// injMarkup reports whether the raw body holds p verbatim although p has a
// character that markup must escape: the payload went out as markup.
func injMarkup(body, p string) bool {
	return strings.ContainsAny(p, `<>"'`) && strings.Contains(body, p)
}

// injSVGText is what an SVG says in words: the character data of its
// <title>, <desc> and <text> elements.
type injSVGText []string

// injCheckSVG parses an SVG strictly as XML and fails the test on a
// script, a style, an HTML island (foreignObject), an event-handler or style
// attribute, a link that is not a fragment of the SVG itself, or a DTD. It
// returns the SVG's text.
func injCheckSVG(t *testing.T, where string, body []byte) injSVGText {
	t.Helper()
	text, problems := injSVGProblems(body)
	for _, p := range problems {
		t.Errorf("%s: %s", where, p)
	}
	return text
}

// injSVGProblems parses an SVG and lists what injCheckSVG fails on.
func injSVGProblems(body []byte) (injSVGText, []string) {
	dec := xml.NewDecoder(bytes.NewReader(body))
	dec.Strict = true
	var text injSVGText
	var problems, stack []string
	root := true
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return text, append(problems, "not well-formed XML: "+err.Error())
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			name := strings.ToLower(tok.Name.Local)
			if root && name != "svg" {
				problems = append(problems, fmt.Sprintf("root element <%s>, want <svg>", tok.Name.Local))
			}
			root = false
			stack = append(stack, name)
			if injForbidden[name] || name == "script" {
				problems = append(problems, fmt.Sprintf("<%s> element", tok.Name.Local))
			}
			for _, a := range tok.Attr {
				key := strings.ToLower(a.Name.Local)
				switch {
				case strings.HasPrefix(key, "on"), key == "style":
					problems = append(problems, fmt.Sprintf("<%s %s=%q>", name, key, a.Value))
				case key == "href" && !strings.HasPrefix(a.Value, "#"):
					problems = append(problems, fmt.Sprintf("<%s href=%q> is not a fragment of the SVG", name, a.Value))
				}
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if n := len(stack); n > 0 && (stack[n-1] == "title" || stack[n-1] == "desc" || stack[n-1] == "text") {
				text = append(text, string(tok))
			}
		case xml.Directive:
			problems = append(problems, fmt.Sprintf("XML directive <!%s>", tok))
		case xml.ProcInst:
			if tok.Target != "xml" {
				problems = append(problems, fmt.Sprintf("processing instruction <?%s?>", tok.Target))
			}
		}
	}
	if root {
		problems = append(problems, "empty SVG")
	}
	return text, problems
}

// shows reports whether the SVG's text holds p, whole or (for a tick label
// cut to fit its column with "…") as a prefix of at least two characters.
// A tab shows as ⇥, as the charts' token labels draw it.
func (st injSVGText) shows(p string) bool {
	p = strings.ReplaceAll(p, "\t", "⇥")
	for _, s := range st {
		if strings.Contains(s, p) {
			return true
		}
		if cut, ok := strings.CutSuffix(s, "…"); ok && utf8.RuneCountInString(cut) >= 2 && strings.HasPrefix(p, cut) {
			return true
		}
	}
	return false
}

// injFormulaStart are the first characters that make a spreadsheet read a
// cell as a formula (OWASP's list).
const injFormulaStart = "=+-@\t\r"

// injCheckCSV parses a CSV export and fails the test on any cell a
// spreadsheet would run as a formula: one that starts with = + - @ TAB or CR
// and is not a plain number (-0.5 is a number, not a formula). It returns
// the records.
func injCheckCSV(t *testing.T, where string, body []byte) [][]string {
	t.Helper()
	recs, problems := injCSVProblems(body)
	for _, p := range problems {
		t.Errorf("%s: %s", where, p)
	}
	return recs
}

// injCSVProblems parses a CSV export and lists what injCheckCSV fails on.
func injCSVProblems(body []byte) ([][]string, []string) {
	recs, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil {
		return nil, []string{"CSV does not parse: " + err.Error()}
	}
	var problems []string
	for i, rec := range recs {
		for j, cell := range rec {
			if cell == "" || !strings.ContainsRune(injFormulaStart, rune(cell[0])) {
				continue
			}
			if _, err := strconv.ParseFloat(cell, 64); err != nil {
				problems = append(problems, fmt.Sprintf("record %d, column %d is a formula: %q", i, j, cell))
			}
		}
	}
	return recs, problems
}

// injCheckJSON fails the test unless body is one valid JSON value whose
// strings have <, >, & and the JavaScript line separators escaped (as Go's
// encoding/json does unless SetEscapeHTML(false)), so no sniffing browser or
// careless embedding in a page reads markup in it.
func injCheckJSON(t *testing.T, where string, body []byte) {
	t.Helper()
	for _, p := range injJSONProblems(body) {
		t.Errorf("%s: %s", where, p)
	}
}

// injJSONProblems lists what injCheckJSON fails on.
func injJSONProblems(body []byte) []string {
	var problems []string
	if !json.Valid(body) {
		problems = append(problems, fmt.Sprintf("not valid JSON: %.200s", body))
	}
	if i := bytes.IndexAny(body, "<>&"); i >= 0 {
		problems = append(problems, fmt.Sprintf("unescaped %q in JSON at byte %d: …%s…", body[i], i, body[max(0, i-40):min(len(body), i+40)]))
	}
	if bytes.Contains(body, []byte("\u2028")) || bytes.Contains(body, []byte("\u2029")) {
		problems = append(problems, "unescaped U+2028/U+2029 in JSON")
	}
	return problems
}

// injCheckPlain checks a plain-text answer (an error or 404): it must not
// be sniffed as HTML.
func injCheckPlain(t *testing.T, where string, rec *httptest.ResponseRecorder) {
	t.Helper()
	if rec.Code < 400 && rec.Body.String() != "ok" {
		t.Errorf("%s: plain text with status %d: %.100s", where, rec.Code, rec.Body.String())
	}
	if got := rec.Header().Get("X-Content-Type-Options"); got != "nosniff" {
		t.Errorf("%s: plain-text answer without X-Content-Type-Options: nosniff (got %q)", where, got)
	}
}

// injQuery merges key=values into a base query.
func injQuery(base, key string, values ...string) string {
	q, _ := url.ParseQuery(base)
	q[key] = values
	return q.Encode()
}

// TestInjectionCheckersCatch shows that the checks can fail: each sample of
// live markup, SVG, CSV or JSON is caught, and the inert samples pass.
func TestInjectionCheckersCatch(t *testing.T) {
	page := func(body string) string {
		return `<!DOCTYPE html><html><head><title>x</title><script src="/static/app.js" defer></script>` +
			`<link rel="icon" href="data:,"></head><body>` + body + `</body></html>`
	}
	liveHTML := []string{
		`<script>alert(1)</script>`, `<script src="//evil.example/x.js"></script>`,
		`<img src=x onerror=alert(1)>`, `<svg onload=alert(1)>`, `<a href=" java&#x09;script:alert(1)">x</a>`,
		`<a href="JAVASCRIPT:alert(1)">x</a>`, `<form action="javascript:alert(1)"></form>`,
		`<form action="//evil.example/"></form>`, `<button formaction="javascript:x">b</button>`,
		`<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`, `<iframe srcdoc=x></iframe>`,
		`<svg><foreignObject><p>x</p></foreignObject></svg>`, `<base href="//evil.example/">`,
		`<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`, `<style>*{}</style>`,
		`<p style="color:red">x</p>`, `<div hx-on:click="alert(1)"></div>`, `<div hx-get="/x" hx-trigger="click[alert(1)]"></div>`,
		`<div hx-vals="js:{a:alert(1)}"></div>`, `<object data="x.swf"></object>`, `<embed src="x">`,
		`<link rel="stylesheet" href="//evil.example/x.css">`, `<iframe src="data:text/html,<script>alert(1)</script>"></iframe>`,
	}
	for _, body := range liveHTML {
		if _, problems := injHTMLProblems(page(body)); len(problems) == 0 {
			t.Errorf("HTML %s: not caught", body)
		}
	}
	inert := page(`<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><input value="&#34;&gt;&lt;img src=x onerror=alert(1)&gt;">` +
		`<a href="/play?v=1&amp;tok=%3Cscript%3E">x</a><form action="/play" hx-get="/play"></form>` +
		`<svg viewBox="0 0 1 1"><title>&lt;svg onload=alert(1)&gt;</title><use href="#x"/></svg>`)
	doc, problems := injHTMLProblems(inert)
	if len(problems) > 0 {
		t.Errorf("inert HTML: %q", problems)
	}
	for _, p := range []string{`<script>alert(1)</script>`, `"><img src=x onerror=alert(1)>`, `<svg onload=alert(1)>`} {
		if !injShownHTML(doc, p) {
			t.Errorf("inert HTML: %q is shown as text, but not found", p)
		}
	}
	if injShownHTML(doc, "<p>") || !injMarkup(`<p><script>alert(1)</script></p>`, `<script>alert(1)</script>`) {
		t.Error("injShownHTML or injMarkup mistake markup for text")
	}

	const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">%s</svg>`
	liveSVG := []string{
		`<script>alert(1)</script>`, `<g onload="alert(1)"/>`, `<rect style="fill:red"/>`, `<style>*{}</style>`,
		`<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" srcdoc="x"/></foreignObject>`,
		`<a xlink:href="javascript:alert(1)"><text>x</text></a>`, `<use href="https://evil.example/x.svg#a"/>`,
		`<set attributeName="href" to="javascript:alert(1)"/>`, `<text>&lt;unclosed</tex>`, `<text>&nbsp;</text>`,
	}
	for _, body := range liveSVG {
		if _, problems := injSVGProblems(fmt.Appendf(nil, svg, body)); len(problems) == 0 {
			t.Errorf("SVG %s: not caught", body)
		}
	}
	if _, problems := injSVGProblems([]byte(`<!DOCTYPE svg [<!ENTITY x "y">]><svg/>`)); len(problems) == 0 {
		t.Error("SVG with a DTD: not caught")
	}
	text, problems := injSVGProblems(fmt.Appendf(nil, svg, `<title>&lt;script&gt;</title><text>&#34;&gt;&lt;im…</text>`))
	if len(problems) > 0 || !text.shows("<script>") || !text.shows(`"><img src=x>`) || text.shows("<img") {
		t.Errorf("inert SVG: problems %q, text %q", problems, text)
	}

	for _, cell := range []string{`=HYPERLINK("http://x")`, "@SUM(1)", "+1+1", "-1+2", "\t=1", "\r=1"} {
		if _, problems := injCSVProblems([]byte("t,token\n0," + csvQuote(cell) + "\n")); len(problems) == 0 {
			t.Errorf("CSV cell %q: not caught", cell)
		}
	}
	if _, problems := injCSVProblems([]byte("t,token,A\n0,'=1,-0.5\n1,'-1+2,+1e-3\n")); len(problems) > 0 {
		t.Errorf("defused CSV: %q", problems)
	}

	for _, body := range []string{`{"a":"<b>"}`, `{"a":"&amp;"}`, "{\"a\":\"\u2028\"}", `{"a":`} {
		if len(injJSONProblems([]byte(body))) == 0 {
			t.Errorf("JSON %s: not caught", body)
		}
	}
	if problems := injJSONProblems([]byte(`{"a":"\u003cb\u003e \u0026 \u2028"}`)); len(problems) > 0 {
		t.Errorf("escaped JSON: %q", problems)
	}
}

// csvQuote writes one CSV field.
func csvQuote(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
