package engine

import (
	"fmt"
	"math"
	"strings"
)

// The per-generation arithmetic: each function reproduces one verl function
// as generation g has it, asking g.Has for every difference. They return
// what verl returns where its float arithmetic gives NaN or ±Inf (a 0/0 mean
// of an empty mask, an overflowing ratio); callers show such numbers as
// verl's, with why. An error is where verl raises; its text starts with
// verl's exception type. The pseudo-generations of v=1 links (V1Early,
// V1Newest) ask g.Is for what they do otherwise: their errors are GAE Lab's,
// and where the generations give NaN or ±Inf they may return an error.

// VerlError is an exception verl raises: Type ("ValueError") and verl's own
// message, plus Why, the explanation in GAE Lab's words.
type VerlError struct {
	Type, Message, Why string
}

func (e *VerlError) Error() string {
	s := e.Type + ":"
	if e.Message != "" {
		s += " " + e.Message
	}
	if e.Why != "" {
		s += " (" + e.Why + ")"
	}
	return s
}

func raise(typ, msg, why string, args ...any) error {
	return &VerlError{Type: typ, Message: msg, Why: fmt.Sprintf(why, args...)}
}

// float32Overflow is the largest x whose exp is finite in float32: verl's
// tensors are float32, so exp(x) is +inf beyond it.
const float32Overflow = 88.72283905206835

// exp32 is torch.exp on a float32 tensor, computed in float64: +Inf where
// float32 overflows.
func exp32(x float64) float64 {
	if x > float32Overflow {
		return math.Inf(1)
	}
	return math.Exp(x)
}

// AllKLNames are the 15 kl_penalty names the golden file asks every release
// about, in its order.
var AllKLNames = []string{KL, "k1", KLAbs, KLMSE, "k2", KLLowVar, "k3", KLFull, "kl+", "k1+", "abs+", "mse+", "k2+", "low_var_kl+", "k3+"}

// KLNames lists the names generation g accepts: the four long names, the
// k1/k2/k3 aliases from KLAliases (v0.4.0) and the "+" names from
// KLPlusNames (v0.8.0).
func KLNames(g Generation) []string {
	names := []string{KL, KLAbs, KLMSE, KLLowVar}
	if g.Has(KLAliases) {
		names = []string{KL, "k1", KLAbs, KLMSE, "k2", KLLowVar, "k3"}
	}
	if g.Has(KLPlusNames) {
		if g.Is(KLPlusShortList) {
			return append(names, "k1+", "k3+", "low_var_kl+")
		}
		for _, n := range names {
			names = append(names, n+"+")
		}
	}
	return names
}

// klBaseGen resolves a name to its forward formula in generation g.
func klBaseGen(g Generation, name string) (string, error) {
	if !knownKLGen(g, name) {
		if g.Is(EngineErrors) {
			if name == KLFull {
				return "", fmt.Errorf("engine: kl_penalty %q: verl raises NotImplementedError (the full KL needs the whole vocabulary distribution, not two log-probs)", name)
			}
			return "", fmt.Errorf("engine: kl_penalty %q is not known to verl %s (it knows %s)", name, g.Range(), strings.Join(KLNames(g), ", "))
		}
		why := fmt.Sprintf("verl %s does not know kl_penalty %q; it knows %s", g.Range(), name, strings.Join(KLNames(g), ", "))
		if name == KLFull {
			why = "the full KL needs the whole vocabulary distribution, not two log-probs; no verl release implements it"
		} else if strings.HasSuffix(name, "+") && g.Has(KLPlusRouted) {
			why = fmt.Sprintf("verl %s routes the \"+\" names through kl_penalty_forward but still raises (PR #2953); they work from v0.8.0 (PR #6058)", g.Range())
		}
		return "", &VerlError{Type: "NotImplementedError", Why: why}
	}
	return klAlias(strings.TrimSuffix(name, "+")), nil
}

// knownKLGen reports whether name is one of KLNames(g), without building
// the list (ApplyKLPenalty asks at every call).
func knownKLGen(g Generation, name string) bool {
	base := strings.TrimSuffix(name, "+")
	if base != name && !g.Has(KLPlusNames) {
		return false
	}
	switch base {
	case KL, KLAbs, KLMSE, KLLowVar:
		return true
	case "k1", "k2", "k3":
		return g.Has(KLAliases)
	}
	return false
}

// KLPenalty is kl_penalty(logprob, ref, name) of generation g, unmasked.
func KLPenalty(g Generation, name string, logprob, ref [][]float64) ([][]float64, error) {
	base, err := klBaseGen(g, name)
	if err != nil {
		return nil, err
	}
	return klMatrix(g.Has(K3PreClamp), base, logprob, ref), nil
}

// UseKLInReward is whether generation g's trainer puts KL into the reward:
// algorithm.use_kl_in_reward from KLInRewardSwitch (v0.4.0, PR #644), and
// before it whenever the actor has no KL loss.
func UseKLInReward(g Generation, useKLInReward, useKLLoss bool) bool {
	if g.Has(KLInRewardSwitch) {
		return useKLInReward
	}
	return !useKLLoss
}

// ApplyKLPenalty is apply_kl_penalty of generation g. The metric is the
// mean over rows of each row's masked mean of the KL; before KLMetricEps
// (v0.3.0.post0, PR #782) a row with no valid token makes it NaN (an error,
// returned with the rewards and without the controller's update, under
// ZeroDivError).
func ApplyKLPenalty(g Generation, scores, oldLogProbs, refLogProb, mask [][]float64, klName string, ctl KLController) (KLReward, error) {
	base, err := klBaseGen(g, klName)
	if err != nil {
		return KLReward{}, err
	}
	res := penalize(g.Has(K3PreClamp), base, scores, oldLogProbs, refLogProb, mask, ctl.Value())
	eps := g.meanEps()
	noZeroDiv := eps == 0 && g.Is(ZeroDivError)
	var total float64
	for i := range res.KLD {
		sum, n := rowKL(res.KLD[i], mask[i])
		if noZeroDiv && n == 0 {
			return res, fmt.Errorf("engine: KL metric: row %d has no valid token, and verl v0.2 divides 0 by 0 there", i)
		}
		total += sum / (n + eps)
	}
	if len(res.KLD) > 0 {
		res.CurrentKL = total / float64(len(res.KLD))
	}
	ctl.Update(res.CurrentKL, len(res.KLD))
	return res, nil
}

// maskedSumGen is masked_sum(x, mask) of generation g: Σ x·m over every
// position. Before MaskedSumWhere (v0.5.0, PR #2377) a masked ±inf gives
// inf·0 = NaN and poisons the sum; after, masked positions are zeroed first
// (skipped, under AggSkipsMasked).
func maskedSumGen(g Generation, x, mask [][]float64) float64 {
	return maskedSumGenScaled(g, 1, x, mask)
}

// maskedSumGenScaled is maskedSumGen of k·x, for k = ±1 (k·x is exact).
func maskedSumGenScaled(g Generation, k float64, x, mask [][]float64) float64 {
	where := g.Has(MaskedSumWhere) || g.Is(AggSkipsMasked)
	var s float64
	for i, row := range x {
		ms := mask[i][:len(row)]
		for t, v := range row {
			m := ms[t]
			if where && m == 0 {
				continue
			}
			s += (k * v) * m
		}
	}
	return s
}

// MaskedMean is masked_mean(x, mask) of generation g: Σx·m / (Σm + ε),
// ε from MaskedMeanEps. With no ε an empty mask gives 0/0 = NaN, as in
// verl, or ErrNoValidToken under ZeroDivError; no other error is returned.
func MaskedMean(g Generation, x, mask [][]float64) (float64, error) {
	return maskedMeanGenScaled(g, 1, x, mask)
}

// maskedMeanGenScaled is MaskedMean of k·x, for k = ±1.
func maskedMeanGenScaled(g Generation, k float64, x, mask [][]float64) (float64, error) {
	n, eps := maskCount(mask), g.meanEps()
	if n == 0 && eps == 0 && g.Is(ZeroDivError) {
		return 0, ErrNoValidToken
	}
	return maskedSumGenScaled(g, k, x, mask) / (n + eps), nil
}

// AggModes lists the loss_agg_mode names generation g's agg_loss
// accepts: none before AggLoss (v0.4.0; every loss is token-mean), the four
// modes, and token-sum from TokenSumMode (v0.9.0).
func (g Generation) AggModes() []AggMode {
	switch {
	case !g.Has(AggLoss):
		return []AggMode{TokenMean}
	case !g.Has(TokenSumMode):
		return AggModes[:4]
	}
	return AggModes
}

// Aggregate is agg_loss(loss, mask, mode) of generation g with one
// micro-batch, dp_size = 1 and no global-batch information (a direct call,
// or the legacy workers). Before AggLoss every loss is masked_mean, and only
// token-mean is asked for. Under AggSkipsMasked the masked tokens are
// skipped and token-mean and token-sum add the rows' sums; under
// ZeroDivError no valid token (token-mean) or no non-empty row (seq-mean)
// is errNoTokens.
func Aggregate(g Generation, loss, mask [][]float64, mode AggMode) (float64, error) {
	return aggregateGen(g, loss, mask, mode, 0)
}

// aggregateGen is agg_loss of generation g; globalBatch > 0 is the
// global_batch_size the engine workers pass (GlobalBatchInfo), which the
// seq-mean modes divide by in place of the number of non-empty rows.
func aggregateGen(g Generation, loss, mask [][]float64, mode AggMode, globalBatch int) (float64, error) {
	if !g.Has(AggLoss) {
		if mode != TokenMean {
			if g.Is(EngineErrors) {
				return 0, fmt.Errorf("engine: verl v0.2 has no loss_agg_mode %q (only token-mean)", mode)
			}
			return 0, raise("TypeError", "", "verl %s has no loss_agg_mode: every loss is a token-mean masked_mean (agg_loss arrived in v0.4.0, PR #623)", g.Range())
		}
		return MaskedMean(g, loss, mask)
	}
	skip := g.Is(AggSkipsMasked)
	switch {
	case skip: // every mode from the rows' sums, below
	case mode == TokenMean:
		if g.Has(TokenMeanNoEps) {
			return maskedSumGen(g, loss, mask) / maskCount(mask), nil
		}
		return MaskedMean(g, loss, mask)
	case mode == TokenSum:
		if g.Has(TokenSumMode) {
			return maskedSumGen(g, loss, mask), nil
		}
		return 0, raise("ValueError", "Invalid loss_agg_mode: "+string(mode), "verl %s knows %s", g.Range(), joinModes(g.AggModes()))
	}
	b, r := shapeOf(loss)
	// Per-row sums are torch.sum(loss_mat * loss_mask, dim=-1): a plain
	// product, so a masked ±inf gives NaN whatever the generation (but for
	// AggSkipsMasked). A few rows' sums live on the stack.
	var small [3 * 8]float64
	rowSum, rowN, per := small[0:0:8], small[8:8:16], small[16:16:24]
	if b > 8 {
		rowSum, rowN, per = make([]float64, 0, b), make([]float64, 0, b), make([]float64, 0, b)
	}
	rowSum, rowN, per = rowSum[:b], rowN[:b], per[:b]
	for i, row := range loss {
		for t, l := range row {
			m := mask[i][t]
			if skip && m == 0 {
				continue
			}
			rowSum[i] += l * m
			rowN[i] += m
		}
	}
	sum := func(xs []float64) float64 {
		var s float64
		for _, x := range xs {
			s += x
		}
		return s
	}
	noZeroDiv := g.Is(ZeroDivError)
	if skip && (mode == TokenMean || mode == TokenSum && g.Has(TokenSumMode)) {
		total, tokens := sum(rowSum), sum(rowN)
		if mode == TokenSum {
			return total, nil
		}
		if noZeroDiv && tokens == 0 {
			return 0, errNoTokens
		}
		return total / tokens, nil
	}
	var rows float64 // non-empty rows
	for _, n := range rowN {
		if n > 0 {
			rows++
		}
	}
	if noZeroDiv && rows == 0 {
		return 0, errNoTokens
	}
	seqs := rows // what masked_sum(…, seq_mask) is divided by from TokenMeanNoEps on
	if globalBatch > 0 {
		seqs = float64(globalBatch)
	}
	// nonEmpty sums xs over the non-empty rows, as masked_sum(xs, seq_mask).
	where := g.Has(MaskedSumWhere)
	nonEmpty := func(xs []float64) float64 {
		var s float64
		for i, x := range xs {
			if rowN[i] > 0 {
				s += x
			} else if !where {
				s += x * 0
			}
		}
		return s
	}
	switch mode {
	case SeqMeanTokenSum, SeqMeanTokenSumNorm:
		if mode == SeqMeanTokenSumNorm && !g.Has(SumNormPerSeq) {
			return sum(rowSum) / float64(r), nil // Σ over all rows / R
		}
		var l float64
		switch {
		case g.Has(TokenMeanNoEps): // masked_sum / Σseq_mask (or / global_batch_size)
			l = nonEmpty(rowSum) / seqs
		case g.Has(SeqMeanSkipEmpty): // masked_mean(seq_losses, seq_mask)
			l = nonEmpty(rowSum) / (rows + maskedMeanEps)
		default: // torch.mean over every row
			l = sum(rowSum) / float64(b)
		}
		if mode == SeqMeanTokenSumNorm {
			l /= float64(r)
		}
		return l, nil
	case SeqMeanTokenMean:
		for i := range per {
			if g.Has(SeqMeanSkipEmpty) {
				per[i] = rowSum[i] / (rowN[i] + maskedMeanEps)
			} else {
				per[i] = rowSum[i] / rowN[i] // 0/0 = NaN for an empty row
			}
		}
		switch {
		case g.Has(TokenMeanNoEps):
			return nonEmpty(per) / seqs, nil
		case g.Has(SeqMeanSkipEmpty):
			return nonEmpty(per) / (rows + maskedMeanEps), nil
		}
		return sum(per) / float64(b), nil
	}
	if g.Is(EngineErrors) {
		return 0, fmt.Errorf("engine: invalid loss_agg_mode %q", mode)
	}
	return 0, raise("ValueError", "Invalid loss_agg_mode: "+string(mode), "verl %s knows %s", g.Range(), joinModes(g.AggModes()))
}

func joinModes(ms []AggMode) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = string(m)
	}
	return strings.Join(s, ", ")
}

// AggregateValueLoss is compute_value_loss of generation g for one mode:
// vf_loss = 0.5·agg(max loss), without the 0.5 while ValueLossNoHalf
// (v0.4.0 only), and vf_clipfrac = masked_mean(clipped).
func AggregateValueLoss(g Generation, vt ValueTerms, mask [][]float64, mode AggMode) (ValueLoss, error) {
	loss, err := Aggregate(g, vt.MaxLoss, mask, mode)
	if err != nil {
		return ValueLoss{}, err
	}
	if !g.Has(ValueLossNoHalf) {
		loss *= 0.5
	}
	frac, err := MaskedMean(g, vt.Clipped, mask)
	if err != nil {
		return ValueLoss{}, err
	}
	return ValueLoss{Loss: loss, ClipFrac: frac}, nil
}

// PolicyLossTerms is generation g's compute_policy_loss per token. Before
// ClipLowHigh (v0.4.0) the ratio is clipped to 1 ± p.Ratio; after, to
// [1 − p.Low, 1 + p.High]. DualClip adds the −A·c cap and asserts c > 1;
// LogRatioClamp (v0.4.1) clamps the log-ratio to ±20. Before it, a
// log-ratio beyond 88.72 overflows float32 to +inf, as in verl, and the
// loss of that token is ∓inf (or NaN where A = 0); under Exp64OverflowError
// the ratio is float64's exp, and an infinite one is an error.
func PolicyLossTerms(g Generation, logProbs, oldLogProbs, advantages [][]float64, p ClipParams) (PolicyTerms, error) {
	dual := g.Has(DualClip)
	if dual && !(p.C > 1) {
		if g.Is(EngineErrors) {
			return PolicyTerms{}, fmt.Errorf("engine: clip_ratio_c must be greater than 1 (verl asserts it), got %g", p.C)
		}
		return PolicyTerms{}, raise("AssertionError", fmt.Sprintf("The lower bound of the clip_ratio_c for dual-clip PPO should be greater than 1.0, but get the value: %g.", p.C), "verl %s asserts it", g.Range())
	}
	lo, hi := 1-p.Ratio, 1+p.Ratio
	if g.Has(ClipLowHigh) {
		lo, hi = 1-p.Low, 1+p.High
	}
	clampLR, exp64 := g.Has(LogRatioClamp), g.Is(Exp64OverflowError)
	pt := newPolicyTerms(logProbs, dual)
	for i, lps := range logProbs {
		n := len(lps)
		olds, advs := oldLogProbs[i][:n], advantages[i][:n]
		lr, ra, l1s, l2s, fin, cl := pt.LogRatio[i][:n], pt.Ratio[i][:n], pt.Losses1[i][:n], pt.Losses2[i][:n], pt.Final[i][:n], pt.Clipped[i][:n]
		var l3s, dcl []float64
		if dual {
			l3s, dcl = pt.Losses3[i][:n], pt.DualClipped[i][:n]
		}
		for t, lp := range lps {
			a, x := advs[t], lp-olds[t]
			if clampLR {
				x = clamp(x, -logRatioClamp, logRatioClamp)
			}
			var ratio float64
			if exp64 {
				if ratio = math.Exp(x); math.IsInf(ratio, 0) {
					return PolicyTerms{}, fmt.Errorf("engine: verl %s policy loss: exp(log_probs − old_log_probs) overflows at [%d][%d] (log-ratio %g; newest verl clamps it to ±20)", g.Range(), i, t, x)
				}
			} else {
				ratio = exp32(x)
			}
			l1 := -a * ratio
			l2 := -a * clampNaN(ratio, lo, hi)
			m1 := maxNaN(l1, l2)
			lr[t], ra[t] = x, ratio
			l1s[t], l2s[t] = l1, l2
			cl[t] = indicator(l2 > l1)
			fin[t] = m1
			if dual {
				l3 := -a * p.C
				l3s[t] = l3
				dcl[t] = indicator(m1 > l3 && a < 0)
				if a < 0 {
					fin[t] = minNaN(l3, m1)
				}
			}
		}
	}
	return pt, nil
}

// clampNaN, maxNaN and minNaN are torch.clamp, torch.maximum and torch.min:
// NaN propagates.
func clampNaN(x, lo, hi float64) float64 { return clamp(x, lo, hi) }
func maxNaN(a, b float64) float64        { return fmax(a, b) }
func minNaN(a, b float64) float64        { return fmin(a, b) }

// AggregatePolicyLoss is generation g's pg_loss and metrics for one mode.
// pg_clipfrac_lower exists from DualClip on (0 before). Under
// Exp64OverflowError an infinite pg_loss is an error.
func AggregatePolicyLoss(g Generation, pt PolicyTerms, mask [][]float64, mode AggMode) (PolicyLoss, error) {
	loss, err := Aggregate(g, pt.Final, mask, mode)
	if err != nil {
		return PolicyLoss{}, err
	}
	// The metrics' mask is the loss's, so they raise no ZeroDivError where
	// the loss did not.
	pl := PolicyLoss{Loss: loss}
	pl.ClipFrac, _ = MaskedMean(g, pt.Clipped, mask)
	pl.PPOKL, _ = maskedMeanGenScaled(g, -1, pt.LogRatio, mask) // masked_mean(−LogRatio)
	if pt.DualClipped != nil {
		pl.ClipFracLower, _ = MaskedMean(g, pt.DualClipped, mask)
	}
	if g.Is(Exp64OverflowError) && math.IsInf(pl.Loss, 0) {
		return PolicyLoss{}, fmt.Errorf("engine: verl %s pg_loss overflows to infinity", g.Range())
	}
	return pl, nil
}

// ActorKL is generation g's use_kl_loss path: the KL of the current
// policy against the reference, token-mean masked_mean before AggLoss and
// agg_loss with the configured mode after, times coef, plus pgLoss.
func ActorKL(g Generation, name string, logProbs, refLogProb, mask [][]float64, mode AggMode, coef, pgLoss float64) (ActorKLLoss, error) {
	kld, err := KLPenalty(g, name, logProbs, refLogProb)
	if err != nil {
		return ActorKLLoss{}, err
	}
	if !g.Has(AggLoss) && !g.Is(EngineErrors) {
		mode = TokenMean
	}
	loss, err := Aggregate(g, kld, mask, mode)
	if err != nil {
		return ActorKLLoss{}, err
	}
	return ActorKLLoss{KLD: kld, KLLoss: loss, Total: pgLoss + coef*loss}, nil
}
