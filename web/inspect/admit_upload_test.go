package inspect_test

import (
	"bufio"
	"bytes"
	"fmt"
	"gaelab/web/webtest"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// trickleUpload opens a connection to srv, sends the headers of a POST to
// path announcing a 1 MB body, then one byte every interval until stop is
// closed. It returns the connection, to read the answer from.
func trickleUpload(t *testing.T, srv *httptest.Server, path string, interval time.Duration, stop <-chan struct{}, wg *sync.WaitGroup, header ...string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	extra := ""
	for i := 0; i+1 < len(header); i += 2 {
		extra += header[i] + ": " + header[i+1] + "\r\n"
	}
	ct := "application/octet-stream"
	if !strings.HasPrefix(path, "/api/") {
		ct = "multipart/form-data; boundary=b" // the page's form
	}
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: gaelab.test\r\nContent-Type: %s\r\nContent-Length: 1000000\r\n%s\r\n", path, ct, extra)
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(interval)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				if _, err := conn.Write([]byte{'x'}); err != nil {
					return
				}
			}
		}
	}()
	return conn
}

// TestSlowUploadsDoNotStarvePages: 40 uploads trickling one byte every
// 100 ms (more than the 32 page slots) must not keep /play from answering
// 200 at once: uploads have their own slots.
func TestSlowUploadsDoNotStarvePages(t *testing.T) {
	srv := httptest.NewServer(handler(t, webtest.Options{UploadReadTimeout: 30 * time.Second}))
	defer srv.Close()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := range 40 {
		path := "/api/v1/inspect"
		if i%2 == 1 {
			path = "/inspect"
		}
		conn := trickleUpload(t, srv, path, 100*time.Millisecond, stop, &wg)
		defer conn.Close()
	}
	defer wg.Wait()
	defer close(stop)
	time.Sleep(500 * time.Millisecond) // every upload's handler is running or shed

	client := &http.Client{Timeout: 5 * time.Second}
	for i := range 5 {
		start := time.Now()
		resp, err := client.Get(srv.URL + fmt.Sprintf("/play?lam=0.9%d", i))
		if err != nil {
			t.Fatalf("GET /play during slow uploads: %v", err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET /play during slow uploads: %d after %v, want 200", resp.StatusCode, time.Since(start))
		}
		t.Logf("GET /play during 40 slow uploads: 200 in %v", time.Since(start))
	}
}

// TestSlowUploadIsCut: an upload below the minimum rate is stopped after
// the grace period and answered 408 in the request's language (JSON under
// /api/), well before its read deadline.
func TestSlowUploadIsCut(t *testing.T) {
	srv := httptest.NewServer(handler(t, webtest.Options{UploadReadTimeout: 30 * time.Second,
		BodyMinRate: 1024, BodyRateGrace: 300 * time.Millisecond, BodyRateFrom: 300 * time.Millisecond}))
	defer srv.Close()
	tests := []struct {
		path, lang, want string
	}{
		{"/inspect", "zh", "上传太慢（低于 1 KiB/s"},
		{"/inspect", "en", "The upload arrived too slowly (under 1 KiB/s"},
		{"/api/v1/inspect", "zh", `"code":"too_slow"`},
	}
	for _, tt := range tests {
		stop := make(chan struct{})
		var wg sync.WaitGroup
		start := time.Now()
		conn := trickleUpload(t, srv, tt.path, 50*time.Millisecond, stop, &wg, "Accept-Language", tt.lang)
		conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		took := time.Since(start)
		if err != nil {
			t.Fatalf("%s: no answer: %v", tt.path, err)
		}
		var body strings.Builder
		bufio.NewReader(resp.Body).WriteTo(&body)
		close(stop)
		conn.Close()
		wg.Wait()
		if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(body.String(), tt.want) {
			t.Errorf("%s (%s): %d %q, want 408 with %q", tt.path, tt.lang, resp.StatusCode, body.String(), tt.want)
		}
		if took > 5*time.Second {
			t.Errorf("%s: cut after %v, want about the grace period and a window (0.6 s)", tt.path, took)
		}
		t.Logf("%s: 20 B/s upload cut after %v", tt.path, took)
	}
	// A batch sent at full speed is read whole and analysed as before.
	resp, err := http.Post(srv.URL+"/api/v1/inspect", "application/octet-stream", bytes.NewReader(webtest.UploadBatch(64, 1024)))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("an upload at full speed: %d, want 200", resp.StatusCode)
	}
}
