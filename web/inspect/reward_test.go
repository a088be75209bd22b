package inspect

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"gaelab/web/i18n"
)

// TestRewardCheck: batches whose token_level_rewards verl's own
// apply_kl_penalty made (web/verify/inverl/make_reward.py, at v0.2 and
// v0.9.0): the config's reward is exact, a wrong β and a wrong KL type are
// a reward_kl_mismatch finding whose fit names the run's own type and β,
// and a KL the config leaves out is found too.
func TestRewardCheck(t *testing.T) {
	for _, tag := range []string{"v0.2", "v0.9.0"} {
		for _, c := range []struct {
			file  string
			exact bool
			kl    string
			beta  float64
		}{
			{"ok", true, "low_var_kl", 0.05},
			{"beta", false, "low_var_kl", 0.2},
			{"type", false, "kl", 0.05},
			{"off", false, "low_var_kl", 0.05},
		} {
			name := "verl_reward_" + tag + "_" + c.file + ".npz"
			a := mustLoad(t, name, "")
			rc := a.Reward
			if rc == nil {
				t.Fatalf("%s: no reward check", name)
			}
			if rc.Exact != c.exact || (finding(a, RewardKLMismatch) == nil) == !c.exact {
				t.Errorf("%s: exact %v (max |diff| %g, tolerance %g), finding %+v; want exact %v", name, rc.Exact, rc.MaxAbsDiff, rc.Tolerance, finding(a, RewardKLMismatch), c.exact)
			}
			if rc.FitBy == nil || rc.FitBy.KLPenalty != c.kl || math.Abs(rc.FitBy.KLCoef-c.beta) > 1e-5 {
				t.Errorf("%s: fit %+v, want kl_penalty %s, β %g (fits %+v)", name, rc.FitBy, c.kl, c.beta, rc.Fits)
			}
			if f := finding(a, RewardKLMismatch); f != nil && (f.Count == 0 || len(f.Cells) == 0 || f.Tensor != "token_level_rewards") {
				t.Errorf("%s: finding %+v has no cells", name, f)
			}
			if len(rc.Fits) != 5 {
				t.Errorf("%s: %d fits, want β = 0 and the four KL types", name, len(rc.Fits))
			}
		}
	}
	// The page's words: the fitted type and β.
	a := mustLoad(t, "verl_reward_v0.9.0_type.npz", "")
	lines := strings.Join(RewardLines(i18n.En.T, a.Reward), "\n")
	if !strings.Contains(lines, "The rewards fit kl_penalty kl with β = 0.05") {
		t.Errorf("reward lines:\n%s", lines)
	}
}

// TestRewardCheckView: the page's notes before the verdict hold the
// finding with its cells and the fit, in both languages.
func TestRewardCheckView(t *testing.T) {
	a := mustLoad(t, "verl_reward_v0.9.0_beta.npz", "")
	f := finding(a, RewardKLMismatch)
	for _, c := range []struct {
		lang i18n.Lang
		want []string
	}{
		{i18n.En, []string{"token_level_rewards: " + strconv.Itoa(f.Count) + " cells are not token_level_scores − β·KL", "[0, 0]", "The rewards fit kl_penalty low_var_kl with β = 0.2"}},
		{i18n.Zh, []string{"token_level_rewards：有 " + strconv.Itoa(f.Count) + " 个单元", "奖励与 kl_penalty low_var_kl、β = 0.2 吻合"}},
	} {
		sanity, _, _ := inspectFindingsView(inspectRequest{lang: c.lang}, a.Findings())
		got := strings.Join(sanity.Lines, "\n")
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: the notes lack %q:\n%s", c.lang, w, got)
			}
		}
	}
}

// TestRewardCheckAdaptive: under an adaptive kl_ctrl the rewards of the
// config's KL type with another β are a note giving the fitted β, and the
// verdict stays exact; another KL type is still blocking.
func TestRewardCheckAdaptive(t *testing.T) {
	a := mustLoad(t, "verl_reward_v0.9.0_beta.npz", "kl_ctrl_type=adaptive")
	f := finding(a, KLCoefDrifted)
	if f == nil || math.Abs(f.Value-0.2) > 1e-5 || finding(a, RewardKLMismatch) != nil || a.Verdict != VerdictExact {
		t.Errorf("finding %+v, verdict %s %v", f, a.Verdict, a.Blocking)
	}
	sanity, _, _ := inspectFindingsView(inspectRequest{lang: i18n.En}, a.Findings())
	if !strings.Contains(strings.Join(sanity.Lines, "\n"), "the rewards fit the config's kl_penalty with β = 0.2, not its kl_coef: the adaptive kl_ctrl moved β") {
		t.Errorf("notes %q", sanity.Lines)
	}
	if a := mustLoad(t, "verl_reward_v0.9.0_type.npz", "kl_ctrl_type=adaptive"); finding(a, RewardKLMismatch) == nil || a.Verdict != VerdictNotExact {
		t.Errorf("another KL type under adaptive: %v %s", a.Sanity, a.Verdict)
	}
	if _, err := load(t, "verl_reward_v0.9.0_beta.npz", map[string][]string{"kl_ctrl_type": {"pid"}}); err == nil || !strings.Contains(err.Error(), "kl_ctrl_type") {
		t.Errorf("kl_ctrl_type=pid: %v", err)
	}
	// verl's algorithm section, kl_ctrl as verl writes it, gives the type.
	q, err := SidecarValues([]byte(`{"algorithm": {"kl_ctrl": {"_target_": "x", "type": "adaptive", "kl_coef": 0.05, "horizon": 10000, "target_kl": 0.1}}}`))
	if err != nil || q.Get("kl_ctrl_type") != "adaptive" || q.Get("kl_coef") != "0.05" {
		t.Errorf("%v %v", q, err)
	}
}
