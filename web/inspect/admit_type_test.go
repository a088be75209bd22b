package inspect_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gaelab/web/webtest"
)

// TestUploadContentType: POST /api/v1/inspect takes a body of JSON,
// octet-stream (or the file's own type) or a multipart form with its
// file; another type, or none, is 415 naming the types taken (the JSON
// API's error), whatever ?format= says. On main text/plain and a body
// with no Content-Type were analysed (issue #32, point 8).
func TestUploadContentType(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "gen_case_verl_keys.json"))
	if err != nil {
		t.Fatal(err)
	}
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	f, _ := mw.CreateFormFile("file", "batch.json")
	f.Write(data)
	mw.Close()
	h := webtest.Routes()
	for i, tc := range []struct {
		ct, query, lang string
		body            []byte
		want            int
		says            string
	}{
		{"text/plain", "", "en", data, 415, `"code":"unsupported_media_type","field":"Content-Type","message":"This address takes a body of Content-Type application/json, application/octet-stream, multipart/form-data."`},
		{"", "", "en", data, 415, `"field":"Content-Type"`},
		{"text/plain", "?format=json", "zh", data, 415, "unsupported_media_type"}, // the API speaks English
		{"application/x-www-form-urlencoded", "", "en", data, 415, "unsupported_media_type"},
		{"application/json; charset=utf-8", "", "en", data, 200, `"verdict"`},
		{"application/octet-stream", "", "en", data, 200, `"verdict"`},
		{mw.FormDataContentType(), "", "en", form.Bytes(), 200, `"verdict"`},
	} {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/inspect"+tc.query, bytes.NewReader(tc.body))
		req.RemoteAddr = fmt.Sprintf("198.51.100.%d:1", 10+i) // each its own hourly quota
		if tc.ct != "" {
			req.Header.Set("Content-Type", tc.ct)
		}
		req.Header.Set("Accept-Language", tc.lang)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tc.want || !strings.Contains(rec.Body.String(), tc.says) {
			t.Errorf("%q%s: %d %.300s; want %d with %q", tc.ct, tc.query, rec.Code, rec.Body, tc.want, tc.says)
		}
	}
}
