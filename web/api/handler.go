package api

import (
	"errors"
	"io"
	"net/http"

	"gaelab/web/httperr"
)

// HandleCompute handles the "POST /api/v1/compute" route.
func HandleCompute(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			WriteError(w, tooLarge())
			return
		}
		WriteError(w, badRequest("invalid_json", "", "could not read the body: %v", err))
		return
	}
	out, perr := ComputeWithin(r.Context(), body, MaxCost)
	if perr != nil {
		WriteError(w, perr)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}

// WriteError answers {"error": {"code", "field", "message"}} with the
// status of e's code.
func WriteError(w http.ResponseWriter, e *Error) {
	if e.status != 0 {
		httperr.WriteJSONStatus(w, e.status, e.Code, e.Field, e.Message)
		return
	}
	httperr.WriteJSON(w, e.Code, e.Field, e.Message)
}
