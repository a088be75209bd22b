package scenario

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// Params reads a page's own parameters (beyond the scenario's: /update's
// critic and actor views, /compare/variance). A bad value is reported at its
// field (in both languages through the catalog) and replaced by its default,
// so the results stay visible; the canonical link keeps every parameter
// that differs from its default, in the order they are read.
type Params struct {
	Q        url.Values
	Problems []Problem
	Raw      map[string]string // the typed text of every bad field
	Parts    []string          // "&key=value" for the canonical link
}

func (p *Params) problem(field, key, raw string, args ...any) {
	p.Problems = append(p.Problems, Problem{Field: field, Key: key, Args: append([]any{raw}, args...)})
	if p.Raw == nil {
		p.Raw = map[string]string{}
	}
	p.Raw[field] = raw
}

// ProblemOf returns the problem of a field, or nil.
func (p *Params) ProblemOf(field string) *Problem {
	for i := range p.Problems {
		if p.Problems[i].Field == field {
			return &p.Problems[i]
		}
	}
	return nil
}

// maxParam bounds every number, as the scenario's codec does.
const maxParam = MaxMagnitude

// parse reads one decimal number as the playground's links do.
func (p *Params) parse(field, raw string) (float64, bool) {
	x, problem := ParseNumber(raw)
	switch problem {
	case "err.number":
		p.problem(field, problem, raw)
	case "err.magnitude":
		p.problem(field, problem, raw, maxParam)
	default:
		return x, true
	}
	return 0, false
}

// ParamCheck says what is wrong with a value in range terms: a catalog key and
// its arguments after the typed text, or "" when the value is fine.
type ParamCheck func(x float64) (key string, args []any)

// Number reads one number parameter.
func (p *Params) Number(key string, def float64, ok ParamCheck) float64 {
	x := def
	if vs := p.Q[key]; len(vs) > 0 {
		if y, good := p.parse(key, vs[0]); good {
			if msg, args := ok(y); msg != "" {
				p.problem(key, msg, vs[0], args...)
			} else {
				x = y
			}
		}
	}
	if x != def {
		p.Parts = append(p.Parts, "&"+key+"="+FormatNumber(x))
	}
	return x
}

// List reads a per-token list: one parameter split at commas, or one
// parameter per token as the form sends them. A list of the wrong length is
// reported and the default kept; a bad element keeps the default's.
func (p *Params) List(key string, def []float64) []float64 {
	out := slices.Clone(def)
	if items, ok := p.Q[key]; ok {
		if len(items) == 1 {
			items = strings.Split(items[0], ",")
		}
		if len(items) != len(def) {
			p.problem(key, "update.err.length", strings.Join(items, ","), len(items), len(def))
		} else {
			for t, raw := range items {
				if x, good := p.parse(key+"."+strconv.Itoa(t), raw); good {
					out[t] = x
				}
			}
		}
	}
	if !slices.Equal(out, def) {
		parts := make([]string, len(out))
		for t, x := range out {
			parts[t] = FormatNumber(x)
		}
		p.Parts = append(p.Parts, "&"+key+"="+strings.Join(parts, ","))
	}
	return out
}
