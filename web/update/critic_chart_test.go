package update_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine"
	"gaelab/web/i18n"
	"gaelab/web/scenario"
	"gaelab/web/update"
	"gaelab/web/webtest"
)

// criticTwo is a number as the charts' <desc> writes it: 2 decimals.
func criticTwo(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	if s == "-0.00" {
		return "0.00"
	}
	return s
}

// criticChartCases are /update/critic states: seed B's default (the first
// mini-batch, nothing clips), seed B with a critic that clips above and
// below (in Chinese), and multi-turn's observation span with a small ε.
var criticChartCases = []struct{ name, query string }{
	{"default", "v=1&p=seed-b"},
	{"clips both sides zh", "v=1&p=seed-b&vp=0.6,0.9,0.1,-0.4,0.45,0.6&cv=0.1&lang=zh"},
	{"observation", "v=1&p=multi-turn&vp=0.5,0.1,0.2,0.3,0.9,0.9,0.2&cv=0.05"},
}

// The two charts draw the engine's numbers: the band chart's <desc> lists
// values, vpreds, vpredclipped and R_t per token, the errors chart's the two
// squared errors, both name the tokens whose clipped term max takes, and the
// errors chart marks exactly those (the table's "does the clip count?").
func TestCriticChartMatchesEngine(t *testing.T) {
	for _, c := range criticChartCases {
		t.Run(c.name, func(t *testing.T) {
			s := updDecoded(t, c.query)
			q, _ := url.ParseQuery(c.query)
			_, values, _, g := updNewest(t, s)
			vp, cv := values, 0.5
			if l := q.Get("vp"); l != "" {
				vp = nil
				for _, f := range strings.Split(l, ",") {
					x, _ := strconv.ParseFloat(f, 64)
					vp = append(vp, x)
				}
			}
			if x := q.Get("cv"); x != "" {
				cv, _ = strconv.ParseFloat(x, 64)
			}
			vt := engine.ValueLossTerms([][]float64{values}, [][]float64{vp}, [][]float64{g.Returns[0]}, cv)
			doc, _ := updFollow(t, "/update/critic?"+c.query)
			lang := i18n.En
			if q.Get("lang") == "zh" {
				lang = i18n.Zh
			}
			band := doc.Find("#chart-critic-band svg")
			errs := doc.Find("#chart-critic-errors svg")
			if band.Length() != 1 || errs.Length() != 1 {
				t.Fatalf("%d band and %d errors charts, want one each", band.Length(), errs.Length())
			}
			for _, ch := range []struct {
				svg   *goquery.Selection
				title string
				lists map[string][]float64
			}{
				{band, "critic.chart.band.title", map[string][]float64{"critic.chart.value": values, "critic.chart.vpred": vp,
					"critic.chart.vclip": vt.VPredClipped[0], "critic.chart.return": g.Returns[0]}},
				{errs, "critic.chart.errors.title", map[string][]float64{"critic.chart.losses1": vt.Losses1[0], "critic.chart.losses2": vt.Losses2[0]}},
			} {
				if role, _ := ch.svg.Attr("role"); role != "img" || ch.svg.Find("title").Text() != lang.T(ch.title) {
					t.Errorf("chart %q: role %q, title %q; want an img titled %q", ch.title, role, ch.svg.Find("title").Text(), lang.T(ch.title))
				}
				desc := ch.svg.Find("desc").Text()
				for key, xs := range ch.lists {
					parts := make([]string, len(xs))
					for i, x := range xs {
						parts[i] = "t=" + strconv.Itoa(i+s.Base) + ": " + criticTwo(x)
					}
					if want := lang.T(key) + ": " + strings.Join(parts, ", ") + "."; !strings.Contains(desc, want) {
						t.Errorf("chart %q: <desc> lacks %q: %q", ch.title, want, desc)
					}
				}
			}
			var clipped []string
			for i, f := range vt.Clipped[0] {
				if f == 1 {
					clipped = append(clipped, strconv.Itoa(i+s.Base))
				}
			}
			if got := errs.Find("text.clipped").Length(); got != len(clipped) {
				t.Errorf("%d tokens marked clipped, the engine clips %v", got, clipped)
			}
			if len(clipped) > 0 {
				want := lang.T("critic.chart.clipped_legend") + ": t = " + strings.Join(clipped, ", ") + "."
				for _, svg := range []*goquery.Selection{band, errs} {
					if !strings.Contains(svg.Find("desc").Text(), want) {
						t.Errorf("<desc> lacks %q", want)
					}
				}
			}
			updCheckFlags(t, doc, "vclipped", vt.Clipped[0], lang.T("update.clipped"), lang.T("update.no"))
		})
	}
}

// Each chart is served alone at the address its figure links to, the
// page's SVG byte for byte after an XML prolog; an unknown name is a 404.
func TestCriticChartExport(t *testing.T) {
	for _, c := range criticChartCases {
		rec := webtest.Get(t, "/update/critic?"+c.query)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d", c.query, rec.Code)
		}
		body := rec.Body.String()
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range update.CriticChartNames {
			href, ok := doc.Find("#chart-critic-" + name + " figcaption a").Attr("href")
			if !ok || !strings.HasPrefix(href, "/update/critic/chart/"+name+".svg?") {
				t.Fatalf("%s: the %s chart links to %q", c.query, name, href)
			}
			svg := webtest.Get(t, href)
			if svg.Code != http.StatusOK || svg.Header().Get("Content-Type") != "image/svg+xml" {
				t.Fatalf("GET %s: status %d, type %q", href, svg.Code, svg.Header().Get("Content-Type"))
			}
			file, ok := strings.CutPrefix(svg.Body.String(), `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
			if !ok || !strings.HasPrefix(file, "<svg ") || !strings.Contains(body, file) {
				t.Errorf("GET %s is not the page's %s chart after an XML prolog", href, name)
			}
		}
	}
	if rec := webtest.Get(t, "/update/critic/chart/objective.svg?v=1&p=seed-b"); rec.Code != http.StatusNotFound {
		t.Errorf("an unknown critic chart answers %d, want 404", rec.Code)
	}
}

// The links to /update/critic from the playground and from the lessons
// carry a critic that clips: opened, the page (canonical, no redirect)
// clips at least one token above its old value and one below wherever the
// newest returns lie more than 0.004 from the values on both sides.
func TestCriticLinksClip(t *testing.T) {
	var links []string
	for _, id := range scenario.PresetIDs {
		for _, lang := range []string{"en", "zh"} {
			doc := webtest.Page(t, "/play?v=1&p="+id+"&lang="+lang)
			href, ok := doc.Find(`[data-testid="views"] a[href^="/update/critic?"]`).Attr("href")
			if !ok {
				t.Fatalf("%s: the playground does not link to /update/critic", id)
			}
			if !strings.HasSuffix(href, "&lang="+lang) {
				t.Errorf("%s: the critic link %q drops lang=%s", id, href, lang)
			}
			links = append(links, href)
		}
	}
	doc := webtest.Page(t, "/lessons/returns-and-critic")
	doc.Find(`a.open-view[href^="/update/critic?"]`).Each(func(_ int, a *goquery.Selection) {
		href, _ := a.Attr("href")
		links = append(links, href)
	})
	if len(links) <= 2*len(scenario.PresetIDs) {
		t.Fatal("the lesson on returns and the critic links to /update/critic nowhere")
	}
	for _, href := range links {
		rec := webtest.Get(t, href)
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s: %d, want 200 (the link is canonical)", href, rec.Code)
			continue
		}
		u, _ := url.Parse(href)
		q := u.Query()
		s := updDecoded(t, u.RawQuery)
		mask, values, _, g := updNewest(t, s)
		up, down := false, false
		for i, m := range mask {
			d := g.Returns[0][i] - values[i]
			up, down = up || m == 1 && d > 0.004, down || m == 1 && d < -0.004
		}
		if !up && !down {
			if q.Has("vp") {
				t.Errorf("%s: a critic that cannot clip is linked with vp=", href)
			}
			continue
		}
		doc, err := goquery.NewDocumentFromReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		vpred, flags := updRowTexts(doc, "vpred"), updRowTexts(doc, "vclipped")
		above, below := false, false
		for i := range mask {
			if mask[i] == 1 && strings.Contains(flags[i], "✂") {
				vp, _ := strconv.ParseFloat(vpred[i], 64)
				above, below = above || vp > values[i], below || vp < values[i]
			}
		}
		if above != up || below != down {
			t.Errorf("%s clips above %v, below %v; the returns allow %v, %v", href, above, below, up, down)
		}
	}
}
