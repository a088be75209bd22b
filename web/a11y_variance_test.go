package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The variance lab passes axe-core without a serious or critical violation,
// in both languages, in the shared browser's window and on a phone, with
// and without a bad field.
func TestA11yVariance(t *testing.T) {
	axe := axeSource(t)
	srv := playServer(t)
	for _, path := range []string{"/compare/variance?v=1&p=seed-b&n=200", "/compare/variance?v=1&p=dense&n=x&bias=3", "/lessons/horizon?predict-horizon-lam05=1"} {
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
