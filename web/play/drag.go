package play

import (
	"math"

	"gaelab/static"
	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/scenario"
)

// Direct manipulation on /play: the inline values and rewards charts carry
// handles (chart.Handles) that static/edit.js turns into ARIA sliders. A
// handle edits the form's own field (V.t or score.t, or item t of the list
// V or score for a long response), so a drag is an edit like typing: the
// same link, the same server computation.

// dragRange is the least range of a slider; it widens to hold the data.
const dragRange = 5.0

// dragHandles are the handles of the inline chart name: V(s_t) on the
// values chart, the scores on the rewards chart, none where the page cannot
// be edited (presentation, a locked or hidden editor) and none on padding
// or observation tokens' scores (their scores are not used).
func (v View) dragHandles(name string) chart.Handles {
	if v.Req.View.Present || v.Req.View.Lock || v.Req.View.Hidden("controls") {
		return chart.Handles{}
	}
	var h chart.Handles
	var get func(scenario.Token) float64
	switch {
	case name == "values":
		h.Field, get = "V", func(t scenario.Token) float64 { return t.Value }
	case name == "rewards" && !v.S.DirectRewards:
		h.Field, get = "score", func(t scenario.Token) float64 { return t.Score }
	default:
		return chart.Handles{}
	}
	h.Min, h.Max, h.Base = -dragRange, dragRange, v.S.Base
	if h.Field == "V" {
		h.Name = v.T("drag.value", "{ₜ}")
	} else {
		h.Name = v.T("drag.score", "{t}")
		h.Skip = make([]bool, v.S.Len())
	}
	for t, tok := range v.S.Tokens {
		x := get(tok)
		h.Min, h.Max = math.Min(h.Min, math.Floor(x)), math.Max(h.Max, math.Ceil(x))
		if h.Skip != nil {
			h.Skip[t] = tok.Kind != scenario.Valid // a masked token's score is not used
		}
	}
	return h
}

// renderInline draws chart name for the page itself: with its handles when
// the page can be edited, from the chart memo like every chart.
func (v View) renderInline(name string) ([]byte, error) {
	h := v.dragHandles(name)
	if h.Field == "" {
		return v.RenderChart(name, "")
	}
	return v.MemoChart(name+".drag", "", func() ([]byte, error) { return v.DrawChart(name, "", h) })
}

// editableRows maps the table's input rows to their form fields.
var editableRows = map[string]struct{ field, label string }{
	"score": {"score", "form.row.score"}, "value": {"V", "form.row.value"},
}

// cellEditor is the form field a click on a cell of row edits in place, and
// its editor's accessible name ("{t}" for the token's index); "" for a row
// that is computed or a page that cannot be edited.
func (v View) cellEditor(row string) (field, label string) {
	e, ok := editableRows[row]
	if row == "reward" && v.S.DirectRewards {
		e, ok = struct{ field, label string }{"r", "form.row.reward"}, true
	}
	if !ok || v.dragHandles("values").Field == "" {
		return "", ""
	}
	return e.field, v.T("edit.cell", v.T("form.cell", v.T(e.label), "{t}"))
}

// presetsOOB is the preset bar an edit's answer replaces out of band, nil
// when the page shows none (presentation mode).
func (v View) presetsOOB() *templates.PresetBar {
	if v.Req.View.Present {
		return nil
	}
	b := v.presets()
	return &b
}

// editPage adds static/edit.js to the playground's frame when its charts
// carry handles.
func (v View) editPage(p templates.Page) templates.Page {
	if v.dragHandles("values").Field != "" {
		p.Scripts = append(p.Scripts, static.Path("edit.js"))
	}
	return p
}
