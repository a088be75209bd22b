package engine

// A v=1 link names no release, only early or newest, and computes what
// GAE Lab's first engine computed: a generation's arithmetic, with a few
// properties no verl generation has. Those links keep their numbers, so
// each of the two meanings is a pseudo-generation: the changes of a base
// generation (Has), plus named Properties (Is). Every function of a Generation
// then serves every link. Pseudo-generations are not Valid: Generations,
// Releases, the release picker, labels and ranges never list them.

// The pseudo-generations of a v=1 link's two versions (Version.V1Gen).
const (
	// V1Early is a v=1 link's early: G01 (v0.2), with ClipLowHigh in force
	// (the ratio is clipped to [1 − Low, 1 + High]; callers pass clip_ratio
	// as both), and every Property but KLPlusShortList.
	V1Early Generation = 30
	// V1Newest is a v=1 link's newest: G12 (v0.9.0), with every Property.
	V1Newest Generation = 31
)

// Property is something a pseudo-generation computes that no verl
// generation does. Every real generation has none.
type Property uint8

const (
	// Exp64OverflowError: the policy ratio is float64 math.Exp, finite up to
	// a log-ratio of 709.78 (verl's float32 exp overflows past 88.72), and a
	// ratio or a pg_loss that overflows is an error, not ±Inf.
	Exp64OverflowError Property = 1 << iota
	// AggSkipsMasked: masked_mean and agg_loss add only the mask ≠ 0
	// tokens, so a masked ±Inf or NaN never reaches a loss (the generations
	// multiply through them: inf·0 = NaN); agg_loss's token-mean and
	// token-sum add each row's sum, then the rows.
	AggSkipsMasked
	// ZeroDivError: a mean over no valid token where verl divides by Σmask
	// without ε (masked_mean without MaskedMeanEps, token-mean, the seq-mean
	// modes, an empty row's KL metric without ε) is an error, not 0/0 = NaN.
	// The ε itself is the base generation's (MaskedMeanEps, TokenMeanNoEps).
	ZeroDivError
	// EngineErrors: errors are GAE Lab's own ("engine: …", not verl's
	// exception), and a loss_agg_mode the version lacks is refused where the
	// generations fall back to token-mean (the actor's KL loss before AggLoss).
	EngineErrors
	// KLPlusShortList: KLNames offers only the "+" names k1+, k3+ and
	// low_var_kl+, after the rest (it accepts every "+" name all the same).
	KLPlusShortList
)

// pseudoGen is a pseudo-generation: base's changes plus add, and props.
// Its Range is RangeLabel(from, to): the releases whose GAE it computes.
type pseudoGen struct {
	name     string
	base     Generation
	add      []ChangeID
	props    Property
	from, to Generation
}

// pseudoGens holds the pseudo-generations; their numbers lie past
// LastGeneration and below 32, Has's bit set (TestPseudoGenerations).
var pseudoGens = map[Generation]pseudoGen{
	V1Early:  {"V1Early", G01, []ChangeID{ClipLowHigh}, Exp64OverflowError | AggSkipsMasked | ZeroDivError | EngineErrors, G01, G01},
	V1Newest: {"V1Newest", G12, nil, Exp64OverflowError | AggSkipsMasked | ZeroDivError | EngineErrors | KLPlusShortList, G06, G12},
}

// Is reports whether g has property p: only a pseudo-generation does.
func (g Generation) Is(p Property) bool { return uint(g) < 32 && pseudoProps[g]&p != 0 }

// pseudoProps holds each pseudo-generation's properties at its number, so
// Is, asked inside the loss functions, is one array read.
var pseudoProps = func() (props [32]Property) {
	for g, p := range pseudoGens {
		props[g] = p.props
	}
	return props
}()

// pseudoBits adds each pseudo-generation's bit to the change sets of
// changeGens: its base's changes and its own.
func pseudoBits(m map[ChangeID]uint32) {
	for g, p := range pseudoGens {
		for id, bits := range m {
			if bits&(1<<uint(p.base)) != 0 {
				m[id] |= 1 << uint(g)
			}
		}
		for _, id := range p.add {
			m[id] |= 1 << uint(g)
		}
	}
}

// V1Gen is the pseudo-generation that computes everything a v=1 link of
// version v shows: V1Early or V1Newest. Its GAE and whitening are v.Gen()'s.
func (v Version) V1Gen() Generation {
	if v == VerlEarly {
		return V1Early
	}
	return V1Newest
}
