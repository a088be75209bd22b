package page

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"gaelab/web/scenario"
)

// View are how a link is shown, not what it computes: presentation
// mode, theme, what a teacher hides for the class to predict, how much of it
// is revealed, and whether editing is locked.
type View struct {
	Present bool
	Dark    bool
	Hide    []string // hidden parts, revealed one at a time in this order
	Reveal  int      // how many of hide are revealed
	Lock    bool
	// Win is the 0-based token t at the centre of presentation mode's
	// window of tokens (scenarios longer than 8 tokens), when the teacher
	// moved it (win=); WinSet false lets the window follow the step.
	Win    int
	WinSet bool
}

// hideTargets are what hide= may name: table rows, charts, and the
// formula, step-through and editor panels.
var hideTargets = []string{
	"score", "kld", "reward", "value", "next", "delta", "adv", "ret", "white",
	"values", "rewards", "advantages", "ribbon", "formula", "step", "controls",
}

// ViewKeys are the link parameters ReadView reads, in canonical order.
var ViewKeys = []string{"present", "theme", "hide", "rev", "lock", "win"}

// ReadView decodes the view parameters, reporting what it cannot use.
func ReadView(q url.Values, rep *scenario.Report) View {
	var v View
	v.Present = q.Get("present") == "1"
	switch q.Get("theme") {
	case "", "light":
	case "dark":
		v.Dark = true
	default:
		rep.Warnings = append(rep.Warnings, scenario.Problem{Key: "warn.view", Args: []any{"theme", q.Get("theme")}})
	}
	if h := q.Get("hide"); h != "" {
		for _, item := range strings.Split(h, ",") {
			if slices.Contains(hideTargets, item) && !slices.Contains(v.Hide, item) {
				v.Hide = append(v.Hide, item)
			} else {
				rep.Warnings = append(rep.Warnings, scenario.Problem{Key: "warn.view", Args: []any{"hide", item}})
			}
		}
	}
	if r := q.Get("rev"); r != "" {
		n, err := strconv.Atoi(r)
		if err != nil || n < 0 {
			rep.Warnings = append(rep.Warnings, scenario.Problem{Key: "warn.view", Args: []any{"rev", r}})
		}
		v.Reveal = min(max(n, 0), len(v.Hide))
	}
	v.Lock = q.Get("lock") == "1"
	if w := q.Get("win"); w != "" && v.Present { // a window exists in presentation mode only
		n, err := strconv.Atoi(w)
		if err != nil || n < 0 || n > scenario.MaxTokens {
			rep.Warnings = append(rep.Warnings, scenario.Problem{Key: "warn.view", Args: []any{"win", w}})
		} else {
			v.Win, v.WinSet = n, true
		}
	}
	return v
}

// suffix writes the view parameters for a link, in canonical order.
func (v View) suffix() string {
	var b strings.Builder
	if v.Present {
		b.WriteString("&present=1")
	}
	if v.Dark {
		b.WriteString("&theme=dark")
	}
	if len(v.Hide) > 0 {
		b.WriteString("&hide=" + strings.Join(v.Hide, ","))
		if v.Reveal > 0 {
			b.WriteString("&rev=" + strconv.Itoa(v.Reveal))
		}
	}
	if v.Lock {
		b.WriteString("&lock=1")
	}
	if v.WinSet && v.Present {
		b.WriteString("&win=" + strconv.Itoa(v.Win))
	}
	return b.String()
}

// Hidden reports whether a part is still hidden.
func (v View) Hidden(part string) bool {
	i := slices.Index(v.Hide, part)
	return i >= v.Reveal
}

// ChartHidden reports whether a chart is hidden, itself or because it would
// show a hidden row's numbers.
func (v View) ChartHidden(name string) bool {
	shows := map[string][]string{
		"values":     {"value", "ret", "adv"},
		"rewards":    {"score", "kld", "reward"},
		"advantages": {"adv", "white"},
	}
	if v.Hidden(name) {
		return true
	}
	for _, row := range shows[name] {
		if v.Hidden(row) {
			return true
		}
	}
	return false
}

// NextHidden is the part the next reveal uncovers, or "".
func (v View) NextHidden() string {
	if v.Reveal < len(v.Hide) {
		return v.Hide[v.Reveal]
	}
	return ""
}
