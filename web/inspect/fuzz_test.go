package inspect

import (
	"net/url"
	"testing"
)

// FuzzLoadJSON: no JSON case, config or query panics the reader, the
// batch validation or the analysis; every failure is an *Error.
func FuzzLoadJSON(f *testing.F) {
	f.Add([]byte(`{"inputs": {"response_mask": [[1, 1, 0]], "token_level_rewards": [[0, 1, 0]], "values": [[0.1, 0.2, 0]], "advantages": [[0.5, -0.5, 0]]}, "config": {"lam": 0.9}}`), "ver=v0.2")
	f.Add([]byte(`{"inputs": {"response_mask": [[true, false]], "token_level_scores": [[1, 0]], "old_log_probs": [[-1, 0]], "ref_log_prob": [[-2, 0]], "index": ["a"], "returns": [[1, 0]]}}`), "use_kl_in_reward=true&estimator=grpo_norm_std")
	f.Add([]byte(`{"inputs": {"attention_mask": [[1, 1, 1, 0]], "token_level_rewards": [[0, 1]], "values": [[0, 0]]}}`), "response_length=2")
	f.Add([]byte(`{"inputs": {"response_mask": [[1, 1, 0]], "token_level_scores": [[0, 1, 0.5]], "values": [[0.1, NaN, 0]], "returns": [[1, 1, 0]], "advantages": [[0.5, -0.5, 0]]}, "dtype": {"values": "float64"}, "config": {"algorithm": {"adv_estimator": "gae", "kl_ctrl": {"kl_coef": 0.1}}, "verl_version": "0.4.1"}}`), "lam=0.5")
	f.Add([]byte(`{"inputs": {"response_mask": [[1, 0]], "token_level_rewards": [[1, 0]], "uid": ["a"]}, "config": {"adv_estimator": "grpo", "norm_adv_by_std_in_grpo": false}, "dtype": "float32"}`), "")
	f.Fuzz(func(t *testing.T, data []byte, query string) {
		q, err := url.ParseQuery(query)
		if err != nil {
			return
		}
		q.Set("format", "json")
		q.Del("full")
		if _, err := Load(data, q); err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
		}
	})
}
