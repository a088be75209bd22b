package inspect

import (
	"bytes"
	"cmp"
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"gaelab/engine"
	"gaelab/web/scenario"
)

// Config is how the batch is recomputed: verl's names, as in the JSON API.
type Config struct {
	Gamma float64 `json:"gamma"`
	Lam   float64 `json:"lam"`
	// KLCoef (β) and KLPenalty turn token_level_scores into rewards when
	// the file has scores but no token_level_rewards and UseKLInReward.
	KLCoef        float64 `json:"kl_coef"`
	KLPenalty     string  `json:"kl_penalty"`
	UseKLInReward bool    `json:"use_kl_in_reward"`
	// Estimator is "gae" or an outcome estimator key (engine.OutcomeEstimators).
	Estimator string `json:"estimator"`
	// Release is the verl release the numbers are checked against (its
	// generation's arithmetic); Ver is its tag.
	Release engine.Release `json:"-"`
	Ver     string         `json:"ver"`
	// ResponseLength is R when only attention_mask is given.
	ResponseLength int `json:"response_length,omitempty"`
	// NormAdvByStd is verl's norm_adv_by_std_in_grpo (default true): it
	// picks the key of a GRPO estimator named as verl names it ("grpo").
	NormAdvByStd bool `json:"-"`
	// KLCtrl is verl's kl_ctrl.type, "fixed" or "adaptive" ("" unknown):
	// under adaptive, β drifts from kl_coef (its start), and a reward that
	// fits the config's KL type with another β is a note.
	KLCtrl string `json:"kl_ctrl_type,omitempty"`
	// Allow are the finding kinds (Severities) the user expects: a
	// blocking one among them leaves the verdict exact (allow=KIND,KIND).
	Allow []string `json:"allow,omitempty"`
	// EOS and Pad are the tokenizer's eos_token_id and pad_token_id (nil
	// unknown): the EOS check of response_mask against responses reads EOS.
	EOS *int `json:"eos_token_id,omitempty"`
	Pad *int `json:"pad_token_id,omitempty"`
	// Step is the trainer's global step, when the sidecar says (a run
	// directory orders its dumps by it when a name has no "step<N>").
	Step *int `json:"step,omitempty"`
	// Ignored are the sidecar's keys the check does not use, dotted
	// (algorithm._target_, algorithm.filter_groups, trainer, …): verl's
	// config is read whole and they are listed, never refused.
	Ignored []string `json:"ignored,omitempty"`
}

// DefaultConfig is newest verl's defaults (γ = λ = 1, no KL in the reward).
func DefaultConfig() Config {
	r, _ := engine.ParseRelease("newest")
	return Config{Gamma: 1, Lam: 1, KLCoef: 0.001, KLPenalty: engine.KL, Estimator: "gae", Release: r, Ver: r.Tag, NormAdvByStd: true}
}

// ConfigKeys are the keys a query, a form or a sidecar may set: GAE Lab's,
// and verl's own spellings (adv_estimator, norm_adv_by_std_in_grpo) and the
// compute API's verl_version. A sidecar may also nest them in verl's
// "algorithm" section and give kl_coef inside "kl_ctrl" (sidecarKeys).
var ConfigKeys = []string{"gamma", "lam", "kl_coef", "kl_penalty", "use_kl_in_reward", "estimator", "ver", "response_length",
	"adv_estimator", "norm_adv_by_std_in_grpo", "verl_version", "allow", "kl_ctrl_type",
	"eos_token_id", "pad_token_id", "step", "ignored"}

// sidecarKeys are the objects a sidecar may hold besides ConfigKeys.
var sidecarKeys = []string{"algorithm", "kl_ctrl"}

// SidecarValues reads a sidecar as query values: a JSON object ({"gamma":
// 1, "lam": 0.95, …}, verl's algorithm section as OmegaConf.to_container
// gives it, or the whole trainer config) or Hydra's .hydra/config.yaml.
// Keys the check does not use are listed under "ignored" (comma-joined,
// dotted), never refused.
func SidecarValues(data []byte) (url.Values, error) {
	var m map[string]json.RawMessage
	if t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n"); len(t) > 0 && t[0] != '{' {
		y, err := yamlSidecar(data)
		if err != nil {
			return nil, err
		}
		m = y
	} else if err := json.Unmarshal(data, &m); err != nil {
		return nil, errorf("invalid_json", "config", "the config sidecar is not a JSON object: %v", err)
	}
	q := url.Values{}
	var ignored []string
	if err := sidecarInto(q, m, "config.", "", &ignored); err != nil {
		return nil, err
	}
	if len(ignored) > 0 {
		q.Set("ignored", strings.Join(ignored, ","))
	}
	return q, nil
}

// sidecarInto sets q from a sidecar object; "algorithm" and "kl_ctrl"
// (verl's sections) are read inside, kl_ctrl for its kl_coef and type,
// and first, so that a key given at the top wins. Every other key, and a
// null, is appended to ignored as path + key.
func sidecarInto(q url.Values, m map[string]json.RawMessage, prefix, path string, ignored *[]string) error {
	keys := slices.SortedFunc(maps.Keys(m), func(a, b string) int {
		return cmp.Or(cmp.Compare(indexOr(sidecarKeys, a), indexOr(sidecarKeys, b)), cmp.Compare(a, b))
	})
	for _, k := range keys {
		raw := m[k]
		if slices.Contains(sidecarKeys, k) {
			var inner map[string]json.RawMessage
			if err := json.Unmarshal(raw, &inner); err != nil {
				return errorf("invalid_value", prefix+k, "must be a JSON object: %v", err)
			}
			if k == "kl_ctrl" { // verl's kl_ctrl: type, kl_coef, horizon, target_kl; β is kl_coef
				kept := map[string]json.RawMessage{}
				for from, to := range map[string]string{"kl_coef": "kl_coef", "type": "kl_ctrl_type"} {
					if inner[from] != nil {
						kept[to] = inner[from]
					}
				}
				for _, other := range slices.Sorted(maps.Keys(inner)) {
					if other != "kl_coef" && other != "type" {
						*ignored = append(*ignored, path+k+"."+other)
					}
				}
				inner = kept
			}
			if err := sidecarInto(q, inner, prefix+k+".", path+k+".", ignored); err != nil {
				return err
			}
			continue
		}
		if !slices.Contains(ConfigKeys, k) || k == "ignored" || string(raw) == "null" {
			*ignored = append(*ignored, path+k)
			continue
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			s = string(raw) // a number or a bool, as written
		}
		q.Set(k, s)
	}
	return nil
}

// indexOr is k's index in keys, or len(keys) when it is not there.
func indexOr(keys []string, k string) int {
	if i := slices.Index(keys, k); i >= 0 {
		return i
	}
	return len(keys)
}

// MergeSidecar sets the keys of a config sidecar (SidecarValues) that q
// leaves unset: the query, the upload form's fields or the CLI's flags win
// over the sidecar.
func MergeSidecar(q url.Values, side []byte) error {
	sq, err := SidecarValues(side)
	if err != nil {
		return err
	}
	for k := range sq {
		if q.Get(k) == "" {
			q.Set(k, sq.Get(k))
		}
	}
	return nil
}

// ApplySidecar sets the keys a JSON sidecar gives (SidecarValues).
func (c *Config) ApplySidecar(data []byte) error {
	q, err := SidecarValues(data)
	if err != nil {
		return err
	}
	return c.apply(q, "config.")
}

// ApplyQuery sets the keys the query gives (it wins over a sidecar).
// Other query keys are left to the caller.
func (c *Config) ApplyQuery(q url.Values) error { return c.apply(q, "") }

func (c *Config) apply(q url.Values, prefix string) error {
	num := func(key string, dst *float64, lo, hi float64) error {
		s := q.Get(key)
		if s == "" {
			return nil
		}
		v, bad := scenario.ParseNumber(s) // the playground's reading: full-width digits too, never NaN or ±Inf
		if bad != "" {
			return errorf("invalid_number", prefix+key, "%q is not a finite number", s)
		}
		if v < lo || v > hi {
			return errorf("out_of_range", prefix+key, "%v is outside [%v, %v]", v, lo, hi)
		}
		*dst = v
		return nil
	}
	if err := num("gamma", &c.Gamma, 0, 1); err != nil {
		return err
	}
	if err := num("lam", &c.Lam, 0, 1); err != nil {
		return err
	}
	if err := num("kl_coef", &c.KLCoef, -1e6, 1e6); err != nil {
		return err
	}
	if s := q.Get("use_kl_in_reward"); s != "" {
		v, err := strconv.ParseBool(s)
		if err != nil {
			return errorf("invalid_value", prefix+"use_kl_in_reward", "%q is not true or false", s)
		}
		c.UseKLInReward = v
	}
	if s := q.Get("norm_adv_by_std_in_grpo"); s != "" {
		v, err := strconv.ParseBool(s)
		if err != nil {
			return errorf("invalid_value", prefix+"norm_adv_by_std_in_grpo", "%q is not true or false", s)
		}
		c.NormAdvByStd = v
	}
	for _, key := range []string{"verl_version", "ver"} { // ver wins
		if s := q.Get(key); s != "" {
			r, err := parseRelease(s)
			if err != nil {
				return errorf("invalid_value", prefix+key, "%q is not a verl release (newest or one of %v)", s, engine.ReleaseTags())
			}
			c.Release, c.Ver = r, r.Tag
		}
	}
	if s := q.Get("kl_penalty"); s != "" {
		c.KLPenalty = s
	}
	for _, key := range []string{"adv_estimator", "estimator"} { // estimator wins
		if s := q.Get(key); s != "" {
			c.Estimator = s
		}
	}
	if s := q.Get("kl_ctrl_type"); s != "" {
		if s != "fixed" && s != "adaptive" {
			return errorf("invalid_value", prefix+"kl_ctrl_type", "%q is not fixed or adaptive", s)
		}
		c.KLCtrl = s
	}
	if s := q.Get("ignored"); s != "" { // the file's sidecar's, then a second sidecar's (the form's, --config)
		for _, k := range strings.Split(s, ",") {
			if !slices.Contains(c.Ignored, k) {
				c.Ignored = append(c.Ignored, k)
			}
		}
	}
	if s := q.Get("allow"); s != "" {
		c.Allow = nil
		for _, k := range strings.Split(s, ",") {
			k = strings.TrimSpace(k)
			if !slices.Contains(FindingKinds(), k) {
				return errorf("invalid_value", prefix+"allow", "%q is not a finding kind (known: %s)", k, strings.Join(FindingKinds(), ", "))
			}
			if !slices.Contains(c.Allow, k) {
				c.Allow = append(c.Allow, k)
			}
		}
	}
	for _, k := range []struct {
		key string
		dst **int
	}{{"eos_token_id", &c.EOS}, {"pad_token_id", &c.Pad}, {"step", &c.Step}} {
		if s := q.Get(k.key); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 {
				return errorf("invalid_value", prefix+k.key, "%q is not an integer ≥ 0", s)
			}
			*k.dst = &n
		}
	}
	if s := q.Get("response_length"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > MaxTokens {
			return errorf("out_of_range", prefix+"response_length", "%q is not a length 1…%d", s, MaxTokens)
		}
		c.ResponseLength = n
	}
	return nil
}

// parseRelease reads a release tag, "newest", or verl.__version__ as a
// trainer prints it ("0.4.1", "0.2.0" for the tag v0.2).
func parseRelease(s string) (engine.Release, error) {
	r, err := engine.ParseRelease(s)
	for _, alt := range []string{"v" + s, "v" + strings.TrimSuffix(s, ".0")} {
		if err == nil {
			break
		}
		r, err = engine.ParseRelease(alt)
	}
	return r, err
}

// Resolve turns an estimator named as verl names it (adv_estimator: grpo,
// with norm_adv_by_std_in_grpo) into the release's key.
func (c *Config) Resolve() { c.Estimator = engine.VerlEstimatorKey(c.Estimator, c.NormAdvByStd) }

// Validate checks the keys that depend on the release: the KL type and the
// estimator must exist in it.
func (c Config) Validate() error {
	g := c.Release.Gen
	if !slices.Contains(engine.KLNames(g), c.KLPenalty) {
		return errorf("invalid_value", "kl_penalty", "%q is not a KL type of verl %s (%v)", c.KLPenalty, c.Ver, engine.KLNames(g))
	}
	if c.Estimator == "gae" {
		return nil
	}
	if _, ok := c.OutcomeEstimator(); !ok {
		var names []string // every estimator of the release, as verl names it
		for _, n := range engine.VerlEstimators(g) {
			if !engine.VerlEstimatorModelled(g, n) {
				n += " (not modelled)"
			}
			names = append(names, n)
		}
		keys := []string{"gae"}
		for _, e := range g.OutcomeEstimators() {
			keys = append(keys, e.Key)
		}
		if slices.Contains(engine.VerlEstimators(g), c.Estimator) {
			return errorf("not_modelled", "estimator", "%q is an estimator of verl %s that GAE Lab does not model (it has no arithmetic for it), so its advantages cannot be checked; the release's estimators: %s", c.Estimator, c.Ver, strings.Join(names, ", "))
		}
		return errorf("invalid_value", "estimator", "%q is not an estimator of verl %s: its estimators are %s (GAE Lab's keys: %v)", c.Estimator, c.Ver, strings.Join(names, ", "), keys)
	}
	return nil
}

// OutcomeEstimator is the chosen outcome estimator as the release has it.
func (c Config) OutcomeEstimator() (engine.OutcomeEstimator, bool) {
	for _, e := range c.Release.Gen.OutcomeEstimators() {
		if e.Key == c.Estimator {
			return e, true
		}
	}
	return engine.OutcomeEstimator{}, false
}
