package course

// progressKeys names what a progress code's bits stand for: bit i is
// progressKeys[i], a lesson read to its end ("<slug>") or a question of it
// answered right ("<slug>/<id>", the block's stable id). The list is only
// ever appended to: a code once given out must keep meaning the same
// lessons and questions (TestProgressKeysOnlyGrow checks the list against
// the committed web/course/testdata/progress/keys-v1.txt). A new lesson or
// question appends its keys at the end; TestProgressKeysCoverCourse names
// any that are missing.
var progressKeys = []string{
	"foundations", "foundations/discounted-return", "foundations/first-advantage", "foundations/why-baseline",
	"alignment", "alignment/next-value-t2", "alignment/one-based-v4", "alignment/which-tensor-v3",
	"td-error", "td-error/delta-last", "td-error/delta4-sign", "td-error/v02-eos-next", "td-error/what-is-vst",
	"q-and-advantage", "q-and-advantage/q-one-step", "q-and-advantage/kl-only-a2-sign", "q-and-advantage/sum-vs-a0",
	"gae", "gae/a0-lambda-095", "gae/r0-lambda-1", "gae/r0-lambda-0", "gae/lambda-to-zero",
	"returns-and-critic", "returns-and-critic/r1-recursive", "returns-and-critic/critic-error-r0", "returns-and-critic/critic-target",
	"scores-and-rewards", "scores-and-rewards/k1-negative-kl", "scores-and-rewards/k3-large", "scores-and-rewards/score-position",
	"whitening-and-masks", "whitening-and-masks/whitened-last-sign", "whitening-and-masks/v02-eos-leak-a3",
	"whitening-and-masks/multi-turn-next", "whitening-and-masks/padding-in-whitening",
	"ppo-step", "ppo-step/pipeline-r0", "ppo-step/whiten-returns",
	"ppo-objective", "ppo-objective/pipeline-token3-sign", "ppo-objective/kl-only-last-sign", "ppo-objective/clip-positive",
	"misconceptions", "misconceptions/delta-sign-perfect", "misconceptions/a1-not-delta", "misconceptions/returns-not-mc",
	"misconceptions/returns-kl", "misconceptions/a0-seed-b", "misconceptions/whiten-below-mean",
	"horizon", "horizon/biased-critic-lam0", "horizon/horizon-lam05", "horizon/verl-default-lam", "horizon/truncated-target",
	"real-batch", "real-batch/grpo-mean", "real-batch/grpo-std", "real-batch/grpo-member", "real-batch/grpo-all-right",
	"real-batch/ppo-adv", "real-batch/ppo-whiten-mean", "real-batch/ppo-white", "real-batch/padding-whitened",
	"horizon/lab-var-lam1", "horizon/lab-best-lambda",
	"policy-gradient", "policy-gradient/dense-reward-to-go", "policy-gradient/dense-token1-sign", "policy-gradient/biased-baseline", "policy-gradient/ppo-first-gradient", "bellman-td-lambda", "bellman-td-lambda/bellman-last-delta", "bellman-td-lambda/lambda-return-1", "bellman-td-lambda/backward-why", "bellman-td-lambda/later-value-reaches", "bellman-td-lambda/horizon-share", "bellman-td-lambda/gamma-bias-return", "bellman-td-lambda/gamma-vs-lambda-bias",
	"ppo-clipping", "ppo-clipping/dense-clip-side", "ppo-clipping/clip-holds", "ppo-clipping/read-clipfrac-zero", "ppo-clipping/read-explained-var",
	"critic-free", "critic-free/rloo-member", "critic-free/drgrpo-outlier", "critic-free/rpp-groups", "critic-free/remax-singleton", "critic-free/gae-all-equal",
	"critic-free/gae-group-baseline",
	"ppo-clipping/cpi-first-term",
	"reading-a-dashboard", "reading-a-dashboard/returns-first-token", "reading-a-dashboard/critic-lr-explained-var",
	"reading-a-dashboard/no-kl-score", "reading-a-dashboard/grpo-no-critic",
}
