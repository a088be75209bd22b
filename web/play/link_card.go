package play

import (
	"net/http"

	"gaelab/web/chart"
	"gaelab/web/i18n"
	"gaelab/web/page"
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
func (v View) card() page.Card {
	name := v.T("preset." + v.S.Preset + ".title")
	if v.edited() {
		name = v.T("card.edited", name)
	}
	// An English preview glosses a Chinese preset (issue 35), as the first
	// screen's story does, while the link keeps its texts.
	if gloss := "preset." + v.S.Preset + ".gloss"; v.Req.Lang == i18n.En && containsHan(name) && v.presetTexts() && i18n.Has(gloss) {
		name += v.T("first.gloss", v.T(gloss))
	}
	texts := make([]string, len(v.S.Tokens))
	for i, tok := range v.S.Tokens {
		texts[i] = tok.Text
	}
	c := page.Card{
		Name:      name,
		Desc:      v.T("card.desc", name, v.T("card.tokens", len(texts), page.QuoteTokens(texts)), v.S.VersionLabel()),
		PublicURL: v.Req.publicURL,
	}
	if v.S.Len() <= preview.MaxTokens {
		c.Image = page.Link{Path: "/play/preview.png", State: v.stateOnly, Lang: v.Req.Lang}
	}
	return c
}

// PreviewInput is what the scenario's preview draws: the values chart's
// series and words, the whole response (no step-through frame), under the
// chart's title and the release.
func (v View) PreviewInput() preview.Input {
	in := v.ChartInput()
	in.Step = chart.StepFrame{}
	return preview.Input{Title: in.Text.ValuesTitle, Subtitle: v.T("release.label", v.S.VersionLabel()), Chart: in}
}

// HandlePlayPreview handles the "GET /play/preview.png" route: a scenario's
// link preview, its boundary chart as a 1200×630 PNG (the og:image of its
// pages). A response of more than preview.MaxTokens tokens is 422, in the
// learner's language; its pages write no og:image.
func (s *Room) HandlePlayPreview(w http.ResponseWriter, r *http.Request) {
	v := NewView(s.Read(r))
	page.WritePreview(w, v.PreviewInput(), v.T)
}
