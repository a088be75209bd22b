package httperr

import "net/http"

// codes maps each error code to its HTTP status: the one place where an
// error meets HTTP. Errors carry only their code (Error.Code, api.Error.Code);
// the edge (Write, api.WriteError) asks StatusOf.
var codes = map[string]int{
	"invalid_json":       http.StatusBadRequest,
	"invalid_shape":      http.StatusBadRequest,
	"invalid_number":     http.StatusBadRequest,
	"invalid_mask":       http.StatusBadRequest,
	"invalid_value":      http.StatusBadRequest,
	"out_of_range":       http.StatusBadRequest,
	"missing_field":      http.StatusBadRequest,
	"bad_request":        http.StatusBadRequest,
	"not_found":          http.StatusNotFound,
	"method_not_allowed": http.StatusMethodNotAllowed,
	"too_large":          http.StatusBadRequest, // a field's value; the body: StatusOf
	"uri_too_long":       http.StatusRequestURITooLong,
	"too_slow":           http.StatusRequestTimeout,
	"busy":               http.StatusServiceUnavailable,
	"timeout":            http.StatusServiceUnavailable,
	"internal":           http.StatusInternalServerError,
	// live classes
	"bad_form":      http.StatusBadRequest,
	"bad_json":      http.StatusBadRequest,
	"csrf":          http.StatusForbidden,
	"forbidden":     http.StatusForbidden,
	"no_question":   http.StatusConflict,
	"invalid":       http.StatusUnprocessableEntity,
	"rate_limited":  http.StatusTooManyRequests,
	"too_many":      http.StatusConflict, // answer changes: a cap per question, that no wait lifts
	"class_full":    http.StatusConflict, // shown once; never resent (a 5xx is)
	"no_store":      http.StatusServiceUnavailable,
	"unavailable":   http.StatusServiceUnavailable, // the store failed: try again (Retry-After)
	"other_store":   http.StatusServiceUnavailable, // this replica's database is not the class's: another replica may take it
	"flow_conflict": http.StatusConflict,           // a teaching-flow step the class's state forbids

	// a body of another Content-Type than the route takes
	"unsupported_media_type": http.StatusUnsupportedMediaType,

	// an upload that is no dump or run /inspect can read
	"invalid_file": http.StatusBadRequest,
}

// Status is the HTTP status of an error code; a code without an entry is a
// bad request.
func Status(code string) int {
	if s, ok := codes[code]; ok {
		return s
	}
	return http.StatusBadRequest
}

// StatusOf is the HTTP status of an error with code about field: the
// code's, except that too_large without a field is the request body, 413
// (a field too large is 400).
func StatusOf(code, field string) int {
	if code == "too_large" && field == "" {
		return http.StatusRequestEntityTooLarge
	}
	return Status(code)
}
