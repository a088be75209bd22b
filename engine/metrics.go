package engine

import (
	"errors"
	"math"
)

// DataBatch is what verl's compute_data_metrics reads from a training batch,
// [B][R] per token as everywhere (t the 0-based response-token index). A
// matrix left nil leaves out the metrics made from it (verl would raise a
// KeyError instead).
type DataBatch struct {
	// Scores and Rewards are token_level_scores and token_level_rewards;
	// each row is summed into the sequence's score or reward.
	Scores, Rewards [][]float64
	// Advantages and Returns are the batch's advantages and returns.
	Advantages, Returns [][]float64
	// Values are the critic's values; nil is use_critic=False (no
	// critic/values/* and no critic/vf_explained_var).
	Values [][]float64
	// ResponseMask is response_mask, 0/1: the tokens the advantages,
	// returns and values are selected on from v0.5.0 (G06).
	ResponseMask [][]float64
	// AttentionMask is the response part of attention_mask,
	// attention_mask[:, -R:], 0/1: every release counts response_length
	// on it, and v0.2–v0.4.1 (G01–G05) also select the advantages,
	// returns and values on it. nil: the same as ResponseMask (a
	// single-turn batch). From v0.8.0 verl reads batch["response_length"]
	// and batch["prompt_length"] instead when the batch holds both;
	// a trainer's batch holds the same numbers there.
	AttentionMask [][]float64
	// PromptLength is attention_mask[:, :-R].dataSum(-1) per row, and
	// PromptWidth the prompt part's width (prompts.shape[-1]); nil leaves
	// out prompt_length/*.
	PromptLength []float64
	PromptWidth  int
	// NumTurns and ToolCallCounts are non_tensor_batch's __num_turns__
	// (read from v0.5.0) and tool_call_counts (from v0.6.0), one per row;
	// nil when the batch has none.
	NumTurns, ToolCallCounts []float64
}

// Metric is one of compute_data_metrics' entries under verl's own name.
type Metric struct {
	Name  string
	Value float64
}

// Metrics are compute_data_metrics' entries in verl's order.
type Metrics []Metric

// Get is the metric called name.
func (m Metrics) Get(name string) (float64, bool) {
	for _, x := range m {
		if x.Name == name {
			return x.Value, true
		}
	}
	return math.NaN(), false
}

// ErrMetricsEmpty is verl's error for an empty selection before v0.8.0:
// torch.max of no element (every response empty, every token masked, or,
// from v0.6.0, no row with a response).
var ErrMetricsEmpty = errors.New("engine: compute_data_metrics: max() of an empty selection (verl raises before v0.8.0; from v0.8.0 the metric is NaN)")

// DataMetrics is verl's compute_data_metrics(batch, use_critic=b.Values !=
// nil) as generation g computes it (verl/trainer/ppo/ray_trainer.py at
// v0.2, metric_utils.py from v0.3.0.rc0), under verl's names:
//
//   - critic/score/* and critic/rewards/* (mean, max, min) over the rows'
//     sums of token_level_scores and token_level_rewards; from v0.6.0 only
//     over the rows whose response is not empty (not "aborted");
//   - critic/advantages/*, critic/returns/*, critic/values/* over the
//     selected tokens (attention_mask[:, -R:] before v0.5.0,
//     response_mask from it), and critic/vf_explained_var =
//     1 − Var(R − V)/(Var(R) + 1e-5) with torch.var's unbiased variances
//     (NaN with fewer than two tokens);
//   - response_length/* (mean, max, min, clip_ratio: the share of rows as
//     long as R) counted on attention_mask[:, -R:], and prompt_length/*
//     (clip_ratio against the prompt width);
//   - from v0.5.0 num_turns/*; from v0.6.0 response_length_non_aborted/*,
//     response/aborted_ratio and tool_call_counts/*.
//
// Before v0.8.0 an empty selection makes verl raise: DataMetrics then
// returns ErrMetricsEmpty with the metrics as v0.8.0 would give them (NaN
// where the selection is empty). A pseudo-generation computes as its base.
func DataMetrics(g Generation, b DataBatch) (Metrics, error) {
	if p, ok := pseudoGens[g]; ok {
		g = p.base
	}
	att := b.AttentionMask
	if att == nil {
		att = b.ResponseMask
	}
	sel := att // the tokens advantages, returns and values are read on
	if g >= G06 {
		sel = b.ResponseMask
	}
	R := 0
	if len(att) > 0 {
		R = len(att[0])
	}
	respLen := make([]float64, len(att))
	for i, row := range att {
		respLen[i] = dataSum(row)
	}
	nonAborted := g >= G07 // score and rewards over non-empty rows only

	var out Metrics
	empty := false
	add := func(prefix string, xs []float64, order ...string) {
		s := dataStats(xs)
		if len(xs) == 0 {
			empty = true
		}
		for _, k := range order {
			out = append(out, Metric{prefix + "/" + k, s[k]})
		}
	}
	rowSums := func(m [][]float64) []float64 {
		var xs []float64
		for i, row := range m {
			if !nonAborted || respLen[i] != 0 {
				xs = append(xs, dataSum(row))
			}
		}
		return xs
	}
	mmm := []string{"mean", "max", "min"}
	if b.Scores != nil {
		add("critic/score", rowSums(b.Scores), mmm...)
	}
	if b.Rewards != nil {
		add("critic/rewards", rowSums(b.Rewards), mmm...)
	}
	if b.Advantages != nil {
		add("critic/advantages", dataSelect(b.Advantages, sel), mmm...)
	}
	var returns []float64
	if b.Returns != nil {
		returns = dataSelect(b.Returns, sel)
		add("critic/returns", returns, mmm...)
	}
	if b.Values != nil {
		values := dataSelect(b.Values, sel)
		add("critic/values", values, mmm...)
		ev := math.NaN()
		if b.Returns != nil && len(values) > 0 {
			diff := make([]float64, len(values))
			for k := range values {
				diff[k] = returns[k] - values[k]
			}
			ev = 1 - dataVar(diff)/(dataVar(returns)+1e-5)
		}
		out = append(out, Metric{"critic/vf_explained_var", ev})
	}
	lengths := func(prefix string, xs []float64, limit int) {
		add(prefix, xs, mmm...)
		out = append(out, Metric{prefix + "/clip_ratio", dataShare(xs, float64(limit))})
	}
	lengths("response_length", respLen, R)
	if g >= G07 {
		var kept []float64
		aborted := 0
		for _, n := range respLen {
			if n == 0 {
				aborted++
			} else {
				kept = append(kept, n)
			}
		}
		lengths("response_length_non_aborted", kept, R)
		out = append(out, Metric{"response/aborted_ratio", float64(aborted) / float64(len(respLen))})
	}
	if b.PromptLength != nil {
		lengths("prompt_length", b.PromptLength, b.PromptWidth)
	}
	if g >= G06 && b.NumTurns != nil {
		add("num_turns", b.NumTurns, "min", "max", "mean")
	}
	if g >= G07 && b.ToolCallCounts != nil {
		add("tool_call_counts", b.ToolCallCounts, "min", "max", "mean")
	}
	if empty && g < G11 {
		return out, ErrMetricsEmpty
	}
	return out, nil
}

// dataStats is the mean, max and min of xs, NaN for none.
func dataStats(xs []float64) map[string]float64 {
	if len(xs) == 0 {
		return map[string]float64{"mean": math.NaN(), "max": math.NaN(), "min": math.NaN()}
	}
	lo, hi := xs[0], xs[0]
	for _, x := range xs {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return map[string]float64{"mean": dataSum(xs) / float64(len(xs)), "max": hi, "min": lo}
}

// dataSelect is torch.masked_select(x, mask.bool()): the masked tokens in
// row-major order.
func dataSelect(x, mask [][]float64) []float64 {
	var out []float64
	for i, row := range mask {
		for t, m := range row {
			if m != 0 {
				out = append(out, x[i][t])
			}
		}
	}
	return out
}

// dataVar is torch.var(x): Σ(x − x̄)²/(n − 1), NaN for n < 2.
func dataVar(xs []float64) float64 {
	n := float64(len(xs))
	if n < 2 {
		return math.NaN()
	}
	mean := dataSum(xs) / n
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return ss / (n - 1)
}

// dataShare is the share of xs equal to v, NaN for none.
func dataShare(xs []float64, v float64) float64 {
	k := 0
	for _, x := range xs {
		if x == v {
			k++
		}
	}
	return float64(k) / float64(len(xs))
}

func dataSum(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s
}
