package page

import (
	"net/url"
	"slices"
	"strings"

	"gaelab/static"
	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/qr"
)

// FrameSpec is what differs between the frames of the site's pages.
type FrameSpec struct {
	Self      Link // this page's link, in the page's language and view
	Title     string
	Section   string         // "/play", "/lessons" or "/batch": the navigation entry marked current
	Presenter bool           // offer to enter or leave presentation mode
	Classes   bool           // live classes are on: offer to start one from this page
	Reset     templates.Link // presentation's R; zero for none
	Card      Card           // a scenario page's link preview (link_card.go); zero for none
	// Scenario is the page's scenario (scenario.EncodeState), which the
	// navigation's links to pages that show one carry; "" for none.
	Scenario string
}

// navEntries are the navigation's links: key its label, path its target,
// scenario true when the target shows the page's scenario.
var navEntries = []struct {
	key, path string
	scenario  bool
}{
	{"nav.play", "/play", true}, {"nav.compare", "/compare", true}, {"nav.update", "/update", true},
	{"nav.lessons", "/lessons", false}, {"nav.batch", "/batch", false}, {"nav.inspect", "/inspect", false},
	{"nav.train", "/train", false},
}

// NavLinks are the navigation's links from a page of section (its path)
// showing scenario (scenario.EncodeState, or ""), in language lang.
func NavLinks(lang i18n.Lang, section, scenario string) []templates.Link {
	links := make([]templates.Link, 0, len(navEntries))
	for _, n := range navEntries {
		nav := Link{Path: n.path, Lang: lang}
		if n.scenario {
			nav.State = scenario
		}
		current := section == n.path || strings.HasPrefix(section, n.path+"/")
		links = append(links, templates.Link{Label: lang.T(n.key), URL: nav.String(), Current: current})
	}
	return links
}

// Frame is every page's frame: title, assets, navigation, the language
// switch, the copy-link button, presentation mode and the QR code. Every
// link of it is f.self's or carries its language.
func Frame(f FrameSpec) templates.Page {
	lang, view := f.Self.Lang, f.Self.View
	t := lang.T
	other := lang.Other()
	p := templates.Page{
		Lang: string(lang), Title: f.Title,
		CSS: staticCSS(), JS: staticJS(), HTMX: staticHTMX(),
		Skip: t("skip"), Brand: t("brand"), Home: Link{Path: "/play", Lang: lang}.String(),
		LangLink:  templates.Link{Label: other.Name(), URL: f.Self.switchLang(), Title: string(other)},
		CopyLink:  t("copy_link"),
		Menu:      t("menu"),
		CopiedMsg: t("copied"),
		URL:       f.Self.String(),
		Present:   view.Present,
		Dark:      view.Dark,
		Reset:     f.Reset,
		Shortcuts: shortcuts(t),
	}
	if f.Card.Desc != "" {
		p.Card = f.Card.tags(f.Self, f.Title)
	}
	if f.Presenter {
		label := "present.enter"
		if view.Present {
			label = "present.leave"
		}
		p.Presenter = templates.Link{Label: t(label), URL: f.Self.presenting(!view.Present).String()}
	}
	if f.Presenter && f.Classes {
		p.StartClass = templates.StartClass{Label: t("class.start.button"), From: classFrom(f.Self), Lang: string(lang)}
	}
	p.Nav = NavLinks(lang, f.Section, f.Scenario)
	if QRURL(f.Self) != "" {
		p.QR = templates.Link{Label: t("qr.show"), Title: t("qr.alt"), URL: qrPageURL(f.Self)}
	}
	return p
}

// QRURL is the QR code of a page's learner link (its state and language,
// without the teacher's view), or "" when the link is too long for one: a
// QR code holds at most qr.MaxLen bytes, scheme and host included.
func QRURL(self Link) string {
	u := ASCIIURL(self.Learner().String())
	if len(u)+64 > qr.MaxLen {
		return ""
	}
	return "/qr.svg?u=" + url.QueryEscape(u)
}

// classFrom is the playground link a class started from a page projects:
// the page's scenario on /play (a compare or update view's own parameters
// are only warnings there), without the teacher's view; "" for a lesson.
func classFrom(self Link) string {
	if self.Path != "/play" && !strings.HasPrefix(self.Path, "/compare/") && !strings.HasPrefix(self.Path, "/update/") {
		return ""
	}
	return self.Learner().at("/play").String()
}

// qrPageURL is the full-screen QR code page (HandleQRPage) of a page's
// learner link, which returns to the page itself.
func qrPageURL(self Link) string {
	q := "/qr?u=" + url.QueryEscape(self.Learner().String()) + "&back=" + url.QueryEscape(self.String())
	if self.Lang != "" {
		q += "&lang=" + string(self.Lang)
	}
	return q
}

// LearnerLink is the link phones should open: the same state without the
// teacher's view (present, theme, lock, hide, rev), so students get the
// normal layout and every number.
func LearnerLink(link string) string {
	path, query, ok := strings.Cut(link, "?")
	if !ok {
		return link
	}
	var kept []string
	for _, kv := range strings.Split(query, "&") {
		k, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(ViewKeys, k) {
			kept = append(kept, kv)
		}
	}
	if len(kept) == 0 {
		return path
	}
	return path + "?" + strings.Join(kept, "&")
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

// The assets every page links, at their content-hashed paths.
func staticCSS() string { return static.Path("app.css") }

func staticJS() string { return static.Path("app.js") }

func staticHTMX() string { return static.Path("htmx.min.js") }
