package train

// The task: a vocabulary of Vocab tokens, of which the pad (id 0, never
// sampled; also the start marker of s_0) and EOS (id 1); the policy chooses
// among ids 1 … V−1 (action a is token a + 1).
const (
	PadID = 0
	EOSID = 1
)

// Vocab is the vocabulary, by token id.
var Vocab = []string{"<pad>", "<eos>", "等于", "2", "3", "！", "不", "是"}

// The word tokens' ids.
const (
	tokEquals = 2 // 等于
	tok2      = 3
	tok3      = 4
	tokBang   = 5 // ！
	tokNot    = 6 // 不
)

// Prompts are the task's prompts, by prompt index; the first is the
// presets' "请问1+1=2？".
var Prompts = []string{"请问1+1=2？", "请问1+1=3？"}

// Targets are the answers the rule-based score wants before EOS, one per prompt.
var Targets = [][]int{
	{tokEquals, tok2, tokBang},         // 等于 2 ！
	{tokNot, tokEquals, tok3, tokBang}, // 不 等于 3 ！
}

// Rewards are the reward presets.
const (
	RewardOutcome       = "outcome"        // the rule-based score on the last token
	RewardHackable      = "hackable"       // + 0.1 per ！ anywhere: repeating ！ pays more than answering
	RewardLengthPenalty = "length-penalty" // − 0.02 per response token
	RewardDense         = "dense"          // − 0.01 on every response token (dense shaping) + the score on the last
)

var rewardKinds = []string{RewardOutcome, RewardHackable, RewardLengthPenalty, RewardDense}

// OutcomeScore is the rule-based score of one response: tokens[:n] are its
// tokens (EOS included if it ended). A response that ends with EOS scores
// k/len(target), k the number of its last tokens before EOS that match the
// target's last tokens (counted back from EOS until the first mismatch); a
// truncated one scores 0. So "等于 2 ！ <eos>" scores 1 on prompt 0, "！ <eos>" 1/3.
func OutcomeScore(prompt int, tokens []int) float64 {
	n := len(tokens)
	if n == 0 || tokens[n-1] != EOSID {
		return 0
	}
	target := Targets[prompt]
	k := 0
	for k < len(target) && k < n-1 && tokens[n-2-k] == target[len(target)-1-k] {
		k++
	}
	return float64(k) / float64(len(target))
}

// scoreRow writes row's token_level_scores: the sequence score at the last
// valid token L−1, where verl's reward manager puts it (naive.py:
// reward_tensor[i, valid_response_length − 1]), and for RewardDense the
// per-token cost on every valid token. tokens[:n] are the response's tokens.
func scoreRow(kind string, prompt int, tokens []int, scores []float64) {
	n := len(tokens)
	s := OutcomeScore(prompt, tokens)
	switch kind {
	case RewardHackable:
		for _, tok := range tokens {
			if tok == tokBang {
				s += 0.1
			}
		}
	case RewardLengthPenalty:
		s -= 0.02 * float64(n)
	case RewardDense:
		for t := 0; t < n-1; t++ {
			scores[t] = -0.01
		}
		s -= 0.01
	}
	scores[n-1] = s
}
