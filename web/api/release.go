package api

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"gaelab/engine"
)

// runRelease answers a case with config.verl_version: the single-version
// blocks of ../shared/golden/VERSIONS.md, each computed as that release's
// generation computes it. Numbers verl gives as NaN or ±Inf are the strings
// "NaN", "Infinity" and "-Infinity", each explained in "notes".
//
// It stops between blocks once ctx ends, and returns nil then.
func runRelease(ctx context.Context, req *request, rel engine.Release) []byte {
	g := rel.Gen
	t, c := req.tensors, req.cfg
	mask := t["response_mask"]
	out := obj{}

	if req.has("old_log_probs", "ref_log_prob") {
		kv := obj{}
		for _, name := range engine.AllKLNames {
			kv[name] = matrixOrError(engine.KLPenalty(g, name, t["old_log_probs"], t["ref_log_prob"]))
		}
		out["kl_variants"] = kv
	}
	if ctx.Err() != nil {
		return nil
	}
	rewards := t["token_level_rewards"]
	ok := true // false once a block verl would crash in leaves the rest out
	if scores := t["token_level_scores"]; scores != nil {
		rewards = scores
		if engine.UseKLInReward(g, c.UseKLInReward, c.UseKLLoss) && req.has("old_log_probs", "ref_log_prob") {
			ctl := klController(c)
			res, err := engine.ApplyKLPenalty(g, scores, t["old_log_probs"], t["ref_log_prob"], mask, c.KLPenalty, ctl)
			if err != nil {
				out["kl_reward"] = errorObj(err)
				rewards, ok = nil, false
			} else {
				block := klRewardObj(res)
				if c.KLCtrlType == "adaptive" {
					block["beta_after_update"] = ctl.Value()
				}
				out["kl_reward"] = block
				rewards = res.Rewards
			}
		}
	}
	if rewards != nil {
		out["token_level_rewards"] = rewards
	}

	if ctx.Err() != nil {
		return nil
	}
	var gae *engine.GAEResult
	if ok && rewards != nil && req.has("values") {
		r := engine.GAE(g, rewards, t["values"], mask, c.Gamma, c.Lam)
		gae = &r
		out["gae"] = gaeBlock(r)
	}
	if ctx.Err() != nil {
		return nil
	}
	if gae != nil && req.has("vpreds") {
		out["value_loss"] = valueLossGen(g, req, gae.Returns)
	}
	advantages := t["advantages"]
	if advantages == nil && gae != nil {
		advantages = gae.Whitened
	}
	if ctx.Err() != nil {
		return nil
	}
	if ok && advantages != nil && req.has("log_probs", "old_log_probs") {
		block, pgLoss := policyLossGen(g, req, advantages)
		out["policy_loss"] = block
		if c.UseKLLoss && req.has("ref_log_prob") && pgLoss != nil {
			out["actor_kl_loss"] = actorKLLossGen(g, req, *pgLoss)
		}
	}
	if ctx.Err() != nil {
		return nil
	}
	if ok && req.index != nil && rewards != nil {
		out["outcome_estimators"] = outcomeEstimatorsGen(g, req, rewards)
	}
	if req.updates != nil {
		out["beta_after_each_update"] = adaptiveBetas(req)["newest"] // the controller is the same in every release
	}

	if ctx.Err() != nil {
		return nil
	}
	w := &jsonWriter{gen: g, ctx: ctx}
	w.buf = append(w.buf, `{"outputs":`...)
	w.value("outputs", out)
	w.buf = append(w.buf, `,"verl":`...)
	w.value("", obj{
		"release":    rel.Tag,
		"generation": g.String(),
		"releases":   g.Range(),
		"commit":     rel.Commit,
	})
	if len(w.notes) > 0 {
		w.buf = append(w.buf, `,"notes":`...)
		notes := make([]any, len(w.notes))
		for i, n := range w.notes {
			notes[i] = n
		}
		w.notes = nil
		w.value("", notes)
	}
	if w.halt() {
		return nil // ended, or too large: ComputeWithin answers which
	}
	return append(w.buf, '}')
}

func matrixOrError(m [][]float64, err error) any {
	if err != nil {
		return errorObj(err)
	}
	return m
}

// valueLossGen is the value_loss block of one generation: per token, per
// aggregation mode the release knows (token-sum as verl's ValueError where it
// does not), and for v0.2–v0.3 the shifted mask its dp_critic really used.
func valueLossGen(g engine.Generation, req *request, returns [][]float64) obj {
	mask := req.tensors["response_mask"]
	vt := engine.ValueLossTerms(req.tensors["values"], req.tensors["vpreds"], returns, req.cfg.CliprangeValue)
	byMode := obj{}
	for _, mode := range modesAsked(g) {
		byMode[string(mode)] = valueLossObj(engine.AggregateValueLoss(g, vt, mask, mode))
	}
	block := obj{"per_token": valueTermsObj(vt), "by_agg_mode": byMode}
	if g.Has(engine.CriticGlobalBatch) {
		engineModes := obj{}
		for _, mode := range modesAsked(g) {
			engineModes[string(mode)] = valueLossObj(engine.AggregateValueLossEngine(g, vt, mask, mode))
		}
		block["by_agg_mode_engine"] = engineModes
	}
	if !g.Has(engine.AggLoss) && !engine.HasHoles(mask) {
		shifted := engine.ShiftedCriticMask(mask)
		s := valueLossObj(engine.AggregateValueLoss(g, vt, shifted, engine.TokenMean))
		s["mask"] = shifted
		block["with_shifted_mask"] = s
	}
	return block
}

// modesAsked are the loss_agg_mode keys of a release's by_agg_mode: only
// token-mean before agg_loss existed, else every mode (the ones the release
// lacks answer verl's ValueError).
func modesAsked(g engine.Generation) []engine.AggMode {
	if !g.Has(engine.AggLoss) {
		return []engine.AggMode{engine.TokenMean}
	}
	return engine.AggModes
}

// policyLossGen is the policy_loss block of one generation, and its pg_loss
// in the configured mode (nil where verl raises), for the actor KL loss.
func policyLossGen(g engine.Generation, req *request, advantages [][]float64) (obj, *float64) {
	t, c := req.tensors, req.cfg
	pt, err := engine.PolicyLossTerms(g, t["log_probs"], t["old_log_probs"], advantages,
		engine.ClipParams{Ratio: c.ClipRatio, Low: c.ClipLow, High: c.ClipHigh, C: c.ClipC})
	if err != nil {
		return errorObj(err), nil
	}
	var pgLoss *float64
	byMode := obj{}
	for _, mode := range modesAsked(g) {
		pl, err := engine.AggregatePolicyLoss(g, pt, t["response_mask"], mode)
		byMode[string(mode)] = policyLossObjGen(g, pl, err)
		if err == nil && (mode == c.LossAggMode || (!g.Has(engine.AggLoss) && mode == engine.TokenMean)) {
			pgLoss = &pl.Loss
		}
	}
	perToken := obj{
		"log_ratio":       pt.LogRatio,
		"ratio":           pt.Ratio,
		"pg_losses1":      pt.Losses1,
		"pg_losses2":      pt.Losses2,
		"pg_losses_final": pt.Final,
		"clipped_token":   pt.Clipped,
	}
	if g.Has(engine.DualClip) {
		perToken["pg_losses3_dual"] = pt.Losses3
		perToken["dual_clipped_token"] = pt.DualClipped
	}
	block := obj{"per_token": perToken, "by_agg_mode": byMode}
	if g.Has(engine.GlobalBatchInfo) {
		engineModes := obj{}
		for _, mode := range modesAsked(g) {
			pl, err := engine.AggregatePolicyLossEngine(g, pt, t["response_mask"], mode)
			engineModes[string(mode)] = policyLossObjGen(g, pl, err)
		}
		block["by_agg_mode_engine"] = engineModes
	}
	return block, pgLoss
}

// policyLossObjGen is one mode's pg_loss and metrics, or verl's error.
func policyLossObjGen(g engine.Generation, pl engine.PolicyLoss, err error) obj {
	if err != nil {
		return errorObj(err)
	}
	o := obj{"pg_loss": pl.Loss, "pg_clipfrac": pl.ClipFrac, "ppo_kl": pl.PPOKL}
	if g.Has(engine.DualClip) {
		o["pg_clipfrac_lower"] = pl.ClipFracLower
	}
	return o
}

// actorKLLossGen is the use_kl_loss path for each of the 15 KL names.
func actorKLLossGen(g engine.Generation, req *request, pgLoss float64) obj {
	t, c := req.tensors, req.cfg
	byType := obj{}
	for _, name := range engine.AllKLNames {
		a, err := engine.ActorKL(g, name, t["log_probs"], t["ref_log_prob"], t["response_mask"], c.LossAggMode, c.KLLossCoef, pgLoss)
		if err != nil {
			byType[name] = errorObj(err)
			continue
		}
		byType[name] = obj{"kld": a.KLD, "kl_loss": a.KLLoss, "policy_loss_total": a.Total}
	}
	return obj{"kl_loss_coef": c.KLLossCoef, "kl_loss_type": c.KLLossType, "by_type": byType}
}

// outcomeEstimatorsGen runs the estimators the generation has.
func outcomeEstimatorsGen(g engine.Generation, req *request, rewards [][]float64) obj {
	in := outcomeInputs(req, rewards)
	in.Gen = g
	return outcomeBlock(req.ctx, in, g.OutcomeEstimators(), func(o obj) any { return o })
}

// jsonWriter writes a block tree as JSON, with NaN and ±Inf as strings, and
// keeps a note for each quantity that holds one.
type jsonWriter struct {
	buf   []byte
	gen   engine.Generation
	notes []obj
	seen  map[string]bool
	// ctx ends the writing, checked before each row: once it is done, or
	// once buf is past MaxAnswerBytes (an answer refused anyway), the rest
	// is not written and halted is set.
	ctx    context.Context
	halted bool
}

// halt reports whether the writing must stop: the request ended or the
// answer is already too large.
func (w *jsonWriter) halt() bool {
	if !w.halted && (len(w.buf) > MaxAnswerBytes || (w.ctx != nil && w.ctx.Err() != nil)) {
		w.halted = true
	}
	return w.halted
}

// nonFinite is how JSON, which has no NaN, carries verl's non-finite numbers.
func nonFinite(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case x > 0:
		return "Infinity"
	}
	return "-Infinity"
}

func (w *jsonWriter) num(path string, x float64) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		s := nonFinite(x)
		w.buf = strconv.AppendQuote(w.buf, s)
		w.note(path, s)
		return
	}
	w.buf = strconv.AppendFloat(w.buf, x, 'g', -1, 64)
}

var indexRE = regexp.MustCompile(`\[\d+\]`)

// note records the first non-finite value of each quantity, with why.
func (w *jsonWriter) note(path, value string) {
	key := indexRE.ReplaceAllString(path, "") + value
	if w.seen == nil {
		w.seen = map[string]bool{}
	}
	if w.seen[key] {
		return
	}
	w.seen[key] = true
	w.notes = append(w.notes, obj{"field": path, "value": value, "why": whyNonFinite(w.gen, path, value)})
}

func (w *jsonWriter) value(path string, v any) {
	switch x := v.(type) {
	case nil:
		w.buf = append(w.buf, "null"...)
	case bool:
		w.buf = strconv.AppendBool(w.buf, x)
	case string:
		w.buf = strconv.AppendQuote(w.buf, x)
	case int:
		w.buf = strconv.AppendInt(w.buf, int64(x), 10)
	case float64:
		w.num(path, x)
	case []int:
		w.array(false, len(x), func(i int) { w.buf = strconv.AppendInt(w.buf, int64(x[i]), 10) })
	case []float64:
		w.array(x == nil, len(x), func(i int) { w.num(fmt.Sprintf("%s[%d]", path, i), x[i]) })
	case [][]float64:
		w.array(x == nil, len(x), func(i int) {
			if !w.halt() {
				w.value(fmt.Sprintf("%s[%d]", path, i), x[i])
			}
		})
	case []any:
		w.array(false, len(x), func(i int) { w.value(fmt.Sprintf("%s[%d]", path, i), x[i]) })
	case obj:
		w.buf = append(w.buf, '{')
		for i, k := range sortedKeys(x) {
			if i > 0 {
				w.buf = append(w.buf, ',')
			}
			w.buf = strconv.AppendQuote(w.buf, k)
			w.buf = append(w.buf, ':')
			w.value(path+"."+k, x[k])
		}
		w.buf = append(w.buf, '}')
	default:
		panic(fmt.Sprintf("api: cannot write %T", v))
	}
}

// array writes n elements as a JSON array, elem(i) writing the i-th; null
// when null is set (a nil tensor).
func (w *jsonWriter) array(null bool, n int, elem func(i int)) {
	if null {
		w.buf = append(w.buf, "null"...)
		return
	}
	w.buf = append(w.buf, '[')
	for i := range n {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		elem(i)
	}
	w.buf = append(w.buf, ']')
}

// whyNonFinite explains a NaN or ±Inf verl gives at path in generation g.
func whyNonFinite(g engine.Generation, path, value string) string {
	switch {
	case strings.Contains(path, "current_kl_metric"):
		return fmt.Sprintf("a row has no valid token, and verl %s's masked_mean has no ε, so that row's mean KL is 0/0 (the ε came in v0.3.0.post0, PR #782)", g.Range())
	case strings.Contains(path, "seq-mean-token-mean") && !g.Has(engine.SeqMeanSkipEmpty):
		return fmt.Sprintf("a row has no valid token: verl %s's seq-mean-token-mean divides that row's sum by its Σmask = 0 and averages over every row (empty rows are skipped from v0.6.1, PR #3915)", g.Range())
	case strings.Contains(path, "per_token") || (!g.Has(engine.LogRatioClamp) && strings.Contains(path, "policy_loss")):
		return fmt.Sprintf("exp(log_probs − old_log_probs) overflows float32 beyond a log-ratio of 88.72, and verl %s has no ±20 clamp (PR #1779, v0.4.1); −A·inf is ∓inf, and inf·0 at a masked position is NaN", g.Range())
	case g.Has(engine.TokenMeanNoEps) || !g.Has(engine.MaskedMeanEps):
		return fmt.Sprintf("the batch has no valid token, and verl %s divides by Σmask = 0 without an ε, so the loss is 0/0", g.Range())
	}
	return fmt.Sprintf("verl %s's float arithmetic gives %s here", g.Range(), value)
}
