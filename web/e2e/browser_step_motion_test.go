package e2e

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// armStepJS readies the page for one step (Next or Back, by its testid):
// it notes where the moving marks are (the first ring on the boundary chart,
// the written A_t's outline), the time of the click, and, in the frame after
// htmx:afterSettle, the time again and every transition running on the
// step's marks, paused (where the ring starts, at 0 ms; then at 40 ms) so
// that the test can move through them.
const armStepJS = `(testid) => {
	const ring = document.querySelector("#chart-values circle.step-read");
	const write = document.querySelector("#chart-advantages rect.step-write");
	window.__motion = null;
	window.__before = ring ? {cx: +ring.getAttribute("cx"), cy: +ring.getAttribute("cy"), id: ring.id,
		writeID: write ? write.id : "", writeX: write ? +write.getAttribute("x") : NaN} : null;
	const a = document.querySelector('a[data-testid="' + testid + '"]');
	if (!a) return "no " + testid;
	a.addEventListener("click", () => { window.__t0 = performance.now(); }, {capture: true, once: true});
	document.addEventListener("htmx:afterSettle", () => requestAnimationFrame(() => {
		const step = performance.now() - window.__t0;
		const marks = document.querySelectorAll("#chart-values circle.step-read, #chart-advantages rect.step-write, .token-table td[id^=cell-]");
		const on = new Set(marks);
		const anims = document.getAnimations().filter(x => on.has(x.effect && x.effect.target));
		anims.forEach(x => { x.pause(); x.currentTime = 0; });
		const ring = document.querySelector("#chart-values circle.step-read");
		const write = document.querySelector("#chart-advantages rect.step-write");
		const cs = ring && getComputedStyle(ring);
		window.__motion = {
			step, n: anims.length, marks: marks.length,
			end: Math.max(0, ...anims.map(x => x.effect.getComputedTiming().endTime)),
			props: [...new Set(anims.map(x => x.transitionProperty))].sort().join(" "),
			start: cs ? {cx: parseFloat(cs.cx), cy: parseFloat(cs.cy)} : null,
			to: ring ? {cx: +ring.getAttribute("cx"), cy: +ring.getAttribute("cy"), id: ring.id,
				writeID: write ? write.id : "", writeX: write ? +write.getAttribute("x") : NaN} : null,
		};
		anims.forEach(x => { x.currentTime = 40; });
	}), {once: true});
	return "";
}`

// motion is what armStepJS recorded.
type motion struct {
	Step, End float64
	N, Marks  int
	Props     string
	Start     *struct{ CX, CY float64 }
	To        *frameMarks
}

// frameMarks is where a frame has its moving marks: the boundary chart's
// first ring (id, centre) and the written Aₜ's outline (id, x).
type frameMarks struct {
	CX, CY      float64
	ID, WriteID string
	WriteX      float64
}

// seekJS moves every paused transition of the step's marks to ms
// milliseconds and says how many there are.
const seekJS = `(ms) => {
	let n = 0;
	for (const x of document.getAnimations()) if (x.playState === "paused") { x.currentTime = ms; n++; }
	return n;
}`

// stillJS says "" once the boundary chart has stood still in the window
// for two polls (the page's scroll to the stage after a step is over).
const stillJS = `() => {
	const r = document.querySelector("#chart-values svg").getBoundingClientRect();
	const at = [r.left, r.top, r.width, r.height, scrollX, scrollY].join();
	const same = at === window.__still;
	window.__still = at;
	return same ? "" : "moving: " + at;
}`

// shot is a screenshot of the boundary chart, decoded, once the chart
// stands still in the window.
func (tb *tab) shot(what string) *image.RGBA {
	tb.t.Helper()
	eval[bool](tb, "window.__still = null, true")
	tb.until(what+": the chart stands still", stillJS)
	b, err := chromedp.Run(tb.ctx, chromedp.Screenshot(chromedp.CSS(`#chart-values svg`)))
	if err != nil {
		tb.t.Fatalf("%s: screenshot: %v", what, err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		tb.t.Fatalf("%s: %v", what, err)
	}
	rgba := image.NewRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			rgba.Set(x, y, img.At(x, y))
		}
	}
	return rgba
}

// changed counts the pixels that differ between two screenshots.
func changed(a, b *image.RGBA) int {
	if a.Bounds() != b.Bounds() {
		return a.Bounds().Dx() * a.Bounds().Dy()
	}
	n := 0
	for i := 0; i+3 < len(a.Pix); i += 4 {
		if !bytes.Equal(a.Pix[i:i+4], b.Pix[i:i+4]) {
			n++
		}
	}
	return n
}

// step takes one step by clicking testid and returns what armStepJS saw.
func (tb *tab) step(testid string) motion {
	tb.t.Helper()
	if msg := eval[string](tb, "("+armStepJS+")("+fmt.Sprintf("%q", testid)+")"); msg != "" {
		tb.t.Fatal(msg)
	}
	tb.do(testid, chromedp.Click(chromedp.CSS(`a[data-testid="`+testid+`"]`)))
	tb.until(testid+" settled", `() => window.__motion ? "" : "not yet"`)
	return eval[motion](tb, "window.__motion")
}

// reducedMotion makes the tab's browser one that asks for reduced motion.
func (tb *tab) reducedMotion() {
	tb.t.Helper()
	tb.do("prefers-reduced-motion: reduce", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
		_, err := cdp.Call(ctx, tgt, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}})
		return err
	}))
}

// checkStepMotion checks one step's move (issue 35): the marks that keep
// their id glide from the last step's place, within 250 ms; the ring's
// pixels change between two frames of the move, and it starts where the last
// step's ring was and ends on the new step's.
func checkStepMotion(tb *tab, m motion) {
	tb.t.Helper()
	if m.N == 0 {
		tb.t.Fatalf("no mark moves between the steps (%d marks with ids)", m.Marks)
	}
	if m.End <= 0 || m.End > 250 {
		tb.t.Errorf("the step's move takes %.0f ms, want (0, 250]", m.End)
	}
	for _, p := range []string{"cx", "x", "outline-color"} {
		if !strings.Contains(" "+m.Props+" ", " "+p+" ") {
			tb.t.Errorf("nothing transitions %s; transitions: %s", p, m.Props)
		}
	}
	if m.Start == nil || m.To == nil {
		tb.t.Fatal("no ring on the boundary chart")
	}
	before := eval[*frameMarks](tb, "window.__before")
	if before == nil || abs(m.Start.CX-before.CX) > 0.5 || abs(m.Start.CY-before.CY) > 0.5 {
		tb.t.Errorf("the ring's first frame is at %+v, want the last step's place %+v", m.Start, before)
	}
	// The marks that move are one element each in both frames: the same
	// ids, in another place (the written Aₜ's outline on another token).
	if before != nil && (before.ID == "" || before.ID != m.To.ID || before.WriteID == "" || before.WriteID != m.To.WriteID) {
		tb.t.Errorf("the moving marks' ids are %q, %q before the step and %q, %q after; want the same, not empty", before.ID, before.WriteID, m.To.ID, m.To.WriteID)
	}
	if before != nil && !(abs(m.To.WriteX-before.WriteX) >= 1) {
		tb.t.Errorf("the written Aₜ's outline stays at x = %.1f (was %.1f): the step should move it", m.To.WriteX, before.WriteX)
	}
	if abs(m.To.CX-before.CX) < 1 {
		tb.t.Errorf("the ring stays at cx = %.1f: the step should move it", m.To.CX)
	}
	early := tb.shot("the move at 40 ms")
	if eval[int](tb, "("+seekJS+")(160)") == 0 {
		tb.t.Fatal("the transitions are gone before the test could look at them")
	}
	late := tb.shot("the move at 160 ms")
	if n := changed(early, late); n == 0 {
		tb.t.Error("the boundary chart's pixels are the same at 40 and 160 ms of the move: the ring does not move")
	}
	eval[int](tb, `document.getAnimations().forEach(x => x.finish()), 0`)
	end := eval[float64](tb, `parseFloat(getComputedStyle(document.querySelector("#chart-values circle.step-read")).cx)`)
	if abs(end-m.To.CX) > 0.5 {
		tb.t.Errorf("the ring ends at cx = %.1f, want the step's %.1f", end, m.To.CX)
	}
}

// checkNoMotion checks a step under prefers-reduced-motion: nothing
// transitions, the first frame after the swap already shows the ring at its
// new place, and the chart's pixels do not change in the next 200 ms.
func checkNoMotion(tb *tab, m motion) {
	tb.t.Helper()
	if m.N != 0 || m.End != 0 {
		tb.t.Errorf("under reduced motion %d marks still transition (%s, %.0f ms)", m.N, m.Props, m.End)
	}
	if m.Start == nil || m.To == nil || abs(m.Start.CX-m.To.CX) > 0.5 || abs(m.Start.CY-m.To.CY) > 0.5 {
		tb.t.Errorf("under reduced motion the ring's first frame is at %+v, want its place %+v", m.Start, m.To)
	}
	first := tb.shot("the first frame")
	time.Sleep(200 * time.Millisecond)
	if n := changed(first, tb.shot("200 ms later")); n != 0 {
		if d := os.Getenv("GAELAB_DEBUG_SHOTS"); d != "" {
			a, b := new(bytes.Buffer), new(bytes.Buffer)
			png.Encode(a, first)
			png.Encode(b, tb.shot("again"))
			os.WriteFile(d+"/a.png", a.Bytes(), 0o644)
			os.WriteFile(d+"/b.png", b.Bytes(), 0o644)
		}
		tb.t.Errorf("under reduced motion %d pixels of the boundary chart change after the step", n)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// The step-through's budgets at 64 tokens (issue 35), from the click on
// Next to the frame after htmx:afterSettle: ≤ 150 ms on a quiet machine,
// the move itself ≤ 250 ms. The numbers are logged with the load average;
// GAELAB_BUDGETS=1 makes the 150 ms a failure (the CI machine is shared);
// what makes it is checked on every machine: a step morphs the page (static/app.js,
// gae-morph), the table, its cells, the rings and the parts out of band stay
// the same elements, and the sliders keep their attributes.
// Chinese, from an English browser.
func TestBrowserStepBudget64(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.speaks("en-US")
	tb.do("1280×720", chromedp.EmulateViewport(1280, 720))
	tb.open(longScenario(64) + "&step=3&lang=zh")
	// A learner reads the page before the first step: its fonts are in and
	// its first frames drawn. (Clicked the moment the load ends, the first
	// step shares the two cores with what the load left to do: 110–170 ms
	// on the quiet machine where it is 90–140 a second later.)
	tb.do("the page settles", chromedp.Evaluate[chromedp.Void](`document.fonts.ready.then(() => new Promise(r => setTimeout(r, 1000)))`, chromedp.EvalAwaitPromise))
	// The results and the answer's parts out of band (the cells form, the
	// form's state, the presets, the navigation) change in place.
	const kept = "#results .token-table table, #results .token-table td[id], #chart-values circle.step-read, #cells, #form-state, #presets, #site-nav"
	tb.markKept(kept)
	var steps []float64
	for i := range 3 {
		// A step moves no value: the charts' sliders (static/edit.js) keep
		// every attribute, none taken away by the answer and put back.
		if n := eval[int](tb, `(() => {
			window.__sliderChanges = 0;
			if (window.__sliderObserver) window.__sliderObserver.disconnect();
			const o = window.__sliderObserver = new MutationObserver(l => { window.__sliderChanges += l.length; });
			const hs = document.querySelectorAll("svg .handles circle[role=slider]");
			hs.forEach(h => o.observe(h, {attributes: true}));
			return hs.length;
		})()`); n == 0 {
			t.Fatal("no slider on the charts")
		}
		m := tb.step("step-next")
		if n := eval[int](tb, "window.__sliderChanges"); n != 0 {
			t.Errorf("step %d: the sliders' attributes changed %d times", i+1, n)
		}
		if m.N == 0 || m.End > 250 {
			t.Errorf("64 tokens: %d marks move, in %.0f ms; want some, within 250 ms", m.N, m.End)
		}
		tb.checkKept(fmt.Sprintf("step %d", i+1), kept)
		eval[int](tb, `document.getAnimations().forEach(x => x.finish()), 0`)
		steps = append(steps, m.Step)
	}
	load, _ := os.ReadFile("/proc/loadavg")
	t.Logf("64 tokens: step change to the frame after settle %.0f, %.0f, %.0f ms (budget 150); load average %s", steps[0], steps[1], steps[2], strings.TrimSpace(string(load)))
	if os.Getenv("GAELAB_BUDGETS") != "" {
		for _, s := range steps {
			if s > 150 {
				t.Errorf("a step change took %.0f ms, budget 150", s)
			}
		}
	}
}
