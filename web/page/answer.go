package page

import (
	"bytes"
	"net/http"
	"sync"

	"github.com/a-h/templ"

	"gaelab/web/httperr"
)

// Answer is what a page handler hands to the one page pipeline,
// Serve: the state's canonical link, how the request was read, and the
// components that can answer it.
type Answer struct {
	Canonical string // the state's canonical link (Link.Canonical)
	// Redirect: the link was read without a problem or warning, so a
	// non-canonical one (a submitted form, parameters in another order) is
	// redirected to canonical.
	Redirect bool
	// KeepTyped: the link has problems, so htmx's address bar keeps the
	// link as typed instead of the canonical one.
	KeepTyped bool
	Page      func() templ.Component // the whole page
	// Fragments answer htmx requests by their HX-Target; main answers any
	// other htmx request (a boosted link) with the page's main part, nil
	// for the whole page.
	Fragments map[string]func() templ.Component
	Main      func() templ.Component
	// PushOnBoost: a fragment request from a boosted link (a step of the
	// step-through) adds a history entry instead of replacing the current one.
	PushOnBoost bool
}

// PageVary are the request headers a page's answer depends on besides its
// link: htmx's fragment requests (and the link they came from, which the
// playground compares with) and the language when lang= is absent.
const PageVary = "HX-Request, HX-Target, HX-History-Restore-Request, HX-Current-URL, GAE-History, Accept-Language, Cookie"

// Serve is the one page pipeline: the redirect to the canonical link,
// the htmx fragment (with the link for the address bar) or the whole page,
// the headers, and the log of a failed render.
func Serve(w http.ResponseWriter, r *http.Request, a Answer) {
	// htmx restoring a history entry it did not keep (Back, Forward) needs
	// the whole page: it replaces the body with it.
	htmx := r.Header.Get("HX-Request") == "true" && r.Header.Get("HX-History-Restore-Request") != "true"
	if !htmx && a.Redirect && !sameQuery(r.URL.RawQuery, a.Canonical) {
		// A form submitted without JavaScript, or a link in another order:
		// show its canonical link, so every state has one URL.
		http.Redirect(w, r, a.Canonical, http.StatusSeeOther)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Vary", PageVary)
	c := a.Page
	if htmx {
		if f, ok := a.Fragments[r.Header.Get("HX-Target")]; ok {
			c = f
			link := a.Canonical
			if a.KeepTyped {
				link = r.URL.Path + "?" + r.URL.RawQuery // keep what was typed in the link
			}
			setHistory(h, r, a.PushOnBoost && r.Header.Get("HX-Boosted") == "true", link)
		} else if a.Main != nil {
			c = a.Main
			setHistory(h, r, true, a.Canonical)
		}
	}
	WriteComponent(w, r, c())
}

// WriteComponent renders c into a buffer, then writes it in one write: the
// last step of every HTML answer. A render that fails (most often because
// the request's context was cancelled: the client half-closed or left, or
// the handler timeout passed, and templ stopped) is not sent as a short
// page: the answer is aborted with http.ErrAbortHandler, so that neither
// the client nor the answer cache takes a half page for a whole one.
func WriteComponent(w http.ResponseWriter, r *http.Request, c templ.Component) {
	buf := renderBuffers.Get().(*bytes.Buffer)
	defer putRenderBuffer(buf)
	if err := c.Render(r.Context(), buf); err != nil {
		httperr.LogFailure(r, "render", err)
		panic(http.ErrAbortHandler)
	}
	w.Write(buf.Bytes())
}

// renderBuffers hold pages while they render, so that the answer reaches
// the writers below (the answer cache's copy, the handler timeout's
// buffer) in one write, which each stores once at its size, instead of in
// hundreds of small writes that grow each of their buffers by doubling.
var renderBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooledRender is the largest buffer kept for the next page: a rare
// huge page does not stay in memory.
const maxPooledRender = 1 << 20

func putRenderBuffer(b *bytes.Buffer) {
	if b.Cap() <= maxPooledRender {
		b.Reset()
		renderBuffers.Put(b)
	}
}

// setHistory tells htmx what to do with the address bar after an answer:
// push link as a new history entry, or replace the current one with it.
// The page's script (static/edit.js) may choose with the request header
// GAE-History: "push" for the first request of an edit (so that Back undoes
// it), "replace" for the edit's later requests and for the step-through's
// steps; without it (or with another value) push says.
func setHistory(h http.Header, r *http.Request, push bool, link string) {
	switch r.Header.Get("GAE-History") {
	case "push":
		push = true
	case "replace":
		push = false
	}
	if push {
		h.Set("HX-Push-Url", ASCIIURL(link))
	} else {
		h.Set("HX-Replace-Url", ASCIIURL(link))
	}
}
