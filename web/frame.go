package web

import (
	"net/url"
	"slices"
	"strings"

	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/qr"
)

// frameSpec is what differs between the frames of the site's pages.
type frameSpec struct {
	self      pageLink // this page's link, in the page's language and view
	title     string
	section   string         // "/play", "/lessons" or "/batch": the navigation entry marked current
	presenter bool           // offer to enter or leave presentation mode
	classes   bool           // live classes are on: offer to start one from this page
	reset     templates.Link // presentation's R; zero for none
	card      linkCard       // a scenario page's link preview (link_card.go); zero for none
	// scenario is the page's scenario (scenario.EncodeState), which the
	// navigation's links to pages that show one carry; "" for none.
	scenario string
}

// navEntries are the navigation's links: key its label, path its target,
// scenario true when the target shows the page's scenario.
var navEntries = []struct {
	key, path string
	scenario  bool
}{
	{"nav.play", "/play", true}, {"nav.compare", "/compare", true}, {"nav.update", "/update", true},
	{"nav.lessons", "/lessons", false}, {"nav.batch", "/batch", false}, {"nav.inspect", "/inspect", false},
}

// navLinks are the navigation's links from a page of section (its path)
// showing scenario (scenario.EncodeState, or ""), in language lang.
func navLinks(lang i18n.Lang, section, scenario string) []templates.Link {
	links := make([]templates.Link, 0, len(navEntries))
	for _, n := range navEntries {
		nav := pageLink{path: n.path, lang: lang}
		if n.scenario {
			nav.state = scenario
		}
		current := section == n.path || strings.HasPrefix(section, n.path+"/")
		links = append(links, templates.Link{Label: lang.T(n.key), URL: nav.String(), Current: current})
	}
	return links
}

// frame is every page's frame: title, assets, navigation, the language
// switch, the copy-link button, presentation mode and the QR code. Every
// link of it is f.self's or carries its language.
func frame(f frameSpec) templates.Page {
	lang, view := f.self.lang, f.self.view
	t := lang.T
	other := lang.Other()
	p := templates.Page{
		Lang: string(lang), Title: f.title,
		CSS: staticCSS(), JS: staticJS(), HTMX: staticHTMX(),
		Skip: t("skip"), Brand: t("brand"), Home: pageLink{path: "/play", lang: lang}.String(),
		LangLink:  templates.Link{Label: other.Name(), URL: f.self.switchLang(), Title: string(other)},
		CopyLink:  t("copy_link"),
		CopiedMsg: t("copied"),
		URL:       f.self.String(),
		Present:   view.present,
		Dark:      view.dark,
		Reset:     f.reset,
		Shortcuts: shortcuts(t),
	}
	if f.card.desc != "" {
		p.Card = f.card.tags(f.self, f.title)
	}
	if f.presenter {
		label := "present.enter"
		if view.present {
			label = "present.leave"
		}
		p.Presenter = templates.Link{Label: t(label), URL: f.self.presenting(!view.present).String()}
	}
	if f.presenter && f.classes {
		p.StartClass = templates.StartClass{Label: t("class.start.button"), From: classFrom(f.self), Lang: string(lang)}
	}
	p.Nav = navLinks(lang, f.section, f.scenario)
	if qrURL(f.self) != "" {
		p.QR = templates.Link{Label: t("qr.show"), Title: t("qr.alt"), URL: qrPageURL(f.self)}
	}
	return p
}

// qrURL is the QR code of a page's learner link (its state and language,
// without the teacher's view), or "" when the link is too long for one: a
// QR code holds at most qr.MaxLen bytes, scheme and host included.
func qrURL(self pageLink) string {
	u := asciiURL(self.learner().String())
	if len(u)+64 > qr.MaxLen {
		return ""
	}
	return "/qr.svg?u=" + url.QueryEscape(u)
}

// classFrom is the playground link a class started from a page projects:
// the page's scenario on /play (a compare or update view's own parameters
// are only warnings there), without the teacher's view; "" for a lesson.
func classFrom(self pageLink) string {
	if self.path != "/play" && !strings.HasPrefix(self.path, "/compare/") && !strings.HasPrefix(self.path, "/update/") {
		return ""
	}
	return self.learner().at("/play").String()
}

// qrPageURL is the full-screen QR code page (handleQRPage) of a page's
// learner link, which returns to the page itself.
func qrPageURL(self pageLink) string {
	q := "/qr?u=" + url.QueryEscape(self.learner().String()) + "&back=" + url.QueryEscape(self.String())
	if self.lang != "" {
		q += "&lang=" + string(self.lang)
	}
	return q
}

// learnerLink is the link phones should open: the same state without the
// teacher's view (present, theme, lock, hide, rev), so students get the
// normal layout and every number.
func learnerLink(link string) string {
	path, query, ok := strings.Cut(link, "?")
	if !ok {
		return link
	}
	var kept []string
	for _, kv := range strings.Split(query, "&") {
		k, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(viewKeys, k) {
			kept = append(kept, kv)
		}
	}
	if len(kept) == 0 {
		return path
	}
	return path + "?" + strings.Join(kept, "&")
}
