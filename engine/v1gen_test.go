package engine

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// The pseudo-generations lie outside the table: not Valid, not listed,
// not in any release, range or change list, and above G12 but inside Has's
// 32-bit set.
func TestPseudoGenerations(t *testing.T) {
	for g, p := range pseudoGens {
		if g <= LastGeneration || g >= 32 || g.Valid() || slices.Contains(Generations(), g) || len(g.Releases()) > 0 {
			t.Errorf("%s (%d) is inside the generation table", p.name, int(g))
		}
		if !p.base.Valid() || p.props == 0 {
			t.Errorf("%s: base %s, properties %b", p.name, p.base, p.props)
		}
		if len(ChangesAt(g)) > 0 || RangeLabel(g, g) != "" {
			t.Errorf("%s has changes or a release range", p.name)
		}
		for _, c := range Changes {
			if want := p.base.Has(c.ID) || slices.Contains(p.add, c.ID); g.Has(c.ID) != want {
				t.Errorf("%s.Has(%s) = %v, want %v", p.name, c.ID, g.Has(c.ID), want)
			}
		}
	}
	for _, g := range Generations() {
		for p := Exp64OverflowError; p <= KLPlusShortList; p <<= 1 {
			if g.Is(p) {
				t.Errorf("%s has pseudo-generation property %b", g, p)
			}
		}
	}
	for _, r := range Releases {
		if r.Gen.Is(EngineErrors) {
			t.Errorf("release %s is a pseudo-generation", r.Tag)
		}
	}
	for _, v := range []Version{VerlEarly, VerlNewest} {
		if g := v.V1Gen(); g.Range() != legacyRelease(v) || g.Has(GAEMaskAware) != v.Gen().Has(GAEMaskAware) || g.meanEps() != legacyMeanEps(v) {
			t.Errorf("%s: %s has range %q, mask-aware GAE %v, ε %g", v, g, g.Range(), g.Has(GAEMaskAware), g.meanEps())
		}
	}
}

// v1Source reads a fuzz input as a stream of bytes (0 once it runs out).
type v1Source struct{ data []byte }

func (s *v1Source) byte() byte {
	if len(s.data) == 0 {
		return 0
	}
	c := s.data[0]
	s.data = s.data[1:]
	return c
}

// v1Specials are the numbers where v=1 and the generations part ways, or
// might: ±0, ±Inf, NaN, log-ratios in (88.72, 709.78], where float32's exp
// overflows and float64's does not, and past 709.78, where both do.
var v1Specials = []float64{
	0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1, -1, 0.5,
	88.7, 88.8, 100, -100, 500, 709.7, 709.8, 710, -710, 1e308, -1e308, 1e-310, 20, 20.5, -21,
}

// value is a special number one time in four, else a small one (x/16).
func (s *v1Source) value() float64 {
	c := s.byte()
	if c&3 == 0 {
		return v1Specials[int(c>>2)%len(v1Specials)]
	}
	return float64(int8(c)) / 16
}

// v1MaskValues are mask entries: mostly 0 and 1, some weights and −0.
var v1MaskValues = []float64{1, 1, 1, 0, 0, 0.5, 0.25, 2, math.Copysign(0, -1), 1, 0, 3}

// v1Batch is one input of every v=1 function.
type v1Batch struct {
	b, r                                  int
	mask, loss, lp, old, ref, adv, scores [][]float64
	values, vpreds, returns, rewards      [][]float64
	clip                                  ClipParams
	gamma, lam                            float64
}

// v1BatchFrom reads a batch of up to 4×6 tokens; a row of the mask is all 0
// one time in four, and the whole mask all 0 one time in eight.
func v1BatchFrom(s *v1Source) v1Batch {
	in := v1Batch{b: int(s.byte() % 5), r: int(s.byte() % 7)}
	allMasked := s.byte()%8 == 0
	m := func(f func() float64) [][]float64 {
		x := newMatrix(in.b, in.r)
		for i := range x {
			for t := range x[i] {
				x[i][t] = f()
			}
		}
		return x
	}
	in.mask = m(func() float64 { return v1MaskValues[int(s.byte())%len(v1MaskValues)] })
	for i := range in.mask {
		if allMasked || s.byte()%4 == 0 {
			clear(in.mask[i])
		}
	}
	for _, x := range []*[][]float64{&in.loss, &in.lp, &in.old, &in.ref, &in.adv, &in.scores, &in.values, &in.vpreds, &in.returns, &in.rewards} {
		*x = m(s.value)
	}
	clips := []float64{0.2, 0.1, 0.28, 0, 3, 1, 0.5, math.NaN(), 10}
	in.clip = ClipParams{Ratio: 0.3, Low: clips[s.byte()%9], High: clips[s.byte()%9], C: clips[s.byte()%9]}
	in.gamma, in.lam = float64(s.byte()%11)/10, float64(s.byte()%11)/10
	return in
}

// v1Names are the KL names asked: every name of the golden file and a few
// no version knows.
var v1Names = append([]string{"", "+", "kl++", "full+", "k4", "K1"}, AllKLNames...)

// checkV1 checks that every Foo(v.V1Gen(), …) is bit for bit
// legacyFoo(v, …) on in, errors included.
func checkV1(t *testing.T, in v1Batch) {
	t.Helper()
	for _, v := range []Version{VerlEarly, VerlNewest} {
		g := v.V1Gen()
		c := v1Compare{t: t, at: fmt.Sprintf("%s %dx%d", v, in.b, in.r)}
		for _, mode := range append(slices.Clone(AggModes), "bogus") {
			got, err := Aggregate(g, in.loss, in.mask, mode)
			want, werr := legacyAggregate(v, in.loss, in.mask, mode)
			c.float("Aggregate "+string(mode), got, want)
			c.err("Aggregate "+string(mode), err, werr)
		}
		got, err := MaskedMean(g, in.loss, in.mask)
		want, werr := legacyMaskedMean(v, in.loss, in.mask)
		c.float("MaskedMean", got, want)
		c.err("MaskedMean", err, werr)

		w, st, err := Whiten(g, in.adv, in.mask)
		ww, wst, werr := legacyWhiten(v, in.adv, in.mask)
		c.matrix("Whiten", w, ww)
		c.stats("Whiten", st, wst)
		c.err("Whiten", err, werr)

		gae, wgae := GAE(g, in.rewards, in.values, in.mask, in.gamma, in.lam), legacyGAE(v, in.rewards, in.values, in.mask, in.gamma, in.lam)
		for k, pair := range [][2][][]float64{{gae.NextValues, wgae.NextValues}, {gae.Deltas, wgae.Deltas}, {gae.Advantages, wgae.Advantages}, {gae.Returns, wgae.Returns}, {gae.Whitened, wgae.Whitened}} {
			c.matrix(fmt.Sprintf("GAE matrix %d", k), pair[0], pair[1])
		}
		c.stats("GAE", gae.Whitening, wgae.Whitening)
		c.err("GAE", gae.WhitenErr, wgae.WhitenErr)
		for i := range in.b {
			for k := range in.r {
				if a, b := gae.NextIndex(i, k), wgae.NextIndex(i, k); a != b {
					t.Errorf("%s: GAE NextIndex(%d, %d) = %d, legacy %d", c.at, i, k, a, b)
				}
			}
		}

		if got, want := KLNames(g), legacyKLNames(v); !slices.Equal(got, want) {
			t.Errorf("%s: KLNames %v, legacy %v", c.at, got, want)
		}
		for _, name := range v1Names {
			kl, err := KLPenalty(g, name, in.lp, in.ref)
			wkl, werr := legacyKLPenalty(v, name, in.lp, in.ref)
			c.matrix("KLPenalty "+name, kl, wkl)
			c.err("KLPenalty "+name, err, werr)

			ctl, wctl := &AdaptiveKLController{Beta: 0.1, Target: 0.05, Horizon: 100}, &AdaptiveKLController{Beta: 0.1, Target: 0.05, Horizon: 100}
			res, err := ApplyKLPenalty(g, in.scores, in.old, in.ref, in.mask, name, ctl)
			wres, werr := legacyApplyKLPenalty(v, in.scores, in.old, in.ref, in.mask, name, wctl)
			c.matrix("ApplyKLPenalty KLDUnmasked "+name, res.KLDUnmasked, wres.KLDUnmasked)
			c.matrix("ApplyKLPenalty KLD "+name, res.KLD, wres.KLD)
			c.matrix("ApplyKLPenalty Rewards "+name, res.Rewards, wres.Rewards)
			c.float("ApplyKLPenalty Beta "+name, res.Beta, wres.Beta)
			c.float("ApplyKLPenalty CurrentKL "+name, res.CurrentKL, wres.CurrentKL)
			c.float("ApplyKLPenalty β after "+name, ctl.Value(), wctl.Value())
			c.err("ApplyKLPenalty "+name, err, werr)
		}
		for _, name := range []string{KL, "k3", KLLowVar, "low_var_kl+", "kl+", KLFull} {
			for _, mode := range []AggMode{TokenMean, SeqMeanTokenMean, TokenSum} {
				a, err := ActorKL(g, name, in.lp, in.ref, in.mask, mode, 0.1, 0.5)
				wa, werr := legacyActorKL(v, name, in.lp, in.ref, in.mask, mode, 0.1, 0.5)
				c.matrix("ActorKL KLD", a.KLD, wa.KLD)
				c.float("ActorKL KLLoss "+name, a.KLLoss, wa.KLLoss)
				c.float("ActorKL Total "+name, a.Total, wa.Total)
				c.err("ActorKL "+name+" "+string(mode), err, werr)
			}
		}

		pt, err := PolicyLossTerms(g, in.lp, in.old, in.adv, in.clip)
		wpt, werr := legacyPolicyLossTerms(v, in.lp, in.old, in.adv, in.clip)
		c.err("PolicyLossTerms", err, werr)
		for k, pair := range [][2][][]float64{{pt.LogRatio, wpt.LogRatio}, {pt.Ratio, wpt.Ratio}, {pt.Losses1, wpt.Losses1}, {pt.Losses2, wpt.Losses2},
			{pt.Losses3, wpt.Losses3}, {pt.Final, wpt.Final}, {pt.Clipped, wpt.Clipped}, {pt.DualClipped, wpt.DualClipped}} {
			c.matrix(fmt.Sprintf("PolicyLossTerms matrix %d", k), pair[0], pair[1])
		}
		if werr == nil {
			for _, mode := range append(slices.Clone(AggModes), "bogus") {
				pl, err := AggregatePolicyLoss(g, wpt, in.mask, mode)
				wpl, werr := legacyAggregatePolicyLoss(v, wpt, in.mask, mode)
				c.float("AggregatePolicyLoss Loss", pl.Loss, wpl.Loss)
				c.float("AggregatePolicyLoss ClipFrac", pl.ClipFrac, wpl.ClipFrac)
				c.float("AggregatePolicyLoss PPOKL", pl.PPOKL, wpl.PPOKL)
				c.float("AggregatePolicyLoss ClipFracLower", pl.ClipFracLower, wpl.ClipFracLower)
				c.err("AggregatePolicyLoss "+string(mode), err, werr)
			}
		}
		for i := range in.b {
			for k := range in.r {
				c.float(fmt.Sprintf("PolicyLossSlope [%d][%d]", i, k), PolicyLossSlope(g, in.lp, in.old, in.adv, in.clip, i, k), legacyPolicyLossSlope(v, in.lp, in.old, in.adv, in.clip, i, k))
			}
		}

		vt := ValueLossTerms(in.values, in.vpreds, in.returns, 0.5)
		for _, mode := range append(slices.Clone(AggModes), "bogus") {
			vl, err := AggregateValueLoss(g, vt, in.mask, mode)
			wvl, werr := legacyAggregateValueLoss(v, vt, in.mask, mode)
			c.float("AggregateValueLoss Loss "+string(mode), vl.Loss, wvl.Loss)
			c.float("AggregateValueLoss ClipFrac "+string(mode), vl.ClipFrac, wvl.ClipFrac)
			c.err("AggregateValueLoss "+string(mode), err, werr)
		}
	}
}

// v1Compare reports where a number, matrix, statistic or error differs.
type v1Compare struct {
	t  *testing.T
	at string
}

func (c v1Compare) float(what string, got, want float64) {
	c.t.Helper()
	if !sameBits(got, want) {
		c.t.Errorf("%s: %s = %g (%#x), legacy %g (%#x)", c.at, what, got, math.Float64bits(got), want, math.Float64bits(want))
	}
}

func (c v1Compare) matrix(what string, got, want [][]float64) {
	c.t.Helper()
	if (got == nil) != (want == nil) || len(got) != len(want) {
		c.t.Errorf("%s: %s is %v, legacy %v", c.at, what, got, want)
		return
	}
	for i := range got {
		if len(got[i]) != len(want[i]) {
			c.t.Errorf("%s: %s row %d has %d tokens, legacy %d", c.at, what, i, len(got[i]), len(want[i]))
			continue
		}
		for k := range got[i] {
			c.float(fmt.Sprintf("%s[%d][%d]", what, i, k), got[i][k], want[i][k])
		}
	}
}

func (c v1Compare) stats(what string, got, want WhitenStats) {
	c.t.Helper()
	if got.N != want.N {
		c.t.Errorf("%s: %s N = %d, legacy %d", c.at, what, got.N, want.N)
	}
	c.float(what+" Mean", got.Mean, want.Mean)
	c.float(what+" VarBiased", got.VarBiased, want.VarBiased)
	c.float(what+" VarUnbiased", got.VarUnbiased, want.VarUnbiased)
}

// err wants both nil, or the same text and the same sentinel.
func (c v1Compare) err(what string, got, want error) {
	c.t.Helper()
	switch {
	case (got == nil) != (want == nil):
		c.t.Errorf("%s: %s error %v, legacy %v", c.at, what, got, want)
	case got != nil && (got.Error() != want.Error() || errors.Is(got, ErrNoValidToken) != errors.Is(want, ErrNoValidToken) || errors.Is(got, errNoTokens) != errors.Is(want, errNoTokens)):
		c.t.Errorf("%s: %s error %q, legacy %q", c.at, what, got, want)
	}
}

// TestVersionAsGeneration checks the pseudo-generations against the
// legacy two-version functions on the cases where they part from the
// generations, then on 3,000 seeded random batches.
func TestVersionAsGeneration(t *testing.T) {
	inf, nan, negZero := math.Inf(1), math.NaN(), math.Copysign(0, -1)
	row := func(xs ...float64) [][]float64 { return [][]float64{xs} }
	base := func(mask [][]float64) v1Batch {
		b, r := shapeOf(mask)
		z := func() [][]float64 { return newMatrix(b, r) }
		return v1Batch{b: b, r: r, mask: mask, loss: z(), lp: z(), old: z(), ref: z(), adv: z(), scores: z(), values: z(), vpreds: z(), returns: z(), rewards: z(),
			clip: ClipParams{Ratio: 0.3, Low: 0.2, High: 0.28, C: 3}, gamma: 1, lam: 0.95}
	}
	cases := map[string]func() v1Batch{
		"log-ratio 100: exp32 overflows, math.Exp does not": func() v1Batch {
			in := base(row(1, 1, 1))
			in.lp, in.adv = row(100, 600, 0.1), row(1, -1, 0.5)
			return in
		},
		"log-ratio 709.7 and 710": func() v1Batch {
			in := base(row(1, 1))
			in.lp, in.adv = row(709.7, 710), row(-1, 1)
			return in
		},
		"log-ratio 88.8 with A = 0": func() v1Batch {
			in := base(row(1, 0))
			in.lp = row(88.8, 88.8)
			return in
		},
		"masked ±Inf and NaN": func() v1Batch {
			in := base([][]float64{{1, 0, 1, 0}, {0, 1, 0, 0}})
			in.loss = [][]float64{{1, inf, 2, nan}, {-inf, 3, nan, inf}}
			in.values, in.vpreds, in.returns = in.loss, in.loss, in.loss
			in.adv, in.lp, in.ref = in.loss, in.loss, in.loss
			return in
		},
		"±0": func() v1Batch {
			in := base(row(1, negZero, 1))
			in.loss, in.adv, in.lp = row(negZero, negZero, 0), row(negZero, 0, negZero), row(negZero, 0, 0)
			return in
		},
		"weighted mask": func() v1Batch {
			in := base([][]float64{{0.5, 0.25, 2}, {0.1, 0, 3}})
			in.loss, in.adv = [][]float64{{1, 0.1, 0.7}, {0.3, 9, -0.2}}, [][]float64{{1, -2, 0.3}, {0.25, 1, -1}}
			in.lp = [][]float64{{0.1, -0.3, 0.2}, {0.05, 0, -0.5}}
			return in
		},
		"an empty row": func() v1Batch {
			in := base([][]float64{{1, 1, 0}, {0, 0, 0}})
			in.loss, in.scores = [][]float64{{1, 2, 3}, {4, 5, 6}}, [][]float64{{0, 0, 1}, {0, 0, 1}}
			in.old = [][]float64{{-1, -2, -0.5}, {-1, -1, -1}}
			return in
		},
		"an all-masked batch": func() v1Batch {
			in := base([][]float64{{0, 0}, {0, 0}})
			in.loss, in.lp = [][]float64{{1, 2}, {3, 4}}, [][]float64{{0.1, 0.2}, {0.3, 0.4}}
			return in
		},
		"no rows":             func() v1Batch { return base([][]float64{}) },
		"rows of no tokens":   func() v1Batch { return base([][]float64{{}, {}}) },
		"clip_ratio_c = 1":    func() v1Batch { in := base(row(1)); in.clip.C = 1; return in },
		"clip_ratio_c is NaN": func() v1Batch { in := base(row(1)); in.clip.C = nan; return in },
		"huge advantages overflow pg_loss": func() v1Batch {
			in := base(row(1, 1))
			in.lp, in.adv = row(0.1, 0.1), row(-1e308, -1e308)
			return in
		},
	}
	for name, in := range cases {
		t.Run(name, func(t *testing.T) { checkV1(t, in()) })
	}
	rng := rand.New(rand.NewPCG(23, 1))
	data := make([]byte, 512)
	for range 3000 {
		for k := range data {
			data[k] = byte(rng.Uint32())
		}
		in := v1BatchFrom(&v1Source{data: data})
		checkV1(t, in)
		if t.Failed() {
			t.Fatalf("input %x", data)
		}
	}
}

// FuzzVersionAsGeneration: on any batch, Foo(v.V1Gen(), …) is bit for bit
// the legacy Foo(v, …) (legacyFoo), errors included.
func FuzzVersionAsGeneration(f *testing.F) {
	f.Add([]byte{2, 3, 1, 0, 1, 1, 9, 5, 0x44, 0x48, 0x50, 7, 8})
	f.Add([]byte{4, 6, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0x40, 0x44, 0x4c, 0x5c})
	f.Add([]byte{1, 1, 0, 1, 0x28, 0x2c, 0x30, 0x34})
	f.Fuzz(func(t *testing.T, data []byte) {
		checkV1(t, v1BatchFrom(&v1Source{data: data}))
	})
}
