package inspect_test

import (
	"bytes"
	"encoding/json"
	"gaelab/web/webtest"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// postInspect posts a fixture of web/inspect/testdata to /api/v1/inspect.
func postInspect(t *testing.T, h http.Handler, file, query, contentType string) *httptest.ResponseRecorder {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, "/api/v1/inspect?"+query, bytes.NewReader(data))
	if contentType == "" {
		contentType = "application/octet-stream" // the API's uploads need one (415)
	}
	req.Header.Set("Content-Type", contentType)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestInspectAPI(t *testing.T) {
	h := handler(t, webtest.Options{})
	rec := postInspect(t, h, "v02_eosleak.safetensors", "", "application/octet-stream")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("status %d, type %q: %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	var ans struct {
		Shape  [2]int `json:"shape"`
		Config struct {
			Lam float64 `json:"lam"`
			Ver string  `json:"ver"`
		} `json:"config"`
		Batch struct {
			ValidTokens       int       `json:"valid_tokens"`
			WhitenVarUnbiased float64   `json:"whiten_var_unbiased"`
			PositiveShare     []float64 `json:"positive_share_by_position"`
		} `json:"batch"`
		Rows  []map[string]any `json:"rows"`
		Check map[string]struct {
			MaxAbsDiff  *float64 `json:"max_abs_diff"`
			ExplainedBy *string  `json:"explained_by"`
			Matches     []string `json:"matches"`
		} `json:"check"`
		Full map[string][][]float64 `json:"full"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil {
		t.Fatal(err)
	}
	if ans.Shape != [2]int{6, 10} || ans.Config.Lam != 0.9 || ans.Config.Ver != "v0.9.0" || ans.Batch.ValidTokens != 37 ||
		len(ans.Batch.PositiveShare) != 10 || len(ans.Rows) != 6 || ans.Batch.WhitenVarUnbiased <= 0 {
		t.Errorf("answer: %+v", ans)
	}
	adv := ans.Check["advantages"]
	if adv.ExplainedBy == nil || *adv.ExplainedBy != "v0.2–v0.3.0.rc0" || adv.MaxAbsDiff == nil || *adv.MaxAbsDiff < 1e-3 {
		t.Errorf("check.advantages: %+v", adv)
	}
	if ans.Full != nil {
		t.Error("full tensors without ?full=1")
	}

	rec = postInspect(t, h, "newest_f32.npz", "full=1&lam=0.95", "application/zip")
	ans.Full = nil
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil || rec.Code != 200 {
		t.Fatalf("%d %v %s", rec.Code, err, rec.Body)
	}
	if len(ans.Full["advantages_whitened"]) != 6 || len(ans.Full["deltas"][5]) != 10 {
		t.Errorf("full tensors: %v", ans.Full)
	}
	if e := ans.Check["returns"].ExplainedBy; e == nil || *e != "exact" {
		t.Errorf("returns explained by %v, want exact", e)
	}
}

func TestInspectAPIErrors(t *testing.T) {
	h := handler(t, webtest.Options{InspectBurst: 100}) // more cases than the default quota's burst

	for _, tc := range []struct {
		file, query, contentType string
		status                   int
		code, field              string
	}{
		{"bad_pickle.npz", "", "", 400, "invalid_file", "values"},
		{"bad_nan.npz", "", "application/x-npz", 400, "invalid_number", "values"},
		{"bad_mask.npz", "format=npz", "", 400, "invalid_mask", "response_mask"},
		{"bad_offsets.safetensors", "format=safetensors", "", 400, "invalid_file", "values"},
		{"bomb_declared.npz", "", "", 400, "invalid_file", "values"},
		{"newest_f32.npz", "format=safetensors", "", 400, "invalid_file", ""},
		{"newest_f32.npz", "gamma=2", "", 400, "out_of_range", "gamma"},
		{"newest_f32.npz", "ver=v9", "", 400, "invalid_value", "ver"},
		{"newest_f32.npz", "evil=1", "", 400, "invalid_value", "evil"},
		{"newest_f32.npz", "", "text/html", 415, "unsupported_media_type", "Content-Type"},
		{"newest_f32.npz", "format=pdf", "", 400, "invalid_value", "format"},
	} {
		t.Run(tc.file+"?"+tc.query, func(t *testing.T) {
			rec := postInspect(t, h, tc.file, tc.query, tc.contentType)
			var e struct {
				Error struct{ Code, Field, Message string } `json:"error"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
				t.Fatalf("%d: %s", rec.Code, rec.Body)
			}
			if rec.Code != tc.status || e.Error.Code != tc.code || e.Error.Field != tc.field || e.Error.Message == "" {
				t.Errorf("got %d %+v, want %d %s at %q", rec.Code, e.Error, tc.status, tc.code, tc.field)
			}
		})
	}
	small := handler(t, webtest.Options{UploadBodyBytes: 1000})
	if rec := postInspect(t, small, "newest_f32.npz", "", ""); rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "too_large") {
		t.Errorf("over the body limit: %d %s", rec.Code, rec.Body)
	}
}

func TestInspectAPIJSONCase(t *testing.T) {
	body := `{"inputs": {"response_mask": [[1, 1, 1], [1, 1, 0]], "token_level_rewards": [[0, 0, 1], [0, 1, 0]],
	  "values": [[0.3, 0.4, 0.6], [0.2, 0.1, 0]], "index": ["a", "a"]}, "config": {"gamma": 1, "lam": 0.95, "clip_ratio": 0.2}}`
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/api/v1/inspect", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	handler(t, webtest.Options{}).ServeHTTP(rec, req)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"lam":0.95`) || !strings.Contains(rec.Body.String(), `"group":"a"`) {
		t.Errorf("%d %s", rec.Code, rec.Body)
	}
}
