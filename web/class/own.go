package class

import (
	"html"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/a-h/templ"

	"gaelab/web/answer"
	"gaelab/web/httperr"
)

// Bounds of the teacher's own question.
const (
	maxOwnText    = 500 // characters of the question
	maxOwnOptions = 6   // options of a choice
	maxOwnOption  = 120 // characters of one option
	maxOwnTol     = 1e6 // a number's tolerance
)

// ownSpec is the teacher's own question: its text, the answer type
// (number, sign or choice), the right answer as typed, a number's
// tolerance ("" for 0) and a choice's options. A refusal names its field.
func ownSpec(text, kind, typed, tol string, options []string) (Spec, *httperr.Error) {
	invalid := func(field, key string, args ...any) (Spec, *httperr.Error) {
		return Spec{}, &httperr.Error{Code: "invalid", Field: field, Key: key, Args: args}
	}
	text = strings.TrimSpace(strings.ToValidUTF8(text, "\uFFFD"))
	if text == "" || utf8.RuneCountInString(text) > maxOwnText {
		return invalid("text", "class.err.own.text", maxOwnText)
	}
	sp := Spec{Kind: "own", Text: text, Answer: kind}
	switch kind {
	case "number", "sign":
	case "choice":
		for _, o := range options {
			if o = strings.TrimSpace(strings.ToValidUTF8(o, "\uFFFD")); o != "" {
				sp.Options = append(sp.Options, o)
			}
		}
		ok := len(sp.Options) >= 2 && len(sp.Options) <= maxOwnOptions
		for _, o := range sp.Options {
			ok = ok && utf8.RuneCountInString(o) <= maxOwnOption
		}
		if !ok {
			return invalid("options", "class.err.own.options", maxOwnOptions, maxOwnOption)
		}
		sp.Choices = len(sp.Options)
	default:
		return invalid("kind", "class.err.own.kind")
	}
	right, err := sp.Normalize(typed)
	if err != nil {
		return invalid("answer", "class.err.own.answer")
	}
	switch kind {
	case "number":
		sp.Value, _ = strconv.ParseFloat(right, 64)
		if tol = strings.TrimSpace(tol); tol != "" {
			x, err := answer.Parse(tol)
			if err != nil || !(x >= 0 && x <= maxOwnTol) {
				return invalid("tolerance", "class.err.own.tol", maxOwnTol)
			}
			sp.Tol = x
		}
	case "sign":
		sp.Value = map[string]float64{"+": 1, "-": -1, "0": 0}[right]
	case "choice":
		sp.Value = float64(right[0] - 'a')
	}
	if math.IsNaN(sp.Value) {
		return invalid("answer", "class.err.own.answer")
	}
	return sp, nil
}

// ownText is the teacher's own question or option as HTML: escaped, line
// breaks kept.
func ownText(s string) templ.Component {
	return templ.Raw(strings.ReplaceAll(html.EscapeString(s), "\n", "<br>"))
}
