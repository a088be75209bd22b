package e2e

import (
	"testing"
)

// The pages whose charts and tables issue 12's "charts fixed" changed (the
// λ sweep's panels, the playground's KL panel and phone table, the lessons'
// widget tables), in both languages, at 1280×720 and on a phone, pass
// axe-core without a serious or critical violation.
func TestA11yCharts(t *testing.T) {
	t.Parallel()
	axeEveryWay(t, true, chartsA11yPages...)
}

// chartsA11yPages are the pages TestA11yCharts checks. The playground's
// first screen, at the same sizes, is TestA11yPlayFirstScreen's.
var chartsA11yPages = []string{
	"/compare/lambda?v=1&p=seed-b",
	"/lessons/horizon?v=1",
	"/lessons/scores-and-rewards?v=1",
}
