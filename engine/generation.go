package engine

import (
	"fmt"
	"strings"
)

// Generation is one of verl's twelve arithmetic generations between v0.2 and
// v0.9.0, as ../shared/golden/RELEASES.md defines them: a new generation
// starts wherever some input gives a different number (or an error where
// there was a number, or the other way round) in GAE, masked_*, kl_penalty,
// KL in the reward, the value or policy loss, agg_loss or an outcome
// estimator. Every release tag belongs to exactly one generation (Releases);
// every difference between two generations is one named Change (Changes),
// and the arithmetic asks g.Has(change), never for a version number.
type Generation int

// The generations, each named after its representative tag.
const (
	G01 Generation = iota + 1 // v0.2, v0.2.0.post1, v0.2.0.post2: the baseline
	G02                       // v0.3.0.rc0: + RLOO
	G03                       // v0.3.0.post0, v0.3.0.post1: masked_mean ÷ (Σm + 1e-8)
	G04                       // v0.4.0: dual clip, clip low/high, agg_loss, vf_loss without 0.5, k1/k2/k3, new estimators
	G05                       // v0.4.1: 0.5 restored, log-ratio clamp ±20, k3 pre-clamp
	G06                       // v0.5.0: mask-aware GAE, NaN-safe masked_sum, GPG
	G07                       // v0.6.0: vectorized GRPO/RLOO, "+" KL names routed (still raise)
	G08                       // v0.6.1: seq-mean modes exclude empty rows
	G09                       // v0.7.0: token-mean Σ/Σm without ε, global-batch normalisation
	G10                       // v0.7.1: seq-mean-token-sum-norm redefined, GDPO, vectorized GRPO usable
	G11                       // v0.8.0: "+" KL names work, vectorized GRPO without the variance floor
	G12                       // v0.9.0: token-sum, REINFORCE++ across observations
)

// FirstGeneration and LastGeneration bound the table.
const (
	FirstGeneration = G01
	LastGeneration  = G12
)

// Generations lists G01…G12 in order.
func Generations() []Generation {
	gs := make([]Generation, 0, LastGeneration)
	for g := FirstGeneration; g <= LastGeneration; g++ {
		gs = append(gs, g)
	}
	return gs
}

// Valid reports whether g is one of G01…G12.
func (g Generation) Valid() bool { return g >= FirstGeneration && g <= LastGeneration }

// String is "G01" … "G12", or a pseudo-generation's name ("V1Early").
func (g Generation) String() string {
	if p, ok := pseudoGens[g]; ok {
		return p.name
	}
	return fmt.Sprintf("G%02d", int(g))
}

// Release is one verl release tag.
type Release struct {
	Tag    string     // the git tag, e.g. "v0.6.1"
	Gen    Generation // the generation whose arithmetic it ships
	Commit string     // the tag's commit (9 hex digits)
	Date   string     // the tag's date, YYYY-MM-DD
}

// Releases lists every release tag from v0.2 to v0.9.0 in order, with its
// generation (RELEASES.md, "Release → generation"). Within a generation the
// tags are identical for every function the engine reproduces.
var Releases = []Release{
	{"v0.2", G01, "828df7e8a", "2025-02-15"},
	{"v0.2.0.post1", G01, "96f49818b", "2025-02-16"},
	{"v0.2.0.post2", G01, "fb532783a", "2025-02-20"},
	{"v0.3.0.rc0", G02, "3a20a7809", "2025-03-25"},
	{"v0.3.0.post0", G03, "8e7780f5e", "2025-03-30"},
	{"v0.3.0.post1", G03, "070ed6ac3", "2025-04-03"},
	{"v0.4.0", G04, "075848942", "2025-06-06"},
	{"v0.4.1", G05, "8d9e350ea", "2025-06-26"},
	{"v0.5.0", G06, "8fdc4d3f2", "2025-07-23"},
	{"v0.6.0", G07, "ddd86f527", "2025-10-15"},
	{"v0.6.1", G08, "d62da4950", "2025-11-14"},
	{"v0.7.0", G09, "f9c855f7c", "2026-01-05"},
	{"v0.7.1", G10, "bec9ef747", "2026-03-16"},
	{"v0.8.0", G11, "7aed6b230", "2026-06-01"},
	{"v0.9.0", G12, "483b8a009", "2026-08-14"},
}

// Newest is the release "newest" resolves to today. A canonical link writes
// the concrete tag, so a future release never changes an old link.
const Newest = "v0.9.0"

// ParseRelease reads a release tag (every tag of Releases) or "newest",
// which resolves to the newest tag.
func ParseRelease(s string) (Release, error) {
	if s == "newest" {
		s = Newest
	}
	for _, r := range Releases {
		if r.Tag == s {
			return r, nil
		}
	}
	return Release{}, fmt.Errorf("engine: unknown verl release %q (want newest or one of %s)", s, strings.Join(ReleaseTags(), ", "))
}

// ReleaseTags lists every release tag in order.
func ReleaseTags() []string {
	tags := make([]string, len(Releases))
	for i, r := range Releases {
		tags[i] = r.Tag
	}
	return tags
}

// Releases returns the tags of g, oldest first.
func (g Generation) Releases() []Release {
	var out []Release
	for _, r := range Releases {
		if r.Gen == g {
			out = append(out, r)
		}
	}
	return out
}

// Tag is g's representative tag, the one its golden vectors were made from
// (the first release of the generation).
func (g Generation) Tag() string {
	if rs := g.Releases(); len(rs) > 0 {
		return rs[0].Tag
	}
	return g.String()
}

// Range names the releases of g: "v0.6.1", or "v0.2–v0.2.0.post2"; for a
// pseudo-generation, the releases whose GAE it computes ("v0.5.0–v0.9.0").
func (g Generation) Range() string {
	if p, ok := pseudoGens[g]; ok {
		return RangeLabel(p.from, p.to)
	}
	return RangeLabel(g, g)
}

// RangeLabel names every release from the first of generation from to the
// last of generation to: the label of a number that generations from…to all
// compute the same way, e.g. RangeLabel(G10, G12) = "v0.7.1–v0.9.0".
func RangeLabel(from, to Generation) string {
	if !from.Valid() || !to.Valid() || from > to {
		return ""
	}
	first, last := from.Releases()[0].Tag, to.Releases()[len(to.Releases())-1].Tag
	if first == last {
		return first
	}
	return first + "–" + last
}

// ChangeID names one difference between neighbouring generations.
type ChangeID string

// Change is one arithmetic difference and where it came from. It holds from
// generation From up to, not including, Until (0: still in force).
type Change struct {
	ID      ChangeID
	From    Generation
	Until   Generation
	PRs     []int  // verl pull requests, the first one the main cause
	Commit  string // the commit of the first PR
	Area    string // what it touches: "gae", "masked_mean", "kl", "kl_reward", "value_loss", "policy_loss", "agg_loss", "estimators"
	Summary string // one line in English, for logs and errors; the UI takes its text from the catalog by ID
}

// The named switches. Each constant's comment says what holds while it is in
// force; Changes gives its generations and PRs.
const (
	// RLOOEstimator: compute_rloo_outcome_advantage exists (#341).
	RLOOEstimator ChangeID = "rloo"
	// MaskedMeanEps: masked_mean divides by Σm + 1e-8, so an empty mask gives 0, not 0/0 (#782).
	MaskedMeanEps ChangeID = "masked-mean-eps"
	// KLMetricEps: the KL-in-reward metric's per-row masked_mean has the ε too, so an empty row counts 0, not NaN (#782).
	KLMetricEps ChangeID = "kl-metric-eps"
	// DualClip: the policy loss caps −A·ratio at −A·clip_ratio_c for A < 0, and asserts clip_ratio_c > 1 (#784).
	DualClip ChangeID = "dual-clip"
	// ClipLowHigh: the ratio is clipped to [1 − clip_ratio_low, 1 + clip_ratio_high] (#623).
	ClipLowHigh ChangeID = "clip-low-high"
	// AggLoss: agg_loss with loss_agg_mode (token-mean and three seq-mean modes) exists (#623).
	AggLoss ChangeID = "agg-loss"
	// ValueLossNoHalf: vf_loss is agg_loss(max(l1, l2)) without the factor 0.5 (#1340; undone by #2016 in v0.4.1).
	ValueLossNoHalf ChangeID = "vf-loss-no-half"
	// KLAliases: kl_penalty accepts k1/k2/k3 as kl/mse/low_var_kl (#1781, a docs PR).
	KLAliases ChangeID = "kl-k123"
	// KLInRewardSwitch: KL goes into the reward iff algorithm.use_kl_in_reward; before, iff not actor.use_kl_loss (#644).
	KLInRewardSwitch ChangeID = "use-kl-in-reward"
	// NewEstimators04: OPO, pass@k, REINFORCE++-baseline and Dr.GRPO (norm_adv_by_std_in_grpo) exist (#1796, #1621, #908, #990).
	NewEstimators04 ChangeID = "estimators-v0.4"
	// LogRatioClamp: log π_θ − log π_old is clamped to ±20 before the exp (#1779).
	LogRatioClamp ChangeID = "log-ratio-clamp"
	// K3PreClamp: low_var_kl clamps its exponent to ±20 first (#1779); no forward value changes.
	K3PreClamp ChangeID = "k3-pre-clamp"
	// GAEMaskAware: GAE carries V_next and A_next across mask = 0 positions (#2337).
	GAEMaskAware ChangeID = "gae-mask-aware"
	// MaskedSumWhere: masked_sum zeroes masked positions before multiplying, so inf·0 = NaN there no longer poisons a sum (#2377).
	MaskedSumWhere ChangeID = "masked-sum-where"
	// GPGEstimator: compute_gpg_outcome_advantage exists (#2057).
	GPGEstimator ChangeID = "gpg"
	// VectorizedEstimators: grpo_vectorized and rloo_vectorized exist (#3635, #3555).
	VectorizedEstimators ChangeID = "vectorized"
	// VectorizedGRPOCrash: grpo_vectorized raises TypeError outside pytest (_resolve_device), fixed by #4961.
	VectorizedGRPOCrash ChangeID = "vectorized-grpo-crash"
	// KLPlusRouted: the "+" KL names are routed through kl_penalty_forward but still raise (#2953).
	KLPlusRouted ChangeID = "kl-plus-routed"
	// SeqMeanSkipEmpty: the seq-mean modes average over non-empty rows only (#3915, a rollout-IS refactor).
	SeqMeanSkipEmpty ChangeID = "seq-mean-skip-empty"
	// TokenMeanNoEps: agg_loss token-mean is masked_sum/Σm without ε, so an all-masked batch is NaN again (#4211).
	TokenMeanNoEps ChangeID = "token-mean-no-eps"
	// GlobalBatchInfo: agg_loss takes dp_size, batch_num_tokens and global_batch_size, and the engine actor
	// passes them: its seq-mean modes divide by global_batch_size, empty rows included (#4211). A direct
	// call gives the same numbers; the engine path is opt-in in v0.7.x and the only one from v0.8.0.
	GlobalBatchInfo ChangeID = "global-batch-info"
	// SumNormPerSeq: seq-mean-token-sum-norm = seq-mean-token-sum / R; before, Σ over all rows / R (#5366, #5417).
	SumNormPerSeq ChangeID = "sum-norm-per-seq"
	// GDPOEstimator: compute_gdpo_outcome_advantage exists (#5503).
	GDPOEstimator ChangeID = "gdpo"
	// KLPlusNames: the "+" KL names give their base name's forward value (#6058).
	KLPlusNames ChangeID = "kl-plus"
	// VectorizedNoVarFloor: vectorized GRPO's variance is two-pass and unfloored; before, var ≥ 1e-6 (std ≥ 1e-3) (#6348).
	VectorizedNoVarFloor ChangeID = "vectorized-no-var-floor"
	// TokenSumMode: loss_agg_mode token-sum exists (#7197).
	TokenSumMode ChangeID = "token-sum"
	// ReinforceCarry: REINFORCE++ carries the return across mask = 0 positions and gives 0 there (#7300).
	ReinforceCarry ChangeID = "reinforce-carry"
	// CriticGlobalBatch: compute_value_loss takes the global-batch arguments and the engine critic passes
	// them (#6957); a direct call gives the same numbers.
	CriticGlobalBatch ChangeID = "critic-global-batch"
)

// Changes lists every difference, in the order of the generations.
var Changes = []Change{
	{RLOOEstimator, G02, 0, []int{341}, "6a820b61f", "estimators", "RLOO (compute_rloo_outcome_advantage) added"},
	{MaskedMeanEps, G03, 0, []int{782}, "e9bcd2ba0", "masked_mean", "masked_mean divides by Σmask + 1e-8"},
	{KLMetricEps, G03, 0, []int{782}, "e9bcd2ba0", "kl_reward", "the KL metric of an empty row is 0 instead of NaN"},
	{DualClip, G04, 0, []int{784}, "6272b8ce1", "policy_loss", "dual clip: −A·ratio capped at −A·clip_ratio_c for A < 0; clip_ratio_c ≤ 1 raises"},
	{ClipLowHigh, G04, 0, []int{623}, "3a27a9864", "policy_loss", "clip_ratio_low / clip_ratio_high"},
	{AggLoss, G04, 0, []int{623, 931, 990}, "3a27a9864", "agg_loss", "agg_loss with token-mean and the seq-mean modes"},
	{ValueLossNoHalf, G04, G05, []int{1340}, "9ddc72520", "value_loss", "vf_loss without the factor 0.5"},
	{KLAliases, G04, 0, []int{1781}, "106d33f9e", "kl", "k1/k2/k3 accepted as kl/mse/low_var_kl"},
	{KLInRewardSwitch, G04, 0, []int{644}, "", "kl_reward", "KL in the reward iff algorithm.use_kl_in_reward (before: iff not use_kl_loss)"},
	{NewEstimators04, G04, 0, []int{1796, 1621, 908, 990}, "a4b1bb7fb", "estimators", "OPO, pass@k, REINFORCE++-baseline and Dr.GRPO added"},
	{LogRatioClamp, G05, 0, []int{1779}, "2c85b4329", "policy_loss", "log-ratio clamped to ±20 before the exp"},
	{K3PreClamp, G05, 0, []int{1779}, "2c85b4329", "kl", "low_var_kl clamps its exponent to ±20 first (no forward value changes)"},
	{GAEMaskAware, G06, 0, []int{2337}, "033286685", "gae", "mask-aware GAE: V_next and A_next carried across mask = 0"},
	{MaskedSumWhere, G06, 0, []int{2377}, "5cbad8379", "masked_mean", "masked_sum zeroes masked positions first (NaN-safe)"},
	{GPGEstimator, G06, 0, []int{2057}, "7db7f3244", "estimators", "GPG added"},
	{VectorizedEstimators, G07, 0, []int{3635, 3555}, "4ff3ce2fe", "estimators", "vectorized GRPO and RLOO added"},
	{VectorizedGRPOCrash, G07, G10, []int{3635}, "4ff3ce2fe", "estimators", "vectorized GRPO raises TypeError outside pytest"},
	{KLPlusRouted, G07, 0, []int{2953}, "b8dc5377c", "kl", "\"+\" KL names routed through kl_penalty_forward (still raising)"},
	{SeqMeanSkipEmpty, G08, 0, []int{3915}, "4424616d7", "agg_loss", "seq-mean modes exclude empty rows"},
	{TokenMeanNoEps, G09, 0, []int{4211, 4360}, "8ed5bafc0", "agg_loss", "token-mean = Σ/Σmask without ε: an all-masked batch is NaN"},
	{GlobalBatchInfo, G09, 0, []int{4211}, "8ed5bafc0", "agg_loss", "engine actor: seq-mean modes divide by global_batch_size, empty rows included (direct calls unchanged)"},
	{SumNormPerSeq, G10, 0, []int{5366, 5417}, "3671d37fe", "agg_loss", "seq-mean-token-sum-norm = seq-mean-token-sum / R"},
	{GDPOEstimator, G10, 0, []int{5503}, "b560d9f42", "estimators", "GDPO added"},
	{KLPlusNames, G11, 0, []int{6058}, "7e80ab0cf", "kl", "\"+\" KL names give their base name's value"},
	{VectorizedNoVarFloor, G11, 0, []int{6348}, "1cc810c1a", "estimators", "vectorized GRPO without the variance floor, two-pass variance"},
	{TokenSumMode, G12, 0, []int{7197}, "4730d46b1", "agg_loss", "loss_agg_mode token-sum added"},
	{ReinforceCarry, G12, 0, []int{7300}, "8a1bf6d5b", "estimators", "REINFORCE++ carries the return across observation tokens"},
	{CriticGlobalBatch, G12, 0, []int{6957}, "2eb020aa9", "value_loss", "engine critic: vf_loss with the global-batch arguments (direct calls unchanged)"},
}

// LookupChange returns the change with this id.
func LookupChange(id ChangeID) (Change, bool) {
	for _, c := range Changes {
		if c.ID == id {
			return c, true
		}
	}
	return Change{}, false
}

// Has reports whether change id is in force in generation g.
func (g Generation) Has(id ChangeID) bool {
	gens, ok := changeGens[id]
	if !ok {
		panic("engine: unknown change " + string(id))
	}
	return gens&(1<<uint(g)) != 0
}

// changeGens holds, for each change, the set of generations it is in force
// in (bit g), pseudo-generations included, so Has is one map lookup.
var changeGens = func() map[ChangeID]uint32 {
	m := make(map[ChangeID]uint32, len(Changes))
	for _, c := range Changes {
		var bits uint32
		for g := FirstGeneration; g <= LastGeneration; g++ {
			if g >= c.From && (c.Until == 0 || g < c.Until) {
				bits |= 1 << uint(g)
			}
		}
		m[c.ID] = bits
	}
	pseudoBits(m)
	return m
}()

// ChangesAt lists the changes that start (or end) at generation g: what
// differs from g − 1.
func ChangesAt(g Generation) []Change {
	var out []Change
	for _, c := range Changes {
		if c.From == g || c.Until == g {
			out = append(out, c)
		}
	}
	return out
}

// ChangesBetween lists the changes whose state differs between generations
// a and b (in either order): what an upgrade from a to b changes.
func ChangesBetween(a, b Generation) []Change {
	var out []Change
	for _, c := range Changes {
		if a.Has(c.ID) != b.Has(c.ID) {
			out = append(out, c)
		}
	}
	return out
}

// Gen is the generation whose arithmetic a two-generation Version uses for
// its GAE: v0.2's plain loop (G01) or the mask-aware loop of G06…G12.
func (v Version) Gen() Generation {
	if v == VerlEarly {
		return G01
	}
	return G12
}
