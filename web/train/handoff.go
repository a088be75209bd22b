package train

import (
	"gaelab/engine/train"
	"gaelab/templates"
	"gaelab/web/batch"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// handOffs are the links that carry the iteration's batch to the other
// rooms, built with their codecs (batch.Encode, scenario.EncodeState): the
// first batch.MaxRows responses to the first prompt (one group) in /batch,
// response i = 0 in /play. Both recompute from what they carry: /batch its
// GAE from the values and the scores (no KL term), /play the whole
// response's arithmetic with the run's β and release.
func handOffs(lang i18n.Lang, f Frame) []templates.Link {
	b, cfg := f.It.Batch, f.Config
	var out []templates.Link
	if n := min(batch.MaxRows, cfg.N); n >= batch.MinRows {
		bt, _ := batch.Preset(batch.DefaultPreset)
		bt.Resize(n)
		bt.Prompt, bt.Gamma, bt.Lam = train.Prompts[0], cfg.Gamma, cfg.Lam
		for i := range n {
			row := batch.Row{Group: "p0"}
			for t, tok := range b.Responses[i] {
				if b.ResponseMask[i][t] == 0 {
					break
				}
				tk := batch.Token{Text: train.Vocab[tok], Valid: true}
				if b.Values != nil {
					tk.Value = b.Values[i][t]
				}
				row.Tokens = append(row.Tokens, tk)
				row.Score += b.TokenLevelScores[i][t]
			}
			bt.Rows[i] = row
		}
		out = append(out, templates.Link{Label: lang.T("train.handoff.batch", n), Title: "train-to-batch",
			URL: page.Link{Path: "/batch", State: batch.Encode(bt), Lang: lang}.String()})
	}
	sc, _ := scenario.Preset(scenario.DefaultPreset)
	sc.Prompt, sc.Gamma, sc.Lam = train.Prompts[b.Prompt[0]], cfg.Gamma, cfg.Lam
	if err := sc.SetRelease(cfg.Release); err != nil {
		return out
	}
	sc.Beta, sc.KL = b.Beta, cfg.KLPenalty
	if !cfg.UseKLInReward {
		sc.Beta = 0
	}
	sc.Tokens = nil
	for t, tok := range b.Responses[0] {
		if b.ResponseMask[0][t] == 0 {
			break
		}
		tk := scenario.Token{Text: train.Vocab[tok], Kind: scenario.Valid, Score: b.TokenLevelScores[0][t],
			Old: b.OldLogProbs[0][t], Ref: b.RefLogProb[0][t]}
		if b.Values != nil {
			tk.Value = b.Values[0][t]
		}
		sc.Tokens = append(sc.Tokens, tk)
	}
	out = append(out, templates.Link{Label: lang.T("train.handoff.play"), Title: "train-to-play",
		URL: page.Link{Path: "/play", State: scenario.EncodeState(sc), Lang: lang}.String()})
	return out
}
