package e2e

import (
	"testing"
)

// The variance lab passes axe-core without a serious or critical violation,
// in both languages, in the shared browser's window and on a phone, with
// and without a bad field.
func TestA11yVariance(t *testing.T) {
	t.Parallel()
	axeEveryWay(t, false, "/compare/variance?v=1&p=seed-b&n=200", "/compare/variance?v=1&p=dense&n=x&bias=3", "/lessons/horizon?predict-horizon-lam05=1")
}
