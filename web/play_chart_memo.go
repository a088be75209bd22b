package web

import "strconv"

// chartMemo keeps recently drawn charts (8 MiB), so that the SVG export of
// the state a page has just shown, or the same chart in another view of it,
// is not drawn again.
var chartMemo = newLRU(8<<20, func(svg []byte) int { return len(svg) })

// memoChart is draw's chart for this view, from chartMemo when it was drawn
// before. The key holds everything a chart depends on: its name and element
// id prefix, the language, the theme, and the whole scenario (its canonical
// link encodes every field).
func (v playView) memoChart(name, id string, draw func() ([]byte, error)) ([]byte, error) {
	key := name + "\x00" + id + "\x00" + string(v.pr.lang) + "\x00" +
		strconv.FormatBool(v.pr.view.dark) + strconv.FormatBool(v.pr.view.present) + "\x00" + v.state
	if svg, ok := chartMemo.get(key); ok {
		return svg, nil
	}
	svg, err := draw()
	if err == nil {
		chartMemo.put(key, svg)
	}
	return svg, err
}
