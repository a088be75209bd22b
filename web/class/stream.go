package class

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/go-chi/chi/v5"

	"gaelab/templates"
	"gaelab/web/clientip"
	"gaelab/web/i18n"
	"gaelab/web/store"
)

// Timing of the live streams.
const (
	streamHeartbeat     = 15 * time.Second // a comment line keeps proxies and phones from dropping the stream
	streamWriteDeadline = 10 * time.Second // one event must be written within this, else the stream ends
	streamRetryMillis   = "2000"           // the browser's reconnect delay
	phoneJitter         = 400 * time.Millisecond
)

// stream serves one Server-Sent Events stream that follows a class: it
// sends event name with render's HTML at once (so a reconnect catches up),
// then again after each event of the given kinds, and a heartbeat comment
// every streamHeartbeat. It runs outside the handler timeout and the page
// slots, under the hub's caps for who opens it (refuseStream past them),
// with a write deadline per event through http.ResponseController. A
// countdown (nil for none) that render sets adds the timer's events.
func (cr *Room) stream(w http.ResponseWriter, r *http.Request, code string, who Viewer, event string, kinds []string, jitter time.Duration, cd *countdown, render func(ctx context.Context) (templ.Component, error)) {
	f, err := cr.hub.Follow(code, who, kinds...)
	if errors.Is(err, ErrStreamsFull) {
		refuseStream(w)
		return
	}
	defer cr.hub.Leave(f)
	sse := newSSEStream(w, event, render)
	if err := sse.write([]byte("retry: " + streamRetryMillis + "\n\n")); err != nil {
		return
	}
	if err := sse.send(r.Context()); err != nil {
		cr.streamEnd(r, err)
		return
	}
	beat := time.NewTicker(streamHeartbeat)
	defer beat.Stop()
	tick := cd.next(time.Now())
	for {
		select {
		case <-r.Context().Done():
			return
		case <-tick:
			if err := cd.tick(r.Context(), sse, time.Now()); err != nil {
				cr.streamEnd(r, err)
				return
			}
			tick = cd.next(time.Now())
		case <-f.Replaced: // a newer screen of the class has its place: say so, and do not come back by itself
			var b bytes.Buffer
			templates.ClassLivePanel(templates.ClassLive{Replaced: i18n.Of(r).T("class.screen.replaced")}).Render(r.Context(), &b)
			if sse.write([]byte("retry: "+strconv.FormatInt(replacedRetry.Milliseconds(), 10)+"\n\n")) == nil {
				sse.write(sseEvent(event, b.String()))
			}
			return
		case <-f.C:
			if jitter > 0 { // a room of phones woken at once spreads its reads and renders
				select {
				case <-time.After(rand.N(jitter)):
				case <-r.Context().Done():
					return
				}
			}
			if err := sse.send(r.Context()); err != nil {
				cr.streamEnd(r, err)
				return
			}
			tick = cd.next(time.Now())
		case <-beat.C:
			if err := sse.write([]byte(": heartbeat\n\n")); err != nil {
				return
			}
		}
	}
}

// sseStream writes one event stream: each write under its own deadline
// and flushed at once, each event rendered afresh.
type sseStream struct {
	w      http.ResponseWriter
	rc     *http.ResponseController
	event  string
	render func(ctx context.Context) (templ.Component, error)
	buf    bytes.Buffer
}

// newSSEStream answers 200 with an unbuffered, uncached event stream that
// the server's read timeout does not end.
func newSSEStream(w http.ResponseWriter, event string, render func(ctx context.Context) (templ.Component, error)) *sseStream {
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{}) // the server's ReadTimeout would otherwise end the stream
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	return &sseStream{w: w, rc: rc, event: event, render: render}
}

func (s *sseStream) write(b []byte) error {
	s.rc.SetWriteDeadline(time.Now().Add(streamWriteDeadline))
	if _, err := s.w.Write(b); err != nil {
		return err
	}
	return s.rc.Flush()
}

// send renders the event's current HTML and writes it.
func (s *sseStream) send(ctx context.Context) error {
	c, err := s.render(ctx)
	if err != nil {
		return renderError{err}
	}
	s.buf.Reset()
	if err := c.Render(ctx, &s.buf); err != nil {
		return err
	}
	return s.write(sseEvent(s.event, s.buf.String()))
}

// streamEnd logs why a stream stopped, unless the client left.
func (cr *Room) streamEnd(r *http.Request, err error) {
	if r.Context().Err() == nil && !errors.Is(err, store.ErrNotFound) {
		cr.logger.Warn("class stream", "route", routePattern(r), "err", err)
		if errors.As(err, new(renderError)) { // the store's, not a phone that left
			cr.storeFailed(r)
		}
	}
}

// renderError is a stream's failure to render its event (the store's
// reads), as opposed to a failure to write it.
type renderError struct{ err error }

func (e renderError) Error() string { return e.err.Error() }
func (e renderError) Unwrap() error { return e.err }

// sseEvent frames HTML as one Server-Sent Event: one data line per line.
func sseEvent(name, data string) []byte {
	var b bytes.Buffer
	b.WriteString("event: " + name + "\n")
	for _, line := range strings.Split(data, "\n") {
		b.WriteString("data: " + strings.TrimSuffix(line, "\r") + "\n")
	}
	b.WriteString("\n")
	return b.Bytes()
}

// handleClassTeachEvents handles the "GET /class/{code}/teach/events"
// route: the live panel (answer count, then results) for the class's
// teacher: the controls' with its Reveal form, or with view=wall the
// wall's, without a form or a token. A ?k= is answered as the controls
// answer it (teacherPage): never a stream with the key in its URL.
func (cr *Room) handleClassTeachEvents(w http.ResponseWriter, r *http.Request) {
	c, ok := cr.teacherPage(w, r)
	if !ok {
		return
	}
	lang := i18n.Of(r)
	csrf := "" // the wall's panel: no form (live)
	if !wallView(r) {
		csrf = cr.csrfToken(w, r)
	}
	cd := &countdown{lang: lang}
	kinds := []string{"ask", "answer", "reveal", "join", "flow", "show", "end", "waiting"}
	kind := "controls"
	if wallView(r) {
		kind = "wall"
	}
	cr.stream(w, r, c.Code, Viewer{Teacher: true, Kind: kind}, "live", kinds, 0, cd, func(ctx context.Context) (templ.Component, error) {
		l, err := cr.teacherLive(ctx, lang, c.Code, csrf)
		if err != nil && ctx.Err() == nil { // the store is down: say what waits for it
			cr.down.fail(time.Now())
			return templates.ClassLivePanel(templates.ClassLive{Waiting: lang.Plural("class.busy.waiting", cr.down.waitingIn(c.Code))}), nil
		}
		cd.set(l.Flow.Deadline)
		return templates.ClassLivePanel(l), err
	})
}

// teacherLive is the teacher's live panel of class code, or that it ended.
func (cr *Room) teacherLive(ctx context.Context, lang i18n.Lang, code, csrf string) (templates.ClassLive, error) {
	c, err := cr.st.Class(ctx, code, time.Now())
	if errors.Is(err, store.ErrNotFound) {
		return templates.ClassLive{None: lang.T("class.flow.ended")}, nil
	}
	if err != nil {
		return templates.ClassLive{}, err
	}
	return cr.live(ctx, lang, c, csrf)
}

// handleClassEvents handles the "GET /class/{code}/events" route: a
// phone's current question, sent again when the teacher asks or reveals.
// It never carries other students' answers.
func (cr *Room) handleClassEvents(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) {
		return
	}
	c, ok := cr.loadClass(w, r, chi.URLParam(r, "code"))
	if !ok {
		return
	}
	lang := i18n.Of(r)
	device, _ := cr.deviceID(w, r)
	csrf := cr.csrfToken(w, r)
	cd := &countdown{lang: lang}
	cr.stream(w, r, c.Code, Viewer{Addr: clientip.Addr(r)}, "question", phoneKinds, phoneJitter, cd, func(ctx context.Context) (templ.Component, error) {
		c, q, err := cr.phoneClass(ctx, c.Code)
		if errors.Is(err, store.ErrNotFound) {
			return templates.PhoneQuestionPanel(templates.PhoneQuestion{Wait: lang.T("class.flow.ended")}), nil
		}
		if err != nil {
			return nil, err
		}
		pq, err := cr.phoneQuestion(ctx, lang, c, q, device, csrf, "")
		cd.set(pq.Flow.Deadline)
		return templates.PhoneQuestionPanel(pq), err
	})
}
