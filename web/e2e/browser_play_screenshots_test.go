package e2e

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

var playScreenshots = flag.Bool("play-screenshots", false, "rewrite web/testdata/screenshots/play-*.png (the README's pictures of the playground)")

// TestPlayScreenshots draws the README's pictures of the playground: the
// first screen of seed-b at 1280×720 in both languages (each checked to fit
// by firstScreenJS before it is written), a mid-step frame (checked by
// stepShownJS), and the token table on a 375 px phone, with its compact row
// labels.
//
//	go test ./web/e2e -run TestPlayScreenshots -play-screenshots
func TestPlayScreenshots(t *testing.T) {
	t.Parallel()
	if !*playScreenshots {
		t.Skip("run with -play-screenshots to rewrite the README's pictures of the playground")
	}
	srv := playServer(t)
	for _, shot := range []struct {
		name, path  string
		w, h        int64
		phone, step bool
	}{
		{"play-1280x720-en.png", "/play?v=1&p=seed-b&lang=en", 1280, 720, false, false},
		{"play-1280x720-zh.png", "/play?v=1&p=seed-b&lang=zh", 1280, 720, false, false},
		{"play-step3-1280x720-en.png", "/play?v=1&p=seed-b&step=3&lang=en", 1280, 720, false, true},
		{"play-375-en.png", "/play?v=1&p=seed-b&lang=en", 375, 812, true, false},
		{"play-375-zh.png", "/play?v=1&p=seed-b&lang=zh", 375, 812, true, false},
	} {
		tb := newTab(t, srv)
		if shot.phone {
			tb.do("a phone", chromedp.EmulateViewport(shot.w, shot.h, chromedp.EmulateMobile))
		} else {
			tb.do("a laptop", chromedp.EmulateViewport(shot.w, shot.h))
		}
		tb.open(shot.path)
		switch {
		case shot.step:
			tb.until("the step shows", stepShownJS)
		case !shot.phone:
			tb.until("the first screen fits", firstScreenJS, false)
		}
		if shot.phone {
			tb.do("scroll to the table", chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="token-table"]').scrollIntoView()`))
		}
		png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("..", "testdata", "screenshots", shot.name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// stepShownJS says what of a step frame is missing: its status, and the
// boundary and advantages charts it animates.
const stepShownJS = `() => {
	const missing = [];
	for (const [what, sel] of [["step status", '[data-testid="step-status"]'], ["charts", ".charts svg"]]) {
		if (!document.querySelector(sel)) missing.push(what);
	}
	return missing.join("; ");
}`
