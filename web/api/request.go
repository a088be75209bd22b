package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"

	"strconv"
)

// tensorKeys are the [B][R] inputs, in the order they are checked.
var tensorKeys = []string{
	"response_mask", "token_level_scores", "token_level_rewards", "old_log_probs",
	"ref_log_prob", "log_probs", "values", "vpreds", "advantages",
}

// request is one decoded and validated case.
type request struct {
	tensors   map[string][][]float64 // by tensorKeys name; every one is [B][R]
	index     []string               // group id per row, canonicalised
	baselines []float64              // reward_baselines, or nil
	updates   []klUpdate             // adaptive-controller updates, or nil
	cfg       config
	// ctx is the HTTP request's (ComputeWithin): the loops over
	// estimators and versions stop once it ends.
	ctx context.Context
}

type klUpdate struct {
	CurrentKL float64
	NSteps    int
}

func (r *request) has(keys ...string) bool {
	for _, k := range keys {
		if r.tensors[k] == nil {
			return false
		}
	}
	return true
}

// decodeRequest parses and validates a body in the golden case format. A
// case costing more than maxCost (checkCost; 0: no bound) is refused by
// its tensors' shapes (each read from its commas), before they are parsed.
func decodeRequest(body []byte, maxCost int) (*request, *Error) {
	var top map[string]json.RawMessage
	if err := strictUnmarshal(body, &top); err != nil || top == nil {
		return nil, badRequest("invalid_json", "", "the body must be a JSON object with \"inputs\" and \"config\": %v", errText(err))
	}
	inputs, perr := object(top, "inputs", "inputs")
	if perr != nil {
		return nil, perr
	}
	if inputs == nil {
		return nil, badRequest("missing_field", "inputs", "is required")
	}
	cfgRaw, perr := object(top, "config", "config")
	if perr != nil {
		return nil, perr
	}
	req := &request{tensors: map[string][][]float64{}, ctx: context.Background()}
	if req.cfg, perr = decodeConfig(cfgRaw); perr != nil {
		return nil, perr
	}
	passes := passesOf(inputs)
	for _, key := range tensorKeys {
		if raw, ok := inputs[key]; ok && !isNull(raw) {
			if perr := checkCost(elementsIn(raw), "inputs."+key, passes, maxCost); perr != nil {
				return nil, perr
			}
		}
	}
	var shapeFrom string
	for _, key := range tensorKeys {
		raw, ok := inputs[key]
		if !ok || isNull(raw) {
			continue
		}
		kind := kindNumber
		if key == "response_mask" {
			kind = kindMask
		}
		field := "inputs." + key
		m, perr := parseMatrix(raw, field, kind)
		if perr != nil {
			return nil, perr
		}
		if shapeFrom == "" {
			shapeFrom = key
		} else if want := req.tensors[shapeFrom]; len(m) != len(want) || len(m[0]) != len(want[0]) {
			return nil, badRequest("invalid_shape", field, "is %d×%d but inputs.%s is %d×%d; every tensor must be [B][R]", len(m), len(m[0]), shapeFrom, len(want), len(want[0]))
		}
		req.tensors[key] = m
	}
	if shapeFrom != "" && req.tensors["response_mask"] == nil {
		return nil, badRequest("missing_field", "inputs.response_mask", "is required with per-token inputs (1 = trainable token, 0 = padding or observation)")
	}
	rows := len(req.tensors["response_mask"])
	if raw, ok := inputs["index"]; ok && !isNull(raw) {
		if req.index, perr = decodeIndex(raw, rows); perr != nil {
			return nil, perr
		}
	}
	if raw, ok := inputs["reward_baselines"]; ok && !isNull(raw) {
		if req.baselines, perr = parseVector(raw, "inputs.reward_baselines"); perr != nil {
			return nil, perr
		}
		if len(req.baselines) != rows {
			return nil, badRequest("invalid_shape", "inputs.reward_baselines", "has %d elements, want one per row (%d)", len(req.baselines), rows)
		}
	}
	if raw, ok := inputs["updates"]; ok && !isNull(raw) {
		if req.updates, perr = decodeUpdates(raw); perr != nil {
			return nil, perr
		}
	}
	return req, req.checkDependencies()
}

// checkDependencies refuses inputs that a requested step cannot run without.
func (r *request) checkDependencies() *Error {
	if r.has("token_level_scores") && r.cfg.UseKLInReward {
		for _, k := range []string{"old_log_probs", "ref_log_prob"} {
			if !r.has(k) {
				return badRequest("missing_field", "inputs."+k, "is required to put KL in the reward (config.use_kl_in_reward is true and inputs.token_level_scores is given)")
			}
		}
	}
	if r.index == nil && r.baselines != nil {
		return badRequest("missing_field", "inputs.index", "is required with inputs.reward_baselines (the outcome estimators group rows by it)")
	}
	return nil
}

// decodeIndex reads the group ids: all integers or all strings, one per row.
func decodeIndex(raw json.RawMessage, rows int) ([]string, *Error) {
	var ids []any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&ids); err != nil {
		return nil, badRequest("invalid_shape", "inputs.index", "must be an array of group ids (integers or strings)")
	}
	if len(ids) != rows {
		return nil, badRequest("invalid_shape", "inputs.index", "has %d elements, want one per row (%d)", len(ids), rows)
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		field := fmt.Sprintf("inputs.index[%d]", i)
		switch v := id.(type) {
		case string:
			out[i] = v
		case json.Number:
			n, err := strconv.ParseInt(string(v), 10, 64)
			if err != nil {
				return nil, badRequest("invalid_value", field, "must be an integer or a string, got %s", v)
			}
			out[i] = strconv.FormatInt(n, 10)
		default:
			return nil, badRequest("invalid_value", field, "must be an integer or a string")
		}
		if _, isStr := id.(string); isStr != isString(ids[0]) {
			return nil, badRequest("invalid_value", field, "mixes integers and strings; use one kind of group id")
		}
	}
	return out, nil
}

func isString(v any) bool { _, ok := v.(string); return ok }

// decodeUpdates reads the adaptive controller's [{current_kl, n_steps}] list.
func decodeUpdates(raw json.RawMessage) ([]klUpdate, *Error) {
	var items []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, badRequest("invalid_shape", "inputs.updates", "must be an array of {\"current_kl\": number, \"n_steps\": integer}")
	}
	if len(items) > maxUpdates {
		return nil, badRequest("too_large", "inputs.updates", "has %d updates; at most %d", len(items), maxUpdates)
	}
	out := make([]klUpdate, len(items))
	for i, it := range items {
		field := fmt.Sprintf("inputs.updates[%d]", i)
		kl, perr := number(it, "current_kl", field+".current_kl")
		if perr != nil {
			return nil, perr
		}
		n, perr := number(it, "n_steps", field+".n_steps")
		if perr != nil {
			return nil, perr
		}
		if n < 0 || n != math.Trunc(n) || n > MaxElements {
			return nil, badRequest("out_of_range", field+".n_steps", "must be a whole number from 0 to %d, got %g", MaxElements, n)
		}
		out[i] = klUpdate{CurrentKL: kl, NSteps: int(n)}
	}
	return out, nil
}

const maxUpdates = 10000

// number reads obj[key] as a required finite number.
func number(obj map[string]json.RawMessage, key, field string) (float64, *Error) {
	raw, ok := obj[key]
	if !ok || isNull(raw) {
		return 0, badRequest("missing_field", field, "is required")
	}
	return finite(raw, field)
}

// finite parses one JSON value as a finite number.
func finite(raw json.RawMessage, field string) (float64, *Error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return 0, badRequest("invalid_json", field, "is not valid JSON")
	}
	return element(tok, field, kindNumber)
}

// object reads top[key] as a JSON object of raw values; nil when absent.
func object(top map[string]json.RawMessage, key, field string) (map[string]json.RawMessage, *Error) {
	raw, ok := top[key]
	if !ok || isNull(raw) {
		return nil, nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, badRequest("invalid_shape", field, "must be a JSON object")
	}
	return obj, nil
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

// strictUnmarshal decodes exactly one JSON value.
func strictUnmarshal(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(v); err != nil {
		return err
	}
	// dec.More is false before a stray ] or }, so read one more token.
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("unexpected data after the JSON object")
	}
	return nil
}

func errText(err error) string {
	if err == nil {
		return "got null"
	}
	return err.Error()
}
