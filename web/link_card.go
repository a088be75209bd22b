package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/i18n"
	"gaelab/web/preview"
)

// Link previews: a scenario page's OpenGraph and Twitter card tags (the
// frame writes them, templates.Card) and its preview image, the boundary
// chart as a PNG (package web/preview) at /play/preview.png. og:image and
// og:url must be absolute, so they are written only with -public-url
// (Options.PublicURL), never built from the request's Host header.

// linkCard is what a page's link preview says and shows.
type linkCard struct {
	name, desc string   // the scenario's name and the description naming it and the release; desc "" for no card
	image      pageLink // the preview PNG's link; path "" for none
	publicURL  string   // -public-url without its trailing slash; "" writes no og:url nor og:image
}

// cardTokenRunes bounds the tokens quoted in a description.
const cardTokenRunes = 80

// tags is the frame's Card for a page whose link is self and title title.
func (c linkCard) tags(self pageLink, title string) templates.Card {
	t := self.lang.T
	card := templates.Card{Title: t("card.title", c.name, title), Description: c.desc, SiteName: t("brand"), Locale: "en_US"}
	if self.lang == i18n.Zh {
		card.Locale = "zh_CN"
	}
	if c.publicURL == "" {
		return card
	}
	card.URL = c.publicURL + self.learner().String()
	if c.image.path != "" {
		card.Image = c.publicURL + c.image.String()
		card.ImageAlt = t("card.image.alt")
		card.ImageW, card.ImageH = strconv.Itoa(preview.Width), strconv.Itoa(preview.Height)
	}
	return card
}

// publicURL is -public-url without its trailing slash.
func (s *Server) publicURL() string { return strings.TrimSuffix(s.opts.PublicURL, "/") }

// card is the link preview of this scenario: its preset's name (or "edited
// from" it), its tokens, the release, and its boundary chart when it has at
// most preview.MaxTokens tokens.
func (v playView) card() linkCard {
	name := v.t("preset." + v.s.Preset + ".title")
	if v.edited() {
		name = v.t("card.edited", name)
	}
	texts := make([]string, len(v.s.Tokens))
	for i, tok := range v.s.Tokens {
		texts[i] = tok.Text
	}
	c := linkCard{
		name:      name,
		desc:      v.t("card.desc", name, v.t("card.tokens", len(texts), quoteTokens(texts)), v.s.VersionLabel()),
		publicURL: v.pr.publicURL,
	}
	if v.s.Len() <= preview.MaxTokens {
		c.image = pageLink{path: "/play/preview.png", state: v.stateOnly, lang: v.pr.lang}
	}
	return c
}

// quoteTokens joins the tokens with spaces, one line, cut with "…" after
// cardTokenRunes runes.
func quoteTokens(texts []string) string {
	s := strings.Join(strings.Fields(strings.Join(texts, " ")), " ")
	if r := []rune(s); len(r) > cardTokenRunes {
		s = string(r[:cardTokenRunes]) + "…"
	}
	return s
}

// previewInput is what the scenario's preview draws: the values chart's
// series and words, the whole response (no step-through frame), under the
// chart's title and the release.
func (v playView) previewInput() preview.Input {
	in := v.chartInput()
	in.Step = chart.StepFrame{}
	return preview.Input{Title: in.Text.ValuesTitle, Subtitle: v.t("release.label", v.s.VersionLabel()), Chart: in}
}

// handlePlayPreview handles the "GET /play/preview.png" route: a scenario's
// link preview, its boundary chart as a 1200×630 PNG (the og:image of its
// pages). A response of more than preview.MaxTokens tokens is 422, in the
// learner's language; its pages write no og:image.
func (s *Server) handlePlayPreview(w http.ResponseWriter, r *http.Request) {
	v := newPlayView(s.readPlay(r))
	writePreview(w, v.previewInput(), v.t)
}

// writePreview answers with in's preview PNG, or 422 with why not in t's
// language: more than preview.MaxTokens tokens, or numbers it cannot draw.
func writePreview(w http.ResponseWriter, in preview.Input, t func(string, ...any) string) {
	png, err := preview.PNG(in)
	switch {
	case errors.Is(err, preview.ErrTooLong):
		http.Error(w, t("preview.too_long", preview.MaxTokens, len(in.Chart.Tokens)), http.StatusUnprocessableEntity)
		return
	case err != nil:
		http.Error(w, t("chart.error"), http.StatusUnprocessableEntity)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Vary", "Accept-Language, Cookie") // the chart's words, without lang=
	w.Write(png)
}
