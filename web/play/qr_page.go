package play

import (
	"net"
	"net/http"
	"net/url"

	"gaelab/templates"
	"gaelab/web/httperr"
	"gaelab/web/i18n"
	"gaelab/web/page"
)

// HandleQRPage handles the "GET /qr?u=<link>&back=<link>" route: the QR code
// of a page for a room, full screen: the code at most of the screen's
// height, the link printed large under it, and, when the teacher's address
// is loopback, how to make it reachable. With JavaScript the frame's "QR
// code" opens this page's card as an overlay (Esc closes it); without, this
// page is where the link goes. u is the learner's link (the view's
// parameters are dropped again here), back the page to return to.
func (s *Room) HandleQRPage(w http.ResponseWriter, r *http.Request) {
	q, _ := url.ParseQuery(r.URL.RawQuery)
	lang, _ := i18n.OfLink(r, q)
	u, back := page.LearnerLink(q.Get("u")), q.Get("back")
	if err := checkQRLink(u); err != nil {
		httperr.Write(w, r, err)
		return
	}
	if checkQRLink(back) != nil {
		back = u
	}
	t := lang.T
	vm := templates.QRPage{
		Page:    page.Frame(page.FrameSpec{Self: page.Link{Path: "/qr", State: "u=" + url.QueryEscape(u), Lang: lang}, Title: t("qr.title")}),
		Heading: t("qr.title"), Scan: t("qr.scan"),
		Image: "/qr.svg?u=" + url.QueryEscape(page.ASCIIURL(u)), Alt: t("qr.alt"),
		Link:  s.publicLink(r, u),
		Close: templates.Link{Label: t("qr.close"), URL: back},
	}
	vm.Page.QR = templates.Link{} // no QR code of the QR code
	vm.Loopback, vm.Addresses = s.loopbackHelp(r, lang, u)
	if _, ok := s.Hosts.Base(r); !ok { // the link alone, and how to fix it
		vm.Image, vm.Loopback, vm.Addresses = "", []string{t("qr.host.unknown")}, nil
	}
	page.Render(w, r, templates.QRView(vm))
}

// publicLink is the absolute link phones open for the site-relative u: on
// -public-url when set, else on the request's scheme and host when the host
// is known (SiteHosts); else u itself.
func (s *Room) publicLink(r *http.Request, u string) string {
	base, _ := s.Hosts.Base(r)
	return base + u
}

// loopbackHelp says, when the request's host is loopback and no public URL
// is set, that phones cannot reach it and how to fix it, with u on this
// machine's network addresses; nothing otherwise.
func (s *Room) loopbackHelp(r *http.Request, lang i18n.Lang, u string) ([]string, []string) {
	if s.Hosts.PublicURL != "" || !LoopbackHost(r) {
		return nil, nil
	}
	port := "8080"
	if _, p, err := net.SplitHostPort(r.Host); err == nil {
		port = p
	}
	msgs := []string{lang.T("qr.loopback", r.Host, port)}
	var addrs []string
	for _, a := range LANAddresses() {
		addrs = append(addrs, "http://"+a+":"+port+u)
	}
	if len(addrs) > 0 {
		msgs = append(msgs, lang.T("qr.loopback.use"))
	} else {
		msgs = append(msgs, lang.T("qr.loopback.none"))
	}
	return msgs, addrs
}
