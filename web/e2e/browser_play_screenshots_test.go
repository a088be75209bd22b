package e2e

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

var playScreenshots = flag.Bool("play-screenshots", false, "rewrite web/testdata/screenshots/play-*.png and compare-lambda-*.png (the README's pictures of the playground and the λ sweep)")

// TestPlayScreenshots draws the README's pictures of the playground: the
// first screen of seed-b at 1280×720 in both languages (each checked to fit
// by firstScreenJS before it is written), a mid-step frame (checked by
// stepShownJS), the first screen after its invited edit (the line saying
// what moved and the next step, checked by movedJS), the λ sweep with the
// slider's own λ drawn (its first chart within the window, checked by
// pictureFirstJS), and the token table on a 375 px phone, with its compact
// row labels. Each is reduced to its shotColours most frequent colours and
// must stay within shotBytes, to keep the repository small.
//
//	go test ./web/e2e -run TestPlayScreenshots -play-screenshots
func TestPlayScreenshots(t *testing.T) {
	t.Parallel()
	if !*playScreenshots {
		t.Skip("run with -play-screenshots to rewrite the README's pictures of the playground")
	}
	srv := playServer(t)
	for _, shot := range []struct {
		name, path, kind string // kind: first, moved, step, compare or phone
		w, h             int64
	}{
		{"play-1280x720-en.png", "/play?v=1&p=seed-b&lang=en", "first", 1280, 720},
		{"play-1280x720-zh.png", "/play?v=1&p=seed-b&lang=zh", "first", 1280, 720},
		{"play-moved-1280x720-en.png", "/play?v=1&p=seed-b&lang=en", "moved", 1280, 720},
		{"play-step3-1280x720-en.png", "/play?v=1&p=seed-b&step=3&lang=en", "step", 1280, 720},
		{"compare-lambda-1280x720-en.png", "/compare/lambda?v=1&p=seed-b&lam=0.7&lang=en", "compare", 1280, 720},
		{"play-375-en.png", "/play?v=1&p=seed-b&lang=en", "phone", 375, 812},
		{"play-375-zh.png", "/play?v=1&p=seed-b&lang=zh", "phone", 375, 812},
	} {
		tb := newTab(t, srv)
		if shot.kind == "phone" {
			tb.do("a phone", chromedp.EmulateViewport(shot.w, shot.h, chromedp.EmulateMobile))
		} else {
			tb.do("a laptop", chromedp.EmulateViewport(shot.w, shot.h))
		}
		tb.open(shot.path)
		switch shot.kind {
		case "first":
			tb.until("the first screen fits", firstScreenJS, false)
		case "moved":
			// The invited edit, V(s₃) + 0.1 (PageUp on its ringed mark):
			// the line saying what it moved, and the next step.
			ring := `#chart-values .handles circle.invited[role=slider]`
			tb.until("the ringed mark is a slider", `(sel) => document.querySelector(sel) ? "" : "no " + sel`, ring)
			tb.do("raise V(s₃) by 0.1", chromedp.Focus(chromedp.CSS(ring)), chromedp.KeyEvent(kb.PageUp))
			tb.until("the edit says what it moved", movedJS, "A₃ fell by 0.1: V(s₃) is subtracted in δ₃")
		case "step":
			tb.until("the step shows", stepShownJS)
		case "compare":
			tb.until("the first chart is in the window", pictureFirstJS)
		case "phone":
			tb.do("scroll to the table", chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="token-table"]').scrollIntoView()`))
		}
		writeShot(t, tb, shot.name, 0, 0, shotColours, shotBytes)
	}
}

// writeShot captures tb's window as the README's picture name in
// web/testdata/screenshots, cut to the rows from top to bottom (CSS pixels
// of the window; both 0: the whole window) and reduced to its colours most
// frequent colours, failing the test when it is over limit bytes.
func writeShot(t *testing.T, tb *tab, name string, top, bottom float64, colours, limit int) {
	t.Helper()
	raw, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	crop := img.Bounds()
	if bottom > 0 {
		crop = image.Rect(0, int(top), crop.Dx(), int(math.Ceil(bottom))).Intersect(crop)
	}
	var out bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&out, fewColours(img, crop, colours)); err != nil {
		t.Fatal(err)
	}
	if out.Len() > limit {
		t.Fatalf("%s: %d bytes, over %d", name, out.Len(), limit)
	}
	if err := os.WriteFile(filepath.Join("..", "testdata", "screenshots", name), out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d × %d, %d bytes", name, crop.Dx(), crop.Dy(), out.Len())
}

// shotColours and shotBytes bound the README's pictures: their colours
// (flat fills, text and their edges) and the size of a picture of a
// 1280×720 window or a phone; one of 1920×1080 (2.25 times the pixels) may
// take bigShotBytes.
const (
	shotColours  = 64
	shotBytes    = 60 << 10
	bigShotBytes = 96 << 10
)

// stepShownJS says what of a step frame is missing: its status, and the
// boundary and advantages charts it animates.
const stepShownJS = `() => {
	const missing = [];
	for (const [what, sel] of [["step status", '[data-testid="step-status"]'], ["charts", ".charts svg"]]) {
		if (!document.querySelector(sel)) missing.push(what);
	}
	return missing.join("; ");
}`
