package inspect

import (
	"net/http"
	"slices"

	"gaelab/web/play"
	"gaelab/web/verify"
)

// HandleVerify handles the "GET /inspect/{id}/verify.py" route: an
// uploaded batch as a verify script that loads the user's own file, runs
// verl on it (GAE or the chosen outcome estimator, after the KL penalty when
// the rewards come from scores) and asserts the run's own advantages and
// returns; batches of up to verify.MaxElements also embed the engine's
// numbers.
func (s *Room) HandleVerify(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	a, ok := s.fileAnalysis(w, r, ir)
	if !ok {
		return
	}
	play.WriteVerify(w, r, inspectCase(a, "/inspect/"+ir.id+ir.query()))
}

// inspectCase is an analysis as a verify case reading the uploaded file.
func inspectCase(a *Analysis, source string) verify.Case {
	b, cfg := a.Batch, a.Config
	f := &verify.File{MaskFrom: "response_mask", RewardsFrom: "token_level_rewards", R: b.R, Embed: b.B*b.R <= verify.MaxElements, Blocking: a.Blocking}
	if !slices.Contains(b.Present, "response_mask") {
		f.MaskFrom = "attention_mask"
	}
	if b.Rewards == nil {
		f.RewardsFrom = "token_level_scores"
	}
	for _, k := range []string{"uid", "index"} {
		if b.UID != nil && slices.Contains(b.Present, k) {
			f.UIDFrom = k
		}
	}
	if b.UID != nil && f.UIDFrom == "" {
		f.UIDFrom = "uid" // safetensors __metadata__
	}
	if q := a.Check; q != nil {
		if q.Advantages != nil {
			f.AdvTol = q.Advantages.Tolerance
		}
		if q.Returns != nil {
			f.RetTol = q.Returns.Tolerance
		}
	}
	c := verify.Case{
		Release: cfg.Release, Source: source, File: f,
		Mask: b.Mask, Values: b.Values, KL: cfg.KLPenalty, Beta: cfg.KLCoef, Gamma: cfg.Gamma, Lam: cfg.Lam,
		Rewards: a.Rewards, GAE: a.GAE, Index: b.UID,
	}
	if b.Rewards == nil && cfg.UseKLInReward {
		c.Scores, c.OldLogProbs, c.RefLogProb = b.Scores, b.OldLogProbs, b.RefLogProb
	}
	// The reward check, as the verdict has it: verl's apply_kl_penalty on
	// the file's scores with the config's β (0 when the KL is not in the
	// reward) must give the file's rewards, unless allow= accepts them.
	if rc := a.Reward; rc != nil && !slices.Contains(cfg.Allow, RewardKLMismatch) {
		c.Scores, c.OldLogProbs, c.RefLogProb, c.Beta = b.Scores, b.OldLogProbs, b.RefLogProb, rc.KLCoef
		f.RewardTol = rc.Tolerance
	}
	if a.GAE == nil {
		c.Outcomes = []verify.Outcome{{Key: cfg.Estimator, Advantages: a.Advantages, Returns: a.Returns}}
	}
	return c
}
