// Package batch is the state of the batch view (/batch): several sampled
// responses to one prompt, edited together, with their presets, their URL
// codec and their computation through the engine. One response alone hides
// what a batch shows: verl whitens GAE advantages over every valid token of
// the whole batch, so a row's whitened advantages depend on the other rows,
// and the outcome-only estimators (GRPO, RLOO, REINFORCE++, ReMax, …) compare
// each response with the others of its group.
//
// Index conventions: i is the 0-based row (response) index, t the 0-based
// response-token index; Rows[i].Tokens[t].Value is values[i][t] = V(s_t),
// the value of the state before token t of response i; the reward, advantage
// and return at t belong to token t itself. Every response carries one
// outcome score, placed on its last valid token (as verl's reward manager
// places it); there is no KL penalty in the reward here (β = 0), so
// token_level_rewards = token_level_scores.
//
// # Links
//
// Every state is a link, in the spirit of the playground's: v=1, the preset
// p=, then only what differs from the preset, as readable lists (numbers
// joined by commas, one tok<i>= per token so that token text may hold commas):
//
//	/batch?v=1&p=grpo-4&V2=0.1,0.2,0.3,0.4&score=1,0,1,1&lam=0.9&row=2
//
//	v        link format version, 1
//	p        preset: grpo-4 mixed-lengths singleton all-equal two-groups outlier
//	prompt   the prompt all responses answer (text)
//	B        the number of responses, 2 … 8; rows added by B copy the last row
//	tok<i>   one tok<i>= per token of response i (i = 0 … B−1), at most 64
//	mask<i>  response i's response_mask per token: 1 valid, 0 padding
//	V<i>     response i's values V(s_t) per token
//	score    one outcome score per response, on its last valid token
//	group    one group id (verl's uid) per response: letters, digits, - _ .
//	b        one ReMax baseline per response (the greedy response's reward)
//	gamma    γ in [0, 1]
//	lam      λ in [0, 1]
//	ver      verl generation of GAE: v0.2 or newest
//	row      the response whose whitening is shown alone and in the batch
//
// The editor without JavaScript also sends toks<i> (response i's tokens, one
// per line), op=add (append a copy of the last response) and op=del.<i>
// (remove response i); the canonical link never holds them.
//
// Decode never fails: a bad value is reported at its field (scenario.Problem,
// a message key and its arguments) and the preset's value is kept; unknown
// parameters and unknown presets are reported as warnings.
package batch

import "gaelab/engine"

// Limits of a batch.
const (
	MinRows   = 2  // fewest responses
	MaxRows   = 8  // most responses
	MaxTokens = 64 // longest response
	MaxGroup  = 16 // longest group id, in runes
)

// Token is one response token and its numbers.
type Token struct {
	Text  string
	Valid bool    // response_mask[i][t]: true 1 (a generated token), false 0 (padding)
	Value float64 // values[i][t] = V(s_t), the state before token t
}

// Row is one sampled response.
type Row struct {
	Tokens   []Token
	Score    float64 // the outcome score, placed on the last valid token
	Baseline float64 // reward_baselines[i]: the greedy response's reward (ReMax)
	Group    string  // the group id, verl's uid: rows answering one prompt share it
}

// Batch is everything a /batch link holds.
type Batch struct {
	Preset     string // the preset id it starts from
	Prompt     string
	Rows       []Row
	Gamma, Lam float64 // γ and λ, in [0, 1]
	Version    engine.Version
	Release    string // the verl release a v=2 or v=3 link names (the whole release); "" in a v=1 state
	Link       string // the link version a state naming a release keeps (scenario.ReleaseLink)
	Focus      int    // the row compared whitened alone vs in the batch, 0 … B−1
}

// Gen is the generation whose arithmetic the batch shows: its release's in
// a v=2 state, else v0.2's GAE (G01) or the newest (G12).
func (b *Batch) Gen() engine.Generation {
	if r, err := engine.ParseRelease(b.Release); b.Release != "" && err == nil {
		return r.Gen
	}
	return b.Version.Gen()
}

// VersionLabel names the releases whose arithmetic computes the batch's
// numbers: its generation's release range in a v=2 state, else the GAE
// range of the two-generation version.
func (b *Batch) VersionLabel() string {
	if b.Release != "" {
		return b.Gen().Range()
	}
	return b.Version.V1Gen().Range()
}

// Len is the number of responses B.
func (b *Batch) Len() int { return len(b.Rows) }

// Width is R, the length of the longest response: every row is padded to it
// (mask 0, value 0) to form verl's [B][R] batch.
func (b *Batch) Width() int {
	r := 0
	for _, row := range b.Rows {
		r = max(r, len(row.Tokens))
	}
	return r
}

// LastValid is the index t of the row's last valid token, where its score
// sits, or −1 when it has none.
func (r *Row) LastValid() int {
	for t := len(r.Tokens) - 1; t >= 0; t-- {
		if r.Tokens[t].Valid {
			return t
		}
	}
	return -1
}

// Resize sets the number of tokens to n, keeping the first ones; new tokens
// are valid, with empty text and value 0.
func (r *Row) Resize(n int) {
	if n <= len(r.Tokens) {
		r.Tokens = r.Tokens[:n:n]
		return
	}
	for len(r.Tokens) < n {
		r.Tokens = append(r.Tokens, Token{Valid: true})
	}
}

// clone returns a deep copy of the row.
func (r Row) clone() Row {
	r.Tokens = append([]Token(nil), r.Tokens...)
	return r
}

// clone returns a deep copy, so that presets are never modified.
func (b Batch) clone() Batch {
	rows := make([]Row, len(b.Rows))
	for i, r := range b.Rows {
		rows[i] = r.clone()
	}
	b.Rows = rows
	return b
}

// Resize sets the number of responses to n, keeping the first ones; new
// responses are copies of the last one.
func (b *Batch) Resize(n int) {
	if n <= len(b.Rows) {
		b.Rows = b.Rows[:n:n]
		return
	}
	last := b.Rows[len(b.Rows)-1]
	for len(b.Rows) < n {
		b.Rows = append(b.Rows, last.clone())
	}
}
