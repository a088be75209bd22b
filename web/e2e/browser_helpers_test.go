package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"gaelab/web"
)

// chromiumPath is Debian's chromium, the browser the browser tests drive.
const chromiumPath = "/usr/bin/chromium"

// Time limits of the browser tests. Every wait runs under one of them.
const (
	browserStartTimeout = 30 * time.Second // start chromium once per test binary
	tabTimeout          = 60 * time.Second // what one tab does from its start or its last page load (a busy 2-core CI machine runs a tab several times slower than alone)
	waitTimeout         = 20 * time.Second // one condition to become true
)

// browser is the chromium that every browser test shares: started on first
// use, stopped by TestMain after the last test.
var browser struct {
	once   sync.Once
	ctx    context.Context // a chromedp context holding the running browser
	stop   func()
	dir    string // the fresh user-data-dir, removed after the run
	err    error
	stderr strings.Builder
}

// parallel is how many tests run side by side when go test's -parallel
// does not say: a browser test mostly waits (for the page, the browser, a
// poll), so more of them than the machine's cores keep it busy.
const parallel = 4

func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(parallel))
	}
	code := m.Run()
	if browser.stop != nil {
		browser.stop()
	}
	if browser.dir != "" {
		os.RemoveAll(browser.dir)
	}
	os.Exit(code)
}

// requireChromium skips the test when chromium is not installed, except in CI,
// where a missing browser is a broken pipeline and fails the test.
func requireChromium(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err == nil {
		return
	} else if os.Getenv("CI") == "true" {
		t.Fatalf("browser tests need %s (%v): .ci/run must install chromium (apt-get install chromium)", chromiumPath, err)
	}
	t.Skipf("browser tests need %s, which is not installed", chromiumPath)
}

// startBrowser launches chromium headless with a fresh profile.
func startBrowser() {
	dir, err := os.MkdirTemp("", "gaelab-chromium-")
	if err != nil {
		browser.err = fmt.Errorf("user-data-dir: %w", err)
		return
	}
	browser.dir = dir
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		// Tabs run side by side: none is throttled for being in the
		// background (timers, animation frames, the renderer's priority).
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		// The page negotiates its language; the tests read English.
		chromedp.Flag("lang", "en-US"),
		chromedp.Flag("accept-lang", "en-US"),
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(1280, 900),
		chromedp.CombinedOutput(&syncWriter{w: &browser.stderr}),
	)
	ctx, cancel := chromedp.NewContext(allocCtx)
	browser.ctx = ctx
	browser.stop = func() { cancel(); cancelAlloc() }

	// The first Do starts the browser and must not carry a timeout (it would
	// stop the browser), so bound it from outside.
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(ctx) }()
	select {
	case err = <-started:
	case <-time.After(browserStartTimeout):
		err = fmt.Errorf("no answer within %v", browserStartTimeout)
		cancel()
	}
	if err != nil {
		browser.err = fmt.Errorf("start %s: %w\n%s", chromiumPath, err, browser.stderr.String())
	}
}

// syncWriter lets the browser's output goroutine write while a test reads.
type syncWriter struct {
	mu sync.Mutex
	w  *strings.Builder
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// playServer serves the real routes on 127.0.0.1 for one test. The test's
// tabs on it share a browser context of their own (newTab): its cookies and
// storage are no other test's, and its cache spares them loading the same
// scripts, styles and fonts again.
func playServer(t *testing.T) *httptest.Server {
	t.Helper()
	return playServerOf(t, web.Routes())
}

// playServerOf is playServer of the handler h (web.Handler of some options).
func playServerOf(t *testing.T, h http.Handler) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	p := &profile{}
	profiles.Store(srv, p)
	t.Cleanup(func() {
		profiles.Delete(srv)
		if p.close != nil {
			p.close()
		}
	})
	return srv
}

// profiles holds the browser context of each playServer, by server.
var profiles sync.Map // *httptest.Server → *profile

// profile is a browser context, opened with its first tab.
type profile struct {
	once  sync.Once
	ctx   context.Context // a chromedp context whose children are tabs in the browser context
	close func()          // closes the browser context
	err   error
}

// open opens the browser context on first use. Its first tab, about:blank,
// holds it open until close.
func (p *profile) open() (context.Context, error) {
	p.once.Do(func() {
		ctx, cancel := chromedp.NewContext(browser.ctx, chromedp.WithNewBrowserContext())
		p.ctx, p.close = ctx, cancel
		// Like the browser's start, the first Do must not carry a timeout.
		opened := make(chan error, 1)
		go func() { opened <- chromedp.Do(ctx) }()
		select {
		case p.err = <-opened:
		case <-time.After(tabTimeout):
			p.err = fmt.Errorf("no browser context within %v", tabTimeout)
		}
	})
	return p.ctx, p.err
}

// tab is one browser tab of a test, on the shared browser.
type tab struct {
	t        *testing.T
	ctx      context.Context // a chromedp context, cancelled at the tab's deadline
	deadline *time.Timer     // tabTimeout after the tab opened or last opened a page
	base     string          // the test server's URL

	mu       sync.Mutex
	problems []string // uncaught exceptions and console errors

	noScripts bool // the page's JavaScript is off (scriptsOff): until asks from here
}

// newTab opens a fresh tab on srv: in the browser context of srv's test
// when playServer made it, else in a browser context of its own, so that no
// cookie or storage of another test reaches it and tests can run side by
// side. It fails the test at the end if the page threw an exception or
// logged an error to the console.
func newTab(t *testing.T, srv *httptest.Server) *tab {
	t.Helper()
	useBrowser(t)
	if p, ok := profiles.Load(srv); ok {
		parent, err := p.(*profile).open()
		if err != nil {
			t.Fatalf("open a browser context: %v", err)
		}
		return openTab(t, parent, srv.URL, "")
	}
	return openTab(t, nil, srv.URL, "")
}

// useBrowser starts the shared browser on first use; a test without one
// skips, or fails in CI (requireChromium).
func useBrowser(t *testing.T) {
	t.Helper()
	requireChromium(t)
	browser.once.Do(startBrowser)
	if browser.err != nil {
		t.Fatal(browser.err)
	}
}

// openTab opens a tab on base: a child of parent's browser context, or in a
// new browser context when parent is nil. what names the tab in the
// console errors it reports.
func openTab(t *testing.T, parent context.Context, base, what string) *tab {
	t.Helper()
	tb := &tab{t: t, base: base}
	opts := []chromedp.ContextOption{chromedp.WithListener(tb.listen)}
	if parent == nil {
		parent = browser.ctx
		opts = append(opts, chromedp.WithNewBrowserContext())
	}
	ctx, closeTab := chromedp.NewContext(parent, opts...)
	ctx, cancel := context.WithCancel(ctx)
	tb.ctx, tb.deadline = ctx, time.AfterFunc(tabTimeout, cancel)
	t.Cleanup(closeTab)
	t.Cleanup(cancel)
	t.Cleanup(func() {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		for _, p := range tb.problems {
			t.Errorf("browser console%s: %s", what, p)
		}
	})
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("open a tab%s: %v", what, err)
	}
	// Tabs run side by side and only one can have the focus: every page
	// behaves as the focused one, so that focus and key events reach it as
	// a reader's would.
	tb.do("emulate the focus", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
		_, err := cdp.Call(ctx, tgt, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})
		return err
	}))
	return tb
}

// scriptsOff turns the tab's JavaScript off, as a reader without it.
func (tb *tab) scriptsOff() {
	tb.t.Helper()
	tb.do("turn JavaScript off", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
		_, err := cdp.Call(ctx, tgt, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	}))
	tb.noScripts = true
}

// listen records what a page must never do: throw, or log an error. It runs
// on the tab's event loop, so it only appends.
func (tb *tab) listen(ev any) {
	var p string
	switch ev := ev.(type) {
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		p = "uncaught exception: " + d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			p += " " + d.Exception.Description
		}
		p += fmt.Sprintf(" at %s:%d", d.URL, d.LineNumber)
	case *runtime.EventConsoleAPICalled:
		if ev.Type != runtime.ConsoleAPICalledTypeError && ev.Type != runtime.ConsoleAPICalledTypeAssert {
			return
		}
		var args []string
		for _, a := range ev.Args {
			if len(a.Value) > 0 {
				args = append(args, string(a.Value))
			} else {
				args = append(args, a.Description)
			}
		}
		p = "console." + string(ev.Type) + ": " + strings.Join(args, " ")
	case *log.EventEntryAdded:
		// The browser's own probe for /favicon.ico is not the page's doing.
		if ev.Entry.Level != log.EntryLevelError || strings.HasSuffix(ev.Entry.URL, "/favicon.ico") {
			return
		}
		p = fmt.Sprintf("%s error: %s (%s)", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL)
	default:
		return
	}
	tb.mu.Lock()
	tb.problems = append(tb.problems, p)
	tb.mu.Unlock()
}

// do runs actions in the tab; what names them in a failure.
func (tb *tab) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, steps...); err != nil {
		tb.t.Fatalf("%s: %v", what, err)
	}
}

// in makes the tab report to t, a subtest of the test that opened it (a
// tab that checks one page per subtest), until the returned func restores
// the test it reported to before.
func (tb *tab) in(t *testing.T) (restore func()) {
	parent := tb.t
	tb.t = t
	return func() { tb.t = parent }
}

// open loads a page of the test server and waits until its scripts have
// run (htmx loaded, or no scripts at all when JavaScript is off), so that a
// key pressed next is handled the way a reader's would be. The tab's time
// limit starts again with each page.
func (tb *tab) open(path string) {
	tb.t.Helper()
	tb.deadline.Reset(tabTimeout)
	tb.do("open "+path, chromedp.Navigate(tb.base+path))
	tb.until("the page is ready", `() => document.readyState === "complete" ? "" : "loading"`)
}

// eval evaluates a JavaScript expression in the tab.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		tb.t.Fatalf("evaluate %.80s: %v", expr, err)
	}
	return v
}

// until polls fn, a JavaScript function called with args, until it returns
// "". Anything else is what is still wrong; when the wait times out, the test
// fails with what, and the last answer says why.
func (tb *tab) until(what, fn string, args ...any) {
	tb.t.Helper()
	if args == nil {
		args = []any{}
	}
	js, err := json.Marshal(args)
	if err != nil {
		tb.t.Fatal(err)
	}
	call := fmt.Sprintf("(%s)(...%s)", fn, js)
	deadline := time.Now().Add(waitTimeout)
	for tb.noScripts {
		// chromedp.Poll waits on the page's own timers, which do not run
		// with its JavaScript off: ask from here, as often. A navigation
		// that replaces the page under a look only fails that look.
		if got, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](call)); err == nil && got == "" {
			return
		}
		if time.Now().After(deadline) || tb.ctx.Err() != nil {
			break
		}
		time.Sleep(25 * time.Millisecond)
	}
	// Otherwise the page polls itself (chromedp.Poll): one round trip to
	// the browser per wait, not one every 25 ms.
	for !tb.noScripts {
		_, err = chromedp.Run(tb.ctx, chromedp.Poll[bool](call+` === ""`,
			chromedp.WithPollingInterval(25*time.Millisecond), chromedp.WithPollingTimeout(time.Until(deadline))))
		if err == nil {
			return
		}
		if errors.Is(err, chromedp.ErrPollingTimeout) {
			break
		}
		// A navigation replaced the page under the poll ("Cannot find context
		// with specified id"): poll the new page until the deadline.
		if time.Now().After(deadline) || tb.ctx.Err() != nil {
			tb.t.Fatalf("%s: %v", what, err)
		}
		time.Sleep(25 * time.Millisecond)
	}
	last, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](call))
	if err != nil {
		tb.t.Fatalf("%s: not within %v (%v)", what, waitTimeout, err)
	}
	tb.t.Fatalf("%s: not within %v: %s", what, waitTimeout, last)
}

// search is location.search, the query of the address bar.
func (tb *tab) search() string {
	tb.t.Helper()
	return eval[string](tb, "location.search")
}

// cellSel selects the token table's cell of a row at token t.
func cellSel(row string, t int) string {
	return fmt.Sprintf(`[data-testid="token-table"] tr[data-row="%s"] td:nth-child(%d)`, row, t+2) // after the row label
}

// cellText is the trimmed text of one table cell.
func (tb *tab) cellText(row string, t int) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`document.querySelector(%q)?.textContent.trim() ?? "(no cell)"`, cellSel(row, t)))
}

// cellsJS maps each table row id to the texts of its cells, in t order.
const cellsJS = `(() => {
	const out = {};
	for (const tr of document.querySelectorAll('[data-testid="token-table"] tbody tr[data-row]')) {
		out[tr.dataset.row] = Array.from(tr.querySelectorAll("td"), td => td.textContent.trim());
	}
	return out;
})()`

// cells is every cell of the token table, by row id.
func (tb *tab) cells() map[string][]string {
	tb.t.Helper()
	return eval[map[string][]string](tb, cellsJS)
}

// cellControl selects what takes the focus inside a table cell: the link or
// button that selects the cell.
const cellControl = `:is(a[href], button, [tabindex])`
