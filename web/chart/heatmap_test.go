package chart

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"gaelab/engine"
	"gaelab/web/svg"
)

// sweepLams are the λ of the compare view's sweep.
var sweepLams = []float64{0, 0.5, 0.9, 0.95, 1}

// gaeRows runs the engine's GAE (newest verl, γ = 1, every token a time
// step, terminal value 0) on rewards and values for each λ: the rows a λ
// sweep's heat map shows.
func gaeRows(rewards, values []float64) [][]float64 {
	mask := make([]float64, len(rewards))
	for t := range mask {
		mask[t] = 1
	}
	var rows [][]float64
	for _, lam := range sweepLams {
		res := engine.GAE(engine.V1Newest, [][]float64{rewards}, [][]float64{values}, [][]float64{mask}, 1, lam)
		rows = append(rows, res.Advantages[0])
	}
	return rows
}

func heatSeedA() HeatmapInput {
	in := HeatmapInput{Tokens: []string{"从前", "有座", "山"}, Text: heatTextEN()}
	for i, r := range gaeRows([]float64{0, 0, 1}, []float64{0.3, 0.4, 0.6}) {
		in.Rows = append(in.Rows, HeatmapRow{Label: "λ = " + strconv.FormatFloat(sweepLams[i], 'g', -1, 64), Values: r})
	}
	return in
}

func heatTextEN() HeatmapText {
	return HeatmapText{
		Title: "A_t for each λ (rows) and token (columns)", Desc: "Cells coloured by A_t: blue below 0, orange above.",
		TokenAxis: "token (index)", Scale: "A_t", Padding: "padding (mask 0)", Observation: "observation (mask 0)",
	}
}

// heatLong is a 64-token sweep as the page draws it: CJK and emoji tokens,
// the last 8 padding, 1-based numbering, the dark theme.
func heatLong() HeatmapInput {
	p := playground(64)
	in := HeatmapInput{Tokens: p.Tokens, Base: 1, Mask: p.Mask, Text: heatTextEN(), Theme: Dark()}
	for i, r := range gaeRows(p.Rewards, p.Values) {
		in.Rows = append(in.Rows, HeatmapRow{Label: "λ = " + strconv.FormatFloat(sweepLams[i], 'g', -1, 64), Values: r})
	}
	return in
}

// heatMultiTurn has an observation span and negative advantages.
func heatMultiTurn() HeatmapInput {
	in := HeatmapInput{
		Tokens: []string{"call", "(", "x", ")", "→", "42", "so", "42"},
		Mask:   []Kind{Valid, Valid, Valid, Valid, Observation, Observation, Valid, Valid},
		Text:   heatTextEN(),
	}
	in.Text.Title = "每个 λ 的 A_t"
	for i, r := range gaeRows([]float64{0, 0, 0, 0, 0, 0, 0, 1}, []float64{0.1, 0.2, 0.9, 0.3, 2, 2, 0.5, 1.4}) {
		in.Rows = append(in.Rows, HeatmapRow{Label: "λ = " + strconv.FormatFloat(sweepLams[i], 'g', -1, 64), Values: r})
	}
	return in
}

func TestHeatmapGolden(t *testing.T) {
	for name, in := range map[string]HeatmapInput{"seedA": heatSeedA(), "multiturn": heatMultiTurn(), "long64-dark": heatLong()} {
		t.Run(name, func(t *testing.T) {
			svg := checkGoldenSVG(t, "heatmap-"+name, func() ([]byte, error) { return Heatmap(in) })
			checkRoot(t, svg, "gae-heatmap")
		})
	}
}

// The grid has one cell per row and token, grouped by row; the hl rects tile
// the columns; numbers are written only when the cells have room.
func TestHeatmapCells(t *testing.T) {
	for _, c := range []struct {
		name    string
		in      HeatmapInput
		numbers bool
	}{{"seedA", heatSeedA(), true}, {"long64", heatLong(), false}, {"multiturn", heatMultiTurn(), true}} {
		svg, h, err := heatmap(&c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		d := checkRoot(t, svg, "gae-heatmap")
		T, R := len(c.in.Tokens), len(c.in.Rows)
		_, cells, _ := strings.Cut(string(svg), `<g class="cells"`)
		cells, _, _ = strings.Cut(cells, `<g class="mask">`)
		cells, _, _ = strings.Cut(cells, `<g class="labels"`)
		if n := strings.Count(cells, "<rect "); n != R*T {
			t.Errorf("%s: %d cells, want %d×%d", c.name, n, R, T)
		}
		if n := strings.Count(cells, `<g class="heat-row"`); n != R {
			t.Errorf("%s: %d rows, want %d", c.name, n, R)
		}
		if len(d.hl) != T {
			t.Errorf("%s: %d hl rects, want %d", c.name, len(d.hl), T)
		}
		for i := 1; i < len(d.hl); i++ {
			if prev := d.hl[i-1]; prev.x+prev.w-d.hl[i].x > 0.011 || d.hl[i].x-prev.x-prev.w > 0.011 {
				t.Errorf("%s: hl rects %d and %d do not tile", c.name, i-1, i)
			}
		}
		if got := strings.Contains(string(svg), `<g class="values"`); got != c.numbers {
			t.Errorf("%s: cell numbers shown = %v, want %v (column %v px)", c.name, got, c.numbers, h.slot)
		}
	}
}

// The scale is centred on 0 (near-white), blue below and orange above, and
// symmetric: the bound m is the largest |value| of the valid columns.
func TestDiverging(t *testing.T) {
	if c := hex(Diverging(0)); c != "#F7F7F7" {
		t.Errorf("0 is %s, want the near-white centre #F7F7F7", c)
	}
	if c := hex(Diverging(-1)); c != "#2166AC" {
		t.Errorf("-1 is %s, want #2166AC", c)
	}
	if c := hex(Diverging(1)); c != "#B35806" {
		t.Errorf("1 is %s, want #B35806", c)
	}
	if hex(Diverging(-7)) != hex(Diverging(-1)) || hex(Diverging(7)) != hex(Diverging(1)) {
		t.Error("values beyond ±1 are not clamped")
	}
	for _, x := range []float64{0.1, 0.3, 0.6, 0.9} {
		neg, pos := Diverging(-x), Diverging(x)
		if !(neg.B > neg.R) || !(pos.R > pos.B) {
			t.Errorf("±%v: %s, %s; want blue below 0 and orange above", x, hex(neg), hex(pos))
		}
		if l0, l1 := svg.Luminance(Diverging(-x)), svg.Luminance(Diverging(-x-0.1)); l1 >= l0 {
			t.Errorf("lightness does not fall away from 0 at −%v", x)
		}
	}
	in := heatMultiTurn()
	_, h, err := heatmap(&in)
	if err != nil {
		t.Fatal(err)
	}
	want := 0.0
	for _, r := range in.Rows {
		for tk, v := range r.Values {
			if in.Mask[tk] == Valid {
				want = max(want, v, -v)
			}
		}
	}
	if h.m != want {
		t.Errorf("scale bound %v, want the largest |A_t| of the valid columns %v", h.m, want)
	}
	// Every cell's text is readable on its colour (WCAG contrast ≥ 4.5).
	for x := -1.0; x <= 1; x += 0.05 {
		c := Diverging(x)
		ink := rgb(inkOn(c))
		if r := svg.Contrast(c, ink); r < 4.5 {
			t.Errorf("at %v: %s on %s has contrast %.2f", x, hex(ink), hex(c), r)
		}
	}
}

func TestHeatmapErrors(t *testing.T) {
	for name, f := range map[string]func(in *HeatmapInput){
		"no rows":     func(in *HeatmapInput) { in.Rows = nil },
		"short row":   func(in *HeatmapInput) { in.Rows[1].Values = in.Rows[1].Values[:2] },
		"NaN":         func(in *HeatmapInput) { in.Rows[0].Values[0] = math.NaN() },
		"no title":    func(in *HeatmapInput) { in.Text.Title = " " },
		"no tokens":   func(in *HeatmapInput) { in.Tokens = nil },
		"bad id":      func(in *HeatmapInput) { in.ID = "a b" },
		"17 rows":     func(in *HeatmapInput) { in.Rows = append(in.Rows, make([]HeatmapRow, 12)...) },
		"mask length": func(in *HeatmapInput) { in.Mask = []Kind{Valid} },
	} {
		in := heatSeedA()
		f(&in)
		_, err := Heatmap(in)
		wantChartError(t, name, err)
	}
}

// All-zero rows draw white cells with a unit scale, not a division by zero.
func TestHeatmapZero(t *testing.T) {
	in := heatSeedA()
	for i := range in.Rows {
		in.Rows[i].Values = make([]float64, 3)
	}
	svg, h, err := heatmap(&in)
	if err != nil {
		t.Fatal(err)
	}
	checkRoot(t, svg, "gae-heatmap")
	if h.m != 1 || !strings.Contains(string(svg), `fill="#F7F7F7"`) {
		t.Errorf("zero rows: scale bound %v, want 1 and white cells", h.m)
	}
}
