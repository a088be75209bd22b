package web

import (
	"gaelab/web/page"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"gaelab/templates"
	"gaelab/web/scenario"
)

// What the compare views (/compare/lambda, /compare/estimators,
// /compare/variance) share: their links, page frame, form and table rows.

// sweepLink is the link of a compare view: the scenario's query
// (scenario.Encode), the view's own parameters (extra, e.g. "&t=3"), then
// the view parameters and lang= as the playground's links have them. With
// path "/play" and no extra it is the playground's link of the scenario.
func sweepLink(pr playRequest, path, query, extra string) string {
	return pr.pageLink(path, query+extra).String()
}

// sweepPage is the page frame of this view's link (query: the scenario's,
// extra: the view's own parameters).
func sweepPage(v playView, titleKey, path, query, extra string) templates.Page {
	return v.frameOf(titleKey, v.pr.pageLink(path, query+extra))
}

// sweepCanonical is the link a request of a compare view is redirected to.
func sweepCanonical(pr playRequest, path, query, extra string) string {
	return pr.pageLink(path, query+extra).Canonical(pr.langSet)
}

// sweepForm is a compare view's GET form: γ and λ, the view's own selects,
// and every other parameter of its canonical link as hidden inputs.
func sweepForm(v playView, action, link string, selects ...templates.Select) templates.SweepForm {
	f := templates.SweepForm{
		Action: action, Legend: v.t("sweep.form.legend"), Submit: v.t("form.submit"),
		Sliders: []templates.Field{
			v.field("gamma", "gamma", v.t("form.gamma"), scenario.FormatNumber(v.s.Gamma)),
			v.field("lam", "lam", v.t("form.lam"), scenario.FormatNumber(v.s.Lam)),
		},
		Selects: selects,
		Errors:  v.fieldErrors(),
	}
	f.Sliders[0].Help, f.Sliders[1].Help = v.t("form.gamma.help"), v.t("form.lam.help")
	for i := range f.Sliders {
		f.Sliders[i].Kind, f.Sliders[i].Min, f.Sliders[i].Max, f.Sliders[i].Step = "range", "0", "1", "0.01"
	}
	shown := []string{"gamma", "lam"}
	for _, s := range selects {
		shown = append(shown, s.Name)
	}
	_, query, _ := strings.Cut(v.editLink(link), "?") // an edit makes a v=3 link (edit_v2.go)
	for _, pair := range strings.Split(query, "&") {
		k, val, _ := strings.Cut(pair, "=")
		k, errK := url.QueryUnescape(k)
		val, errV := url.QueryUnescape(val)
		if errK != nil || errV != nil || k == "" || slices.Contains(shown, k) {
			continue
		}
		f.Hidden = append(f.Hidden, templates.Option{Value: k, Label: val})
	}
	return f
}

// sweepColumns are the token table's columns: index in the chosen
// numbering, token text and mask class.
func sweepColumns(v playView) []templates.Column {
	cols := make([]templates.Column, v.s.Len())
	for t, tok := range v.s.Tokens {
		cols[t] = templates.Column{Index: v.idx(t), Text: tok.Text, Class: maskClass(tok.Kind), T: t}
	}
	return cols
}

// sweepRow is one row of numbers over the tokens; where skip(t) holds it
// shows "—" instead (nil skips nothing).
func sweepRow(v playView, id, label, code, swatch string, xs []float64, skip func(t int) bool) templates.Row {
	row := templates.Row{ID: id, Label: label, Code: code, Swatch: swatch, Cells: make([]templates.Cell, len(xs))}
	for t, x := range xs {
		c := templates.Cell{T: t, Text: page.Num(x), Full: page.Full(x), Class: maskClass(v.s.Tokens[t].Kind)}
		if exact, _ := strconv.ParseFloat(c.Text, 64); exact == x {
			c.Full = ""
		}
		if skip != nil && skip(t) {
			c.Text, c.Full = v.t("sweep.masked"), ""
		}
		row.Cells[t] = c
	}
	return row
}

// compareLinks are a compare view's links to the playground and to the
// other compare views of its scenario (all but the view at path here).
func (v playView) compareLinks(here string) []templates.Link {
	links := []templates.Link{{Label: v.t("sweep.open_play"), URL: sweepLink(v.pr, "/play", v.state, ""), Title: "open-play"}}
	for _, c := range []struct{ path, key, title string }{
		{"/compare/lambda", "sweep.link.lambda", "open-lambda"},
		{"/compare/estimators", "sweep.link.est", "open-estimators"},
		{"/compare/variance", "sweep.link.var", "open-variance"},
	} {
		if c.path != here {
			links = append(links, templates.Link{Label: v.t(c.key), URL: sweepLink(v.pr, c.path, v.state, ""), Title: c.title})
		}
	}
	return links
}
