package chart

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

var errNoTokens = errors.New("chart: no tokens (want 1 … 2048)")

// check validates the fields shared by the three charts and the series
// named in need, and returns T.
func (in *Input) check(need ...series) (int, error) {
	T := len(in.Tokens)
	if T == 0 {
		return 0, errNoTokens
	}
	if T > MaxTokens {
		return 0, fmt.Errorf("chart: %d tokens, want at most %d", T, MaxTokens)
	}
	if in.Base != 0 && in.Base != 1 {
		return 0, fmt.Errorf("chart: Base = %d, want 0 or 1", in.Base)
	}
	if in.Mask != nil && len(in.Mask) != T {
		return 0, fmt.Errorf("chart: len(Mask) = %d, want len(Tokens) = %d", len(in.Mask), T)
	}
	for t, k := range in.Mask {
		if k < Valid || k > Observation {
			return 0, fmt.Errorf("chart: Mask[%d] = %d, want Valid, Padding or Observation", t, k)
		}
	}
	if !validID(in.ID) {
		return 0, fmt.Errorf("chart: ID %q: want letters, digits, '-' or '_'", in.ID)
	}
	for _, s := range need {
		if s.v == nil && s.optional {
			continue
		}
		if err := checkSeries(s.name, s.v, T, nil); err != nil {
			return 0, err
		}
	}
	return T, nil
}

// checkSeries checks that series name has T numbers, each finite within
// ±maxAbs, except those that skip (nil or one per token) leaves out.
func checkSeries(name string, v []float64, T int, skip []bool) error {
	if len(v) != T {
		return fmt.Errorf("chart: len(%s) = %d, want len(Tokens) = %d", name, len(v), T)
	}
	for t, x := range v {
		if skip != nil && skip[t] {
			continue
		}
		if !(math.Abs(x) <= maxAbs) {
			return fmt.Errorf("chart: %s[%d] = %v, want a finite number within ±%g", name, t, x, maxAbs)
		}
	}
	return nil
}

type series struct {
	name     string
	v        []float64
	optional bool
}

// kind returns token t's mask kind.
func (in *Input) kind(t int) Kind {
	if in.Mask == nil {
		return Valid
	}
	return in.Mask[t]
}

func validID(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return len(s) <= 64
}

func requireTitle(field, s string) error {
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("chart: Text.%s is empty, want the chart's title", field)
	}
	return nil
}

// prepare is what every chart does first: check the series it draws, resolve
// the theme and require its title.
func (in *Input) prepare(titleField, title string, ss ...series) (int, Theme, error) {
	T, err := in.check(ss...)
	if err != nil {
		return 0, Theme{}, err
	}
	if in.First < 0 {
		return 0, Theme{}, fmt.Errorf("chart: First = %d, want ≥ 0", in.First)
	}
	in.Base, in.First = in.Base+in.First, 0 // every label reads t+Base
	th, err := in.Theme.resolve()
	if err != nil {
		return 0, Theme{}, err
	}
	return T, th, requireTitle(titleField, title)
}

// resolve checks what every chart checks besides its data: the id prefix
// (letters, digits, '-' and '_'), the title (Text.<titleField>) and the
// theme. It returns the theme (Light() for the zero Theme) and the id
// prefix, defaultID when id is "".
func resolve(th Theme, id, defaultID, titleField, title string) (Theme, string, error) {
	if !validID(id) {
		return th, "", fmt.Errorf("chart: ID %q: want letters, digits, '-' or '_'", id)
	}
	if err := requireTitle(titleField, title); err != nil {
		return th, "", err
	}
	th, err := th.resolve()
	if err != nil {
		return th, "", err
	}
	if id == "" {
		id = defaultID
	}
	return th, id, nil
}

// chart is how Values, Rewards and Advantages draw: check in for the series
// the chart needs (prepare), describe it (build) and render it.
func (in *Input) chart(titleField, title string, build func(in *Input, T int, th Theme) spec, need ...series) ([]byte, *frame, error) {
	T, th, err := in.prepare(titleField, title, need...)
	if err != nil {
		return nil, nil, err
	}
	return render(in, T, th, build(in, T, th))
}
