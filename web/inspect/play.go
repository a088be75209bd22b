package inspect

import (
	"fmt"
	"strconv"

	"gaelab/web/scenario"
)

// playLink is row i in the playground (typed rewards, its values and
// mask up to its EOS), or "" when it is longer than the playground takes.
func playLink(a *Analysis, i int, lang string) string {
	rs := a.Rows[i]
	if rs.EOS < 0 || rs.EOS+1 > scenario.MaxTokens {
		return ""
	}
	b := a.Batch
	s, _ := scenario.Preset(scenario.DefaultPreset)
	s.Preset = scenario.DefaultPreset
	s.DirectRewards = true
	s.Gamma, s.Lam = a.Config.Gamma, a.Config.Lam
	s.SetGAELoop(a.Config.Release.Gen)
	s.Step, s.Select = -1, ""
	s.Prompt = fmt.Sprintf("row %d", i)
	s.Tokens = make([]scenario.Token, rs.EOS+1)
	for t := range s.Tokens {
		tok := scenario.Token{Reward: a.Rewards[i][t], Kind: scenario.Valid}
		if b.Values != nil {
			tok.Value = b.Values[i][t]
		}
		if b.Mask[i][t] != 1 {
			tok.Kind = scenario.Observation
		}
		tok.Text = tokenText(b, i, t)
		s.Tokens[t] = tok
	}
	u := "/play?" + scenario.Encode(s)
	if lang != "" {
		u += "&lang=" + lang
	}
	return u
}

// tokenText is token t of row i as the batch has it: its text, else its
// id (responses), else "t" and its index.
func tokenText(b *Batch, i, t int) string {
	switch {
	case b.Tokens != nil && t < len(b.Tokens[i]):
		return b.Tokens[i][t]
	case b.Responses != nil:
		return strconv.FormatFloat(b.Responses[i][t], 'f', -1, 64)
	}
	return "t" + strconv.Itoa(t)
}
