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
func (v View) card() page.Card { return v.cardOf(page.Link{Path: "/play"}) }

// cardOf is the link preview of the page of this scenario whose link is
// self. A page with a card of its own in the catalog (card.page.<path>, its
// slashes as dots: card.page.compare.lambda.desc and .alt) says what it
// shows and shares its own chart, <path>/preview.png with the page's state
// (issue 35); other pages share the playground's.
func (v View) cardOf(self page.Link) page.Card { return v.PageCard(self, PageCardKey(self.Path)) }

// PageCard is the link preview of the page at self under the catalog's
// card key: key.desc, formatted with the scenario's name, its tokens, the
// release and then args, says what the page shows, key.alt what its image
// draws (self.Path's preview.png); a key the catalog lacks, or the
// playground's, shares the playground's card.
func (v View) PageCard(self page.Link, key string, args ...any) page.Card {
	descKey, image := "card.desc", page.Link{Path: "/play/preview.png", State: v.stateOnly, Lang: v.Req.Lang}
	alt := ""
	if self.Path != "/play" && i18n.Has(key+".desc") {
		descKey, alt = key+".desc", v.T(key+".alt")
		image = page.Link{Path: self.Path + "/preview.png", State: self.State, Lang: v.Req.Lang}
	}
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
		Desc:      v.T(descKey, append([]any{name, v.T("card.tokens", len(texts), page.QuoteTokens(texts)), v.S.VersionLabel()}, args...)...),
		Alt:       alt,
		PublicURL: v.Req.publicURL,
	}
	if d := v.cardDiff(); d != "" {
		c.Desc += " " + d
	}
	if v.S.Len() <= preview.MaxTokens {
		c.Image, c.Size = image, [2]int{preview.Width, preview.Height}
	}
	return c
}

// PageCardKey is the catalog key of path's own link preview:
// "card.page.compare.lambda" for /compare/lambda.
func PageCardKey(path string) string { return "card.page" + strings.ReplaceAll(path, "/", ".") }

// PreviewSubtitle is the line under a preview's title: the release.
func (v View) PreviewSubtitle() string { return v.T("release.label", v.S.VersionLabel()) }

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
	return preview.Input{Title: in.Text.ValuesTitle, Subtitle: v.PreviewSubtitle(), Chart: in}
}

// HandlePlayPreview handles the "GET /play/preview.png" route: a scenario's
// link preview, its boundary chart as a 1200×630 PNG (the og:image of its
// pages). A response of more than preview.MaxTokens tokens is 422, in the
// learner's language (its pages write no og:image); numbers it cannot draw
// answer a PNG that says so (page.WritePreview).
func (s *Room) HandlePlayPreview(w http.ResponseWriter, r *http.Request) {
	v := NewView(s.Read(r))
	preview.WritePreview(w, r, v.PreviewInput(), v.T)
}
