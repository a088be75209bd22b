package course

import (
	"context"
	"slices"
	"strings"
	"testing"

	"gaelab/lessons"
	"gaelab/web/i18n"
)

// Issue 36, "a chart in every widget before its question": a widget that
// hides a question's cells still draws a chart on a fresh load, one that
// draws none of the hidden rows (the values chart without R_t and A_t when
// an advantage or a return is asked), and every widget of the eight lessons
// that showed no chart now shows one while its question asks.
func TestHidingWidgetKeepsAChart(t *testing.T) {
	if n, stepped := hiddenChart("advantages", []string{"values", "rewards", "advantages"}, []string{"adv.0"}); n != "values" || !stepped {
		t.Errorf("asking adv.0 draws %q (stepped %v), want the values chart without R and A", n, stepped)
	}
	if n, _ := hiddenChart("values", []string{"values", "rewards", "advantages"}, []string{"value.2", "next.1"}); n != "rewards" {
		t.Errorf("asking value.2 draws %q, want the rewards chart", n)
	}
	shows := map[string]bool{}
	for _, lang := range lessons.Langs {
		for _, l := range lessons.Embedded().Lessons(lang) {
			for _, p := range l.Parts {
				if p.Scenario == nil {
					continue
				}
				hide := HiddenBy(l, p.Scenario)
				if hide == nil || p.Scenario.Chart == "none" {
					continue
				}
				lr := LessonRequest{Lang: i18n.Lang(lang)}
				w := lr.Widget("/lessons/"+l.Slug, p.Scenario, hide)
				if w.Chart == nil {
					t.Errorf("%s %s: the widget under %s draws no chart while it asks", lang, l.Slug, hide.ID)
					continue
				}
				shows[lang+"/"+l.Slug] = true
				var b strings.Builder
				if err := w.Chart.SVG.Render(context.Background(), &b); err != nil {
					t.Fatal(err)
				}
				svg := b.String()
				rows := hiddenRows(strictGiveaways(hide))
				if w.Chart.Title == lr.Lang.T("chart.values") &&
					slices.ContainsFunc(rows, func(r string) bool { return r == "adv" || r == "ret" }) &&
					!strings.Contains(svg, lr.Lang.T("predict.unmarked")) {
					t.Errorf("%s %s: the chart under %s is not drawn without the returns and advantages it hides", lang, l.Slug, hide.ID)
				}
			}
		}
	}
	for _, s := range []string{"policy-gradient", "td-error", "gae", "ppo-objective", "ppo-clipping"} {
		for _, lang := range lessons.Langs {
			if !shows[lang+"/"+s] {
				t.Errorf("%s %s: no widget draws a chart while its question asks", lang, s)
			}
		}
	}
}
