package e2e

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"gaelab/web"
	"gaelab/web/store"
	"gaelab/web/webtest"
)

// phone375 is the narrowest phone the inspect pages are laid out for.
var phone375 = emulation.SetDeviceMetricsOverrideParams{Width: 375, Height: 812, DeviceScaleFactor: 1, Mobile: true}

// inspectBrowserServer is the app on a fresh SQLite database holding
// uploads: a v0.2 batch with the EOS leak (checked as v0.9.0, so that
// the view has differences to drill into) and a 3 × 1,200 batch.
func inspectBrowserServer(t *testing.T) (srv *httptest.Server, leak, long string) {
	st := sqliteStore(t)
	srv = httptest.NewServer(web.Handler(web.Options{Store: st}))
	t.Cleanup(srv.Close)
	lim := store.UploadLimits{TTL: time.Hour, PerAddrDay: 1 << 30, MaxTotal: 1 << 30}
	a, err1 := st.PutUpload(context.Background(), "test", fixture(t, "v02_eosleak.safetensors"), lim, time.Now())
	b, err2 := st.PutUpload(context.Background(), "test", webtest.UploadBatch(3, 1200), lim, time.Now())
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	return srv, a.ID, b.ID
}

// TestInspectBrowserWidths: no inspect page scrolls sideways: the row
// view's 64 tokens and a run's view (its steps' table, its charts) scroll
// inside their own box at 1280 px, and the batch view, the row view, the
// form and a run's view fit a 375 px phone
// (document.documentElement.scrollWidth ≤ the viewport's width); on the
// phone a run's view also passes the phone pass of issue 35
// (phoneShellJS: the header, the menu, chart text ≥ 12 px or a chart that
// scrolls in its box). English pages from a Chinese browser, Chinese from
// an English one.
func TestInspectBrowserWidths(t *testing.T) {
	t.Parallel()
	requireChromium(t)
	srv, leak, long := inspectBrowserServer(t)
	run := inspectRunView(t, srv)
	tabs := map[string]*tab{}
	for _, tc := range []struct {
		path  string
		phone bool
		shell bool // the phone pass's checks too
	}{
		{"/inspect/" + long + "/row/1?lang=en", false, false},
		{"/inspect/" + leak + "/row/0?ver=v0.9.0&lang=en", false, false},
		{run + "?lang=en", false, false},
		{run + "?lang=zh", false, false},
		{"/inspect/" + leak + "?ver=v0.9.0&lang=en", true, false},
		{"/inspect/" + leak + "?ver=v0.9.0&lang=zh", true, false},
		{"/inspect/" + long + "/row/1?lang=zh", true, false},
		{"/inspect?lang=en", true, false},
		{run + "?lang=en", true, true},
		{run + "?lang=zh", true, true},
	} {
		// One tab per browser language loads its pages one after another
		// (a new tab is a new renderer).
		browser := map[bool]string{true: "en-US", false: "zh-CN"}[strings.HasSuffix(tc.path, "lang=zh")]
		tb := tabs[browser]
		if tb == nil {
			tb = newTab(t, srv)
			tb.speaks(browser)
			tabs[browser] = tb
		}
		want := 1280
		if tc.phone {
			want = int(phone375.Width)
			tb.do("a 375 px phone", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
				_, err := cdp.Call(ctx, tgt, emulation.SetDeviceMetricsOverride, phone375)
				return err
			}))
		} else {
			tb.do("a 1280 px window", chromedp.EmulateViewport(1280, 900))
		}
		tb.open(tc.path)
		w := eval[int](tb, `document.documentElement.scrollWidth`)
		t.Logf("%s at %d px: scrollWidth %d", tc.path, want, w)
		if w > want {
			t.Errorf("%s at %d px: the page is %d px wide", tc.path, want, w)
		}
		if tc.shell {
			if got := eval[struct{ Wrong string }](tb, "("+phoneShellJS+")()"); got.Wrong != "" {
				t.Errorf("%s at 375 px: %s", tc.path, got.Wrong)
			}
		}
	}
}
