package engine

import "fmt"

// The engine workers' path: from v0.7.0 (GlobalBatchInfo, PR #4211) the
// actor calls agg_loss with dp_size, batch_num_tokens and global_batch_size
// (opt-in in v0.7.x, the only path from v0.8.0), and from v0.9.0
// (CriticGlobalBatch, PR #6957) the critic does too. With one data-parallel
// rank, batch_num_tokens = Σmask and global_batch_size = B (the rows of the
// mini-batch, empty ones included), as ../shared/golden/VERSIONS.md's
// by_agg_mode_engine blocks assume: token-mean is unchanged, and the
// seq-mean modes divide by B instead of the number of non-empty rows, so an
// empty row counts again, as it did before v0.6.1.

// AggregateEngine is agg_loss(loss, mask, mode) as generation g's engine
// workers call it: dp_size = 1, batch_num_tokens = Σmask and
// global_batch_size = B. Before GlobalBatchInfo there is no engine path.
func AggregateEngine(g Generation, loss, mask [][]float64, mode AggMode) (float64, error) {
	if !g.Has(GlobalBatchInfo) {
		return 0, fmt.Errorf("engine: verl %s has no engine workers' agg_loss (global-batch arguments arrived in v0.7.0, PR #4211)", g.Range())
	}
	b, _ := shapeOf(loss)
	return aggregateGen(g, loss, mask, mode, max(b, 1))
}

// AggregatePolicyLossEngine is generation g's pg_loss and metrics for one
// mode on the engine path; the metrics are the direct call's.
func AggregatePolicyLossEngine(g Generation, pt PolicyTerms, mask [][]float64, mode AggMode) (PolicyLoss, error) {
	loss, err := AggregateEngine(g, pt.Final, mask, mode)
	if err != nil {
		return PolicyLoss{}, err
	}
	pl, err := AggregatePolicyLoss(g, pt, mask, TokenMean)
	pl.Loss = loss
	return pl, err
}

// AggregateValueLossEngine is generation g's vf_loss and vf_clipfrac for
// one mode as the engine critic computes them (CriticGlobalBatch, v0.9.0).
func AggregateValueLossEngine(g Generation, vt ValueTerms, mask [][]float64, mode AggMode) (ValueLoss, error) {
	if !g.Has(CriticGlobalBatch) {
		return ValueLoss{}, fmt.Errorf("engine: verl %s's critic passes no global-batch arguments (PR #6957, v0.9.0)", g.Range())
	}
	loss, err := AggregateEngine(g, vt.MaxLoss, mask, mode)
	if err != nil {
		return ValueLoss{}, err
	}
	frac, _ := MaskedMean(g, vt.Clipped, mask)
	return ValueLoss{Loss: 0.5 * loss, ClipFrac: frac}, nil
}
