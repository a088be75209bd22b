package web

import (
	"gaelab/web/page"
	"strconv"

	"gaelab/templates"
	"gaelab/web/scenario"
)

// playView builds the playground's view model for one request.
type playView struct {
	pr  playRequest
	s   scenario.Scenario
	res scenario.Result
	t   func(key string, args ...any) string
	// state is the scenario's canonical encoding, which names it whole
	// (the chart memo's key): scenario.Encode, i.e. stateOnly followed by
	// the step-through's view (step=, speed=, sel=).
	state     string
	stateOnly string // scenario.EncodeState
}

// newPlayView computes the request's scenario.
func newPlayView(pr playRequest) playView {
	only := scenario.EncodeState(pr.s)
	return playView{pr: pr, s: pr.s, res: pr.s.Compute(), t: pr.lang.T, state: only + pr.s.ViewQuery(), stateOnly: only}
}

// play is the whole page's view model.
func (v playView) play() templates.Play {
	pr := v.pr
	return templates.Play{
		Page:         v.editPage(v.page("play.title", "/play")),
		HideControls: v.pr.view.Present || v.pr.view.Hidden("controls"),
		Locked:       v.pr.view.Lock,
		Heading:      v.t("play.heading"),
		Caption:      v.story(),
		Intro:        templates.Rich(v.pr.lang.HTML("play.intro")),
		Warnings:     v.messages(pr.rep.Warnings),
		Presets:      v.presets(),
		Form:         v.form(),
		Results:      v.results(),
	}
}

// link is this view's state on path, in this view and language.
func (v playView) link(path string) string { return v.pr.linkTo(path, v.state) }

// page is the frame of a view of this scenario on path.
func (v playView) page(titleKey, path string) templates.Page {
	return v.frameOf(titleKey, v.self(path))
}

// self is this view's state on path, in this view and language.
func (v playView) self(path string) page.Link { return v.pr.pageLink(path, v.state) }

// frameOf is the frame of a page of this scenario whose link is self: the
// reset key opens the preset on the same path, nothing revealed.
func (v playView) frameOf(titleKey string, self page.Link) templates.Page {
	p, _ := scenario.Preset(v.s.Preset)
	reset := self.WithState(scenario.Encode(p))
	reset.View.Reveal = 0
	return page.Frame(page.FrameSpec{
		Self: self, Title: v.t(titleKey), Section: self.Path, Presenter: true, Classes: v.pr.classes,
		Reset:    templates.Link{Label: v.t("presets.reset"), URL: reset.String()},
		Card:     v.card(),
		Scenario: v.navScenario(),
	})
}

// messages localises problems.
func (v playView) messages(ps []scenario.Problem) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = v.t(p.Key, p.Args...)
	}
	return out
}

// with returns the canonical link of the scenario after f changes a copy.
// A window of tokens the teacher moved (win=) is let go: it follows the
// changed state's step again.
func (v playView) with(f func(s *scenario.Scenario)) string {
	s := v.s
	s.Tokens = append([]scenario.Token(nil), s.Tokens...)
	f(&s)
	pr := v.pr
	pr.view.WinSet = false
	return pr.link("/play", s)
}

// edited reports whether the state differs from its preset's (or a
// field could not be read). The step, the selected cell and the speed are
// views, not changes: the state without them is compared.
func (v playView) edited() bool {
	p, _ := scenario.Preset(v.s.Preset)
	return v.stateOnly != scenario.EncodeState(p) || len(v.pr.rep.Problems) > 0
}

func (v playView) presets() templates.PresetBar {
	bar := templates.PresetBar{Label: v.t("presets.label"), Point: v.t("preset." + v.s.Preset + ".point")}
	for _, id := range scenario.PresetIDs {
		p, _ := scenario.Preset(id)
		bar.Links = append(bar.Links, templates.Link{
			Label: v.t("preset." + id + ".title"), Title: v.t("preset." + id + ".point"),
			URL: v.pr.link("/play", p), Current: id == v.s.Preset,
		})
	}
	p, _ := scenario.Preset(v.s.Preset)
	if v.edited() {
		// The preset's question no longer fits the state: it hides, and
		// Reset goes back to it.
		bar.Point = ""
		bar.Changed = v.t("presets.changed")
		bar.Reset = templates.Link{Label: v.t("presets.reset"), URL: v.pr.link("/play", p)}
	} else {
		bar.Answer = v.presetAnswer()
	}
	return bar
}

// idx is token t's index in the chosen numbering.
func (v playView) idx(t int) string { return strconv.Itoa(t + v.s.Base) }

// navScenario is the scenario the navigation's links carry: the state, or
// "" for a long response (edited as lists), whose state is kilobytes that
// each link would repeat, as viewLinks leaves those links out.
func (v playView) navScenario() string {
	if v.s.Len() > gridMaxTokens {
		return ""
	}
	return v.stateOnly
}

// html is a catalog message as HTML for the page's prose (intros, notes):
// its text and arguments escaped, its $…$ formulas typeset as MathML. Text
// that cannot hold markup (titles, options, attributes, SVG) uses v.t,
// which writes the same formulas in Unicode.
func (v playView) html(key string, args ...any) templates.Rich {
	return templates.Rich(v.pr.lang.HTML(key, args...))
}
