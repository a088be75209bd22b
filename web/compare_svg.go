package web

import (
	"net/http"

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

// writeSVG answers a chart route: the chart as a standalone SVG document,
// or 422 with errText when it could not be drawn.
func writeSVG(w http.ResponseWriter, d drawnChart, errText string) {
	if d.err != nil {
		http.Error(w, errText, http.StatusUnprocessableEntity)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Vary", "Accept-Language") // the chart's words, without lang=
	w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?>` + "\n"))
	w.Write(d.svg)
}

// chartNotFound answers a chart name the page does not draw: 404, in the
// learner's language, as an unknown address is.
func chartNotFound(w http.ResponseWriter, r *http.Request) {
	guardAnswer(w, r, http.StatusNotFound, "not_found", "error.not_found")
}
