package play

import (
	"strings"

	"gaelab/engine/explain"
	"gaelab/web/scenario"
)

// Editing makes a v=3 link: the forms of /compare/* and /update/* carry
// the scenario as a v=3 state, in which ver names a whole release on every
// page (a v=1 state's ver, or its absence, becomes the release its GAE
// generation is, scenario.ReleaseOf: v0.2 or the newest tag; a v=2 state
// keeps its release), as the playground's editor does. Where that changes
// what a shown number means, a one-line notice says which numbers.

// EditState is the query of the view's scenario as its forms submit it.
func (v View) EditState() string { return scenario.Encode(v.S.Edited()) }

// EditLink is link (a link of this view's state) with the state its forms
// submit.
func (v View) EditLink(link string) string {
	return strings.Replace(link, "?"+v.State, "?"+v.EditState(), 1)
}

// EditNotice is the one-line notice of a v=1 state whose numbers an edit
// changes: the quantities of the scenario that the v=3 state computes
// differently (the whole release's KL step, GAE and whitening); none for a
// v=2 or v=3 state or when nothing changes.
func (v View) EditNotice() []string { return v.NoticeOf(v.editChanges()) }

// editChanges lists the scenario's quantities that the edited state
// computes differently; none for a state that names a release, whose
// playground numbers v=2 and v=3 compute alike.
func (v View) editChanges() []string {
	if !v.S.EditRecomputes() {
		return nil
	}
	s2 := v.S.Edited()
	res := s2.Compute()
	c := explain.CompareRuns(explain.Run{Rewards: v.Res.Rewards, KLErr: v.Res.KLErr, GAE: v.Res.GAE}, explain.Run{Rewards: res.Rewards, KLErr: res.KLErr, GAE: res.GAE})
	var changed []string
	if c.Rewards {
		changed = append(changed, v.T("row.reward"))
	}
	if c.Advantages {
		changed = append(changed, v.T("row.adv"), v.T("row.ret"))
	}
	if c.Whitened {
		changed = append(changed, v.T("row.white"))
	}
	return changed
}

// NoticeOf is the one-line notice naming the quantities an edit changes,
// or none.
func (v View) NoticeOf(changed []string) []string {
	if len(changed) == 0 {
		return nil
	}
	return []string{v.T("release.notice.edit_page", v.S.EditRelease(), strings.Join(changed, ", "))}
}

// SameNumbers reports whether two lists hold the same numbers, as the
// comparison views tell them apart.
func SameNumbers(a, b []float64) bool { return explain.SameNumbers(a, b) }
