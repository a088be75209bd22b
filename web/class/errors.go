package class

import (
	"errors"
	"net/http"

	"gaelab/web/httperr"
	"gaelab/web/store"
)

// The class pages and the class API answer a refusal one way: fail writes
// its code (whose status httperr.StatusOf gives, the one mapping from codes
// to HTTP), the field it names and the message, and failWith turns the store's
// errors a student or a teacher can cause into refusals, and any other (a
// database down or restarting) into a 503 with Retry-After (unavailable).

// fail answers a refused class request with code's status: the JSON API's
// error (field named, English) under /api/, else plain text in the
// learner's language. Never cached.
func (cr *Room) fail(w http.ResponseWriter, r *http.Request, code, field, key string, args ...any) {
	httperr.Write(w, r, &httperr.Error{Code: code, Field: field, Key: key, Args: args})
}

// refusal is a store error as a refusal (code, field, message key and
// arguments), ok false for a failure of ours.
func (cr *Room) refusal(err error) (code, field, key string, args []any, ok bool) {
	switch {
	case errors.Is(err, store.ErrFull):
		return "class_full", "", "class.err.full", []any{cr.maxStudents}, true
	case errors.Is(err, store.ErrTooMany):
		return "too_many", "a", "class.err.changes", []any{maxAnswerChanges}, true
	}
	return "", "", "", nil, false
}

// failWith answers err: its refusal, or else a logged 503 that says to
// try again (unavailable).
func (cr *Room) failWith(w http.ResponseWriter, r *http.Request, err error) {
	if code, field, key, args, ok := cr.refusal(err); ok {
		cr.fail(w, r, code, field, key, args...)
		return
	}
	cr.unavailable(w, r, err)
}
