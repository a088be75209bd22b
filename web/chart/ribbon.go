package chart

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"
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
func Ribbon(in RibbonInput) ([]byte, error) {
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
	case !validID(in.ID):
		return nil, fmt.Errorf("chart: ID %q: want letters, digits, '-' or '_'", in.ID)
	}
	if err := requireTitle("RibbonTitle", in.Text.RibbonTitle); err != nil {
		return nil, err
	}
	th, err := in.Theme.resolve()
	if err != nil {
		return nil, err
	}
	id := in.ID
	if id == "" {
		id = "gae-ribbon"
	}
	tx := in.Text
	fs := th.FontSize
	N := P + T // sequence length

	// Columns.
	cw := math.Max(th.TokenWidth*1.3, fs*5.4)
	var cols []ribbonCol
	if P > ribbonPrompt {
		cols = append(cols, ribbonCol{gap: true, j: -1})
	}
	for j := max(0, P-ribbonPrompt); j < P; j++ {
		cols = append(cols, ribbonCol{tok: in.Prompt[j], j: j})
	}
	for t := range T {
		if T > ribbonHead+ribbonTail+1 && t == ribbonHead {
			cols = append(cols, ribbonCol{gap: true, response: true, j: -1})
		}
		if T > ribbonHead+ribbonTail+1 && t >= ribbonHead && t < T-ribbonTail {
			continue
		}
		cols = append(cols, ribbonCol{response: true, tok: in.Response[t], j: P + t, t: t})
	}

	// Row headers on the left.
	heads := []string{oneLine(tx.RowToken), oneLine(tx.RowPosition), oneLine(tx.RowIndex), oneLine(tx.RowCritic), oneLine(tx.RowValue)}
	headW := 0.0
	for i, h := range heads {
		heads[i] = fit(h, fs, 170)
		headW = math.Max(headW, textWidth(heads[i], fs))
	}
	x := pad + headW + 12
	for i := range cols {
		cols[i].w = cw
		cols[i].x = x
		x += cols[i].w
	}
	boot := oneLine(tx.Bootstrap)
	unused := oneLine(tx.Unused)
	termLab := fmt.Sprintf("V(s_%d) = 0", T+in.Base)
	right := x + 10 + math.Max(textWidth(unused, fs), math.Max(textWidth(termLab, fs), textWidth(boot, fs)))
	W := math.Ceil(math.Max(minW, right+pad))

	// The body, y down, goes into a group whose font-size (fs), fill
	// (Foreground) and text-anchor (middle) its children inherit; they
	// write only what differs.
	var b bytes.Buffer
	var tmp []byte
	inherited := th.Foreground   // the fill of the innermost group
	group := func(fill string) { // a group of texts of one colour
		b.WriteString(`<g fill="` + fill + `">` + "\n")
		inherited = fill
	}
	end := func() {
		b.WriteString("</g>\n")
		inherited = th.Foreground
	}
	text := func(x, y float64, s string, size float64, anchor, fill, extra string) {
		t := append(tmp[:0], `<text x="`...)
		t = appendCoord(t, x)
		t = append(t, `" y="`...)
		t = appendCoord(t, y)
		t = append(t, '"')
		if size != fs {
			t = append(t, ` font-size="`...)
			t = appendNum(t, size)
			t = append(t, '"')
		}
		if fill != inherited {
			t = append(t, ` fill="`+fill+`"`...)
		}
		if anchor != "middle" {
			t = append(t, ` text-anchor="start"`...)
		}
		t = append(t, extra...)
		t = append(t, '>')
		t = append(t, esc(s)...)
		t = append(t, "</text>\n"...)
		b.Write(t)
		tmp = t
	}
	// path strokes the polyline through the points (x0, y0, x1, y1, …).
	path := func(col string, w float64, xy ...float64) {
		var pn pen
		t := append(tmp[:0], `<path d="`...)
		t = pn.move(t, xy[0], xy[1])
		for i := 2; i+1 < len(xy); i += 2 {
			t = pn.line(t, xy[i], xy[i+1])
		}
		t = append(t, `"`+strokeAttrs(rgb(col), w, nil, 0)+"/>\n"...)
		b.Write(t)
		tmp = t
	}
	line := func(x0, y0, x1, y1 float64, col string, w float64) { path(col, w, x0, y0, x1, y1) }
	rect := func(x, y, w, h float64, attrs string) {
		t := append(tmp[:0], `<rect x="`...)
		t = appendCoord(t, x)
		t = append(t, `" y="`...)
		t = appendCoord(t, y)
		t = append(t, `" width="`...)
		t = appendCoord(t, w)
		t = append(t, `" height="`...)
		t = appendCoord(t, h)
		t = append(t, `"`+attrs+"/>\n"...)
		b.Write(t)
		tmp = t
	}
	y := pad
	for _, l := range wrap(tx.RibbonTitle, th.TitleSize, W-2*pad) {
		y += th.TitleSize * 1.25
		text(pad, y-th.TitleSize*0.25, l, th.TitleSize, "", th.Foreground, ` font-weight="bold"`)
	}
	head := func(i int, y float64) { text(pad, y, heads[i], fs, "", th.Muted, "") }
	first, last := cols[0], cols[len(cols)-1]
	firstResp := 0
	for i, c := range cols {
		if c.response {
			firstResp = i
			break
		}
	}
	lastPrompt := cols[firstResp-1]

	// Brackets over the prompt and the response.
	y += fs * 1.6
	bracket := func(x0, x1, y float64, label string) {
		text((x0+x1)/2, y-5, label, fs, "middle", th.Foreground, "")
		path(th.Foreground, 1, x0+2, y+4, x0+2, y, x1-2, y, x1-2, y+4)
	}
	y += fs * 0.4
	bracket(first.x, lastPrompt.x+lastPrompt.w, y, fit(oneLine(tx.Prompt), fs, lastPrompt.x+lastPrompt.w-first.x))
	bracket(cols[firstResp].x, last.x+last.w, y, fit(oneLine(tx.Response), fs, last.x+last.w-cols[firstResp].x))

	// Tokens.
	y += 8
	cellTop, cellH := y, fs*2.1
	for _, c := range cols {
		fill, stroke := th.PaddingFill, th.Boundary
		if c.response {
			fill, stroke = th.Background, th.Foreground
		}
		if !c.gap {
			rect(c.x+1, cellTop, c.w-2, cellH, ` fill="`+fill+`" stroke="`+stroke+`"`)
		}
		lab := ellipsis
		if !c.gap {
			lab = fit(tokenLabel(c.tok), fs, c.w-8)
		}
		text(c.x+c.w/2, cellTop+cellH/2+fs*0.35, lab, fs, "middle", th.Foreground, "")
	}
	// The prompt | response boundary.
	bx := cols[firstResp].x
	line(bx, cellTop-6, bx, cellTop+cellH+6, th.Foreground, 2)
	head(0, cellTop+cellH/2+fs*0.35)

	// Positions j+Base, then t+Base under the response.
	y = cellTop + cellH + fs*1.3
	head(1, y)
	group(th.Muted)
	for _, c := range cols {
		if !c.gap {
			text(c.x+c.w/2, y, strconv.Itoa(c.j+in.Base), fs, "middle", th.Muted, "")
		}
	}
	end()
	y += fs * 1.3
	head(2, y)
	for _, c := range cols {
		if c.response && !c.gap {
			text(c.x+c.w/2, y, "t="+strconv.Itoa(c.t+in.Base), fs, "middle", th.Foreground, "")
		}
	}

	// The slice, bracketed over the critic outputs it takes.
	slice := fmt.Sprintf("values[:, -response_length-1:-1] = values[:, -%d:-1]", T+1)
	y += fs * 1.9
	sx0, sx1 := lastPrompt.x, last.x
	text((sx0+sx1)/2, y-5, slice, fs*0.95, "middle", Styles[Value].Color, ` font-family="'Liberation Mono', 'DejaVu Sans Mono', monospace"`)
	path(Styles[Value].Color, 1.5, sx0+3, y+5, sx0+3, y, sx1-3, y, sx1-3, y+5)

	// Critic outputs, labelled with their negative code index.
	y += 9
	boxTop, boxH := y, fs*1.8
	boxW := math.Min(cw*0.7, fs*4)
	head(3, boxTop+boxH/2+fs*0.35)
	for i, c := range cols {
		cx := c.x + c.w/2
		if c.gap {
			if c.response {
				text(cx, boxTop+boxH/2+fs*0.35, ellipsis, fs, "middle", th.Foreground, "")
			}
			continue
		}
		neg := "[" + strconv.Itoa(c.j-N) + "]"
		bx0 := cx - boxW/2
		switch {
		case c.j < P-1: // sliced away
			rect(bx0, boxTop, boxW, boxH, ` rx="3" fill="none" stroke="`+th.Boundary+`"`)
			text(cx, boxTop+boxH/2+fs*0.35, neg, fs, "middle", th.Muted, "")
		case i == len(cols)-1: // the last response token: not used
			rect(bx0, boxTop, boxW, boxH, ` rx="3" fill="none" stroke="`+th.Muted+`" stroke-width="1.5" stroke-dasharray="3 2"`)
			text(cx, boxTop+boxH/2+fs*0.35, neg, fs, "middle", th.Muted, "")
			line(bx0+3, boxTop+boxH-3, bx0+boxW-3, boxTop+3, th.Muted, 1.5)
			text(c.x+c.w+6, boxTop+boxH/2+fs*0.35, unused, fs, "", th.Muted, ` font-style="italic"`)
		default:
			rect(bx0, boxTop, boxW, boxH, ` rx="3" fill="`+Styles[Value].Color+`"`)
			text(cx, boxTop+boxH/2+fs*0.35, neg, fs, "middle", th.Background, "")
		}
	}

	// Arrows from each used output to the boundary after its token, where
	// V(s_t) sits (the boundary before response token t).
	y = boxTop + boxH
	vTop := y + fs*2.2
	vY := vTop + fs*1.0
	head(4, vY)
	vcol := Styles[Value].Color
	// One path each for the guides down the boundaries, the arrows' shafts
	// and their heads, then the labels.
	tx1 := last.x + last.w // the terminal state, bootstrapped, not a critic output
	var guides, shafts, tips []byte
	var pg, ps, ph pen
	guides = pg.line(pg.move(guides, tx1, boxTop), tx1, vY-fs*0.35-th.MarkerRadius-2)
	var labels []string
	var labelX []float64
	for i, c := range cols {
		if i < firstResp-1 || i == len(cols)-1 || (c.gap && !c.response) {
			continue
		}
		x0, x1 := c.x+c.w/2, c.x+c.w
		guides = pg.line(pg.move(guides, x1, boxTop), x1, vTop-2)
		shafts, tips = arrow(shafts, tips, &ps, &ph, x0, y+3, x1, vTop-2, th.StrokeWidth*0.75)
		st := 0 // the state at this boundary: before response token st
		switch {
		case c.gap:
			st = cols[i+1].t
		case c.response:
			st = c.t + 1
		}
		labels = append(labels, fmt.Sprintf("V(s_%d)", st+in.Base))
		labelX = append(labelX, x1)
	}
	b.WriteString(`<path d="` + string(guides) + `"` + strokeAttrs(rgb(th.Boundary), 1, []vg.Length{2, 3}, 0) + "/>\n")
	b.WriteString(`<path d="` + string(shafts) + `"` + strokeAttrs(rgb(vcol), th.StrokeWidth*0.75, nil, 0) + "/>\n")
	b.WriteString(`<path d="` + string(tips) + `" fill="` + vcol + `"/>` + "\n")
	group(vcol)
	for i, l := range labels {
		text(labelX[i], vY, l, fs, "middle", vcol, "")
	}
	end()
	r := th.MarkerRadius
	fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="%s"/>`+"\n",
		coord(tx1), coord(vY-fs*0.35), num(r), th.Background, vcol, num(th.StrokeWidth*0.9))
	text(tx1+r+4, vY, termLab, fs, "", th.Foreground, "")
	text(tx1+r+4, vY+fs*1.25, boot, fs, "", th.Muted, "")
	H := math.Ceil(vY + fs*1.25 + fs*0.4 + pad)

	// The hl rects: response token columns, tokens row through V row.
	var hl bytes.Buffer
	hl.WriteString(`<g class="hl-cols" fill="` + th.Highlight + `" fill-opacity="0">` + "\n")
	for _, c := range cols {
		if c.response && !c.gap {
			hlRect(&hl, c.t, c.x, cellTop-2, c.x+c.w, vY+fs*0.4)
		}
	}
	hl.WriteString("</g>\n")

	var d strings.Builder
	d.WriteString(oneLine(tx.RibbonDesc))
	fmt.Fprintf(&d, " values[:, -%d:-1] → V(s_%d) … V(s_%d); values[:, -1]: %s; V(s_%d): %s.",
		T+1, in.Base, T-1+in.Base, unused, T+in.Base, boot)

	var out bytes.Buffer
	root(&out, W, H, "gae-ribbon", th.Name, id, tx.RibbonTitle, strings.TrimSpace(d.String()))
	fmt.Fprintf(&out, `<rect width="%s" height="%s" fill="%s"/>`+"\n", coord(W), coord(H), th.Background)
	fmt.Fprintf(&out, `<g font-size="%s" fill="%s" text-anchor="middle">`+"\n", num(fs), th.Foreground)
	out.Write(b.Bytes())
	out.WriteString("</g>\n")
	out.Write(hl.Bytes())
	out.WriteString("</svg>\n")
	return out.Bytes(), nil
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
