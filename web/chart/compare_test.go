package chart

import (
	"bytes"
	"strings"
	"testing"
)

// compareVersions is v02-eos-leak's raw A_t, newest vs v0.2: two padding
// slots, the second-to-last valid tokens differing.
func compareVersions() CompareInput {
	return CompareInput{
		Tokens:    []string{"等于", "2", "。", "</s>", "<pad>", "<pad>"},
		Mask:      []Kind{Valid, Valid, Valid, Valid, Padding, Padding},
		Quantity:  Advantage,
		Reference: []float64{0.55, 0.42, 0.25, 0.2, 0, 0},
		Other:     []float64{0.58, 0.46, 0.3, 0.25, -0.5, 0},
		Differs:   []bool{true, true, true, true, true, false},
		Text: CompareText{
			Title: "Raw advantages A_t: newest vs v0.2", Desc: "Per token, the raw advantage of each generation.",
			Reference: "A_t newest", Other: "A_t v0.2", Differs: "≠", DiffersLegend: "differs",
			TokenAxis: "token (index)", ValueAxis: "advantage", Padding: "padding (mask 0)", Observation: "observation (mask 0)",
		},
	}
}

// compareBug is a bug's returns beside the correct ones, 1-based, with an
// observation span, in the dark projector theme.
func compareBug() CompareInput {
	in := compareVersions()
	in.Tokens = []string{"call", "→", "9", "so", "9"}
	in.Mask = []Kind{Valid, Observation, Observation, Valid, Valid}
	in.Base, in.Quantity, in.ID = 1, Return, "bug-whitened-returns-0"
	in.Reference = []float64{0.9, 0.95, 0.95, 0.97, 1}
	in.Other = []float64{1.4, 0.1, 0.1, 0.2, -0.6}
	in.Differs = []bool{true, false, false, true, true}
	in.Text.Title, in.Text.Reference, in.Text.Other = "Returns R_t: correct vs whitened-returns", "R_t correct", "R_t with the bug"
	in.Text.ValueAxis = "return"
	in.Theme = Dark().Projector()
	return in
}

func TestCompareGolden(t *testing.T) {
	for name, in := range map[string]CompareInput{"compare-versions": compareVersions(), "compare-bug": compareBug()} {
		t.Run(name, func(t *testing.T) {
			checkGoldenSVG(t, name, func() ([]byte, error) { return Compare(in) })
		})
	}
}

// The chart keeps the contract of every chart (role, title, desc, ids, hl
// rects), marks exactly the differing tokens and names them in <desc>.
func TestCompareContract(t *testing.T) {
	for _, in := range []CompareInput{compareVersions(), compareBug()} {
		svg, err := Compare(in)
		if err != nil {
			t.Fatal(err)
		}
		d := checkRoot(t, svg, "gae-compare")
		if len(d.hl) != len(in.Tokens) {
			t.Errorf("%d hl rects, want %d", len(d.hl), len(in.Tokens))
		}
		want := 0
		for _, on := range in.Differs {
			if on {
				want++
			}
		}
		if got := bytes.Count(svg, []byte(`class="differs"`)); got != want {
			t.Errorf("%d differs marks, want %d", got, want)
		}
		for _, s := range []string{in.Text.Reference, in.Text.Other, "differs: t = "} {
			if !strings.Contains(d.desc+strings.Join(d.text, " "), s) {
				t.Errorf("the chart does not say %q (desc %q)", s, d.desc)
			}
		}
	}
	in := compareVersions()
	in.Differs = nil
	svg, err := Compare(in)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(svg, []byte(`class="differs"`)) || bytes.Contains(svg, []byte(">differs<")) {
		t.Error("a chart without Differs marks tokens or lists the mark in its legend")
	}
}

func TestCompareErrors(t *testing.T) {
	for name, change := range map[string]func(in *CompareInput){
		"short other":   func(in *CompareInput) { in.Other = in.Other[:2] },
		"short differs": func(in *CompareInput) { in.Differs = in.Differs[:1] },
		"no title":      func(in *CompareInput) { in.Text.Title = " " },
		"no tokens": func(in *CompareInput) {
			in.Tokens, in.Reference, in.Other, in.Differs, in.Mask = nil, nil, nil, nil, nil
		},
		"bad quantity": func(in *CompareInput) { in.Quantity = "entropy" },
		"bad id":       func(in *CompareInput) { in.ID = "a b" },
	} {
		in := compareVersions()
		change(&in)
		_, err := Compare(in)
		wantChartError(t, name, err)
	}
}

func BenchmarkCompare64(b *testing.B) {
	in := long(64)
	c := CompareInput{Tokens: in.Tokens, Mask: in.Mask, Quantity: Advantage, Reference: in.Advantages, Other: in.Whitened,
		Differs: make([]bool, 64), Text: CompareText{Title: "t", Reference: "a", Other: "b", DiffersLegend: "differs"}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compare(c); err != nil {
			b.Fatal(err)
		}
	}
}
