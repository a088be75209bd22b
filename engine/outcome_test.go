package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// outcomeGoldenInputs builds the estimators' inputs from a case's decimal
// inputs (not the float32-rounded outputs.token_level_rewards).
func outcomeGoldenInputs(t *testing.T, c goldenCase) OutcomeInputs {
	t.Helper()
	in := OutcomeInputs{
		Rewards: c.matrix(t, c.Inputs, "token_level_rewards"),
		Mask:    c.matrix(t, c.Inputs, "response_mask"),
		Gamma:   c.cfg(t, "gamma", 1),
		Epsilon: c.cfg(t, "epsilon", DefaultOutcomeEpsilon),
	}
	// index is [int] in one case and [string] in the other.
	for _, raw := range decode[[]json.RawMessage](t, c.Inputs["index"]) {
		var n int64
		if err := json.Unmarshal(raw, &n); err == nil {
			in.Index = append(in.Index, strconv.FormatInt(n, 10))
		} else {
			in.Index = append(in.Index, decode[string](t, raw))
		}
	}
	if raw, ok := c.Inputs["reward_baselines"]; ok {
		in.Baselines = decode[[]float64](t, raw)
	}
	return in
}

// outcomeGoldenCases returns the cases that have an outcome_estimators block.
func outcomeGoldenCases(t *testing.T) []goldenCase {
	t.Helper()
	var cases []goldenCase
	for _, c := range loadGolden(t) {
		if _, ok := c.Outputs["outcome_estimators"]; ok {
			cases = append(cases, c)
		}
	}
	if len(cases) != 2 {
		t.Fatalf("golden: %d cases with outcome_estimators, want 2 (grpo_groups_*)", len(cases))
	}
	return cases
}

func TestOutcomeEstimatorsGolden(t *testing.T) {
	for _, c := range outcomeGoldenCases(t) {
		in := outcomeGoldenInputs(t, c)
		raw, _ := c.path(t, "outcome_estimators")
		block := decode[map[string]json.RawMessage](t, raw)
		for _, e := range OutcomeEstimators {
			t.Run(c.ID+"/"+e.Key, func(t *testing.T) {
				w, ok := block[e.Key]
				if !ok {
					t.Fatalf("golden has no estimator %q", e.Key)
				}
				want := decode[struct {
					Advantages [][]float64 `json:"advantages"`
					Returns    [][]float64 `json:"returns"`
					Error      string      `json:"error"`
				}](t, w)
				adv, ret, err := e.Run(in)
				if want.Error != "" {
					if err == nil {
						t.Fatalf("want an error (verl raised %q), got advantages %v", want.Error, adv)
					}
					checkVerlMessage(t, err, want.Error)
					return
				}
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				assertMatrix(t, "advantages", adv, want.Advantages, tolF32)
				assertMatrix(t, "returns", ret, want.Returns, tolF32)
			})
		}
	}
}

// passKMessage is the one message of verl's that names data: the group's
// sample count and its uid.
var passKMessage = regexp.MustCompile(`Got (\d+) for group (.+)\.$`)

// checkVerlMessage checks that err says what verl's exception said.
func checkVerlMessage(t *testing.T, err error, verl string) {
	t.Helper()
	if !strings.HasPrefix(err.Error(), "engine: ") {
		t.Errorf("error %q lacks the engine: prefix", err)
	}
	if m := passKMessage.FindStringSubmatch(verl); m != nil {
		// verl's "group 2" is the uid (index[i]), not the group's ordinal.
		if want := fmt.Sprintf("group %q has %s", m[2], m[1]); !strings.Contains(err.Error(), want) {
			t.Errorf("error %q should say %q (verl: %q)", err, want, verl)
		}
	}
}

func TestOutcomeEstimatorKeys(t *testing.T) {
	// The golden README's table order, which the UI and the JSON API follow.
	want := []string{
		"grpo_newest_norm_std", "grpo_newest_no_std(drgrpo)", "grpo_vectorized_norm_std",
		"grpo_vectorized_no_std", "gdpo_single_reward", "grpo_early_v0.2", "grpo_passk", "rloo",
		"rloo_vectorized", "opo", "gpg", "reinforce_plus_plus", "reinforce_plus_plus_baseline", "remax",
	}
	var got []string
	for _, e := range OutcomeEstimators {
		got = append(got, e.Key)
		if e.Run == nil || e.Func == "" {
			t.Errorf("%s: Run and Func must be set", e.Key)
		}
		if l, ok := LookupOutcomeEstimator(e.Key); !ok || l.Key != e.Key {
			t.Errorf("LookupOutcomeEstimator(%q) = %q, %v", e.Key, l.Key, ok)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("keys = %q\nwant   %q", got, want)
	}
	if _, ok := LookupOutcomeEstimator("ppo"); ok {
		t.Error(`LookupOutcomeEstimator("ppo") found an estimator; want none`)
	}
	for _, c := range outcomeGoldenCases(t) {
		raw, _ := c.path(t, "outcome_estimators")
		for key := range decode[map[string]json.RawMessage](t, raw) {
			if _, ok := LookupOutcomeEstimator(key); !ok && key != "group_stats_loop_grpo" && key != "sequence_scores" {
				t.Errorf("%s: golden estimator %q has no registry entry", c.ID, key)
			}
		}
	}
}

func TestGRPOFloat64Reference(t *testing.T) {
	for _, c := range outcomeGoldenCases(t) {
		t.Run(c.ID, func(t *testing.T) {
			raw, ok := c.path(t, "float64_reference", "grpo_newest_norm_std_advantages")
			if !ok {
				t.Fatal("golden has no float64_reference.grpo_newest_norm_std_advantages")
			}
			adv, _, err := GRPO(outcomeGoldenInputs(t, c), true)
			if err != nil {
				t.Fatal(err)
			}
			assertMatrix(t, "advantages", adv, decode[[][]float64](t, raw), tolF64)
		})
	}
}

func TestGroupStatsGRPOGolden(t *testing.T) {
	for _, c := range outcomeGoldenCases(t) {
		t.Run(c.ID, func(t *testing.T) {
			in := outcomeGoldenInputs(t, c)
			raw, _ := c.path(t, "outcome_estimators", "sequence_scores")
			wantScores := decode[[]float64](t, raw)
			gotScores := SequenceScores(in.Rewards)
			if len(gotScores) != len(wantScores) {
				t.Fatalf("%d sequence scores, want %d", len(gotScores), len(wantScores))
			}
			for i := range wantScores {
				assertScalar(t, fmt.Sprintf("s[%d]", i), gotScores[i], wantScores[i], tolF32)
			}

			raw, _ = c.path(t, "outcome_estimators", "group_stats_loop_grpo")
			want := decode[map[string]struct {
				Members     []int     `json:"members"`
				Scores      []float64 `json:"scores"`
				Mean        float64   `json:"mean"`
				StdUnbiased float64   `json:"std_unbiased"`
			}](t, raw)
			got := GroupStatsGRPO(in)
			if len(got) != len(want) {
				t.Fatalf("%d groups, want %d", len(got), len(want))
			}
			for k, g := range got {
				if k > 0 && g.Members[0] < got[k-1].Members[0] {
					t.Errorf("group %q comes after %q: want order of first appearance", g.ID, got[k-1].ID)
				}
				w, ok := want[g.ID]
				if !ok {
					t.Errorf("group %q is not in the golden stats", g.ID)
					continue
				}
				if !slices.Equal(g.Members, w.Members) {
					t.Errorf("group %q members = %v, want %v", g.ID, g.Members, w.Members)
				}
				if len(g.Scores) != len(w.Scores) {
					t.Fatalf("group %q: %d scores, want %d", g.ID, len(g.Scores), len(w.Scores))
				}
				for j := range w.Scores {
					assertScalar(t, fmt.Sprintf("group %q score %d", g.ID, j), g.Scores[j], w.Scores[j], tolF32)
				}
				assertScalar(t, fmt.Sprintf("group %q mean", g.ID), g.Mean, w.Mean, tolF32)
				assertScalar(t, fmt.Sprintf("group %q std", g.ID), g.StdUnbiased, w.StdUnbiased, tolF32)
			}
		})
	}
}

// ones returns a b×r mask of ones.
func ones(b, r int) [][]float64 {
	return mapMatrix(newMatrix(b, r), func(float64) float64 { return 1 })
}

func TestOutcomeEdgeCases(t *testing.T) {
	const eps = DefaultOutcomeEpsilon

	// One sample in its group: verl substitutes mean 0 and std 1.
	singleton := OutcomeInputs{Rewards: [][]float64{{0, 2}}, Mask: ones(1, 2), Index: []string{"a"}, Epsilon: eps}

	// Three equal scores 0.1: std 0, and every mean-based advantage is 0.
	// 0.1 is not a binary fraction, so a naive Σs/n gives 0.10000000000000002.
	equal := OutcomeInputs{
		Rewards: [][]float64{{0.1, 0}, {0, 0.1}, {0.1, 0}},
		Mask:    ones(3, 2), Index: []string{"g", "g", "g"}, Epsilon: eps,
	}
	equalNoEps := equal
	equalNoEps.Epsilon = 0

	// Row 1 has no valid token, and its reward 0.5 sits on a masked token:
	// the score still counts (s = [1, 0.5]), but row 1's advantages are 0.
	// Group mean 0.75, std = √((0.25² + 0.25²)/1) = √0.125.
	emptyRow := OutcomeInputs{
		Rewards:   [][]float64{{1, 0}, {0, 0.5}},
		Mask:      [][]float64{{1, 1}, {0, 0}},
		Index:     []string{"q", "q"},
		Baselines: []float64{0.3, 0.2},
		Gamma:     1, Epsilon: eps,
	}

	// One prompt, scores 0.2, 0.9, 0.5: pass@k rewards row 1 by its lead.
	passK := OutcomeInputs{Rewards: [][]float64{{0.2}, {0.9}, {0.5}}, Mask: ones(3, 1), Index: []string{"p", "p", "p"}, Epsilon: eps}
	passKTie := OutcomeInputs{Rewards: [][]float64{{1}, {1}, {0}}, Mask: ones(3, 1), Index: []string{"p", "p", "p"}, Epsilon: eps}

	// GPG: one non-zero score in a batch of 4, so α = 4/1.
	gpg := OutcomeInputs{Rewards: [][]float64{{1}, {0}, {0}, {0}}, Mask: ones(4, 1), Index: []string{"a", "a", "b", "b"}}

	// REINFORCE++ across an observation token (t = 1), γ = 0.5.
	hole := OutcomeInputs{Rewards: [][]float64{{0, 0, 0, 1}}, Mask: [][]float64{{1, 0, 1, 1}}, Gamma: 0.5}
	oneToken := OutcomeInputs{Rewards: [][]float64{{1, 0}}, Mask: [][]float64{{1, 0}}, Gamma: 1}

	noBaselines := emptyRow
	noBaselines.Baselines = nil

	tests := []struct {
		name    string
		key     string
		in      OutcomeInputs
		adv     [][]float64 // want advantages; nil when an error is wanted
		ret     [][]float64 // want returns; nil means equal to adv
		tol     float64
		wantErr string // a substring of the error, "" for none
	}{
		// singleton: a = (2 − 0)/(1 + 1e-6) = 1.999998000002
		{"singleton", "grpo_newest_norm_std", singleton, [][]float64{{1.999998000002, 1.999998000002}}, nil, 1e-12, ""},
		{"singleton", "grpo_vectorized_norm_std", singleton, [][]float64{{1.999998000002, 1.999998000002}}, nil, 1e-12, ""},
		// Dr.GRPO: 2 − mean 0 = 2
		{"singleton", "grpo_newest_no_std(drgrpo)", singleton, [][]float64{{2, 2}}, nil, 0, ""},
		// RLOO keeps a singleton's score; the vectorized RLOO gives it 0.
		{"singleton", "rloo", singleton, [][]float64{{2, 2}}, nil, 0, ""},
		{"singleton", "rloo_vectorized", singleton, [][]float64{{0, 0}}, nil, 0, ""},
		// OPO: a singleton's baseline is 0.
		{"singleton", "opo", singleton, [][]float64{{2, 2}}, nil, 0, ""},
		// GPG: α = 1/1, mean 0.
		{"singleton", "gpg", singleton, [][]float64{{2, 2}}, nil, 0, ""},
		{"singleton", "grpo_passk", singleton, nil, nil, 0, `group "a" has 1`},

		// equal scores: mean exactly 0.1, std 0, so (0.1 − 0.1)/(0 + ε) = 0.
		{"equal", "grpo_newest_norm_std", equal, newMatrix(3, 2), nil, 0, ""},
		{"equal", "grpo_early_v0.2", equal, newMatrix(3, 2), nil, 0, ""},
		// RLOO: 0.1·3/2 − 0.1·3/2 = 0.
		{"equal", "rloo", equal, newMatrix(3, 2), nil, 0, ""},
		// OPO: 0.1 − (2·0.1·3)/6 = 0 up to rounding.
		{"equal", "opo", equal, newMatrix(3, 2), nil, 1e-15, ""},
		// pass@k: the lead r_max − r_2nd is 0.
		{"equal", "grpo_passk", equal, newMatrix(3, 2), nil, 0, ""},
		// ε = 0 with std 0 is 0/0 in verl: an error here, not NaN.
		{"equal eps 0", "grpo_newest_norm_std", equalNoEps, nil, nil, 0, "epsilon is 0"},
		{"equal eps 0", "grpo_newest_no_std(drgrpo)", equalNoEps, newMatrix(3, 2), nil, 0, ""},

		// empty row: row 0 gets (1 − 0.75)/(√0.125 + 1e-6) = 0.7071047811922043.
		{"empty row", "grpo_newest_norm_std", emptyRow, [][]float64{{0.7071047811922043, 0.7071047811922043}, {0, 0}}, nil, 1e-12, ""},
		{"empty row", "grpo_newest_no_std(drgrpo)", emptyRow, [][]float64{{0.25, 0.25}, {0, 0}}, nil, 0, ""},
		// RLOO: 1 − (the other score 0.5) = 0.5.
		{"empty row", "rloo", emptyRow, [][]float64{{0.5, 0.5}, {0, 0}}, nil, 0, ""},
		// OPO weighs by length: b = (2·1 + 0·0.5)/(2 + 0) = 1, so row 0 gets 0.
		{"empty row", "opo", emptyRow, [][]float64{{0, 0}, {0, 0}}, nil, 0, ""},
		// ReMax: row 0 G = [1, 0], A = G − 0.3 = [0.7, −0.3]; row 1's reward
		// sits on a masked token and is dropped: G = 0, A = 0.
		{"empty row", "remax", emptyRow, [][]float64{{0.7, -0.3}, {0, 0}}, [][]float64{{1, 0}, {0, 0}}, 1e-15, ""},
		// REINFORCE++: returns [1, 0] on the 2 valid tokens; whitened:
		// μ = 1/(2 + 1e-8), σ² = 2·((1−μ)² + μ²)/(2 + 1e-8) ≈ 0.5, A ≈ ±0.70711.
		{"empty row", "reinforce_plus_plus", emptyRow, [][]float64{{0.7071067794187805, -0.7071067723477129}, {0, 0}}, [][]float64{{1, 0}, {0, 0}}, 1e-12, ""},
		// REINFORCE++-baseline: s − mean = [0.25, −0.25], and only row 0's two
		// tokens (both 0.25) are whitened. A constant is not whitened to 0 in
		// float64: μ = 0.5/(2 + 1e-8) = 0.24999999875, so x − μ = 1.25e-9 and
		// σ² ≈ 3e-18, giving 1.25e-9/√(σ² + 1e-8) ≈ 1.25e-5. verl in float32
		// gives exactly 0, because there 2 + 1e-8 rounds to 2.
		{"empty row", "reinforce_plus_plus_baseline", emptyRow, [][]float64{{1.2499999922078489e-05, 1.2499999922078489e-05}, {0, 0}}, nil, 1e-12, ""},

		// pass@k: lead 0.9 − 0.5 = 0.4, std of (0.2, 0.9, 0.5) = 0.35118845842842, 0.4/(std + 1e-6).
		{"pass@k", "grpo_passk", passK, [][]float64{{0}, {1.1389863516689909}, {0}}, nil, 1e-12, ""},
		// two tied maxima: the lead is 0 whichever torch.topk picks.
		{"pass@k tie", "grpo_passk", passKTie, [][]float64{{0}, {0}, {0}}, nil, 0, ""},

		// GPG: α = 4; group a mean 0.5 → ±4·0.5; group b all 0.
		{"gpg alpha", "gpg", gpg, [][]float64{{2}, {-2}, {0}, {0}}, nil, 0, ""},

		// REINFORCE++ v0.9: t=3 c=1; t=2 c=0.5; t=1 masked, return 0, G stays 0.5;
		// t=0 c=0.25. Returns [0.25, 0, 0.5, 1], whitened over {0.25, 0.5, 1}
		// (μ ≈ 0.58333, σ ≈ 0.38188), masked position 0.
		{"hole", "reinforce_plus_plus", hole,
			[][]float64{{-0.8728715273799813, 0, -0.21821787802618237, 1.0910894206814157}},
			[][]float64{{0.25, 0, 0.5, 1}}, 1e-12, ""},
		// One valid token: whitening raises, the returns [1, 0] are still given.
		{"one token", "reinforce_plus_plus", oneToken, nil, [][]float64{{1, 0}}, 0, "the sum of the mask is one"},
		{"one token", "gdpo_single_reward", OutcomeInputs{Rewards: [][]float64{{1, 0}}, Mask: [][]float64{{1, 0}}, Index: []string{"x"}, Epsilon: eps}, nil, nil, 0, "the sum of the mask is one"},

		{"no baselines", "remax", noBaselines, nil, nil, 0, "reward_baselines are missing"},
	}
	for _, tc := range tests {
		t.Run(tc.name+"/"+tc.key, func(t *testing.T) {
			e, ok := LookupOutcomeEstimator(tc.key)
			if !ok {
				t.Fatalf("no estimator %q", tc.key)
			}
			adv, ret, err := e.Run(tc.in)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error = %v, want one containing %q", err, tc.wantErr)
				}
				if !strings.HasPrefix(err.Error(), "engine: ") {
					t.Errorf("error %q lacks the engine: prefix", err)
				}
				if adv != nil {
					t.Errorf("advantages = %v on error, want nil", adv)
				}
				if tc.ret != nil {
					assertMatrix(t, "returns", ret, tc.ret, tc.tol)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			want := tc.ret
			if want == nil {
				want = tc.adv
			}
			assertMatrix(t, "advantages", adv, tc.adv, tc.tol)
			assertMatrix(t, "returns", ret, want, tc.tol)
		})
	}
}

func TestGroupStatsEqualScores(t *testing.T) {
	// Three scores 0.1: the mean is exactly 0.1 and the std exactly 0.
	in := OutcomeInputs{Rewards: [][]float64{{0.1}, {0.1}, {0.1}}, Index: []string{"g", "g", "g"}}
	st := GroupStatsGRPO(in)
	if len(st) != 1 || st[0].Mean != 0.1 || st[0].StdUnbiased != 0 {
		t.Errorf("stats = %+v, want one group with mean 0.1 and std 0", st)
	}
}

func TestOutcomeWhitenErrorsWrap(t *testing.T) {
	in := OutcomeInputs{Rewards: [][]float64{{1, 0}}, Mask: [][]float64{{0, 0}}, Index: []string{"x"}}
	for _, key := range []string{"gdpo_single_reward", "reinforce_plus_plus", "reinforce_plus_plus_baseline"} {
		e, _ := LookupOutcomeEstimator(key)
		_, _, err := e.Run(in)
		if !errors.Is(err, ErrNoValidToken) {
			t.Errorf("%s on a batch with no valid token: error %v, want ErrNoValidToken", key, err)
		}
		if err != nil && strings.Count(err.Error(), "engine:") != 1 {
			t.Errorf("%s: error %q repeats the engine: prefix", key, err)
		}
	}
	_, _, err := ReMax(OutcomeInputs{Rewards: [][]float64{{1}}, Mask: [][]float64{{1}}})
	if !errors.Is(err, ErrNoBaselines) {
		t.Errorf("ReMax without baselines: error %v, want ErrNoBaselines", err)
	}
}

func TestOutcomeShapeErrors(t *testing.T) {
	good := OutcomeInputs{
		Rewards: [][]float64{{1, 0}, {0, 1}}, Mask: ones(2, 2),
		Index: []string{"a", "a"}, Baselines: []float64{0, 0}, Gamma: 1, Epsilon: DefaultOutcomeEpsilon,
	}
	tests := []struct {
		name    string
		edit    func(in *OutcomeInputs)
		keys    []string // estimators that must reject it; nil means all
		wantErr string
	}{
		{"mask rows", func(in *OutcomeInputs) { in.Mask = ones(1, 2) }, nil, "response_mask has 1 rows"},
		{"ragged rewards", func(in *OutcomeInputs) { in.Rewards = [][]float64{{1, 0}, {1}} }, nil, "token_level_rewards row 1 has 1 tokens"},
		{"mask width", func(in *OutcomeInputs) { in.Mask = ones(2, 3) }, nil, "response_mask row 0 has 3 tokens"},
		{"index length", func(in *OutcomeInputs) { in.Index = []string{"a"} },
			[]string{"grpo_newest_norm_std", "grpo_vectorized_no_std", "gdpo_single_reward", "grpo_passk", "rloo", "rloo_vectorized", "opo", "gpg", "reinforce_plus_plus_baseline"},
			"index has 1 group ids"},
		{"baselines length", func(in *OutcomeInputs) { in.Baselines = []float64{0} }, []string{"remax"}, "reward_baselines has 1 entries"},
		{"negative epsilon", func(in *OutcomeInputs) { in.Epsilon = -1 }, []string{"grpo_newest_norm_std", "grpo_vectorized_norm_std", "grpo_passk"}, "epsilon must be"},
	}
	for _, tc := range tests {
		in := good
		tc.edit(&in)
		for _, e := range OutcomeEstimators {
			if tc.keys != nil && !slices.Contains(tc.keys, e.Key) {
				continue
			}
			if _, _, err := e.Run(in); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s/%s: error = %v, want one containing %q", tc.name, e.Key, err, tc.wantErr)
			}
		}
	}
	for _, e := range OutcomeEstimators {
		if _, _, err := e.Run(good); err != nil {
			t.Errorf("%s on valid inputs: %v", e.Key, err)
		}
	}
}

func TestOutcomeEstimatorsFinite(t *testing.T) {
	// Awkward but finite inputs: singletons, equal scores, empty rows, ε = 0.
	inputs := []OutcomeInputs{
		{Rewards: [][]float64{{0, 0}, {0, 0}, {3, 0}}, Mask: [][]float64{{0, 0}, {1, 1}, {1, 0}}, Index: []string{"a", "a", "b"}, Baselines: []float64{1, 1, 1}, Gamma: 0.9},
		{Rewards: [][]float64{{1e300}, {-1e300}}, Mask: ones(2, 1), Index: []string{"a", "a"}, Baselines: []float64{0, 0}, Gamma: 1, Epsilon: DefaultOutcomeEpsilon},
		{Rewards: [][]float64{{5}, {5}}, Mask: [][]float64{{0}, {0}}, Index: []string{"a", "a"}, Baselines: []float64{0, 0}},
	}
	for k, in := range inputs {
		for _, e := range OutcomeEstimators {
			adv, ret, err := e.Run(in)
			if err != nil {
				continue
			}
			for _, m := range [][][]float64{adv, ret} {
				for _, row := range m {
					for _, v := range row {
						if math.IsNaN(v) || math.IsInf(v, 0) {
							t.Errorf("input %d, %s: got %v without an error", k, e.Key, m)
						}
					}
				}
			}
		}
	}
}
