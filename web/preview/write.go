package preview

import (
	"errors"
	"net/http"

	"gaelab/web/httperr"
)

// WriteLines answers with in's preview PNG (Lines), or what
// WritePreview answers when it cannot be drawn.
func WriteLines(w http.ResponseWriter, r *http.Request, in LinesInput, t func(string, ...any) string) {
	png, err := Lines(in)
	writePNG(w, r, png, err, len(in.Tokens), in.Title, in.Subtitle, t)
}

// WritePreview answers with in's preview PNG. A response of more than
// MaxTokens tokens is 422 with why in t's language (its pages write
// no og:image); numbers it cannot draw answer a PNG all the same
// (WriteNotice), since a chat app shows nothing for an error status.
func WritePreview(w http.ResponseWriter, r *http.Request, in Input, t func(string, ...any) string) {
	png, err := PNG(in)
	writePNG(w, r, png, err, len(in.Chart.Tokens), in.Title, in.Subtitle, t)
}

// WriteNotice answers with the preview of a state that cannot be drawn, a
// 200 PNG (Notice) under the page's title and subtitle: "this
// link's numbers cannot be drawn" in t's language, then why (reason, when
// the learner can act on it) or where to look.
func WriteNotice(w http.ResponseWriter, r *http.Request, title, subtitle, reason string, t func(string, ...any) string) {
	if reason == "" {
		reason = t("preview.undrawable.open")
	}
	png, err := Notice(title, subtitle, t("preview.undrawable"), reason)
	if err != nil {
		httperr.WriteMessage(w, r, http.StatusInternalServerError, t("chart.error"))
		return
	}
	writeImage(w, png)
}

// writePNG answers with a drawn preview, or 422 for a response of n tokens
// past MaxTokens, or the notice of a state it cannot draw.
func writePNG(w http.ResponseWriter, r *http.Request, png []byte, err error, n int, title, subtitle string, t func(string, ...any) string) {
	switch {
	case errors.Is(err, ErrTooLong):
		httperr.WriteMessage(w, r, http.StatusUnprocessableEntity, t("preview.too_long", MaxTokens, n))
		return
	case err != nil:
		WriteNotice(w, r, title, subtitle, "", t)
		return
	}
	writeImage(w, png)
}

// writeImage writes a preview PNG.
func writeImage(w http.ResponseWriter, png []byte) {
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Vary", "Accept-Language, Cookie") // the chart's words, without lang=
	w.Write(png)
}
