package class

import (
	"fmt"
	"sort"
	"strings"

	"gaelab/web/svg"
)

// RoundsText is what RoundsSVG writes in words: the chart's title, the
// legend of each round, and one sentence per answer (its value and its
// count in each round), which is the chart's text alternative (<desc>).
type RoundsText struct {
	Title          string
	Round1, Round2 string
	Bin            func(value string, first, second int) string
	Fit            chartFit // the most pairs of bars, the last the others
	Signs          bool     // a sign question: the bars −, 0, + in that order
}

// signRank orders a sign question's answers −, 0, +, then anything else.
func signRank(v string) int {
	switch v {
	case "-":
		return 0
	case "0":
		return 1
	case "+":
		return 2
	}
	return 3
}

// RoundsSVG draws the two rounds of a question as paired horizontal bars,
// round 1 above round 2 for each answer, the answers most given (in both
// rounds together) first; the right answer's label is marked ✓ only when
// right is not nil (revealed). The <desc> says every bar in words. Like
// histogramSVG: presentation attributes and app.css classes only.
func RoundsSVG(first, second Results, right func(string) bool, txt RoundsText) string {
	type pair struct {
		value  string
		n1, n2 int
	}
	byValue := map[string]*pair{}
	var pairs []*pair
	add := func(b Bin, round int) {
		p := byValue[b.Value]
		if p == nil {
			p = &pair{value: b.Value}
			byValue[b.Value] = p
			pairs = append(pairs, p)
		}
		if round == 1 {
			p.n1 += b.Count
		} else {
			p.n2 += b.Count
		}
	}
	for _, b := range first.Histogram {
		add(b, 1)
	}
	for _, b := range second.Histogram {
		add(b, 2)
	}
	if txt.Signs { // −, 0, + in that order, each drawn
		for _, sign := range []string{"-", "0", "+"} {
			add(Bin{Value: sign}, 1)
		}
	}
	sort.SliceStable(pairs, func(i, j int) bool {
		a, b := pairs[i], pairs[j]
		if txt.Signs {
			return signRank(a.value) < signRank(b.value)
		}
		return barBefore(a.n1+a.n2, a.value, b.n1+b.n2, b.value)
	})
	if n := txt.Fit.Bars; n > 1 && len(pairs) > n {
		rest := &pair{value: txt.Fit.Others}
		for _, p := range pairs[n-1:] {
			rest.n1, rest.n2 = rest.n1+p.n1, rest.n2+p.n2
		}
		pairs = append(pairs[:n-1:n-1], rest)
	}
	const (
		width, labelW, countW, barH, gap, legendH = 960, 220, 90, 32, 20, 48
	)
	most := 1
	for _, p := range pairs {
		most = max(most, p.n1, p.n2)
	}
	height := legendH + len(pairs)*(2*barH+gap) + 8
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="100%%" role="img" aria-labelledby="class-rounds-title class-rounds-desc" class="class-hist class-rounds" font-size="28">`, width, height)
	fmt.Fprintf(&s, `<title id="class-rounds-title">%s</title>`, svg.Escape(txt.Title))
	var desc []string
	for _, p := range pairs {
		desc = append(desc, txt.Bin(p.value, p.n1, p.n2))
	}
	fmt.Fprintf(&s, `<desc id="class-rounds-desc">%s</desc>`, svg.Escape(strings.Join(desc, "; ")))
	// The legend: a swatch and the name of each round.
	for i, name := range []string{txt.Round1, txt.Round2} {
		x := labelW + i*320
		fmt.Fprintf(&s, `<rect class="bar-round%d" x="%d" y="8" width="28" height="28" fill="#0b5394"/>`, i+1, x)
		fmt.Fprintf(&s, `<text x="%d" y="32" fill="currentColor">%s</text>`, x+38, svg.Escape(name))
	}
	for i, p := range pairs {
		y := legendH + i*(2*barH+gap)
		label := shownValue(p.value)
		if right != nil && right(p.value) {
			label = "✓ " + label
		}
		fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="end" fill="currentColor">%s</text>`, labelW-12, y+barH+10, svg.Escape(label))
		for round, n := range []int{p.n1, p.n2} {
			by := y + round*barH
			w := max((width-labelW-countW)*n/most, 2)
			fmt.Fprintf(&s, `<rect class="bar-round%d" x="%d" y="%d" width="%d" height="%d" fill="#0b5394"/>`, round+1, labelW, by, w, barH-4)
			fmt.Fprintf(&s, `<text x="%d" y="%d" fill="currentColor">%d</text>`, labelW+w+10, by+barH-8, n)
		}
	}
	s.WriteString(`</svg>`)
	return s.String()
}
