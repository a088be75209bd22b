package chart

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// BatchRow is one response of the batch chart. Its series have R entries,
// the width of the batch (every response padded to the longest, with mask
// 0): t is the 0-based response-token index.
type BatchRow struct {
	Title    string    // the panel's heading, e.g. "response 0 · group 0 · s = 1"
	Tokens   []string  // token texts, padding included
	Mask     []Kind    // each token's kind; nil means every token is Valid
	Whitened []float64 // GAE advantages whitened over the whole batch; nil when whitening failed (or hidden)
	GRPO     []float64 // GRPO advantages a_i·mask[t]; nil leaves them out (a lesson's question asks for them)
}

// BatchText holds the batch chart's strings, already localised.
type BatchText struct {
	Title, Desc              string // the chart's <title> (required) and the first sentence of its <desc>
	TokenAxis, AdvantageAxis string // axis labels
	Whitened, GRPO           string // legend entries of the two series
	Padding                  string // legend entry of mask-0 columns
	NoWhitened               string // caption when Whitened is nil
}

// BatchInput is one batch for the batch chart.
type BatchInput struct {
	Rows  []BatchRow // 1 … MaxBatchRows responses, all of the same length R
	Base  int        // 0 or 1: labels show t+Base
	Text  BatchText
	Theme Theme  // the zero Theme is Light()
	ID    string // id prefix, unique on the page; empty means "gae-batch"
}

// MaxBatchRows is the most responses the batch chart draws.
const MaxBatchRows = 64

// Batch draws the batch chart: one panel per response, stacked, with token
// t's column at the same x in every panel and one y scale for all, so that
// a response's whitened GAE advantages (which depend on every response of
// the batch) read against its GRPO advantage (one number per response,
// broadcast over its valid tokens) and against the other responses'.
// Mask-0 columns are hatched; the legend sits on the first panel, the token
// axis label under the last. A series left nil in every row (a lesson's
// question asks for it) is left out, legend entry included; at least one
// must remain. Each panel is drawn like the other charts,
// then placed in a group <g class="gae-batch-row"> that keeps its own
// <title> and <desc> (hl rects included, so a token's column lights up in
// every panel); the root has the chart's <title> and <desc> and the class
// "gae-chart gae-batch".
func Batch(in BatchInput) ([]byte, error) {
	n := len(in.Rows)
	switch {
	case n == 0:
		return nil, errors.New("chart: batch: no rows (want 1 … 64)")
	case n > MaxBatchRows:
		return nil, fmt.Errorf("chart: batch: %d rows, want at most %d", n, MaxBatchRows)
	case !anyGRPO(in.Rows) && !anyWhitened(in.Rows):
		return nil, errors.New("chart: batch: neither whitened nor GRPO advantages to draw")
	}
	th, id, err := resolve(in.Theme, in.ID, "gae-batch", "Title", in.Text.Title)
	if err != nil {
		return nil, err
	}
	bt, err := newBatch(&in, th)
	if err != nil {
		return nil, err
	}
	tx := in.Text
	var desc strings.Builder
	desc.WriteString(oneLine(tx.Desc))
	var body bytes.Buffer
	body.Grow(n * (2048 + 200*bt.R))
	W, H := 0.0, 0.0
	for k, row := range in.Rows {
		pin := Input{Tokens: row.Tokens, Base: in.Base, Mask: row.Mask, Theme: bt.panel, ID: id + "-r" + strconv.Itoa(k)}
		if k == n-1 {
			pin.Text.TokenAxis = tx.TokenAxis
		}
		T, err := pin.check(series{name: "Whitened", v: row.Whitened, optional: true}, series{name: "GRPO", v: row.GRPO, optional: true})
		if err != nil {
			return nil, fmt.Errorf("chart: batch: row %d: %s", k, strings.TrimPrefix(err.Error(), "chart: "))
		}
		if strings.TrimSpace(row.Title) == "" {
			return nil, fmt.Errorf("chart: batch: row %d has no title", k)
		}
		sp := bt.panelSpec(k)
		fmt.Fprintf(&desc, " %s: %s", oneLine(row.Title), sp.desc)
		svg, f, err := render(&pin, T, bt.panel, sp)
		if err != nil {
			return nil, err
		}
		body.WriteString(`<g class="gae-batch-row" transform="translate(0 ` + coord(H) + `)">` + "\n")
		body.Write(unwrapRoot(svg))
		body.WriteString("</g>\n")
		W, H = math.Max(W, f.W), H+f.H
	}
	var b bytes.Buffer
	b.Grow(body.Len() + 1024)
	page{W, H, "gae-batch", th.Name, id, th.Background, tx.Title, strings.TrimSpace(desc.String())}.begin(&b, nil)
	b.Write(body.Bytes())
	b.WriteString("</svg>\n")
	return b.Bytes(), nil
}

// batch is what the panels share: the batch's width R, the panels' theme,
// one y range for all, and the mask legend the first panel shows.
type batch struct {
	in     *BatchInput
	R      int
	panel  Theme
	lo, hi float64
	masks  []legendItem
}

// newBatch checks that every row has the batch's width and finds what the
// panels share: a shorter theme, one y range rounded out to the ticks (so
// that each side of 0 with data gets a labelled tick), and the legend
// entries of the mask kinds present anywhere in the batch.
func newBatch(in *BatchInput, th Theme) (*batch, error) {
	bt := &batch{in: in, R: len(in.Rows[0].Tokens), panel: th}
	var whitened, grpo [][]float64
	all := Input{Tokens: make([]string, 0, len(in.Rows)*bt.R), Mask: make([]Kind, 0, len(in.Rows)*bt.R)}
	for k, row := range in.Rows {
		if len(row.Tokens) != bt.R {
			return nil, fmt.Errorf("chart: batch: row %d has %d tokens, row 0 has %d (pad every row to the batch's width)", k, len(row.Tokens), bt.R)
		}
		whitened, grpo = append(whitened, row.Whitened), append(grpo, row.GRPO)
		all.Tokens = append(all.Tokens, row.Tokens...)
		for t := range bt.R {
			all.Mask = append(all.Mask, Valid)
			if row.Mask != nil && t < len(row.Mask) {
				all.Mask[len(all.Mask)-1] = row.Mask[t]
			}
		}
	}
	bt.panel.PlotHeight = math.Max(60, th.PlotHeight*0.45)
	bt.lo, bt.hi = extent(append(whitened, grpo...)...)
	bt.panel.yTicks = 4                                                                                    // a short panel still labels ≥ 4 ticks across its data
	bt.lo, bt.hi = roundOut(bt.lo, bt.hi, ticker{n: bt.panel.yTickCount(), least: bt.panel.yTicksLeast()}) // the ticker render uses
	all.Text.Padding, all.Text.Observation = in.Text.Padding, in.Text.Padding
	bt.masks, _ = all.maskLegend(len(all.Tokens))
	return bt, nil
}

// panelSpec describes row k's panel: its series on the shared scale, the
// legend on the first panel only, the caption when it has no whitened
// advantages.
func (bt *batch) panelSpec(k int) spec {
	row, tx := bt.in.Rows[k], bt.in.Text
	sp := spec{
		class: "gae-batch-row", title: row.Title, desc: panelDesc(row, bt.in.Base, tx),
		yLabel: tx.AdvantageAxis, lo: bt.lo, hi: bt.hi,
	}
	if k == 0 {
		if anyWhitened(bt.in.Rows) {
			sp.legend = append(sp.legend, seriesItem(tx.Whitened, Whitened))
		}
		if anyGRPO(bt.in.Rows) {
			sp.legend = append(sp.legend, seriesItem(tx.GRPO, Advantage))
		}
		sp.legend = append(sp.legend, bt.masks...)
	}
	if row.Whitened == nil {
		sp.caption = tx.NoWhitened
	}
	sp.layers = append(sp.layers, func(f *frame) {
		if row.Whitened != nil {
			onTokens(f, Whitened, row.Whitened, 0)
		}
		if row.GRPO != nil {
			onTokens(f, Advantage, row.GRPO, 0)
		}
	})
	return sp
}

// unwrapRoot returns what a rendered chart holds inside its root <svg>
// element (its <title> and <desc> first), to place it in a group: a nested
// <svg> would take the page's CSS for charts (width: 100%; height: auto).
func unwrapRoot(svg []byte) []byte {
	_, inner, _ := bytes.Cut(svg, []byte(">\n")) // the root tag is the first line
	return bytes.TrimSuffix(inner, []byte("</svg>\n"))
}

// anyGRPO reports whether some row has GRPO advantages to draw.
func anyGRPO(rows []BatchRow) bool {
	for _, r := range rows {
		if r.GRPO != nil {
			return true
		}
	}
	return false
}

// anyWhitened reports whether some row has whitened advantages to draw.
func anyWhitened(rows []BatchRow) bool {
	for _, r := range rows {
		if r.Whitened != nil {
			return true
		}
	}
	return false
}

// panelDesc summarises one response's series for <desc>.
func panelDesc(row BatchRow, base int, tx BatchText) string {
	var d strings.Builder
	if row.Whitened != nil {
		d.WriteString(descSeries(tx.Whitened, "A_%d=%s", row.Whitened, base) + ". ")
	} else {
		d.WriteString(oneLine(tx.NoWhitened) + " ")
	}
	if row.GRPO != nil {
		d.WriteString(descSeries(tx.GRPO, "A_%d=%s", row.GRPO, base) + ".")
	}
	return strings.TrimSpace(d.String())
}
