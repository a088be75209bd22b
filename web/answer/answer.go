// Package answer reads a number as a learner types it and judges it: the
// one answer checker of the lessons' predict boxes, /update's questions and
// the live class. Each caller keeps its own tolerance and its anticipated
// wrong answers; this package only reads the number (Parse) and compares it
// (Within, Judge). It imports only the standard library.
package answer

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// MaxMagnitude bounds every number an answer may be, as it bounds every
// number a link may carry (scenario.MaxMagnitude): no table shows more.
const MaxMagnitude = 1e6

// The errors of Parse.
var (
	ErrNotNumber = errors.New("answer: not a number")
	ErrMagnitude = errors.New("answer: beyond ±1e6")
)

// Parse reads one decimal number as a learner types it, on any keyboard: a
// Chinese input method's full-width digits ０–９, its points ． and 。 (and
// the half-width ｡), a decimal comma (, or ，) read as a point, its signs ＋
// and －, the minus signs −, —, –, ‒, ‐, ‑ and ﹣, and spaces (any Unicode
// space, full-width too) anywhere are ignored. An exponent is fine (1e-3);
// hex, underscores, NaN and Inf are not numbers. It returns ErrNotNumber,
// or ErrMagnitude for a number beyond ±MaxMagnitude (or float64's range:
// 1e400; 1e-400 reads as 0, as strconv reads it).
func Parse(typed string) (float64, error) {
	s := strings.Map(func(r rune) rune {
		switch {
		case r >= '０' && r <= '９':
			return '0' + (r - '０')
		case r == '．' || r == '。' || r == '｡' || r == ',' || r == '，':
			return '.'
		case r == '－' || r == '−' || r == '—' || r == '–' || r == '‒' || r == '‐' || r == '‑' || r == '﹣':
			return '-'
		case r == '＋' || r == '﹢':
			return '+'
		case unicode.IsSpace(r):
			return -1
		}
		return r
	}, typed)
	x, err := strconv.ParseFloat(s, 64)
	var ne *strconv.NumError
	rangeErr := errors.As(err, &ne) && ne.Err == strconv.ErrRange
	switch {
	case s == "" || err != nil && !rangeErr || strings.ContainsAny(s, "xXpP_nNiI"):
		return 0, ErrNotNumber
	case err != nil || math.Abs(x) > MaxMagnitude:
		return 0, ErrMagnitude
	}
	return x, nil
}

// Within reports whether x is want within tol, |x − want| ≤ tol: the
// caller's tolerance, exactly (a NaN is never within).
func Within(x, want, tol float64) bool { return math.Abs(x-want) <= tol }

// Verdict is what Judge finds of a typed answer.
type Verdict uint8

const (
	Blank  Verdict = iota // nothing typed
	Unread                // not a number Parse reads
	Right                 // within the tolerance of the answer
	Wrong                 // a number, not within it: the caller looks for an anticipated wrong answer
)

// Judge reads a typed answer and judges it against want within tol. Only
// "" is Blank (a caller that ignores spaces trims them first); the number
// read is returned, for the caller's anticipated wrong answers.
func Judge(typed string, want, tol float64) (Verdict, float64) {
	if typed == "" {
		return Blank, 0
	}
	x, err := Parse(typed)
	switch {
	case err != nil:
		return Unread, 0
	case Within(x, want, tol):
		return Right, x
	}
	return Wrong, x
}
