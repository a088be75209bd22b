package page_test

import (
	"net/url"
	"reflect"
	"testing"

	"gaelab/web/page"
	"gaelab/web/scenario"
)

// ReadView decodes the teacher's view parameters, warns about each one it
// cannot use (naming it), and a Link writes back what it read in canonical
// order.
func TestReadView(t *testing.T) {
	for _, c := range []struct {
		query, link string
		warnings    []string // the parameters warned about
		hide        []string
		reveal      int
	}{
		{"", "/play?v=1", nil, nil, 0},
		{"theme=light", "/play?v=1", nil, nil, 0},
		{"lock=1&theme=dark&present=1", "/play?v=1&present=1&theme=dark&lock=1", nil, nil, 0},
		{"theme=blue", "/play?v=1", []string{"theme"}, nil, 0},
		{"hide=adv,nope,adv,ret&rev=1", "/play?v=1&hide=adv,ret&rev=1", []string{"hide", "hide"}, []string{"adv", "ret"}, 1},
		{"hide=adv&rev=5", "/play?v=1&hide=adv&rev=1", nil, []string{"adv"}, 1},
		{"hide=adv&rev=-2", "/play?v=1&hide=adv", []string{"rev"}, []string{"adv"}, 0},
		{"hide=adv&rev=x", "/play?v=1&hide=adv", []string{"rev"}, []string{"adv"}, 0},
		{"rev=2", "/play?v=1", nil, nil, 0},
		{"present=1&win=3", "/play?v=1&present=1&win=3", nil, nil, 0},
		{"win=3", "/play?v=1", nil, nil, 0}, // a window only in presentation mode
		{"present=1&win=-1", "/play?v=1&present=1", []string{"win"}, nil, 0},
		{"present=1&win=99999", "/play?v=1&present=1", []string{"win"}, nil, 0},
	} {
		q, _ := url.ParseQuery(c.query)
		var rep scenario.Report
		v := page.ReadView(q, &rep)
		var warned []string
		for _, w := range rep.Warnings {
			if w.Key != "warn.view" {
				t.Errorf("%q: warning %q, want warn.view", c.query, w.Key)
			}
			warned = append(warned, w.Args[0].(string))
		}
		if !reflect.DeepEqual(warned, c.warnings) {
			t.Errorf("%q: warned about %q, want %q", c.query, warned, c.warnings)
		}
		if !reflect.DeepEqual(v.Hide, c.hide) || v.Reveal != c.reveal {
			t.Errorf("%q: hide %q rev %d, want %q rev %d", c.query, v.Hide, v.Reveal, c.hide, c.reveal)
		}
		if got := (page.Link{Path: "/play", State: "v=1", View: v}).String(); got != c.link {
			t.Errorf("%q: link %q, want %q", c.query, got, c.link)
		}
	}
}

// What a teacher hides stays hidden until revealed, in order; a chart is
// hidden with a row whose numbers it would show.
func TestViewHidden(t *testing.T) {
	v := page.View{Hide: []string{"adv", "rewards", "kld"}, Reveal: 1}
	if v.Hidden("adv") || !v.Hidden("rewards") || !v.Hidden("kld") || v.Hidden("value") {
		t.Errorf("Hidden: adv %v rewards %v kld %v value %v", v.Hidden("adv"), v.Hidden("rewards"), v.Hidden("kld"), v.Hidden("value"))
	}
	if got := v.NextHidden(); got != "rewards" {
		t.Errorf("NextHidden = %q, want rewards", got)
	}
	if !v.ChartHidden("rewards") || v.ChartHidden("values") || v.ChartHidden("advantages") {
		t.Errorf("ChartHidden: rewards %v values %v advantages %v", v.ChartHidden("rewards"), v.ChartHidden("values"), v.ChartHidden("advantages"))
	}
	v = page.View{Hide: []string{"kld", "white"}}
	if !v.ChartHidden("rewards") || !v.ChartHidden("advantages") || v.ChartHidden("values") {
		t.Error("a chart of a hidden row's numbers is shown")
	}
	v.Reveal = 2
	if v.NextHidden() != "" || v.ChartHidden("rewards") {
		t.Errorf("all revealed: NextHidden %q, rewards hidden %v", v.NextHidden(), v.ChartHidden("rewards"))
	}
}
