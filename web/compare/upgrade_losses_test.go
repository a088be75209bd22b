package compare_test

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

// lossCell is the losses table's cell of loss id in mode, series "from" or "to".
func lossCell(doc *goquery.Document, id string, mode engine.AggMode, series string) *goquery.Selection {
	return doc.Find(`[data-testid="upgrade-losses"] tr[data-row="` + id + "." + string(mode) + `"] td[data-series="` + series + `"]`)
}

// engineValueLoss is vf_loss in mode of a preset in release tag, computed
// here from the engine: vpreds = values, the release's own returns.
func engineValueLoss(t *testing.T, preset, tag string, mode engine.AggMode) (float64, error) {
	t.Helper()
	s, _ := scenario.Preset(preset)
	if err := s.SetRelease(tag); err != nil {
		t.Fatal(err)
	}
	res := s.Compute()
	v := [][]float64{play.Values(s)}
	l, err := engine.AggregateValueLoss(s.Gen(), engine.ValueLossTerms(v, v, res.GAE.Returns, 0.5), [][]float64{res.Mask}, mode)
	return l.Loss, err
}

// TestUpgradeLosses: the upgrade view shows the value, policy and actor KL
// losses per loss_agg_mode in both releases, each number the engine's, a
// number the release does not compute as "—" with verl's exception, and
// every differing loss marked with the changes that move it.
func TestUpgradeLosses(t *testing.T) {
	doc := webtest.Page(t, "/compare/versions?v=1&p=multi-turn&from=v0.4.1&to=v0.9.0")
	for _, mode := range engine.AggModes {
		for i, tag := range []string{"v0.4.1", "v0.9.0"} {
			cell := lossCell(doc, "vf_loss", mode, []string{"from", "to"}[i])
			want, err := engineValueLoss(t, "multi-turn", tag, mode)
			got := strings.TrimSpace(cell.Find(".num").Text())
			switch {
			case err != nil:
				if title, _ := cell.Find(".num").Attr("title"); got != "—" || !strings.Contains(title, "ValueError: Invalid loss_agg_mode") {
					t.Errorf("vf_loss %s in %s: %q (title %q), want — with verl's ValueError", mode, tag, got, title)
				}
			case got != page.Num(want):
				t.Errorf("vf_loss %s in %s: %q, engine %s", mode, tag, got, page.Num(want))
			}
		}
	}
	// token-sum arrived in v0.9.0 (#7197): the cell names that change.
	if lossCell(doc, "vf_loss", engine.TokenSum, "to").Find(`a[href="#change-token-sum"]`).Length() == 0 {
		t.Error("vf_loss token-sum is not marked with the token-sum change")
	}
	// The mask-aware GAE (#2337) moves the returns, hence the value loss.
	if lossCell(doc, "vf_loss", engine.TokenMean, "to").Find(`a[href="#change-gae-mask-aware"]`).Length() == 0 {
		t.Error("vf_loss token-mean on multi-turn is not marked with the mask-aware GAE")
	}
	for _, id := range []string{"vf_loss", "pg_loss", "kl_loss"} {
		if n := doc.Find(`[data-testid="upgrade-losses"] tbody[data-group="` + id + `"] tr`).Length(); n != len(engine.AggModes) {
			t.Errorf("%s has %d rows, want one per mode (%d)", id, n, len(engine.AggModes))
		}
	}

	// v0.4.0 dropped vf_loss's factor 0.5 (#1340), v0.4.1 restored it.
	doc = webtest.Page(t, "/compare/versions?v=1&p=seed-b&from=v0.3.0.post1&to=v0.4.0")
	if lossCell(doc, "vf_loss", engine.TokenMean, "to").Find(`a[href="#change-vf-loss-no-half"]`).Length() == 0 {
		t.Error("v0.3.0.post1 → v0.4.0: vf_loss not marked with the missing 0.5")
	}
	doc = webtest.Page(t, "/compare/versions?v=1&p=seed-b&from=v0.3.0.post1&to=v0.4.1")
	if lossCell(doc, "vf_loss", engine.TokenMean, "to").HasClass("differs") {
		t.Error("v0.3.0.post1 → v0.4.1: vf_loss token-mean marked, but the 0.5 is back and seed B has no hole")
	}
}

// TestUpgradeEstimators: the outcome estimators either release has are
// compared token by token; REINFORCE++ across an observation span changes
// in v0.9.0 (#7300), and an estimator a release lacks is marked with the
// change that adds it.
func TestUpgradeEstimators(t *testing.T) {
	doc := webtest.Page(t, "/compare/versions?v=1&p=multi-turn&from=v0.8.0&to=v0.9.0")
	rpp := doc.Find(`[data-testid="compare-results"] tbody[data-group="est-reinforce_plus_plus"]`)
	if rpp.Length() == 0 {
		t.Fatal("no REINFORCE++ rows")
	}
	if rpp.Find(`a[href="#change-reinforce-carry"]`).Length() == 0 {
		t.Error("REINFORCE++ on multi-turn, v0.8.0 → v0.9.0: no cell marked with the carry across observations")
	}
	doc = webtest.Page(t, "/compare/versions?v=1&p=seed-b&from=v0.5.0&to=v0.9.0")
	vec := doc.Find(`tbody[data-group="est-grpo_vectorized_norm_std"]`)
	if vec.Find(`a[href="#change-vectorized"]`).Length() == 0 {
		t.Error("vectorized GRPO, absent in v0.5.0: not marked with the change that adds it")
	}
	if vec.Find(`a[href="#change-gdpo"]`).Length() != 0 {
		t.Error("vectorized GRPO marked with GDPO, which came in the same release but does not touch it")
	}
	if doc.Find(`tbody[data-group="est-remax"] td.differs`).Length() != 0 {
		t.Error("ReMax is the same in every release, yet a cell is marked")
	}
}

// TestUpgradeMarksResolve: on upgrades and downgrades between the first,
// a middle and the last generation, every mark in a cell links a change
// listed on the page, and the page has both tables in both languages.
func TestUpgradeMarksResolve(t *testing.T) {
	pairs := [][2]string{{"v0.2", "v0.9.0"}, {"v0.9.0", "v0.2"}, {"v0.3.0.rc0", "v0.6.0"}, {"v0.6.1", "v0.7.1"}, {"v0.4.0", "v0.8.0"}}
	for _, p := range pairs {
		for _, preset := range []string{"multi-turn", "v02-eos-leak", "seed-b"} {
			for _, lang := range []string{"en", "zh"} {
				target := "/compare/versions?v=1&p=" + preset + "&from=" + p[0] + "&to=" + p[1] + "&lang=" + lang
				doc := webtest.Page(t, target)
				if doc.Find(`[data-testid="upgrade-losses"]`).Length() == 0 || doc.Find(`#upgrade-estimators`).Length() == 0 {
					t.Errorf("%s: no losses or estimators table", target)
				}
				doc.Find(`td.differs sup a`).Each(func(_ int, a *goquery.Selection) {
					href, _ := a.Attr("href")
					if doc.Find(strings.Replace(href, "#", `[id="`, 1)+`"]`).Length() == 0 {
						t.Errorf("%s: mark %s links %s, which the change list lacks", target, a.Text(), href)
					}
				})
				doc.Find(`td.differs`).Each(func(_ int, td *goquery.Selection) {
					if td.Find("sup a").Length() == 0 && td.Parent().AttrOr("data-series", "early") == "early" && td.AttrOr("data-series", "to") == "to" {
						t.Errorf("%s: a differing cell of %s has no reason", target, td.Parent().AttrOr("data-row", "?"))
					}
				})
			}
		}
	}
}
