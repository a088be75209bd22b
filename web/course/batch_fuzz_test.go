package course_test

import (
	"bytes"
	"context"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/course"
	"gaelab/web/i18n"
	"gaelab/web/page"
)

// FuzzLessonBatchBlock writes a lesson with a fuzzed predict block on the
// batch (on: batch) and a fuzzed batch block under it, renders it with
// lessons.Render, then renders what it accepted as the lesson page does,
// with a fuzzed learner query. Never a panic; an accepted block holds only
// what the authoring guide allows; every piece of HTML is balanced and
// scriptless; and a question still hiding keeps its cell's number out of
// the block under it (on its own batch), its chart included.
func FuzzLessonBatchBlock(f *testing.F) {
	seeds := []struct{ predict, block, query string }{
		{"id: q\nlink: p=grpo-4\nask: mean.0\nwrong: 2 | the sum\nquestion: mean?", "id: b\nlink: p=grpo-4\nrows: reward, grpo", "predict-q=0.5"},
		{"id: q\nlink: p=mixed-lengths\nask: white.2.0\nwrong: {adv.2.0} | raw\nderivation: ({adv.2.0} − {wmean.0}) / {wstd.0} = {white.2.0}\nquestion: q", "id: b\nlink: p=mixed-lengths\nrows: adv, white", "predict-q-reveal=1"},
		{"id: q\nlink: p=two-groups&score=1,1,1,0,0,0\nask: std.1\nkind: sign\nwrong: {std.0} | x\nquestion: s", "id: b\nlink: p=two-groups\nchart: none", "predict-q=%2B&predict-q-tries=1"},
		{"id: q\nlink: p=singleton\nask: grpo.3.2\nwrong: {grpo.3.2|lam=1} | y\nquestion: q", "id: b\nlink: p=singleton&B=9&V0=x", "predict-q=1e308"},
		{"id: q\nlink: p=grpo-4\nask: adv.0\nwrong: 1 | z\nquestion: q", "id: b\nlink: p=grpo-4\nrows: next", ""},
		{"id: q\nlink: p=grpo-4\nask: wmean.1\nwrong: 1 | z\nquestion: q", "id: b\nlink: p=grpo-4\nchart: pie", ""},
		{"id: q\nlink: p=grpo-4&tok0=<script>\nask: score.0\nwrong: 1 | <img src=x onerror=alert(1)>\nquestion: <b>q</b>", "id: b\nlink: p=grpo-4&prompt=\"><script>&group=<i>,a,a,a\nrows: remax, rloo", "predict-q=\"><script>"},
	}
	for _, s := range seeds {
		f.Add(s.predict, s.block, s.query, uint8(0))
	}
	f.Fuzz(func(t *testing.T, predict, block, query string, mode uint8) {
		if len(predict)+len(block) > 4000 {
			return
		}
		src := "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n\n```predict\non: batch\n" + predict +
			"\n```\n\n```batch\n" + block + "\n```\n"
		l, err := lessons.Render([]byte(src))
		if err != nil {
			if l != nil || err.Error() == "" {
				t.Fatalf("Render: an error (%v) with a lesson %v", err, l)
			}
			return
		}
		q, _ := url.ParseQuery(query)
		lr := course.LessonRequest{Q: q, Lang: i18n.En, LangSet: mode&1 != 0, View: page.View{Dark: mode&8 != 0},
			Outcomes: map[*lessons.Predict]course.PredictOutcome{}}
		if mode&2 != 0 {
			lr.Lang = i18n.Zh
		}
		for _, p := range l.Parts {
			var b bytes.Buffer
			switch {
			case p.Predict != nil:
				if !lessons.ValidBatchCell(p.Predict.Ask) || p.Predict.On != lessons.OnBatch || !(p.Predict.Tolerance > 0) || math.IsInf(p.Predict.Tolerance, 0) {
					t.Fatalf("accepted a predict block on the batch outside the guide: %+v", p.Predict)
				}
				if err := templates.Predict(lr.Predict("/lessons/x", p.Predict)).Render(context.Background(), &b); err != nil {
					t.Fatal(err)
				}
			case p.Batch != nil:
				x := p.Batch
				for _, r := range x.Rows {
					if !slices.Contains(lessons.BatchRows, r) {
						t.Fatalf("accepted a batch block outside the guide: %+v", x)
					}
				}
				var q *lessons.Predict
				for _, o := range l.Parts {
					if q == nil {
						q = o.Predict
					}
				}
				if want := q != nil && q.Link == x.Link; x.Link == "" || !validBlockID(x.ID) || len(x.Hide) != 1 && want || len(x.Hide) != 0 && !want {
					t.Fatalf("accepted a batch block outside the guide, or it hides %v (its question on %v): %+v", x.Hide, q, x)
				}
				hide := course.BatchHiddenBy(l, x)
				bb := lr.BatchBlock(x, hide)
				if err := templates.LessonBatch(bb).Render(context.Background(), &b); err != nil {
					t.Fatal(err)
				}
				if len(hide) == 1 && bb.Chart != nil {
					if o := lr.PredictState(hide[0]); o.OK && !o.Revealed {
						var svg strings.Builder
						if err := bb.Chart.SVG.Render(context.Background(), &svg); err != nil {
							t.Fatal(err)
						}
						rows, _, _ := course.BatchGiveaways(hide[0].Ask)
						for row, key := range map[string]string{"grpo": "batch.chart.grpo", "white": "batch.chart.whitened"} {
							if slices.Contains(rows, row) && strings.Contains(svg.String(), lr.Lang.T(key)) {
								t.Fatalf("the chart draws the %s advantages while %s is hidden", row, hide[0].Ask)
							}
						}
					}
				}
			default:
				continue
			}
			checkSafeHTML(t, "blocks "+strconv.Quote(predict)+" / "+strconv.Quote(block)+" with "+strconv.Quote(query), predict+block, b.String())
		}
	})
}
