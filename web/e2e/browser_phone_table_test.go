package e2e

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// phoneTableJS measures the playground's token table on the screen: how many
// token columns show whole between the row labels' right edge and the
// viewport's (or the table box's) right edge, the widest row label, and
// whether the legend of the symbols shows.
const phoneTableJS = `(() => {
	const box = document.querySelector(".token-table"), table = box.querySelector("table");
	const labels = [...table.querySelectorAll("tbody th[scope=row]")];
	const labelRight = Math.max(...labels.map(th => th.getBoundingClientRect().right));
	const right = Math.min(innerWidth, box.getBoundingClientRect().right);
	const whole = [...table.querySelectorAll("thead th[data-t]")].filter(th => {
		const r = th.getBoundingClientRect();
		return r.width > 0 && r.left >= labelRight - 1 && r.right <= right + 1;
	}).length;
	const legend = document.querySelector('[data-testid="row-legend"]');
	return JSON.stringify({
		columns: whole, labelW: Math.max(...labels.map(th => th.getBoundingClientRect().width)),
		syms: labels.map(th => th.querySelector(".row-sym")?.textContent.trim() ?? ""),
		titles: labels.map(th => th.querySelector(".row-sym")?.title ?? ""),
		legend: legend && legend.getClientRects().length > 0 ? legend.textContent.replace(/\s+/g, " ").trim() : "",
		fullShown: labels.some(th => th.querySelector(".row-full")?.getClientRects().length > 0),
	});
})()`

// On a 375 px phone the playground's token table labels its rows by their
// symbols (V(sₜ), rₜ, Aₜ, …), each with its full name in its title and in
// the legend under the table, so that ≥ 4 token columns show whole; in both
// languages, each from a browser that asks for the other (the page's lang=
// decides). At 1280 px the full labels stay and the legend hides.
func TestBrowserPhoneTableLabels(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, c := range []struct{ lang, accept, sym, name string }{
		{"en", "zh-CN,zh;q=0.9", "V(sₜ)", "TD error"},
		{"zh", "en-US,en;q=0.9", "V(sₜ)", "时序差分误差"},
	} {
		tb := newTab(t, srv)
		tb.do("ask for the other language", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
			_, err := cdp.Call(ctx, tgt, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": c.accept}})
			return err
		}))
		tb.do("size the window", chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile))
		path := "/play?v=1&p=seed-b&lang=" + c.lang
		tb.open(path)
		var m struct {
			Columns   int      `json:"columns"`
			LabelW    float64  `json:"labelW"`
			Syms      []string `json:"syms"`
			Titles    []string `json:"titles"`
			Legend    string   `json:"legend"`
			FullShown bool     `json:"fullShown"`
		}
		if err := json.Unmarshal([]byte(eval[string](tb, phoneTableJS)), &m); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s at 375 px: %d whole token columns, row labels ≤ %.0f px, legend %q", path, m.Columns, m.LabelW, m.Legend)
		if m.Columns < 4 {
			t.Errorf("%s at 375 px: %d token columns show whole, want ≥ 4 (row labels %.0f px wide)", path, m.Columns, m.LabelW)
		}
		if m.FullShown {
			t.Errorf("%s at 375 px: the full row labels show", path)
		}
		if !slices.Contains(m.Syms, c.sym) {
			t.Errorf("%s at 375 px: row symbols %v, want %q among them", path, m.Syms, c.sym)
		}
		for i, s := range m.Syms {
			if s == "" || m.Titles[i] == "" {
				t.Errorf("%s: row %d has symbol %q and title %q, want both", path, i, s, m.Titles[i])
			}
		}
		if !strings.Contains(m.Legend, c.name) || !strings.Contains(m.Legend, c.sym) {
			t.Errorf("%s at 375 px: the legend %q does not name %q beside %q", path, m.Legend, c.name, c.sym)
		}
		tb.do("size the window", chromedp.EmulateViewport(1280, 720))
		if err := json.Unmarshal([]byte(eval[string](tb, phoneTableJS)), &m); err != nil {
			t.Fatal(err)
		}
		if !m.FullShown || m.Legend != "" {
			t.Errorf("%s at 1280 px: full labels shown %v, legend %q; want the full labels and no legend", path, m.FullShown, m.Legend)
		}
	}
}
