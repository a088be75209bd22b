// Package chart draws GAE Lab's charts as SVG on the server. gonum/plot lays
// out the per-token charts (scales, ticks, axes, grid) and draws them through
// markCanvas; every text, the hl rects, and the three charts that are not an
// x–y plot (the alignment ribbon, the heat map, the objective chart) are
// written directly through the one SVG writer (writer.go), whose strings go
// through package svg's one escaper.
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
	// First is the index of Tokens[0] in its response when the chart shows
	// a window of a longer one (the batch view's row view), else 0: labels
	// show First+t+Base.
	First int
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
	// KLInset titles the panel under chart 2 that shows −β·KL on its own
	// scale when its bars are too short to read beside the scores, e.g.
	// "−β·KL on its own scale"; "" draws no such panel. KLInsetDesc says
	// what the panel shows, in the chart's <desc> and the panel's.
	KLInset, KLInsetDesc string

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
