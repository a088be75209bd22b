package page

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/preview"
)

// Card is what a page's link preview says and shows.
type Card struct {
	// Name is the scenario's name, before the page's title in og:title; ""
	// for a page without a scenario (a lesson: og:title is its title).
	// Desc is the description (naming the scenario and the release); "" for
	// no card.
	Name, Desc string
	Image      Link   // the preview PNG's link; path "" for none
	Alt        string // the image's og:image:alt; "" for card.image.alt (the boundary chart)
	PublicURL  string // -public-url without its trailing slash; "" writes no og:url nor og:image
}

// cardTokenRunes bounds the tokens quoted in a description.
const cardTokenRunes = 80

// tags is the frame's Card for a page whose link is self and title title.
func (c Card) tags(self Link, title string) templates.Card {
	t := self.Lang.T
	card := templates.Card{Title: title, Description: c.Desc, SiteName: t("brand"), Locale: "en_US"}
	if c.Name != "" {
		card.Title = t("card.title", c.Name, title)
	}
	if self.Lang == i18n.Zh {
		card.Locale = "zh_CN"
	}
	if c.PublicURL == "" {
		return card
	}
	card.URL = c.PublicURL + self.Learner().String()
	if c.Image.Path != "" {
		card.Image = c.PublicURL + c.Image.String()
		card.ImageAlt = t("card.image.alt")
		if c.Alt != "" {
			card.ImageAlt = c.Alt
		}
		card.ImageW, card.ImageH = strconv.Itoa(preview.Width), strconv.Itoa(preview.Height)
	}
	return card
}

// WriteLines answers with in's preview PNG (preview.Lines), or what
// WritePreview answers when it cannot be drawn.
func WriteLines(w http.ResponseWriter, in preview.LinesInput, t func(string, ...any) string) {
	png, err := preview.Lines(in)
	writePNG(w, png, err, len(in.Tokens), in.Title, in.Subtitle, t)
}

// QuoteTokens joins the tokens with spaces, one line, cut with "…" after
// cardTokenRunes runes.
func QuoteTokens(texts []string) string {
	s := strings.Join(strings.Fields(strings.Join(texts, " ")), " ")
	if r := []rune(s); len(r) > cardTokenRunes {
		s = string(r[:cardTokenRunes]) + "…"
	}
	return s
}

// WritePreview answers with in's preview PNG. A response of more than
// preview.MaxTokens tokens is 422 with why in t's language (its pages write
// no og:image); numbers it cannot draw answer a PNG all the same
// (WriteNotice), since a chat app shows nothing for an error status.
func WritePreview(w http.ResponseWriter, in preview.Input, t func(string, ...any) string) {
	png, err := preview.PNG(in)
	writePNG(w, png, err, len(in.Chart.Tokens), in.Title, in.Subtitle, t)
}

// WriteNotice answers with the preview of a state that cannot be drawn, a
// 200 PNG (preview.Notice) under the page's title and subtitle: "this
// link's numbers cannot be drawn" in t's language, then why (reason, when
// the learner can act on it) or where to look.
func WriteNotice(w http.ResponseWriter, title, subtitle, reason string, t func(string, ...any) string) {
	if reason == "" {
		reason = t("preview.undrawable.open")
	}
	png, err := preview.Notice(title, subtitle, t("preview.undrawable"), reason)
	if err != nil {
		http.Error(w, t("chart.error"), http.StatusInternalServerError)
		return
	}
	writeImage(w, png)
}

// writePNG answers with a drawn preview, or 422 for a response of n tokens
// past preview.MaxTokens, or the notice of a state it cannot draw.
func writePNG(w http.ResponseWriter, png []byte, err error, n int, title, subtitle string, t func(string, ...any) string) {
	switch {
	case errors.Is(err, preview.ErrTooLong):
		http.Error(w, t("preview.too_long", preview.MaxTokens, n), http.StatusUnprocessableEntity)
		return
	case err != nil:
		WriteNotice(w, title, subtitle, "", t)
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
