// Package compare is the comparison views: /compare and its views of one
// scenario across λ, estimators, critics (variance), releases (versions)
// and bugs, with their charts, and the horizon block lessons embed.
package compare

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"gaelab/engine/explain"
	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// The comparison views (/compare/lambda, /compare/estimators,
// /compare/versions, /compare/bugs) draw their charts inline, and each chart
// is also served alone, as the playground's are, for download:
//
//	/compare/lambda/chart/{name}.svg   lines, small-0 … small-4, heat, weights
//	/compare/estimators/chart.svg
//	/compare/versions/chart.svg
//	/compare/bugs/chart/{bug}-{i}.svg  the chart of bug (one of bug=) and sequence i (0-based)
//
// Each takes the page's query and draws with the page's code and element
// ids, so the file is the figure's SVG byte for byte, after an XML prolog.

// What the comparison pages (/compare/versions, /compare/bugs, …) share:
// the playground's scenario computed two ways, shown cell by cell with the
// cells that differ marked.
//
// Index convention, as everywhere: t is the 0-based response-token index;
// values[t] = V(s_t), the state before token t; the reward, δ, advantage and
// return at t belong to token t.

// compareView is a comparison page's view of one request: the playground's
// view of the scenario, the page's path and its own parameters.
type compareView struct {
	play.View
	path  string
	extra string // the page's own parameters, canonical, each "&key=value"
}

// link is the page's link for scenario s and page parameters extra: the
// scenario's query, extra, then the view parameters and lang=.
func (c compareView) link(s scenario.Scenario, extra string) string {
	return c.Req.PageLink(c.path, scenario.Encode(s)+extra).String()
}

// self is the link of the request's state.
func (c compareView) self() page.Link { return c.Req.PageLink(c.path, c.State+c.extra) }

// serve answers a request through the page pipeline: the whole page, or
// for the form's htmx request (HX-Target target) the results.
func (c compareView) serve(w http.ResponseWriter, r *http.Request, target string, whole, results func() templ.Component) {
	page.Serve(w, r, page.Answer{
		Canonical: c.self().Canonical(c.Req.LangSet),
		Redirect:  c.Req.Rep.OK(), KeepTyped: !c.Req.Rep.OK(),
		Page: whole, Fragments: map[string]func() templ.Component{target: results},
	})
}

// frame is the page frame, with every link of it keeping this page's state.
func (c compareView) frame(titleKey string) templates.Page { return c.FrameOf(titleKey, c.self()) }

// header is what both pages show above their results. try are other
// scenarios worth comparing.
func (c compareView) header(headingKey, introKey string, try []templates.Link, introArgs ...any) templates.ComparePage {
	preset, _ := scenario.Preset(c.S.Preset)
	view := c.S // the step and the selected cell are the playground's views, not changes
	view.Step, view.Select = preset.Step, preset.Select
	name := c.T("compare.scenario", c.T("preset."+c.S.Preset+".title"))
	if scenario.Encode(view) != scenario.Encode(preset) {
		name += " — " + c.T("presets.changed")
	}
	return templates.ComparePage{
		Heading: c.T(headingKey), Intro: c.HTML(introKey, introArgs...),
		Warnings:   append(c.Messages(c.Req.Rep.Problems), c.Messages(c.Req.Rep.Warnings)...),
		Scenario:   name,
		Playground: templates.Link{Label: c.T("lessons.open"), URL: c.Req.Link("/play", c.S)},
		TryLabel:   c.T("compare.try"), Try: try,
	}
}

// tryLink is the page, with its parameters, on another scenario: a preset,
// changed by edit when edit is not nil.
func (c compareView) tryLink(labelKey, preset string, edit func(s *scenario.Scenario)) templates.Link {
	s, _ := scenario.Preset(preset)
	if edit != nil {
		edit(&s)
	}
	l := templates.Link{Label: c.T(labelKey), URL: c.link(s, c.extra)}
	l.Current = l.URL == c.self().String()
	return l
}

// form is the page's GET form: the scenario in hidden inputs, γ and λ, and
// the page's checkboxes (filled in by the page).
func (c compareView) form(target string) templates.CompareForm {
	f := templates.CompareForm{
		Action: c.path, Target: target, Legend: c.T("compare.form.legend"), Submit: c.T("compare.form.submit"),
		Gamma: c.Field("gamma", "gamma", c.T("form.gamma"), scenario.FormatNumber(c.S.Gamma)),
		Lam:   c.Field("lam", "lam", c.T("form.lam"), scenario.FormatNumber(c.S.Lam)),
	}
	for _, unit := range []*templates.Field{&f.Gamma, &f.Lam} {
		unit.Kind, unit.Min, unit.Max, unit.Step = "range", "0", "1", "0.01"
	}
	f.Gamma.Help, f.Lam.Help = c.T("form.gamma.help"), c.T("form.lam.help")
	// The visible fields carry γ and λ; an edit makes a v=3 link (play/edit.go).
	f.Hidden = c.Req.PageLink(c.path, c.EditState()).Hidden("gamma", "lam")
	return f
}

// readList reads a page parameter that lists choices: comma-separated, or
// repeated (as a form's checkboxes send it). It returns the known choices in
// the order of known, and reports the others.
func readList[T ~string](q url.Values, key string, known []T, rep *scenario.Report) []T {
	var picked []T
	for _, raw := range q[key] {
		for item := range strings.SplitSeq(raw, ",") {
			switch item = strings.TrimSpace(item); {
			case item == "":
			case slices.Contains(known, T(item)):
				picked = append(picked, T(item))
			default:
				names := make([]string, len(known))
				for i, k := range known {
					names[i] = string(k)
				}
				rep.Warnings = append(rep.Warnings, scenario.Problem{Key: "warn.compare.choice", Args: []any{key, item, strings.Join(names, ", ")}})
			}
		}
	}
	var out []T // in the order of known, once each
	for _, k := range known {
		if slices.Contains(picked, k) {
			out = append(out, k)
		}
	}
	return out
}

// joinList writes a list parameter: "&key=a,b", or "" for an empty list.
func joinList[T ~string](key string, items []T) string {
	if len(items) == 0 {
		return ""
	}
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = string(it)
	}
	return "&" + key + "=" + strings.Join(parts, ",")
}

// Differs reports whether two computations of one number disagree
// by more than float64 rounding (relative 1e-9): code that computes the same
// thing in another order rounds differently, and that is no difference.
func Differs(a, b float64) bool { return explain.Differs(a, b) }

// columns are a comparison table's token columns.
func (c compareView) columns() []templates.Column {
	cols := make([]templates.Column, c.S.Len())
	for t, tok := range c.S.Tokens {
		cols[t] = templates.Column{Index: c.Idx(t), Text: tok.Text, Class: play.MaskClass(tok.Kind), T: t}
	}
	return cols
}

// compareRow is one computation's numbers of one quantity; nil values show
// as "—" (whitening failed). why puts the reasons of the marks on it.
type compareRow struct {
	series, label string
	values        []float64
	why           bool
}

// cellMark says whether token t's cell differs, and why.
type cellMark func(t int) (differs bool, reasons []templates.Link)

// group builds one quantity's rows, every cell marked where mark says; the
// reasons go on the rows that ask for them.
func (c compareView) group(id, label, code, swatch string, mark cellMark, rows ...compareRow) templates.CompareGroup {
	g := templates.CompareGroup{ID: id, Label: label, Code: code, Swatch: swatch}
	for _, row := range rows {
		r := templates.CompareRow{Series: row.series, Label: row.label}
		for t := range c.S.Tokens {
			cell := templates.CompareCell{Text: "—", Class: play.MaskClass(c.S.Tokens[t].Kind)}
			if row.values != nil {
				cell.Text = page.Num(row.values[t])
			}
			if mark != nil {
				if on, why := mark(t); on {
					cell.Differs, cell.Marker = true, "≠"
					cell.Class = strings.TrimSpace(cell.Class + " differs")
					if row.why {
						cell.Reasons = why
					}
					// The full number, where 4 decimals may hide the difference.
					if x := row.values; x != nil {
						if exact, _ := strconv.ParseFloat(cell.Text, 64); exact != x[t] {
							cell.Full = page.Full(x[t])
						}
					}
				}
			}
			r.Cells = append(r.Cells, cell)
		}
		g.Rows = append(g.Rows, r)
	}
	return g
}

// compareChart draws a comparison chart; id is its figure's element id.
func (c compareView) compareChart(id, title string, q chart.Quantity, ref, other []float64, refLabel, otherLabel, axisKey string, differs []bool) page.Chart {
	in := c.compareInput(id, title, q, ref, other, refLabel, otherLabel, axisKey, differs)
	svg, err := chart.Compare(in)
	return page.Chart{ID: id, Title: title, SVG: svg, Err: err}
}

// compareInput is compareChart's input; the page's link preview draws it too.
func (c compareView) compareInput(id, title string, q chart.Quantity, ref, other []float64, refLabel, otherLabel, axisKey string, differs []bool) chart.CompareInput {
	in := chart.CompareInput{Base: c.S.Base, Quantity: q, Reference: ref, Other: other, Differs: differs, Theme: c.ChartTheme(), ID: id,
		Text: chart.CompareText{
			Title: title, Desc: c.T("compare.chart.desc"), Reference: refLabel, Other: otherLabel,
			Differs: "≠", DiffersLegend: c.T("compare.differs"),
			TokenAxis: c.T("chart.axis.token"), ValueAxis: c.T(axisKey),
			Padding: c.T("mask.pad"), Observation: c.T("mask.obs"),
		}}
	in.Tokens, in.Mask = play.ChartTokens(c.S)
	return in
}

// figure is a drawn chart as the page shows it, linked to its route path
// with the page's state.
func (c compareView) figure(d page.Chart, path string) templates.Chart {
	at := c
	at.path = path
	return d.Figure(c.T, at.self().String(), d.Title+" — "+c.T("chart.error"))
}

// verlRef links a verl issue or pull request, "verl#1850".
func verlRef(n int) templates.Link {
	s := strconv.Itoa(n)
	return templates.Link{Label: "verl#" + s, URL: "https://github.com/verl-project/verl/issues/" + s}
}
