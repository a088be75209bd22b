package update

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// updateView is what the two update views (/update/critic and
// /update/actor) share: the playground's scenario, computed in its own verl
// version; the generation whose value and policy losses the view computes
// and the scenario whose returns and whitened advantages feed them; and the
// view's own parameters.
//
// In a v=3 state (scenario.OwnLosses) the release is the whole release:
// its own GAE and whitening feed its own losses. In a v=1 or v=2 state the
// losses are v0.9.0's (LastGeneration), fed by the newest GAE, as these
// links have always shown (as in the golden file).
//
// Index convention: t is the 0-based response-token index; values[t] =
// V(s_t), the state before token t; vpreds[t] is the current critic's
// prediction of the same V(s_t); returns, advantages and log-probs at t
// belong to token t.
type updateView struct {
	play.View
	path string
	gen  engine.Generation // whose losses: the state's release in a v=3 state, else LastGeneration
	feed scenario.Result   // whose returns and whitened advantages feed the losses
	own  scenario.Params
}

// newUpdateView decodes a request of the view at path, whose own parameters
// are keys.
func (s *Room) newUpdateView(r *http.Request, path string, keys ...string) updateView {
	pr := s.Read(r, keys...)
	q, _ := url.ParseQuery(r.URL.RawQuery) // s.Read has reported a malformed query
	v := updateView{View: play.NewView(pr), path: path, own: scenario.Params{Q: q}}
	v.gen, v.feed = v.S.LossSource(v.Res)
	return v
}

// whole reports whether the view computes its state's release's own losses
// (a v=3 state) rather than v0.9.0's.
func (v updateView) whole() bool { return v.S.OwnLosses() }

// link is the view's canonical link in the view parameters of pr: the
// scenario, the view's own parameters that differ from their defaults (in
// the order the view reads them), then the view parameters and lang.
func (v updateView) link(pr play.Request) string { return v.selfIn(pr).String() }

// selfIn is the view's link (its state and own parameters) as a page.Link.
func (v updateView) selfIn(pr play.Request) page.Link {
	return pr.PageLink(v.path, v.State+strings.Join(v.own.Parts, ""))
}

// ok reports whether the link was read without any problem.
func (v updateView) ok() bool { return v.Req.Rep.OK() && len(v.own.Problems) == 0 }

// serve answers a request through the page pipeline: the whole page, or
// for htmx the results and the error summary.
func (v updateView) serve(w http.ResponseWriter, r *http.Request, build func() templates.Update, whole func(templates.Update) templ.Component) {
	vm := build()
	page.Serve(w, r, page.Answer{
		Canonical: v.selfIn(v.Req).Canonical(v.Req.LangSet),
		Redirect:  v.ok(), KeepTyped: !v.ok(),
		Page: func() templ.Component { return whole(vm) },
		Fragments: map[string]func() templ.Component{
			vm.Results.ID: func() templ.Component { return templates.UpdateFragment(vm.Results, vm.Form.Errors) },
		},
	})
}

// frame is the page frame, with every link of it on this view's state.
func (v updateView) frame(titleKey string) templates.Page {
	return v.FrameOf(titleKey, v.selfIn(v.Req))
}

// page is the view named view ("actor" or "critic": its update.<view>.*
// messages) with its form and results, linked to the other view.
func (v updateView) page(view, otherPath, otherKey string, f templates.UpdateForm, results templates.UpdateResults) templates.Update {
	return templates.Update{
		Page:     v.frame("update." + view + ".title"),
		Heading:  v.T("update." + view + ".heading"),
		Intro:    v.HTML("update." + view + ".intro"),
		Warnings: v.warnings(),
		Links:    v.links(otherPath, otherKey),
		Form:     f,
		Results:  results,
	}
}

// links open the scenario in the playground and in the other update view,
// and download the view's verify script.
func (v updateView) links(otherPath, otherKey string) []templates.Link {
	verifyLink := v.selfIn(v.Req)
	verifyLink.Path += "/verify.py"
	return []templates.Link{
		{Label: v.T("lessons.open"), URL: v.Req.LinkTo("/play", v.State), Title: "open-playground"},
		{Label: v.T(otherKey), URL: v.Req.LinkTo(otherPath, v.State), Title: "other-view"},
		{Label: v.T("export.verify"), URL: verifyLink.String(), Title: "verify"},
	}
}

// warnings are the scenario's problems and the link's warnings: the
// scenario's fields are edited in the playground, so they are reported here.
func (v updateView) warnings() []string {
	return append(v.Messages(v.Req.Rep.Problems), v.Messages(v.Req.Rep.Warnings)...)
}

// hiddenState is the form's hidden inputs: the canonical link without the
// view's own parameters, as name/value pairs in order.
func (v updateView) hiddenState() []templates.Option {
	return v.Req.PageLink(v.path, v.EditState()).Hidden() // an edit makes a v=3 link (play/edit.go)
}

// field is one of the view's own inputs, showing what was typed when it was bad.
func (v updateView) field(id, label, value string) templates.Field {
	name, _, _ := strings.Cut(id, ".")
	f := templates.Field{ID: id, Name: name, Label: label, Value: value, Kind: "text"}
	if p := v.own.ProblemOf(id); p != nil {
		f.Error = v.T(p.Key, p.Args...)
		f.Value = v.own.Raw[id]
	}
	return f
}

// listEditor fills the form's per-token list: one input per token for a
// short response, one comma-separated list for a long one.
func (v updateView) listEditor(f *templates.UpdateForm, key, label string, xs []float64) {
	f.ListLabel = label
	if v.S.Len() > play.GridMaxTokens {
		items := make([]string, len(xs))
		for t, x := range xs {
			items[t] = scenario.FormatNumber(x)
			if raw, ok := v.own.Raw[key+"."+strconv.Itoa(t)]; ok {
				items[t] = raw
			}
		}
		f.Compact, f.List = true, v.field(key, label, strings.Join(items, ","))
		f.List.Help = v.T("update.list.help")
		for t := range xs {
			if p := v.own.ProblemOf(key + "." + strconv.Itoa(t)); p != nil && f.List.Error == "" {
				f.List.Error = v.T(p.Key, p.Args...)
			}
		}
		return
	}
	for t, tok := range v.S.Tokens {
		f.Columns = append(f.Columns, templates.Column{Index: v.Idx(t), Text: tok.Text, Class: play.MaskClass(tok.Kind), T: t})
		f.Cells = append(f.Cells, v.field(key+"."+strconv.Itoa(t), v.T("form.cell", label, v.Idx(t)), scenario.FormatNumber(xs[t])))
	}
}

// fieldErrors lists the view's own problems, introduced by one sentence;
// in the list editor a token's problem points at the list.
func (v updateView) fieldErrors() []templates.FieldError {
	if len(v.own.Problems) == 0 {
		return nil
	}
	errs := []templates.FieldError{{Message: v.T("update.errors_intro")}}
	for _, p := range v.own.Problems {
		field := p.Field
		if v.S.Len() > play.GridMaxTokens {
			field, _, _ = strings.Cut(field, ".")
		}
		errs = append(errs, templates.FieldError{Field: field, Message: v.T(p.Key, p.Args...)})
	}
	return errs
}

// columns are the table's headers, one per token t.
func (v updateView) columns() []templates.Column {
	cols := make([]templates.Column, v.S.Len())
	for t, tok := range v.S.Tokens {
		cols[t] = templates.Column{Index: v.Idx(t), Text: tok.Text, Class: play.MaskClass(tok.Kind), T: t}
	}
	return cols
}

// numberRow is a table row of numbers, one per token.
func (v updateView) numberRow(id, label, code, swatch string, xs []float64) templates.Row {
	row := templates.Row{ID: id, Label: label, Code: code, Swatch: swatch}
	for t, x := range xs {
		row.Cells = append(row.Cells, templates.Cell{T: t, Text: page.Num(x), Class: play.MaskClass(v.S.Tokens[t].Kind)})
	}
	return row
}

// flagRow is a table row of indicators (1 or 0 per token), said in words
// so that it does not rest on colour: yes where the indicator is 1.
func (v updateView) flagRow(id, label, code string, flags []float64, yes, no string) templates.Row {
	row := templates.Row{ID: id, Label: label, Code: code}
	for t, f := range flags {
		c := templates.Cell{T: t, Text: no, Class: play.MaskClass(v.S.Tokens[t].Kind)}
		if f == 1 {
			c.Text, c.Class = yes, strings.TrimSpace(c.Class+" flagged")
		}
		row.Cells = append(row.Cells, c)
	}
	return row
}

// metric is a named number for the metric lists.
func updateMetric(id, label, code string, x float64) templates.Metric {
	m := templates.Metric{ID: id, Label: label, Code: code, Value: page.Num(x), Full: page.Full(x)}
	if exact, _ := strconv.ParseFloat(m.Value, 64); exact == x {
		m.Full = ""
	}
	return m
}

// tokenList names tokens ("t = 0, 4", by their index in the chosen
// numbering), or says there is none.
func (v updateView) tokenList(ts []int) string {
	if len(ts) == 0 {
		return v.T("update.none")
	}
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = v.Idx(t)
	}
	return "t = " + strings.Join(parts, ", ")
}

// validTokens are the tokens with response_mask = 1.
func (v updateView) validTokens() []int {
	var ts []int
	for t, tok := range v.S.Tokens {
		if tok.Kind == scenario.Valid {
			ts = append(ts, t)
		}
	}
	return ts
}

// The range checks of the views' parameters.
func updateNonNegative(x float64) (string, []any) {
	if x < 0 {
		return "update.err.negative", nil
	}
	return "", nil
}

// updateClipRange is a clip range ε: not negative, at most hi.
func updateClipRange(hi float64) scenario.ParamCheck {
	return func(x float64) (string, []any) {
		switch {
		case x < 0:
			return "update.err.negative", nil
		case x > hi:
			return "err.range", []any{0, hi}
		}
		return "", nil
	}
}

func updateDualC(x float64) (string, []any) {
	if !(x > 1) {
		return "update.err.c", nil
	}
	return "", nil
}
