package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
)

// MaxCost is the most work the compute API does for one request, in
// element-passes (costOf): a case that would cost more is refused (413
// too_large, naming the dimension to shrink) before its tensors are parsed.
// Calibrated on the 2-core machine: the costliest kind of case (one
// release's answer with inputs.index, every input given, short numbers so
// that nothing else bounds it) measured 6.2 µs of CPU per element-pass at
// 256×256 in a test (load average 16: the machine was busy); in a fresh
// gaelab serve the costliest accepted case found, 128×682 elements × 3
// passes for v0.9.0 with an answer just under MaxAnswerBytes, cost 1.67
// CPU-s and 183 MB (load 9), within the 2 CPU-s budget. The local `gaelab
// compute` CLI has no such bound (Compute); MaxBodyBytes alone bounds it.
const MaxCost = 256 << 10

// NoCostLimit is ComputeWithin's maxCost for a caller that bounds its input
// otherwise (the CLI: MaxBodyBytes).
const NoCostLimit = 0

// Passes are the dimensions of a case's cost: each element is passed once
// per release computed and once more for the outcome estimators.
type Passes struct {
	// Releases is 2: the default answer computes verl's early and newest
	// generations; one release's answer (config.verl_version) computes its
	// generation and the engine's aggregations beside it, which cost as much.
	Releases int
	// Estimators is 1 when inputs.index is given (every outcome estimator,
	// together about one release's work), else 0.
	Estimators int
}

func (p Passes) total() int { return p.Releases + p.Estimators }

// costOf is a case's work in element-passes: elements × (releases +
// estimators).
func costOf(elements int, p Passes) int { return elements * p.total() }

// passesOf are the passes of a case whose inputs hold the index or not.
func passesOf(inputs map[string]json.RawMessage) Passes {
	p := Passes{Releases: 2}
	if raw, ok := inputs["index"]; ok && !isNull(raw) {
		p.Estimators = 1
	}
	return p
}

// elementsIn is how many elements a well-formed [B][R] tensor holds, read
// from its commas alone (B·(R−1) inside the rows and B−1 between them:
// B·R − 1), so that a tensor too costly to compute is refused without
// parsing it. A malformed one may be counted wrong; its parse refuses it.
func elementsIn(raw json.RawMessage) int { return bytes.Count(raw, []byte(",")) + 1 }

// checkCost refuses a case of elements (in the tensor named field) whose
// cost with p is more than maxCost (no bound when 0), naming the dimension
// to shrink: the index when the case fits without the estimators, else the
// tensor's elements.
func checkCost(elements int, field string, p Passes, maxCost int) *Error {
	if maxCost <= 0 || costOf(elements, p) <= maxCost {
		return nil
	}
	most := maxCost / p.total()
	if p.Estimators > 0 && costOf(elements, Passes{Releases: p.Releases}) <= maxCost {
		return &Error{Code: "too_large", Field: "inputs.index", status: http.StatusRequestEntityTooLarge, Message: fmt.Sprintf(
			"with %d elements per tensor, the outcome estimators (asked for by inputs.index) make this case cost %d element-passes (elements × (releases %d + estimators %d)), more than the limit of %d: send at most %d elements, or leave out inputs.index",
			elements, costOf(elements, p), p.Releases, p.Estimators, maxCost, most)}
	}
	return &Error{Code: "too_large", Field: field, status: http.StatusRequestEntityTooLarge, Message: fmt.Sprintf(
		"has %d elements: this case would cost %d element-passes (elements × (releases %d + estimators %d)), more than the limit of %d; send at most %d elements (rows × tokens) per request",
		elements, costOf(elements, p), p.Releases, p.Estimators, maxCost, most)}
}

// canceled is the error of a case whose request ended before its answer
// was computed; nobody reads it.
func canceled(ctx context.Context) *Error {
	return &Error{Code: "timeout", Message: fmt.Sprintf("the request ended before its answer was computed: %v", context.Cause(ctx))}
}
