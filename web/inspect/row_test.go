package inspect_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/store"
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// TestInspectRowView: a row longer than the playground takes opens in the
// row view, which pages through it 64 tokens at a time with the table and
// the playground's charts, labelled by the tokens' index in the response.
func TestInspectRowView(t *testing.T) {
	st := stores.SQLite(t)
	h := handler(t, webtest.Options{Store: st})
	up, err := st.PutUpload(context.Background(), "test", webtest.UploadBatch(3, 1200), store.UploadLimits{TTL: time.Hour, PerAddrDay: 1 << 30, MaxTotal: 1 << 30}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	_, doc := inspectGet(t, h, "/inspect/"+up.ID+"?lang=en")
	var row string
	doc.Find(`[data-testid=inspect-rows] tbody tr`).EachWithBreak(func(_ int, s *goquery.Selection) bool {
		href, _ := s.Find("a").Attr("href")
		if strings.Contains(href, "/row/") {
			row = strings.Split(href, "?")[0]
			return false
		}
		return true
	})
	if row == "" {
		t.Fatal("no row opens in the row view")
	}
	charts := func(doc *goquery.Document) (ids []string) {
		doc.Find(`[data-testid=inspect-row] figure.chart`).Each(func(_ int, s *goquery.Selection) {
			id, _ := s.Attr("id")
			if s.Find("svg").Length() == 1 {
				ids = append(ids, id)
			}
		})
		return ids
	}
	r, doc := inspectGet(t, h, row+"?lang=en")
	if got := strings.Join(charts(doc), " "); r.Code != 200 || got != "inspect-chart-rewards inspect-chart-advantages" {
		t.Errorf("first window: %d, charts %q; want rewards and advantages (no values chart: its end is not the row's)", r.Code, got)
	}
	if next, _ := doc.Find(`a[rel=next]`).Attr("href"); !strings.Contains(next, "from=64") || doc.Find(`a[rel=prev]`).Length() != 0 {
		t.Errorf("first window: next %q, %d prev links", next, doc.Find(`a[rel=prev]`).Length())
	}
	_, doc = inspectGet(t, h, row+"?from=1152&lang=zh")
	if got := strings.Join(charts(doc), " "); got != "inspect-chart-rewards inspect-chart-advantages inspect-chart-values" {
		t.Errorf("last window: charts %q; want the values chart too", got)
	}
	if first := doc.Find(`[data-testid=inspect-row] table thead th`).Eq(1).Text(); first != "1152" {
		t.Errorf("last window's first column is %q; want 1152", first)
	}
	if desc := doc.Find(`#inspect-chart-advantages desc`).Text(); !strings.Contains(desc, "A_1152=") || strings.Contains(desc, "A_0=") {
		t.Errorf("the advantages chart is not labelled by response index: %.200s", desc)
	}
	if prev, _ := doc.Find(`a[rel=prev]`).Attr("href"); !strings.Contains(prev, "from=1088") || doc.Find(`a[rel=next]`).Length() != 0 {
		t.Errorf("last window: prev %q, %d next links", prev, doc.Find(`a[rel=next]`).Length())
	}
	dl, _ := doc.Find(`#inspect-chart-values figcaption a`).Attr("href")
	for path, want := range map[string]int{dl: 200, row + "/values.svg?from=0": 404, row + "/bogus.svg": 404, row + "/rewards.svg?from=-5": 200} {
		if r, _ := inspectGet(t, h, path); r.Code != want || (want == 200 && r.Header().Get("Content-Type") != "image/svg+xml") {
			t.Errorf("%s: %d %s; want %d", path, r.Code, r.Header().Get("Content-Type"), want)
		}
	}
	if r, _ := inspectGet(t, h, strings.Replace(row, "/row/", "/row/9", 1)); r.Code != http.StatusNotFound {
		t.Errorf("a row out of range: %d", r.Code)
	}
}
