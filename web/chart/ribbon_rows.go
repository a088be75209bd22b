package chart

import (
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/plot/vg"
)

// The rows of the ribbon, top to bottom; each takes the y where it starts
// and returns the y under it.

// brackets writes the brackets over the prompt and the response.
func (rb *ribbon) brackets(y float64) float64 {
	th, fs, tx := rb.th, rb.fs, rb.in.Text
	first, last := rb.cols[0], rb.cols[len(rb.cols)-1]
	lastPrompt, firstResp := rb.cols[rb.firstResp-1], rb.cols[rb.firstResp]
	y += fs * 1.6
	bracket := func(x0, x1, y float64, label string) {
		rb.w.text((x0+x1)/2, y-5, label, fs, "middle", th.Foreground, "")
		rb.w.polyline([]float64{x0 + 2, y + 4, x0 + 2, y, x1 - 2, y, x1 - 2, y + 4}, strokeAttrs(rgb(th.Foreground), 1, nil, 0))
	}
	y += fs * 0.4
	bracket(first.x, lastPrompt.x+lastPrompt.w, y, fit(oneLine(tx.Prompt), fs, lastPrompt.x+lastPrompt.w-first.x))
	bracket(firstResp.x, last.x+last.w, y, fit(oneLine(tx.Response), fs, last.x+last.w-firstResp.x))
	return y
}

// tokens writes the token cells, the prompt | response boundary, the
// positions j+Base under every token and t+Base under the response.
func (rb *ribbon) tokens(y float64) float64 {
	th, fs, w := rb.th, rb.fs, rb.w
	y += 8
	rb.cellTop, rb.cellH = y, fs*2.1
	for _, c := range rb.cols {
		fill, stroke := th.PaddingFill, th.Boundary
		if c.response {
			fill, stroke = th.Background, th.Foreground
		}
		lab := ellipsis
		if !c.gap {
			w.rect(c.x+1, rb.cellTop, c.w-2, rb.cellH, ` fill="`+fill+`" stroke="`+stroke+`"`)
			lab = fit(tokenLabel(c.tok), fs, c.w-8)
		}
		w.text(c.x+c.w/2, rb.cellTop+rb.cellH/2+fs*0.35, lab, fs, "middle", th.Foreground, "")
	}
	bx := rb.cols[rb.firstResp].x
	w.polyline([]float64{bx, rb.cellTop - 6, bx, rb.cellTop + rb.cellH + 6}, strokeAttrs(rgb(th.Foreground), 2, nil, 0))
	rb.head(0, rb.cellTop+rb.cellH/2+fs*0.35)

	y = rb.cellTop + rb.cellH + fs*1.3
	rb.head(1, y)
	w.group(` fill="`+th.Muted+`"`, 0, th.Muted, "")
	for _, c := range rb.cols {
		if !c.gap {
			w.text(c.x+c.w/2, y, strconv.Itoa(c.j+rb.in.Base), fs, "middle", th.Muted, "")
		}
	}
	w.end()
	y += fs * 1.3
	rb.head(2, y)
	for _, c := range rb.cols {
		if c.response && !c.gap {
			w.text(c.x+c.w/2, y, "t="+strconv.Itoa(c.t+rb.in.Base), fs, "middle", th.Foreground, "")
		}
	}
	return y
}

// slice writes verl's slice, bracketed over the critic outputs it takes.
func (rb *ribbon) slice(y float64) float64 {
	fs := rb.fs
	slice := fmt.Sprintf("values[:, -response_length-1:-1] = values[:, -%d:-1]", rb.T+1)
	y += fs * 1.9
	sx0, sx1 := rb.cols[rb.firstResp-1].x, rb.cols[len(rb.cols)-1].x
	col := Styles[Value].Color
	rb.w.text((sx0+sx1)/2, y-5, slice, fs*0.95, "middle", col, ` font-family="'Liberation Mono', 'DejaVu Sans Mono', monospace"`)
	rb.w.polyline([]float64{sx0 + 3, y + 5, sx0 + 3, y, sx1 - 3, y, sx1 - 3, y + 5}, strokeAttrs(rgb(col), 1.5, nil, 0))
	return y
}

// critic writes the critic outputs, labelled with their negative code
// index: sliced away (before the last prompt token), used, or the last
// one, not used.
func (rb *ribbon) critic(y float64) {
	th, fs, w := rb.th, rb.fs, rb.w
	N := rb.P + rb.T
	y += 9
	rb.boxTop, rb.boxH = y, fs*1.8
	boxW := math.Min(rb.cw*0.7, fs*4)
	mid := rb.boxTop + rb.boxH/2 + fs*0.35 // baseline of the labels
	rb.head(3, mid)
	for i, c := range rb.cols {
		cx := c.x + c.w/2
		if c.gap {
			if c.response {
				w.text(cx, mid, ellipsis, fs, "middle", th.Foreground, "")
			}
			continue
		}
		neg := "[" + strconv.Itoa(c.j-N) + "]"
		bx0 := cx - boxW/2
		switch {
		case c.j < rb.P-1: // sliced away
			w.rect(bx0, rb.boxTop, boxW, rb.boxH, ` rx="3" fill="none" stroke="`+th.Boundary+`"`)
			w.text(cx, mid, neg, fs, "middle", th.Muted, "")
		case i == len(rb.cols)-1: // the last response token: not used
			w.rect(bx0, rb.boxTop, boxW, rb.boxH, ` rx="3" fill="none" stroke="`+th.Muted+`" stroke-width="1.5" stroke-dasharray="3 2"`)
			w.text(cx, mid, neg, fs, "middle", th.Muted, "")
			w.polyline([]float64{bx0 + 3, rb.boxTop + rb.boxH - 3, bx0 + boxW - 3, rb.boxTop + 3}, strokeAttrs(rgb(th.Muted), 1.5, nil, 0))
			w.text(c.x+c.w+6, mid, rb.unused(), fs, "", th.Muted, ` font-style="italic"`)
		default:
			w.rect(bx0, rb.boxTop, boxW, rb.boxH, ` rx="3" fill="`+Styles[Value].Color+`"`)
			w.text(cx, mid, neg, fs, "middle", th.Background, "")
		}
	}
}

// values writes the arrows from each used output to the boundary after
// its token, where V(s_t) sits (the boundary before response token t), with
// dotted guides down the boundaries, the V(s_t) labels, and the terminal
// state after the last token: bootstrapped, not a critic output. Guides,
// shafts and heads are one path each.
func (rb *ribbon) values() {
	th, fs, w := rb.th, rb.fs, rb.w
	y := rb.boxTop + rb.boxH
	rb.vTop = y + fs*2.2
	rb.vY = rb.vTop + fs*1.0
	rb.head(4, rb.vY)
	vcol := Styles[Value].Color
	last := rb.cols[len(rb.cols)-1]
	tx1 := last.x + last.w
	var guides, shafts, tips []byte
	var pg, ps, ph pen
	guides = pg.line(pg.move(guides, tx1, rb.boxTop), tx1, rb.vY-fs*0.35-th.MarkerRadius-2)
	var labels []string
	var labelX []float64
	for i, c := range rb.cols {
		if i < rb.firstResp-1 || i == len(rb.cols)-1 || (c.gap && !c.response) {
			continue
		}
		x0, x1 := c.x+c.w/2, c.x+c.w
		guides = pg.line(pg.move(guides, x1, rb.boxTop), x1, rb.vTop-2)
		shafts, tips = arrow(shafts, tips, &ps, &ph, x0, y+3, x1, rb.vTop-2, th.StrokeWidth*0.75)
		st := 0 // the state at this boundary: before response token st
		switch {
		case c.gap:
			st = rb.cols[i+1].t
		case c.response:
			st = c.t + 1
		}
		labels = append(labels, fmt.Sprintf("V(s_%d)", st+rb.in.Base))
		labelX = append(labelX, x1)
	}
	w.path(guides, strokeAttrs(rgb(th.Boundary), 1, []vg.Length{2, 3}, 0))
	w.path(shafts, strokeAttrs(rgb(vcol), th.StrokeWidth*0.75, nil, 0))
	w.path(tips, ` fill="`+vcol+`"`)
	w.group(` fill="`+vcol+`"`, 0, vcol, "")
	for i, l := range labels {
		w.text(labelX[i], rb.vY, l, fs, "middle", vcol, "")
	}
	w.end()
	r := th.MarkerRadius
	w.b.WriteString(`<circle cx="` + coord(tx1) + `" cy="` + coord(rb.vY-fs*0.35) + `" r="` + num(r) + `" fill="` + th.Background +
		`" stroke="` + vcol + `" stroke-width="` + num(th.StrokeWidth*0.9) + `"/>` + "\n")
	w.text(tx1+r+4, rb.vY, rb.termLabel(), fs, "", th.Foreground, "")
	w.text(tx1+r+4, rb.vY+fs*1.25, rb.boot(), fs, "", th.Muted, "")
	rb.H = math.Ceil(rb.vY + fs*1.25 + fs*0.4 + pad)
}

// arrow appends to shaft a line from (x0, y0) towards (x1, y1), for a stroke
// of width w, and to head its filled head ending at (x1, y1).
func arrow(shaft, head []byte, ps, ph *pen, x0, y0, x1, y1, w float64) ([]byte, []byte) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l < 1 {
		return shaft, head
	}
	ux, uy := dx/l, dy/l
	hl, hw := 4+2*w, 2+1.2*w
	bx, by := x1-ux*hl, y1-uy*hl
	shaft = ps.line(ps.move(shaft, x0, y0), bx, by)
	head = ph.move(head, x1, y1)
	head = ph.line(head, bx-uy*hw, by+ux*hw)
	head = ph.line(head, bx+uy*hw, by-ux*hw)
	return shaft, ph.close(head)
}
