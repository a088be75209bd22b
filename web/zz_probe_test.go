package web

import (
	"testing"

	"github.com/chromedp/chromedp"
)

func TestZZProbe(t *testing.T) {
	tb := newTab(t, playServer(t))
	tb.speaks("en-US")
	tb.do("375", chromedp.EmulateViewport(375, 812))
	tb.open("/play?v=1&p=seed-b&lang=zh")
	t.Log(eval[string](tb, `(() => { const out = []; for (const e of document.querySelectorAll("body *")) { const r = e.getBoundingClientRect(); if (r.right > 375.01 && r.width > 0) { let inScroll = false; for (let p = e.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowX; if (o === "auto" || o === "scroll" || o === "hidden") { inScroll = true; break; } } if (!inScroll) out.push(e.tagName + "." + e.className + "#" + e.id + " " + r.right.toFixed(1) + " " + (e.textContent||"").slice(0,30)); } } return out.slice(0, 15).join("\n"); })()`))
}
