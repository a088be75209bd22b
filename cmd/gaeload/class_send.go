package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// The phones' side of an answer and of a stream, as static/class-answer.js
// and the browser's EventSource do them.

// Backoff of a failed answer send: 0.5, 1, 2, 4, 8, 8, … s, ±25 %.
const (
	sendFirstDelay = 500 * time.Millisecond
	sendMaxDelay   = 8 * time.Second
)

// sendDelay is the wait before resend number attempt+1.
func sendDelay(attempt int) time.Duration {
	d := sendMaxDelay
	if attempt < 5 {
		d = min(sendMaxDelay, sendFirstDelay<<attempt)
	}
	return time.Duration(float64(d) * (0.75 + mrand.Float64()/2))
}

// newSendID is a fresh send id as class-answer.js makes it: "s", the
// sequence (Unix milliseconds now), "_" and 32 hex digits.
func newSendID() string {
	var b [16]byte
	rand.Read(b[:])
	return "s" + strconv.FormatInt(time.Now().UnixMilli(), 10) + "_" + hex.EncodeToString(b[:])
}

// sendAnswer posts an answer form with a fresh send id until the server
// acknowledges it (303), sending the same request again after a network
// error, a 5xx or a 429 (sendDelay, and no sooner than a Retry-After),
// with the first send stamp one of them gave it, as class-answer.js does. It returns the time
// from the first send to the acknowledgement and how many sends failed; an
// error for a refusal (4xx) or when ctx ends first.
func sendAnswer(ctx context.Context, hc *http.Client, u string, form url.Values) (took time.Duration, failed int, err error) {
	form.Set("send", newSendID())
	body := form.Encode()
	start := time.Now()
	for attempt := 0; ; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", u, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Send-Id", form.Get("send")) // as class-answer.js: a shed send is stamped too
		resp, err := hc.Do(req)
		wait := sendDelay(attempt)
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			switch {
			case resp.StatusCode == http.StatusSeeOther:
				return time.Since(start), failed, nil
			case resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests:
				return time.Since(start), failed, errors.New("refused: " + resp.Status)
			}
			if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && secs > 0 {
				wait = max(wait, time.Duration(float64(secs)*float64(time.Second)*(1+mrand.Float64()/4)))
			}
			if stamp := resp.Header.Get("Send-Stamp"); stamp != "" && !form.Has("stamp") {
				form.Set("stamp", stamp) // judged as sent at its first arrival, as class-answer.js keeps it
				body = form.Encode()
			}
		}
		failed++
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return time.Since(start), failed, fmt.Errorf("not acknowledged after %d sends: %w", failed, ctx.Err())
		}
	}
}

// follow reads a Server-Sent Events stream and calls fn with each event's
// data, reconnecting after the stream's retry delay (2 s) whenever it
// ends or cannot open, to whichever replica the balancer picks, until ctx
// ends. opened is called after each successful connection.
func follow(ctx context.Context, hc *http.Client, u string, opened func(), fn func(data string)) {
	for ctx.Err() == nil {
		req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
		resp, err := hc.Do(req)
		if err == nil && resp.StatusCode == http.StatusOK {
			opened()
			sseEvents(resp.Body, func(_, data string) { fn(data) })
		}
		if err == nil {
			resp.Body.Close()
		}
		select {
		case <-time.After(2 * time.Second):
		case <-ctx.Done():
		}
	}
}
