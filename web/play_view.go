package web

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gaelab/static"
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
		HideControls: v.pr.view.present || v.pr.view.hidden("controls"),
		Locked:       v.pr.view.lock,
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
func (v playView) self(path string) pageLink { return v.pr.pageLink(path, v.state) }

// frameOf is the frame of a page of this scenario whose link is self: the
// reset key opens the preset on the same path, nothing revealed.
func (v playView) frameOf(titleKey string, self pageLink) templates.Page {
	p, _ := scenario.Preset(v.s.Preset)
	reset := self.withState(scenario.Encode(p))
	reset.view.reveal = 0
	return frame(frameSpec{
		self: self, title: v.t(titleKey), section: self.path, presenter: true, classes: v.pr.classes,
		reset:    templates.Link{Label: v.t("presets.reset"), URL: reset.String()},
		card:     v.card(),
		scenario: v.navScenario(),
	})
}

// shortcuts lists presentation mode's keys.
func shortcuts(t func(string, ...any) string) templates.Shortcuts {
	sc := templates.Shortcuts{Title: t("keys.title"), Close: t("keys.close")}
	for _, k := range []struct{ keys, what string }{
		{"→  Space  PageDown", "keys.next"}, {"←  PageUp", "keys.back"}, {"Home  End", "keys.ends"},
		{"Enter", "keys.reveal"}, {"B  .", "keys.black"}, {"F", "keys.full"}, {"R", "keys.reset"},
		{"?", "keys.help"}, {"Esc", "keys.leave"},
	} {
		sc.Keys = append(sc.Keys, templates.Option{Value: k.keys, Label: t(k.what)})
	}
	return sc
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
	pr.view.winSet = false
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

// num formats a number for the table: 4 decimals, no negative zero; a
// number too small for 4 decimals keeps two significant digits ("1.0e-5"),
// so that a small KL term or variance never reads as 0.
func num(x float64) string {
	if x != 0 && math.Abs(x) < 0.00005 {
		s := strconv.FormatFloat(x, 'e', 1, 64)
		return strings.Replace(strings.Replace(s, "e-0", "e-", 1), "e+0", "e+", 1)
	}
	s := strconv.FormatFloat(x, 'f', 4, 64)
	if s == "-0.0000" {
		return "0.0000"
	}
	return s
}

// num3 is num with 3 decimals, for presentation mode's table: the exact
// value stays in the formula panel and on hover.
func num3(x float64) string {
	if x != 0 && math.Abs(x) < 0.0005 {
		return num(x)
	}
	s := strconv.FormatFloat(x, 'f', 3, 64)
	if s == "-0.000" {
		return "0.000"
	}
	return s
}

// full is a number at full precision.
func full(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// joinf formats "name = value" pairs (TeX for the step lines).
func joinf(pairs ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(pairs); i += 2 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s = %s", pairs[i], pairs[i+1])
	}
	return b.String()
}

// The assets every page links, at their content-hashed paths.
func staticCSS() string  { return static.Path("app.css") }
func staticJS() string   { return static.Path("app.js") }
func staticHTMX() string { return static.Path("htmx.min.js") }

// navScenario is the scenario the navigation's links carry: the state, or
// "" for a long response (edited as lists), whose state is kilobytes that
// each link would repeat, as viewLinks leaves those links out.
func (v playView) navScenario() string {
	if v.s.Len() > gridMaxTokens {
		return ""
	}
	return v.stateOnly
}
