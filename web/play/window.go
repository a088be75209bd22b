package play

import (
	"strconv"
	"strings"

	"gaelab/templates"
)

// Presentation mode's window of tokens. Past narrowWindow tokens the table
// on a projector would shrink its numbers below what the back row reads, so
// it shows a window of them around the current step: narrowWindow tokens on
// screens under 1600 px wide, wideWindow from 1600 px (the page marks the
// columns only the wide window shows, .w-wide, and CSS picks by width, so
// the window needs no JavaScript). Arrows are links that move the window by
// its width (win=, the token at its centre).
const (
	narrowWindow = 8
	wideWindow   = 12
)

// tokenWindow is the first t of each window, lo8 ⊂ lo12 (lo12 ≤ lo8 and
// lo8+8 ≤ lo12+12 hold for any centre).
type tokenWindow struct {
	on        bool
	n         int
	lo8, lo12 int
}

// window places the windows around the token the teacher moved to (win=),
// else the token the step writes (T−1 before the loop starts), else the
// selected cell's token, else the first.
func (v View) window() tokenWindow {
	n := v.S.Len()
	w := tokenWindow{n: n, on: v.Req.View.Present && n > narrowWindow}
	if !w.on {
		return w
	}
	c := 0
	m := v.stepMarks()
	_, sel, _ := strings.Cut(v.S.Select, ".")
	switch t, err := strconv.Atoi(sel); {
	case v.Req.View.WinSet:
		c = v.Req.View.Win
	case m.active && m.cur >= 0:
		c = m.cur
	case m.active:
		c = n - 1
	case err == nil:
		c = t
	}
	w.lo8 = clampInt(c-narrowWindow/2, 0, n-narrowWindow)
	w.lo12 = clampInt(c-wideWindow/2, 0, max(n-wideWindow, 0))
	return w
}

func clampInt(x, lo, hi int) int { return min(max(x, lo), hi) }

// shows reports whether token t is in the wide window, and whether only the
// wide window shows it.
func (w tokenWindow) shows(t int) (shown, wideOnly bool) {
	if !w.on {
		return true, false
	}
	shown = t >= w.lo12 && t < w.lo12+wideWindow
	return shown, shown && (t < w.lo8 || t >= w.lo8+narrowWindow)
}

// arrows are the table's window arrows: earlier and later for the narrow
// window, and for the wide one past 12 tokens.
func (v View) arrows(w tokenWindow) templates.TableWindow {
	if !w.on {
		return templates.TableWindow{}
	}
	tw := templates.TableWindow{Narrow: v.windowArrows(w.lo8, narrowWindow, w.n)}
	if w.n > wideWindow {
		tw.Wide = v.windowArrows(w.lo12, wideWindow, w.n)
	}
	return tw
}

// windowArrows are the arrows of a window of size tokens starting at lo:
// each opens the window next to it, centred (win=) so that it is whole.
func (v View) windowArrows(lo, size, n int) []templates.Link {
	move := func(key string, from int) templates.Link {
		from = clampInt(from, 0, n-size)
		pr := v.Req
		pr.View.Win, pr.View.WinSet = from+size/2, true
		return templates.Link{
			Label: v.T(key), Title: v.T(key+".title", v.Idx(from), v.Idx(from+size-1)),
			URL: pr.LinkTo("/play", v.State),
		}
	}
	earlier, later := move("window.earlier", lo-size), move("window.later", lo+size)
	if lo == 0 {
		earlier.URL = ""
	}
	if lo+size >= n {
		later.URL = ""
	}
	return []templates.Link{earlier, later}
}
