package play

import (
	"strconv"

	"gaelab/web/bounded"
)

// ChartMemo keeps recently drawn charts, so that the SVG export of the state
// a page has just shown, or the same chart in another view of it, is not
// drawn again. The Server holds one; a view without one (nil) draws every
// chart.
type ChartMemo = bounded.Cache[string, []byte]

// ChartMemoBytes bounds a server's chart memo: keys (which hold a whole
// scenario link) and charts.
const ChartMemoBytes = 8 << 20

func NewChartMemo(maxBytes int) *ChartMemo {
	return bounded.New(maxBytes, func(key string, svg []byte) int { return bounded.StringBytes(key) + bounded.SliceBytes(svg) })
}

// MemoChart is draw's chart for this view, from the memo when it was drawn
// before. The key holds everything a chart depends on: its name and element
// id prefix, the language, the theme, and the whole scenario (its canonical
// link encodes every field).
func (v View) MemoChart(name, id string, draw func() ([]byte, error)) ([]byte, error) {
	memo := v.Req.Charts
	if memo == nil {
		return draw()
	}
	key := name + "\x00" + id + "\x00" + string(v.Req.Lang) + "\x00" +
		strconv.FormatBool(v.Req.View.Dark) + strconv.FormatBool(v.Req.View.Present) + "\x00" + v.State
	if svg, ok := memo.Get(key); ok {
		return svg, nil
	}
	svg, err := draw()
	if err == nil {
		memo.Put(key, svg)
	}
	return svg, err
}
