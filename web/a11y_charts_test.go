package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The pages whose charts and tables issue 12's "charts fixed" changed (the
// λ sweep's panels, the playground's KL panel and phone table, the lessons'
// widget tables), in both languages, at 1280×720 and on a phone, pass
// axe-core without a serious or critical violation.
func TestA11yCharts(t *testing.T) {
	axe := axeSource(t)
	srv := playServer(t)
	for _, path := range chartsA11yPages {
		for _, lang := range []string{"en", "zh"} {
			for _, onPhone := range []bool{false, true} {
				name := path + "&lang=" + lang
				if onPhone {
					name += " on a phone"
				}
				t.Run(name, func(t *testing.T) {
					tb := newTab(t, srv)
					if onPhone {
						tb.do("emulate a phone", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
							_, err := cdp.Call(ctx, tgt, emulation.SetDeviceMetricsOverride, phone)
							return err
						}))
					} else {
						tb.do("size the window", chromedp.EmulateViewport(1280, 720))
					}
					tb.open(path + "&lang=" + lang)
					for _, v := range tb.axe(axe) {
						if v.Impact == "serious" || v.Impact == "critical" {
							t.Errorf("axe %s (%s): %s; %d node(s), first: %s",
								v.ID, v.Impact, v.Help, v.Nodes, strings.Join(v.Targets, " | "))
						}
					}
				})
			}
		}
	}
}

// chartsA11yPages are the pages TestA11yCharts checks.
var chartsA11yPages = []string{
	"/compare/lambda?v=1&p=seed-b",
	"/play?v=1&p=seed-b",
	"/lessons/horizon?v=1",
	"/lessons/scores-and-rewards?v=1",
}
