package e2e

import (
	"testing"
)

// The pages whose charts and tables issue 12's "charts fixed" changed (the
// λ sweep's panels, the playground's KL panel and phone table, the lessons'
// widget tables), in both languages, at 1280×720 and on a phone, pass
// axe-core without a serious or critical violation. The λ sweep is
// TestBrowserSweepA11y's, the horizon lesson TestA11yVariance's and the
// playground's first screen TestA11yPlayFirstScreen's.
func TestA11yCharts(t *testing.T) {
	t.Parallel()
	axeEveryWay(t, true, "/lessons/scores-and-rewards?v=1")
}
