package chart

import (
	"math"
	"regexp"
	"strconv"
	"testing"
)

// A handle sits on its mark, and its group's data-y0 and data-k map the SVG
// y of every handle back to its value: the page's script relies on this to
// turn a pointer's position into a value. Skipped tokens get none; the zero
// Handles draws nothing.
func TestHandles(t *testing.T) {
	in := seedA()
	if svg := string(must(Values(in))); regexp.MustCompile(`class="handles"`).MatchString(svg) {
		t.Fatal("Values drew handles it was not asked for")
	}
	group := regexp.MustCompile(`<g class="handles"[^>]* data-field="([^"]*)" data-name="([^"]*)" data-base="(\d+)" data-y0="([^"]*)" data-k="([^"]*)" data-min="([^"]*)" data-max="([^"]*)">`)
	circle := regexp.MustCompile(`<circle data-t="(\d+)" data-v="([^"]*)" cx="[^"]*" cy="([^"]*)"`)
	for _, c := range []struct {
		name  string
		draw  func(Input) ([]byte, error)
		field string
		v     []float64
		skip  []bool
	}{
		{"values", Values, "V", in.Values, nil},
		{"rewards", Rewards, "score", in.Scores, []bool{false, true, false}},
	} {
		in := seedA()
		in.Drag = Handles{Field: c.field, Name: "x{t}", Base: 1, Skip: c.skip, Min: -5, Max: 5}
		svg := string(must(c.draw(in)))
		g := group.FindStringSubmatch(svg)
		if g == nil {
			t.Fatalf("%s: no handles group in\n%s", c.name, svg)
		}
		if g[1] != c.field || g[2] != "x{t}" || g[3] != "1" || g[6] != "-5" || g[7] != "5" {
			t.Errorf("%s: group %q", c.name, g[0])
		}
		y0, _ := strconv.ParseFloat(g[4], 64)
		k, _ := strconv.ParseFloat(g[5], 64)
		if k <= 0 {
			t.Fatalf("%s: data-k=%v", c.name, k)
		}
		seen := map[int]bool{}
		for _, m := range circle.FindAllStringSubmatch(svg, -1) {
			tt, _ := strconv.Atoi(m[1])
			v, _ := strconv.ParseFloat(m[2], 64)
			cy, _ := strconv.ParseFloat(m[3], 64)
			seen[tt] = true
			if v != c.v[tt] {
				t.Errorf("%s: handle %d data-v=%v, want %v", c.name, tt, v, c.v[tt])
			}
			if got := (y0 - cy) / k; math.Abs(got-v) > 0.2/k+1e-9 { // cy is rounded to 0.1 px
				t.Errorf("%s: handle %d at cy=%v reads %v, want %v", c.name, tt, cy, got, v)
			}
		}
		for tt := range c.v {
			if want := c.skip == nil || !c.skip[tt]; seen[tt] != want {
				t.Errorf("%s: handle on token %d: %v, want %v", c.name, tt, seen[tt], want)
			}
		}
	}
}
