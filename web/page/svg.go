package page

import (
	"net/http"

	"github.com/a-h/templ"

	"gaelab/templates"
	"gaelab/web/httperr"
)

// WriteSVG answers a chart route: the chart as a standalone SVG document,
// or 422 with errText (in r's language) when it could not be drawn.
func WriteSVG(w http.ResponseWriter, r *http.Request, d Chart, errText string) {
	if d.Err != nil {
		httperr.WriteMessage(w, r, http.StatusUnprocessableEntity, errText)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Vary", "Accept-Language, Cookie") // the chart's words, without lang=
	w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?>` + "\n"))
	w.Write(d.SVG)
}

// ChartNotFound answers a chart name the page does not draw: 404, in the
// learner's language, as an unknown address is.
func ChartNotFound(w http.ResponseWriter, r *http.Request) {
	httperr.NotFound(w, r)
}

// Chart is one chart a page draws inline and its route serves alone:
// the figure's element id (also the prefix of the ids inside the SVG), its
// caption, and the SVG or why it could not be drawn.
type Chart struct {
	ID, Title string
	SVG       []byte
	Err       error
}

// Figure is the drawn chart as the page shows it: with a download link to
// url, or, when it could not be drawn, with title (which says so) and no
// SVG and no link.
func (d Chart) Figure(t func(string, ...any) string, url, title string) templates.Chart {
	if d.Err != nil {
		return templates.Chart{ID: d.ID, Title: title, SVG: templ.Raw("")}
	}
	return templates.Chart{ID: d.ID, Title: d.Title, SVG: templ.Raw(string(d.SVG)), URL: url, Download: t("chart.download")}
}
