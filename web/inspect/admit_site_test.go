package inspect_test

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"gaelab/web/clientip"
	"gaelab/web/store"
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// postFrom posts a small (unreadable) batch to path from remote, with
// header pairs.
func postFrom(h http.Handler, path, remote string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader("not a batch"))
	req.RemoteAddr = remote
	req.Header.Set("Content-Type", "application/octet-stream") // the API's uploads need one (415)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// TestInspectQuota: one address may send a burst of inspections (the API
// and the page's form count together), then is answered 429 with
// Retry-After and the limit, as JSON under /api/ and in the page's
// language on /inspect; another address keeps its own quota.
func TestInspectQuota(t *testing.T) {
	h := handler(t, webtest.Options{})
	const a, b = "198.51.100.7:4000", "203.0.113.5:4000"
	for i := range 10 {
		path := "/api/v1/inspect"
		if i%2 == 1 {
			path = "/inspect"
		}
		if rec := postFrom(h, path, a); rec.Code == http.StatusTooManyRequests {
			t.Fatalf("inspection %d of the burst refused: %s", i+1, rec.Body)
		}
	}
	rec := postFrom(h, "/api/v1/inspect", a)
	var e struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	json.Unmarshal(rec.Body.Bytes(), &e)
	retry, _ := strconv.Atoi(rec.Header().Get("Retry-After"))
	if rec.Code != http.StatusTooManyRequests || e.Error.Code != "rate_limited" || !strings.Contains(e.Error.Message, "at most 60 an hour, in bursts of up to 10") || retry < 1 || retry > 60 {
		t.Errorf("11th API inspection: %d Retry-After %q %s, want 429 rate_limited naming the limit", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
	rec = postFrom(h, "/inspect", a, "Accept-Language", "zh")
	if rec.Code != http.StatusTooManyRequests || !strings.Contains(rec.Body.String(), "每小时最多 60 个") {
		t.Errorf("11th page inspection: %d %.300s, want 429 in Chinese", rec.Code, rec.Body)
	}
	if rec := postFrom(h, "/api/v1/inspect", b); rec.Code == http.StatusTooManyRequests {
		t.Errorf("another address shares the quota: %s", rec.Body)
	}
}

// TestTrustedProxyQuotas: behind a trusted proxy, two clients named by
// X-Forwarded-For have separate quotas; a client that is not a trusted
// proxy cannot pick its bucket with X-Forwarded-For.
func TestTrustedProxyQuotas(t *testing.T) {
	trusted, _ := clientip.ParseTrusted("10.0.0.0/8")
	h := handler(t, webtest.Options{TrustProxy: trusted, InspectBurst: 2})
	const proxy, direct = "10.0.0.2:3000", "203.0.113.9:3000"
	for range 2 {
		postFrom(h, "/api/v1/inspect", proxy, "X-Forwarded-For", "198.51.100.1")
	}
	if rec := postFrom(h, "/api/v1/inspect", proxy, "X-Forwarded-For", "198.51.100.1"); rec.Code != http.StatusTooManyRequests {
		t.Errorf("client 1's third inspection: %d, want 429", rec.Code)
	}
	if rec := postFrom(h, "/api/v1/inspect", proxy, "X-Forwarded-For", "198.51.100.2"); rec.Code == http.StatusTooManyRequests {
		t.Errorf("client 2 behind the same proxy shares client 1's quota")
	}
	// A spoofed header from outside names nobody: the direct client's own
	// address is charged, whatever it claims.
	for i := range 3 {
		rec := postFrom(h, "/api/v1/inspect", direct, "X-Forwarded-For", "192.0.2."+strconv.Itoa(i))
		if i == 2 && rec.Code != http.StatusTooManyRequests {
			t.Errorf("an untrusted client escaped its quota with X-Forwarded-For: %d", rec.Code)
		}
	}
}

// TestFullTensorsRefusedBeforeAnalysis: ?full=1 on a batch past
// inspect.MaxFull is refused by its shape (413), before its analysis is
// computed: the request allocates less than the analysis, by at least two
// of the three [B][R] matrices an analysis always computes (the chosen
// release's raw and whitened advantages and returns; its candidates are
// streamed row by row, so the analysis no longer costs several times the
// tensors read, which this test asked until the check streamed them).
func TestFullTensorsRefusedBeforeAnalysis(t *testing.T) {
	h := handler(t, webtest.Options{InspectBurst: 100})
	const B, R = 512, 2560
	data := checkedNPZ(B, R) // 1,310,720 elements per tensor
	post := func(query string) (int, uint64) {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		req := httptest.NewRequest(http.MethodPost, "/api/v1/inspect?"+query, bytes.NewReader(data))
		req.Header.Set("Content-Type", "application/octet-stream")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		runtime.ReadMemStats(&after)
		return rec.Code, after.TotalAlloc - before.TotalAlloc
	}
	code, refused := post("full=1")
	if code != http.StatusRequestEntityTooLarge {
		t.Fatalf("full=1 on 512 × 2,560: %d, want 413", code)
	}
	code, analysed := post("")
	t.Logf("refused: %d MB allocated; analysed (%d): %d MB", refused>>20, code, analysed>>20)
	if matrix := uint64(8 * B * R); refused+2*matrix > analysed {
		t.Errorf("refusing full=1 allocated %d MB, analysing the batch %d MB (a [B][R] matrix is %d MB): the refusal came after the analysis", refused>>20, analysed>>20, matrix>>20)
	}
}

// checkedNPZ is a B×R f32 .npz batch with the run's advantages and
// returns, which match no release: the check tries every candidate. It
// compresses to a few hundred KB.
func checkedNPZ(B, R int) []byte {
	npy := func(fill func(t int) float32) []byte {
		h := fmt.Sprintf("{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }", B, R)
		h += strings.Repeat(" ", 63-(10+len(h))%64) + "\n"
		out := binary.LittleEndian.AppendUint16([]byte("\x93NUMPY\x01\x00"), uint16(len(h)))
		out = append(out, h...)
		for range B {
			for t := range R {
				out = binary.LittleEndian.AppendUint32(out, math.Float32bits(fill(t)))
			}
		}
		return out
	}
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	for name, fill := range map[string]func(t int) float32{
		"response_mask":       func(int) float32 { return 1 },
		"token_level_rewards": func(t int) float32 { return float32(t / (R - 1)) },
		"values":              func(int) float32 { return 0.5 },
		"advantages":          func(int) float32 { return 0.25 },
		"returns":             func(int) float32 { return 0.75 },
	} {
		w, _ := z.Create(name + ".npy")
		w.Write(npy(fill))
	}
	z.Close()
	return buf.Bytes()
}

// TestViewsShareOneAnalysis: the views of an upload whose analysis is not
// cached, asked at once, wait for the one analysis slot and then share
// the analysis the first computed: every one is answered 200, none 503.
func TestViewsShareOneAnalysis(t *testing.T) {
	st := stores.SQLite(t)
	h := handler(t, webtest.Options{Store: st, InspectConcurrent: 1, InspectWait: 30 * time.Second})
	up, err := st.PutUpload(t.Context(), "test", webtest.UploadBatch(128, 1024), store.UploadLimits{TTL: time.Hour, PerAddrDay: 1 << 30, MaxTotal: 1 << 30}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	codes := make(chan int, 6)
	for range cap(codes) {
		go func() { codes <- webtest.Serve(h, "GET", "/inspect/"+up.ID+"/summary.json?lam=0.9", nil).Code }()
	}
	for range cap(codes) {
		if c := <-codes; c != http.StatusOK {
			t.Errorf("a view asked at the same time as five others: %d", c)
		}
	}
}
