package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gaelab/web/api"
	"gaelab/web/api/golden"
	"gaelab/web/webtest"
)

// Every golden case through a real HTTP server gives exactly what
// api.Compute gives (which the api package checks against verl's numbers).
func TestComputeOverHTTPGolden(t *testing.T) {
	srv := httptest.NewServer(webtest.Routes())
	defer srv.Close()
	for _, c := range golden.Cases(t) {
		t.Run(c.ID, func(t *testing.T) {
			resp, err := http.Post(srv.URL+"/api/v1/compute", "application/json", bytes.NewReader(c.Raw))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			want, perr := api.Compute(c.Raw)
			if perr != nil {
				t.Fatal(perr)
			}
			if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" || !bytes.Equal(body, want) {
				t.Errorf("status %d, type %q, body %.120s…; want 200 application/json and api.Compute's answer", resp.StatusCode, resp.Header.Get("Content-Type"), body)
			}
		})
	}
}

func TestComputeOverHTTPBadInput(t *testing.T) {
	srv := httptest.NewServer(webtest.Routes())
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/api/v1/compute", "application/json", strings.NewReader(`{"inputs": {"response_mask": [[1, 0.5]]}}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e struct {
		Error api.Error `json:"error"`
	}
	json.NewDecoder(resp.Body).Decode(&e)
	if resp.StatusCode != 400 || e.Error.Field != "inputs.response_mask[0][1]" || e.Error.Code != "invalid_mask" {
		t.Errorf("status %d, error %+v; want 400 invalid_mask at inputs.response_mask[0][1]", resp.StatusCode, e.Error)
	}
}
