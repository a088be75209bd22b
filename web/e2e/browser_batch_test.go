package e2e

// Browser tests of the batch view (/batch) in chromium: editing one
// response changes the other responses' whitened advantages (the batch
// effect) and the address bar. Run them with: go test ./web/e2e -run BrowserBatch

import (
	"testing"

	"github.com/chromedp/chromedp"

	"gaelab/web/batch"
	"gaelab/web/page"
)

// batchCellsJS reads the cells of a row of a batch table: table is the data-testid of
// its section, row the data-row of the line.
const batchCellsJS = `(table, row) => Array.from(document.querySelectorAll('[data-testid="' + table + '"] tr[data-row="' + row + '"] td'), td => td.textContent.trim())`

// batchStateJS reports what still differs from the wanted state: cells
// (table, row, t, text), the address bar and, if set, the field the error
// summary must name. (That the field itself gets aria-invalid on a full page
// is TestBatchBadInputStillRenders'; after an htmx edit app.js marks it.)
const batchStateJS = `(cells, search, invalid) => {
	const read = ` + batchCellsJS + `;
	const wrong = [];
	for (const [table, row, t, want] of cells) {
		const got = read(table, row)[t];
		if (got !== want) wrong.push(table + " " + row + " t=" + t + " shows " + got + ", want " + want);
	}
	if (search !== "" && location.search !== search) wrong.push("location.search is " + location.search + ", want " + search);
	if (invalid !== "") {
		const errs = document.querySelector('[data-testid="form-errors"]');
		if (!errs || errs.hidden || !errs.querySelector('li[data-field="' + invalid + '"]')) wrong.push("the error summary does not name " + invalid);
	}
	return wrong.join("; ");
}`

// batchCell is one wanted cell for batchStateJS.
func batchCell(table, row string, t int, text string) []any { return []any{table, row, t, text} }

// Typing a score for response 3 recomputes response 0's whitened advantages
// (whitening runs over the whole batch) but not its raw advantages nor its
// advantages whitened alone; the address bar follows, and the link opened
// afresh shows the same. A bad score is reported at its field, and the
// results keep the preset's score.
func TestBrowserBatchEffect(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/batch?v=1&p=grpo-4")

	b, _ := batch.Preset("grpo-4")
	before := b.Compute()
	b.Rows[3].Score = 5
	after := b.Compute()
	white0, white0After := page.Num(before.GAE.Whitened[0][0]), page.Num(after.GAE.Whitened[0][0])
	if white0 == white0After {
		t.Fatal("response 3's score does not change response 0's whitened advantage: the test would prove nothing")
	}
	raw0, alone0 := page.Num(before.GAE.Advantages[0][0]), page.Num(before.Alone[0].Whitened[0][0])
	if page.Num(after.GAE.Advantages[0][0]) != raw0 || page.Num(after.Alone[0].Whitened[0][0]) != alone0 {
		t.Fatal("the engine changes response 0's raw or alone-whitened advantages with response 3's score")
	}
	unchanged := [][]any{
		batchCell("batch-row-0", "adv", 0, raw0),
		batchCell("batch-effect", "eff-raw", 0, raw0),
		batchCell("batch-effect", "eff-alone", 0, alone0),
	}
	tb.until("the preset's numbers", batchStateJS, append(unchanged,
		batchCell("batch-row-0", "white", 0, white0), batchCell("batch-effect", "eff-batch", 0, white0)), "", "")
	chartBefore := eval[string](tb, `document.querySelector("#chart-batch svg").outerHTML`)

	tb.do("type score 5 for response 3", chromedp.Clear(chromedp.CSS(`[id="score.3"]`)), chromedp.SendKeys(chromedp.CSS(`[id="score.3"]`), "5"))
	edited := append(unchanged,
		batchCell("batch-row-0", "white", 0, white0After),
		batchCell("batch-effect", "eff-batch", 0, white0After),
		batchCell("batch-row-3", "reward", 3, "5.0000"))
	tb.until("after typing score 5 for response 3, response 0's whitened advantage and the address bar follow",
		batchStateJS, edited, "?v=3&p=grpo-4&score=1,0,0,5&ver=v0.9.0&lang=en", "")
	if eval[string](tb, `document.querySelector("#chart-batch svg").outerHTML`) == chartBefore {
		t.Error("the chart has not changed with response 3's score")
	}

	t.Run("the link in a fresh tab", func(t *testing.T) {
		fresh := newTab(t, srv)
		fresh.open("/batch?v=3&p=grpo-4&score=1,0,0,5&ver=v0.9.0")
		fresh.until("the edited state from its link", batchStateJS, edited, "?v=3&p=grpo-4&score=1,0,0,5&ver=v0.9.0", "")
	})

	tb.do("type a bad score for response 3", chromedp.Clear(chromedp.CSS(`[id="score.3"]`)), chromedp.SendKeys(chromedp.CSS(`[id="score.3"]`), "x"))
	tb.until("a bad score is reported at its field and the results keep the preset's score", batchStateJS,
		append(unchanged, batchCell("batch-row-0", "white", 0, white0), batchCell("batch-row-3", "reward", 3, "1.0000")), "", "score.3")
	if got := eval[string](tb, "location.search"); got == "?v=1&p=grpo-4" || got == "?v=3&p=grpo-4&score=1,0,0,5&ver=v0.9.0&lang=en" {
		t.Errorf("after a bad score the address bar shows %s; it must keep what was typed", got)
	}
}

// "Add a response" appends a copy of the last response: five tables, B=5
// in the address bar, and the whitening statistics of five responses.
func TestBrowserBatchAddResponse(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/batch?v=1&p=grpo-4")
	b, _ := batch.Preset("grpo-4")
	b.Resize(5)
	res := b.Compute()
	tb.do("add a response", chromedp.Click(chromedp.CSS(`[data-testid="batch-add"]`)))
	tb.until("five responses after adding one", `(want, search) => {
		const n = document.querySelectorAll('[data-testid^="batch-row-"]').length;
		const wrong = [];
		if (n !== 5) wrong.push(n + " response tables");
		if (location.search !== search) wrong.push("location.search is " + location.search);
		const cell = document.querySelector('[data-testid="batch-row-0"] tr[data-row="white"] td');
		if (!cell || cell.textContent.trim() !== want) wrong.push("response 0 whitened t=0 shows " + (cell ? cell.textContent.trim() : "nothing") + ", want " + want);
		return wrong.join("; ");
	}`, page.Num(res.GAE.Whitened[0][0]), "?v=3&p=grpo-4&B=5&ver=v0.9.0&lang=en")
}

// The batch view, in both languages, in the window and on a phone, passes
// axe-core without a serious or critical violation.
func TestBrowserBatchA11y(t *testing.T) {
	t.Parallel()
	axeEveryWay(t, false,
		"/batch?v=1&p=mixed-lengths&row=2&lang=en", "/batch?v=1&p=two-groups&lang=zh", "/batch?v=1&p=grpo-4&theme=dark&lang=en",
	)
}
