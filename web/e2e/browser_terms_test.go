package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// termDefJS reports whether the first glossary term's definition shows as
// wanted.
const termDefJS = `(want) => {
	const a = document.querySelector("a.term");
	if (!a) return "no term link";
	const def = document.getElementById(a.getAttribute("aria-describedby"));
	const shown = getComputedStyle(def).display !== "none";
	return shown === want ? "" : "definition shown: " + shown;
}`

// A glossary term in a lesson shows its definition when the keyboard
// reaches it, hides it on Escape, and shows it again on the next focus.
func TestBrowserTermDefinitionOnFocus(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/lessons/foundations?lang=en")
	tb.until("hidden at first", termDefJS, false)
	tb.do("focus the first term", chromedp.Focus(chromedp.CSS("a.term")))
	tb.until("focus shows the definition", termDefJS, true)
	tb.do("press Escape", chromedp.KeyEvent(kb.Escape))
	tb.until("Escape hides it", termDefJS, false)
	tb.do("focus another link, then the term again",
		chromedp.Focus(chromedp.CSS("nav.prev-next a")), chromedp.Focus(chromedp.CSS("a.term")))
	tb.until("the next focus shows it again", termDefJS, true)
}

// termTappedJS says what is wrong until the tapped term's popover shows in
// place: the lesson still open (no jump to /glossary), the popover the
// page's :target, wholly in the window, with a link to the glossary entry.
const termTappedJS = `(path) => {
	if (location.pathname !== path) return "left the lesson for " + location.pathname;
	const a = document.querySelector("main a.term");
	const def = document.getElementById(a.getAttribute("aria-describedby"));
	if (!def.matches(":target")) return "the definition is not the target (" + location.hash + ")";
	if (getComputedStyle(def).display === "none") return "the definition is hidden";
	const r = def.getBoundingClientRect();
	if (r.left < -1 || r.right > innerWidth + 1 || r.top < -1 || r.bottom > innerHeight + 1)
		return "the popover at " + [r.left, r.top, r.right, r.bottom].map(Math.round) + " outside " + innerWidth + "×" + innerHeight;
	const entry = def.querySelector("a.term-entry");
	if (!entry || !entry.getAttribute("href").startsWith("/glossary?")) return "no link to the glossary entry";
	return "";
}`

// A term tapped in a lesson on a phone, with JavaScript off, opens a
// popover with its definition and a link to its glossary entry in place
// (issue 36: the tap jumped to the glossary), in both languages from a
// browser speaking the other.
func TestBrowserTermPopoverWithoutJS(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, c := range []struct{ lang, browser string }{{"en", "zh-CN"}, {"zh", "en-US"}} {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			tb.do("375×812", chromedp.EmulateViewport(375, 812))
			tb.scriptsOff()
			tb.open("/lessons/td-error?lang=" + c.lang)
			tb.do("tap the first term", chromedp.Click(chromedp.CSS("main a.term")))
			tb.until("the popover in place", termTappedJS, "/lessons/td-error")
		})
	}
}
