package api

import (
	"errors"
	"io"
	"net/http"

	"gaelab/web/httperr"
)

// HandleCompute handles the "POST /api/v1/compute" route. Its refusals are
// httperr's JSON error object, with each Error's status (Error.Status).
func HandleCompute(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	if err != nil {
		e := badRequest("invalid_json", "", "could not read the body: %v", err)
		if tooBig := (*http.MaxBytesError)(nil); errors.As(err, &tooBig) {
			e = tooLarge()
		}
		httperr.WriteJSONStatus(w, e.Status(), e.Code, e.Field, e.Message)
		return
	}
	out, perr := ComputeWithin(r.Context(), body, MaxCost)
	if perr != nil {
		httperr.WriteJSONStatus(w, perr.Status(), perr.Code, perr.Field, perr.Message)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}

// Status is e's HTTP status: its code's (httperr.StatusOf), unless e says
// otherwise (a case too costly to compute is 413 although it names a field).
func (e *Error) Status() int {
	if e.status != 0 {
		return e.status
	}
	return httperr.StatusOf(e.Code, e.Field)
}
