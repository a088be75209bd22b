package chart

import (
	"fmt"
	"strings"
)

// Marker shapes. Each quantity has its own, so the charts read in greyscale.
const (
	MarkerCircle       = "circle"
	MarkerSquare       = "square"
	MarkerTriangle     = "triangle"      // pointing up
	MarkerTriangleDown = "triangle-down" // pointing down
	MarkerDiamond      = "diamond"
	MarkerBar          = "bar" // a solid bar, no point marker
	MarkerHatchedBar   = "hatched-bar"
)

// Style is how one Quantity looks in every chart (and should look in the
// page's table): an Okabe–Ito colour plus a dash pattern and a marker shape,
// so that the charts also read without colour.
type Style struct {
	Color  string    // "#0072B2"
	Dash   []float64 // dash pattern in multiples of the stroke width; nil = solid
	Marker string    // one of the Marker* constants
}

// DashArray returns s's dash pattern for a stroke of width px, in the form of
// SVG's and CSS's stroke-dasharray ("6 4"), or "none" for a solid line.
func (s Style) DashArray(width float64) string {
	if len(s.Dash) == 0 {
		return "none"
	}
	parts := make([]string, len(s.Dash))
	for i, d := range s.Dash {
		parts[i] = num(d * width)
	}
	return strings.Join(parts, " ")
}

// Styles is the palette: one colour (Okabe–Ito), dash and marker per
// quantity, the same in every chart and theme. Treat it as read-only.
var Styles = map[Quantity]Style{
	Value:     {Color: "#0072B2", Marker: MarkerCircle},                                        // blue, solid
	Return:    {Color: "#E69F00", Dash: []float64{3, 2}, Marker: MarkerSquare},                 // orange, dashed
	Advantage: {Color: "#009E73", Dash: []float64{1, 1.5}, Marker: MarkerTriangle},             // bluish green, dotted
	Whitened:  {Color: "#CC79A7", Dash: []float64{4, 1.5, 1, 1.5}, Marker: MarkerTriangleDown}, // reddish purple, dash-dot
	Reward:    {Color: "#D55E00", Marker: MarkerDiamond},                                       // vermillion
	Score:     {Color: "#56B4E9", Marker: MarkerBar},                                           // sky blue
	KL:        {Color: "#000000", Marker: MarkerHatchedBar},                                    // black, hatched
}

// FontFamily is the font-family every SVG text uses: gonum measures text with
// Liberation Sans (metric-compatible with Arial); the CJK and emoji fonts
// after it are for the browser's per-glyph fallback.
const FontFamily = "'Liberation Sans', Arial, Helvetica, 'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', 'Noto Color Emoji', sans-serif"

// Theme holds colours ("#RRGGBB") and sizes (px). Sizes scale everything, so a
// projector theme (strokes ≥ 3 px, labels ≥ 20 px) is a new Theme value only.
type Theme struct {
	// Name is added to the root <svg>'s class as "theme-"+Name.
	Name string

	Background, Foreground, Muted, Grid, Boundary string
	PaddingFill, PaddingHatch                     string
	ObservationFill, ObservationHatch             string
	// Highlight fills the hl rects; they carry fill-opacity="0" and the
	// page's CSS raises it to show one.
	Highlight string
	// KL overrides the KL bars' palette colour (black), for dark backgrounds;
	// "" keeps the palette's.
	KL string
	// Value, Return and Score override the palette's colours of V(s_t),
	// of the returns and of the scores ("" keeps them), so that every
	// series keeps ≥ 3:1 against Background: on white Okabe–Ito's orange
	// (2.25:1) and sky blue (2.31:1) take darker shades of the same hues;
	// on a dark background its blue is under 4.5:1, so values take its sky
	// blue and scores its yellow.
	Value, Return, Score string

	StrokeWidth  float64 // data lines, ≥ 2
	MarkerRadius float64
	FontSize     float64 // tick labels, legend, axis labels, captions
	TitleSize    float64
	// TokenWidth is a token column's width while the data area stays within
	// MaxPlotWidth; past that columns narrow and tick labels thin out so that
	// each labelled tick still has TokenWidth.
	TokenWidth   float64
	MaxPlotWidth float64
	PlotHeight   float64 // height of the data area
	// Untitled draws no title above a chart's legend, for a page that
	// shows it elsewhere or has no room (the <title> stays for screen
	// readers).
	Untitled bool
	// yTicks, when > 0, is the least number of labelled y ticks (a short
	// panel asks for 4, so that its scale still reads).
	yTicks int
}

// yTickCount is how many y ticks the ticker aims at: one per 50 px of the
// data area, at least 3.
func (th Theme) yTickCount() int { return max(3, int(th.PlotHeight/50)) }

// yTicksLeast is the least number of labelled y ticks (0: no minimum).
func (th Theme) yTicksLeast() int { return th.yTicks }

// Light returns the default theme.
func Light() Theme {
	return Theme{
		Name:             "light",
		Background:       "#FFFFFF",
		Foreground:       "#222222",
		Muted:            "#666666",
		Grid:             "#E3E3E3",
		Boundary:         "#C8C8C8",
		PaddingFill:      "#EDEDED",
		PaddingHatch:     "#A8A8A8",
		ObservationFill:  "#FBF3D0",
		ObservationHatch: "#B8A24A",
		Highlight:        "#0072B2",
		Return:           "#BA8000", // Okabe–Ito's orange, darker: 3.4:1 on white
		Score:            "#3593CE", // its sky blue, darker: 3.4:1 on white
		StrokeWidth:      2,
		MarkerRadius:     4.5,
		FontSize:         12,
		TitleSize:        15,
		TokenWidth:       48,
		MaxPlotWidth:     1200,
		PlotHeight:       220,
	}
}

// Dark returns the high-contrast dark theme: light text and marks on a
// near-black background; the KL bars, black in the palette, become light,
// and every series stays Okabe–Ito (colour-blind safe) at ≥ 4.5:1 against
// the background (V(s_t) sky blue 8.4:1, scores yellow 13.6:1, the others
// 4.8–9.0:1), with lines of 3 px.
func Dark() Theme {
	th := Light()
	th.Name = "dark"
	th.Background, th.Foreground, th.Muted = "#111418", "#F2F2F2", "#D0D0D0"
	th.Grid, th.Boundary = "#3A3F47", "#6B717A"
	th.PaddingFill, th.PaddingHatch = "#23272E", "#8A9099"
	th.ObservationFill, th.ObservationHatch = "#3A3420", "#D9C468"
	th.Highlight, th.KL = "#56B4E9", "#F2F2F2"
	th.Value, th.Return, th.Score = "#56B4E9", "", "#F0E442"
	th.StrokeWidth = 3
	return th
}

// Projector scales a theme for a projected room, where the chart shares one
// screen with the token table and the page's 24 px type (32 px at 1920): a
// short, wide data area, strokes of 6.5 px and labels of 34 px, so that the
// chart scaled into what the table leaves of a 1280×720 screen still draws
// labels ≥ 16 px (about 21–26 px up to 8 tokens) and lines ≥ 3 px.
func (th Theme) Projector() Theme {
	th.StrokeWidth, th.MarkerRadius = 6.5, 9
	th.FontSize, th.TitleSize = 34, 34
	th.TokenWidth, th.MaxPlotWidth, th.PlotHeight = 64, 600, 100
	th.Muted = th.Foreground // no grey text on a projector
	return th
}

// Panel scales a theme for one of several small charts shown side by side
// (the λ sweep's small multiples): half the data height, columns half as
// wide, a data area at most 40% of MaxPlotWidth (long responses narrow their
// columns and label fewer tokens) and at least 4 labelled y ticks. The
// fonts keep their size: a page shows the panel at its own width, so its
// labels render at FontSize (12 px in Light).
func (th Theme) Panel() Theme {
	th.TokenWidth, th.PlotHeight = max(8, th.TokenWidth/2), max(40, th.PlotHeight/2)
	th.MaxPlotWidth = max(100, th.MaxPlotWidth*0.4)
	th.yTicks = 4
	return th
}

// style is q's palette entry in this theme (only the colour changes).
func (th Theme) style(q Quantity) Style {
	st := Styles[q]
	switch {
	case q == KL && th.KL != "":
		st.Color = th.KL
	case q == Value && th.Value != "":
		st.Color = th.Value
	case q == Return && th.Return != "":
		st.Color = th.Return
	case q == Score && th.Score != "":
		st.Color = th.Score
	}
	return st
}

// resolve returns th, or Light() for the zero Theme, after checking it.
func (th Theme) resolve() (Theme, error) {
	if th.Name == "" && th.StrokeWidth == 0 && th.FontSize == 0 {
		th = Light()
	}
	for _, c := range []struct{ name, v string }{
		{"Background", th.Background}, {"Foreground", th.Foreground}, {"Muted", th.Muted},
		{"Grid", th.Grid}, {"Boundary", th.Boundary}, {"PaddingFill", th.PaddingFill},
		{"PaddingHatch", th.PaddingHatch}, {"ObservationFill", th.ObservationFill},
		{"ObservationHatch", th.ObservationHatch}, {"Highlight", th.Highlight},
	} {
		if _, err := parseHex(c.v); err != nil {
			return th, fmt.Errorf("chart: Theme.%s: %w", c.name, err)
		}
	}
	for _, c := range []struct{ name, v string }{{"KL", th.KL}, {"Value", th.Value}, {"Return", th.Return}, {"Score", th.Score}} {
		if _, err := parseHex(c.v); c.v != "" && err != nil {
			return th, fmt.Errorf("chart: Theme.%s: %w", c.name, err)
		}
	}
	for _, s := range []struct {
		name   string
		v, min float64
	}{
		{"StrokeWidth", th.StrokeWidth, 0.5}, {"MarkerRadius", th.MarkerRadius, 1},
		{"FontSize", th.FontSize, 6}, {"TitleSize", th.TitleSize, 6},
		{"TokenWidth", th.TokenWidth, 8}, {"MaxPlotWidth", th.MaxPlotWidth, 100},
		{"PlotHeight", th.PlotHeight, 40},
	} {
		if !(s.v >= s.min && s.v <= 1e5) {
			return th, fmt.Errorf("chart: Theme.%s = %v, want %v … 100000", s.name, s.v, s.min)
		}
	}
	if th.Name == "" || !validID(th.Name) {
		return th, fmt.Errorf("chart: Theme.Name %q: want letters, digits, '-' or '_'", th.Name)
	}
	return th, nil
}
