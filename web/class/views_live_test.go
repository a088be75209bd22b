package class_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/store"
	"gaelab/web/webtest"
)

// TestPrivateSpreadAndSwitches: before the reveal the controls (only) show
// the share right and the answers with the right one marked (Mazur's
// decision: explain, pair or move on), the histogram going once the
// answers are shown to the room; the wall and the phones show neither.
// After a revealed second round the wall and the controls count the
// students who went wrong → right and right → wrong. Both languages.
func TestPrivateSpreadAndSwitches(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		for _, lang := range []string{"en", "zh"} {
			want := map[string]map[string]string{
				"en": {"heading": "Only you see this", "share1": "33% right (1 of 3)", "share2": "50% right (2 of 4)",
					"switched": "Round 1 → round 2: 1 wrong → right, 1 right → wrong (of the 3 who answered both)"},
				"zh": {"heading": "仅你可见", "share1": "正确率 33%（1 / 3）", "share2": "正确率 50%（2 / 4）",
					"switched": "第一轮 → 第二轮：1 人由错改对，1 人由对改错（两轮都回答的 3 人中）"},
			}[lang]
			code, key := newClass(t, srv.URL)
			askCell(t, srv.URL, code, key) // right: 0.4
			teacher := newClient(t, srv.URL)
			teacher.controls(code, key) // the teacher cookie
			page := func(c *client, path string) *goqueryDoc {
				t.Helper()
				resp, body := c.Get(path + "?lang=" + lang)
				if resp.StatusCode != http.StatusOK {
					t.Fatalf("GET %s = %d %.300s", path, resp.StatusCode, body)
				}
				return &goqueryDoc{doc(t, body), body}
			}
			phones := []*client{newClient(t, srv.URL), newClient(t, srv.URL), newClient(t, srv.URL), newClient(t, srv.URL)}
			for i, a := range []string{"0.4", "0.3", "0.3"} {
				phones[i].Answer(code, a)
			}
			controls := page(teacher, "/class/"+code+"/teach")
			priv := controls.Find(`[data-testid="class-private"]`)
			if !strings.Contains(priv.Text(), want["heading"]) || priv.Find(`[data-testid="class-private-share"]`).Text() != want["share1"] ||
				!strings.Contains(priv.Find(`[data-testid="class-private-spread"] svg`).Text(), "✓ 0.4") {
				t.Errorf("%s: the controls' private view before Show = %q; want %q, %q and the histogram with ✓ 0.4", lang, priv.Text(), want["heading"], want["share1"])
			}
			secretFree := func(when string) {
				t.Helper()
				for name, d := range map[string]*goqueryDoc{"the wall": page(teacher, "/class/"+code+"/wall"), "a phone": page(phones[1], "/join/"+code)} {
					if d.Find(`[data-testid="class-private"]`).Length() != 0 || strings.Contains(d.body, "✓") ||
						strings.Contains(d.body, want["heading"]) || strings.Contains(d.body, want["share1"]) {
						t.Errorf("%s: %s %s shows the private view, a ✓ or the share right:\n%.2000s", lang, name, when, d.body)
					}
				}
				if ev := teacher.ReadStream("/class/"+code+"/teach/events?view=wall&lang="+lang, 1); !strings.Contains(ev, "class-count") ||
					strings.Contains(ev, "class-private") || strings.Contains(ev, "✓") || strings.Contains(ev, want["share1"]) {
					t.Errorf("%s: the wall's stream %s = %.2000s; want its panel without the private view", lang, when, ev)
				}
			}
			secretFree("before Show")
			if status, m := flow(t, srv.URL, code, key, "show", map[string]any{"on": true}); status != http.StatusOK {
				t.Fatalf("show = %d %v", status, m)
			}
			controls = page(teacher, "/class/"+code+"/teach")
			if priv := controls.Find(`[data-testid="class-private"]`); priv.Find(`[data-testid="class-private-share"]`).Text() != want["share1"] ||
				priv.Find(`[data-testid="class-private-spread"]`).Length() != 0 {
				t.Errorf("%s: once shown, the private view = %q; want the share only (the room's spread is on the controls)", lang, priv.Text())
			}
			secretFree("after Show")
			// Round 2: phone 0 right → wrong, 1 wrong → right, 2 wrong → wrong,
			// 3 answers round 2 only.
			if status, m := flow(t, srv.URL, code, key, "round", nil); status != http.StatusCreated {
				t.Fatalf("round = %d %v", status, m)
			}
			for i, a := range []string{"0.3", "0.4", "0.3", "0.4"} {
				phones[i].Answer(code, a)
			}
			priv = page(teacher, "/class/"+code+"/teach").Find(`[data-testid="class-private"]`)
			if priv.Find(`[data-testid="class-private-share"]`).Text() != want["share2"] || !strings.Contains(priv.Find(`svg.class-rounds`).Text(), "✓ 0.4") {
				t.Errorf("%s: round 2's private view = %q; want %q and both rounds with ✓ 0.4", lang, priv.Text(), want["share2"])
			}
			if d := page(teacher, "/class/"+code+"/wall"); d.Find(`[data-testid="class-switched"]`).Length() != 0 || strings.Contains(d.body, "✓") {
				t.Errorf("%s: the wall before round 2's reveal shows the switches or a ✓", lang)
			}
			api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, nil)
			for name, path := range map[string]string{"the wall": "/class/" + code + "/wall", "the controls": "/class/" + code + "/teach"} {
				d := page(teacher, path)
				if got := d.Find(`[data-testid="class-switched"]`).Text(); got != want["switched"] {
					t.Errorf("%s: %s after round 2's reveal says %q; want %q", lang, name, got, want["switched"])
				}
				if d.Find(`[data-testid="class-private"]`).Length() != 0 {
					t.Errorf("%s: %s keeps the private view after the reveal", lang, name)
				}
			}
		}
	})
}

// goqueryDoc is a page parsed, with its HTML.
type goqueryDoc struct {
	*goquery.Document
	body string
}
