package batch

import "gaelab/web/scenario"

// playgroundBase is the playground preset a response opens on: rewards typed
// directly, as the batch has them (a score, no KL).
const playgroundBase = "seed-a"

// Scenario is response i as a playground scenario: its own tokens (without
// the batch's padding), mask and values, its score as the typed reward of
// its last valid token, and the batch's γ, λ and verl version. The
// playground computes one response alone, so its whitened advantages are
// this response whitened alone (Result.Alone[i]).
func (b *Batch) Scenario(i int) scenario.Scenario {
	s, _ := scenario.Preset(playgroundBase)
	row := b.Rows[i]
	s.Prompt = b.Prompt
	s.Tokens = make([]scenario.Token, len(row.Tokens))
	for t, tok := range row.Tokens {
		s.Tokens[t] = scenario.Token{Text: tok.Text, Kind: scenario.Padding, Value: tok.Value}
		if tok.Valid {
			s.Tokens[t].Kind = scenario.Valid
		}
	}
	if l := row.LastValid(); l >= 0 {
		s.Tokens[l].Reward = row.Score
	}
	s.Gamma, s.Lam, s.Version, s.Release, s.Link = b.Gamma, b.Lam, b.Version, b.Release, b.Link
	return s
}
