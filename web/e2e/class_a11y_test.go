package e2e

// axe-core on the teacher's console, the wall and a student's phone page, at 375 px
// and at 1920×1080, in both languages, in the shared browser: no serious or
// critical violation. Like every accessibility test, it needs chromium and
// axe-core (installed by .ci/run) and skips without them, except under
// CI=true.

import (
	"context"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"gaelab/web"
)

// need skips t when what is missing at path, or fails it under CI=true.
func need(t *testing.T, path, what string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing at %s (%v): .ci/run installs it", what, path, err)
		}
		t.Skipf("%s is not installed at %s", what, path)
	}
}

func TestA11yClassPages(t *testing.T) {
	t.Parallel()
	axe := axeSource(t)
	st := sqliteStore(t)
	srv := server(t, st, web.Options{})
	// A class for each language, each with its results revealed: a class
	// keeps two streams for its teacher, so its console and its wall (one
	// each) open side by side, and the other language's in its own class.
	pages := map[string]map[string]string{} // lang → page → path
	for _, lang := range []string{"en", "zh"} {
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		phone := newClient(t, srv.URL)
		phone.Answer(code, "0.3")
		api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, nil) // the console with its results
		pages[lang] = map[string]string{
			"console": "/class/" + code + "/teach?k=" + url.QueryEscape(key),
			"wall":    "/class/" + code + "/wall?k=" + url.QueryEscape(key),
			"phone":   "/join/" + code,
			"join":    "/join",
		}
	}
	// Each language's pages load one after another in one tab (a new tab
	// is a new renderer).
	for _, lang := range []string{"en", "zh"} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			for name, path := range pages[lang] {
				t.Run(name, func(t *testing.T) {
					defer tb.in(t)()
					tb.do("size the window", chromedp.EmulateViewport(1920, 1080))
					sep := "?"
					if strings.Contains(path, "?") {
						sep = "&"
					}
					tb.open(path + sep + "lang=" + lang)
					tb.axeFails(axe, "at 1920×1080", false, lang != "en")
					tb.do("emulate a 375 px phone", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
						_, err := cdp.Call(ctx, tgt, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 375, Height: 812, DeviceScaleFactor: 1, Mobile: true})
						return err
					}))
					tb.axeFails(axe, "at 375 px", true, lang != "en")
				})
			}
		})
	}
}
