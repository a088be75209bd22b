package scenario

import (
	"net/url"
	"strings"
	"unicode/utf8"
)

// Reader reads the parameters of a link, reporting what is wrong in Rep.
// The playground's decoder and the batch view's are built on it, so both
// read lists, text and numbers the same way.
type Reader struct {
	Q   url.Values
	Rep *Report
}

// First returns the first value of a parameter.
func (d Reader) First(key string) (string, bool) {
	vs, ok := d.Q[key]
	if !ok || len(vs) == 0 {
		return "", false
	}
	return vs[0], true
}

// List returns a list: one parameter is split at commas, several
// parameters (as a form sends them) are one element each.
func (d Reader) List(key string) ([]string, bool) {
	vs, ok := d.Q[key]
	if !ok || len(vs) == 0 {
		return nil, false
	}
	if len(vs) == 1 {
		return strings.Split(vs[0], ","), true
	}
	return vs, true
}

// Text keeps at most max runes of valid UTF-8.
func (d Reader) Text(field, raw string, max int) string {
	if !utf8.ValidString(raw) {
		raw = strings.ToValidUTF8(raw, "\uFFFD")
	}
	if utf8.RuneCountInString(raw) > max {
		d.Rep.Problem(field, "err.too_long", raw, max)
		raw = string([]rune(raw)[:max])
	}
	return raw
}

// Unit reads a number in [0, 1] into dst, if the parameter is there.
func (d Reader) Unit(key string, dst *float64) {
	raw, ok := d.First(key)
	if !ok {
		return
	}
	x, ok := d.Number(key, raw)
	if !ok {
		return
	}
	if x < 0 || x > 1 {
		d.Rep.Problem(key, "err.range", raw, raw, 0, 1)
		return
	}
	*dst = x
}

// Number parses one decimal number with ParseNumber, reporting a problem.
func (d Reader) Number(field, raw string) (float64, bool) {
	x, problem := ParseNumber(raw)
	if problem != "" {
		args := []any{raw}
		if problem == "err.magnitude" {
			args = append(args, MaxMagnitude)
		}
		d.Rep.Problem(field, problem, raw, args...)
		return 0, false
	}
	return x, true
}
