package chart

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"gaelab/web/svg"
)

// GridPanel is one small multiple of StepsGrid: a Steps chart, and what
// its group carries for the page.
type GridPanel struct {
	Steps StepsInput
	// Watched outlines the panel in the foreground colour (the one a
	// lesson is about); the others get a hairline in the grid colour.
	Watched bool
	// Data are the panel group's data-* attributes (name without "data-",
	// lower-case letters, digits and '-'; the value is escaped), so that a
	// page's tests read a panel as they read an element of their own.
	Data []Attr
}

// Attr is one data-* attribute of a panel.
type Attr struct{ Name, Value string }

// StepsGridInput is a dashboard: many metrics over the same steps, drawn
// as one picture of small multiples.
type StepsGridInput struct {
	Panels []GridPanel // 1 … MaxGridPanels, each a valid StepsInput
	Cols   int         // panels a row, 1 … 6
	Title  string      // the picture's <title> (required)
	Desc   string      // first sentence of its <desc>; each panel's title and summary follow
	Theme  Theme       // the zero Theme is Light(); every panel is drawn in it
	ID     string      // id prefix, unique on the page; a panel's ids are ID-<its ID> ("p<k>" when empty)
}

// MaxGridPanels is the most panels StepsGrid draws.
const MaxGridPanels = 64

// gridGap is the space between two panels, in px.
const gridGap = 8.0

// StepsGrid draws each panel as Steps would and places it in a grid, Cols
// a row, every cell as wide as the widest panel and a row as tall as its
// tallest, in one <svg> of class "gae-chart gae-steps-grid", so that a
// page redraws its whole dashboard as one picture. What every panel would
// repeat is drawn once, so that a Play tick swaps fewer bytes and
// elements: one background, one set of markers; the legend on the first panel (its
// row's other panels keep its room empty, so that their data areas line
// up); the x-axis label under the bottom panel of each column; about
// gridTicks column labels a panel; no y-axis label (a panel's title names
// its metric) and no hl-cols group (a step is no token to light up). Each
// panel is a <g class="gae-steps-panel"> (with "watched" when Watched)
// holding its chart's inside (its <desc> with its data summary first,
// which labels the picture after the grid's <title> and <desc>), then its
// edge rect.
func StepsGrid(in StepsGridInput) ([]byte, error) {
	n := len(in.Panels)
	switch {
	case n == 0:
		return nil, errors.New("chart: steps grid: no panels (want 1 … 64)")
	case n > MaxGridPanels:
		return nil, fmt.Errorf("chart: steps grid: %d panels, want at most %d", n, MaxGridPanels)
	case in.Cols < 1 || in.Cols > 6:
		return nil, fmt.Errorf("chart: steps grid: Cols = %d, want 1 … 6", in.Cols)
	}
	th, id, err := resolve(in.Theme, in.ID, "gae-steps-grid", "Title", in.Title)
	if err != nil {
		return nil, err
	}
	type drawn struct {
		svg  []byte
		w, h float64
	}
	panels := make([]drawn, n)
	labels := make([]string, n) // the panels' <desc> ids, which label the picture after its own
	cols := min(in.Cols, n)
	var defs []byte
	defined := map[string]bool{}
	cellW := 0.0
	for k, p := range in.Panels {
		sin := p.Steps
		g := &gridOpts{markers: id, legend: legendNone, xLabel: k+cols >= n}
		switch {
		case k == 0:
			g.legend = legendDrawn
		case k < cols:
			g.legend = legendRoom
		}
		sin.Theme, sin.grid = th, g
		if sin.ID == "" {
			sin.ID = "p" + strconv.Itoa(k)
		}
		sin.ID = id + "-" + sin.ID
		svg, f, err := steps(&sin)
		if err != nil {
			return nil, fmt.Errorf("chart: steps grid: panel %d: %s", k, strings.TrimPrefix(err.Error(), "chart: "))
		}
		for _, a := range p.Data {
			if !validDataName(a.Name) {
				return nil, fmt.Errorf("chart: steps grid: panel %d: data name %q, want lower-case letters, digits and '-'", k, a.Name)
			}
		}
		for _, m := range bytes.SplitAfter(f.defs.Bytes(), []byte("\n")) { // one marker a line, each named by what it draws
			if len(m) > 0 && !defined[string(m)] {
				defined[string(m)] = true
				defs = append(defs, m...)
			}
		}
		panels[k] = drawn{svg, f.W, f.H}
		cellW = math.Max(cellW, f.W)
		labels[k] = f.id + "-desc"
	}
	var body bytes.Buffer
	body.Grow(n * 8192)
	y := 0.0
	for r := 0; r*cols < n; r++ {
		row := panels[r*cols : min(n, (r+1)*cols)]
		rowH := 0.0
		for _, p := range row {
			rowH = math.Max(rowH, p.h)
		}
		for c, p := range row {
			gp := in.Panels[r*cols+c]
			class, edge, width := "gae-steps-panel", th.Grid, 1.0
			if gp.Watched {
				class, edge, width = class+" watched", th.Foreground, 3
			}
			body.WriteString(`<g class="` + class + `" transform="translate(` + coord(float64(c)*(cellW+gridGap)) + ` ` + coord(y) + `)"`)
			for _, a := range gp.Data {
				body.WriteString(` data-` + a.Name + `="` + svg.Escape(a.Value) + `"`)
			}
			body.WriteString(">\n")
			body.Write(p.svg)
			body.WriteString(`<rect class="edge" x="` + coord(width/2) + `" y="` + coord(width/2) + `" width="` + coord(cellW-width) +
				`" height="` + coord(rowH-width) + `" fill="none" stroke="` + edge + `" stroke-width="` + num(width) + `"/>` + "\n")
			body.WriteString("</g>\n")
		}
		y += rowH + gridGap
	}
	W, H := float64(cols)*cellW+float64(cols-1)*gridGap, y-gridGap
	var b bytes.Buffer
	b.Grow(body.Len() + len(defs) + 40*n + 2048)
	if len(defs) > 0 {
		defs = append(append([]byte("<defs>\n"), defs...), "</defs>\n"...)
	}
	page{W, H, "gae-steps-grid", th.Name, id, th.Background, in.Title, in.Desc}.begin(&b, defs, labels...)
	b.Write(body.Bytes())
	b.WriteString("</svg>\n")
	return b.Bytes(), nil
}

// validDataName reports whether s can follow "data-" unescaped.
func validDataName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}
