package web

import (
	"github.com/a-h/templ"

	"gaelab/templates"
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

// drawnChart is one chart a page draws inline and its route serves alone:
// the figure's element id (also the prefix of the ids inside the SVG), its
// caption, and the SVG or why it could not be drawn.
type drawnChart struct {
	id, title string
	svg       []byte
	err       error
}

// figure is the drawn chart as the page shows it: with a download link to
// url, or, when it could not be drawn, with title (which says so) and no
// SVG and no link.
func (d drawnChart) figure(v playView, url, title string) templates.Chart {
	if d.err != nil {
		return templates.Chart{ID: d.id, Title: title, SVG: templ.Raw("")}
	}
	return templates.Chart{ID: d.id, Title: d.title, SVG: templ.Raw(string(d.svg)), URL: url, Download: v.t("chart.download")}
}
