// Package scenario is the playground's state: one sampled response with its
// per-token numbers and the hyper-parameters, the presets it starts from, its
// URL codec and its computation through the engine.
//
// Index convention: t is the 0-based response-token index; Tokens[t].Value is
// V(s_t), the value of the state before token t; the score, KL, reward,
// advantage and return at t belong to token t itself.
package scenario

import "gaelab/engine"

// MaxTokens is the longest response the playground accepts.
const MaxTokens = 512

// Kind is a token's role in the response mask.
type Kind int

const (
	Valid       Kind = iota // response_mask = 1: a generated token, up to and including EOS
	Padding                 // response_mask = 0 after EOS
	Observation             // response_mask = 0 inside a multi-turn response (tool output)
)

// Mask is the response_mask value of the kind.
func (k Kind) Mask() float64 {
	if k == Valid {
		return 1
	}
	return 0
}

// Token is one response token and its numbers.
type Token struct {
	Text   string
	Kind   Kind
	Score  float64 // token_level_scores[t]
	Old    float64 // old_log_probs[t], log π_old(token t)
	Ref    float64 // ref_log_prob[t]
	Value  float64 // values[t] = V(s_t), the state before token t
	Reward float64 // token_level_rewards[t] when rewards are typed directly
}

// Scenario is everything a playground link holds.
type Scenario struct {
	Preset        string // the preset id it starts from
	Prompt        string
	Tokens        []Token
	DirectRewards bool    // rewards typed directly: no scores and no KL step
	Gamma, Lam    float64 // γ and λ, in [0, 1]
	Beta          float64 // kl_coef β of the fixed KL controller
	KL            string  // the KL estimator, an engine name
	Version       engine.Version
	// Release is the verl release tag a v=2 link names ("v0.6.1"): the whole
	// release's arithmetic. "" in a v=1 state, where Version alone says which
	// of the two generations computes GAE (and the rest is newest verl).
	Release string
	// Link is the link version a state naming a release keeps (ReleaseLink):
	// LinkVersion2 for a state read from a v=2 link, whose /update pages
	// compute v0.9.0's losses; LinkVersion3 or "" (a new state) for a state
	// whose release means the whole release there too.
	Link   string
	Base   int    // 0: the code's numbering (t, s_t); 1: the textbook's (token t+1, state s_{t+1})
	Step   int    // how many steps of the backward loop are done, 0 … T; −1 when not stepping
	Select string // the selected cell, "<row>.<t>", or ""
	// Speed is auto-play's steps per second (speed=), MinSpeed … MaxSpeed;
	// 0 is DefaultSpeed (StepsPerSecond, SetSpeed).
	Speed float64
}

// Gen is the verl generation whose arithmetic the scenario shows: its
// release's in a v=2 state, else v0.2's (G01) or the newest (G12).
func (s *Scenario) Gen() engine.Generation {
	if r, err := engine.ParseRelease(s.Release); s.Release != "" && err == nil {
		return r.Gen
	}
	return s.Version.Gen()
}

// SetRelease makes the scenario a new v=3 state of release tag (resolved,
// so "newest" becomes today's newest tag), keeping Version in step (the
// two-generation version whose GAE loop the release runs).
func (s *Scenario) SetRelease(tag string) error {
	v, r, err := ResolveRelease(tag)
	if err == nil {
		s.Version, s.Release, s.Link = v, r, LinkVersion3
	}
	return err
}

// ReleaseOf is the release a v=1 Version becomes in a v=2 link: v0.2, or
// the newest tag.
func ReleaseOf(v engine.Version) string {
	if v == engine.VerlEarly {
		return "v0.2"
	}
	return engine.Newest
}

// KLNames are the KL estimators the scenario's verl accepts.
func (s *Scenario) KLNames() []string {
	return engine.KLNames(s.KLGen())
}

// VersionLabel names the releases whose arithmetic computes the scenario's
// GAE: the generation's release range in a v=2 state ("v0.6.1"), else the
// range of the two-generation version ("v0.5.0–v0.9.0").
func (s *Scenario) VersionLabel() string {
	if s.Release != "" {
		return s.Gen().Range()
	}
	return s.Version.V1Gen().Range()
}

// Len is the number of response tokens T.
func (s *Scenario) Len() int { return len(s.Tokens) }

// clone returns a deep copy, so presets are never modified.
func (s Scenario) clone() Scenario {
	s.Tokens = append([]Token(nil), s.Tokens...)
	return s
}

// Resize sets the number of tokens to n, keeping the first ones; new tokens
// are valid and have zero numbers.
func (s *Scenario) Resize(n int) {
	if n <= len(s.Tokens) {
		s.Tokens = s.Tokens[:n:n]
		return
	}
	s.Tokens = append(s.Tokens, make([]Token, n-len(s.Tokens))...)
}
