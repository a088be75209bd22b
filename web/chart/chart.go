// Package chart draws GAE Lab's per-token charts as SVG on the server with
// gonum/plot, plus the alignment ribbon as hand-written SVG.
//
// Index convention, the same as in package engine and on every page: t is the
// 0-based response-token index. Values[t] = V(s_t) is the value of the state
// BEFORE token t, so it is drawn on the boundary between token t−1 and token t
// (x = t − 0.5 when token t is centred at x = t). Rewards, scores, KL terms,
// advantages and returns at t belong to token t itself and are drawn on the
// token (x = t). After the last token T−1 comes the terminal state s_T, whose
// value GAE bootstraps as 0; Values draws it as a hollow point at x = T − 0.5.
// Labels show t+Base (Input.Base: 0 for code numbering, 1 for textbooks).
//
// For the page:
//
//   - Output is deterministic (same input, same bytes) and well-formed XML
//     without a prolog, meant to be inlined into the HTML (so that the page's
//     CSS reaches it). It has no <style>, <script> or style="" attributes, only
//     presentation attributes, so a strict Content-Security-Policy allows it
//     and the page's CSS overrides it. Every string is escaped.
//   - The root <svg> has class "gae-chart gae-values" (gae-rewards,
//     gae-advantages; the ribbon "gae-chart gae-ribbon") plus "theme-"+Name,
//     width and height in px and viewBox "0 0 width height"; scale it with CSS
//     (width: 100%; height: auto) or let it scroll horizontally. It has
//     role="img" and aria-labelledby naming its <title> and <desc>, its first
//     children, with ids ID+"-title" and ID+"-desc" (Input.ID, unique per page).
//     The three charts' other ids (markers and hatch patterns in <defs>,
//     referenced as url(#…)) start with ID+"-" as well.
//   - Highlighting: for every token t, the last group <g class="hl-cols">
//     holds <rect class="hl" data-t="t"> covering token t's column over the
//     data area (the ribbon: over the shown response tokens, tokens row to
//     V row); the rects tile, each edge shared with the next rect. The group
//     sets fill (Theme.Highlight) and fill-opacity="0", which the rects
//     inherit; show one with CSS such as
//     .gae-chart .hl[data-t="3"] { fill-opacity: .18 }. The rects are painted
//     (fill is set), so they also receive pointer events.
//   - Groups, bottom to top: <defs>, the background, a group that flips y
//     holding "mask", "frame" (axes, grid) and "marks", then "labels" (all
//     text, with "ticks" and, in Values, "states"), "hl-cols". Attributes
//     shared by a group's children are set on the group.
//   - Size: coordinates have one decimal (0.1 px), path data is relative,
//     markers are SVG <marker>s on the vertices of one path per series, and
//     <desc> summarises series longer than 8, so a 64-token chart is about
//     14 KB and the ribbon, whose size does not grow with T, about 7 KB.
//   - Width: Theme.TokenWidth (48 px) per token, at least 480 px in all; once
//     the columns would exceed Theme.MaxPlotWidth (1200 px, i.e. past 25
//     tokens) they narrow instead and only every 2nd, 5th, 10th, … token
//     (by t+Base) gets a tick label, so each label keeps TokenWidth of room;
//     tokens too long for their room end in "…".
package chart

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// Kind is the per-token mask kind: verl's response_mask is 1 on Valid tokens
// and 0 on the other two.
type Kind int

const (
	Valid       Kind = iota // response_mask = 1
	Padding                 // response_mask = 0: padding after EOS
	Observation             // response_mask = 0: multi-turn tool output
)

// MaxTokens is the largest T the charts accept; larger inputs are an error.
const MaxTokens = 2048

// maxAbs bounds the plotted numbers, so that their range stays finite.
const maxAbs = 1e12

// Input is one scenario's per-token series, all of length T (t = 0 … T−1).
// Each chart reads only the series it draws and checks their lengths.
type Input struct {
	// Tokens holds each response token's text (any Unicode; it is escaped).
	Tokens []string
	// Base is 0 or 1: labels show index t+Base (0-based code numbering or
	// 1-based textbook numbering). It applies to tick labels and <desc>.
	Base int
	// Mask holds each token's kind; nil means every token is Valid.
	Mask []Kind
	// Values[t] = V(s_t), the value of the state before token t.
	Values []float64
	// Returns[t] = R_t, the return of token t.
	Returns []float64
	// Advantages[t] = A_t, the raw GAE advantage of token t.
	Advantages []float64
	// Whitened holds the whitened A_t; nil when whitening is impossible
	// (fewer than 2 valid tokens): the chart then shows Text.NoWhitened.
	Whitened []float64
	// Scores holds token_level_scores.
	Scores []float64
	// KLTerm holds −β·kld_t, the KL part of the reward (usually ≤ 0).
	KLTerm []float64
	// Rewards holds token_level_rewards r_t = score − β·kld (when rewards are
	// typed directly, Scores = Rewards and KLTerm = 0).
	Rewards []float64
	// Text holds every visible or accessible string, already localised.
	Text Text
	// Step, when On, draws one frame of GAE's backward loop (Values and
	// Advantages): see StepFrame.
	Step StepFrame
	// Theme sets colours, stroke widths and sizes; the zero Theme is Light().
	Theme Theme
	// Drag asks Values and Rewards for draggable handles (see Handles); the
	// zero value draws none.
	Drag Handles
	// ID prefixes the ids of <title> and <desc> (ID+"-title", ID+"-desc")
	// and of the markers and patterns (ID+"-…"), which must be unique on a
	// page; empty means "gae-values", "gae-rewards" or "gae-advantages".
	// Letters, digits, '-' and '_' only.
	ID string
}

// StepFrame is one frame of GAE's backward loop, which has reached the
// tokens t ≥ From: R_t and A_t are drawn only there (the advantages fill
// from right to left as the steps go back), whitened advantages only when
// Done, and the boundaries the step reads are ringed: Reads holds boundary
// indexes (t for V(s_t), len(Tokens) for the terminal value 0). Write is
// the token the step writes (its A_t is emphasised), −1 for none. Desc, if
// not empty, replaces the per-number description: the table beside the
// chart holds the numbers, and the frame's description says which step it
// shows.
type StepFrame struct {
	On    bool
	From  int
	Reads []int
	Write int
	Done  bool
	Desc  string
}

// Text holds every user-facing string of the charts, already localised by the
// caller from its message catalog. The chart code contains no prose of its
// own: only numbers, math notation (V(s_0), R_0, A_0, r_0) and verl's names.
type Text struct {
	// Titles: the visible heading of each chart and its <title>. Required.
	ValuesTitle, RewardsTitle, AdvantagesTitle, RibbonTitle string
	// First sentence of each chart's <desc>; the data summary follows it,
	// e.g. "V(s_0)=0.30, V(s_1)=0.40, …".
	ValuesDesc, RewardsDesc, AdvantagesDesc, RibbonDesc string

	// TokenAxis labels the x axis of the three charts, e.g. "token t".
	TokenAxis string
	// Y-axis labels of charts 1, 2 and 3.
	ValueAxis, RewardAxis, AdvantageAxis string

	// Legend entries, one per Quantity, e.g. "V(s_t)", "R_t", "A_t",
	// "whitened A_t", "r_t", "score", "−β·KL".
	Value, Return, Advantage, Whitened, Reward, Score, KL string
	// Bootstrap labels the terminal point, e.g. "V = 0 (bootstrap)".
	Bootstrap string
	// Legend entries of the two mask-0 kinds.
	Padding, Observation string
	// NoWhitened is the caption chart 3 shows when Whitened is nil, saying why.
	NoWhitened string

	// Ribbon: bracket labels over the two parts of the sequence.
	Prompt, Response string
	// Ribbon row headers: token text, sequence position, response index t,
	// critic output at the position, and V(s_t).
	RowToken, RowPosition, RowIndex, RowCritic, RowValue string
	// Unused marks the last response token's critic output, which GAE does
	// not use (no state follows it).
	Unused string
}

// Name returns the legend entry of quantity q.
func (tx Text) Name(q Quantity) string {
	switch q {
	case Value:
		return tx.Value
	case Return:
		return tx.Return
	case Advantage:
		return tx.Advantage
	case Whitened:
		return tx.Whitened
	case Reward:
		return tx.Reward
	case Score:
		return tx.Score
	case KL:
		return tx.KL
	}
	return ""
}

// Quantity names one plotted series. Its string is also a good CSS class
// suffix for the page's table ("q-value", …).
type Quantity string

const (
	Value     Quantity = "value"     // V(s_t), on boundaries
	Return    Quantity = "return"    // R_t
	Advantage Quantity = "advantage" // raw A_t
	Whitened  Quantity = "whitened"  // whitened A_t
	Reward    Quantity = "reward"    // r_t (token_level_rewards)
	Score     Quantity = "score"     // token_level_scores
	KL        Quantity = "kl"        // −β·kld_t
)

// Quantities lists every Quantity in a fixed order.
var Quantities = []Quantity{Value, Return, Advantage, Whitened, Reward, Score, KL}

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
}

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
// near-black background; the KL bars, black in the palette, become light.
func Dark() Theme {
	th := Light()
	th.Name = "dark"
	th.Background, th.Foreground, th.Muted = "#111418", "#F2F2F2", "#D0D0D0"
	th.Grid, th.Boundary = "#3A3F47", "#6B717A"
	th.PaddingFill, th.PaddingHatch = "#23272E", "#8A9099"
	th.ObservationFill, th.ObservationHatch = "#3A3420", "#D9C468"
	th.Highlight, th.KL = "#56B4E9", "#F2F2F2"
	return th
}

// Projector scales a theme for a projected room: strokes of 3.5 px, labels
// of 20 px and wider token columns.
func (th Theme) Projector() Theme {
	th.StrokeWidth, th.MarkerRadius = 3.5, 7
	th.FontSize, th.TitleSize = 20, 24
	th.TokenWidth, th.MaxPlotWidth, th.PlotHeight = 60, 1000, 300
	th.Muted = th.Foreground // no grey text on a projector
	return th
}

// style is q's palette entry in this theme (only the KL colour changes).
func (th Theme) style(q Quantity) Style {
	st := Styles[q]
	if q == KL && th.KL != "" {
		st.Color = th.KL
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
	if _, err := parseHex(th.KL); th.KL != "" && err != nil {
		return th, fmt.Errorf("chart: Theme.KL: %w", err)
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

var errNoTokens = errors.New("chart: no tokens (want 1 … 2048)")

// check validates the fields shared by the three charts and the series
// named in need, and returns T.
func (in *Input) check(need ...series) (int, error) {
	T := len(in.Tokens)
	if T == 0 {
		return 0, errNoTokens
	}
	if T > MaxTokens {
		return 0, fmt.Errorf("chart: %d tokens, want at most %d", T, MaxTokens)
	}
	if in.Base != 0 && in.Base != 1 {
		return 0, fmt.Errorf("chart: Base = %d, want 0 or 1", in.Base)
	}
	if in.Mask != nil && len(in.Mask) != T {
		return 0, fmt.Errorf("chart: len(Mask) = %d, want len(Tokens) = %d", len(in.Mask), T)
	}
	for t, k := range in.Mask {
		if k < Valid || k > Observation {
			return 0, fmt.Errorf("chart: Mask[%d] = %d, want Valid, Padding or Observation", t, k)
		}
	}
	if !validID(in.ID) {
		return 0, fmt.Errorf("chart: ID %q: want letters, digits, '-' or '_'", in.ID)
	}
	for _, s := range need {
		if s.v == nil && s.optional {
			continue
		}
		if len(s.v) != T {
			return 0, fmt.Errorf("chart: len(%s) = %d, want len(Tokens) = %d", s.name, len(s.v), T)
		}
		for t, v := range s.v {
			if !(math.Abs(v) <= maxAbs) {
				return 0, fmt.Errorf("chart: %s[%d] = %v, want a finite number within ±%g", s.name, t, v, maxAbs)
			}
		}
	}
	return T, nil
}

type series struct {
	name     string
	v        []float64
	optional bool
}

// kind returns token t's mask kind.
func (in *Input) kind(t int) Kind {
	if in.Mask == nil {
		return Valid
	}
	return in.Mask[t]
}

func validID(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return len(s) <= 64
}

func requireTitle(field, s string) error {
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("chart: Text.%s is empty, want the chart's title", field)
	}
	return nil
}
