package class

import (
	"net"
	"net/http"
	"strings"

	"gaelab/web/i18n"
	"gaelab/web/play"
)

// loopbackWarning is the console's plain warning when phones cannot reach
// the address the teacher used, with the fix and the addresses to use;
// "" when there is nothing to warn about.
func (cr *Room) loopbackWarning(r *http.Request) string {
	if cr.hosts.PublicURL != "" || !play.LoopbackHost(r) {
		return ""
	}
	lang := i18n.Of(r)
	port := "8080"
	if _, p, err := net.SplitHostPort(r.Host); err == nil {
		port = p
	}
	var urls []string
	for _, a := range play.LANAddresses() {
		urls = append(urls, "http://"+a+":"+port+"/join")
	}
	msg := lang.T("class.loopback", r.Host, port)
	if len(urls) > 0 {
		msg += " " + lang.T("class.loopback.use", strings.Join(urls, ", "))
	}
	return msg
}
