package chart

import (
	"bytes"
	"strings"
	"testing"
)

func batchTextEN() BatchText {
	return BatchText{
		Title:     "Whitened GAE advantages vs GRPO, per token, per response",
		Desc:      "One panel per response, on one scale.",
		TokenAxis: "token (index)", AdvantageAxis: "advantage",
		Whitened: "A_t whitened over the batch", GRPO: "GRPO A_i",
		Padding: "0 padding", NoWhitened: "No whitened advantages.",
	}
}

// batchGRPO4 is the grpo-4 preset's batch as the page draws it (numbers
// rounded): four responses of four tokens, scores 1, 0, 0, 1.
func batchGRPO4() BatchInput {
	g := 0.866
	return BatchInput{Text: batchTextEN(), Rows: []BatchRow{
		{Title: "response 0 · group 0 · s = 1", Tokens: []string{"The", "answer", "is", "2"}, Whitened: []float64{0.71, 0.69, 0.55, 0.45}, GRPO: []float64{g, g, g, g}},
		{Title: "response 1 · group 0 · s = 0", Tokens: []string{"The", "answer", "is", "3"}, Whitened: []float64{-0.9, -1.05, -1.2, -0.55}, GRPO: []float64{-g, -g, -g, -g}},
		{Title: "response 2 · group 0 · s = 0", Tokens: []string{"等于", "3", "。", "</s>"}, Whitened: []float64{-1.1, -0.7, -0.55, -0.35}, GRPO: []float64{-g, -g, -g, -g}},
		{Title: "response 3 · group 0 · s = 1", Tokens: []string{"等于", "2", "。", "</s>"}, Whitened: []float64{0.9, 0.85, 0.6, 0.35}, GRPO: []float64{g, g, g, g}},
	}}
}

// batchMixed has responses of different lengths padded to the longest, in
// the dark theme, without whitened advantages.
func batchMixed() BatchInput {
	in := BatchInput{Text: batchTextEN(), Theme: Dark(), Base: 1, ID: "mixed", Rows: []BatchRow{
		{Title: "response 0 · s = 1", Tokens: []string{"5", "</s>", "", ""}, Mask: []Kind{Valid, Valid, Padding, Padding}, GRPO: []float64{0.87, 0.87, 0, 0}},
		{Title: "response 1 · s = 0", Tokens: []string{"等于", "6", "</s>", "<pad>"}, Mask: []Kind{Valid, Valid, Valid, Padding}, GRPO: []float64{-0.87, -0.87, -0.87, 0}},
	}}
	return in
}

func TestBatchGolden(t *testing.T) {
	cases := map[string]func() ([]byte, error){
		"batch-grpo4":      func() ([]byte, error) { return Batch(batchGRPO4()) },
		"batch-mixed-dark": func() ([]byte, error) { return Batch(batchMixed()) },
		"batch-grpo4-proj": func() ([]byte, error) { in := batchGRPO4(); in.Theme = Light().Projector(); return Batch(in) },
	}
	for name, render := range cases {
		t.Run(name, func(t *testing.T) { checkGoldenSVG(t, name, render) })
	}
}

// The batch chart keeps the charts' contract (title and desc first, role,
// ids with its prefix, no styles or scripts), has no nested <svg> (the
// page's CSS would size it), and lines token t's column up in every panel.
func TestBatchContract(t *testing.T) {
	for _, in := range []BatchInput{batchGRPO4(), batchMixed()} {
		svg, err := Batch(in)
		if err != nil {
			t.Fatal(err)
		}
		d := checkRoot(t, svg, "gae-batch")
		if n := d.elements["svg"]; n != 1 {
			t.Errorf("%d <svg> elements, want the root only", n)
		}
		if n := strings.Count(string(svg), `<g class="gae-batch-row"`); n != len(in.Rows) {
			t.Errorf("%d panels, want %d", n, len(in.Rows))
		}
		R := len(in.Rows[0].Tokens)
		if len(d.hl) != R*len(in.Rows) {
			t.Fatalf("%d hl rects, want %d", len(d.hl), R*len(in.Rows))
		}
		for k, h := range d.hl {
			first := d.hl[k%R]
			if h.t != k%R || h.x != first.x || h.w != first.w {
				t.Errorf("hl rect %d: t=%d x=%v w=%v, want t=%d at x=%v w=%v as in the first panel", k, h.t, h.x, h.w, k%R, first.x, first.w)
			}
		}
		for _, row := range in.Rows {
			if !strings.Contains(d.desc, row.Title) {
				t.Errorf("desc %q does not name %q", d.desc, row.Title)
			}
		}
	}
	// The legend is drawn once, the x-axis label once.
	svg, _ := Batch(batchGRPO4())
	if n := strings.Count(string(svg), ">A_t whitened over the batch</text>"); n != 1 {
		t.Errorf("the legend entry appears %d times", n)
	}
	if n := strings.Count(string(svg), ">token (index)</text>"); n != 1 {
		t.Errorf("the token axis label appears %d times", n)
	}
	// Without whitened advantages every panel says why.
	svg, _ = Batch(batchMixed())
	if n := strings.Count(string(svg), ">No whitened advantages.</text>"); n != 2 {
		t.Errorf("the no-whitening caption appears %d times, want 2", n)
	}
}

// Every panel shares one y scale: the zero line sits at the same height in
// each panel, relative to its top.
func TestBatchSharedScale(t *testing.T) {
	in := batchGRPO4()
	in.Rows[3].Whitened[0] = 5 // one outlier stretches every panel's scale
	a, err := Batch(in)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Batch(batchGRPO4())
	if bytes.Equal(a, b) {
		t.Fatal("an outlier in the last panel did not change the chart")
	}
	// The first panel's drawing changes too, not only the last one's.
	first := func(svg []byte) string {
		s := string(svg)
		i := strings.Index(s, `<g class="gae-batch-row"`)
		j := strings.Index(s[i+1:], `<g class="gae-batch-row"`)
		return s[i : i+1+j]
	}
	if first(a) == first(b) {
		t.Error("the first panel ignores the last panel's values: the panels do not share their y scale")
	}
}

func TestBatchErrors(t *testing.T) {
	cases := map[string]func(in *BatchInput){
		"no rows":     func(in *BatchInput) { in.Rows = nil },
		"ragged":      func(in *BatchInput) { in.Rows[1].Tokens = in.Rows[1].Tokens[:3] },
		"short GRPO":  func(in *BatchInput) { in.Rows[0].GRPO = in.Rows[0].GRPO[:2] },
		"NaN":         func(in *BatchInput) { in.Rows[2].Whitened[1] = nan() },
		"no title":    func(in *BatchInput) { in.Text.Title = " " },
		"no row name": func(in *BatchInput) { in.Rows[1].Title = "" },
		"bad id":      func(in *BatchInput) { in.ID = "a b" },
		"bad base":    func(in *BatchInput) { in.Base = 2 },
		"bad mask":    func(in *BatchInput) { in.Rows[0].Mask = []Kind{Valid} },
		"too many": func(in *BatchInput) {
			for len(in.Rows) <= MaxBatchRows {
				in.Rows = append(in.Rows, in.Rows[0])
			}
		},
	}
	for name, change := range cases {
		in := batchGRPO4()
		change(&in)
		_, err := Batch(in)
		wantChartError(t, name, err)
	}
}

// Hostile token text and titles are escaped.
func TestBatchHostileText(t *testing.T) {
	in := batchGRPO4()
	in.Rows[0].Title = `<script>alert(1)</script> & "x"`
	in.Rows[1].Tokens[0] = "</svg><g onload=x>"
	svg, err := Batch(in)
	if err != nil {
		t.Fatal(err)
	}
	parse(t, svg)
	if bytes.Contains(svg, []byte("<script")) || bytes.Contains(svg, []byte("<g onload")) {
		t.Error("hostile text reached the SVG unescaped")
	}
}

func nan() float64 { var z float64; return z / z }

// The batch view's chart of 8 responses × 64 tokens (the view's budget, 20 ms, is
// BenchmarkBatch8x64 in package web).
func BenchmarkBatchChart8x64(b *testing.B) {
	in := BatchInput{Text: batchTextEN()}
	for k := range 8 {
		row := BatchRow{Title: "response", Tokens: make([]string, 64), Whitened: make([]float64, 64), GRPO: make([]float64, 64)}
		for t := range 64 {
			row.Tokens[t] = "tok"
			row.Whitened[t] = float64((t*7+k*3)%11)/5 - 1
			row.GRPO[t] = float64(k%3) - 1
		}
		in.Rows = append(in.Rows, row)
	}
	b.ReportAllocs()
	var size int
	for b.Loop() {
		svg, err := Batch(in)
		if err != nil {
			b.Fatal(err)
		}
		size = len(svg)
	}
	b.ReportMetric(float64(size)/1024, "KB")
}
