package class

import (
	"testing"
	"time"

	"gaelab/web/i18n"
)

// TestCountdown: the stream ticks when the time left crosses a whole
// second, lastly at the deadline, and says the time left rounded up.
func TestCountdown(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	cd := &countdown{lang: i18n.En}
	if _, ok := cd.wait(now); ok {
		t.Error("a countdown without a deadline waits")
	}
	for _, tc := range []struct {
		left, wait time.Duration
		text       string
	}{
		{2300 * time.Millisecond, 300 * time.Millisecond, "0:03 left."},
		{2 * time.Second, time.Second, "0:02 left."},
		{400 * time.Millisecond, 400 * time.Millisecond, "0:01 left."},
		{-time.Second, time.Millisecond, "0:00 left."},
		{61 * time.Second, time.Second, "1:01 left."},
	} {
		cd.set(now.Add(tc.left))
		if got, ok := cd.wait(now); !ok || got != tc.wait {
			t.Errorf("%v left: wait %v, %v; want %v", tc.left, got, ok, tc.wait)
		}
		if got := timeLeft(i18n.En, max(tc.left, 0)); got != tc.text {
			t.Errorf("%v left: %q; want %q", tc.left, got, tc.text)
		}
	}
	var none *countdown
	if none.next(now) != nil {
		t.Error("a stream without a countdown ticks")
	}
}
