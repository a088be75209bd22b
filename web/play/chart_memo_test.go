package play_test

import (
	"bytes"
	"net/http/httptest"
	"testing"

	"gaelab/web/chart"
	"gaelab/web/page"
	"gaelab/web/play"
)

// A chart from the memo is the chart drawn afresh, and views that draw it
// differently — language, theme, presentation, scenario — never share one.
func TestChartMemoKeepsViewsApart(t *testing.T) {
	seen := map[string]string{}
	room := &play.Room{Charts: play.NewChartMemo(play.ChartMemoBytes), Hosts: page.NewSiteHosts("", nil), ClassesOn: func() bool { return false }}
	for _, q := range []string{"v=1&p=seed-b", "v=1&p=seed-b&lang=zh", "v=1&p=seed-b&theme=dark",
		"v=1&p=seed-b&present=1", "v=1&p=seed-b&lam=0.5", "v=1&p=dense"} {
		v := play.NewView(room.Read(httptest.NewRequest("GET", "/play?"+q, nil)))
		fresh, err := v.DrawChart("values", "", chart.Handles{})
		if err != nil {
			t.Fatal(err)
		}
		first, _ := v.RenderChart("values", "")
		memo, _ := v.RenderChart("values", "")
		if !bytes.Equal(first, fresh) || !bytes.Equal(memo, fresh) {
			t.Errorf("%s: the memo's chart differs from a fresh drawing", q)
		}
		if prev, dup := seen[string(fresh)]; dup {
			t.Errorf("%s draws the same chart as %s: the test proves nothing", q, prev)
		}
		seen[string(fresh)] = q
	}
}
