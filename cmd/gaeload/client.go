package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"syscall"
	"time"
)

// newHTTPClient is the HTTP client of one phase, shared by its clients like
// the connection pool of many browsers: up to clients idle connections are
// kept for reuse, each request (body included) has timeout, redirects are
// returned rather than followed (a 303 is a failure here) and no proxy from
// the environment is used. Go's transport asks for gzip and decompresses.
func newHTTPClient(clients int, timeout time.Duration) *http.Client {
	tr := &http.Transport{
		Proxy:                 nil,
		DialContext:           (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:          clients,
		MaxIdleConnsPerHost:   clients,
		IdleConnTimeout:       90 * time.Second,
		ResponseHeaderTimeout: timeout,
	}
	return &http.Client{
		Transport:     tr,
		Timeout:       timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// client is one student: it opens the lesson, then edits the playground,
// loading each state's charts and QR code, and re-opens the lesson every
// reopen edits, revalidating with the ETag it got.
type client struct {
	id      int
	base    string // "http://127.0.0.1:PORT"
	http    *http.Client
	lesson  string        // "/lessons/gae"
	reopen  int           // edits between re-opening the lesson; 0 never
	think   time.Duration // mean pause between edits
	arrival time.Duration // when it arrives, from the start of the phase
	rng     *rand.Rand
	etag    string
	samples []sample
}

// run plays the student until end; a request is never started after end, and
// the ones in flight finish (or time out).
func (c *client) run(ctx context.Context, end time.Time) {
	select {
	case <-ctx.Done():
		return
	case <-time.After(c.arrival):
	}
	if !c.openLesson(ctx, end) {
		return
	}
	for i := 0; ; i++ {
		e := editFor(c.id, i)
		link := "/play?" + e.query
		if !c.get(ctx, end, kindEdit, link, htmxHeaders, `id="results"`) {
			return
		}
		for _, name := range e.charts {
			if !c.get(ctx, end, kindChart, "/play/chart/"+name+".svg?"+e.query, nil, "</svg>") {
				return
			}
		}
		if !c.get(ctx, end, kindQR, "/qr.svg?u="+url.QueryEscape(link), nil, "</svg>") {
			return
		}
		if c.reopen > 0 && (i+1)%c.reopen == 0 && !c.openLesson(ctx, end) {
			return
		}
		if !c.pause(ctx, end) {
			return
		}
	}
}

// htmxHeaders are what htmx sends when the playground's editor swaps #results.
var htmxHeaders = map[string]string{"HX-Request": "true", "HX-Target": "results"}

// openLesson loads the lesson page, with If-None-Match when an earlier
// answer had an ETag.
func (c *client) openLesson(ctx context.Context, end time.Time) bool {
	var h map[string]string
	if c.etag != "" {
		h = map[string]string{"If-None-Match": c.etag}
	}
	return c.get(ctx, end, kindLesson, c.lesson, h, "</html>")
}

// pause waits about the think time (uniform in ½…1½ of it), not past end.
func (c *client) pause(ctx context.Context, end time.Time) bool {
	if c.think > 0 {
		d := time.Duration((0.5 + c.rng.Float64()) * float64(c.think))
		select {
		case <-ctx.Done():
			return false
		case <-time.After(min(d, time.Until(end))):
		}
	}
	return time.Now().Before(end) && ctx.Err() == nil
}

// get sends one request and records it. A 200 must hold want in its body; a
// 304 counts as a success. It returns false when the phase is over.
func (c *client) get(ctx context.Context, end time.Time, k kind, path string, header map[string]string, want string) bool {
	if !time.Now().Before(end) || ctx.Err() != nil {
		return false
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		c.samples = append(c.samples, sample{kind: k, fail: "request: " + err.Error()})
		return true
	}
	req.Header.Set("Accept-Language", "en-US,en;q=0.9")
	for name, value := range header {
		req.Header.Set(name, value)
	}
	start := time.Now()
	resp, err := c.http.Do(req)
	var body []byte
	if err == nil {
		body, err = io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	s := sample{kind: k, latency: time.Since(start)}
	if err != nil {
		s.fail = transportFailure(ctx, err)
		c.samples = append(c.samples, s)
		return true
	}
	s.status = resp.StatusCode
	s.fail = statusFailure(resp.StatusCode, body, want)
	s.retryAfter = resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") != ""
	if k == kindLesson && resp.StatusCode == http.StatusOK {
		c.etag = resp.Header.Get("ETag")
	}
	c.samples = append(c.samples, s)
	return true
}

// statusFailure is why an answer is a failure, or "".
func statusFailure(status int, body []byte, want string) string {
	switch {
	case status == http.StatusNotModified:
		return ""
	case status == http.StatusSeeOther:
		return "status 303 (a redirect: the link was not canonical)"
	case status != http.StatusOK:
		return fmt.Sprintf("status %d", status)
	case !bytes.Contains(body, []byte(want)):
		return fmt.Sprintf("200 without %s in the body", want)
	}
	return ""
}

// addrRE matches the addresses in network errors, which differ per
// connection, so that failures of one cause are counted together.
var addrRE = regexp.MustCompile(`[\d.]+:\d+(->[\d.]+:\d+)?`)

// transportFailure names a failed exchange: a timeout, the hard time limit,
// a reset or refused connection, or the error without addresses.
func transportFailure(ctx context.Context, err error) string {
	var ne net.Error
	switch {
	case ctx.Err() != nil:
		return "cancelled at the hard time limit"
	case errors.As(err, &ne) && ne.Timeout(), errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "connection closed by the server"
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return "transport: " + addrRE.ReplaceAllString(err.Error(), "ADDR")
}
