// Command mkfixtures writes the verdict fixtures of web/inspect/testdata
// (gen_*.safetensors, gen_*.json) through the engine: each is a small verl
// batch with one pattern the check must report. Run from the repository
// root:
//
//	go run ./web/inspect/internal/mkfixtures
//
// TestFixturesCurrent checks that the committed files are what it writes.
package main

import (
	"encoding/binary"
	"encoding/json"
	"flag"
	"log"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"

	"gaelab/engine"
)

var dir = flag.String("dir", "web/inspect/testdata", "where to write the fixtures")

// batch is a B×R verl batch; nil matrices are not written.
type batch struct {
	mask, scores, rewards, values, adv, ret, oldLP, refLP [][]float64
	uid                                                   []string
	config                                                map[string]any
}

// base is 6 rows of 10 tokens, lengths 3…10 (one row of a single token),
// a 0/1 score at each EOS, float32 values in (−1, 1) and 0 at padding.
func base(seed uint64, lengths []int) batch {
	rng := rand.New(rand.NewPCG(seed, 24))
	B, R := len(lengths), 10
	b := batch{mask: engine.NewMatrix(B, R), scores: engine.NewMatrix(B, R), values: engine.NewMatrix(B, R)}
	for i, L := range lengths {
		for t := range L {
			b.mask[i][t] = 1
			b.values[i][t] = f32(rng.Float64()*2 - 1)
		}
		b.scores[i][L-1] = float64(rng.IntN(2))
	}
	return b
}

var lengths = []int{4, 10, 7, 1, 5, 8}

func f32(x float64) float64 { return float64(float32(x)) }

// gae fills adv/ret with generation g's GAE of the batch (whitened).
func (b *batch) gae(g engine.Generation, gamma, lam float64) {
	r := engine.GAE(g, b.rewardsOrScores(), b.values, b.mask, gamma, lam)
	b.adv, b.ret = r.Whitened, r.Returns
}

func (b *batch) rewardsOrScores() [][]float64 {
	if b.rewards != nil {
		return b.rewards
	}
	return b.scores
}

func main() {
	flag.Parse()
	writeAll()
}

// writeAll writes every fixture into *dir.
func writeAll() {
	write := func(name string, b batch) {
		if err := os.WriteFile(filepath.Join(*dir, name), b.safetensors(), 0o644); err != nil {
			log.Fatal(err)
		}
	}

	// A score written one token past EOS, into padding: v0.5.0+ drops it.
	b := base(1, lengths)
	for i, L := range lengths {
		if L < 10 {
			b.scores[i][L], b.scores[i][L-1] = b.scores[i][L-1]+1, 0
		}
	}
	b.gae(engine.G12, 1, 1)
	write("gen_score_past_eos.safetensors", b)

	// A score written two tokens before EOS: every release reads it there.
	b = base(10, lengths)
	for i, L := range lengths {
		if L >= 3 {
			b.scores[i][L-3], b.scores[i][L-1] = 1, 0
		}
	}
	b.gae(engine.G12, 1, 1)
	write("gen_score_early.safetensors", b)

	// A critic sliced values[:, -R:]: values[t] holds V(s_{t+1}), here the
	// return to go from t+1 (γ = λ = 1), so the run's numbers are
	// consistent with its (wrong) values.
	b = base(2, lengths)
	for i, L := range lengths {
		for t := range L {
			b.values[i][t] = 0
			if t+1 < L {
				b.values[i][t] = b.scores[i][L-1]
			}
		}
	}
	b.gae(engine.G12, 1, 1)
	write("gen_critic_slice.safetensors", b)

	// Whitening over padding: the advantages whitened with a mask of ones.
	b = base(3, lengths)
	r := engine.GAE(engine.G12, b.scores, b.values, b.mask, 1, 1)
	ones := engine.NewMatrix(len(lengths), 10)
	for _, row := range ones {
		for t := range row {
			row[t] = 1
		}
	}
	b.adv, _, _ = engine.Whiten(engine.G12, r.Advantages, ones)
	b.ret = r.Returns
	write("gen_whiten_padding.safetensors", b)

	// A wrong λ: made with γ = 1, λ = 0.9, checked with the default λ = 1.
	b = base(4, lengths)
	b.gae(engine.G12, 1, 0.9)
	write("gen_wrong_lambda.safetensors", b)

	// v0.9.0 with a mid-sequence mask (an observation span) and values at
	// the masked tokens: the releases differ.
	b = base(5, []int{8, 10, 9, 6, 10, 7})
	for i := range b.mask {
		for t := 2; t < 4; t++ {
			b.mask[i][t] = 0 // tokens 2 and 3 are the tool's observation
		}
	}
	b.gae(engine.G12, 1, 0.95)
	b.config = map[string]any{"gamma": 1, "lam": 0.95, "ver": "v0.9.0"}
	write("gen_v090_midmask.safetensors", b)

	// Per-sequence whitening with a one-token row.
	b = base(6, lengths)
	r = engine.GAE(engine.G12, b.scores, b.values, b.mask, 1, 1)
	b.adv, b.ret = engine.WhitenRows(engine.G12, r.Advantages, b.mask), r.Returns
	write("gen_per_seq_short.safetensors", b)

	// NaN in the padding of the values: a warning, and still exact.
	b = base(7, lengths)
	b.gae(engine.G12, 1, 1)
	b.values[0][9], b.values[3][5] = math.NaN(), math.Inf(1)
	write("gen_nan_padding.safetensors", b)

	// The compute API's JSON case with verl's config keys: float32 numbers,
	// verl_version, adv_estimator, kl_ctrl, use_kl_in_reward, kl_penalty.
	b = base(8, lengths)
	b.oldLP, b.refLP = engine.NewMatrix(6, 10), engine.NewMatrix(6, 10)
	rng := rand.New(rand.NewPCG(8, 8))
	for i := range b.mask {
		for t := range b.mask[i] {
			b.oldLP[i][t], b.refLP[i][t] = f32(-rng.Float64()), f32(-rng.Float64())
		}
	}
	kr, err := engine.ApplyKLPenalty(engine.G08, b.scores, b.oldLP, b.refLP, b.mask, "low_var_kl", &engine.FixedKLController{Beta: 0.05})
	if err != nil {
		log.Fatal(err)
	}
	r = engine.GAE(engine.G08, kr.Rewards, b.values, b.mask, 0.99, 0.95)
	b.adv, b.ret = roundAll(r.Whitened), roundAll(r.Returns)
	b.config = map[string]any{"gamma": 0.99, "lam": 0.95, "verl_version": "0.6.1", "adv_estimator": "gae",
		"use_kl_in_reward": true, "kl_penalty": "low_var_kl", "kl_ctrl": map[string]any{"type": "fixed", "kl_coef": 0.05}}
	writeJSON("gen_case_verl_keys.json", b)

	// GRPO as verl's config names it: adv_estimator grpo without the std.
	b = base(9, lengths)
	b.uid = []string{"a", "a", "a", "b", "b", "b"}
	in := engine.OutcomeInputs{Rewards: b.scores, Mask: b.mask, Index: b.uid, Epsilon: engine.DefaultOutcomeEpsilon, Gamma: 1, Gen: engine.G12}
	b.adv, b.ret, err = engine.GRPO(in, false)
	if err != nil {
		log.Fatal(err)
	}
	b.values = nil
	b.config = map[string]any{"adv_estimator": "grpo", "norm_adv_by_std_in_grpo": false}
	writeJSON("gen_grpo_verl.json", b)
}

func roundAll(m [][]float64) [][]float64 {
	for _, row := range m {
		for t := range row {
			row[t] = f32(row[t])
		}
	}
	return m
}

func (b batch) named() map[string][][]float64 {
	out := map[string][][]float64{}
	for name, m := range map[string][][]float64{"response_mask": b.mask, "token_level_scores": b.scores, "token_level_rewards": b.rewards,
		"values": b.values, "advantages": b.adv, "returns": b.ret, "old_log_probs": b.oldLP, "ref_log_prob": b.refLP} {
		if m != nil {
			out[name] = m
		}
	}
	return out
}

// safetensors writes the batch: the mask I64, the rest F32, the config
// and uid in __metadata__.
func (b batch) safetensors() []byte {
	named := b.named()
	names := make([]string, 0, len(named))
	for n := range named {
		names = append(names, n)
	}
	sort.Strings(names)
	header := map[string]any{}
	meta := map[string]string{}
	if b.config != nil {
		s, _ := json.Marshal(b.config)
		meta["config"] = string(s)
	}
	if b.uid != nil {
		s, _ := json.Marshal(b.uid)
		meta["uid"] = string(s)
	}
	if len(meta) > 0 {
		header["__metadata__"] = meta
	}
	var data []byte
	for _, n := range names {
		m := named[n]
		start := len(data)
		dtype := "F32"
		for _, row := range m {
			for _, x := range row {
				if n == "response_mask" {
					data = binary.LittleEndian.AppendUint64(data, uint64(int64(x)))
				} else {
					data = binary.LittleEndian.AppendUint32(data, math.Float32bits(float32(x)))
				}
			}
		}
		if n == "response_mask" {
			dtype = "I64"
		}
		header[n] = map[string]any{"dtype": dtype, "shape": []int{len(m), len(m[0])}, "data_offsets": []int{start, len(data)}}
	}
	h, _ := json.Marshal(header)
	return append(append(binary.LittleEndian.AppendUint64(nil, uint64(len(h))), h...), data...)
}

// writeJSON writes the compute API's JSON case.
func writeJSON(name string, b batch) {
	inputs := map[string]any{}
	for n, m := range b.named() {
		inputs[n] = m
	}
	if b.uid != nil {
		inputs["uid"] = b.uid
	}
	s, err := json.MarshalIndent(map[string]any{"inputs": inputs, "config": b.config}, "", " ")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*dir, name), s, 0o644); err != nil {
		log.Fatal(err)
	}
}
