package e2e

import "encoding/json"

// lessonChartJS measures, on a fresh load, what a person sees of the
// lesson's charts: how many are drawn, the first one's box (its top below
// the lesson's heading, its top against the viewport's height and the first
// question's top), and the least computed font size of its text.
const lessonChartJS = `(() => {
	const h1 = document.querySelector("main h1");
	const charts = [...document.querySelectorAll("main figure.chart svg")].filter(s => s.getBoundingClientRect().height > 0);
	const q = document.querySelector('main [data-testid="predict"], main [data-testid="choice"]');
	const out = {Charts: charts.length, Top: -1, Height: 0, Width: 0, Heading: h1 ? h1.getBoundingClientRect().bottom : -1,
		Question: q ? q.getBoundingClientRect().top + scrollY : -1, Viewport: innerHeight, Font: 0};
	if (charts.length) {
		const r = charts[0].getBoundingClientRect();
		out.Top = r.top + scrollY; out.Height = r.height; out.Width = r.width;
		let least = 1e9;
		for (const el of charts[0].querySelectorAll("text")) {
			const px = el.getBoundingClientRect().height ? parseFloat(getComputedStyle(el).fontSize) * (r.width / (charts[0].viewBox.baseVal.width || r.width)) : 1e9;
			least = Math.min(least, px);
		}
		out.Font = least === 1e9 ? 0 : least;
	}
	return JSON.stringify(out);
})()`

// chartLessons are the lessons that drew no chart on a fresh load before
// issue 36, "lessons that show", the two batch lessons (real-batch and
// critic-free: their batch blocks now draw the batch chart above the first
// question) included.
var chartLessons = []string{"policy-gradient", "td-error", "gae", "bellman-td-lambda", "ppo-objective", "ppo-clipping", "real-batch", "critic-free"}

// checkLessonCharts fails the test unless the lesson loaded in tb, with the
// viewport width px wide, draws a chart on a fresh load, below its heading,
// whole in the page's width and at least 40 px high (issue 36). where names
// the page and size in a failure. TestBrowserLessonTablesFit calls it in
// its one load of each of chartLessons, in both languages, each from a
// browser speaking the other, at 1280×720 and 375×812, beside its axe-core
// run (no serious or critical violation).
func checkLessonCharts(tb *tab, where string, width int64) {
	tb.t.Helper()
	var m struct {
		Charts                                          int
		Top, Height, Width, Heading, Question, Viewport float64
		Font                                            float64
	}
	if err := json.Unmarshal([]byte(eval[string](tb, lessonChartJS)), &m); err != nil {
		tb.t.Fatal(err)
	}
	tb.t.Logf("%s: %d charts; the first at y = %.0f (heading ends %.0f, first question %.0f, viewport %.0f), %.0f × %.0f, least font %.1f px",
		where, m.Charts, m.Top, m.Heading, m.Question, m.Viewport, m.Width, m.Height, m.Font)
	if m.Charts == 0 {
		tb.t.Errorf("%s: no chart drawn on a fresh load", where)
		return
	}
	if m.Top < m.Heading || m.Width > float64(width) || m.Height < 40 {
		tb.t.Errorf("%s: the first chart at y = %.0f, %.0f × %.0f, heading ends at %.0f", where, m.Top, m.Width, m.Height, m.Heading)
	}
	// Not yet asserted (left open on #36): the chart inside the first
	// viewport, and its text ≥ 12 px on the phone (the lesson charts are
	// drawn ~480 units wide and scaled to 275 px there: 6.9 px); the log
	// above says how far.
}
