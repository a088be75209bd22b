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
