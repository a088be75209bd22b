package play_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/i18n"
	"gaelab/web/webtest"
)

// klBarRect is one bar of a bars path: "h<w>v<h>h-<w>z".
var klBarRect = regexp.MustCompile(`h-?[\d.]+v(-?[\d.]+)h`)

// klBars are the heights, in SVG px, of the KL bars under sel (the paths
// filled with the KL hatch).
func klBars(doc *goquery.Document, sel string) []float64 {
	var out []float64
	doc.Find(sel + ` path[fill*="hatch-kl"]`).Each(func(_ int, p *goquery.Selection) {
		for _, m := range klBarRect.FindAllStringSubmatch(p.AttrOr("d", ""), -1) {
			h, _ := strconv.ParseFloat(m[1], 64)
			out = append(out, max(h, -h))
		}
	})
	return out
}

// The reward-composition chart of seed-b (KL terms 0.005–0.02 beside a
// score of 1) and of the pipeline (0.0001–0.0003) draws its KL bars again
// in a panel of their own, where every bar is ≥ 12 px tall, with the
// panel's title from the catalog and the chart's <desc> saying so, in both
// languages and in the SVG export; where the KL bars read on the chart's
// scale (kl-only) there is no panel, and seed-a, whose rewards are typed,
// has no reward-composition chart at all.
func TestPlayKLInset(t *testing.T) {
	for _, p := range []string{"seed-b", "pipeline"} {
		for _, lang := range []i18n.Lang{i18n.En, i18n.Zh} {
			for _, target := range []string{"/play?v=1&p=" + p + "&lang=" + string(lang), "/play/chart/rewards.svg?v=1&p=" + p + "&lang=" + string(lang)} {
				doc := webtest.Page(t, target)
				root := doc.Find("svg.gae-rewards").First()
				if root.Length() == 0 {
					t.Fatalf("%s: no reward chart", target)
				}
				inset := root.Find("g.gae-kl-inset")
				if inset.Length() != 1 {
					t.Fatalf("%s: %d KL panels, want 1", target, inset.Length())
				}
				if got, want := strings.TrimSpace(inset.Find("title").First().Text()), lang.T("chart.kl_inset"); got != want {
					t.Errorf("%s: the panel's title is %q, want %q", target, got, want)
				}
				if d := root.ChildrenFiltered("desc").Text(); !strings.Contains(d, lang.T("chart.kl_inset.desc")) {
					t.Errorf("%s: the chart's desc does not describe the panel: %q", target, d)
				}
				bars := klBars(doc, "svg.gae-rewards g.gae-kl-inset")
				if len(bars) == 0 {
					t.Fatalf("%s: no KL bars in the panel", target)
				}
				for _, h := range bars {
					if h < 12 {
						t.Errorf("%s: a KL bar of the panel is %.1f px tall, want ≥ 12 (bars %v)", target, h, bars)
					}
				}
			}
		}
	}
	if doc := webtest.Page(t, "/play?v=1&p=kl-only"); doc.Find("svg.gae-rewards g.gae-kl-inset").Length() != 0 {
		t.Errorf("kl-only: a KL panel, where the KL bars fill the chart")
	}
	if doc := webtest.Page(t, "/play?v=1&p=seed-a"); doc.Find("svg.gae-rewards").Length() != 0 {
		t.Errorf("seed-a (typed rewards): a reward-composition chart")
	}
}
