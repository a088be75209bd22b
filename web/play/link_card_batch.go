package play

import (
	"net/http"

	"gaelab/web/chart"
	"gaelab/web/page"
	"gaelab/web/preview"
)

// card is the batch's link preview: its preset's name (or "edited from"
// it), its number of responses and the release, and the boundary chart of
// the response in focus when that has at most preview.MaxTokens tokens.
func (v BatchView) card() page.Card {
	name := v.T("batch.preset." + v.B.Preset + ".title")
	if v.edited() {
		name = v.T("card.edited", name)
	}
	c := page.Card{Name: name, Desc: v.T("card.batch.desc", name, v.B.Len(), v.B.VersionLabel()), PublicURL: v.Br.publicURL}
	if f := v.B.Focus; f >= 0 && f < v.B.Len() && len(v.B.Rows[f].Tokens) <= preview.MaxTokens {
		c.Image = page.Link{Path: "/batch/preview.png", State: v.query(f), Lang: v.Br.Lang}
		c.Size = [2]int{preview.Width, preview.Height}
	}
	return c
}

// PreviewInput is what the batch's preview draws: the boundary chart of
// response i = Focus (its tokens only, not the batch's padding to R), its
// advantages as GAE over the whole batch leaves them, before whitening.
// ok is false when there is no such response.
func (v BatchView) PreviewInput() (in preview.Input, ok bool) {
	i := v.B.Focus
	g := v.Res.GAE
	if i < 0 || i >= v.B.Len() || i >= len(v.Res.Values) || i >= len(g.Returns) || i >= len(g.Advantages) {
		return in, false
	}
	toks := v.B.Rows[i].Tokens
	L := len(toks)
	if L > len(v.Res.Values[i]) || L > len(g.Returns[i]) || L > len(g.Advantages[i]) {
		return in, false
	}
	c := chart.Input{Text: ChartText(v.T), Tokens: make([]string, L), Mask: make([]chart.Kind, L),
		Values: v.Res.Values[i][:L], Returns: g.Returns[i][:L], Advantages: g.Advantages[i][:L]}
	for t, tok := range toks {
		c.Tokens[t] = tok.Text
		if !tok.Valid {
			c.Mask[t] = chart.Padding
		}
	}
	return preview.Input{Title: c.Text.ValuesTitle, Subtitle: v.T("card.batch.row", i, v.B.VersionLabel()), Chart: c}, true
}

// HandleBatchPreview handles the "GET /batch/preview.png" route: the
// batch's link preview, the boundary chart of the response in focus (row=)
// as a 1200×630 PNG. Past preview.MaxTokens tokens it is 422, in the
// learner's language; without such a response it says it cannot be drawn
// (page.WriteNotice).
func (s *Room) HandleBatchPreview(w http.ResponseWriter, r *http.Request) {
	v := NewBatchView(readBatch(r))
	in, ok := v.PreviewInput()
	if !ok {
		preview.WriteNotice(w, r, v.T("chart.values"), v.T("release.label", v.B.VersionLabel()), "", v.T)
		return
	}
	preview.WritePreview(w, r, in, v.T)
}
