// Package train is /train, the training lab: press Play and watch verl's PPO
// learn on engine/train's tiny language model, with verl's own dashboard
// (the data and update metrics under verl's names), the batch of the
// iteration shown, the config as verl writes it, and presets that teach.
//
// A link is a frame: v=1, the preset p=, the iteration it= (0-based; verl's
// global_steps is it+1) and what-ifs of run A under verl's key names (see
// whatIfs). Old links never change meaning: v=1 is this format, and a
// later format gets a new v=.
package train

import (
	"math"
	"net/url"
	"strconv"
	"strings"

	"gaelab/engine/train"
	"gaelab/web/httperr"
)

// LinkVersion is the version of the link format, the v= parameter.
const LinkVersion = "1"

// MaxIterations caps total_training_steps in this room: a cold link to the
// last iteration of a comparison computes 2 × 100 iterations at 64 × 16
// (≤ 1 s).
const MaxIterations = 100

// MaxEpochSteps caps total_training_steps × ppo_epochs of a run (the
// clipping-off preset's 50 × 16): a run's cost grows with both.
const MaxEpochSteps = 800

// State is what a /train link shows.
type State struct {
	Lesson Lesson
	It     int       // the iteration shown, 0-based
	Set    []setting // the what-ifs given, in whatIfs' order
}

// setting is one what-if's value.
type setting struct {
	w     *whatIf
	value float64
}

// whatIf is a setting of run A a link may change: its link key (verl's
// name, or ours when verl has none: Verl false), its range and how it
// edits the Config.
type whatIf struct {
	Key     string
	Verl    bool // a verl option: the YAML has it
	Lo, Hi  float64
	Integer bool
	apply   func(c *train.Config, v float64)
}

// whatIfs are the what-ifs in canonical order.
var whatIfs = []*whatIf{
	{Key: "gamma", Verl: true, Lo: 0, Hi: 1, apply: func(c *train.Config, v float64) { c.Gamma = v }},
	{Key: "lam", Verl: true, Lo: 0, Hi: 1, apply: func(c *train.Config, v float64) { c.Lam = v }},
	{Key: "clip_ratio", Verl: true, Lo: 0.01, Hi: 0.99, apply: func(c *train.Config, v float64) { c.ClipRatio = v }},
	{Key: "ppo_epochs", Verl: true, Lo: 1, Hi: 16, Integer: true, apply: func(c *train.Config, v float64) { c.PPOEpochs = int(v) }},
	{Key: "actor_lr", Verl: true, Lo: 0, Hi: 10, apply: func(c *train.Config, v float64) { c.ActorLR = v }},
	{Key: "critic_lr", Verl: true, Lo: 0, Hi: 10, apply: func(c *train.Config, v float64) { c.CriticLR = v }},
	{Key: "kl_coef", Verl: true, Lo: 0, Hi: 10, apply: func(c *train.Config, v float64) { c.KLCoef = v }},
	{Key: "critic_warmup", Verl: true, Lo: 0, Hi: MaxIterations, Integer: true, apply: func(c *train.Config, v float64) { c.CriticWarmup = int(v) }},
	{Key: "steps", Verl: true, Lo: 1, Hi: MaxIterations, Integer: true, apply: func(c *train.Config, v float64) { c.Iterations = int(v) }},
	{Key: "seed", Verl: true, Lo: 0, Hi: 1 << 31, Integer: true, apply: func(c *train.Config, v float64) { c.Seed = uint64(v) }},
	// The tabular policy's initial spread has no verl key: a what-if verl cannot run.
	{Key: "init_scale", Verl: false, Lo: 0, Hi: 10, apply: func(c *train.Config, v float64) { c.InitScale = v }},
}

// keys are every parameter a link may have besides the what-ifs.
var keys = []string{"v", "p", "it", "lang"}

// fieldErr is a bad value of a link's field, answered 400 in the learner's language.
func fieldErr(field, raw, key string, args ...any) *httperr.Error {
	return &httperr.Error{Code: "bad_request", Field: field, Key: key, Args: append([]any{field, clip(raw)}, args...)}
}

func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// Decode reads a /train link; a bad or unknown parameter is an error naming it.
func Decode(q url.Values, pageKeys ...string) (State, *httperr.Error) {
	for k, vs := range q {
		known := len(vs) == 1 && (member(k, keys) || member(k, pageKeys) || whatIfByKey(k) != nil)
		if !known {
			if k == "" {
				k = strconv.Quote(k) // a parameter without a name: named "" in the message
			}
			return State{}, fieldErr(k, strings.Join(vs, ","), "train.err.param")
		}
	}
	if v := q.Get("v"); v != "" && v != LinkVersion {
		return State{}, fieldErr("v", v, "train.err.version", LinkVersion)
	}
	id := q.Get("p")
	if id == "" {
		id = DefaultLesson
	}
	l, ok := LessonByID(id)
	if !ok {
		return State{}, fieldErr("p", id, "train.err.preset")
	}
	s := State{Lesson: l}
	for _, w := range whatIfs {
		raw, ok := q[w.Key]
		if !ok {
			continue
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(raw[0]), 64)
		if err != nil || math.IsNaN(x) || x < w.Lo || x > w.Hi || w.Integer && x != math.Trunc(x) {
			return State{}, fieldErr(w.Key, raw[0], "train.err.range", num(w.Lo), num(w.Hi))
		}
		s.Set = append(s.Set, setting{w, x})
	}
	if a := s.A(); a.Iterations*a.PPOEpochs > MaxEpochSteps {
		return State{}, fieldErr("ppo_epochs", strconv.Itoa(a.PPOEpochs), "train.err.cost", a.Iterations, MaxEpochSteps)
	}
	steps := s.A().Iterations
	if raw := q.Get("it"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 || n >= steps {
			return State{}, fieldErr("it", raw, "train.err.range", "0", strconv.Itoa(steps-1))
		}
		s.It = n
	}
	return s, nil
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

func whatIfByKey(k string) *whatIf {
	for _, w := range whatIfs {
		if w.Key == k {
			return w
		}
	}
	return nil
}

func member(s string, list []string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// A is run A's config: the preset's with the what-ifs.
func (s State) A() train.Config {
	c := s.Lesson.A()
	for _, x := range s.Set {
		x.w.apply(&c, x.value)
	}
	return c
}

// B is the baseline run's config, ok false for a preset of one run. The
// what-ifs that lengthen or reseed the run apply to it too, so that the
// curves stay comparable step for step.
func (s State) B() (train.Config, bool) {
	if s.Lesson.B == nil {
		return train.Config{}, false
	}
	c := s.Lesson.B()
	for _, x := range s.Set {
		if x.w.Key == "steps" || x.w.Key == "seed" {
			x.w.apply(&c, x.value)
		}
	}
	return c, true
}

// VerlRunnable reports whether every what-if is a verl option.
func (s State) VerlRunnable() bool {
	for _, x := range s.Set {
		if !x.w.Verl {
			return false
		}
	}
	return true
}

// Steps is the number of iterations of the run.
func (s State) Steps() int { return s.A().Iterations }

// Encode is the canonical query of s: v, p, it, then the what-ifs in order.
func (s State) Encode() string {
	var b strings.Builder
	b.WriteString("v=" + LinkVersion + "&p=" + s.Lesson.ID + "&it=" + strconv.Itoa(s.It))
	for _, x := range s.Set {
		v := num(x.value)
		if x.w.Integer {
			v = strconv.FormatFloat(x.value, 'f', -1, 64) // never 1e+07: a "+" in a query is a space
		}
		b.WriteString("&" + x.w.Key + "=" + url.QueryEscape(v))
	}
	return b.String()
}

// At is s at iteration it (clamped to the run).
func (s State) At(it int) State {
	s.It = min(max(it, 0), s.Steps()-1)
	return s
}
