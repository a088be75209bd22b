package e2e

// Accessibility tests: axe-core, injected into the pages in Debian's
// chromium, must find no serious or critical violation. axe-core comes from
// the npm registry and is used by these tests only, never served: .ci/run
// installs it into .ci/node (ignored by git) before the tests run. Without it
// the tests skip, except under CI=true, where they fail. Install it by hand
// with the npm command in .ci/run, then run: go test ./web/e2e -run A11y

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// axePath is axe-core's browser bundle, relative to this package.
const axePath = "../../.ci/node/node_modules/axe-core/axe.min.js"

// axeSource is the text of axe.min.js. It skips the test when the file is
// missing, except in CI, where .ci/run should have installed it.
func axeSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(axePath)
	if err == nil {
		return string(b)
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("the accessibility tests need axe-core at %s (%v): .ci/run must install it (its step "+
			"`npm install --no-save --no-audit --no-fund --prefix \"$PWD/.ci/node\" axe-core@4.14.1`)", axePath, err)
	}
	t.Skipf("the accessibility tests need axe-core at %s, which is not installed: "+
		"run `npm install --no-save --no-audit --no-fund --prefix \"$PWD/.ci/node\" axe-core@4.14.1` in the module root", axePath)
	return ""
}

// axeViolation is what the test reports of one axe-core violation.
type axeViolation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"` // the first few nodes' selectors
	Nodes   int      `json:"nodes"`   // how many nodes violate the rule
}

// axeRunJS is a function of (onPhone, twin) that runs axe-core on the whole
// document and returns its violations as JSON, each with the selectors of
// its first nodes.
//
// A page is checked in the window in its first language in full. Its other
// runs (on a phone, or in the other language: twins) leave out one rule,
// color-contrast, three quarters of axe's time, except on the elements
// whose colours or type size can differ from the full run's: those of the
// stylesheet's rules that set one inside a width media query (whether or not
// it matches on the phone: where it does not, the phone shows the colours
// outside it), or in viewport units, for a phone; those of rules under
// :lang() or [lang], for the other language. Every other element has the
// colours and size the full run checked. What this does not see is a layout
// that slides text over another element's background in one twin only.
//
// Every run leaves out the rules whose impact is minor or moderate (a
// quarter of axe's time on a lesson): axe gives each of their violations
// the rule's own impact (_finalizeRuleResult), and the tests fail on
// serious and critical ones only. The rest are the rules a default run
// runs: enabled, neither experimental nor deprecated.
const axeRunJS = `(async (onPhone, twin) => {
	const styling = /^(color|background|background-color|background-image|opacity|fill|stroke|filter|mix-blend-mode|text-shadow|font|font-size|font-weight|--.*)$/;
	const viewportUnit = /\d(vw|vh|vmin|vmax)\b/;
	const differing = [];
	const walk = (rules, inWidth) => {
		for (const r of rules) {
			if (r instanceof CSSMediaRule) walk(r.cssRules, inWidth || /width|height|aspect-ratio|orientation/.test(r.conditionText));
			else if (r instanceof CSSGroupingRule) walk(r.cssRules, inWidth);
			else if (r instanceof CSSStyleRule) {
				const props = [...r.style].filter(p => styling.test(p));
				const byWidth = onPhone && (inWidth || props.some(p => viewportUnit.test(r.style.getPropertyValue(p))));
				const byLanguage = twin && /:lang\(|\[lang/.test(r.selectorText);
				if (props.length > 0 && (byWidth || byLanguage)) differing.push(r.selectorText);
			}
		}
	};
	for (const sheet of document.styleSheets) walk(sheet.cssRules, false);
	const present = sel => { try { return document.querySelector(sel) !== null; } catch { return false; } };
	const severe = axe._audit.rules.filter(r => r.enabled !== false && r.impact !== "minor" && r.impact !== "moderate" &&
		!r.tags.some(tag => tag === "experimental" || tag === "deprecated")).map(r => r.id);
	let violations;
	if (!onPhone && !twin) {
		violations = (await axe.run(document, {resultTypes: ["violations"], runOnly: {type: "rule", values: severe}})).violations;
	} else {
		const values = severe.filter(id => id !== "color-contrast");
		violations = (await axe.run(document, {resultTypes: ["violations"], runOnly: {type: "rule", values}})).violations;
		const include = differing.filter(present);
		if (include.length > 0) {
			violations = violations.concat((await axe.run({include}, {resultTypes: ["violations"], runOnly: {type: "rule", values: ["color-contrast"]}})).violations);
		}
	}
	return JSON.stringify(violations.map(v => ({
		id: v.id,
		impact: v.impact || "",
		help: v.help,
		targets: v.nodes.slice(0, 3).map(n => n.target.map(String).join(" >>> ")),
		nodes: v.nodes.length,
	})));
})`

// presentBodyJS reports whether the playground knows the presentation mode.
const presentBodyJS = `document.body.hasAttribute("data-present")`

// phone is the viewport of a phone held upright (CSS pixels), where wide
// tables, formulas and code scroll sideways inside the page.
var phone = emulation.SetDeviceMetricsOverrideParams{Width: 390, Height: 844, DeviceScaleFactor: 1, Mobile: true}

// Every page, in both languages, in the shared browser's window and on a
// phone, passes axe-core without a serious or critical violation. (The
// playground's first screen is TestA11yPlayFirstScreen's, the glossary
// TestA11yViewIndex's, each lesson as it opens TestBrowserLessonTablesFit's, /train
// TestA11yTrain's at 1280 × 720 and 375 px.)
func TestA11yPages(t *testing.T) {
	t.Parallel()
	axeEveryWay(t, false,
		"/play?v=1&p=multi-turn&step=3&sel=adv.2",
		"/compare/lambda?v=1&p=seed-b", // its n-step estimate, a display formula that scrolls on a phone
		"/play?v=1&p=seed-b&present=1",
		"/play?v=1&p=seed-b&present=1&theme=dark",
		"/play?v=1&p=seed-b&step=3&speed=2&present=1",
		"/lessons",
		"/lessons?progress=1_wE",
		"/lessons?progress=nonsense",
		"/qr?u=%2Fplay%3Fv%3D1%26p%3Dseed-b",
		"/update/actor/check/grad?v=1&p=seed-b&uq-grad=0",
		"/update/critic/check/band?v=1&p=seed-b&uq-band=0.1",
		"/lessons/quiz?seed=3&check=1&a0=0.5&a1=b",
		"/compare/versions?v=2&p=multi-turn&ver=v0.9.0&from=v0.4.1&to=v0.9.0",
		"/lessons/ppo-step?predict-pipeline-r0=0.03&predict-pipeline-r0-tries=1&choice-whiten-returns=a",
	)
}

// axeEveryWay opens each path in both languages, in the shared browser's
// window (sized to 1280×720 when laptop is set), and fails on every serious
// or critical axe-core violation there and then on a phone. A path with
// present=1 must show presentation mode.
func axeEveryWay(t *testing.T, laptop bool, paths ...string) {
	axeEveryWayOn(t, playServer(t), laptop, phone, paths...)
}

// axeEveryWayOn is axeEveryWay on the server srv, with the phone's
// viewport phone. A path that names its lang is opened in that language
// only. A path ending in #error is an error page: its own 4xx status, which
// the browser logs, is what it is for.
//
// The phone's check reuses the window's page: emulating the phone lays the
// page out again (media queries included) before axe reads it, and no
// script or answer of the server depends on the width, so it is the page a
// phone that loaded it would show.
func axeEveryWayOn(t *testing.T, srv *httptest.Server, laptop bool, phone emulation.SetDeviceMetricsOverrideParams, paths ...string) {
	axe := axeSource(t)
	// One tab per language (the first and, as a twin, the other) checks
	// its pages one after another: each new tab is a new renderer, which
	// parses and warms axe-core up again (about 1–3 s, its most expensive
	// run), where a tab's next page costs a tenth of that.
	type check struct {
		path            string
		twin, errorPage bool
	}
	var groups [2][]check
	for _, p := range paths {
		p, errorPage := strings.CutSuffix(p, "#error")
		paths := []string{p + "&lang=en", p + "&lang=zh"}
		if !strings.Contains(p, "?") {
			paths = []string{p + "?lang=en", p + "?lang=zh"}
		} else if strings.Contains(p, "lang=") {
			paths = []string{p}
		}
		for i, path := range paths {
			groups[i] = append(groups[i], check{path, i > 0, errorPage})
		}
	}
	for i, group := range groups {
		if len(group) == 0 {
			continue
		}
		t.Run([]string{"first", "twin"}[i], func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			for _, c := range group {
				t.Run(c.path, func(t *testing.T) {
					defer tb.in(t)()
					tb.do("the window", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
						_, err := cdp.Call(ctx, tgt, emulation.ClearDeviceMetricsOverride, cdp.Empty{})
						return err
					}))
					if laptop {
						tb.do("size the window", chromedp.EmulateViewport(1280, 720))
					}
					tb.open(c.path)
					if c.errorPage {
						tb.forgive("the server responded with a status of 4", tb.base+c.path)
					}
					if strings.Contains(c.path, "present=1") && !eval[bool](tb, presentBodyJS) {
						t.Fatal("the page is not in presentation mode (no data-present on <body>)")
					}
					tb.axeFails(axe, "in the window", false, c.twin)
					tb.do("emulate a phone", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
						_, err := cdp.Call(ctx, tgt, emulation.SetDeviceMetricsOverride, phone)
						return err
					}))
					tb.axeFails(axe, "on a phone", true, c.twin)
				})
			}
		})
	}
}

// axeFails fails the test on each serious or critical violation that
// tb.axe finds, saying where (the window or a phone).
func (tb *tab) axeFails(source, where string, onPhone, twin bool) {
	tb.t.Helper()
	for _, v := range tb.axe(source, onPhone, twin) {
		if v.Impact == "serious" || v.Impact == "critical" {
			tb.t.Errorf("%s: axe %s (%s): %s; %d node(s), first: %s",
				where, v.ID, v.Impact, v.Help, v.Nodes, strings.Join(v.Targets, " | "))
		}
	}
}

// forgive drops the console problems that contain every one of parts.
func (tb *tab) forgive(parts ...string) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	tb.problems = slices.DeleteFunc(tb.problems, func(p string) bool {
		for _, part := range parts {
			if !strings.Contains(p, part) {
				return false
			}
		}
		return true
	})
}

// axe injects axe-core (the text of axe.min.js) into the tab's page, unless
// it is there, and returns what it finds there. onPhone says the tab emulates a phone, twin
// that the page is the same as one checked in full in another language;
// the full run checks what axeRunJS leaves out of theirs.
func (tb *tab) axe(source string, onPhone, twin bool) []axeViolation {
	tb.t.Helper()
	if !eval[bool](tb, `typeof axe !== "undefined"`) {
		tb.do("inject axe-core", chromedp.Evaluate[chromedp.Void](source))
	}
	run := fmt.Sprintf("(%s)(%t, %t)", axeRunJS, onPhone, twin)
	out, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](run, chromedp.EvalAwaitPromise, chromedp.EvalAsValue))
	if err != nil {
		tb.t.Fatalf("run axe-core: %v", err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		tb.t.Fatalf("decode axe-core's result: %v\n%s", err, out)
	}
	return vs
}

// The checks find what they are for: on a page with one violation of each
// impact, the window's run (the full one) and the phone's report the
// serious and critical ones, which the pages must not have, and leave out
// the minor and moderate ones (axeRunJS's rule list).
func TestAxeRunFindsSevere(t *testing.T) {
	t.Parallel()
	axe := axeSource(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html lang="en"><title>t</title><body><main><h1>t</h1>`+
			`<p style="color:#bbb;background:#fff">faint text</p>`+ // color-contrast: serious
			`<button></button>`+ // button-name: critical
			`<h4>skipped levels</h4>`+ // heading-order: moderate
			`</main><p>outside every landmark</p></body></html>`) // region: moderate
	}))
	t.Cleanup(srv.Close)
	tb := newTab(t, srv)
	tb.open("/")
	for _, onPhone := range []bool{false, true} {
		found := map[string]string{}
		for _, v := range tb.axe(axe, onPhone, false) {
			found[v.ID] = v.Impact
		}
		want := map[string]string{"color-contrast": "serious", "button-name": "critical"}
		if onPhone { // the phone checks contrast only where the page's colours can differ by width
			delete(want, "color-contrast")
		}
		for id, impact := range want {
			if found[id] != impact {
				t.Errorf("phone %t: axe found %v; want %s (%s)", onPhone, found, id, impact)
			}
		}
		for id, impact := range found {
			if impact == "minor" || impact == "moderate" {
				t.Errorf("phone %t: axe ran %s (%s), a rule whose impact the tests ignore", onPhone, id, impact)
			}
		}
	}
}
