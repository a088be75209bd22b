package web

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// halfClosedHeader marks a test request that halfClosingServer holds until
// net/http has cancelled its context. It is not one of varyHeaders: the
// request shares its ETag with the same request without it.
const halfClosedHeader = "Test-Half-Closed"

// halfClosingServer serves h on 127.0.0.1. A request with halfClosedHeader
// reaches h only once its client has half-closed the connection and
// net/http has cancelled its context, so that h renders for a client that
// left every time, not only when it loses the race against the render.
func halfClosingServer(t *testing.T, h http.Handler) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get(halfClosedHeader) != "" {
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
				t.Errorf("%s: the half-closed request's context was not cancelled", r.URL)
			}
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// halfClose sends GET target with header over a raw TCP connection, closes
// its side of the connection (CloseWrite) at once, as the red team's client
// did, and returns what came back (nothing, when the answer was aborted).
func halfClose(t *testing.T, addr, target string, header http.Header) *http.Response {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	req, _ := http.NewRequest("GET", "http://"+addr+target, nil)
	req.Header = header.Clone()
	req.Header.Set(halfClosedHeader, "1")
	if err := req.Write(conn); err != nil {
		t.Fatal(err)
	}
	conn.(*net.TCPConn).CloseWrite()
	resp, err := http.ReadResponse(bufio.NewReader(conn), req)
	if err != nil {
		return nil // aborted: no answer at all
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		resp.StatusCode = -1 // cut short
	}
	return resp
}

// plainBody is an answer's body as the client reads it: gunzipped when it
// came gzipped, with an error for a gzip stream that stops short.
func plainBody(header http.Header, body []byte) ([]byte, error) {
	if header.Get("Content-Encoding") != "gzip" {
		return body, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// A client that sends a GET and half-closes its side makes net/http cancel
// the request's context while the answer is made: templ stops rendering.
// That short answer is never kept: the next client of the same link gets
// the whole answer, for every kind of answer the answer cache keeps (pages,
// a lesson, the glossary, a chart, an htmx fragment) and with and without
// gzip. The client that half-closed gets no 200 with a short body either.
func TestCacheKeepsOnlyWholeAnswersAfterHalfClose(t *testing.T) {
	fragment := http.Header{"Hx-Request": {"true"}, "Hx-Target": {"results"}}
	cases := []struct {
		target string
		header http.Header
	}{
		{"/play?v=1&p=seed-a&lam=0.77", nil},
		{"/compare/variance?v=1&p=seed-b&lam=0.7&n=20", nil},
		{"/lessons/gae", nil},
		{"/glossary", nil},
		{"/play/chart/values.svg?v=1&p=seed-a&lam=0.77", nil},
		{"/play?v=1&p=seed-a&lam=0.5", fragment},
	}
	fresh := newRouter(Options{})
	srv := halfClosingServer(t, newRouter(Options{}))
	addr := srv.Listener.Addr().String()
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	for _, enc := range []string{"", "gzip"} {
		for _, c := range cases {
			header := c.header.Clone()
			if header == nil {
				header = http.Header{}
			}
			if enc != "" {
				header.Set("Accept-Encoding", enc)
			}
			ref := httptest.NewRecorder()
			refReq := httptest.NewRequest("GET", c.target, nil)
			refReq.Header = header.Clone()
			fresh.ServeHTTP(ref, refReq)
			want, err := plainBody(ref.Header(), ref.Body.Bytes())
			if ref.Code != http.StatusOK || err != nil || len(want) == 0 {
				t.Fatalf("%s (%q): the reference answer is %d, %d bytes, %v", c.target, enc, ref.Code, len(want), err)
			}

			if left := halfClose(t, addr, c.target, header); left != nil && left.StatusCode == http.StatusOK {
				raw, _ := io.ReadAll(left.Body)
				if got, err := plainBody(left.Header, raw); err != nil || !bytes.Equal(got, want) {
					t.Errorf("%s (%q): the client that half-closed got a 200 of %d bytes (%v), want the whole %d or no 200",
						c.target, enc, len(got), err, len(want))
				}
			}

			req, _ := http.NewRequest("GET", srv.URL+c.target, nil)
			req.Header = header.Clone()
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			got, err := plainBody(resp.Header, raw)
			if resp.StatusCode != http.StatusOK || err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s (%q): after a half-closed request the next client got %d, %d bytes (%v), want 200 and the whole %d",
					c.target, enc, resp.StatusCode, len(got), err, len(want))
			}
		}
	}
}

// An answer whose handler outlives the handler timeout, and one whose
// handler saw its client leave, is not kept, even when the handler goes on
// to write it: the next request is made afresh. A test route behind the
// pages group's own middleware stands for a slow page.
func TestCacheKeepsNothingPastTheDeadlineOrTheClient(t *testing.T) {
	rt := newRouter(Options{HandlerTimeout: 250 * time.Millisecond})
	var calls atomic.Int32
	rt.pages.Get("/test/slow", func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			<-r.Context().Done() // the deadline, or the client half-closing
			w.Write([]byte("half a pa"))
			return
		}
		w.Write([]byte("the whole page"))
	})
	srv := halfClosingServer(t, rt)
	for _, tc := range []struct {
		name  string
		first func(target string)
	}{
		{"past the deadline", func(target string) {
			resp, err := http.Get(srv.URL + target)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusServiceUnavailable {
				t.Errorf("past the deadline: %d, want 503", resp.StatusCode)
			}
		}},
		{"half-closed", func(target string) {
			// As http.Get asks: the same ETag.
			halfClose(t, srv.Listener.Addr().String(), target, http.Header{"Accept-Encoding": {"gzip"}})
		}},
	} {
		calls.Store(0)
		target := "/test/slow?case=" + strings.ReplaceAll(tc.name, " ", "-")
		tc.first(target)
		deadline := time.Now().Add(5 * time.Second)
		for calls.Load() < 1 && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		// The first request is in flight from before its handler starts
		// until its answer is kept or dropped: the next one waits for it.
		resp, err := http.Get(srv.URL + target)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || string(body) != "the whole page" {
			t.Errorf("%s: the next client got %d %q, want 200 %q", tc.name, resp.StatusCode, body, "the whole page")
		}
	}
}
