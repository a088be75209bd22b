package inspect

import (
	"slices"
	"strings"
	"testing"

	"gaelab/web/i18n"
)

// TestCriticFreeDiagnoses: the critic-free runs of
// web/verify/inverl/make_critic_free.py (v0.9.0's own estimators) get a
// diagnosis, not "nothing reproduces them": uids laid out as np.tile
// would are uid_misaligned (blocking, the contiguous grouping named),
// verl's own uids are exact; two singleton prompts are a note on an exact
// batch; REINFORCE++ computed with γ = 0.9 gets γ fitted; ReMax reads the
// file's reward_baselines and is exact.
func TestCriticFreeDiagnoses(t *testing.T) {
	if a := mustLoad(t, "verl_free_v0.9.0_grpo_ok.npz", ""); a.Verdict != VerdictExact || len(a.Sanity) != 0 {
		t.Errorf("verl's uids: %s %+v", a.Verdict, a.Sanity)
	}
	a := mustLoad(t, "verl_free_v0.9.0_grpo_uid.npz", "")
	f := finding(a, UIDMisaligned)
	if f == nil || f.Count != 2 || !slices.Equal(f.Keys, []string{"contiguous"}) || a.Verdict != VerdictNotExact || !slices.Contains(a.Blocking, UIDMisaligned) {
		t.Fatalf("np.tile's uids: %+v, verdict %s %v", a.Sanity, a.Verdict, a.Blocking)
	}
	if f.Cells[0] != [2]int{0, 0} || f.Cells[1] != [2]int{1, 0} {
		t.Errorf("cells %v, want each group's first row at its first token", f.Cells)
	}
	for lang, want := range map[i18n.Lang]string{i18n.En: "2 uid groups' advantages do not average 0", i18n.Zh: "2 个 uid 组的优势均值不为 0"} {
		sanity, _, _ := inspectFindingsView(inspectRequest{lang: lang}, a.Findings())
		if got := strings.Join(sanity.Lines, "\n"); !strings.Contains(got, want) || !strings.Contains(got, "interleave=True") {
			t.Errorf("%s notes %q, want %q and the grouping", lang, got, want)
		}
	}
	a = mustLoad(t, "verl_free_v0.9.0_grpo_singleton.npz", "")
	if f := finding(a, SingletonGroups); f == nil || f.Count != 2 || a.Verdict != VerdictExact {
		t.Errorf("two singleton prompts: %+v, verdict %s", a.Sanity, a.Verdict)
	}
	a = mustLoad(t, "verl_free_v0.9.0_rpp_gamma.npz", "")
	f = finding(a, GammaFitted)
	if f == nil || len(f.Fit) != 3 || f.Fit[0] < 0.9-1e-4 || f.Fit[0] > 0.9+1e-4 || f.Fit[1] != 1 || a.Verdict != VerdictNotExact {
		t.Fatalf("REINFORCE++ at γ = 0.9: %+v, verdict %s", a.Sanity, a.Verdict)
	}
	for lang, want := range map[i18n.Lang]string{i18n.En: "REINFORCE++ with γ = 0.9", i18n.Zh: "用 γ = 0.9 的 REINFORCE++ 能复现它们"} {
		sanity, _, _ := inspectFindingsView(inspectRequest{lang: lang}, a.Findings())
		if got := strings.Join(sanity.Lines, "\n"); !strings.Contains(got, want) || !strings.Contains(got, "γ = 1") {
			t.Errorf("%s notes %q, want %q and the config's γ = 1", lang, got, want)
		}
	}
	if a := mustLoad(t, "verl_free_v0.9.0_rpp_gamma.npz", "gamma=0.9"); a.Verdict != VerdictExact || finding(a, GammaFitted) != nil {
		t.Errorf("checked at the fitted γ: %s %+v", a.Verdict, a.Sanity)
	}
	a = mustLoad(t, "verl_free_v0.9.0_remax.npz", "")
	if a.Verdict != VerdictExact || len(a.Batch.Baselines) != 8 {
		t.Errorf("ReMax: %s, %d baselines", a.Verdict, len(a.Batch.Baselines))
	}
}
