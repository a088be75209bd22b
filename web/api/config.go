package api

import (
	"encoding/json"
	"math"
	"slices"

	"gaelab/engine"
)

// config is the case's config block. Absent keys take newest verl's defaults.
type config struct {
	Gamma, Lam     float64
	KLPenalty      string
	KLCoef         float64
	UseKLInReward  bool
	KLCtrlType     string // "fixed" or "adaptive"
	TargetKL       float64
	Horizon        float64
	InitKLCoef     float64 // the adaptive controller's start, for inputs.updates
	ClipRatio      float64
	ClipLow        float64
	ClipHigh       float64
	ClipC          float64
	CliprangeValue float64
	LossAggMode    engine.AggMode
	UseKLLoss      bool
	KLLossCoef     float64
	KLLossType     string
	Epsilon        float64
	// Release is config.verl_version: the release whose single-version
	// blocks are answered; nil for the two-generation answer.
	Release *engine.Release
}

// decodeConfig validates the config block and fills in verl's defaults.
func decodeConfig(raw map[string]json.RawMessage) (config, *Error) {
	c := config{
		Gamma: 1, Lam: 1, KLPenalty: engine.KL, KLCoef: 0.001, KLCtrlType: "fixed", TargetKL: 0.1, Horizon: 10000,
		InitKLCoef: 0.2, ClipRatio: 0.2, ClipC: 3, CliprangeValue: 0.5, LossAggMode: engine.TokenMean,
		KLLossCoef: 0.001, KLLossType: engine.KLLowVar, Epsilon: 1e-6,
	}
	r := configReader{raw: raw}
	klNames := append(engine.KLNames(engine.V1Newest), engine.KLFull)
	if raw, ok := r.get("verl_version"); ok {
		var s string
		rel, err := engine.Release{}, json.Unmarshal(raw, &s)
		if err == nil {
			rel, err = engine.ParseRelease(s)
		}
		if err != nil {
			return c, badRequest("invalid_value", "config.verl_version", "must be \"newest\" or a verl release tag from v0.2 to v0.9.0: %q", engine.ReleaseTags())
		}
		c.Release = &rel
		klNames = engine.AllKLNames // each release answers for itself which names it knows
	}
	r.num("gamma", &c.Gamma, 0, 1)
	r.num("lam", &c.Lam, 0, 1)
	r.num("kl_coef", &c.KLCoef, -inf, inf)
	r.num("init_kl_coef", &c.InitKLCoef, -inf, inf)
	r.num("target_kl", &c.TargetKL, tiny, inf)
	r.num("horizon", &c.Horizon, tiny, inf)
	r.num("clip_ratio", &c.ClipRatio, 0, inf)
	c.ClipLow, c.ClipHigh = c.ClipRatio, c.ClipRatio
	r.num("clip_ratio_low", &c.ClipLow, 0, inf)
	r.num("clip_ratio_high", &c.ClipHigh, 0, inf)
	r.num("clip_ratio_c", &c.ClipC, -inf, inf)
	r.num("cliprange_value", &c.CliprangeValue, 0, inf)
	r.num("kl_loss_coef", &c.KLLossCoef, -inf, inf)
	r.num("epsilon", &c.Epsilon, 0, inf)
	r.boolean("use_kl_in_reward", &c.UseKLInReward)
	r.boolean("use_kl_loss", &c.UseKLLoss)
	if _, ok := raw["kl_loss_coef"]; ok {
		c.UseKLLoss = true // the golden file names the coefficient instead of the switch
	}
	r.enum("kl_penalty", &c.KLPenalty, klNames)
	r.enum("kl_loss_type", &c.KLLossType, klNames)
	r.enum("kl_ctrl_type", &c.KLCtrlType, []string{"fixed", "adaptive"})
	mode := string(c.LossAggMode)
	r.enum("loss_agg_mode", &mode, aggModeNames())
	c.LossAggMode = engine.AggMode(mode)
	return c, r.err
}

func aggModeNames() []string {
	names := make([]string, len(engine.AggModes))
	for i, m := range engine.AggModes {
		names[i] = string(m)
	}
	return names
}

var inf = math.Inf(1)

// tiny is the smallest accepted value of a parameter that divides.
const tiny = 1e-300

// configReader reads typed values and keeps the first error.
type configReader struct {
	raw map[string]json.RawMessage
	err *Error
}

func (r *configReader) get(key string) (json.RawMessage, bool) {
	raw, ok := r.raw[key]
	if !ok || isNull(raw) || r.err != nil {
		return nil, false
	}
	return raw, true
}

// num reads a finite number in [lo, hi] into dst, keeping dst when absent.
func (r *configReader) num(key string, dst *float64, lo, hi float64) {
	raw, ok := r.get(key)
	if !ok {
		return
	}
	field := "config." + key
	x, err := finite(raw, field)
	if err != nil {
		r.err = err
		return
	}
	if x < lo || x > hi {
		r.err = rangeError(field, x, lo, hi)
		return
	}
	*dst = x
}

func rangeError(field string, x, lo, hi float64) *Error {
	switch {
	case hi == inf && lo == 0:
		return badRequest("out_of_range", field, "must be 0 or more, got %g", x)
	case hi == inf:
		return badRequest("out_of_range", field, "must be greater than 0, got %g", x)
	}
	return badRequest("out_of_range", field, "must be between %g and %g, got %g", lo, hi, x)
}

func (r *configReader) boolean(key string, dst *bool) {
	raw, ok := r.get(key)
	if !ok {
		return
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		r.err = badRequest("invalid_value", "config."+key, "must be true or false")
	}
}

// enum reads one of the allowed strings into dst.
func (r *configReader) enum(key string, dst *string, allowed []string) {
	raw, ok := r.get(key)
	if !ok {
		return
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil || !slices.Contains(allowed, s) {
		r.err = badRequest("invalid_value", "config."+key, "must be one of %q", allowed)
		return
	}
	*dst = s
}
