package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// /update/critic, with its clipping charts, passes axe-core without a
// serious or critical violation, in both languages, in the shared browser's
// window and on a phone: the first mini-batch, a critic that clips on both
// sides, and a bad vp field.
func TestA11yCritic(t *testing.T) {
	axe := axeSource(t)
	srv := playServer(t)
	for _, path := range []string{"/update/critic?v=1&p=seed-b", "/update/critic?v=1&p=seed-b&vp=0.6,0.9,0.1,-0.4,0.45,0.6&cv=0.1", "/update/critic?v=1&p=multi-turn&vp=0.5,x,0.2,0.3,0.9,0.9,0.2&cv=0.05"} {
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
