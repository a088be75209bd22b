package engine

import (
	"errors"
	"fmt"
)

// AggMode is verl's loss_agg_mode: how a [B][R] per-token loss becomes one number.
type AggMode string

// The aggregation modes of newest verl (v0.9, dp_size = 1, no global batch
// info). v0.2 knows only TokenMean.
const (
	TokenMean           AggMode = "token-mean"              // ΣLM / ΣM
	SeqMeanTokenSum     AggMode = "seq-mean-token-sum"      // mean over non-empty rows of Σ_t LM
	SeqMeanTokenMean    AggMode = "seq-mean-token-mean"     // mean over non-empty rows of Σ_t LM / (Σ_t M + 1e-8)
	SeqMeanTokenSumNorm AggMode = "seq-mean-token-sum-norm" // seq-mean-token-sum / R (v0.7.1+; Dr.GRPO)
	TokenSum            AggMode = "token-sum"               // ΣLM (v0.9.0+)
)

// AggModes lists every mode in the order the UI and the golden file use.
var AggModes = []AggMode{TokenMean, SeqMeanTokenSum, SeqMeanTokenMean, SeqMeanTokenSumNorm, TokenSum}

// ParseAggMode checks a loss_agg_mode name.
func ParseAggMode(s string) (AggMode, error) {
	for _, m := range AggModes {
		if string(m) == s {
			return m, nil
		}
	}
	return "", fmt.Errorf("engine: invalid loss_agg_mode %q", s)
}

// errNoTokens is where verl would silently compute 0/0.
var errNoTokens = errors.New("engine: agg_loss: the batch has no valid token, so verl would divide 0 by 0")

// Aggregate is verl's agg_loss(loss, mask, mode) in version v. In v0.2 only
// token-mean exists, computed with v0.2's masked_mean.
func Aggregate(v Version, loss, mask [][]float64, mode AggMode) (float64, error) {
	if v == VerlEarly {
		if mode != TokenMean {
			return 0, fmt.Errorf("engine: verl v0.2 has no loss_agg_mode %q (only token-mean)", mode)
		}
		return MaskedMean(VerlEarly, loss, mask)
	}
	_, r := shapeOf(loss)
	var total, tokens, seqSum, seqMean, rows float64
	for i, row := range loss {
		var sum, n float64
		for t, l := range row {
			if m := mask[i][t]; m != 0 {
				sum += l * m
				n += m
			}
		}
		total += sum
		tokens += n
		if n > 0 { // the seq-mean modes skip rows without a valid token
			rows++
			seqSum += sum
			seqMean += sum / (n + maskedMeanEps)
		}
	}
	switch mode {
	case TokenMean:
		if tokens == 0 {
			return 0, errNoTokens
		}
		return total / tokens, nil
	case TokenSum:
		return total, nil
	}
	if rows == 0 {
		return 0, errNoTokens
	}
	switch mode {
	case SeqMeanTokenSum:
		return seqSum / rows, nil
	case SeqMeanTokenMean:
		return seqMean / rows, nil
	case SeqMeanTokenSumNorm:
		return seqSum / rows / float64(r), nil
	}
	return 0, fmt.Errorf("engine: invalid loss_agg_mode %q", mode)
}
