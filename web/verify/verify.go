// Package verify writes "verify in verl" scripts: a self-contained Python
// file that builds a page's tensors with torch, calls verl's own functions
// under the names and argument names of the page's verl release
// (../shared/golden/SIGNATURES.md), and asserts that they give the numbers
// the page showed, at float32 tolerance, printing one line per quantity.
// It needs only torch and verl. Every number it embeds is the engine's.
//
// Index convention: every matrix is [B][R], row i is one response and t the
// 0-based response-token index; values[i][t] = V(s_t), the state before
// token t.
package verify

import (
	"fmt"
	"strconv"
	"strings"

	"gaelab/engine"
)

// Case is one page's state and the engine's numbers for it.
type Case struct {
	Release engine.Release
	Source  string // the page's link, for the script's header
	Mask    [][]float64
	Values  [][]float64
	// Scores, OldLogProbs and RefLogProb are the KL-in-reward inputs; nil
	// when the page's rewards are given directly.
	Scores, OldLogProbs, RefLogProb [][]float64
	KL                              string  // kl_penalty type
	Beta                            float64 // kl_coef
	Gamma, Lam                      float64
	// The engine's results: token_level_rewards, the whitened advantages
	// verl returns (nil when whitening raised: the script then expects
	// verl to raise), and the returns.
	Rewards, Advantages, Returns [][]float64
}

// MaxElements bounds the tensors a script embeds (B·R).
const MaxElements = 1 << 16

// Tolerance is the script's float32 tolerance (absolute and relative).
const Tolerance = "1e-5"

// GAEMaskArg is the name of compute_gae_advantage_return's mask argument in
// generation g: eos_mask until v0.3.0.post1 (G01–G03), response_mask from
// v0.4.0 (PR #878).
func GAEMaskArg(g engine.Generation) string {
	if g < engine.G04 {
		return "eos_mask"
	}
	return "response_mask"
}

// Functions lists the verl functions a script for generation g calls, with
// the keyword arguments it passes, as "module.function(arg, …)".
func Functions(g engine.Generation, withKL bool) []string {
	fs := []string{fmt.Sprintf("verl.trainer.ppo.core_algos.compute_gae_advantage_return(token_level_rewards, values, %s, gamma, lam)", GAEMaskArg(g))}
	if withKL {
		fs = append([]string{"verl.trainer.ppo.core_algos.kl_penalty(logprob, ref_logprob, kl_penalty)"}, fs...)
	}
	return fs
}

// Script writes the verify script for c.
func Script(c Case) (string, error) {
	b := len(c.Mask)
	if b == 0 || len(c.Mask[0]) == 0 {
		return "", fmt.Errorf("verify: the state has no token")
	}
	if n := b * len(c.Mask[0]); n > MaxElements {
		return "", fmt.Errorf("verify: %d elements per tensor, more than the %d a script embeds", n, MaxElements)
	}
	g := c.Release.Gen
	withKL := c.Scores != nil
	var w strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&w, format+"\n", args...) }
	p("#!/usr/bin/env python3")
	p("# GAE Lab: verify in verl.")
	p("# Expects verl %s (arithmetic generation %s, the same numbers as %s). Needs only torch and verl:", c.Release.Tag, g, g.Range())
	p("#   pip install torch verl==%s", strings.TrimPrefix(c.Release.Tag, "v"))
	p("# State: %s", oneLine(c.Source))
	p("# It builds the page's tensors in float32, calls verl's own functions with this release's names")
	p("# and argument names, and asserts that they give the numbers the page showed (computed by GAE Lab's")
	p("# engine in float64), within atol = rtol = %s. One line per quantity; exit status 0 if all agree.", Tolerance)
	p("# Index convention: [B][R] tensors, row i one response, t the 0-based token; values[i][t] = V(s_t).")
	p("import sys")
	p("")
	p("import torch")
	p("from verl.trainer.ppo import core_algos")
	p("")
	p("ATOL = RTOL = %s", Tolerance)
	p("")
	p("")
	p("def t(rows):")
	p("    return torch.tensor(rows, dtype=torch.float32)")
	p("")
	p("")
	p("def check(name, got, want):")
	p("    diff = (got - want).abs().max().item()")
	p("    ok = torch.allclose(got, want, atol=ATOL, rtol=RTOL)")
	p(`    print(f"{name:<22} {'OK' if ok else 'DIFFERENT'}  max|diff| = {diff:.3g}")`)
	p("    return ok")
	p("")
	p("")
	p("ok = True")
	p("response_mask = t(%s)", matrix(c.Mask))
	p("values = t(%s)", matrix(c.Values))
	if withKL {
		p("token_level_scores = t(%s)", matrix(c.Scores))
		p("old_log_probs = t(%s)", matrix(c.OldLogProbs))
		p("ref_log_prob = t(%s)", matrix(c.RefLogProb))
		p("# apply_kl_penalty's arithmetic with a FixedKLController(kl_coef=%s): scores − β·kl_penalty·mask", number(c.Beta))
		p("kld = core_algos.kl_penalty(logprob=old_log_probs, ref_logprob=ref_log_prob, kl_penalty=%q)", c.KL)
		p("token_level_rewards = token_level_scores - %s * (kld * response_mask)", number(c.Beta))
		p(`ok &= check("token_level_rewards", token_level_rewards, t(%s))`, matrix(c.Rewards))
	} else {
		p("token_level_rewards = t(%s)", matrix(c.Rewards))
	}
	call := fmt.Sprintf("core_algos.compute_gae_advantage_return(token_level_rewards=token_level_rewards, values=values, %s=response_mask, gamma=%s, lam=%s)",
		GAEMaskArg(g), number(c.Gamma), number(c.Lam))
	if c.Advantages == nil {
		p("# Whitening needs at least two valid tokens: verl raises here, as GAE Lab reported.")
		p("try:")
		p("    %s", call)
		p(`    print("advantages             DIFFERENT  verl did not raise")`)
		p("    ok = False")
		p("except (ValueError, AssertionError, RuntimeError) as e:")
		p(`    print(f"advantages             OK  verl raised {type(e).__name__}, as GAE Lab reported")`)
	} else {
		p("advantages, returns = %s", call)
		p(`ok &= check("advantages", advantages, t(%s))`, matrix(c.Advantages))
		p(`ok &= check("returns", returns, t(%s))`, matrix(c.Returns))
	}
	p(`print("verl %s computes what GAE Lab showed." if ok else "verl %s differs from GAE Lab: see above.")`, c.Release.Tag, c.Release.Tag)
	p("sys.exit(0 if ok else 1)")
	return w.String(), nil
}

// oneLine keeps a link on its comment line.
func oneLine(s string) string { return strings.NewReplacer("\n", " ", "\r", " ").Replace(s) }

// matrix writes rows as a Python list of lists.
func matrix(m [][]float64) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, row := range m {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('[')
		for t, x := range row {
			if t > 0 {
				b.WriteString(", ")
			}
			b.WriteString(number(x))
		}
		b.WriteByte(']')
	}
	b.WriteByte(']')
	return b.String()
}

// number writes x exactly (shortest round-trip), as Python reads it.
func number(x float64) string {
	if x == 0 {
		return "0.0"
	}
	s := strconv.FormatFloat(x, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}
