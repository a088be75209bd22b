package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gaelab/web/i18n"
)

// inviteJS lists what of the first screen's invitation is missing or out
// of the window: the story (with the English gloss exactly when gloss is
// set), the invitation to drag, the link to lesson 1, and the ring on the
// mark it names.
const inviteJS = `(gloss, drag) => {
	const wrong = [], W = innerWidth, H = innerHeight;
	const inView = (name, el) => {
		if (!el) { wrong.push(name + " missing"); return; }
		const r = el.getBoundingClientRect();
		if (r.width === 0 || r.top < 0 || r.bottom > H + 1 || r.right > W + 1) wrong.push(name + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round) + " outside the window");
	};
	const cap = document.querySelector('[data-testid="caption"]');
	inView("story", cap);
	if (cap && cap.textContent.includes(gloss || "\u0000") !== !!gloss) wrong.push("story " + JSON.stringify(cap.textContent) + (gloss ? " lacks " : " has a gloss: ") + gloss);
	const inv = document.querySelector('[data-testid="invite"]');
	inView("invitation", inv);
	if (inv && !inv.textContent.includes(drag)) wrong.push("invitation " + JSON.stringify(inv.textContent) + " does not say " + drag);
	const l1 = document.querySelector('[data-testid="lesson-one"]');
	inView("lesson 1", l1);
	if (l1 && !l1.getAttribute("href").startsWith("/lessons/")) wrong.push("lesson 1 links to " + l1.getAttribute("href"));
	inView("boundary chart", document.querySelector("#chart-values svg"));
	if (inv && !document.querySelector('#chart-values .handles circle.invited[data-t="' + inv.dataset.t + '"]')) wrong.push("the mark V(s_" + inv.dataset.t + ") is not ringed");
	return wrong.join("; ");
}`

// movedJS lists what is wrong with the line saying what the last edit moved
// (under the boundary chart, one line at 1280, saying want) and with the
// invitation's next step (in the window, with Start and lesson 1).
const movedJS = `(want) => {
	const wrong = [], line = document.querySelector('#chart-values [data-testid="moved"]');
	const svg = document.querySelector("#chart-values svg");
	if (!line) return "no line says what moved";
	const l = line.getBoundingClientRect(), c = svg.getBoundingClientRect();
	if (!line.textContent.startsWith(want)) wrong.push("line " + JSON.stringify(line.textContent) + " does not start " + want);
	if (l.top < c.bottom - 1 || l.left < c.left - 1 || l.right > c.right + 1) wrong.push("line at " + [l.left, l.top, l.right].map(Math.round) + " not under the chart " + [c.left, c.bottom, c.right].map(Math.round));
	const next = document.querySelector('[data-testid="invite-next"]');
	if (!next || !next.querySelector('[data-testid="invite-start"]') || !next.querySelector('[data-testid="lesson-one"]')) wrong.push("no next step with Start and lesson 1");
	else { const r = next.getBoundingClientRect(); if (r.top < 0 || r.bottom > innerHeight) wrong.push("next step outside the window at " + Math.round(r.top)); }
	return wrong.join("; ");
}`

// The playground's first screen invites a newcomer (issue 26, point 2): at
// 1280×720 the story of the example (glossed in English for an English
// reader), "drag V(s₃) and watch A₃ change" with that mark ringed, and a
// link to lesson 1; the first edit (a key on the ringed mark) drops the
// invitation and the ring; the line under the chart says what it moved,
// and the header's QR code follows the edit (issue 35). English from a
// Chinese browser, Chinese from an English one.
func TestBrowserFirstScreenInvites(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, c := range []struct{ lang, browser, gloss, drag, moved string }{
		{"en", "zh-CN", i18n.En.T("preset.seed-b.gloss"), "Drag V(s₃)", "A₃ fell by 0.01: V(s₃) is subtracted in δ₃"},
		{"zh", "en-US", "", "拖动 V(s₃)", "A₃ 下降了 0.01：V(s₃) 在 δ₃ 中被减去"},
	} {
		t.Run(c.lang+" from "+c.browser, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			tb.do("1280×720", chromedp.EmulateViewport(1280, 720))
			tb.open("/play?v=1&p=seed-b&lang=" + c.lang)
			tb.until("the first screen invites", inviteJS, c.gloss, c.drag)
			ring := `#chart-values .handles circle.invited[role=slider]`
			tb.until("the ringed mark is a slider", `(sel) => document.querySelector(sel) ? "" : "no " + sel`, ring)
			tb.do("nudge the ringed mark", chromedp.Focus(chromedp.CSS(ring)), chromedp.KeyEvent(kb.ArrowUp))
			tb.until("after the first edit, no invitation and no ring",
				`() => new URLSearchParams(location.search).get("v") === "1" ? "not edited yet" : document.querySelector('[data-testid="invite"], circle.invited') ? "still invited" : ""`)
			// Issue 35: what the edit moved, on one line under the chart,
			// and the next step (Start, lesson 1) in the window.
			tb.until("the edit says what it moved and what comes next", movedJS, c.moved)
			// And the header's QR code encodes the edited state, as Copy
			// link does (issue 35: it had kept the preset).
			tb.until("the QR code follows the edit", qrFollowsJS)
		})
	}
}
