package compare_test

import (
	"testing"

	"gaelab/web/webtest"
)

// Every control of the compare views changes a chart or a visible cell
// (issue 35: no page offers a control its state ignores).
func TestCompareControlsMove(t *testing.T) {
	for _, c := range []struct{ path, form string }{
		{"/compare/lambda?v=1&p=seed-b", "#sweep-form"},
		{"/compare/variance?v=1&p=seed-b&n=50", "#sweep-form"},
		{"/compare/estimators?v=1&p=seed-b", "#sweep-form"},
		{"/compare/versions?v=1&p=seed-b", "#compare-form"},
		{"/compare/bugs?v=1&p=v02-eos-leak", "#compare-form"},
	} {
		t.Run(c.path, func(t *testing.T) {
			t.Parallel()
			webtest.ControlsMove(t, c.path, c.form)
		})
	}
}
