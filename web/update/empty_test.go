package update_test

import (
	"gaelab/web/webtest"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestUpdateCriticAllMasked: an all-masked batch shows verl's own answer per
// mode (NaN for token-mean in v0.9.0, 0 for token-sum), v0.2's NaN, and a
// note that names, range by range, what every release gives and why.
func TestUpdateCriticAllMasked(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		doc := webtest.Page(t, "/update/critic?v=1&p=seed-b&mask=0,0,0,0,0,0&lang="+lang)
		rows := map[string]string{}
		doc.Find(`[data-testid="loss-table"] tr, #loss-table tr, table tr`).Each(func(_ int, tr *goquery.Selection) {
			if mode := strings.TrimSpace(tr.Find("th, td").First().Text()); mode != "" {
				rows[mode] = strings.TrimSpace(tr.Find("td, th").Eq(1).Text())
			}
		})
		for mode, want := range map[string]string{"token-mean": "NaN", "seq-mean-token-mean": "NaN", "token-sum": "0.0000"} {
			if !strings.HasPrefix(rows[mode], want) {
				t.Errorf("%s: vf_loss %s shows %q, want %s (verl v0.9.0's own answer)", lang, mode, rows[mode], want)
			}
		}
		text := doc.Find("main").Text()
		for _, want := range []string{"v0.2–v0.3.0.rc0", "v0.3.0.post0–v0.6.1", "v0.7.0–v0.9.0", "#782", "#4211"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the all-masked note does not name %s", lang, want)
			}
		}
		if strings.Contains(text, "verl would divide 0 by 0") || strings.Contains(text, "verl 会计算 0 除以 0") {
			t.Errorf("%s: the page still shows the generic error instead of verl's answer", lang)
		}
	}
	// With a valid token there is no such note.
	if strings.Contains(webtest.Page(t, "/update/critic?v=1&p=seed-b").Find("main").Text(), "v0.3.0.post0–v0.6.1: 0") {
		t.Error("the all-masked note shows on a batch with valid tokens")
	}
}
