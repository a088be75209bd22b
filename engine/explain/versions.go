package explain

import (
	"math"
	"slices"

	"gaelab/engine"
)

// Why verl v0.2 and the newest verl give one response different GAE
// numbers: the two loops run on the same rewards and values, and a chain of
// intermediate computations removes one reason at a time, so every cell that
// differs is marked with the steps at which it changes. The page
// /compare/versions shows the chain's ends and these reasons.
//
// Index convention: t is the 0-based response-token index; values[t] =
// V(s_t), the state before token t.

// Reason is one reason why v0.2's and the newest GAE differ at a token.
type Reason string

const (
	ReasonEOS    Reason = "eos"    // non-zero values after EOS (PR #1850's critic zeroes them)
	ReasonObs    Reason = "obs"    // v0.2 walks through observation spans (PR #2337)
	ReasonReward Reason = "reward" // rewards on mask-0 tokens, which the newest discards (PR #2337)
	ReasonEps    Reason = "eps"    // masked_mean's ε in the whitening (PR #782)
	// reasonOwn is the step that gives a mask-0 token its own value and
	// reward back: the newest computes that token's δ and return from them
	// and discards them. Its reasons are the token's: EOS or Reward.
	reasonOwn Reason = "own"
)

// Reasons lists the reasons in the order a page explains them.
var Reasons = []Reason{ReasonEOS, ReasonObs, ReasonReward, ReasonEps}

// Refs are the verl issues and pull requests that tell the reason's story,
// the first one the change itself. The difference on the page comes from
// #2337's mask-aware loop wherever both read the same values; #1850 is why a
// real run's values after EOS are zero.
func (r Reason) Refs() []int {
	switch r {
	case ReasonEOS:
		return []int{2337, 1850, 1758}
	case ReasonObs:
		return []int{2337, 2276}
	case ReasonReward:
		return []int{2337}
	case ReasonEps:
		return []int{782}
	}
	return nil
}

// Quantity names a per-token GAE quantity the comparison marks.
type Quantity string

const (
	NextValues Quantity = "next"  // the value the loop used as V(s_{t+1})
	Deltas     Quantity = "delta" // δ_t
	Advantages Quantity = "adv"   // raw A_t
	Returns    Quantity = "ret"   // R_t
	Whitened   Quantity = "white" // whitened A_t
)

// Quantities lists them in table order.
var Quantities = []Quantity{NextValues, Deltas, Advantages, Returns, Whitened}

// VersionInputs is one response: Rewards, Values (V(s_t)) and Mask per
// token t, Padding[t] true for a mask-0 token after EOS (false for an
// observation span), γ and λ. Shown formats a number as the page shows it:
// masked_mean's ε alone counts as a reason only where it changes a shown
// number (elsewhere it is float noise of the size of ε divided by the token
// count).
type VersionInputs struct {
	Rewards, Values, Mask []float64
	Padding               []bool
	Gamma, Lam            float64
	Shown                 func(float64) string
}

// VersionChain is the response's GAE in both generations and the steps from
// one to the other. Each step removes one reason:
//
//	v0.2                              Early
//	v0.2, values after EOS zeroed     NoEOS     (EOS: what PR #1850's critic gives)
//	… and rewards on mask-0 zeroed    NoReward  (Reward: what the newest discards)
//	newest on those inputs            Clean     (Obs: the walk through observation spans)
//	newest                            Newest    (own: a mask-0 token's own V and r,
//	                                             in the δ and return it discards)
//
// At valid tokens the last step changes nothing: the newest reads no value
// or reward of a mask-0 token there.
type VersionChain struct {
	Early, NoEOS, NoReward, Clean, Newest engine.GAEResult
	in                                    VersionInputs
	noEOSValues, keptRewards              []float64
}

// CompareVersions computes the chain of in.
func CompareVersions(in VersionInputs) VersionChain {
	c := VersionChain{in: in}
	end := 0 // one past the last valid token
	for t, m := range in.Mask {
		if m == 1 {
			end = t + 1
		}
	}
	c.noEOSValues = slices.Clone(in.Values)
	for t := end; t < len(in.Values); t++ {
		if in.Padding[t] {
			c.noEOSValues[t] = 0
		}
	}
	c.keptRewards = slices.Clone(in.Rewards)
	for t, m := range in.Mask {
		if m == 0 {
			c.keptRewards[t] = 0
		}
	}
	gae := func(g engine.Generation, r, vs []float64) engine.GAEResult {
		return engine.GAE(g, [][]float64{r}, [][]float64{vs}, [][]float64{in.Mask}, in.Gamma, in.Lam)
	}
	c.Early = gae(engine.V1Early, in.Rewards, in.Values)
	c.NoEOS = gae(engine.V1Early, in.Rewards, c.noEOSValues)
	c.NoReward = gae(engine.V1Early, c.keptRewards, c.noEOSValues)
	c.Clean = gae(engine.V1Newest, c.keptRewards, c.noEOSValues)
	c.Newest = gae(engine.V1Newest, in.Rewards, in.Values)
	return c
}

// own are the reasons of the last step at token t.
func (c VersionChain) own(t int) []Reason {
	var rs []Reason
	if c.in.Values[t] != c.noEOSValues[t] {
		rs = append(rs, ReasonEOS)
	}
	if c.in.Rewards[t] != c.keptRewards[t] {
		rs = append(rs, ReasonReward)
	}
	return rs
}

// steps is quantity q along the chain (v0.2 first, newest last) and the
// reason each step removes; a step whose whitening failed is nil.
func (c VersionChain) steps(q Quantity) ([][]float64, []Reason) {
	chain := []engine.GAEResult{c.Early, c.NoEOS, c.NoReward, c.Clean, c.Newest}
	reasons := []Reason{ReasonEOS, ReasonReward, ReasonObs, reasonOwn}
	var out [][]float64
	if q == Whitened {
		// v0.2's own whitening first; then every step whitened as the newest
		// whitens, so that the first step is masked_mean's ε alone.
		out = append(out, nil)
		if c.Early.Whitened != nil {
			out[0] = c.Early.Whitened[0]
		}
		for _, g := range chain {
			w, _, err := engine.Whiten(engine.V1Newest, g.Advantages, [][]float64{c.in.Mask})
			if err != nil {
				out = append(out, nil)
				continue
			}
			out = append(out, w[0])
		}
		return out, append([]Reason{ReasonEps}, reasons...)
	}
	for _, g := range chain {
		m := map[Quantity][][]float64{NextValues: g.NextValues, Deltas: g.Deltas, Advantages: g.Advantages, Returns: g.Returns}[q]
		out = append(out, m[0])
	}
	return out, reasons
}

// diff says whether v0.2 and the newest differ at token t along the chain
// steps, and why.
func (c VersionChain) diff(steps [][]float64, reasons []Reason, t int) (bool, []Reason) {
	first, last := 0, len(steps)-1
	if steps[first] == nil || steps[last] == nil {
		return false, nil
	}
	var why []Reason
	if reasons[0] == ReasonEps {
		if c.in.Shown(steps[0][t]) != c.in.Shown(steps[1][t]) {
			why = append(why, ReasonEps)
		}
		first = 1
	}
	if !Differs(steps[first][t], steps[last][t]) && len(why) == 0 {
		return false, nil
	}
	for k := first; k < last; k++ {
		if steps[k] == nil || steps[k+1] == nil || !Differs(steps[k][t], steps[k+1][t]) {
			continue
		}
		rs := []Reason{reasons[k]}
		if reasons[k] == reasonOwn {
			rs = c.own(t)
		}
		for _, r := range rs {
			if !slices.Contains(why, r) {
				why = append(why, r)
			}
		}
	}
	return true, why
}

// Marks compares v0.2 and the newest on quantity q: v0.2's numbers, the
// newest's (nil where whitening failed), and per token t whether they
// differ and why.
func (c VersionChain) Marks(q Quantity) (early, newest []float64, differs []bool, why [][]Reason) {
	steps, reasons := c.steps(q)
	n := len(c.in.Mask)
	differs, why = make([]bool, n), make([][]Reason, n)
	for t := range differs {
		differs[t], why[t] = c.diff(steps, reasons, t)
	}
	return steps[0], steps[len(steps)-1], differs, why
}

// Differs reports whether two computations of one number disagree by more
// than float64 rounding (relative 1e-9): code that computes the same thing
// in another order rounds differently, and that is no difference. NaN
// equals NaN and an infinity itself; a NaN or an infinity differs from
// every other number.
func Differs(a, b float64) bool {
	switch {
	case math.IsNaN(a) || math.IsNaN(b):
		return math.IsNaN(a) != math.IsNaN(b)
	case math.IsInf(a, 0) || math.IsInf(b, 0):
		return a != b
	}
	return math.Abs(a-b) > 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}
