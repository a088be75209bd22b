package inspect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gaelab/web/verify"
)

// TestVerifyRewardCheck: an upload's verify.py checks the run's
// token_level_rewards against verl's apply_kl_penalty on its scores with
// the config's β, as the verdict does, unless allow= accepts the finding.
// GAEVERIFY_OUT=DIR writes the scripts there, to run in verl by hand
// (PYTHONPATH=<verl checkout>:web/verify/inverl/stubs python3 DIR/x.py FILE).
func TestVerifyRewardCheck(t *testing.T) {
	for _, c := range []struct {
		file, query string
		check       bool
	}{
		{"verl_reward_v0.9.0_beta.npz", "", true},
		{"verl_reward_v0.2_ok.npz", "", true},
		{"verl_reward_v0.9.0_beta.npz", "allow=reward_kl_mismatch", false},
	} {
		a := mustLoad(t, c.file, c.query)
		s, err := verify.Script(inspectCase(a, "/inspect/x"))
		if err != nil {
			t.Fatal(err)
		}
		has := strings.Contains(s, `run_rewards = tensor(batch["token_level_rewards"])`) &&
			strings.Contains(s, `ok &= check_run("the run's token_level_rewards vs verl", token_level_rewards, run_rewards,`) &&
			strings.Contains(s, "kl_coef=0.05")
		if has != c.check {
			t.Errorf("%s %s: the reward check is in the script: %v, want %v", c.file, c.query, has, c.check)
		}
		if dir := os.Getenv("GAEVERIFY_OUT"); dir != "" {
			os.WriteFile(filepath.Join(dir, strings.TrimSuffix(c.file, ".npz")+map[bool]string{true: "", false: "_allowed"}[c.check]+".py"), []byte(s), 0o644)
		}
	}
}
