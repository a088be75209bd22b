package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The capstone lesson, with its batch blocks hiding and then showing the
// asked cells, passes axe-core without a serious or critical violation, in
// both languages, in the shared browser's window and on a phone.
func TestA11yCapstone(t *testing.T) {
	axe := axeSource(t)
	srv := playServer(t)
	for _, path := range []string{"/lessons/real-batch?predict-grpo-mean=2", "/lessons/real-batch?predict-ppo-white-reveal=1&predict-ppo-whiten-mean-reveal=1&predict-grpo-member-reveal=1"} {
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
