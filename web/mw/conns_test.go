package mw

import "testing"

// TestMaxConnsFrom: the total cap is the open-files soft limit less 512.
func TestMaxConnsFrom(t *testing.T) {
	const limits = "Limit                     Soft Limit           Hard Limit           Units\n" +
		"Max processes             63704                63704                processes\n" +
		"Max open files            20000                20000                files\n"
	for in, want := range map[string]int{
		limits: 20000 - FDReserve,
		"Max open files            256                  4096                 files\n": 64,
		"Max open files            unlimited            unlimited            files\n": 1 << 16,
		"": 1 << 13,
	} {
		if got := maxConnsFrom(in); got != want {
			t.Errorf("maxConnsFrom(%q) = %d, want %d", in, got, want)
		}
	}
	if n := DefaultMaxConns(); n < 64 {
		t.Errorf("DefaultMaxConns() = %d, want at least 64", n)
	}
}
