package chart

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

func gridInput() StepsGridInput {
	a, b, c := stepsTwoRuns(), stepsTwoRuns(), stepsTwoRuns()
	a.ID, b.ID, c.ID = "p-a", "p-b", "p-c"
	b.Text.Title, c.Text.Title = "actor/ppo_kl", "critic/score/mean"
	return StepsGridInput{
		Panels: []GridPanel{
			{Steps: a, Data: []Attr{{"metric", `a"<&`}}},
			{Steps: b, Watched: true, Data: []Attr{{"metric", "b"}, {"points", "6"}}},
			{Steps: c},
		},
		Cols: 2, Title: "verl's dashboard", Desc: "One small chart per metric.",
	}
}

// The grid is one picture: one root, a group per panel laid out Cols a
// row (the third panel starts the second row), the watched one outlined,
// each panel's data-* attributes escaped, no hl rects (a step is not a
// token), the panels' summaries in the root's <desc>.
func TestStepsGrid(t *testing.T) {
	svg := checkGoldenSVG(t, "steps-grid", func() ([]byte, error) { return StepsGrid(gridInput()) })
	d := checkRoot(t, svg, "gae-steps-grid")
	if n := bytes.Count(svg, []byte("<svg")); n != 1 {
		t.Errorf("%d <svg> elements, want one picture", n)
	}
	if n := bytes.Count(svg, []byte(`<g class="gae-steps-panel`)); n != 3 {
		t.Errorf("%d panels, want 3", n)
	}
	if n := bytes.Count(svg, []byte(`<g class="gae-steps-panel watched"`)); n != 1 {
		t.Errorf("%d watched panels, want 1", n)
	}
	if !bytes.Contains(svg, []byte(`data-metric="a&#34;&lt;&amp;"`)) || !bytes.Contains(svg, []byte(`data-points="6"`)) {
		t.Error("the panels' data attributes are missing or unescaped")
	}
	if bytes.Contains(svg, []byte(`class="hl"`)) {
		t.Error("a panel has hl rects")
	}
	if n := bytes.Count(svg, []byte(`class="current"`)); n != 3 {
		t.Errorf("%d current columns, want one per panel", n)
	}
	var xs, ys []string
	for _, g := range bytes.Split(svg, []byte(`<g class="gae-steps-panel`))[1:] {
		_, tr, _ := bytes.Cut(g, []byte(`transform="translate(`))
		tr, _, _ = bytes.Cut(tr, []byte(")"))
		x, y, _ := strings.Cut(string(tr), " ")
		xs, ys = append(xs, x), append(ys, y)
	}
	if xs[0] != "0" || ys[0] != "0" || xs[1] == "0" || ys[1] != "0" || xs[2] != "0" || ys[2] == "0" {
		t.Errorf("panel origins x %v y %v, want two in the first row and the third under the first", xs, ys)
	}
	// What every panel would repeat is there once: the background, the
	// markers (each one a run's, every reference defined), the legend (the
	// first panel's), the x-axis label (under each column); a <desc> a
	// panel with its data, which labels the picture, and no panel <title>.
	for _, c := range []struct {
		what string
		n    int
	}{{"<desc", 4}, {"<title", 1}, {"<defs", 1}, {"<marker", 2}, {`fill="#FFFFFF"/>`, 1}, {">step shown<", 1}, {">baseline run<", 1}, {">step<", 2}} {
		if n := bytes.Count(svg, []byte(c.what)); n != c.n {
			t.Errorf("%d × %s, want %d", n, c.what, c.n)
		}
	}
	for _, ref := range regexp.MustCompile(`url\(#([^)]+)\)`).FindAllSubmatch(svg, -1) {
		if !bytes.Contains(svg, []byte(`<marker id="`+string(ref[1])+`"`)) {
			t.Errorf("url(#%s) names no marker", ref[1])
		}
	}
	if !bytes.Contains(svg, []byte(`<desc id="gae-steps-grid-desc">One small chart per metric.</desc>`)) || !bytes.Contains(svg, []byte(`<desc id="gae-steps-grid-p-c-desc">`)) ||
		!bytes.Contains(svg, []byte("baseline run: 1: -0.9")) {
		t.Errorf("the grid's desc is not its own sentence, or the third panel's summary is missing: %q", d.desc)
	}
	if got := strings.Fields(attr(d.root, "aria-labelledby")); len(got) != 5 || got[4] != "gae-steps-grid-p-c-desc" {
		t.Errorf("aria-labelledby = %v, want the title, the desc and each panel's desc", got)
	}
}

func TestStepsGridErrors(t *testing.T) {
	for name, c := range map[string]struct {
		mod  func(*StepsGridInput)
		want string
	}{
		"none":     {func(in *StepsGridInput) { in.Panels = nil }, "no panels"},
		"cols":     {func(in *StepsGridInput) { in.Cols = 0 }, "Cols = 0"},
		"title":    {func(in *StepsGridInput) { in.Title = " " }, "Title"},
		"panel":    {func(in *StepsGridInput) { in.Panels[1].Steps.Current = 99 }, "panel 1: Current = 99"},
		"dataname": {func(in *StepsGridInput) { in.Panels[0].Data[0].Name = `x" onload="` }, "data name"},
	} {
		in := gridInput()
		c.mod(&in)
		if _, err := StepsGrid(in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want one naming %q", name, err, c.want)
		}
	}
}
