package e2e

import (
	"testing"

	"github.com/chromedp/cdproto/emulation"
)

// The playground's first screen as one grid (issue 26: the boundary chart
// beside the table, the presets folded on a phone) passes axe-core without
// a serious or critical violation, in both languages, at 1280×720 and on a
// 375 px phone.
func TestA11yPlayFirstScreen(t *testing.T) {
	t.Parallel()
	small := emulation.SetDeviceMetricsOverrideParams{Width: 375, Height: 812, DeviceScaleFactor: 1, Mobile: true}
	axeEveryWayOn(t, playServer(t), true, small, "/play?v=1&p=seed-b", "/play?v=1&p=multi-turn&sel=adv.2")
}
