package play_test

import (
	"strings"
	"testing"

	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/webtest"
)

// A teacher's hidden rows carry no number in the page until revealed, and
// charts that would show them are left out.
func TestHiddenRowsCarryNoNumbers(t *testing.T) {
	doc := webtest.Page(t, "/play?v=1&p=seed-b&sel=delta.2&hide=adv,ret,formula")
	for _, row := range []string{"adv", "ret"} {
		cells := doc.Find(`tr[data-row="` + row + `"] td`)
		if cells.Length() != 6 || strings.Trim(cells.Text(), "?") != "" {
			t.Errorf("hidden row %s shows %q", row, cells.Text())
		}
		if html, _ := cells.Parent().Html(); strings.Contains(html, "data-f") || strings.Contains(html, "pick") {
			t.Errorf("hidden row %s leaks its values in attributes: %.200s", row, html)
		}
	}
	if doc.Find(`[data-testid="formula"]`).Length() != 0 || doc.Find("#chart-values, #chart-advantages").Length() != 0 {
		t.Error("the formula and the charts showing A and R must stay hidden")
	}
	link, _ := doc.Find(`[data-testid="reveal-next"]`).Attr("href")
	if link != "/play?v=1&p=seed-b&sel=delta.2&hide=adv,ret,formula&rev=1&lang=en" {
		t.Errorf("reveal link %q", link)
	}
	if n := doc.Find(`[data-testid="views"] a`).Length(); n != 0 {
		t.Errorf("%d links to the other views, which show every hidden number", n)
	}
	doc = webtest.Page(t, link)
	if got := cell(doc, "adv", 0); got != "0.6211" || cell(doc, "ret", 0) != "?" {
		t.Errorf("after one reveal: adv %q, ret %q; want adv shown and ret still hidden", got, cell(doc, "ret", 0))
	}
	doc = webtest.Page(t, "/play?v=1&p=seed-b&sel=delta.2&hide=adv,ret,formula&rev=3")
	if n := doc.Find(`[data-testid="views"] a`).Length(); n != len(play.ViewLinks(6, page.View{})) {
		t.Errorf("with everything revealed: %d links to the other views, want %d", n, len(play.ViewLinks(6, page.View{})))
	}
}

func TestPresentAndLock(t *testing.T) {
	doc := webtest.Page(t, "/play?v=1&p=seed-b&present=1&theme=dark")
	if v, _ := doc.Find("body").Attr("data-present"); v != "1" || !doc.Find("body").HasClass("theme-dark") {
		t.Error("presentation body attributes missing")
	}
	if doc.Find("form#editor .controls").Length() != 0 || doc.Find("#shortcuts dt").Length() < 9 {
		t.Error("presentation mode shows the editor or lacks the shortcuts")
	}
	if href, _ := doc.Find(`[data-testid="present-toggle"]`).Attr("href"); href != "/play?v=1&p=seed-b&theme=dark&lang=en" {
		t.Errorf("leaving presentation goes to %q", href)
	}
	if href, _ := doc.Find("a.lang-switch").Attr("href"); switchTarget(href, "zh") != "/play?v=1&p=seed-b&present=1&theme=dark&lang=zh" {
		t.Errorf("the language switch %q must keep presentation mode and the theme", href)
	}
	doc = webtest.Page(t, "/play?v=1&p=seed-b&lock=1")
	if _, disabled := doc.Find("form#editor fieldset.controls").Attr("disabled"); !disabled {
		t.Error("lock=1 must disable the editor")
	}
	doc = webtest.Page(t, "/play?v=1&p=seed-b&theme=neon&hide=adv,nope&rev=x")
	if n := doc.Find(`[data-testid="warnings"] li`).Length(); n != 3 {
		t.Errorf("%d warnings for theme=neon, hide=nope, rev=x; want 3", n)
	}
}
