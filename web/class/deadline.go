package class

import (
	"context"
	"crypto/hmac"
	"errors"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gaelab/web/store"
)

// Fair deadlines: a store outage must not cost a student who pressed Send
// in time their vote.
//
//   - A running timer is extended by any store outage during it: the
//     replica that saw the store fail (a page, a stream, an answer, the
//     presence loop) extends, once it is back, the timers of the classes it
//     serves by the outage (store.ExtendDeadlines, which adds each outage
//     once however many replicas saw it), before it stores any answer.
//   - An answer is judged at its arrival, before it queued for a slot
//     (arrival.go). One the server answered with a 5xx (the store failed,
//     or the slots shed it) gets a signed send stamp of its send id saying
//     when it first reached the server (header Send-Stamp, and the "send
//     again" form's stamp field; class-answer.js keeps the first): a resend
//     that carries it is judged as sent then, and taken until sendGrace
//     after the deadline. An answer that reached no server has no stamp:
//     the phone's own clock is not trusted.
//   - While the store is down, the teacher's controls say how many answers
//     wait on this replica (outage.waitingIn), instead of going blank.

// sendGrace is how long after the deadline an answer first sent before it
// is still taken on a resend.
const sendGrace = 30 * time.Second

// errRecovering is recoverStore's answer while another request ends the
// outage: the phone sends again (a 503).
var errRecovering = errors.New("class: the store is coming back")

// stampHeader carries a failed answer's send stamp to class-answer.js.
const stampHeader = "Send-Stamp"

// outage is what this replica saw of a store outage: when the store first
// failed (zero: it works), and the answers that wait for it by class
// ("qid/device").
type outage struct {
	mu      sync.Mutex
	since   time.Time
	waiting map[string]map[string]bool
}

// fail notes that the store failed at now.
func (o *outage) fail(now time.Time) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.since.IsZero() {
		o.since = now
	}
}

// wait notes that the store failed at now to save device's answer to
// question qid of class code.
func (o *outage) wait(code string, qid int, device string, now time.Time) {
	o.fail(now)
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.waiting == nil {
		o.waiting = map[string]map[string]bool{}
	}
	if o.waiting[code] == nil {
		o.waiting[code] = map[string]bool{}
	}
	o.waiting[code][strconv.Itoa(qid)+"/"+device] = true
}

// waitingIn is how many answers to class code wait for the store.
func (o *outage) waitingIn(code string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.waiting[code])
}

// classes are the classes whose answers wait.
func (o *outage) classes() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return slices.Collect(maps.Keys(o.waiting))
}

// start is when the outage began; ok false while the store works.
func (o *outage) start() (since time.Time, ok bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.since, !o.since.IsZero()
}

// over ends the outage that began at since (not one begun since) and
// returns the classes whose answers waited.
func (o *outage) over(since time.Time) []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.since.Equal(since) {
		return nil
	}
	codes := slices.Collect(maps.Keys(o.waiting))
	o.since, o.waiting = time.Time{}, nil
	return codes
}

// storeFailed notes a store failure seen while serving r (not a client
// that left).
func (cr *Room) storeFailed(r *http.Request) {
	if r.Context().Err() == nil {
		cr.down.fail(time.Now())
	}
}

// recoverStore ends an outage this replica saw: once the store answers,
// the running timers of the classes it serves (followed here, or whose
// answers waited) are extended by the outage, and those classes told, so
// that phones and the controls show the new time; every teacher's panel
// here renders again. It returns the store's error while it is still down
// (errRecovering while another request tries), nil at once when nothing
// failed.
func (cr *Room) recoverStore(ctx context.Context) error {
	if _, down := cr.down.start(); !down {
		return nil
	}
	if !cr.recoverMu.TryLock() { // a room resending at once must not queue behind a dead store
		return errRecovering
	}
	defer cr.recoverMu.Unlock()
	since, down := cr.down.start()
	if !down {
		return nil
	}
	now := time.Now()
	codes := union(cr.hub.classes(), cr.down.classes())
	moved, err := cr.st.ExtendDeadlines(ctx, codes, since, now)
	if err != nil {
		return err
	}
	moved = union(moved, cr.down.over(since))
	cr.logger.Info("class store back", "down", now.Sub(since).Round(time.Millisecond), "timers extended", len(moved))
	for _, code := range moved {
		cr.publish(ctx, code, "flow")
	}
	for _, code := range codes { // the teacher's panels here that said the store was down
		cr.hub.dispatch(store.Event{Class: code, Kind: "waiting"})
	}
	return nil
}

// union is a with b's codes that it lacks appended.
func union(a, b []string) []string {
	for _, code := range b {
		if !slices.Contains(a, code) {
			a = append(a, code)
		}
	}
	return a
}

// stamp is a signed send stamp: device's send with id send to class code
// reached a server at at: "<Unix ms>-<signature>".
func (cr *Room) stamp(code, device, send string, at time.Time) string {
	ms := strconv.FormatInt(at.UnixMilli(), 10)
	return ms + "-" + cr.device.sign(stampText(code, device, send, ms))
}

func stampText(code, device, send, ms string) string {
	return strings.Join([]string{"send stamp", code, device, send, ms}, "\x00")
}

// stampTime is when a send stamp says its send reached a server; ok false
// for a stamp of another send (or device, or class), or not ours.
func (cr *Room) stampTime(s, code, device, send string) (time.Time, bool) {
	ms, sig, ok := strings.Cut(s, "-")
	n, err := strconv.ParseInt(ms, 10, 64)
	if !ok || err != nil || n <= 0 || strconv.FormatInt(n, 10) != ms || len(s) > 128 || send == "" {
		return time.Time{}, false
	}
	want := cr.device.sign(stampText(code, device, send, ms))
	return time.UnixMilli(n), len(cr.device.key) > 0 && hmac.Equal([]byte(sig), []byte(want))
}

// answerSend is the request's send (sendOf), first sent at the earlier of
// its arrival (arrivalOf) and what a valid stamp of it says, with its
// grace after the deadline.
func (cr *Room) answerSend(r *http.Request, code, device string) store.Send {
	s := sendOf(r)
	s.At, s.Grace = arrivalOf(r), sendGrace
	if at, ok := cr.stampTime(r.PostForm.Get("stamp"), code, device, s.ID); ok && at.Before(s.At) {
		s.At = at
	}
	return s
}

// answerWaits notes an answer the store failed to save and returns the
// stamp its resends carry, saying it arrived at s.At (so at the time of the
// stamp it came with, if any). The class's teacher screens on this replica
// are told.
func (cr *Room) answerWaits(code string, qid int, device string, s store.Send) string {
	cr.down.wait(code, qid, device, time.Now())
	cr.hub.dispatch(store.Event{Class: code, Kind: "waiting"}) // this replica's only: the store is down
	return cr.stamp(code, device, s.ID, s.At)
}
