package e2e

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"gaelab/web"
)

// "Start a class" on a playground, compare or lesson page lands, after a
// POST /class with its CSRF token, on the teacher's console (its URL
// without the key: the teacher cookie opens it) with the page's
// scenario ready to ask about: in one click with JavaScript, in two (the
// start page's form) without.
func TestStartClassButton(t *testing.T) {
	t.Parallel()
	srv := server(t, sqliteStore(t), web.Options{})
	for _, c := range []struct {
		name, page, from string
		js               bool
	}{
		{"playground", "/play?v=1&p=seed-b&lam=0.9&present=1&lang=en", "/play?v=1&p=seed-b&lam=0.9&lang=en", true},
		{"compare", "/compare/lambda?v=1&p=seed-a&t=1&lang=en", "/play?v=1&p=seed-a&t=1&lang=en", true},
		{"lesson", "/lessons/gae?lang=zh", "", true},
		{"playground without JavaScript", "/play?v=1&p=seed-b&lang=en", "/play?v=1&p=seed-b&lang=en", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			// A tab of the shared browser in a browser context of its own:
			// no other start's teacher cookie reaches it.
			tb := newTab(t, srv)
			ctx := tb.ctx
			if !c.js {
				tb.scriptsOff()
			}
			steps := []chromedp.Action[chromedp.Void]{
				chromedp.Navigate(srv.URL + c.page),
				chromedp.WaitReady(chromedp.CSS(`[data-testid="start-class"] button`)),
				chromedp.Click(chromedp.CSS(`[data-testid="start-class"] button`)),
			}
			if !c.js { // the start page, its POST form prefilled
				steps = append(steps, chromedp.WaitReady(chromedp.CSS(`form[data-testid="class-start"] button`)),
					chromedp.Click(chromedp.CSS(`form[data-testid="class-start"] button`)))
			}
			steps = append(steps, chromedp.WaitReady(chromedp.CSS(`#ask-link`)))
			if err := chromedp.Do(ctx, steps...); err != nil {
				t.Fatalf("start a class from %s: %v", c.page, err)
			}
			loc, err := chromedp.Run(ctx, chromedp.Evaluate[string]("location.href"))
			if err != nil {
				t.Fatal(err)
			}
			u, _ := url.Parse(loc)
			if !strings.HasPrefix(u.Path, "/class/") || !strings.HasSuffix(u.Path, "/teach") || u.Query().Has("k") {
				t.Fatalf("landed on %s, want the console /class/{code}/teach without the key", loc)
			}
			link, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("ask-link").value`))
			if err != nil {
				t.Fatal(err)
			}
			if link != c.from {
				t.Errorf("the console's scenario is %q, want %q", link, c.from)
			}
		})
	}
}
