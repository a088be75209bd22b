package e2e

import (
	"encoding/json"
	"testing"
)

// seriesContrastJS reads the colours the page really draws its series in:
// in every chart SVG, the markers' fills and strokes, the strokes of the
// lines that carry markers, the bars' fills and the hatch patterns' ground
// (the theme's own background colour, used for outlines, aside); and the
// stylesheet's quantity colours (--c-*) on the body. Each is paired with
// the contrast ratio against its background: the SVG's own (its first rect)
// or the body's.
const seriesContrastJS = `(() => {
	const rgb = c => {
		const m = (c || "").match(/^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/);
		return m && (m[4] === undefined || +m[4] > 0) ? [+m[1], +m[2], +m[3]] : null;
	};
	const lum = v => {
		const c = v.map(x => { x /= 255; return x <= 0.04045 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
		return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
	};
	const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
	const out = [];
	for (const svg of document.querySelectorAll("figure svg, .chart svg")) {
		const bgRect = svg.querySelector(":scope > rect");
		const bg = bgRect && rgb(getComputedStyle(bgRect).fill);
		if (!bg) continue;
		const where = (svg.closest("figure") || svg).id || svg.getAttribute("class");
		const seen = new Set();
		const add = (el, prop) => {
			const c = rgb(getComputedStyle(el)[prop]);
			if (!c || String(c) === String(bg) || seen.has(String(c))) return;
			seen.add(String(c));
			out.push({where, colour: "rgb(" + c + ")", ratio: ratio(c, bg)});
		};
		for (const el of svg.querySelectorAll("marker path")) { add(el, "fill"); add(el, "stroke"); }
		for (const el of svg.querySelectorAll(".marks [marker-start]")) add(el, "stroke");
		for (const el of svg.querySelectorAll('.marks [stroke-opacity="0.6"]')) add(el, "fill");
		for (const el of svg.querySelectorAll("pattern[id*=hatch-kl] > rect")) add(el, "fill");
	}
	const body = getComputedStyle(document.body), page = rgb(body.backgroundColor);
	for (const name of ["--c-value", "--c-return", "--c-advantage", "--c-whitened", "--c-reward", "--c-score", "--c-kl"]) {
		const probe = document.createElement("span");
		probe.style.color = body.getPropertyValue(name);
		document.body.append(probe);
		const c = rgb(getComputedStyle(probe).color);
		probe.remove();
		out.push({where: "app.css " + name, colour: c ? "rgb(" + c + ")" : "none", ratio: c ? ratio(c, page) : 0});
	}
	return JSON.stringify(out);
})()`

// Every chart series, and every quantity colour of the stylesheet, is
// ≥ 3:1 against its background in the light theme and in the dark one
// (issue 27, point 6: the returns' orange was 2.25:1 on white), as the
// page draws it: the playground's three charts, with scores and the KL
// penalty, and the λ sweep's lines.
func TestBrowserSeriesContrast(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, theme := range []string{"", "&theme=dark"} {
		t.Run("theme"+theme, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			series := 0
			for _, path := range []string{"/play?v=1&p=seed-b" + theme, "/compare/lambda?v=1&p=seed-b" + theme, "/play?v=1&p=seed-b&present=1" + theme} {
				tb.open(path)
				var got []struct {
					Where, Colour string
					Ratio         float64
				}
				if err := json.Unmarshal([]byte(eval[string](tb, seriesContrastJS)), &got); err != nil {
					t.Fatal(err)
				}
				least := 1e9
				for _, s := range got {
					series++
					least = min(least, s.Ratio)
					if s.Ratio < 3 {
						t.Errorf("%s: %s is %.2f:1 against its background, want ≥ 3:1", path, s.Where+" "+s.Colour, s.Ratio)
					}
				}
				t.Logf("%s: %d colours, the lowest %.2f:1", path, len(got), least)
			}
			if series < 7+8 {
				t.Errorf("%d series colours measured, want the 7 quantity colours and ≥ 8 chart series", series)
			}
		})
	}
}
