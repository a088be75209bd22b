package chart

import (
	"bytes"
	"fmt"
	"math"
	"strings"
)

// RibbonInput is what the alignment ribbon shows: one sequence
// [prompt … | response …], the critic's output at every position, and which
// of those outputs become V(s_0) … V(s_{T−1}).
type RibbonInput struct {
	Prompt   []string // prompt tokens (at least one); the last few are shown
	Response []string // response tokens, T of them; long responses show the first and last few
	Base     int      // 0 or 1: positions and t are labelled j+Base and t+Base
	// Text: RibbonTitle (required), RibbonDesc, Prompt, Response, RowToken,
	// RowPosition, RowIndex, RowCritic, RowValue, Unused and Bootstrap.
	Text  Text
	Theme Theme  // zero = Light()
	ID    string // id prefix of <title>/<desc>; empty means "gae-ribbon"
}

const (
	ribbonPrompt = 3 // prompt tokens shown (the last ones)
	ribbonHead   = 4 // response tokens shown before the gap, when there is one
	ribbonTail   = 2 // response tokens shown after it
)

// ribbonCol is one column of the ribbon: a token, or a gap standing for the
// tokens left out ("…").
type ribbonCol struct {
	gap      bool
	response bool
	tok      string
	j        int // 0-based sequence position (prompt then response)
	t        int // response index (response columns only)
	x, w     float64
}

// Ribbon draws the alignment ribbon as hand-written SVG. The critic's output
// at sequence position j is the value of the state after reading tokens 0 … j,
// so the output at the token before response token t is V(s_t): verl slices
// values[:, -response_length-1:-1] (the last prompt token … the second-to-last
// response token) onto V(s_0) … V(s_{T−1}). The last response token's output
// is not used (no state follows it); GAE bootstraps V(s_T) = 0 instead. Each
// V(s_t) is drawn on the boundary before response token t, as in Values, with
// an arrow from the output it comes from. Critic outputs are labelled with
// their negative code index ([-1] is the last position), which makes the
// slice's bounds visible.
//
// It is drawn top to bottom, one step each (ribbon_rows.go): the title, the
// brackets over the prompt and the response, the tokens with their
// positions and indexes, the slice, the critic outputs, the arrows to the
// values V(s_t) and the bootstrapped V(s_T).
func Ribbon(in RibbonInput) ([]byte, error) {
	rb, err := newRibbon(&in)
	if err != nil {
		return nil, err
	}
	y := rb.w.title(rb.th, in.Text.RibbonTitle, pad, rb.W-2*pad)
	y = rb.brackets(y)
	y = rb.tokens(y)
	y = rb.slice(y)
	rb.critic(y)
	rb.values()
	return rb.document(), nil
}

// ribbon is the alignment ribbon being drawn (SVG px, y down).
type ribbon struct {
	in        *RibbonInput
	th        Theme
	id        string
	fs        float64 // font size
	P, T      int     // prompt and response lengths
	cols      []ribbonCol
	firstResp int       // index in cols of the first response column
	heads     [5]string // the row headers, cut to fit
	cw, W, H  float64   // column width, chart width and height
	w         *writer   // the body, in a group of font-size fs, fill Foreground, text-anchor middle

	cellTop, cellH float64 // the token cells
	boxTop, boxH   float64 // the critic outputs
	vTop, vY       float64 // the arrows' ends and the V row's baseline
}

// newRibbon checks the input and lays out the columns: the last few prompt
// tokens (after a gap when there are more), the response (its first and
// last few around a gap when it is long), after the row headers.
func newRibbon(in *RibbonInput) (*ribbon, error) {
	P, T := len(in.Prompt), len(in.Response)
	switch {
	case P == 0:
		return nil, fmt.Errorf("chart: Prompt is empty, want at least 1 token")
	case T == 0:
		return nil, fmt.Errorf("chart: Response is empty, want 1 … %d tokens", MaxTokens)
	case T > MaxTokens:
		return nil, fmt.Errorf("chart: %d response tokens, want at most %d", T, MaxTokens)
	case in.Base != 0 && in.Base != 1:
		return nil, fmt.Errorf("chart: Base = %d, want 0 or 1", in.Base)
	}
	th, id, err := resolve(in.Theme, in.ID, "gae-ribbon", "RibbonTitle", in.Text.RibbonTitle)
	if err != nil {
		return nil, err
	}
	fs := th.FontSize
	rb := &ribbon{in: in, th: th, id: id, fs: fs, P: P, T: T, w: newWriter(fs, th.Foreground, "middle")}
	rb.w.b.Grow(8 << 10) // the ribbon's size does not grow with T
	rb.cw = math.Max(th.TokenWidth*1.3, fs*5.4)
	if P > ribbonPrompt {
		rb.cols = append(rb.cols, ribbonCol{gap: true, j: -1})
	}
	for j := max(0, P-ribbonPrompt); j < P; j++ {
		rb.cols = append(rb.cols, ribbonCol{tok: in.Prompt[j], j: j})
	}
	rb.firstResp = len(rb.cols)
	for t := range T {
		if T > ribbonHead+ribbonTail+1 && t == ribbonHead {
			rb.cols = append(rb.cols, ribbonCol{gap: true, response: true, j: -1})
		}
		if T > ribbonHead+ribbonTail+1 && t >= ribbonHead && t < T-ribbonTail {
			continue
		}
		rb.cols = append(rb.cols, ribbonCol{response: true, tok: in.Response[t], j: P + t, t: t})
	}

	tx := in.Text
	headW := 0.0
	for i, h := range []string{tx.RowToken, tx.RowPosition, tx.RowIndex, tx.RowCritic, tx.RowValue} {
		rb.heads[i] = fit(oneLine(h), fs, 170)
		headW = math.Max(headW, textWidth(rb.heads[i], fs))
	}
	x := pad + headW + 12
	for i := range rb.cols {
		rb.cols[i].w = rb.cw
		rb.cols[i].x = x
		x += rb.cw
	}
	right := x + 10 + math.Max(textWidth(rb.unused(), fs), math.Max(textWidth(rb.termLabel(), fs), textWidth(rb.boot(), fs)))
	rb.W = math.Ceil(math.Max(minW, right+pad))
	return rb, nil
}

func (rb *ribbon) boot() string      { return oneLine(rb.in.Text.Bootstrap) }
func (rb *ribbon) unused() string    { return oneLine(rb.in.Text.Unused) }
func (rb *ribbon) termLabel() string { return fmt.Sprintf("V(s_%d) = 0", rb.T+rb.in.Base) }

// head writes row header i at baseline y.
func (rb *ribbon) head(i int, y float64) {
	rb.w.text(pad, y, rb.heads[i], rb.fs, "", rb.th.Muted, "")
}

// document assembles the SVG: the body, then the hl rects over the
// response token columns, tokens row through V row.
func (rb *ribbon) document() []byte {
	th, tx := rb.th, rb.in.Text
	var shown []ribbonCol
	for _, c := range rb.cols {
		if c.response && !c.gap {
			shown = append(shown, c)
		}
	}
	hl := hlCols(th, len(shown), rb.cellTop-2, rb.vY+rb.fs*0.4, func(i int) (int, float64, float64) {
		return shown[i].t, shown[i].x, shown[i].x + shown[i].w
	})
	var d strings.Builder
	d.WriteString(oneLine(tx.RibbonDesc))
	fmt.Fprintf(&d, " values[:, -%d:-1] → V(s_%d) … V(s_%d); values[:, -1]: %s; V(s_%d): %s.",
		rb.T+1, rb.in.Base, rb.T-1+rb.in.Base, rb.unused(), rb.T+rb.in.Base, rb.boot())

	var out bytes.Buffer
	out.Grow(rb.w.b.Len() + len(hl) + 2*(len(tx.RibbonTitle)+d.Len()) + 1024) // once: the parts and the tags around them
	page{rb.W, rb.H, "gae-ribbon", th.Name, rb.id, th.Background, tx.RibbonTitle, strings.TrimSpace(d.String())}.begin(&out, nil)
	out.WriteString(`<g font-size="` + num(rb.fs) + `" fill="` + th.Foreground + `" text-anchor="middle">` + "\n")
	out.Write(rb.w.b.Bytes())
	out.WriteString("</g>\n")
	out.Write(hl)
	out.WriteString("</svg>\n")
	return out.Bytes()
}
