// Package api is GAE Lab's JSON API: POST /api/v1/compute takes one case in
// the golden-vector format (inputs and config) and answers with every output
// the engine can give, in the golden file's keys, nesting and shapes.
package api

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
)

// Error is a client error: the HTTP status, a stable code, the offending
// field as a JSON path (e.g. "inputs.values[0][3]") and a message.
type Error struct {
	Code    string `json:"code"` // its HTTP status is httperr.StatusOf(Code, Field)
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
	// status overrides the code's HTTP status (0: the code's): a case too
	// costly to compute is 413 although it names a field.
	status int
}

func (e *Error) Error() string {
	if e.Field == "" {
		return e.Message
	}
	return fmt.Sprintf("%s %s", e.Field, e.Message)
}

// MaxBodyBytes is the largest request body or CLI input accepted (16 MiB).
const MaxBodyBytes = 16 << 20

// MaxAnswerBytes is the largest answer given (32 MiB): a 16 MiB body of
// short numbers could otherwise ask for an answer of 175 MB. A case whose
// answer would be larger is refused (too_large, 413), and its blocks stop
// being computed once they pass the limit.
const MaxAnswerBytes = 32 << 20

// Compute decodes one case and returns the JSON answer {"outputs": {...}}.
// Bad input is an *Error naming the field; a part verl would refuse is an
// "error" string inside the outputs, and the other parts are still computed.
// It is ComputeWithin without a cost limit or an end: the local CLI's,
// whose input MaxBodyBytes bounds.
func Compute(body []byte) ([]byte, *Error) {
	return ComputeWithin(context.Background(), body, NoCostLimit)
}

// ComputeWithin is Compute for a request: a case costing more than maxCost
// element-passes (costOf; NoCostLimit: no bound) is refused before its
// tensors are parsed, and the work stops between blocks and releases once
// ctx ends (its answer is then a timeout error nobody reads).
func ComputeWithin(ctx context.Context, body []byte, maxCost int) ([]byte, *Error) {
	if len(body) > MaxBodyBytes {
		return nil, tooLarge()
	}
	req, perr := decodeRequest(body, maxCost)
	if perr != nil {
		return nil, perr
	}
	if ctx.Err() != nil {
		return nil, canceled(ctx)
	}
	req.ctx = ctx
	var out []byte
	if req.cfg.Release != nil {
		out = runRelease(ctx, req, *req.cfg.Release)
	} else if blocks, ok := run(ctx, req); ok {
		out = encodeOutputs(blocks)
	}
	if ctx.Err() != nil {
		return nil, canceled(ctx)
	}
	if out == nil || len(out) > MaxAnswerBytes {
		return nil, answerTooLarge()
	}
	return out, nil
}

// encodeOutputs writes {"outputs": {...}} from blocks that are already JSON,
// in key order, without re-encoding them.
func encodeOutputs(blocks map[string]json.RawMessage) []byte {
	out := []byte(`{"outputs":{`)
	for i, key := range sortedKeys(blocks) {
		if i > 0 {
			out = append(out, ',')
		}
		out = strconv.AppendQuote(out, key)
		out = append(out, ':')
		out = append(out, blocks[key]...)
	}
	return append(out, "}}"...)
}

func tooLarge() *Error {
	return &Error{Code: "too_large", Message: fmt.Sprintf("the body is larger than %d bytes (16 MiB)", MaxBodyBytes)}
}

func answerTooLarge() *Error {
	return &Error{Code: "too_large", Message: fmt.Sprintf("the answer would be larger than %d bytes (32 MiB); send fewer rows or tokens, or fewer inputs per request", MaxAnswerBytes)}
}

// sortedKeys returns a map's keys in order, for deterministic output.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
