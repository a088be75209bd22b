// Package api is GAE Lab's JSON API: POST /api/v1/compute takes one case in
// the golden-vector format and answers with every output the engine can give.
package api

import (
	"fmt"
	"net/http"
)

// Error is a client error: the HTTP status, a stable code, the offending
// field as a JSON path (e.g. "inputs.values[0][3]") and a message.
type Error struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

func (e *Error) Error() string {
	if e.Field == "" {
		return e.Message
	}
	return fmt.Sprintf("%s: %s", e.Field, e.Message)
}

// MaxBodyBytes is the largest request body or CLI input accepted (16 MiB).
const MaxBodyBytes = 16 << 20

// Compute decodes one case (inputs and config) and returns the JSON answer
// {"outputs": {...}}. TODO(engine issue): implemented in this package.
func Compute(body []byte) ([]byte, *Error) {
	return nil, &Error{Status: http.StatusNotImplemented, Code: "not_implemented", Message: "compute is not implemented yet"}
}

// HandleCompute handles the "POST /api/v1/compute" route.
func HandleCompute(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "not implemented", http.StatusNotImplemented)
}
