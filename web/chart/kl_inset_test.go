package chart

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// withInset is in with the KL panel's strings set.
func withInset(in Input) Input {
	in.Text.KLInset, in.Text.KLInsetDesc = "−β·KL on its own scale", "The KL part alone."
	return in
}

// barHeight matches the height of a bar (an M…h…v<h>h…z rect); klBarHeights
// are the heights of the paths filled with the KL hatch in svg, in drawing order.
var barHeight = regexp.MustCompile(`h-?[\d.]+v(-?[\d.]+)h`)

func klBarHeights(svg []byte) []float64 {
	var out []float64
	for _, line := range bytes.Split(svg, []byte("\n")) {
		if !bytes.HasPrefix(line, []byte("<path d=")) || !bytes.Contains(line, []byte("hatch-kl)")) {
			continue
		}
		for _, m := range barHeight.FindAllSubmatch(line, -1) {
			h, _ := strconv.ParseFloat(string(m[1]), 64)
			out = append(out, max(h, -h))
		}
	}
	return out
}

// insetOf splits a reward chart into the chart above its KL panel and the
// panel (nil when there is none).
func insetOf(svg []byte) (chart, inset []byte) {
	i := bytes.Index(svg, []byte(`<g class="gae-kl-inset"`))
	if i < 0 {
		return svg, nil
	}
	return svg[:i], svg[i:]
}

// Beside a score of 1, KL terms of 0.005–0.02 are 1–4 px bars; the panel
// under the chart draws them again on their own scale, every bar ≥ 12 px
// (the 0.005 ones) and the tallest ≥ 40 px, with its own title, y label,
// ≥ 4 labelled ticks, columns exactly under the chart's, and a <desc> that
// lists the KL terms to 4 decimals. The chart's <desc> says the panel is
// there.
func TestKLInset(t *testing.T) {
	in := withInset(cjk())
	svg, err := Rewards(in)
	if err != nil {
		t.Fatal(err)
	}
	checkGoldenSVG(t, "cjk-rewards-kl-inset", func() ([]byte, error) { return svg, nil })
	d := checkRoot(t, svg, "gae-rewards")
	if !strings.Contains(d.desc, in.Text.KLInsetDesc) {
		t.Errorf("the chart's desc does not mention the KL panel: %q", d.desc)
	}
	main, inset := insetOf(svg)
	if inset == nil {
		t.Fatal("no KL panel under a chart whose KL bars are ≤ 4 px")
	}
	mainBars, insetBars := klBarHeights(main), klBarHeights(inset)
	t.Logf("KL bars on the chart: %v px; in the panel: %v px", mainBars, insetBars)
	if len(insetBars) != 6 { // six valid tokens, every one with a KL term ≠ 0
		t.Fatalf("%d KL bars in the panel, want 6", len(insetBars))
	}
	tallest := 0.0
	for _, h := range insetBars {
		tallest = max(tallest, h)
		if h < 12 {
			t.Errorf("a KL bar of the panel is %.1f px tall, want ≥ 12 (bars %v)", h, insetBars)
		}
	}
	if tallest < 40 {
		t.Errorf("the tallest KL bar of the panel is %.1f px, want ≥ 40", tallest)
	}
	for _, want := range []string{`>` + in.Text.KLInset + `</title>`, `-β·kld_5=-0.0200`, `-β·kld_3=0.0050`, `>` + in.Text.KLInset + `</text>`} {
		if !bytes.Contains(inset, []byte(want)) {
			t.Errorf("the panel has no %q", want)
		}
	}
	// Columns: the panel's hl rects sit at the chart's x.
	hlX := regexp.MustCompile(`<rect class="hl" data-t="(\d+)" x="([\d.]+)"`)
	xs := map[string]string{}
	for _, m := range hlX.FindAllSubmatch(main, -1) {
		xs[string(m[1])] = string(m[2])
	}
	n := 0
	for _, m := range hlX.FindAllSubmatch(inset, -1) {
		n++
		if xs[string(m[1])] != string(m[2]) {
			t.Errorf("token %s's column is at x = %s in the panel, %s in the chart", m[1], m[2], xs[string(m[1])])
		}
	}
	if n != len(in.Tokens) {
		t.Errorf("%d columns in the panel, want %d", n, len(in.Tokens))
	}
	// Its own y axis: ≥ 4 labelled ticks.
	ticks := 0
	for _, s := range []string{"0.005", "0.000", "-0.005", "-0.010", "-0.015", "-0.020"} {
		if bytes.Contains(inset, []byte(">"+s+"<")) || bytes.Contains(inset, []byte(">"+strings.Replace(s, "-", "−", 1)+"<")) {
			ticks++
		}
	}
	if ticks < 4 {
		t.Errorf("%d labelled y ticks in the panel, want ≥ 4", ticks)
	}
}

// No panel where the KL bars read on the chart's own scale, where there is
// no KL term, or where no title was given for it.
func TestKLInsetOnlyWhenNeeded(t *testing.T) {
	big := cjk()
	big.Scores = make([]float64, len(big.Tokens))
	big.Rewards = big.KLTerm
	zero := seedA()
	for name, in := range map[string]Input{
		"KL alone (its bars fill the chart)": withInset(big),
		"no KL":                              withInset(zero),
		"no title for the panel":             cjk(),
	} {
		svg, err := Rewards(in)
		if err != nil {
			t.Fatal(err)
		}
		if _, inset := insetOf(svg); inset != nil {
			t.Errorf("%s: a KL panel is drawn", name)
		}
	}
}
