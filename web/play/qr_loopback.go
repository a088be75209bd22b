package play

import (
	"net"
	"net/http"

	"gaelab/web/page"
)

// LoopbackHost reports whether a request's host is loopback (127.0.0.0/8,
// ::1, localhost) and it came in on a loopback connection: phones in the
// room cannot reach such an address. (A "Host: localhost" sent to another
// of the server's addresses is not the teacher's own machine.)
func LoopbackHost(r *http.Request) bool {
	if local, ok := page.LocalAddr(r); ok && !local.Addr().IsLoopback() {
		return false
	}
	host, _ := page.SplitHost(r.Host)
	if page.IsLocalhost(host) {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// LANAddresses are this machine's non-loopback unicast IPv4 addresses
// (then IPv6 global ones), where phones on the same network may reach it.
func LANAddresses() []string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var v4, v6 []string
	for _, a := range addrs {
		ipn, ok := a.(*net.IPNet)
		if !ok || ipn.IP.IsLoopback() || ipn.IP.IsLinkLocalUnicast() || !ipn.IP.IsGlobalUnicast() {
			continue
		}
		if ip4 := ipn.IP.To4(); ip4 != nil {
			v4 = append(v4, ip4.String())
		} else {
			v6 = append(v6, "["+ipn.IP.String()+"]")
		}
	}
	return append(v4, v6...)
}
