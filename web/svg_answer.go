package web

import (
	"gaelab/web/httperr"
	"net/http"
)

// writeSVG answers a chart route: the chart as a standalone SVG document,
// or 422 with errText when it could not be drawn.
func writeSVG(w http.ResponseWriter, d drawnChart, errText string) {
	if d.err != nil {
		http.Error(w, errText, http.StatusUnprocessableEntity)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Vary", "Accept-Language, Cookie") // the chart's words, without lang=
	w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?>` + "\n"))
	w.Write(d.svg)
}

// chartNotFound answers a chart name the page does not draw: 404, in the
// learner's language, as an unknown address is.
func chartNotFound(w http.ResponseWriter, r *http.Request) {
	httperr.Write(w, r, httperr.New("not_found", "error.not_found"))
}
