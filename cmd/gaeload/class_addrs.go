package main

// The phones' loopback source addresses. Linux routes all of 127.0.0.0/8
// to lo, so a phone may connect from any of it: each group of
// -class-phones-per-addr phones dials from its own address (127.1.0.1,
// 127.1.0.2, … from -class-phone-addr), as students on their own mobile
// data do, and the teacher and the projector stay on 127.0.0.1. The
// replicas' per-address limits (web/clientip) and nginx's limit_conn and
// limit_req then see a class as many students, not one address holding
// every connection; -class-phones-per-addr equal to -class-phones puts a
// whole class behind one address, as a campus NAT does.

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"time"
)

// phoneAddrs hands out the phones' source addresses and one transport per
// address, shared by the phones of that address as a NAT's phones share
// its address (each keeps its own cookies).
type phoneAddrs struct {
	first   netip.Addr        // the first group's address
	perAddr int               // phones per address
	addrs   []netip.Addr      // group k's address
	trs     []*http.Transport // group k's transport
}

// newPhoneAddrs gives phones phones their addresses, perAddr to each,
// counting up from first and skipping those that end in .0 or .255 (kept
// clear of what some stacks treat as network or broadcast addresses):
// every one must be IPv4 loopback, and none 127.0.0.1 (the teacher's).
func newPhoneAddrs(first string, perAddr, phones int) (*phoneAddrs, error) {
	a, err := netip.ParseAddr(first)
	switch {
	case err != nil:
		return nil, fmt.Errorf("-class-phone-addr %q: %w", first, err)
	case !a.Is4() || !a.IsLoopback():
		return nil, fmt.Errorf("-class-phone-addr %s: want an IPv4 loopback address (127.0.0.0/8)", a)
	case perAddr < 1 || phones < 1:
		return nil, errors.New("-class-phones and -class-phones-per-addr must be positive")
	}
	pa := &phoneAddrs{first: a, perAddr: perAddr}
	ip := a
	for range (phones + perAddr - 1) / perAddr {
		for last := ip.As4()[3]; last == 0 || last == 255; last = ip.As4()[3] {
			ip = ip.Next()
		}
		if !ip.IsLoopback() || ip == netip.AddrFrom4([4]byte{127, 0, 0, 1}) {
			return nil, fmt.Errorf("-class-phone-addr %s: %d phones at %d per address reach %s; want 127.0.0.0/8 without 127.0.0.1",
				a, phones, perAddr, ip)
		}
		d := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second, LocalAddr: &net.TCPAddr{IP: ip.AsSlice()}}
		pa.trs = append(pa.trs, &http.Transport{Proxy: nil, DialContext: d.DialContext,
			MaxIdleConns: 4 * perAddr, MaxIdleConnsPerHost: 4 * perAddr, IdleConnTimeout: time.Minute})
		pa.addrs = append(pa.addrs, ip)
		ip = ip.Next()
	}
	return pa, nil
}

// transport is phone i's transport.
func (pa *phoneAddrs) transport(i int) *http.Transport { return pa.trs[i/pa.perAddr] }

// closeIdle closes every transport's idle connections.
func (pa *phoneAddrs) closeIdle() {
	for _, tr := range pa.trs {
		tr.CloseIdleConnections()
	}
}
