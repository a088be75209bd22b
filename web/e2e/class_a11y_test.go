package e2e

// axe-core on the teacher's console, the wall and a student's phone page, at 375 px
// and at 1920×1080, in both languages: no serious or critical violation.
// Like web's accessibility tests, they need /usr/bin/chromium and axe-core in
// .ci/node (both installed by .ci/run) and skip without them, except under
// CI=true.

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"gaelab/web"
)

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
	need(t, chromiumPath, "chromium")
	need(t, axePath, "axe-core")
	axe, _ := os.ReadFile(axePath)

	st := backends[0].open(t)
	srv := server(t, st, web.Options{})
	code, key := newClass(t, srv.URL)
	askCell(t, srv.URL, code, key)
	phone := newClient(t, srv.URL)
	phone.answer(code, "0.3")
	api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, nil) // the console with its results

	dir := t.TempDir()
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromiumPath), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.UserDataDir(dir), chromedp.WindowSize(1280, 900))
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(allocCtx)
	defer cancelBrowser()
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}

	pages := map[string]string{
		"console": "/class/" + code + "/teach?k=" + url.QueryEscape(key),
		"wall":    "/class/" + code + "/wall?k=" + url.QueryEscape(key),
		"phone":   "/join/" + code,
		"join":    "/join",
	}
	sizes := map[string]emulation.SetDeviceMetricsOverrideParams{
		"375px":     {Width: 375, Height: 812, DeviceScaleFactor: 1, Mobile: true},
		"1920x1080": {Width: 1920, Height: 1080, DeviceScaleFactor: 1},
	}
	for name, path := range pages {
		for size, metrics := range sizes {
			for _, lang := range []string{"en", "zh"} {
				t.Run(name+" "+size+" "+lang, func(t *testing.T) {
					ctx, closeTab := chromedp.NewContext(bctx)
					defer closeTab()
					ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
					defer cancel()
					sep := "?"
					if strings.Contains(path, "?") {
						sep = "&"
					}
					err := chromedp.Do(ctx,
						chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
							_, err := cdp.Call(ctx, tgt, emulation.SetDeviceMetricsOverride, metrics)
							return err
						}),
						chromedp.Navigate(srv.URL+path+sep+"lang="+lang),
						chromedp.Evaluate[chromedp.Void](string(axe)))
					if err != nil {
						t.Fatalf("open %s: %v", path, err)
					}
					out, err := chromedp.Run(ctx, chromedp.Evaluate[string](axeRunJS, chromedp.EvalAwaitPromise, chromedp.EvalAsValue))
					if err != nil {
						t.Fatalf("run axe-core: %v", err)
					}
					var vs []axeViolation
					if err := json.Unmarshal([]byte(out), &vs); err != nil {
						t.Fatal(err)
					}
					for _, v := range vs {
						if v.Impact == "serious" || v.Impact == "critical" {
							t.Errorf("axe %s (%s): %s; first: %s", v.ID, v.Impact, v.Help, strings.Join(v.Targets, " | "))
						}
					}
				})
			}
		}
	}
}
