package main

import (
	"fmt"
	"testing"
)

// TestPhoneAddrsCountUpOnLoopback: phones get perAddr to an address,
// counting up from the first and skipping .0 and .255; a first address
// that is not IPv4 loopback, is the teacher's, or whose run leaves
// 127.0.0.0/8 is refused.
func TestPhoneAddrsCountUpOnLoopback(t *testing.T) {
	pa, err := newPhoneAddrs("127.1.0.253", 2, 7)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(pa.addrs), "[127.1.0.253 127.1.0.254 127.1.1.1 127.1.1.2]"; got != want {
		t.Errorf("7 phones, 2 an address, from 127.1.0.253: %s; want %s", got, want)
	}
	for i, k := range []int{0, 0, 1, 1, 2, 2, 3} {
		if pa.transport(i) != pa.trs[k] {
			t.Errorf("phone %d does not use address %s", i, pa.addrs[k])
		}
	}
	for _, bad := range []struct {
		first           string
		perAddr, phones int
	}{
		{"127.0.0.1", 1, 1}, {"10.0.0.1", 1, 1}, {"::1", 1, 1}, {"localhost", 1, 1},
		{"127.255.255.250", 1, 10}, {"127.1.0.1", 0, 10}, {"127.1.0.1", 1, 0},
	} {
		if _, err := newPhoneAddrs(bad.first, bad.perAddr, bad.phones); err == nil {
			t.Errorf("newPhoneAddrs(%q, %d, %d) succeeded; want a refusal", bad.first, bad.perAddr, bad.phones)
		}
	}
}
