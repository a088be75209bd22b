package play

import (
	"strconv"

	"gaelab/templates"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// View builds the playground's view model for one request.
type View struct {
	Req Request
	S   scenario.Scenario
	Res scenario.Result
	T   func(key string, args ...any) string
	// State is the scenario's canonical encoding, which names it whole
	// (the chart memo's key): scenario.Encode, i.e. stateOnly followed by
	// the step-through's view (step=, speed=, sel=).
	State     string
	stateOnly string // scenario.EncodeState
}

// NewView computes the request's scenario.
func NewView(pr Request) View {
	only := scenario.EncodeState(pr.S)
	return View{Req: pr, S: pr.S, Res: pr.S.Compute(), T: pr.Lang.T, State: only + pr.S.ViewQuery(), stateOnly: only}
}

// play is the whole page's view model.
func (v View) play() templates.Play {
	pr := v.Req
	return templates.Play{
		Page:         v.editPage(v.page("play.title", "/play")),
		HideControls: v.Req.View.Present || v.Req.View.Hidden("controls"),
		Locked:       v.Req.View.Lock,
		Heading:      v.T("play.heading"),
		Caption:      v.story(),
		Intro:        templates.Rich(v.Req.Lang.HTML("play.intro")),
		Warnings:     v.Messages(pr.Rep.Warnings),
		Presets:      v.presets(),
		Form:         v.Form(),
		Results:      v.results(),
	}
}

// link is this view's state on path, in this view and language.
func (v View) link(path string) string { return v.Req.LinkTo(path, v.State) }

// page is the frame of a view of this scenario on path.
func (v View) page(titleKey, path string) templates.Page {
	return v.FrameOf(titleKey, v.self(path))
}

// self is this view's state on path, in this view and language.
func (v View) self(path string) page.Link { return v.Req.PageLink(path, v.State) }

// FrameOf is the frame of a page of this scenario whose link is self: the
// reset key opens the preset on the same path, nothing revealed.
func (v View) FrameOf(titleKey string, self page.Link) templates.Page {
	return v.FrameWith(titleKey, self, v.cardOf(self))
}

// FrameWith is FrameOf with the link preview card (a page whose card
// depends on more than its path: View.PageCard).
func (v View) FrameWith(titleKey string, self page.Link, card page.Card) templates.Page {
	p, _ := scenario.Preset(v.S.Preset)
	reset := self.WithState(scenario.Encode(p))
	reset.View.Reveal = 0
	return page.Frame(page.FrameSpec{
		Self: self, Title: v.T(titleKey), Section: self.Path, Presenter: true, Classes: v.Req.classes,
		Reset:    templates.Link{Label: v.T("presets.reset"), URL: reset.String()},
		Card:     card,
		Scenario: v.navScenario(),
	})
}

// Messages localises problems.
func (v View) Messages(ps []scenario.Problem) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = v.T(p.Key, p.Args...)
	}
	return out
}

// edited reports whether the state differs from its preset's (or a
// field could not be read). The step, the selected cell and the speed are
// views, not changes: the state without them is compared.
func (v View) edited() bool {
	p, _ := scenario.Preset(v.S.Preset)
	return v.stateOnly != scenario.EncodeState(p) || len(v.Req.Rep.Problems) > 0
}

func (v View) presets() templates.PresetBar {
	edited := v.edited()
	bar := presetBar(v.T, v.T("presets.label"), "preset.", scenario.PresetIDs, v.S.Preset, edited, func(id string) string {
		p, _ := scenario.Preset(id)
		return v.Req.Link("/play", p)
	})
	if edited {
		// The preset's question no longer fits the state: it hides, and
		// Reset goes back to it.
		bar.Point = ""
	} else {
		bar.Answer = v.presetAnswer()
	}
	return bar
}

// Idx is token t's index in the chosen numbering.
func (v View) Idx(t int) string { return strconv.Itoa(t + v.S.Base) }

// navScenario is the scenario the navigation's links carry: the state, or
// "" for a long response (edited as lists), whose state is kilobytes that
// each link would repeat, as viewLinks leaves those links out.
func (v View) navScenario() string {
	if v.S.Len() > GridMaxTokens {
		return ""
	}
	return v.stateOnly
}

// HTML is a catalog message as HTML for the page's prose (intros, notes):
// its text and arguments escaped, its $…$ formulas typeset as MathML. Text
// that cannot hold markup (titles, options, attributes, SVG) uses v.t,
// which writes the same formulas in Unicode.
func (v View) HTML(key string, args ...any) templates.Rich {
	return templates.Rich(v.Req.Lang.HTML(key, args...))
}
