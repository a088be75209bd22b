package web

import (
	"gaelab/web/page"
	"net/http"

	"gaelab/web/chart"
	"gaelab/web/preview"
)

// Link previews: a scenario page's OpenGraph and Twitter card tags (the
// frame writes them, templates.Card) and its preview image, the boundary
// chart as a PNG (package web/preview) at /play/preview.png. og:image and
// og:url must be absolute, so they are written only with -public-url
// (Options.PublicURL), never built from the request's Host header.

// card is the link preview of this scenario: its preset's name (or "edited
// from" it), its tokens, the release, and its boundary chart when it has at
// most preview.MaxTokens tokens.
func (v playView) card() page.Card {
	name := v.t("preset." + v.s.Preset + ".title")
	if v.edited() {
		name = v.t("card.edited", name)
	}
	texts := make([]string, len(v.s.Tokens))
	for i, tok := range v.s.Tokens {
		texts[i] = tok.Text
	}
	c := page.Card{
		Name:      name,
		Desc:      v.t("card.desc", name, v.t("card.tokens", len(texts), page.QuoteTokens(texts)), v.s.VersionLabel()),
		PublicURL: v.pr.publicURL,
	}
	if v.s.Len() <= preview.MaxTokens {
		c.Image = page.Link{Path: "/play/preview.png", State: v.stateOnly, Lang: v.pr.lang}
	}
	return c
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
func (s *playRoom) handlePlayPreview(w http.ResponseWriter, r *http.Request) {
	v := newPlayView(s.readPlay(r))
	page.WritePreview(w, v.previewInput(), v.t)
}
