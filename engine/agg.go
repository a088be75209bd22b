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
