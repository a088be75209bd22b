package page

import (
	"gaelab/templates"
	"gaelab/web/i18n"
)

// signKeys are the three answers of a sign question, as the forms send them
// ("+", "-", "0"; SignOf gives the engine's), with their labels' keys.
var signKeys = []struct{ value, key string }{{"+", "predict.positive"}, {"-", "predict.negative"}, {"0", "predict.zero"}}

// SignOptions are a sign question's radio buttons in lang, answer selected.
// Lesson boxes, the final test, the update views and the class phones all
// use them.
func SignOptions(lang i18n.Lang, answer string) []templates.Option {
	opts := make([]templates.Option, 0, len(signKeys))
	for _, o := range signKeys {
		opts = append(opts, templates.Option{Value: o.value, Label: lang.T(o.key), Selected: answer == o.value})
	}
	return opts
}

// SignLabel is a sign's label in lang ("positive" for "+").
func SignLabel(lang i18n.Lang, sign string) string {
	for _, o := range signKeys {
		if o.value == sign {
			return lang.T(o.key)
		}
	}
	return sign
}

// SignOf is "+", "-" or "0"; values within 5e-5 of 0 count as zero, as the
// table shows them.
func SignOf(x float64) string {
	switch {
	case x > 5e-5:
		return "+"
	case x < -5e-5:
		return "-"
	}
	return "0"
}
