package web

import (
	"gaelab/web/page"
	"net/http"

	"gaelab/web/chart"
	"gaelab/web/preview"
)

// card is the batch's link preview: its preset's name (or "edited from"
// it), its number of responses and the release, and the boundary chart of
// the response in focus when that has at most preview.MaxTokens tokens.
func (v batchView) card() page.Card {
	name := v.t("batch.preset." + v.b.Preset + ".title")
	if v.edited() {
		name = v.t("card.edited", name)
	}
	c := page.Card{Name: name, Desc: v.t("card.batch.desc", name, v.b.Len(), v.b.VersionLabel()), PublicURL: v.br.publicURL}
	if f := v.b.Focus; f >= 0 && f < v.b.Len() && len(v.b.Rows[f].Tokens) <= preview.MaxTokens {
		c.Image = page.Link{Path: "/batch/preview.png", State: v.query(f), Lang: v.br.lang}
	}
	return c
}

// previewInput is what the batch's preview draws: the boundary chart of
// response i = Focus (its tokens only, not the batch's padding to R), its
// advantages as GAE over the whole batch leaves them, before whitening.
// ok is false when there is no such response.
func (v batchView) previewInput() (in preview.Input, ok bool) {
	i := v.b.Focus
	g := v.res.GAE
	if i < 0 || i >= v.b.Len() || i >= len(v.res.Values) || i >= len(g.Returns) || i >= len(g.Advantages) {
		return in, false
	}
	toks := v.b.Rows[i].Tokens
	L := len(toks)
	if L > len(v.res.Values[i]) || L > len(g.Returns[i]) || L > len(g.Advantages[i]) {
		return in, false
	}
	c := chart.Input{Text: chartText(v.t), Tokens: make([]string, L), Mask: make([]chart.Kind, L),
		Values: v.res.Values[i][:L], Returns: g.Returns[i][:L], Advantages: g.Advantages[i][:L]}
	for t, tok := range toks {
		c.Tokens[t] = tok.Text
		if !tok.Valid {
			c.Mask[t] = chart.Padding
		}
	}
	return preview.Input{Title: c.Text.ValuesTitle, Subtitle: v.t("card.batch.row", i, v.b.VersionLabel()), Chart: c}, true
}

// handleBatchPreview handles the "GET /batch/preview.png" route: the
// batch's link preview, the boundary chart of the response in focus (row=)
// as a 1200×630 PNG. Past preview.MaxTokens tokens it is 422, in the
// learner's language.
func (s *playRoom) handleBatchPreview(w http.ResponseWriter, r *http.Request) {
	v := newBatchView(readBatch(r))
	in, ok := v.previewInput()
	if !ok {
		http.Error(w, v.t("chart.error"), http.StatusUnprocessableEntity)
		return
	}
	page.WritePreview(w, in, v.t)
}
