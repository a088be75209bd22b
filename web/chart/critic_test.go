package chart

import (
	"bytes"
	"strings"
	"testing"

	"gaelab/engine"
)

// criticSample is six tokens with a critic that has moved: t = 1 and t = 3
// leave the band towards R_t, one above it and one below, so their clipped
// terms are the larger and max takes them; t = 0 leaves it away from R_t,
// so the clip brings it closer and max takes the unclipped term; t = 5 is
// padding.
func criticSample() CriticInput {
	values := []float64{0.3, 0.4, 0.5, 0.6, 0.7, 0}
	vpreds := []float64{1.2, 1.3, 0.55, -0.2, 0.7, 0}
	returns := []float64{0.5, 1.4, 0.9, 0, 1, 0}
	vt := engine.ValueLossTerms([][]float64{values}, [][]float64{vpreds}, [][]float64{returns}, 0.2)
	in := CriticInput{
		Tokens: []string{"答", "案", "是", "4", "</s>", "<pad>"},
		Mask:   []Kind{Valid, Valid, Valid, Valid, Valid, Padding},
		Values: values, VPreds: vpreds, Returns: returns,
		VPredClipped: vt.VPredClipped[0], Losses1: vt.Losses1[0], Losses2: vt.Losses2[0],
		Cliprange: 0.2,
		Text: CriticText{
			BandTitle: "The clip band", ErrorsTitle: "The two squared errors",
			BandDesc: "Per token, the band.", ErrorsDesc: "Per token, the errors.",
			TokenAxis: "token (index)", ValueAxis: "value", ErrorAxis: "squared error",
			Band: "clip band V(s_t) ± ε", Value: "values (old)", VPred: "vpreds", VPredClipped: "vpredclipped", Return: "R_t",
			Error1: "vpreds − R_t", Error2: "vpredclipped − R_t", Taken: "taken (max)",
			Losses1: "vf_losses1", Losses2: "vf_losses2", ClippedMark: "clip", ClippedLegend: "clipped term taken",
			Padding: "padding (mask 0)", Observation: "observation (mask 0)",
		},
	}
	for _, c := range vt.Clipped[0] {
		in.Clipped = append(in.Clipped, c == 1)
	}
	return in
}

func TestCriticGolden(t *testing.T) {
	dark := criticSample()
	dark.Base, dark.Theme, dark.ID = 1, Dark().Projector(), "critic-dark"
	for name, in := range map[string]CriticInput{"critic": criticSample(), "critic-dark": dark} {
		t.Run(name, func(t *testing.T) {
			checkGoldenSVG(t, name+"-band", func() ([]byte, error) { return CriticBand(in) })
			checkGoldenSVG(t, name+"-errors", func() ([]byte, error) { return CriticErrors(in) })
		})
	}
}

// Both charts keep the contract of every chart; the band chart draws one
// band per token and each error's line; the errors chart draws the taken
// term of every token opaque, marks exactly the tokens whose clipped term
// is taken, and names them in <desc>.
func TestCriticContract(t *testing.T) {
	in := criticSample()
	if in.Clipped[0] || !in.Clipped[1] || !in.Clipped[3] {
		t.Fatalf("the sample's clipped terms are %v, want t = 1 and 3 taken, t = 0 not", in.Clipped)
	}
	band, err := CriticBand(in)
	if err != nil {
		t.Fatal(err)
	}
	d := checkRoot(t, band, "gae-critic-band")
	if len(d.hl) != len(in.Tokens) {
		t.Errorf("band: %d hl rects, want %d", len(d.hl), len(in.Tokens))
	}
	if n := bytes.Count(band, []byte(`class="clip-band"`)); n != 1 {
		t.Errorf("band: %d clip-band paths, want one (every token's band in it)", n)
	}
	for _, s := range []string{"ε = 0.2", "vpredclipped: t=0: 0.50", "t=3: 0.40", "R_t: t=0: 0.50", "clipped term taken: t = 1, 3."} {
		if !strings.Contains(d.desc, s) {
			t.Errorf("band <desc> lacks %q: %q", s, d.desc)
		}
	}
	errs, err := CriticErrors(in)
	if err != nil {
		t.Fatal(err)
	}
	d = checkRoot(t, errs, "gae-critic-errors")
	if got := bytes.Count(errs, []byte(`class="clipped"`)); got != 2 {
		t.Errorf("errors: %d clip marks, want 2 (t = 1 and 3)", got)
	}
	if got := bytes.Count(errs, []byte(`class="term-taken"`)); got != 2 {
		t.Errorf("errors: %d taken-term paths, want 2 (one per kind of term)", got)
	}
	for _, s := range []string{"vf_losses1: t=0: 0.49", "vf_losses2: t=0: 0.00, t=1: 0.64", "clipped term taken: t = 1, 3."} {
		if !strings.Contains(d.desc, s) {
			t.Errorf("errors <desc> lacks %q: %q", s, d.desc)
		}
	}
	// Nothing clipped: no marks and no legend entry for them.
	in.VPreds = in.Values
	in.VPredClipped, in.Losses2 = in.Values, in.Losses1
	in.Clipped = make([]bool, len(in.Tokens))
	errs, err = CriticErrors(in)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(errs, []byte(`class="clipped"`)) || bytes.Contains(errs, []byte(">clipped term taken<")) {
		t.Error("a chart where no clipped term is taken marks tokens or lists the mark in its legend")
	}
}

func TestCriticErrors(t *testing.T) {
	for name, change := range map[string]func(in *CriticInput){
		"short returns":  func(in *CriticInput) { in.Returns = in.Returns[:2] },
		"short clipped":  func(in *CriticInput) { in.Clipped = in.Clipped[:1] },
		"nan loss":       func(in *CriticInput) { in.Losses1 = append([]float64{nan()}, in.Losses1[1:]...) },
		"negative range": func(in *CriticInput) { in.Cliprange = -1 },
		"no titles":      func(in *CriticInput) { in.Text.BandTitle, in.Text.ErrorsTitle = "", " " },
		"no tokens": func(in *CriticInput) {
			in.Tokens, in.Mask, in.Values, in.VPreds, in.Returns, in.VPredClipped, in.Losses1, in.Losses2, in.Clipped = nil, nil, nil, nil, nil, nil, nil, nil, nil
		},
		"bad id": func(in *CriticInput) { in.ID = "a b" },
	} {
		in := criticSample()
		change(&in)
		_, err1 := CriticBand(in)
		_, err2 := CriticErrors(in)
		wantChartError(t, name+" (band)", err1)
		wantChartError(t, name+" (errors)", err2)
	}
}

func BenchmarkCritic64(b *testing.B) {
	in := long(64)
	vt := engine.ValueLossTerms([][]float64{in.Values}, [][]float64{in.Advantages}, [][]float64{in.Returns}, 0.2)
	c := CriticInput{Tokens: in.Tokens, Mask: in.Mask, Values: in.Values, VPreds: in.Advantages, Returns: in.Returns,
		VPredClipped: vt.VPredClipped[0], Losses1: vt.Losses1[0], Losses2: vt.Losses2[0], Clipped: make([]bool, 64), Cliprange: 0.2,
		Text: CriticText{BandTitle: "band", ErrorsTitle: "errors", ClippedMark: "clip"}}
	for t, x := range vt.Clipped[0] {
		c.Clipped[t] = x == 1
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CriticBand(c); err != nil {
			b.Fatal(err)
		}
		if _, err := CriticErrors(c); err != nil {
			b.Fatal(err)
		}
	}
}
