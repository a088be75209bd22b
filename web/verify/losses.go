package verify

import (
	"fmt"
	"strconv"

	"gaelab/engine"
)

// The /update views' losses: compute_value_loss and compute_policy_loss,
// once per loss_agg_mode the page shows (token-mean only before v0.4.0,
// which has no loss_agg_mode), with the release's argument names.

// LossMode is one loss_agg_mode's numbers as the engine computes them, in
// the order of the loss's outputs (ValueOutputs, PolicyOutputs); Raises
// when verl raises for it.
type LossMode struct {
	Mode    engine.AggMode
	Numbers []float64
	Raises  bool
}

// ValueLoss is compute_value_loss's inputs (values are the Case's) and
// the engine's results.
type ValueLoss struct {
	VPreds, Returns [][]float64
	ClipRange       float64 // cliprange_value
	Modes           []LossMode
}

// PolicyLoss is compute_policy_loss's inputs and the engine's results.
type PolicyLoss struct {
	LogProbs, OldLogProbs, Advantages [][]float64
	Clip                              engine.ClipParams
	Modes                             []LossMode
}

// ValueOutputs and PolicyOutputs name the losses' outputs, in verl's
// order; a release without the dual clip has no pg_clipfrac_lower.
var (
	ValueOutputs  = []string{"vf_loss", "vf_clipfrac"}
	PolicyOutputs = []string{"pg_loss", "pg_clipfrac", "ppo_kl", "pg_clipfrac_lower"}
)

// outputsHelper is the Python that reads a loss's outputs by name: a tuple
// in verl's order, or (loss, metrics dict) where a release returns one.
const outputsHelper = `def outputs(out, names):
    """A loss's outputs by name: verl's tuple in this order, or (loss, metrics)."""
    if isinstance(out, tuple) and len(out) == 2 and isinstance(out[1], dict):
        named = {k.split("/")[-1]: v for k, v in out[1].items()}
        named[names[0]] = out[0]
        return named
    return dict(zip(names, out))


def check_outputs(label, out, names, want):
    got, good = outputs(out, names), True
    for name, x in zip(names, want):
        if name in got:
            good &= check(f"{name} ({label})", got[name], x)
        else:
            print(f"{name + ' (' + label + ')':<34} ABSENT  verl {RELEASE} does not return it")
    return good
`

// lossCall writes one loss call per mode: the call, then its checks (or
// the expected raise).
func (s *script) lossCall(c call, names []string, m LossMode, hasMode bool) {
	label := string(m.Mode)
	if hasMode {
		c.args = append(c.args, arg{"loss_agg_mode", strconv.Quote(label)})
	}
	text := s.use(c)
	if m.Raises {
		s.p("# %s: verl raises here, as GAE Lab reported.", label)
		s.p("try:")
		s.p("    %s", text)
		s.p(`    print("%-34s DIFFERENT  verl did not raise")`, names[0]+" ("+label+")")
		s.p("    ok = False")
		s.p("except (ValueError, AssertionError, RuntimeError) as e:")
		s.p(`    print(f"%-34s OK  verl raised {type(e).__name__}, as GAE Lab reported")`, names[0]+" ("+label+")")
		return
	}
	s.p("ok &= check_outputs(%q, %s, %s, [%s])", label, text, pyStrings(names[:len(m.Numbers)]), list(m.Numbers))
}

// valueLoss checks compute_value_loss for every mode.
func (s *script) valueLoss(v *ValueLoss) {
	s.p("vpreds = t(%s)", matrix(v.VPreds))
	s.p("vf_returns = t(%s)  # the returns fed to the critic (GAE's, before whitening)", matrix(v.Returns))
	for _, m := range v.Modes {
		s.lossCall(call{coreAlgos, "compute_value_loss", []arg{{"vpreds", "vpreds"}, {"returns", "vf_returns"}, {"values", "values"},
			{MaskArg(s.g), "mask"}, {"cliprange_value", number(v.ClipRange)}}}, ValueOutputs, m, s.g.Has(engine.AggLoss))
	}
}

// policyLoss checks the release's policy loss (PolicyLossFunc) for every
// mode.
func (s *script) policyLoss(p *PolicyLoss) {
	s.p("log_probs = t(%s)  # the current policy", matrix(p.LogProbs))
	s.p("pg_old_log_probs = t(%s)", matrix(p.OldLogProbs))
	s.p("pg_advantages = t(%s)  # the advantages fed to the actor", matrix(p.Advantages))
	for _, m := range p.Modes {
		args := []arg{{"old_log_prob", "pg_old_log_probs"}, {"log_prob", "log_probs"}, {"advantages", "pg_advantages"}, {MaskArg(s.g), "mask"}}
		if fn := PolicyLossFunc(s.g); fn != "compute_policy_loss" {
			// The actor's config as verl's ActorConfig gives it: the clip settings, and no global batch
			// (agg_loss's defaults: one data-parallel rank, this batch's own token count).
			args = append(args, arg{"config", fmt.Sprintf(`OmegaConf.create({"clip_ratio": %s, "clip_ratio_low": %s, "clip_ratio_high": %s, "clip_ratio_c": %s, "global_batch_info": {}})`,
				number(p.Clip.Ratio), number(p.Clip.Low), number(p.Clip.High), number(p.Clip.C))})
			s.lossCall(call{coreAlgos, fn, args}, PolicyOutputs, m, true)
			continue
		}
		if s.g.Has(engine.ClipLowHigh) {
			args = append(args, arg{"cliprange", number(p.Clip.Low)}, arg{"cliprange_low", number(p.Clip.Low)}, arg{"cliprange_high", number(p.Clip.High)},
				arg{"clip_ratio_c", number(p.Clip.C)})
		} else {
			args = append(args, arg{"cliprange", number(p.Clip.Ratio)})
		}
		s.lossCall(call{coreAlgos, "compute_policy_loss", args}, PolicyOutputs, m, s.g.Has(engine.AggLoss))
	}
}

// pyStrings writes names as a Python list.
func pyStrings(names []string) string {
	out := "["
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%q", n)
	}
	return out + "]"
}
