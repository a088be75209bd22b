package train

import (
	"gaelab/engine"
	"gaelab/engine/train"
)

// Lesson is a teaching preset: one run (A) or two to compare (A against
// the baseline B), each an engine/train preset edited, with a story and a
// "what to watch" note in the catalog (train.preset.<ID>.story, .watch)
// and the runs' labels (.a, .b).
type Lesson struct {
	ID    string
	A, B  func() train.Config // B nil: one run
	Watch string              // the metric the story is about (its chart is marked)
}

// Lessons are the presets in the order the page lists them.
var Lessons = []Lesson{
	{ID: "healthy", A: preset("ppo", nil), Watch: "critic/score/mean"},
	{ID: "lambda", A: preset("ppo", func(c *train.Config) { c.Lam = 0 }), B: preset("ppo", func(c *train.Config) { c.Lam = 1 }),
		Watch: "critic/vf_explained_var"},
	{ID: "critic-lr", A: preset("ppo", func(c *train.Config) { c.CriticLR = 2 }), B: preset("ppo", nil),
		Watch: "critic/vf_explained_var"},
	// Both runs measure the KL as actor/kl_loss with kl_loss_coef 0 (logged, no gradient); B also has it in the reward.
	{ID: "no-kl", A: preset("hackable", func(c *train.Config) { c.UseKLInReward, c.UseKLLoss, c.KLLossCoef = false, true, 0 }),
		B: preset("hackable", func(c *train.Config) { c.UseKLLoss, c.KLLossCoef = true, 0 }), Watch: engine.MetricKLLoss},
	{ID: "no-clip", A: preset("ppo", func(c *train.Config) { c.ClipRatio, c.ClipValue, c.PPOEpochs = 0.99, 100, 16 }),
		B: preset("ppo", func(c *train.Config) { c.PPOEpochs = 16 }), Watch: engine.MetricPPOKL},
	{ID: "grpo", A: preset("grpo", nil), B: preset("ppo", nil), Watch: "critic/score/mean"},
	{ID: "drgrpo", A: preset("drgrpo", nil), B: preset("grpo", func(c *train.Config) { c.UseKLLoss, c.UseKLInReward = false, false }),
		Watch: "response_length/mean"},
	{ID: "warmup", A: preset("ppo", func(c *train.Config) { c.CriticWarmup = 10 }), B: preset("ppo", nil),
		Watch: "critic/score/mean"},
}

// DefaultLesson is the preset of a link without p=.
const DefaultLesson = "healthy"

// LessonByID is the preset called id.
func LessonByID(id string) (Lesson, bool) {
	for _, l := range Lessons {
		if l.ID == id {
			return l, true
		}
	}
	return Lesson{}, false
}

// preset is engine/train's preset name, edited.
func preset(name string, edit func(*train.Config)) func() train.Config {
	return func() train.Config {
		c, err := train.Preset(name)
		if err != nil {
			panic(err) // the names above are engine/train's: TestLessonsBuild
		}
		if edit != nil {
			edit(&c)
		}
		return c
	}
}
