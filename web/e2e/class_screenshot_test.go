package e2e

import (
	"context"
	"flag"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"gaelab/web"
)

var screenshots = flag.Bool("screenshots", false, "rewrite the README's screenshots of the console and a phone (web/testdata/screenshots/class-*.png)")

// TestScreenshots draws the README's pictures of a live class: the
// teacher's controls after a reveal at 1280×800, the wall (the projected
// view) at 1280×720, and a phone (375 px) with a question asked.
// go test ./web/e2e -run TestScreenshots -screenshots
func TestScreenshots(t *testing.T) {
	if !*screenshots {
		t.Skip("run with -screenshots to rewrite the README's screenshots")
	}
	need(t, chromiumPath, "chromium")
	srv := server(t, sqliteStore(t), web.Options{PublicURL: "http://192.168.1.20:8080"})
	code, key := newClass(t, srv.URL)
	askCell(t, srv.URL, code, key)
	for _, a := range []string{"0.4", "0.4", "0.3", "0.4", "0.45", "0.4", "0.3", "0.5"} {
		newClient(t, srv.URL).Answer(code, a)
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromiumPath), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.UserDataDir(t.TempDir()), chromedp.Flag("hide-scrollbars", true))
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(allocCtx)
	defer cancelBrowser()
	shoot := func(name, path string, m emulation.SetDeviceMetricsOverrideParams) {
		ctx, closeTab := chromedp.NewContext(bctx)
		defer closeTab()
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
			_, err := cdp.Call(ctx, tgt, emulation.SetDeviceMetricsOverride, m)
			return err
		}), chromedp.Navigate(srv.URL+path), chromedp.Sleep(500*time.Millisecond))
		if err != nil {
			t.Fatal(err)
		}
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join("..", "testdata", "screenshots", name)
		if err := os.WriteFile(out, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes", out, len(png))
	}
	shoot("class-phone-375.png", "/join/"+code+"?lang=en", emulation.SetDeviceMetricsOverrideParams{Width: 375, Height: 740, DeviceScaleFactor: 1, Mobile: true})
	api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, nil)
	shoot("class-console-1280x800.png", "/class/"+code+"/teach?lang=en&k="+url.QueryEscape(key), emulation.SetDeviceMetricsOverrideParams{Width: 1280, Height: 800, DeviceScaleFactor: 1})
	shoot("class-wall-1280x720.png", "/class/"+code+"/wall?lang=en&k="+url.QueryEscape(key), emulation.SetDeviceMetricsOverrideParams{Width: 1280, Height: 720, DeviceScaleFactor: 1})
}
