package chart

import (
	"strconv"
	"testing"
)

// A panel (Theme.Panel) is a chart a page shows at its own size beside
// others: at most 600 px wide however long the response (two fit a 1280 px
// page's 1216 px column), its labels at the theme's font size, and its short
// y axis still labels ≥ 4 ticks.
func TestPanelTheme(t *testing.T) {
	for _, base := range []Theme{Light(), Dark()} {
		th := base.Panel()
		if th.FontSize != base.FontSize || th.TitleSize != base.TitleSize {
			t.Errorf("%s: panel fonts %g/%g, want the theme's %g/%g", base.Name, th.FontSize, th.TitleSize, base.FontSize, base.TitleSize)
		}
		if _, err := th.resolve(); err != nil {
			t.Errorf("%s: panel theme: %v", base.Name, err)
		}
		for _, T := range []int{1, 6, 16, 64, 512} {
			h := heatLong()
			p := playground(T)
			in := SweepInput{Tokens: p.Tokens, Base: 1, Mask: p.Mask, Text: sweepText(), Theme: th, Extent: [2]float64{-1.3, 1.45}}
			in.Series = []Series{{Label: "λ = 0.9", Values: make([]float64, T)}}
			for i := range T {
				in.Series[0].Values[i] = h.Rows[2].Values[i%len(h.Rows[2].Values)]
			}
			svg, err := Sweep(in)
			if err != nil {
				t.Fatalf("%s, %d tokens: %v", base.Name, T, err)
			}
			d := checkRoot(t, svg, "gae-sweep")
			w, err := strconv.ParseFloat(attr(d.root, "width"), 64)
			if err != nil || w > 600 {
				t.Errorf("%s, %d tokens: panel %q px wide, want ≤ 600", base.Name, T, attr(d.root, "width"))
			}
			ticks := ticker{n: th.yTickCount(), least: th.yTicksLeast()}.Ticks(-1.3-0.08*2.75, 1.45+0.08*2.75)
			labelled := 0
			for _, tk := range ticks {
				if tk.Label != "" {
					labelled++
				}
			}
			if labelled < 4 {
				t.Errorf("%s, %d tokens: %d labelled y ticks, want ≥ 4", base.Name, T, labelled)
			}
		}
	}
}
