package httperr

import (
	"net/http"
	"testing"
)

// Errors carry codes; the status is chosen at the edge from the code.
func TestStatusOf(t *testing.T) {
	for _, c := range []struct {
		e    Error
		want int
	}{
		{Error{Code: "invalid_json"}, http.StatusBadRequest},
		{Error{Code: "out_of_range", Field: "config.gamma"}, http.StatusBadRequest},
		{Error{Code: "too_large", Field: "inputs.values"}, http.StatusBadRequest},
		{Error{Code: "too_large"}, http.StatusRequestEntityTooLarge},
		{Error{Code: "uri_too_long"}, http.StatusRequestURITooLong},
		{Error{Code: "busy"}, http.StatusServiceUnavailable},
		{Error{Code: "not_found"}, http.StatusNotFound},
		{Error{Code: "internal"}, http.StatusInternalServerError},
		{Error{Code: "no_such_code"}, http.StatusBadRequest},
	} {
		if got := StatusOf(c.e.Code, c.e.Field); got != c.want {
			t.Errorf("StatusOf(%+v) = %d, want %d", c.e, got, c.want)
		}
	}
}
