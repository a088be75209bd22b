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

// FuzzSidecar: no sidecar, JSON or YAML (Hydra's .hydra/config.yaml),
// panics SidecarValues or the config it sets; every failure is an *Error.
func FuzzSidecar(f *testing.F) {
	f.Add([]byte(`{"algorithm": {"_target_": "x", "gamma": 1.0, "kl_ctrl": {"type": "adaptive", "kl_coef": 0.001, "horizon": 10000}}}`))
	f.Add([]byte("algorithm:\n  gamma: 1.0\n  lam: 0.95\n  adv_estimator: grpo\n  kl_ctrl:\n    _target_: verl.trainer.config.KLControlConfig\n    type: fixed\n    kl_coef: 1.0e-3\ntrainer:\n  logger:\n  - console\n  - wandb\n  name: 'a ''b'''\n  path: \"x\\ny\" # c\n  long: ${oc.select:a.b,\n    null}\n  text: |\n    two\n    lines\n"))
	f.Add([]byte("- a\n- b\n"))
	f.Add([]byte("a:\n\t b: 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		q, err := SidecarValues(data)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		c := DefaultConfig()
		if err := c.ApplyQuery(q); err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("config error of type %T: %v", err, err)
			}
		}
	})
}
