package inspect_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gaelab/web/store"
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// BenchmarkInspectAPI256x4096: the budget, a 256 × 4,096 f32
// upload to its summary through the whole handler stack (≤ 1.5 s).
func BenchmarkInspectAPI256x4096(b *testing.B) {
	h := handler(b, webtest.Options{})
	data := webtest.UploadBatch(256, 4096)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/api/v1/inspect?lam=0.95", bytes.NewReader(data))
		req.Header.Set("Content-Type", "application/octet-stream")
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code, rec.Body.String())
		}
	}
}

// BenchmarkInspectRowView: a row drill-down of a stored 256 × 4,096 batch
// once its page has been shown (≤ 50 ms).
func BenchmarkInspectRowView(b *testing.B) {
	st := stores.SQLite(b)
	h := handler(b, webtest.Options{Store: st})
	up, err := st.PutUpload(context.Background(), "bench", webtest.UploadBatch(256, 4096), store.UploadLimits{TTL: time.Hour, PerAddrDay: 1 << 30, MaxTotal: 1 << 30}, time.Now())
	if err != nil {
		b.Fatal(err)
	}
	id := up.ID
	get := func(path string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != 200 {
			b.Fatal(path, rec.Code, strings.TrimSpace(rec.Body.String()))
		}
	}
	get("/inspect/" + id)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		get("/inspect/" + id + "/row/" + []string{"7", "100", "255"}[i%3] + "?from=2048")
	}
}

// BenchmarkInspectUpload256x4096: the form's path for the budget
// (≤ 1.5 s, peak RSS ≤ 400 MB): a 256 × 4,096 f32 upload through POST
// /inspect (read, analysed, stored in SQLite) and its first view.
func BenchmarkInspectUpload256x4096(b *testing.B) {
	h := handler(b, webtest.Options{Store: stores.SQLite(b)})
	data := webtest.UploadBatch(256, 4096)
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "batch.safetensors")
	fw.Write(data)
	mw.WriteField("lam", "0.95")
	mw.Close()
	b.SetBytes(int64(len(data)))
	for i := 0; b.Loop(); i++ {
		req := httptest.NewRequest(http.MethodPost, "/inspect", bytes.NewReader(body.Bytes()))
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.RemoteAddr = fmt.Sprintf("10.0.%d.%d:1234", i/250, i%250) // a fresh daily quota each time
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusSeeOther {
			b.Fatal(rec.Code, rec.Body.String())
		}
		view := rec.Header().Get("Location")
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, view, nil))
		if rec.Code != http.StatusOK {
			b.Fatal(view, rec.Code)
		}
	}
}
