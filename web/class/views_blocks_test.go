package class

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"gaelab/lessons"
	"gaelab/web/i18n"
)

// rawPlaceholder is a cell placeholder as a lesson writes it, "{value.4}",
// "{adv.2.1}" or "{ret.0|lam=1}", left unfilled.
var rawPlaceholder = regexp.MustCompile(`\{[a-z]+\.[0-9][^{}]*\}`)

// Every lesson predict block asked in a live class, in both languages,
// shows its question (phone and console) and each of its diagnoses
// (the console's groups) with the cells filled in, as the lesson page
// does: no "{value.4}" or "{ret.0} − {value.0}" (issue 25, error 14).
func TestClassBlockTextsFillTheirCells(t *testing.T) {
	render := func(c templ.Component) string {
		var b strings.Builder
		if err := c.Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	blocks := 0
	for _, l := range lessons.Embedded().Lessons("en") {
		for _, part := range l.Parts {
			p := part.Predict
			if p == nil {
				continue
			}
			block := "predict-" + p.ID
			sp, bad := blockSpec(l.Slug, block)
			if bad != nil {
				t.Errorf("%s#%s cannot be asked: %v", l.Slug, block, bad.Key)
				continue
			}
			blocks++
			for _, lang := range []i18n.Lang{i18n.En, i18n.Zh} {
				texts := map[string]string{"question": render(prompt(lang, sp))}
				for i := range p.Wrong {
					g := Group{Diagnosis: "diag:" + strconv.Itoa(i), Count: 1}
					texts["diagnosis "+strconv.Itoa(i)] = render(groupLabel(lang, sp, g))
				}
				for what, s := range texts {
					if m := rawPlaceholder.FindString(s); m != "" {
						t.Errorf("%s#%s (%s) %s shows %s: %.200s", l.Slug, block, lang, what, m, s)
					}
				}
			}
		}
	}
	if blocks < 20 {
		t.Errorf("only %d predict blocks asked", blocks)
	}
}
