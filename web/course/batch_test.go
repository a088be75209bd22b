package course_test

import (
	"math"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons"
	"gaelab/web/batch"
	"gaelab/web/course"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/webtest"
)

// checkBatchLink requires a batch block's or question's link to decode
// without any problem.
func checkBatchLink(t *testing.T, where, link string) {
	t.Helper()
	q, err := url.ParseQuery(link)
	if err != nil {
		t.Errorf("%s: link %q: %v", where, link, err)
		return
	}
	if _, rep := batch.Decode(q, play.BatchPageKeys...); !rep.OK() {
		t.Errorf("%s: batch link %q: %+v %+v", where, link, rep.Problems, rep.Warnings)
	}
}

// batchBlocks lists every batch block of the course in a language, with its lesson.
func batchBlocks(lang string) (out []struct {
	l *lessons.Lesson
	b *lessons.Batch
}) {
	for _, l := range lessons.Embedded().Lessons(lang) {
		for _, p := range l.Parts {
			if p.Batch != nil {
				out = append(out, struct {
					l *lessons.Lesson
					b *lessons.Batch
				}{l, p.Batch})
			}
		}
	}
	return out
}

// Every batch block renders its batch: one token table per response with
// the rows it names, the group table, and a link that opens the same batch
// in /batch; the capstone lesson is on the course map with its questions.
func TestLessonBatchBlocks(t *testing.T) {
	n := 0
	for _, lang := range lessons.Langs {
		for _, x := range batchBlocks(lang) {
			n++
			path := "/lessons/" + x.l.Slug + "?lang=" + lang
			checkBatchLink(t, path, x.b.Link)
			q, _ := url.ParseQuery(x.b.Link)
			b, _ := batch.Decode(q)
			doc := webtest.Page(t, path)
			sel := doc.Find("#batch-" + x.b.ID)
			if sel.Length() != 1 {
				t.Fatalf("%s: no block #batch-%s", path, x.b.ID)
			}
			if got := sel.Find(`[data-testid="token-table"]`).Length(); got != b.Len() {
				t.Errorf("%s %s: %d token tables, want one per response (%d)", path, x.b.ID, got, b.Len())
			}
			sel.Find(`tr[data-row]`).Each(func(_ int, r *goquery.Selection) {
				if id, _ := r.Attr("data-row"); x.b.Rows != nil && !strings.Contains(","+strings.Join(x.b.Rows, ",")+",", ","+id+",") {
					t.Errorf("%s %s: row %s shown, the block names %v", path, x.b.ID, id, x.b.Rows)
				}
			})
			if sel.Find(`[data-testid="batch-groups"] tbody tr`).Length() == 0 {
				t.Errorf("%s %s: no group statistics", path, x.b.ID)
			}
			href, _ := sel.Find(`[data-testid="open-batch"]`).Attr("href")
			if !strings.HasPrefix(href, "/batch?") || webtest.Get(t, href).Code != 200 {
				t.Errorf("%s %s: open link %q", path, x.b.ID, href)
			}
		}
	}
	if n < 2*3 {
		t.Errorf("%d batch blocks in both languages, want the capstone's 3 in each", n)
	}
	for _, lang := range lessons.Langs {
		doc := webtest.Page(t, "/lessons?lang="+lang)
		if doc.Find(`[data-testid="lesson-list"] a[href^="/lessons/real-batch"]`).Length() != 1 {
			t.Errorf("%s: the capstone is not on the course map", lang)
		}
	}
}

// A batch block beside questions on the batch leaves every asked cell, and
// what gives it away, out of the page: the cells read "?", no attribute
// carries their number, the engine's value of none appears in the block,
// and the chart draws none of them (checkHiddenBatchChart). Revealed, the cells show the engine's value, and
// the htmx answer brings the block along.
func TestBatchBlockHidesAskedCells(t *testing.T) {
	found := 0
	for _, lang := range lessons.Langs {
		for _, x := range batchBlocks(lang) {
			hide := course.BatchHiddenBy(x.l, x.b)
			if len(hide) == 0 {
				continue
			}
			found++
			base := "/lessons/" + x.l.Slug + "?lang=" + lang
			block := "#batch-" + x.b.ID
			sel := webtest.Page(t, base).Find(block)
			html, _ := sel.Html()
			reveal := ""
			for _, q := range hide {
				want, ok := course.LessonRequest{Lang: "en"}.BlockCells(q, "").CellValue(q.Ask)
				if !ok {
					t.Fatalf("%s: %s asks %s, no cell", x.l.Slug, q.ID, q.Ask)
				}
				if shown := page.Num(want); strings.Contains(sel.Text(), shown) || strings.Contains(html, shown) {
					t.Errorf("%s/%s %s: the block shows %s (%s) before question %s is answered", lang, x.l.Slug, x.b.ID, shown, q.Ask, q.ID)
				}
				if c := batchCellText(sel, q.Ask); c != "" && c != i18n.Lang(lang).T("predict.hidden_cell") {
					t.Errorf("%s/%s %s: cell %s shows %q before question %s is answered", lang, x.l.Slug, x.b.ID, q.Ask, c, q.ID)
				}
				reveal += "&predict-" + q.ID + "-reveal=1"
			}
			if sel.Find(`td.hidden-cell[data-f]`).Length() != 0 {
				t.Errorf("%s/%s %s: a hidden cell's number shows before the questions are answered", lang, x.l.Slug, x.b.ID)
			}
			checkHiddenBatchChart(t, lang+"/"+x.l.Slug+" "+x.b.ID, i18n.Lang(lang), x.b, hide, sel)
			sel = webtest.Page(t, base+reveal).Find(block)
			for _, q := range hide {
				want, _ := course.LessonRequest{Lang: "en"}.BlockCells(q, "").CellValue(q.Ask)
				if !strings.Contains(sel.Text(), page.Num(want)) {
					t.Errorf("%s/%s %s: %s (%s) still hidden once every question is revealed", lang, x.l.Slug, x.b.ID, q.Ask, page.Num(want))
				}
			}
			if sel.Find(`[data-testid="hidden-note"]`).Length() != 0 {
				t.Errorf("%s/%s %s: still a hidden note once revealed", lang, x.l.Slug, x.b.ID)
			}
			if len(hide) == 1 {
				q := hide[0]
				rec := webtest.Get(t, "/lessons/"+x.l.Slug+"/predict/"+q.ID+"?lang="+lang+"&predict-"+q.ID+"-reveal=1")
				if !strings.Contains(rec.Body.String(), `id="batch-`+x.b.ID+`"`) || !strings.Contains(rec.Body.String(), `hx-swap-oob="true"`) {
					t.Errorf("%s: revealing %s does not bring block %s along", x.l.Slug, q.ID, x.b.ID)
				}
			}
		}
	}
	if found < 2*3 {
		t.Fatalf("%d batch blocks sit beside questions, want the capstone's 3 per language", found)
	}
}

// checkHiddenBatchChart: while questions ask, a batch block keeps its
// chart (issue 36, "a chart in every widget before its question") and
// leaves out the series the questions hide: the GRPO advantages with the
// grpo row, the whitened ones with the white row (legend and description
// alike), and the scores in the panels' titles with the scores. Only a
// block whose questions hide both series draws none.
func checkHiddenBatchChart(t *testing.T, where string, lang i18n.Lang, b *lessons.Batch, hide []*lessons.Predict, sel *goquery.Selection) {
	t.Helper()
	var rows, stats []string
	for _, q := range hide {
		r, s, _ := course.BatchGiveaways(q.Ask)
		rows, stats = append(rows, r...), append(stats, s...)
	}
	grpo, white := slices.Contains(rows, "grpo"), slices.Contains(rows, "white")
	svg := sel.Find("figure.chart svg")
	if !b.Chart || grpo && white {
		if svg.Length() != 0 {
			t.Errorf("%s: a chart drawn while its questions hide every series it draws", where)
		}
		return
	}
	if svg.Length() != 1 {
		t.Errorf("%s: %d charts while its questions ask, want the batch chart without the hidden series", where, svg.Length())
		return
	}
	html, _ := goquery.OuterHtml(svg)
	if grpo && strings.Contains(html, lang.T("batch.chart.grpo")) {
		t.Errorf("%s: the chart draws the GRPO advantages a question hides", where)
	}
	if white && strings.Contains(html, lang.T("batch.chart.whitened")) {
		t.Errorf("%s: the chart draws the whitened advantages a question hides", where)
	}
	if !grpo && !strings.Contains(html, lang.T("batch.chart.grpo")) || !white && !strings.Contains(html, lang.T("batch.chart.whitened")) {
		t.Errorf("%s: the chart leaves out a series no question hides", where)
	}
	if slices.Contains(stats, "scores") || slices.Contains(rows, "reward") {
		if strings.Contains(html, "s = 1") || strings.Contains(html, "s = 0") {
			t.Errorf("%s: a panel's title shows a score a question hides", where)
		}
	}
}

// batchCellText is the text of a batch cell in a block: a token cell
// "<row>.<i>.<t>" of response i's table, or a group statistic; "" when the
// block does not show it.
func batchCellText(sel *goquery.Selection, cell string) string {
	parts := strings.Split(cell, ".")
	if len(parts) == 3 {
		return strings.TrimSpace(sel.Find(`[data-testid$="-row-` + parts[1] + `"] tr[data-row="` + parts[0] + `"] td[data-t="` + parts[2] + `"]`).Text())
	}
	col := map[string]int{"mean": 4, "std": 5}[parts[0]]
	if col == 0 {
		return ""
	}
	return strings.TrimSpace(sel.Find(`[data-testid="batch-groups"] tr[data-group="` + parts[1] + `"]`).Children().Eq(col).Text())
}

// A question on the batch offers its hint after two wrong tries, and its
// revealed answer links to the batch view with the engine's value.
func TestBatchPredictHintAndReveal(t *testing.T) {
	l, _, _ := lessons.Embedded().Lesson("en", "real-batch")
	for _, p := range l.Parts {
		q := p.Predict
		if q == nil || q.On != lessons.OnBatch {
			continue
		}
		base := "/lessons/real-batch/predict/" + q.ID + "?predict-" + q.ID + "=123"
		if webtest.Page(t, base).Find(`[data-testid="hint"]`).Length() != 0 {
			t.Errorf("%s: a hint after one wrong try", q.ID)
		}
		doc := webtest.Page(t, base+"&predict-"+q.ID+"-tries=1")
		if doc.Find(`[data-testid="hint"]`).Length() != 1 || doc.Find(`[data-testid="reveal"]`).Length() != 0 {
			t.Errorf("%s: no hint after two wrong tries, or the answer shown", q.ID)
		}
		want, _ := course.LessonRequest{Lang: "en"}.BlockCells(q, "").CellValue(q.Ask)
		doc = webtest.Page(t, "/lessons/real-batch/predict/"+q.ID+"?predict-"+q.ID+"-reveal=1")
		reveal := doc.Find(`[data-testid="reveal"]`)
		if !strings.Contains(reveal.Text(), page.Num(want)) || strings.Contains(reveal.Text(), "{") {
			t.Errorf("%s: the reveal %q lacks the engine's %s or keeps a placeholder", q.ID, reveal.Text(), page.Num(want))
		}
		if href, _ := reveal.Find("a.open-play").Attr("href"); !strings.HasPrefix(href, "/batch?") {
			t.Errorf("%s: the reveal links %q, want the batch view", q.ID, href)
		}
	}
}

// The batch cells name the engine's numbers: a GRPO member's advantage is
// (s_i − mean)/(std + 1e-6) of its group, and whitening's statistics are
// those of the batch's raw advantages over its valid tokens.
func TestBatchCellValues(t *testing.T) {
	v := course.LessonRequest{Lang: "en"}.BatchState("p=mixed-lengths")
	g := v.Res.Groups[0]
	for i := range v.B.Rows {
		got, ok := v.CellValue("grpo." + strconv.Itoa(i) + ".0")
		if want := (v.Res.Scores[i] - g.Mean) / (g.StdUnbiased + 1e-6); !ok || math.Abs(got-want) > 1e-9 {
			t.Errorf("grpo.%d.0 = %v, want %v", i, got, want)
		}
	}
	sum, n := 0.0, 0.0
	for i, row := range v.Res.Mask {
		for t, m := range row {
			sum += m * v.Res.GAE.Advantages[i][t]
			n += m
		}
	}
	if got, _ := v.CellValue("wmean.0"); math.Abs(got-sum/n) > 1e-6 {
		t.Errorf("wmean.0 = %v, want the mean over %v valid tokens %v", got, n, sum/n)
	}
	for _, bad := range []string{"grpo.9.0", "grpo.0.99", "mean.5", "wmean.1", "nope.0", "adv.0"} {
		if _, ok := v.CellValue(bad); ok {
			t.Errorf("cell %q has a value", bad)
		}
	}
}

// BenchmarkCapstonePage renders the capstone lesson with its three batch
// blocks (budget: a lesson page ≤ 3 ms).
func BenchmarkCapstonePage(b *testing.B) {
	lessons.Embedded()
	h := webtest.Uncached(b).Handler
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/lessons/real-batch?lang=zh", nil))
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}
