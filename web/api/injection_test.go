package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// injectionPayloads are hostile strings for every string the API reads.
var injectionPayloads = []string{
	`<script>alert(1)</script>`,
	`"><img src=x onerror=alert(1)>`,
	`'><svg onload=alert(1)>`,
	`</title><script>x</script>`,
	`]]><script>alert(1)</script>`,
	`javascript:alert(1)`,
	`a&b&lt;c`,
	"x\u2028y\u2029z",
	`=HYPERLINK("http://x")`,
	"中文 \u202Eevil\u202C עברית",
}

// jsonText writes s as a JSON string with <, > and & left as they are, as
// a hostile client would send them.
func jsonText(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSpace(b.String())
}

// injectionCase is seed B with one raw JSON edit: a value in a block
// replaced (or added), or the whole body.
type injectionCase struct {
	name   string
	body   string
	status int    // the answer's status
	echo   string // a string the answer must carry back, escaped; "" for none
}

// injectionCases put payload p into every string the API reads, into
// numbers, masks and keys where a string does not belong, and into the
// body itself.
func injectionCases(t *testing.T, p string) []injectionCase {
	q := jsonText(p)
	edit := func(block, key, value string) string {
		var c map[string]map[string]json.RawMessage
		if err := json.Unmarshal([]byte(seedB), &c); err != nil {
			t.Fatal(err)
		}
		c[block][key] = json.RawMessage(value)
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(c); err != nil {
			t.Fatalf("%s.%s = %s: %v", block, key, value, err)
		}
		return b.String()
	}
	cases := []injectionCase{
		{name: "body", body: p, status: 400},
		{name: "after the object", body: seedB + p, status: 400},
		{name: "top-level key", body: `{` + q + `: ` + q + `, ` + strings.TrimPrefix(seedB, "{"), status: 200},
		{name: "inputs key", body: edit("inputs", p, q), status: 200},
		{name: "config key", body: edit("config", p, q), status: 200},
		{name: "config.version", body: edit("config", "version", q), status: 200},
		{name: "inputs.index", body: edit("inputs", "index", "["+q+"]"), status: 200, echo: p},
		{name: "inputs.index mixed", body: edit("inputs", "index", "["+q+", 1]"), status: 400},
		{name: "inputs.response_mask", body: edit("inputs", "response_mask", "[["+q+",1,1,1,1,1]]"), status: 400},
		{name: "inputs.values", body: edit("inputs", "values", "[["+q+",0,0,0,0,0]]"), status: 400},
		{name: "inputs.reward_baselines", body: edit("inputs", "reward_baselines", "["+q+"]"), status: 400},
		{name: "inputs.updates", body: edit("inputs", "updates", `[{"current_kl": `+q+`, "n_steps": 1}]`), status: 400},
	}
	for _, key := range []string{"kl_penalty", "kl_loss_type", "kl_ctrl_type", "loss_agg_mode"} {
		cases = append(cases, injectionCase{name: "config." + key, body: edit("config", key, q), status: 400})
	}
	for _, key := range []string{"gamma", "lam", "kl_coef", "clip_ratio", "use_kl_in_reward", "use_kl_loss"} {
		cases = append(cases, injectionCase{name: "config." + key, body: edit("config", key, q), status: 400})
	}
	return cases
}

// TestComputeKeepsHostileStringsInert posts hostile strings in every field
// of a case: every answer, result or error, is valid JSON with <, > and &
// escaped (as encoding/json does unless SetEscapeHTML(false)), so an error
// message that echoes input never carries markup.
func TestComputeKeepsHostileStringsInert(t *testing.T) {
	echoed := 0
	for _, p := range injectionPayloads {
		for _, c := range injectionCases(t, p) {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest(http.MethodPost, "/api/v1/compute", strings.NewReader(c.body))
			req.Header.Set("Content-Type", "application/json")
			HandleCompute(rec, req)
			body := rec.Body.Bytes()
			where := c.name + " = " + jsonText(p)
			if rec.Code != c.status {
				t.Errorf("%s: status %d, want %d: %.300s", where, rec.Code, c.status, body)
			}
			if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("%s: Content-Type %q, want application/json", where, ct)
			}
			if !json.Valid(body) {
				t.Errorf("%s: answer is not valid JSON: %.300s", where, body)
			}
			if i := bytes.IndexAny(body, "<>&"); i >= 0 {
				t.Errorf("%s: unescaped %q in the answer: …%s…", where, body[i], body[max(0, i-60):min(len(body), i+60)])
			}
			if bytes.Contains(body, []byte("\u2028")) || bytes.Contains(body, []byte("\u2029")) {
				t.Errorf("%s: unescaped U+2028/U+2029 in the answer", where)
			}
			var answer struct {
				Outputs map[string]json.RawMessage `json:"outputs"`
				Error   *Error                     `json:"error"`
			}
			if err := json.Unmarshal(body, &answer); err != nil {
				t.Errorf("%s: %v", where, err)
				continue
			}
			if c.status >= 400 && (answer.Error == nil || answer.Error.Code == "" || answer.Error.Message == "") {
				t.Errorf("%s: error answer without code and message: %s", where, body)
			}
			if c.echo != "" {
				var est struct {
					Stats map[string]json.RawMessage `json:"group_stats_loop_grpo"`
				}
				json.Unmarshal(answer.Outputs["outcome_estimators"], &est)
				if _, ok := est.Stats[c.echo]; !ok {
					t.Errorf("%s: the group id does not come back as the key of its group statistics: %s", where, answer.Outputs["outcome_estimators"])
				}
				echoed++
			}
		}
	}
	if echoed == 0 {
		t.Error("no answer echoed a payload: the escaping checks saw no hostile string")
	}
	// An error message quotes the offending character; escaped, it is not markup.
	rec := httptest.NewRecorder()
	HandleCompute(rec, httptest.NewRequest(http.MethodPost, "/api/v1/compute", strings.NewReader("<script>")))
	if !strings.Contains(rec.Body.String(), `'\u003c'`) {
		t.Errorf("the invalid-JSON message should quote the character as '\\u003c': %s", rec.Body.String())
	}
}
