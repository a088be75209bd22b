package compare

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"gaelab/templates"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// What the compare views (/compare/lambda, /compare/estimators,
// /compare/variance) share: their links, page frame, form and table rows.

// SweepLink is the link of a compare view: the scenario's query
// (scenario.Encode), the view's own parameters (extra, e.g. "&t=3"), then
// the view parameters and lang= as the playground's links have them. With
// path "/play" and no extra it is the playground's link of the scenario.
func SweepLink(pr play.Request, path, query, extra string) string {
	return pr.PageLink(path, query+extra).String()
}

// sweepPage is the page frame of this view's link (query: the scenario's,
// extra: the view's own parameters).
func sweepPage(v play.View, titleKey, path, query, extra string) templates.Page {
	return v.FrameOf(titleKey, v.Req.PageLink(path, query+extra))
}

// sweepCanonical is the link a request of a compare view is redirected to.
func sweepCanonical(pr play.Request, path, query, extra string) string {
	return pr.PageLink(path, query+extra).Canonical(pr.LangSet)
}

// sweepForm is a compare view's GET form: γ and λ, the view's own selects,
// and every other parameter of its canonical link as hidden inputs.
func sweepForm(v play.View, action, link string, selects ...templates.Select) templates.SweepForm {
	f := templates.SweepForm{
		Action: action, Legend: v.T("sweep.form.legend"), Submit: v.T("form.submit"),
		Sliders: []templates.Field{
			v.Field("gamma", "gamma", v.T("form.gamma"), scenario.FormatNumber(v.S.Gamma)),
			v.Field("lam", "lam", v.T("form.lam"), scenario.FormatNumber(v.S.Lam)),
		},
		Selects: selects,
		Errors:  v.FieldErrors(),
	}
	f.Sliders[0].Help, f.Sliders[1].Help = v.T("form.gamma.help"), v.T("form.lam.help")
	for i := range f.Sliders {
		f.Sliders[i].Kind, f.Sliders[i].Min, f.Sliders[i].Max, f.Sliders[i].Step = "range", "0", "1", "0.01"
	}
	shown := []string{"gamma", "lam"}
	for _, s := range selects {
		shown = append(shown, s.Name)
	}
	_, query, _ := strings.Cut(v.EditLink(link), "?") // an edit makes a v=3 link (play/edit.go)
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
func sweepColumns(v play.View) []templates.Column {
	cols := make([]templates.Column, v.S.Len())
	for t, tok := range v.S.Tokens {
		cols[t] = templates.Column{Index: v.Idx(t), Text: tok.Text, Class: play.MaskClass(tok.Kind), T: t}
	}
	return cols
}

// sweepRow is one row of numbers over the tokens; where skip(t) holds it
// shows "—" instead (nil skips nothing).
func sweepRow(v play.View, id, label, code, swatch string, xs []float64, skip func(t int) bool) templates.Row {
	row := templates.Row{ID: id, Label: label, Code: code, Swatch: swatch, Cells: make([]templates.Cell, len(xs))}
	for t, x := range xs {
		c := templates.Cell{T: t, Text: page.Num(x), Full: page.Full(x), Class: play.MaskClass(v.S.Tokens[t].Kind)}
		if exact, _ := strconv.ParseFloat(c.Text, 64); exact == x {
			c.Full = ""
		}
		if skip != nil && skip(t) {
			c.Text, c.Full = v.T("sweep.masked"), ""
		}
		row.Cells[t] = c
	}
	return row
}

// compareLinks are a compare view's links to the playground and to the
// other compare views of its scenario (all but the view at path here).
func compareLinks(v play.View, here string) []templates.Link {
	links := []templates.Link{{Label: v.T("sweep.open_play"), URL: SweepLink(v.Req, "/play", v.State, ""), Title: "open-play"}}
	for _, c := range []struct{ path, key, title string }{
		{"/compare/lambda", "sweep.link.lambda", "open-lambda"},
		{"/compare/estimators", "sweep.link.est", "open-estimators"},
		{"/compare/variance", "sweep.link.var", "open-variance"},
	} {
		if c.path != here {
			links = append(links, templates.Link{Label: v.T(c.key), URL: SweepLink(v.Req, c.path, v.State, ""), Title: c.title})
		}
	}
	return links
}
