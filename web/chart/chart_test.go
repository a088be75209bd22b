package chart

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gaelab/web/svg"
)

func textEN() Text {
	return Text{
		ValuesTitle:     "Values, returns and advantages per token",
		RewardsTitle:    "Rewards per token: score and KL penalty",
		AdvantagesTitle: "Advantages per token: raw and whitened",
		RibbonTitle:     "Which critic outputs become V(s_t)",
		ValuesDesc:      "V(s_t) sits on the boundary before token t; R_t and A_t sit on token t.",
		RewardsDesc:     "The KL bar is stacked on the score bar and ends at the reward.",
		AdvantagesDesc:  "Raw and whitened advantages per token.",
		RibbonDesc:      "The critic output at the token before response token t is V(s_t).",
		TokenAxis:       "response token t",
		ValueAxis:       "value",
		RewardAxis:      "reward",
		AdvantageAxis:   "advantage",
		Value:           "V(s_t)",
		Return:          "return R_t",
		Advantage:       "advantage A_t",
		Whitened:        "whitened A_t",
		Reward:          "reward r_t",
		Score:           "score",
		KL:              "−β·KL",
		Bootstrap:       "V = 0 (bootstrap)",
		Padding:         "padding (mask 0)",
		Observation:     "observation (mask 0)",
		NoWhitened:      "Whitening needs at least 2 valid tokens, so only the raw advantages are shown.",
		Prompt:          "prompt",
		Response:        "response",
		RowToken:        "token",
		RowPosition:     "position j",
		RowIndex:        "response index",
		RowCritic:       "critic output",
		RowValue:        "V(s_t)",
		Unused:          "not used",
	}
}

func textZH() Text {
	return Text{
		ValuesTitle:     "每个词元的价值、回报与优势",
		RewardsTitle:    "每个词元的奖励：得分与 KL 惩罚",
		AdvantagesTitle: "每个词元的优势：原始与白化",
		RibbonTitle:     "哪些评论家输出成为 V(s_t)",
		ValuesDesc:      "V(s_t) 位于词元 t 之前的边界上；R_t 与 A_t 位于词元 t 上。",
		RewardsDesc:     "KL 条叠在得分条上，终点即奖励。",
		AdvantagesDesc:  "每个词元的原始优势与白化优势。",
		RibbonDesc:      "回复词元 t 之前那个词元处的评论家输出就是 V(s_t)。",
		TokenAxis:       "回复词元 t",
		ValueAxis:       "数值",
		RewardAxis:      "奖励",
		AdvantageAxis:   "优势",
		Value:           "价值 V(s_t)",
		Return:          "回报 R_t",
		Advantage:       "优势 A_t",
		Whitened:        "白化后 A_t",
		Reward:          "奖励 r_t",
		Score:           "得分",
		KL:              "−β·KL",
		Bootstrap:       "V = 0（自举）",
		Padding:         "填充（掩码 0）",
		Observation:     "观察（掩码 0）",
		NoWhitened:      "有效词元少于 2 个，无法白化，只显示原始优势。",
		Prompt:          "提示",
		Response:        "回复",
		RowToken:        "词元",
		RowPosition:     "位置 j",
		RowIndex:        "回复下标",
		RowCritic:       "评论家输出",
		RowValue:        "V(s_t)",
		Unused:          "未使用",
	}
}

// seedA is the 3-token scenario of the lessons (γ = 1, λ = 0.95).
func seedA() Input {
	return Input{
		Tokens:     []string{"a", "b", "c"},
		Values:     []float64{0.3, 0.4, 0.6},
		Rewards:    []float64{0, 0, 1},
		Scores:     []float64{0, 0, 1},
		KLTerm:     []float64{0, 0, 0},
		Returns:    []float64{0.951, 0.98, 1},
		Advantages: []float64{0.651, 0.58, 0.4},
		Whitened:   []float64{0.829569, 0.280817, -1.110386},
		Text:       textEN(),
	}
}

// cjk has CJK tokens, a KL term, a 1-based numbering, two padding tokens
// after EOS and no whitening.
func cjk() Input {
	return Input{
		Tokens:     []string{"是", "的", "，", "等于", "2", "！", "<pad>", "<pad>"},
		Base:       1,
		Mask:       []Kind{Valid, Valid, Valid, Valid, Valid, Valid, Padding, Padding},
		Values:     []float64{0.2, 0.25, 0.3, 0.35, 0.45, 0.6, 0, 0},
		Scores:     []float64{0, 0, 0, 0, 0, 1, 0, 0},
		KLTerm:     []float64{-0.01, -0.005, 0.005, -0.01, -0.02, -0.005, 0, 0},
		Rewards:    []float64{-0.01, -0.005, 0.005, -0.01, -0.02, 0.995, 0, 0},
		Returns:    []float64{0.95, 0.96, 0.965, 0.96, 0.97, 0.995, 0, 0},
		Advantages: []float64{0.75, 0.71, 0.665, 0.61, 0.52, 0.395, 0, 0},
		Text:       textZH(),
	}
}

// multiTurn has observation tokens (tool output) between two turns.
func multiTurn() Input {
	in := seedA()
	in.Tokens = []string{"call", "(", "x", ")", "→", "42", "so", "42"}
	in.Mask = []Kind{Valid, Valid, Valid, Valid, Observation, Observation, Valid, Valid}
	in.Values = []float64{0.1, 0.2, 0.2, 0.3, 0.3, 0.3, 0.5, 0.8}
	in.Returns = []float64{1, 1, 1, 1, 0, 0, 1, 1}
	in.Advantages = []float64{0.9, 0.8, 0.8, 0.7, 0, 0, 0.5, 0.2}
	in.Whitened = []float64{0.9, 0.6, 0.6, 0.3, 0, 0, -0.6, -1.5}
	in.Rewards = []float64{0, 0, 0, 0, 0, 0, 0, 1}
	in.Scores = in.Rewards
	in.KLTerm = make([]float64, 8)
	return in
}

func ribbonSeedA() RibbonInput {
	return RibbonInput{Prompt: []string{"Q", ":", "1", "+", "1", "="}, Response: []string{"a", "b", "c"}, Text: textEN()}
}

func ribbonCJK() RibbonInput {
	return RibbonInput{
		Prompt:   []string{"问", "：", "1+1"},
		Response: []string{"是", "的", "，", "等于", "2", "！", "<pad>", "<pad>", "<eos>"},
		Base:     1,
		Text:     textZH(),
	}
}

// long returns T tokens of made-up but smooth data.
func long(T int) Input {
	in := Input{Text: textEN()}
	for t := range T {
		x := float64(t) / float64(T)
		in.Tokens = append(in.Tokens, "tok"+strconv.Itoa(t))
		in.Values = append(in.Values, 0.2+0.6*x)
		in.Returns = append(in.Returns, 0.9+0.1*x)
		in.Advantages = append(in.Advantages, 0.7-0.6*x)
		in.Whitened = append(in.Whitened, 1.5-3*x)
		in.Scores = append(in.Scores, 0)
		in.KLTerm = append(in.KLTerm, -0.01*math.Sin(float64(t)))
		in.Rewards = append(in.Rewards, -0.01*math.Sin(float64(t)))
		in.Mask = append(in.Mask, Valid)
	}
	in.Scores[T-1], in.Rewards[T-1] = 1, 1+in.KLTerm[T-1]
	return in
}

type chartFunc struct {
	name string
	fn   func(Input) ([]byte, error)
}

var charts = []chartFunc{{"values", Values}, {"rewards", Rewards}, {"advantages", Advantages}}

func TestGolden(t *testing.T) {
	cases := map[string]func() ([]byte, error){}
	for _, c := range charts {
		cases["seedA-"+c.name] = func() ([]byte, error) { return c.fn(seedA()) }
		cases["cjk-"+c.name] = func() ([]byte, error) { return c.fn(cjk()) }
		cases["multiturn-"+c.name] = func() ([]byte, error) { return c.fn(multiTurn()) }
	}
	cases["seedA-advantages-nowhiten"] = func() ([]byte, error) {
		in := seedA()
		in.Whitened = nil
		return Advantages(in)
	}
	cases["seedA-ribbon"] = func() ([]byte, error) { return Ribbon(ribbonSeedA()) }
	cases["cjk-ribbon"] = func() ([]byte, error) { return Ribbon(ribbonCJK()) }

	for name, render := range cases {
		t.Run(name, func(t *testing.T) { checkGoldenSVG(t, name, render) })
	}
}

// doc is what the tests read back from an SVG.
type doc struct {
	root     xml.StartElement
	first    []string // names of the root's first child elements
	title    string
	desc     string
	hl       []hlAttrs
	elements map[string]int
	text     []string // character data of <text> elements
	paths    []pathEl // every <path>
	ids      []string // every id attribute
	refs     []string // every id referenced as url(#id)
}

// pathEl is a <path> element: its path data and own attributes.
type pathEl struct {
	d     string
	attrs xml.StartElement
}

type hlAttrs struct {
	t             int
	x, y, w, h    float64
	fill, opacity string
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// parse decodes the whole SVG with encoding/xml (strict), failing the test
// if it is not well-formed.
func parse(t *testing.T, svg []byte) doc {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	d := doc{elements: map[string]int{}}
	depth := 0
	var stack []string
	var open []xml.StartElement // the elements enclosing the current one
	// inherited returns presentation attribute name of e or of its nearest
	// ancestor that sets it.
	inherited := func(e xml.StartElement, name string) string {
		if v := attr(e, name); v != "" {
			return v
		}
		for i := len(open) - 1; i >= 0; i-- {
			if v := attr(open[i], name); v != "" {
				return v
			}
		}
		return ""
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			depth++
			stack = append(stack, e.Name.Local)
			d.elements[e.Name.Local]++
			for _, a := range e.Attr {
				if a.Name.Local == "id" {
					d.ids = append(d.ids, a.Value)
				}
				for v := a.Value; strings.Contains(v, "url(#"); {
					_, v, _ = strings.Cut(v, "url(#")
					id, rest, _ := strings.Cut(v, ")")
					d.refs = append(d.refs, id)
					v = rest
				}
			}
			if e.Name.Local == "path" {
				d.paths = append(d.paths, pathEl{attr(e, "d"), e})
			}
			if depth == 1 {
				d.root = e
			}
			if depth == 2 && len(d.first) < 2 {
				d.first = append(d.first, e.Name.Local)
			}
			if e.Name.Local == "rect" && attr(e, "class") == "hl" {
				n, err := strconv.Atoi(attr(e, "data-t"))
				if err != nil {
					t.Fatalf("hl rect data-t %q: %v", attr(e, "data-t"), err)
				}
				f := func(k string) float64 {
					v, err := strconv.ParseFloat(attr(e, k), 64)
					if err != nil {
						t.Fatalf("hl rect %s=%q: %v", k, attr(e, k), err)
					}
					return v
				}
				d.hl = append(d.hl, hlAttrs{n, f("x"), f("y"), f("width"), f("height"), inherited(e, "fill"), inherited(e, "fill-opacity")})
			}
			open = append(open, e)
		case xml.EndElement:
			depth--
			stack = stack[:len(stack)-1]
			open = open[:len(open)-1]
		case xml.CharData:
			if len(stack) == 0 {
				continue
			}
			switch stack[len(stack)-1] {
			case "title":
				d.title += string(e)
			case "desc":
				d.desc += string(e)
			case "text":
				d.text = append(d.text, string(e))
			}
		}
	}
	if depth != 0 {
		t.Fatalf("unbalanced elements")
	}
	return d
}

// checkRoot checks the accessibility and embedding contract of every SVG.
func checkRoot(t *testing.T, svg []byte, class string) doc {
	t.Helper()
	if !bytes.HasPrefix(svg, []byte("<svg ")) {
		t.Errorf("SVG starts with %q, want <svg (no XML prolog, so it can be inlined)", svg[:min(20, len(svg))])
	}
	d := parse(t, svg)
	if d.root.Name.Local != "svg" || d.root.Name.Space != "http://www.w3.org/2000/svg" {
		t.Errorf("root is %v, want svg in the SVG namespace", d.root.Name)
	}
	if len(d.first) != 2 || d.first[0] != "title" || d.first[1] != "desc" {
		t.Errorf("root's first children are %v, want [title desc]", d.first)
	}
	if strings.TrimSpace(d.title) == "" || strings.TrimSpace(d.desc) == "" {
		t.Errorf("empty title %q or desc %q", d.title, d.desc)
	}
	if attr(d.root, "role") != "img" {
		t.Errorf("role = %q, want img", attr(d.root, "role"))
	}
	ids := strings.Fields(attr(d.root, "aria-labelledby"))
	for _, more := range ids[min(2, len(ids)):] { // a grid's panels' descriptions
		if !bytes.Contains(svg, []byte(`<desc id="`+more+`">`)) {
			t.Errorf("aria-labelledby names %q, which is no <desc>", more)
		}
	}
	if len(ids) < 2 || !strings.HasSuffix(ids[0], "-title") || !strings.HasSuffix(ids[1], "-desc") ||
		!bytes.Contains(svg, []byte(`<title id="`+ids[0]+`">`)) || !bytes.Contains(svg, []byte(`<desc id="`+ids[1]+`">`)) {
		t.Errorf("aria-labelledby = %q does not name the title and desc", attr(d.root, "aria-labelledby"))
	}
	if !strings.Contains(" "+attr(d.root, "class")+" ", " "+class+" ") {
		t.Errorf("class = %q, want it to contain %q", attr(d.root, "class"), class)
	}
	vb := strings.Fields(attr(d.root, "viewBox"))
	if len(vb) != 4 || vb[0] != "0" || vb[1] != "0" || vb[2] != attr(d.root, "width") || vb[3] != attr(d.root, "height") {
		t.Errorf("viewBox %q, width %q, height %q: want 0 0 width height", attr(d.root, "viewBox"), attr(d.root, "width"), attr(d.root, "height"))
	}
	if !strings.Contains(attr(d.root, "font-family"), "sans-serif") || !strings.Contains(attr(d.root, "font-family"), "CJK") {
		t.Errorf("font-family %q lacks CJK and generic fallbacks", attr(d.root, "font-family"))
	}
	for _, bad := range []string{" style=", "<style", "<script", "<?xml", "Liberation Sans;"} {
		if bytes.Contains(svg, []byte(bad)) {
			t.Errorf("SVG contains %q", bad)
		}
	}
	if d.elements["script"] > 0 || d.elements["foreignObject"] > 0 {
		t.Errorf("SVG has script or foreignObject elements")
	}
	seen := map[string]bool{}
	for _, id := range d.ids {
		if seen[id] {
			t.Errorf("id %q is used twice", id)
		}
		seen[id] = true
		if len(ids) > 0 && !strings.HasPrefix(id, strings.TrimSuffix(ids[0], "-title")+"-") {
			t.Errorf("id %q lacks the chart's prefix, so it could clash with another chart's on the page", id)
		}
	}
	for _, ref := range d.refs {
		if !seen[ref] {
			t.Errorf("url(#%s) refers to no element", ref)
		}
	}
	return d
}

func TestContract(t *testing.T) {
	for _, in := range []Input{seedA(), cjk(), multiTurn(), long(100)} {
		for _, c := range charts {
			svg, err := c.fn(in)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			d := checkRoot(t, svg, "gae-"+c.name)
			T := len(in.Tokens)
			if len(d.hl) != T {
				t.Fatalf("%s: %d hl rects, want %d", c.name, len(d.hl), T)
			}
			for i, r := range d.hl {
				if r.t != i {
					t.Fatalf("%s: hl rect %d has data-t=%d", c.name, i, r.t)
				}
				if r.opacity != "0" || r.w <= 0 || r.h <= 0 {
					t.Errorf("%s: hl rect %d = %+v, want an invisible rect of positive size", c.name, i, r)
				}
				if i > 0 && math.Abs(d.hl[i-1].x+d.hl[i-1].w-r.x) > 0.011 {
					t.Errorf("%s: hl rects %d and %d do not tile (%v + %v ≠ %v)", c.name, i-1, i, d.hl[i-1].x, d.hl[i-1].w, r.x)
				}
			}
		}
	}
	svg, err := Ribbon(ribbonCJK())
	if err != nil {
		t.Fatal(err)
	}
	d := checkRoot(t, svg, "gae-ribbon")
	if len(d.hl) != 6 { // 4 + 2 shown of 9
		t.Errorf("ribbon has %d hl rects, want 6", len(d.hl))
	}
}

// TestAlignment checks the index convention in the drawn SVG: V(s_t)'s
// markers on the boundary before token t (the left edge of token t's hl
// rect), R_t's and A_t's on the column's centre, and the bootstrap point
// after the last token (the right edge of token T−1's rect), at value 0.
func TestAlignment(t *testing.T) {
	for _, in := range []Input{seedA(), cjk(), long(512), playground(64)} {
		svg, f, err := values(&in)
		if err != nil {
			t.Fatal(err)
		}
		d := parse(t, svg)
		T := len(in.Tokens)
		// Coordinates are rounded to 0.1 px; a centre is the mean of two.
		near := func(a, b float64) bool { return math.Abs(a-b) < 0.051 }
		nearC := func(a, b float64) bool { return math.Abs(a-b) < 0.101 }
		// The vertices of the path that carries q's markers (y up, in the
		// flipped group, like f.Y).
		series := func(q Quantity) [][2]float64 {
			ref := "url(#gae-values-mk-" + string(q) + ")"
			for _, p := range d.paths {
				if attr(p.attrs, "marker-mid") == ref && attr(p.attrs, "marker-start") == ref && attr(p.attrs, "marker-end") == ref {
					if v := vertices(t, p.d); len(v) == T {
						return v
					}
				}
			}
			t.Fatalf("T=%d: no path with %d vertices carries the %s markers", T, T, q)
			return nil
		}
		vs, rs, as := series(Value), series(Return), series(Advantage)
		for tt := range T {
			hl := d.hl[tt]
			if v := vs[tt]; !near(v[0], hl.x) || !near(v[1], f.Y(in.Values[tt])) {
				t.Errorf("T=%d: V(s_%d) marker at %v, want the boundary before token %d (x=%v) at y=%v", T, tt, v, tt, hl.x, f.Y(in.Values[tt]))
			}
			cx := hl.x + hl.w/2
			if r := rs[tt]; !nearC(r[0], cx) || !near(r[1], f.Y(in.Returns[tt])) {
				t.Errorf("T=%d: R_%d marker at %v, want token %d's centre (x=%v) at y=%v", T, tt, r, tt, cx, f.Y(in.Returns[tt]))
			}
			if a := as[tt]; !nearC(a[0], cx) || !near(a[1], f.Y(in.Advantages[tt])) {
				t.Errorf("T=%d: A_%d marker at %v, want token %d's centre (x=%v) at y=%v", T, tt, a, tt, cx, f.Y(in.Advantages[tt]))
			}
		}
		last := d.hl[T-1]
		tx, ty := f.X(float64(T)-0.5), f.Y(0)
		if !near(tx, last.x+last.w) {
			t.Errorf("T=%d: terminal point at x=%v, want after the last token, x=%v", T, tx, last.x+last.w)
		}
		// The hollow circle's path starts at (x+r, y).
		rt := math.Max(f.markerR()*1.15, 3)
		if want := "M" + coord(tx+rt) + " " + coord(ty) + "a"; !bytes.Contains(svg, []byte(want)) {
			t.Errorf("T=%d: no terminal point path %q in the SVG", T, want)
		}
		if x0, _, x1, _ := f.dataRect(); tx >= x1 || f.X(-0.5) <= x0 {
			t.Errorf("T=%d: the first value or the terminal point lies on the plot's edge", T)
		}
		if !bytes.Contains(svg, []byte(">"+in.Text.Bootstrap+"</text>")) {
			t.Errorf("T=%d: no bootstrap label", T)
		}
	}
}

// vertices decodes path data of the commands the charts write (M, m, L, l,
// H, h, V, v, A, a, Z, z, with implicit repetition) into its vertices.
func vertices(t *testing.T, d string) [][2]float64 {
	t.Helper()
	var toks []string
	for i := 0; i < len(d); {
		c := d[i]
		switch {
		case c == ' ' || c == ',':
			i++
		case strings.IndexByte("MmLlHhVvAaZz", c) >= 0:
			toks = append(toks, d[i:i+1])
			i++
		default:
			j := i + 1
			for j < len(d) && (d[j] >= '0' && d[j] <= '9' || d[j] == '.') {
				j++
			}
			toks = append(toks, d[i:j])
			i = j
		}
	}
	var pts [][2]float64
	var x, y, sx, sy float64
	cmd := byte(0)
	args := map[byte]int{'m': 2, 'l': 2, 'h': 1, 'v': 1, 'a': 7, 'z': 0}
	for k := 0; k < len(toks); {
		if c := toks[k][0]; c >= 'A' && c <= 'z' && c != 'e' {
			cmd = c
			k++
			if cmd == 'z' || cmd == 'Z' {
				x, y = sx, sy
				continue
			}
		} else if cmd == 'm' || cmd == 'M' {
			cmd = cmd + 'l' - 'm' // pairs after a moveto are linetos
		}
		lower := cmd | 0x20
		n := args[lower]
		if k+n > len(toks) {
			t.Fatalf("path %q: %c lacks arguments", d, cmd)
		}
		v := make([]float64, n)
		for i := range n {
			f, err := strconv.ParseFloat(toks[k+i], 64)
			if err != nil {
				t.Fatalf("path %q: %v", d, err)
			}
			v[i] = f
		}
		k += n
		rel := cmd == lower
		switch lower {
		case 'm', 'l':
			if rel {
				x, y = x+v[0], y+v[1]
			} else {
				x, y = v[0], v[1]
			}
			if lower == 'm' {
				sx, sy = x, y
			}
		case 'h':
			if rel {
				x += v[0]
			} else {
				x = v[0]
			}
		case 'v':
			if rel {
				y += v[0]
			} else {
				y = v[0]
			}
		case 'a':
			if rel {
				x, y = x+v[5], y+v[6]
			} else {
				x, y = v[5], v[6]
			}
		}
		pts = append(pts, [2]float64{x, y})
	}
	return pts
}

func TestTickLabels(t *testing.T) {
	d := parse(t, must(Values(cjk())))
	joined := strings.Join(d.text, "|")
	for _, want := range []string{"|是|1|", "|的|2|", "|等于|4|", "|！|6|", "|&lt;pad&gt;|7|"} {
		want = strings.ReplaceAll(want, "&lt;", "<")
		want = strings.ReplaceAll(want, "&gt;", ">")
		if !strings.Contains(joined, want) {
			t.Errorf("tick labels %q lack %q (token then its 1-based index)", joined, want)
		}
	}
	d = parse(t, must(Values(seedA())))
	if joined := strings.Join(d.text, "|"); !strings.Contains(joined, "|a|0|b|1|c|2|") {
		t.Errorf("tick labels %q, want a 0, b 1, c 2", joined)
	}

	// At 512 tokens the columns narrow to MaxPlotWidth/512 = 2.3 px and
	// every 50th token is labelled, so that each label has TokenWidth.
	in := long(512)
	in.Base = 1
	_, f, err := values(&in)
	if err != nil {
		t.Fatal(err)
	}
	if f.step != 50 || f.slot != Light().MaxPlotWidth/512 {
		t.Errorf("T=512: step %d, slot %v; want step 50 and columns of MaxPlotWidth/512", f.step, f.slot)
	}
	d = parse(t, must(Values(in)))
	joined = "|" + strings.Join(d.text, "|") + "|"
	if !strings.Contains(joined, "|tok49|50|") || strings.Contains(joined, "|tok50|51|") {
		t.Errorf("T=512 tick labels: want tok49 labelled 50 and tok50 unlabelled")
	}

	// Long tokens are cut with an ellipsis to their column.
	in = seedA()
	in.Tokens[1] = "supercalifragilisticexpialidocious"
	d = parse(t, must(Values(in)))
	found := false
	for _, s := range d.text {
		if strings.HasPrefix(s, "super") && strings.HasSuffix(s, "…") && len(s) < 30 {
			found = true
		}
	}
	if !found {
		t.Errorf("long token not truncated with an ellipsis: %q", d.text)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func TestHostileText(t *testing.T) {
	evil := []string{`</text><script>alert(1)</script>`, `&amp;`, `"`, `'`, "a\x00b\x1bc", "\xff\xfe", "\n", "  ", "]]>", "<!--"}
	in := seedA()
	in.Tokens = evil
	n := len(evil)
	in.Values, in.Returns, in.Advantages = make([]float64, n), make([]float64, n), make([]float64, n)
	in.Whitened, in.Scores, in.KLTerm, in.Rewards = make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	tx := in.Text
	tx.ValuesTitle, tx.RewardsTitle, tx.AdvantagesTitle = evil[0], evil[0]+"&", `<a href="x">`
	tx.Bootstrap, tx.Value, tx.ValuesDesc, tx.TokenAxis, tx.ValueAxis = evil[0], evil[1], evil[2]+evil[0], evil[3], "\x01<b>"
	in.Text = tx
	for _, c := range charts {
		svg, err := c.fn(in)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		d := checkRoot(t, svg, "gae-"+c.name)
		if !strings.Contains(strings.Join(d.text, "\n"), "</text><script>") && c.name == "values" {
			t.Errorf("%s: the hostile token's text did not survive escaping as text", c.name)
		}
		if d.elements["a"] > 0 || d.elements["b"] > 0 {
			t.Errorf("%s: markup from Text became elements", c.name)
		}
		if !bytes.Contains(svg, []byte("&amp;amp;")) {
			t.Errorf("%s: token %q was not escaped to &amp;amp;", c.name, "&amp;")
		}
	}
	r := ribbonSeedA()
	r.Prompt, r.Response = evil, evil
	r.Text.RibbonTitle, r.Text.Unused = evil[0], evil[0]
	svg, err := Ribbon(r)
	if err != nil {
		t.Fatal(err)
	}
	checkRoot(t, svg, "gae-ribbon")
}

func TestTokenLabel(t *testing.T) {
	for in, want := range map[string]string{"a\nb": "a↵b", "\r\n": "↵", "\t": "⇥", "  ": "␣␣", " x ": " x ", "a\x00": "a\uFFFD", "\xff": "\uFFFD", "是": "是"} {
		if got := tokenLabel(in); got != want {
			t.Errorf("tokenLabel(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNoWhitened(t *testing.T) {
	in := seedA()
	in.Whitened = nil
	svg := must(Advantages(in))
	d := parse(t, svg)
	if !strings.Contains(d.desc, in.Text.NoWhitened) {
		t.Errorf("desc %q lacks the reason whitening is absent", d.desc)
	}
	if !strings.Contains(strings.Join(d.text, " "), "Whitening needs") {
		t.Errorf("chart lacks the caption")
	}
	if strings.Contains(strings.Join(d.text, " "), in.Text.Whitened) {
		t.Errorf("legend shows whitened without whitened data")
	}
	if bytes.Contains(svg, []byte(Styles[Whitened].Color)) {
		t.Errorf("whitened colour drawn without whitened data")
	}
}

func TestDesc(t *testing.T) {
	d := parse(t, must(Values(seedA())))
	for _, want := range []string{"V(s_0)=0.30, V(s_1)=0.40, V(s_2)=0.60; V(s_3): V = 0 (bootstrap).", "R_0=0.95", "A_2=0.40"} {
		if !strings.Contains(d.desc, want) {
			t.Errorf("desc %q lacks %q", d.desc, want)
		}
	}
	d = parse(t, must(Values(long(512))))
	if len(d.desc) > 600 || !strings.Contains(d.desc, "V(s_2)=") || !strings.Contains(d.desc, "…, V(s_510)=") || !strings.Contains(d.desc, "V(s_512): ") {
		t.Errorf("desc for T=512 (%d bytes): %q", len(d.desc), d.desc)
	}
	d = parse(t, must(Values(cjk())))
	if !strings.Contains(d.desc, "填充（掩码 0）: 7–8.") || !strings.Contains(d.desc, "V(s_1)=0.20") {
		t.Errorf("CJK desc %q lacks the 1-based padding range or values", d.desc)
	}
	d = parse(t, must(Ribbon(ribbonSeedA())))
	if !strings.Contains(d.desc, "values[:, -4:-1] → V(s_0) … V(s_2)") {
		t.Errorf("ribbon desc %q", d.desc)
	}
}

func TestRibbon(t *testing.T) {
	d := parse(t, must(Ribbon(ribbonSeedA())))
	joined := "|" + strings.Join(d.text, "|") + "|"
	// Positions 0…8; critic outputs [-9]…[-1]; V(s_0)…V(s_2) on boundaries.
	for _, want := range []string{"|…|", "|…|+|1|=|a|b|c|", "|[-4]|", "|[-2]|", "|[-1]|not used|", "|V(s_0)|", "|V(s_2)|", "V(s_3) = 0", "values[:, -response_length-1:-1] = values[:, -4:-1]"} {
		if !strings.Contains(joined, want) {
			t.Errorf("ribbon text %q lacks %q", joined, want)
		}
	}
	if strings.Contains(joined, "|V(s_3)|") {
		t.Errorf("ribbon maps an output onto V(s_3), which is the bootstrap")
	}
	// A long response shows its first 4 and last 2 tokens.
	r := ribbonSeedA()
	r.Response = long(40).Tokens
	d = parse(t, must(Ribbon(r)))
	joined = "|" + strings.Join(d.text, "|") + "|"
	for _, want := range []string{"|tok3|", "|tok38|tok39|", "|V(s_4)|", "|V(s_38)|", "|V(s_39)|", "V(s_40) = 0", "values[:, -41:-1]"} {
		if !strings.Contains(joined, want) {
			t.Errorf("long ribbon text lacks %q", want)
		}
	}
	if len(d.hl) != 6 {
		t.Errorf("long ribbon: %d hl rects, want 6", len(d.hl))
	}
}

func TestErrors(t *testing.T) {
	base := seedA()
	cases := []struct {
		name string
		edit func(*Input)
		want string
	}{
		{"no tokens", func(in *Input) { in.Tokens = nil }, "no tokens"},
		{"short values", func(in *Input) { in.Values = in.Values[:2] }, "len(Values) = 2, want len(Tokens) = 3"},
		{"long returns", func(in *Input) { in.Returns = append(in.Returns, 1) }, "len(Returns)"},
		{"short advantages", func(in *Input) { in.Advantages = nil }, "len(Advantages)"},
		{"short whitened", func(in *Input) { in.Whitened = []float64{1} }, "len(Whitened)"},
		{"short scores", func(in *Input) { in.Scores = nil }, "len(Scores)"},
		{"short kl", func(in *Input) { in.KLTerm = []float64{} }, "len(KLTerm)"},
		{"short rewards", func(in *Input) { in.Rewards = in.Rewards[1:] }, "len(Rewards)"},
		{"short mask", func(in *Input) { in.Mask = []Kind{Valid} }, "len(Mask)"},
		{"bad mask", func(in *Input) { in.Mask = []Kind{Valid, 7, Valid} }, "Mask[1]"},
		{"bad base", func(in *Input) { in.Base = 2 }, "Base = 2"},
		{"NaN", func(in *Input) { in.Values[1], in.Rewards[1], in.Advantages[1] = math.NaN(), math.NaN(), math.NaN() }, "[1] = NaN"},
		{"Inf", func(in *Input) { in.Returns[0], in.Scores[0], in.Whitened[0] = math.Inf(1), math.Inf(1), math.Inf(-1) }, "[0] = "},
		{"bad id", func(in *Input) { in.ID = `x" onload="y` }, "ID"},
		{"bad theme", func(in *Input) { in.Theme = Light(); in.Theme.Foreground = "red" }, "Theme.Foreground"},
		{"tiny stroke", func(in *Input) { in.Theme = Light(); in.Theme.StrokeWidth = -1 }, "Theme.StrokeWidth"},
		{"no title", func(in *Input) { in.Text = Text{} }, "Title is empty"},
		{"too many", func(in *Input) { *in = long(MaxTokens + 1) }, "at most 2048"},
	}
	for _, c := range cases {
		for _, ch := range charts {
			in := seedA()
			in.Values, in.Returns = append([]float64(nil), base.Values...), append([]float64(nil), base.Returns...)
			c.edit(&in)
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("%s/%s panicked: %v", c.name, ch.name, r)
					}
				}()
				_, err := ch.fn(in)
				touches := map[string][]string{
					"values":     {"no tokens", "Values", "Returns", "Advantages", "Mask", "Base", "NaN", "Inf", "ID", "Theme", "Title", "at most"},
					"rewards":    {"no tokens", "Scores", "KLTerm", "Rewards", "Mask", "Base", "NaN", "Inf", "ID", "Theme", "Title", "at most"},
					"advantages": {"no tokens", "Advantages", "Whitened", "Mask", "Base", "NaN", "Inf", "ID", "Theme", "Title", "at most"},
				}[ch.name]
				relevant := false
				for _, k := range touches {
					if strings.Contains(c.want, k) || strings.Contains(c.name, strings.ToLower(k)) || strings.Contains(c.name, k) {
						relevant = true
					}
				}
				switch {
				case err == nil && relevant && c.name != "NaN" && c.name != "Inf":
					t.Errorf("%s/%s: no error, want %q", c.name, ch.name, c.want)
				case err != nil && !strings.HasPrefix(err.Error(), "chart: "):
					t.Errorf("%s/%s: error %q lacks the chart: prefix", c.name, ch.name, err)
				case err != nil && !strings.Contains(err.Error(), c.want):
					t.Errorf("%s/%s: error %q, want it to contain %q", c.name, ch.name, err, c.want)
				}
			}()
		}
	}
	// Each chart checks the non-finite numbers of the series it draws.
	in := seedA()
	in.Values[1] = math.NaN()
	if _, err := Values(in); err == nil || !strings.Contains(err.Error(), "Values[1] = NaN") {
		t.Errorf("Values with a NaN: %v", err)
	}
	in = seedA()
	in.KLTerm[2] = math.Inf(-1)
	if _, err := Rewards(in); err == nil || !strings.Contains(err.Error(), "KLTerm[2] = -Inf") {
		t.Errorf("Rewards with -Inf: %v", err)
	}

	for _, c := range []struct {
		edit func(*RibbonInput)
		want string
	}{
		{func(r *RibbonInput) { r.Prompt = nil }, "Prompt is empty"},
		{func(r *RibbonInput) { r.Response = nil }, "Response is empty"},
		{func(r *RibbonInput) { r.Base = -1 }, "Base = -1"},
		{func(r *RibbonInput) { r.Text.RibbonTitle = " " }, "RibbonTitle"},
		{func(r *RibbonInput) { r.ID = "a b" }, "ID"},
	} {
		r := ribbonSeedA()
		c.edit(&r)
		if _, err := Ribbon(r); err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "chart: ") {
			t.Errorf("Ribbon: error %v, want chart: … %q", err, c.want)
		}
	}
}

func TestLarge(t *testing.T) {
	in := long(512)
	for _, c := range charts {
		svg, err := c.fn(in)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		d := checkRoot(t, svg, "gae-"+c.name)
		if len(d.hl) != 512 {
			t.Errorf("%s: %d hl rects, want 512", c.name, len(d.hl))
		}
		if w, _ := strconv.ParseFloat(attr(d.root, "width"), 64); w > Light().MaxPlotWidth+400 {
			t.Errorf("%s: width %v, want the data area capped at MaxPlotWidth", c.name, w)
		}
	}
	r := ribbonSeedA()
	r.Response = in.Tokens
	checkRoot(t, must(Ribbon(r)), "gae-ribbon")
}

func TestSize(t *testing.T) {
	th := Light()
	for _, T := range []int{1, 3, 10, 25, 64, 512} {
		_, f, err := values(ptr(long(T)))
		if err != nil {
			t.Fatal(err)
		}
		// Columns are TokenWidth wide until T of them fill MaxPlotWidth
		// (25 tokens), then narrow.
		want := th.TokenWidth
		if float64(T)*th.TokenWidth > th.MaxPlotWidth {
			want = th.MaxPlotWidth / float64(T)
		}
		if f.W < minW || f.slot < want || float64(T)*f.slot > math.Max(th.MaxPlotWidth, minW) {
			t.Errorf("T=%d: width %v, column %v; want ≥ %v, ≥ %v and T columns within MaxPlotWidth", T, f.W, f.slot, minW, want)
		}
	}
}

// TestBudget64 holds the charts of a realistic 64-token response to the
// page's budget: the page (HTML and SVG) is at most 150 KB, of which each of
// the three charts may take 18 KB and the ribbon 8 KB.
func TestBudget64(t *testing.T) {
	in := playground(64)
	for _, c := range charts {
		svg := must(c.fn(in))
		checkRoot(t, svg, "gae-"+c.name)
		if len(svg) > 18*1024 {
			t.Errorf("%s: %d bytes for 64 tokens, budget 18 KB", c.name, len(svg))
		}
	}
	svg := must(Ribbon(playgroundRibbon(64)))
	checkRoot(t, svg, "gae-ribbon")
	if len(svg) > 8*1024 {
		t.Errorf("ribbon: %d bytes for 64 tokens, budget 8 KB", len(svg))
	}
}

func ptr[T any](v T) *T { return &v }

func TestPalette(t *testing.T) {
	colors, markers := map[string]Quantity{}, map[string]Quantity{}
	for _, q := range Quantities {
		s, ok := Styles[q]
		if !ok {
			t.Fatalf("no style for %s", q)
		}
		if _, err := parseHex(s.Color); err != nil {
			t.Errorf("%s: %v", q, err)
		}
		if o, dup := colors[s.Color]; dup {
			t.Errorf("%s and %s share colour %s", q, o, s.Color)
		}
		if o, dup := markers[s.Marker]; dup {
			t.Errorf("%s and %s share marker %s", q, o, s.Marker)
		}
		colors[s.Color], markers[s.Marker] = q, q
		if textEN().Name(q) == "" {
			t.Errorf("Text.Name(%s) is empty", q)
		}
	}
	if got := Styles[Return].DashArray(2); got != "6 4" {
		t.Errorf("Return dash at 2 px = %q, want \"6 4\"", got)
	}
	if got := Styles[Value].DashArray(2); got != "none" {
		t.Errorf("Value dash = %q, want none", got)
	}
	if Light().StrokeWidth < 2 {
		t.Errorf("default stroke %v px, want ≥ 2", Light().StrokeWidth)
	}
}

func benchCharts(b *testing.B, T int) {
	in := long(T)
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range charts {
			if _, err := c.fn(in); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkCharts64 renders the three charts of a 64-token response.
func BenchmarkCharts64(b *testing.B) { benchCharts(b, 64) }

// BenchmarkCharts512 renders the three charts of a 512-token response.
func BenchmarkCharts512(b *testing.B) { benchCharts(b, 512) }

// TestDump writes sample SVGs to $CHART_DUMP, to look at them in a browser.
func TestDump(t *testing.T) {
	dir := os.Getenv("CHART_DUMP")
	if dir == "" {
		t.Skip("set CHART_DUMP=dir to write sample SVGs")
	}
	proj := Light()
	proj.Name, proj.StrokeWidth, proj.MarkerRadius, proj.FontSize, proj.TitleSize, proj.TokenWidth, proj.PlotHeight = "projector", 3, 7, 20, 26, 80, 320
	for name, in := range map[string]Input{"seedA": seedA(), "cjk": cjk()} {
		in.Theme = proj
		for _, c := range charts {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("projector-%s-%s.svg", name, c.name)), must(c.fn(in)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		r := ribbonCJK()
		r.Theme = proj
		if err := os.WriteFile(filepath.Join(dir, "projector-ribbon.svg"), must(Ribbon(r)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, T := range []int{64, 512} {
		for _, c := range charts {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("long%d-%s.svg", T, c.name)), must(c.fn(long(T))), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("playground%d-%s.svg", T, c.name)), must(c.fn(playground(T))), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("playground%d-ribbon.svg", T)), must(Ribbon(playgroundRibbon(T))), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkCharts3 measures the fixed cost of the three charts.
func BenchmarkCharts3(b *testing.B) { benchCharts(b, 3) }

func TestInputLimits(t *testing.T) {
	in := seedA()
	in.Values[0] = 1e300
	if _, err := Values(in); err == nil || !strings.Contains(err.Error(), "Values[0] = 1e+300, want a finite number within ±1e+12") {
		t.Errorf("huge value: %v", err)
	}
	in = seedA()
	in.Theme = Light()
	in.Theme.Name = ""
	if _, err := Values(in); err == nil || !strings.Contains(err.Error(), "Theme.Name") {
		t.Errorf("theme without a name: %v", err)
	}
	// A zero-width value range (all zero) still renders.
	in = seedA()
	in.Values, in.Returns, in.Advantages = make([]float64, 3), make([]float64, 3), make([]float64, 3)
	checkRoot(t, must(Values(in)), "gae-values")
}

// FuzzCharts renders arbitrary tokens and numbers: never a panic, always
// well-formed XML with one hl rect per token.
func FuzzCharts(f *testing.F) {
	f.Add("a\x00b\x00c", 0.3, -1.5, uint8(0), 1)
	f.Add("是\x00</text><script>\x00&amp;\x00\xff", 1e9, 0.0, uint8(2), 0)
	f.Add("", 0.0, 0.0, uint8(1), 1)
	f.Fuzz(func(t *testing.T, toks string, a, b float64, mask uint8, base int) {
		in := seedA()
		in.Tokens = strings.Split(toks, "\x00")
		in.Base = base
		T := len(in.Tokens)
		if T > 200 {
			return
		}
		fill := func(v float64) []float64 {
			s := make([]float64, T)
			for i := range s {
				s[i] = v * float64(i%3-1)
			}
			return s
		}
		in.Values, in.Returns, in.Advantages, in.Whitened = fill(a), fill(b), fill(a-b), fill(b)
		in.Scores, in.KLTerm, in.Rewards = fill(a), fill(-b), fill(a-b)
		in.Mask = make([]Kind, T)
		for i := range in.Mask {
			in.Mask[i] = Kind((int(mask) >> (i % 4)) % 3)
		}
		for _, c := range charts {
			svg, err := c.fn(in)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "chart: ") {
					t.Fatalf("%s: error without prefix: %v", c.name, err)
				}
				continue
			}
			d := parse(t, svg)
			if len(d.hl) != T {
				t.Fatalf("%s: %d hl rects, want %d", c.name, len(d.hl), T)
			}
		}
	})
}

// The page's stylesheet colours the table rows with the light theme's
// palette.
func TestPaletteMatchesStylesheet(t *testing.T) {
	css, err := os.ReadFile(filepath.Join("..", "..", "static", "app.css"))
	if err != nil {
		t.Fatal(err)
	}
	for q := range Styles {
		decl := "--c-" + string(q) + ": " + Light().style(q).Color + ";"
		if !strings.Contains(string(css), decl) {
			t.Errorf("static/app.css lacks %q", decl)
		}
	}
}

// playground returns a realistic response of T tokens as the playground
// sends it: CJK and emoji token texts, values in [0, 1] with 3 decimals, the
// last 8 tokens padding, the score on the last valid token, KL terms around
// −0.05, returns and advantages from GAE (γ = 1, λ = 0.95) and whitened
// advantages over the valid tokens.
func playground(T int) Input {
	words := []string{"我", "认为", "答案", "是", "🙂", "42", "，", "因为", "6×7", "👍🏽", "。", "所以", "the", "最终", "结果", "✅"}
	in := Input{Text: textZH(), Base: 1}
	valid := max(T-8, 1)
	seed := uint32(12345)
	rnd := func() float64 { // a small LCG: deterministic, no package state
		seed = seed*1664525 + 1013904223
		return float64(seed>>8) / (1 << 24)
	}
	for t := range T {
		k := Valid
		tok := words[t%len(words)]
		if t >= valid {
			k, tok = Padding, "<pad>"
		}
		in.Tokens = append(in.Tokens, tok)
		in.Mask = append(in.Mask, k)
		v, kl := math.Round((0.3+0.5*float64(t)/float64(T)+0.2*rnd())*1000)/1000, 0.0
		if k == Valid {
			kl = math.Round((-0.05+0.04*(rnd()-0.5))*1000) / 1000
		} else {
			v = 0
		}
		in.Values = append(in.Values, v)
		in.KLTerm = append(in.KLTerm, kl)
		in.Scores = append(in.Scores, 0)
	}
	in.Scores[valid-1] = 1
	in.Rewards = make([]float64, T)
	for t := range T {
		in.Rewards[t] = in.Scores[t] + in.KLTerm[t]
	}
	in.Returns, in.Advantages, in.Whitened = make([]float64, T), make([]float64, T), make([]float64, T)
	gae := 0.0
	for t := valid - 1; t >= 0; t-- {
		next := 0.0
		if t+1 < valid {
			next = in.Values[t+1]
		}
		gae = in.Rewards[t] + next - in.Values[t] + 0.95*gae
		in.Advantages[t], in.Returns[t] = gae, gae+in.Values[t]
	}
	mean, sq := 0.0, 0.0
	for t := range valid {
		mean += in.Advantages[t] / float64(valid)
	}
	for t := range valid {
		sq += (in.Advantages[t] - mean) * (in.Advantages[t] - mean)
	}
	sd := math.Sqrt(sq/float64(valid-1)) + 1e-8
	for t := range valid {
		in.Whitened[t] = (in.Advantages[t] - mean) / sd
	}
	return in
}

// In the dark theme every series is drawn at ≥ 4.5:1 against the
// background (WCAG contrast of the colours the charts really use), in
// Okabe–Ito colours that stay colour-blind safe, with lines ≥ 3 px.
func TestDarkSeriesContrast(t *testing.T) {
	th := Dark()
	okabeIto := "#E69F00 #56B4E9 #009E73 #F0E442 #0072B2 #D55E00 #CC79A7 #F2F2F2"
	bg := rgb(th.Background)
	seen := map[string]Quantity{}
	for q := range Styles {
		c := th.style(q).Color
		if !strings.Contains(okabeIto, strings.ToUpper(c)) {
			t.Errorf("%s: %s is not an Okabe–Ito colour (or the theme's light KL)", q, c)
		}
		if r := svg.Contrast(rgb(c), bg); r < 4.5 {
			t.Errorf("%s: %s on %s is %.2f:1, want ≥ 4.5:1", q, c, th.Background, r)
		}
		if other, ok := seen[c]; ok {
			t.Errorf("%s and %s share %s", q, other, c)
		}
		seen[c] = q
	}
	if th.StrokeWidth < 3 {
		t.Errorf("dark lines are %v px, want ≥ 3", th.StrokeWidth)
	}
}

func playgroundRibbon(T int) RibbonInput {
	return RibbonInput{Prompt: strings.Split("问：6乘7等于几？", ""), Response: playground(T).Tokens, Base: 1, Text: textZH()}
}

// The dark and projector themes render: the theme's class, the projector's
// thick strokes and large labels, and light KL bars on the dark background.
func TestDarkProjectorTheme(t *testing.T) {
	in := seedA()
	in.Theme = Dark().Projector()
	for name, draw := range map[string]func(Input) ([]byte, error){"values": Values, "rewards": Rewards, "advantages": Advantages} {
		svg, err := draw(in)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		s := string(svg)
		th := in.Theme
		for _, want := range []string{"theme-dark", fmt.Sprintf(`stroke-width="%v"`, th.StrokeWidth), fmt.Sprintf(`font-size="%v"`, th.FontSize), "#111418"} {
			if name != "values" && strings.HasPrefix(want, "stroke") {
				continue // only the values chart draws lines; the others are bars
			}
			if !strings.Contains(s, want) {
				t.Errorf("%s: dark projector SVG lacks %q", name, want)
			}
		}
		if name == "rewards" && strings.Contains(s, `fill="#000000"`) {
			t.Errorf("rewards: black KL bars on a dark background")
		}
	}
}
