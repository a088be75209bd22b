package web

import (
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"

	"gaelab/static"
	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/scenario"
)

// playView builds the playground's view model for one request.
type playView struct {
	pr  playRequest
	s   scenario.Scenario
	res scenario.Result
	t   func(key string, args ...any) string
	// state is the scenario's canonical encoding, which names it whole
	// (the chart memo's key).
	state string
}

// newPlayView computes the request's scenario.
func newPlayView(pr playRequest) playView {
	return playView{pr: pr, s: pr.s, res: pr.s.Compute(), t: pr.lang.T, state: scenario.Encode(pr.s)}
}

// play is the whole page's view model.
func (v playView) play() templates.Play {
	pr := v.pr
	return templates.Play{
		Page:         v.page("play.title", "/play"),
		HideControls: v.pr.view.present || v.pr.view.hidden("controls"),
		Locked:       v.pr.view.lock,
		Heading:      v.t("play.heading"),
		Caption:      templates.Rich(v.pr.lang.HTML("play.caption")),
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
	other := v.pr
	other.lang, other.langSet = i18n.Zh, true
	if v.pr.lang == i18n.Zh {
		other.lang = i18n.En
	}
	return frame(frameSpec{
		lang: v.pr.lang, title: v.t(titleKey), section: path, view: v.pr.view,
		link: v.link(path), otherLang: other.linkTo(path, v.state),
		presenter: v.presenterLink(path), reset: v.resetLink(),
	})
}

// qrURL is the QR code of this state's playground link.
func (v playView) qrURL() string {
	return "/qr.svg?u=" + url.QueryEscape(asciiURL(v.link("/play")))
}

// presenterLink enters or leaves presentation mode, keeping the state.
func (v playView) presenterLink(path string) templates.Link {
	pr := v.pr
	pr.view.present = !pr.view.present
	label := "present.enter"
	if v.pr.view.present {
		label = "present.leave"
	}
	return templates.Link{Label: v.t(label), URL: pr.linkTo(path, v.state)}
}

// resetLink is the preset's link in the same view, nothing revealed.
func (v playView) resetLink() templates.Link {
	p, _ := scenario.Preset(v.s.Preset)
	pr := v.pr
	pr.view.reveal = 0
	return templates.Link{Label: v.t("presets.reset"), URL: pr.link("/play", p)}
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
func (v playView) with(f func(s *scenario.Scenario)) string {
	s := v.s
	s.Tokens = append([]scenario.Token(nil), s.Tokens...)
	f(&s)
	return v.pr.link("/play", s)
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
	view := v.s // the step and the selected cell are views, not changes
	view.Step, view.Select = p.Step, p.Select
	if scenario.Encode(view) != scenario.Encode(p) || len(v.pr.rep.Problems) > 0 {
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
