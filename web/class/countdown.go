package class

import (
	"context"
	"fmt"
	"html"
	"math"
	"sync"
	"time"

	"gaelab/web/i18n"
)

// countdown is a stream's timer: the deadline of the question its last
// render showed open (zero: none). While one is ahead, the stream sends a
// "timer" event with the time left every second, and renders its panel
// again when it passes: the store refuses answers from then on, on every
// replica, so the panel then says that voting is closed.
type countdown struct {
	lang     i18n.Lang
	mu       sync.Mutex
	deadline time.Time
}

// set keeps the deadline a render showed.
func (cd *countdown) set(deadline time.Time) {
	cd.mu.Lock()
	cd.deadline = deadline
	cd.mu.Unlock()
}

func (cd *countdown) get() time.Time {
	cd.mu.Lock()
	defer cd.mu.Unlock()
	return cd.deadline
}

// next fires after wait; nil, which never fires, without a deadline.
func (cd *countdown) next(now time.Time) <-chan time.Time {
	if cd == nil {
		return nil
	}
	if d, ok := cd.wait(now); ok {
		return time.After(d)
	}
	return nil
}

// wait is how long from now until the time left next crosses a whole
// second, the last crossing being the deadline (at least 1 ms: a deadline
// passed fires at once); ok false without a deadline.
func (cd *countdown) wait(now time.Time) (time.Duration, bool) {
	d := cd.get()
	if d.IsZero() {
		return 0, false
	}
	left := d.Sub(now)
	wait := left % time.Second
	if wait <= 0 {
		wait = min(left, time.Second)
	}
	return max(wait, time.Millisecond), true
}

// tick sends the time left, or once the deadline passed, the panel again.
func (cd *countdown) tick(ctx context.Context, s *sseStream, now time.Time) error {
	left := cd.get().Sub(now)
	if left <= 0 {
		cd.set(time.Time{}) // until the render shows another
		return s.send(ctx)
	}
	return s.write(sseEvent("timer", html.EscapeString(timeLeft(cd.lang, left))))
}

// timeLeft is "m:ss left", rounded up to the second.
func timeLeft(lang i18n.Lang, left time.Duration) string {
	secs := int(math.Ceil(left.Seconds()))
	return lang.T("class.flow.left", fmt.Sprintf("%d:%02d", secs/60, secs%60))
}
