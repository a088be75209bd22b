package web

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"gaelab/web/scenario"
)

// viewParams are how a link is shown, not what it computes: presentation
// mode, theme, what a teacher hides for the class to predict, how much of it
// is revealed, and whether editing is locked.
type viewParams struct {
	present bool
	dark    bool
	hide    []string // hidden parts, revealed one at a time in this order
	reveal  int      // how many of hide are revealed
	lock    bool
	// win is the 0-based token t at the centre of presentation mode's
	// window of tokens (scenarios longer than 8 tokens), when the teacher
	// moved it (win=); winSet false lets the window follow the step.
	win    int
	winSet bool
}

// hideTargets are what hide= may name: table rows, charts, and the
// formula, step-through and editor panels.
var hideTargets = []string{
	"score", "kld", "reward", "value", "next", "delta", "adv", "ret", "white",
	"values", "rewards", "advantages", "ribbon", "formula", "step", "controls",
}

// viewKeys are the link parameters of viewParams, in canonical order.
var viewKeys = []string{"present", "theme", "hide", "rev", "lock", "win"}

// readView decodes the view parameters, reporting what it cannot use.
func readView(q url.Values, rep *scenario.Report) viewParams {
	var v viewParams
	v.present = q.Get("present") == "1"
	switch q.Get("theme") {
	case "", "light":
	case "dark":
		v.dark = true
	default:
		rep.Warnings = append(rep.Warnings, scenario.Problem{Key: "warn.view", Args: []any{"theme", q.Get("theme")}})
	}
	if h := q.Get("hide"); h != "" {
		for _, item := range strings.Split(h, ",") {
			if slices.Contains(hideTargets, item) && !slices.Contains(v.hide, item) {
				v.hide = append(v.hide, item)
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
		v.reveal = min(max(n, 0), len(v.hide))
	}
	v.lock = q.Get("lock") == "1"
	if w := q.Get("win"); w != "" && v.present { // a window exists in presentation mode only
		n, err := strconv.Atoi(w)
		if err != nil || n < 0 || n > scenario.MaxTokens {
			rep.Warnings = append(rep.Warnings, scenario.Problem{Key: "warn.view", Args: []any{"win", w}})
		} else {
			v.win, v.winSet = n, true
		}
	}
	return v
}

// suffix writes the view parameters for a link, in canonical order.
func (v viewParams) suffix() string {
	var b strings.Builder
	if v.present {
		b.WriteString("&present=1")
	}
	if v.dark {
		b.WriteString("&theme=dark")
	}
	if len(v.hide) > 0 {
		b.WriteString("&hide=" + strings.Join(v.hide, ","))
		if v.reveal > 0 {
			b.WriteString("&rev=" + strconv.Itoa(v.reveal))
		}
	}
	if v.lock {
		b.WriteString("&lock=1")
	}
	if v.winSet && v.present {
		b.WriteString("&win=" + strconv.Itoa(v.win))
	}
	return b.String()
}

// hidden reports whether a part is still hidden.
func (v viewParams) hidden(part string) bool {
	i := slices.Index(v.hide, part)
	return i >= v.reveal
}

// chartHidden reports whether a chart is hidden, itself or because it would
// show a hidden row's numbers.
func (v viewParams) chartHidden(name string) bool {
	shows := map[string][]string{
		"values":     {"value", "ret", "adv"},
		"rewards":    {"score", "kld", "reward"},
		"advantages": {"adv", "white"},
	}
	if v.hidden(name) {
		return true
	}
	for _, row := range shows[name] {
		if v.hidden(row) {
			return true
		}
	}
	return false
}

// nextHidden is the part the next reveal uncovers, or "".
func (v viewParams) nextHidden() string {
	if v.reveal < len(v.hide) {
		return v.hide[v.reveal]
	}
	return ""
}
