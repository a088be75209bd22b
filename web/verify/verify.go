// Package verify writes "verify in verl" scripts: a self-contained Python
// file that builds a page's tensors with torch (or loads the user's own
// batch file), calls verl's own functions under the names and argument
// names of the page's verl release (../shared/golden/SIGNATURES.md, built in
// names.go), and asserts that they give the numbers the page showed, at
// float32 tolerance, printing one line per quantity: the KL penalty and the
// rewards, the raw and whitened GAE advantages, the whitening statistics and
// the returns, every outcome estimator's advantages the page shows, and the
// /update views' value and policy losses, per loss_agg_mode (losses.go).
// It needs torch and verl (and numpy, which verl needs). Every number it
// embeds is the engine's.
//
// Index convention: every matrix is [B][R], row i is one response and t the
// 0-based response-token index; values[i][t] = V(s_t), the state before
// token t.
package verify

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gaelab/engine"
)

// Case is one page's state and the engine's numbers for it.
type Case struct {
	Release engine.Release
	Source  string // the page's link, for the script's header
	Mask    [][]float64
	Values  [][]float64 // nil in a critic-free case
	// Scores, OldLogProbs and RefLogProb are the KL-in-reward inputs; nil
	// when the page's rewards are given directly.
	Scores, OldLogProbs, RefLogProb [][]float64
	KL                              string  // kl_penalty type
	Beta                            float64 // kl_coef
	// KLD is the engine's kl_penalty · mask and KLMetric the metric
	// apply_kl_penalty logs (NaN: not checked); read only with Scores.
	KLD      [][]float64
	KLMetric float64
	Gamma    float64
	Lam      float64
	// Rewards are the engine's token_level_rewards.
	Rewards [][]float64
	// GAE is the engine's GAE trace (raw and whitened advantages, returns,
	// whitening statistics); nil when the page shows no GAE.
	GAE *engine.GAEResult
	// Index (verl's uid per row) and Baselines (ReMax's reward_baselines)
	// are the outcome estimators' inputs; Outcomes their results.
	Index     []string
	Baselines []float64
	Outcomes  []Outcome
	// Value and Policy are the /update views' losses, nil elsewhere.
	Value  *ValueLoss
	Policy *PolicyLoss
	// File, when set, makes the script load the user's own batch file and
	// assert the run's tensors through verl (an upload).
	File *File
}

// Outcome is one outcome estimator's result, by its engine key.
// Advantages is nil where verl raises; Returns nil when not shown.
type Outcome struct {
	Key                 string
	Advantages, Returns [][]float64
}

// File is how an uploaded batch is read back by the script: the tensors it
// takes from the file and the run's own results it checks.
type File struct {
	// MaskFrom is "response_mask", or "attention_mask" (its last R columns).
	MaskFrom string
	// RewardsFrom is "token_level_rewards", or "token_level_scores" (the KL
	// penalty applied when the case has Scores).
	RewardsFrom string
	// UIDFrom is "uid", "index" or "" (no groups).
	UIDFrom string
	R       int
	// AdvTol, RetTol and RewardTol are the check's tolerances for the run's
	// own advantages, returns and token_level_rewards (0: none; rewardCheck).
	AdvTol, RetTol, RewardTol float64
	// Embed is whether the engine's matrices are embedded too (at most
	// MaxElements per tensor).
	Embed bool
	// Blocking are the kinds of the check's blocking findings that the
	// config does not allow (the verdict's): the script fails on them as
	// the page does, whatever verl computes.
	Blocking []string
}

// MaxElements bounds the tensors a script embeds (B·R).
const MaxElements = 1 << 16

// Tolerance is the script's float32 tolerance (absolute and relative).
const Tolerance = "1e-5"

// ErrTooLarge is a state too large to embed.
var ErrTooLarge = fmt.Errorf("verify: more than %d elements per tensor", MaxElements)

// script writes one script.
type script struct {
	c     Case
	g     engine.Generation
	w     strings.Builder
	calls []call // every verl call, for the header
}

func (s *script) p(format string, args ...any) { fmt.Fprintf(&s.w, format+"\n", args...) }

// embed is whether the engine's matrices are written into the script.
func (c Case) embed() bool { return c.File == nil || c.File.Embed }

// Script writes the verify script for c.
func Script(c Case) (string, error) {
	b := len(c.Mask)
	if b == 0 || len(c.Mask[0]) == 0 {
		return "", fmt.Errorf("verify: the state has no token")
	}
	if c.embed() && b*len(c.Mask[0]) > MaxElements {
		return "", ErrTooLarge
	}
	s := &script{c: c, g: c.Release.Gen}
	var body strings.Builder
	s.body()
	body.WriteString(s.w.String())
	s.w.Reset()
	s.header()
	s.w.WriteString(body.String())
	return s.w.String(), nil
}

// header names the release, its calls and the imports.
func (s *script) header() {
	c, g := s.c, s.g
	s.p("#!/usr/bin/env python3")
	s.p("# GAE Lab: verify in verl.")
	s.p("# Expects verl %s (arithmetic generation %s, the same numbers as %s). Needs torch, numpy and verl:", c.Release.Tag, g, g.Range())
	s.p("#   pip install torch verl==%s", strings.TrimPrefix(c.Release.Tag, "v"))
	s.p("# State: %s", oneLine(c.Source))
	if c.File != nil {
		s.p("# Run it on the batch file you uploaded: python3 verify.py BATCH_FILE (.npz, .safetensors or .json).")
		s.p("# It recomputes the run's tensors with verl and asserts the run's own advantages and returns.")
	}
	s.p("# It builds the tensors in float32, calls verl's own functions with verl %s's names and argument", c.Release.Tag)
	s.p("# names, and asserts that they give the numbers the page showed (computed by GAE Lab's engine in")
	s.p("# float64), within atol = rtol = %s (wider for a whitened tensor where whitening amplifies float32's", Tolerance)
	s.p("# rounding, said above its check). One line per quantity; exit status 0 if all agree.")
	s.p("# Index convention: [B][R] tensors, row i one response, t the 0-based token; values[i][t] = V(s_t).")
	s.p("# verl calls (verl %s):", c.Release.Tag)
	seen := map[string]bool{}
	for _, cl := range s.calls {
		if k := cl.module + "." + cl.fn; !seen[k] {
			seen[k] = true
			names := make([]string, len(cl.args))
			for i, a := range cl.args {
				names[i] = a.name
			}
			s.p("#   %s.%s(%s)", Module[cl.module], cl.fn, strings.Join(names, ", "))
		}
	}
	s.p("import json")
	s.p("import os")
	s.p("import sys")
	s.p("")
	if s.forceDevice() {
		s.p("# As verl's own tests ran it: without a device, v0.6.0–v0.7.0's grpo_vectorized raises (PR #4961).")
		s.p(`os.environ.setdefault("VERL_FORCE_DEVICE", "cpu")`)
		s.p("")
	}
	s.p("import numpy as np")
	s.p("import torch")
	for _, cl := range s.calls {
		if cl.usesConfig() {
			s.p("from omegaconf import OmegaConf")
			break
		}
	}
	s.p("from verl.trainer.ppo import core_algos")
	s.p("import verl.utils.torch_functional as verl_F")
	s.p("")
	s.p("ATOL = RTOL = %s", Tolerance)
	s.p("EPSILON = %s  # the outcome estimators' epsilon, verl's default", number(engine.DefaultOutcomeEpsilon))
	s.p("")
	s.p("")
	s.p("def t(rows):")
	s.p("    return torch.tensor(rows, dtype=torch.float32)")
	s.p("")
	s.p("")
	s.p("def check(name, got, want, atol=ATOL):")
	s.p("    got, want = torch.as_tensor(got, dtype=torch.float32), torch.as_tensor(want, dtype=torch.float32)")
	s.p("    diff = (got - want).abs().max().item()")
	s.p("    ok = torch.allclose(got, want, atol=atol, rtol=RTOL, equal_nan=True)")
	s.p(`    print(f"{name:<34} {'OK' if ok else 'DIFFERENT'}  max|diff| = {diff:.3g}")`)
	s.p("    return ok")
	s.p("")
	s.p("")
	if c.Value != nil || c.Policy != nil {
		s.p("RELEASE = %q", c.Release.Tag)
		s.p("")
		s.p("")
		s.w.WriteString(outputsHelper)
		s.p("")
		s.p("")
	}
	if s.c.File != nil {
		s.loader()
	}
}

// forceDevice is whether the script runs v0.6.0–v0.7.0's grpo_vectorized
// as verl's tests did.
func (s *script) forceDevice() bool {
	for _, o := range s.c.Outcomes {
		if strings.HasSuffix(o.Key, engine.ForceDeviceSuffix) {
			return true
		}
	}
	return false
}

// use records a verl call and returns its Python text.
func (s *script) use(c call) string {
	s.calls = append(s.calls, c)
	return c.String()
}

// body writes the checks.
func (s *script) body() {
	c := s.c
	s.p("ok = True")
	if c.File != nil {
		s.fileInputs()
	} else {
		s.p("mask = t(%s)  # response_mask", matrix(c.Mask))
		if c.Values != nil && c.GAE != nil {
			s.p("values = t(%s)", matrix(c.Values))
		}
		if c.Scores != nil {
			s.p("token_level_scores = t(%s)", matrix(c.Scores))
			s.p("old_log_probs = t(%s)", matrix(c.OldLogProbs))
			s.p("ref_log_prob = t(%s)", matrix(c.RefLogProb))
		} else {
			s.p("token_level_rewards = t(%s)", matrix(c.Rewards))
		}
		if len(c.Outcomes) > 0 {
			s.index(c.Index)
		}
	}
	if c.Scores != nil {
		s.klStep()
	}
	if c.GAE != nil {
		s.gae()
	}
	for _, o := range c.Outcomes {
		s.outcome(o)
	}
	if c.Value != nil {
		s.valueLoss(c.Value)
	}
	if c.Policy != nil {
		s.policyLoss(c.Policy)
	}
	if f := c.File; f != nil && len(f.Blocking) > 0 {
		s.p("# GAE Lab's verdict also rests on the file's own tensors (the page shows the cells):")
		s.p("blocking = %s", pyStrings(f.Blocking))
		s.p(`print("NOT EXACT  GAE Lab's blocking findings in the file: " + ", ".join(blocking) + " (allow= accepts one)")`)
		s.p("ok = False")
	}
	s.p(`print("verl %s computes what GAE Lab showed." if ok else "verl %s differs from GAE Lab: see above.")`, c.Release.Tag, c.Release.Tag)
	s.p("sys.exit(0 if ok else 1)")
}

// index writes the uid per row and ReMax's baselines.
func (s *script) index(index []string) {
	q := make([]string, len(index))
	for i, u := range index {
		q[i] = strconv.Quote(u)
	}
	s.p("index = np.array([%s], dtype=object)  # uid", strings.Join(q, ", "))
	if s.c.Baselines != nil {
		s.p("reward_baselines = torch.tensor([%s], dtype=torch.float32)", list(s.c.Baselines))
	}
}

// klStep is apply_kl_penalty's arithmetic with a FixedKLController.
func (s *script) klStep() {
	c := s.c
	s.p("# apply_kl_penalty's arithmetic: token_level_rewards = scores − β·kl_penalty(old, ref)·mask.")
	s.p("kl_ctrl = %s", s.use(call{coreAlgos, "FixedKLController", []arg{{"kl_coef", number(c.Beta)}}}))
	s.p("kld = %s * mask", s.use(call{coreAlgos, "kl_penalty", []arg{{"logprob", "old_log_probs"}, {"ref_logprob", "ref_log_prob"}, {"kl_penalty", strconv.Quote(c.KL)}}}))
	s.p("token_level_rewards = token_level_scores - kl_ctrl.value * kld")
	if s.rewardCheck() {
		return
	}
	if c.embed() && c.KLD != nil {
		s.p(`ok &= check("kl_penalty · mask", kld, t(%s))`, matrix(c.KLD))
	}
	if c.embed() {
		s.p(`ok &= check("token_level_rewards", token_level_rewards, t(%s))`, matrix(c.Rewards))
	}
	if c.embed() && c.KLD != nil && !math.IsNaN(c.KLMetric) && !math.IsInf(c.KLMetric, 0) {
		s.p(`ok &= check("KL metric (mean of row masked means)", torch.mean(%s), %s)`,
			s.use(call{torchF, "masked_mean", []arg{{"values", "kld"}, {"mask", "mask"}, {"axis", "-1"}}}), number(c.KLMetric))
	}
}

// gae checks compute_gae_advantage_return: raw (returns − values) and
// whitened advantages, the whitening statistics and the returns.
func (s *script) gae() {
	c, g := s.c, s.c.GAE
	gaeCall := s.use(call{coreAlgos, "compute_gae_advantage_return", []arg{
		{"token_level_rewards", "token_level_rewards"}, {"values", "values"}, {MaskArg(s.g), "mask"},
		{"gamma", number(c.Gamma)}, {"lam", number(c.Lam)}}})
	if g.Whitened == nil {
		s.p("# Whitening needs at least two valid tokens: verl raises here, as GAE Lab reported.")
		s.p("try:")
		s.p("    %s", gaeCall)
		s.p(`    print("advantages                         DIFFERENT  verl did not raise")`)
		s.p("    ok = False")
		s.p("except (ValueError, AssertionError, RuntimeError) as e:")
		s.p(`    print(f"advantages                         OK  verl raised {type(e).__name__}, as GAE Lab reported")`)
		return
	}
	s.p("advantages, returns = %s", gaeCall)
	s.p("# verl computes returns = raw advantages + values before it whitens: the raw advantages are returns − values.")
	s.p("raw_advantages = returns - values")
	mean := s.use(call{torchF, "masked_mean", []arg{{"values", "raw_advantages"}, {"mask", "mask"}}})
	variance := s.use(call{torchF, "masked_var", []arg{{"values", "raw_advantages"}, {"mask", "mask"}, {"unbiased", "True"}}})
	if c.embed() {
		s.p(`ok &= check("raw advantages (returns − values)", raw_advantages, t(%s))`, matrix(g.Advantages))
		s.p(`ok &= check("whitening mean", %s, %s)`, mean, number(g.Whitening.Mean))
		s.p(`ok &= check("whitening variance (unbiased)", %s, %s)`, variance, number(g.Whitening.VarUnbiased))
		atol := s.whitenedAtol(g.Advantages, g.Whitening.VarUnbiased, engine.RecursionSteps(len(c.Mask[0]), c.Gamma*c.Lam))
		s.p(`ok &= check("advantages (whitened)", advantages, t(%s)%s)`, matrix(g.Whitened), atol)
		s.p(`ok &= check("returns", returns, t(%s))`, matrix(g.Returns))
	} else {
		s.p(`ok &= check("whitening mean", %s, %s)`, mean, number(g.Whitening.Mean))
		s.p(`ok &= check("whitening variance (unbiased)", %s, %s)`, variance, number(g.Whitening.VarUnbiased))
	}
	s.runChecks("advantages", "returns")
}

// outcome checks one outcome estimator.
func (s *script) outcome(o Outcome) {
	cl, post, ok := estimatorCall(s.g, o.Key, s.c.Gamma)
	if !ok {
		s.p("# %s: verl %s does not have this estimator.", o.Key, s.c.Release.Tag)
		return
	}
	text := s.use(cl)
	if post != "" {
		s.use(call{torchF, "masked_whiten", []arg{{"values", "advantages"}, {"mask", "mask"}}})
	}
	name := o.Key
	if o.Advantages == nil {
		s.p("# %s: verl raises here, as GAE Lab reported.", o.Key)
		s.p("try:")
		s.p("    %s", text)
		s.p(`    print("%-34s DIFFERENT  verl did not raise")`, name)
		s.p("    ok = False")
		s.p("except (ValueError, TypeError, AssertionError, RuntimeError) as e:")
		s.p(`    print(f"%-34s OK  verl raised {type(e).__name__}, as GAE Lab reported")`, name)
		return
	}
	s.p("advantages, returns = %s", text)
	if post != "" {
		s.p("advantages = %s", post)
	}
	if s.c.embed() {
		s.p(`ok &= check(%q, advantages, t(%s)%s)`, name+" advantages", matrix(o.Advantages), s.outcomeAtol(o.Key))
		if o.Returns != nil {
			s.p(`ok &= check(%q, returns, t(%s))`, name+" returns", matrix(o.Returns))
		}
	}
	s.runChecks("advantages", "returns")
}

// whitenedAtol is the check's extra argument for a tensor verl whitened,
// masked_whiten(x) with x a recursion of steps terms: "" when float32's
// rounding, amplified by the whitening gain, stays within the script's
// Tolerance, else ", atol=…" with engine.WhitenedRoundoff, after a comment
// that says why (a nearly constant x has a gain up to 1e4, and float64's
// x·1e-8/n from masked_mean's ε becomes ≈ 1e-5 where float32 gives 0).
func (s *script) whitenedAtol(x [][]float64, varUnbiased, steps float64) string {
	tol, _ := strconv.ParseFloat(Tolerance, 64)
	b := engine.WhitenedRoundoff(engine.RoundoffF32, engine.MaxAbsValid(x, s.c.Mask), varUnbiased, steps)
	if !(b > tol) {
		return ""
	}
	s.p("# Whitening multiplies float32's rounding by (σ² + 1e-8)^(-1/2) = %.4g here: tolerance %.3g for this tensor.", engine.WhitenGain(varUnbiased), b)
	return ", atol=" + number(b)
}

// outcomeAtol is whitenedAtol for outcome estimator key, "" for one that
// does not whiten.
func (s *script) outcomeAtol(key string) string {
	c := s.c
	in := engine.OutcomeInputs{Rewards: c.Rewards, Mask: c.Mask, Index: c.Index, Baselines: c.Baselines, Gamma: c.Gamma, Epsilon: engine.DefaultOutcomeEpsilon, Gen: c.Release.Gen}
	x, steps, ok := engine.WhitenInput(key, in)
	if !ok {
		return ""
	}
	_, st, err := engine.Whiten(c.Release.Gen, x, c.Mask)
	if err != nil {
		return ""
	}
	return s.whitenedAtol(x, st.VarUnbiased, steps)
}
