package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// costCase is a one-row case of n tokens: a mask and rewards, and the
// index when withIndex (the outcome estimators' pass).
func costCase(n int, withIndex bool) string {
	row := "[[" + strings.Repeat("1,", n-1) + "1]]"
	in := `"response_mask":` + row + `,"token_level_rewards":` + row
	if withIndex {
		in += `,"index":[0]`
	}
	return `{"inputs":{` + in + `},"config":{}}`
}

// TestComputeRefusesByCost: a case costing more than MaxCost is answered
// 413 too_large naming the dimension to shrink, and one at the limit is
// computed. (On the main branch before the budget, the over-limit cases
// were computed: 200.)
func TestComputeRefusesByCost(t *testing.T) {
	atLimit := MaxCost / 2 // elements × (2 releases + 0 estimators)
	tests := []struct {
		name   string
		body   string
		status int
		field  string
	}{
		{"at the limit with the estimators", costCase(MaxCost/3, true), 200, ""},
		{"one element over", costCase(atLimit+1, false), 413, "inputs.response_mask"},
		{"fits without the estimators", costCase(atLimit, true), 413, "inputs.index"},
		{"too large with or without them", costCase(atLimit+1, true), 413, "inputs.response_mask"},
	}
	// At the limit without the estimators is accepted too (computing it
	// would only cost the test time).
	if perr := checkCost(atLimit, "inputs.response_mask", Passes{Releases: 2}, MaxCost); perr != nil {
		t.Errorf("%d elements without the index: %v, want accepted", atLimit, perr)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			HandleCompute(rec, httptest.NewRequest(http.MethodPost, "/api/v1/compute", strings.NewReader(tc.body)))
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %.300s", rec.Code, tc.status, rec.Body)
			}
			if tc.status == 200 {
				return
			}
			var got struct{ Error Error }
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if got.Error.Code != "too_large" || got.Error.Field != tc.field || !strings.Contains(got.Error.Message, "element-passes") {
				t.Errorf("error %+v, want too_large naming %s and its cost", got.Error, tc.field)
			}
		})
	}
}

// TestComputeCLIHasNoCostLimit: the local CLI's Compute is bounded by
// MaxBodyBytes alone.
func TestComputeCLIHasNoCostLimit(t *testing.T) {
	if _, perr := Compute([]byte(costCase(MaxCost/2+1, false))); perr != nil {
		t.Fatalf("Compute of %d elements: %v, want an answer", MaxCost/2+1, perr)
	}
}

// TestComputeStopsWithItsRequest: a request that ended is not computed
// (on main the work ran to its end and answered 200).
func TestComputeStopsWithItsRequest(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	HandleCompute(rec, httptest.NewRequestWithContext(ctx, http.MethodPost, "/api/v1/compute", strings.NewReader(seedB)))
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), `"timeout"`) {
		t.Errorf("status %d %s, want 503 timeout", rec.Code, rec.Body)
	}
	for _, rel := range []string{"", `,"verl_version":"newest"`} {
		body := strings.Replace(seedB, `"use_kl_in_reward": true`, `"use_kl_in_reward": true`+rel, 1)
		if out, perr := ComputeWithin(ctx, []byte(body), MaxCost); perr == nil || perr.Code != "timeout" {
			t.Errorf("ComputeWithin(ended%s) = %.80s, %v; want a timeout error", rel, out, perr)
		}
	}
}
