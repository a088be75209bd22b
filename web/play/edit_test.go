package play_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine"
	"gaelab/web/compare"
	"gaelab/web/play"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

// submittedQuery is what submitting the page's first GET form sends: every
// input with a name (checked boxes only) and every select's selected option.
func submittedQuery(form *goquery.Selection) url.Values {
	q := url.Values{}
	form.Find("input[name]").Each(func(_ int, in *goquery.Selection) {
		name, _ := in.Attr("name")
		typ, _ := in.Attr("type")
		if (typ == "checkbox" || typ == "radio") && in.AttrOr("checked", "-") == "-" {
			return
		}
		q.Add(name, in.AttrOr("value", ""))
	})
	form.Find("select[name]").Each(func(_ int, sel *goquery.Selection) {
		opt := sel.Find("option[selected]").First()
		if opt.Length() == 0 {
			opt = sel.Find("option").First()
		}
		q.Add(sel.AttrOr("name", ""), opt.AttrOr("value", ""))
	})
	return q
}

// TestFormsEditIntoV3: on /compare/* and /update/*, submitting the form of
// a v=1 state (unchanged) lands on a v=3 link naming the release its GAE
// generation is (v0.2, or the newest tag); a v=2 state becomes a v=3 state
// of its release, and a v=3 state stays as it is.
func TestFormsEditIntoV3(t *testing.T) {
	pages := []string{"/compare/versions", "/compare/bugs", "/compare/lambda", "/compare/estimators", "/update/critic", "/update/actor"}
	for _, path := range pages {
		for _, c := range []struct{ state, release string }{
			{"v=1&p=seed-b&ver=v0.2", "v0.2"},
			{"v=1&p=multi-turn", engine.Newest},
			{"v=2&p=seed-b&ver=v0.6.1", "v0.6.1"},
			{"v=3&p=seed-b&ver=v0.4.1", "v0.4.1"},
		} {
			doc := webtest.Page(t, path+"?"+c.state)
			form := doc.Find("main form[method=get]").First()
			if form.Length() == 0 {
				t.Errorf("%s?%s: no form", path, c.state)
				continue
			}
			q := submittedQuery(form)
			if q.Get("v") != scenario.LinkVersion3 || q.Get("ver") != c.release {
				t.Errorf("%s?%s: the form sends v=%q ver=%q, want v=3 ver=%s", path, c.state, q.Get("v"), q.Get("ver"), c.release)
			}
			action := form.AttrOr("action", path)
			rec := webtest.Get(t, action+"?"+q.Encode())
			loc := rec.Header().Get("Location")
			if rec.Code == 303 && !strings.Contains(loc, "v=3&") {
				t.Errorf("%s?%s: the edit redirects to %q, want a v=3 link", path, c.state, loc)
			}
			if rec.Code != 200 && rec.Code != 303 {
				t.Errorf("%s?%s: the edit answers %d", path, c.state, rec.Code)
			}
		}
	}
}

// TestEditNoticeOnlyWhenNumbersChange: the compare and update views of a
// v=1 state show the edit notice only when the v=2 release computes the
// scenario's rewards, GAE or whitening differently; on every preset, in both
// two-generation versions and with every KL name, it does not, so no page
// shows it, and a v=2 state never has one.
func TestEditNoticeOnlyWhenNumbersChange(t *testing.T) {
	for _, id := range scenario.PresetIDs {
		for _, ver := range []engine.Version{engine.VerlEarly, engine.VerlNewest} {
			for _, kl := range engine.AllKLNames {
				s, _ := scenario.Preset(id)
				s.Version, s.KL = ver, kl
				v := play.View{S: s, Res: s.Compute(), T: func(k string, _ ...any) string { return k }}
				s2 := s.Edited()
				res2 := s2.Compute()
				differs := (v.Res.KLErr == nil) != (res2.KLErr == nil)
				for k := range res2.Rewards {
					differs = differs || compare.Differs(res2.Rewards[k], v.Res.Rewards[k]) || compare.Differs(res2.GAE.Advantages[0][k], v.Res.GAE.Advantages[0][k])
				}
				if got := len(v.EditNotice()) > 0; got != differs {
					t.Errorf("%s %s kl=%s: notice %v, numbers differ %v", id, ver, kl, got, differs)
				}
				v2 := play.View{S: s2, Res: res2, T: v.T}
				if len(v2.EditNotice()) > 0 {
					t.Errorf("%s %s kl=%s: a v=2 state has an edit notice", id, ver, kl)
				}
			}
		}
	}
	if strings.Contains(webtest.Page(t, "/update/critic?v=1&p=seed-b&ver=v0.2").Find("main").Text(), "Editing here makes a v=3 link") {
		t.Error("/update/critic shows the edit notice, but no number changes")
	}
}
