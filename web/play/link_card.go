package play

import (
	"net/http"
	"strings"

	"gaelab/web/chart"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/preview"
	"gaelab/web/scenario"
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
	if d := v.cardDiff(); d != "" {
		c.Desc += " " + d
	}
	if v.S.Len() <= preview.MaxTokens {
		c.Image = page.Link{Path: "/play/preview.png", State: v.stateOnly, Lang: v.Req.Lang}
	}
	return c
}

// cardDiff says what an edited state changed from its preset (issue 35:
// an edited link's preview says what differs): γ, λ, β, the prompt, and
// how many tokens (or that their number changed); "" when nothing there
// differs.
func (v View) cardDiff() string {
	p, ok := scenario.Preset(v.S.Preset)
	if !ok || !v.edited() {
		return ""
	}
	var d []string
	for _, x := range []struct {
		key      string
		got, was float64
	}{{"card.diff.gamma", v.S.Gamma, p.Gamma}, {"card.diff.lam", v.S.Lam, p.Lam}, {"card.diff.beta", v.S.Beta, p.Beta}} {
		if x.got != x.was {
			d = append(d, v.T(x.key, scenario.FormatNumber(x.got)))
		}
	}
	if v.S.Prompt != p.Prompt {
		d = append(d, v.T("card.diff.prompt"))
	}
	if v.S.Len() != p.Len() {
		d = append(d, v.T("card.diff.len", v.S.Len(), p.Len()))
	} else {
		n := 0
		for t := range v.S.Tokens {
			if v.S.Tokens[t] != p.Tokens[t] {
				n++
			}
		}
		if n > 0 {
			d = append(d, v.T("card.diff.tok", n, v.S.Len()))
		}
	}
	if len(d) == 0 {
		return ""
	}
	return v.T("card.diff", strings.Join(d, v.T("card.diff.sep")))
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
