package class

import (
	"testing"
	"time"
)

// TestSendSeq: a send id's sequence is read only from "s<digits>_<rest>";
// any other id is unordered (0); the ids the server makes carry a
// sequence that grows.
func TestSendSeq(t *testing.T) {
	for id, want := range map[string]int64{
		"s1733210000000_AbC-d_ef":          1733210000000,
		"s1_x":                             1,
		"0123456789abcdef0123456789abcdef": 0,
		"s_abc":                            0,
		"s12":                              0,
		"s12_":                             0,
		"s012_x":                           0,
		"s-5_x":                            0,
		"s99999999999999999_x":             0,
		"":                                 0,
	} {
		if got := sendSeq(id); got != want {
			t.Errorf("sendSeq(%q) = %d; want %d", id, got, want)
		}
	}
	var cr Room
	now := time.UnixMilli(1733210000000)
	a, b := sendSeq(cr.newSendID(now)), sendSeq(cr.newSendID(now))
	if a != now.UnixMilli() || b != a+1 {
		t.Errorf("two forms rendered in one millisecond: sequences %d, %d; want %d then one more", a, b, now.UnixMilli())
	}
	if id := cr.newSendID(now); len(id) > maxSendID {
		t.Errorf("a send id of %d characters; at most %d are read", len(id), maxSendID)
	}
}
