package web

import (
	"slices"
	"strings"

	"gaelab/web/scenario"
)

// Editing makes a v=3 link: the forms of /compare/* and /update/* carry
// the scenario as a v=3 state, in which ver names a whole release on every
// page (a v=1 state's ver, or its absence, becomes the release its GAE
// generation is, scenario.ReleaseOf: v0.2 or the newest tag; a v=2 state
// keeps its release), as the playground's editor does. Where that changes
// what a shown number means, a one-line notice says which numbers.

// editScenario is the scenario as an edit writes it: v=3, its release named.
func editScenario(s scenario.Scenario) scenario.Scenario {
	if s.Release == "" {
		s.Tokens = slices.Clone(s.Tokens)
		s.SetRelease(scenario.ReleaseOf(s.Version))
	}
	s.Link = scenario.LinkVersion3
	return s
}

// editState is the query of the view's scenario as its forms submit it.
func (v playView) editState() string { return scenario.Encode(editScenario(v.s)) }

// editLink is link (a link of this view's state) with the state its forms
// submit.
func (v playView) editLink(link string) string {
	return strings.Replace(link, "?"+v.state, "?"+v.editState(), 1)
}

// editNotice is the one-line notice of a v=1 state whose numbers an edit
// changes: the quantities of the scenario that the v=3 state computes
// differently (the whole release's KL step, GAE and whitening); none for a
// v=2 or v=3 state or when nothing changes.
func (v playView) editNotice() []string {
	if v.s.Release != "" {
		return nil
	}
	s2 := editScenario(v.s)
	res := s2.Compute()
	var changed []string
	same := func(a, b []float64) bool {
		return slices.EqualFunc(a, b, func(x, y float64) bool { return !compareDiffers(x, y) })
	}
	if (res.KLErr == nil) != (v.res.KLErr == nil) || !same(res.Rewards, v.res.Rewards) {
		changed = append(changed, v.t("row.reward"))
	}
	if !same(first(res.GAE.Advantages), first(v.res.GAE.Advantages)) || !same(first(res.GAE.Returns), first(v.res.GAE.Returns)) {
		changed = append(changed, v.t("row.adv"), v.t("row.ret"))
	}
	if (res.GAE.WhitenErr == nil) != (v.res.GAE.WhitenErr == nil) || !same(first(res.GAE.Whitened), first(v.res.GAE.Whitened)) {
		changed = append(changed, v.t("row.white"))
	}
	if len(changed) == 0 {
		return nil
	}
	return []string{v.t("release.notice.edit_page", s2.Release, strings.Join(changed, ", "))}
}
