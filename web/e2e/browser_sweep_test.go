package e2e

// Browser tests of the λ sweep (/compare/lambda) in Debian's chromium; see
// browser_test.go for how to run them.

import (
	"net/url"
	"strings"
	"testing"

	"gaelab/web/page"
	"gaelab/web/scenario"
)

// sweepJS reports what is wrong with a rendered λ sweep of T tokens: the λ
// rows of the table, the heat map's rows and cells, the charts' size, and
// the table's A_t at t = 0 for λ = 1 against want.
const sweepJS = `(T, want) => {
	const wrong = [];
	const rows = document.querySelectorAll('[data-testid="token-table"] tr[data-row^="adv-"]');
	if (rows.length !== 5) wrong.push(rows.length + " λ rows, want 5");
	const heat = document.querySelector("#sweep-heat svg");
	if (!heat) return "no heat map";
	const hrows = heat.querySelectorAll("g.cells > g.heat-row").length;
	const cells = heat.querySelectorAll("g.cells rect").length;
	if (hrows !== 5 || cells !== 5 * T) wrong.push("heat map " + hrows + " rows, " + cells + " cells, want 5 and " + 5 * T);
	for (const id of ["sweep-lines", "sweep-heat", "sweep-weights"]) {
		const svg = document.querySelector("#" + id + " svg");
		const box = svg && svg.getBoundingClientRect();
		if (!box || box.width < 200 || box.height < 100) wrong.push(id + " is not drawn (" + (box ? box.width + "×" + box.height : "missing") + ")");
	}
	const cell = document.querySelector('tr[data-row="adv-1"] td');
	if (!cell || cell.textContent.trim() !== want) wrong.push("A_0 at λ = 1 shows " + (cell && cell.textContent.trim()) + ", want " + want);
	if (document.documentElement.scrollWidth > innerWidth + 1) wrong.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " px");
	return wrong.join("; ");
}`

// The λ sweep of a 64-token response renders in the browser without console
// errors: 5 λ rows, a 5×64 heat map, the line and weights charts, the
// engine's numbers; and in both languages.
func TestBrowserSweep64(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	link := longScenario(64)
	_, query, _ := strings.Cut(link, "?")
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	s, rep := scenario.Decode(q)
	if len(rep.Problems) > 0 || s.Len() != 64 {
		t.Fatalf("the 64-token link decodes to %d tokens, %v", s.Len(), rep.Problems)
	}
	want := page.Num(sweepEngine(s, 1).Advantages[0][0])
	for _, lang := range []string{"en", "zh"} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			tb.open(strings.Replace(link, "/play?", "/compare/lambda?", 1) + "&lang=" + lang)
			tb.until("the λ sweep of 64 tokens renders", sweepJS, 64, want)
		})
	}
}

// Hovering a heat-map column's table cell lights that token's band in the
// charts, as on the playground.
func TestBrowserSweepHighlight(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/compare/lambda?v=1&p=seed-b")
	tb.until("hovering t = 3 lights its column in the heat map", `() => {
		const td = document.querySelector('tr[data-row="adv-0.5"] td:nth-child(5)');
		td.dispatchEvent(new MouseEvent("mouseover", {bubbles: true}));
		const on = document.querySelectorAll('#sweep-heat svg .hl.on');
		return on.length === 1 && on[0].dataset.t === "3" ? "" : on.length + " bands lit";
	}`)
}

// Both compare views pass axe-core without a serious or critical violation,
// in both languages, in the browser's window and on a phone.
func TestBrowserSweepA11y(t *testing.T) {
	t.Parallel()
	axeEveryWay(t, false,
		"/compare/lambda?v=1&p=multi-turn&t=2", "/compare/lambda?v=1&p=eos-padding&theme=dark",
		"/compare/estimators?v=1&p=multi-turn", "/compare/estimators?v=1&p=v02-eos-leak&theme=dark",
	)
}

// Both views render without console errors in presentation mode, the dark
// theme and v0.2, and keep their checks ✓.
func TestBrowserSweepViews(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv) // one tab loads them one after another (a new tab is a new renderer)
	for _, path := range []string{
		"/compare/lambda?v=1&p=seed-b&t=3&present=1", "/compare/lambda?v=1&p=v02-eos-leak&theme=dark&lang=zh",
		"/compare/estimators?v=1&p=multi-turn&ver=v0.2&present=1&theme=dark", "/compare/estimators?v=1&p=lambda-1&lang=zh",
	} {
		t.Run(path, func(t *testing.T) {
			defer tb.in(t)()
			tb.open(path)
			tb.until("every check shows ✓", `() => {
				const cs = document.querySelectorAll('[data-testid="check"]');
				if (cs.length === 0) return "no check";
				const bad = Array.from(cs).filter(c => c.dataset.ok !== "true" || !c.textContent.includes("✓"));
				return bad.map(c => c.textContent).join("; ");
			}`)
		})
	}
}
