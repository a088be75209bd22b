package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// shortNumbersCase is a one-row case of n tokens whose inputs are short
// numbers (0.3, 0.7) and whose outputs are long ones: every block, from
// about 4 bytes of body per element per input.
func shortNumbersCase(n int) string {
	ones := "[[" + strings.TrimSuffix(strings.Repeat("1,", n), ",") + "]]"
	short := "[[" + strings.TrimSuffix(strings.Repeat("0.3,0.7,", n/2), ",") + "]]"
	parts := []string{`"response_mask":` + ones}
	for _, k := range []string{"token_level_scores", "old_log_probs", "ref_log_prob", "log_probs", "values", "vpreds"} {
		parts = append(parts, fmt.Sprintf("%q:%s", k, short))
	}
	return `{"inputs":{` + strings.Join(parts, ",") + `},"config":{"gamma":1,"lam":0.95,"kl_coef":0.1,"use_kl_in_reward":true}}`
}

// TestComputeAnswerLimit: a case whose answer would pass MaxAnswerBytes
// (131,072 tokens of short numbers: a 3.4 MB body, a 44 MB answer) is
// refused with 413 too_large naming the limit, without computing the
// whole answer; a case within it is answered.
func TestComputeAnswerLimit(t *testing.T) {
	body := shortNumbersCase(1 << 17)
	start := time.Now()
	rec := httptest.NewRecorder()
	HandleCompute(rec, httptest.NewRequest(http.MethodPost, "/api/v1/compute", strings.NewReader(body)))
	took := time.Since(start)
	var e struct {
		Error Error `json:"error"`
	}
	json.Unmarshal(rec.Body.Bytes(), &e)
	if rec.Code != http.StatusRequestEntityTooLarge || e.Error.Code != "too_large" || !strings.Contains(e.Error.Message, "32 MiB") {
		t.Errorf("%d-byte body: %d, %d-byte answer %.200s; want 413 too_large naming 32 MiB", len(body), rec.Code, rec.Body.Len(), rec.Body)
	}
	t.Logf("%d-byte body refused in %v", len(body), took)

	small := shortNumbersCase(1 << 12)
	out, perr := Compute([]byte(small))
	if perr != nil || len(out) < 1<<20 {
		t.Errorf("a %d-byte case within the limit: %v, %d bytes", len(small), perr, len(out))
	}
}
