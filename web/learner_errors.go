package web

import (
	"errors"

	"gaelab/engine"
)

// learnerErrors maps the engine's errors to the catalog keys of what a
// learner reads instead: the one mapping every page uses.
var learnerErrors = []struct {
	err error
	key string
}{
	{engine.ErrOneValidToken, "err.whiten_one"},
	{engine.ErrNoValidToken, "err.whiten_none"},
}

// learnerKey is the catalog key of the learner's message for an engine
// error, or "" for nil. An error the table does not name reads as the empty
// batch's, the only other way whitening fails (learnerKnows tells them
// apart).
func learnerKey(err error) string {
	if err == nil {
		return ""
	}
	for _, e := range learnerErrors {
		if errors.Is(err, e.err) {
			return e.key
		}
	}
	return "err.whiten_none"
}

// learnerKnows reports whether err is one of learnerErrors.
func learnerKnows(err error) bool {
	for _, e := range learnerErrors {
		if errors.Is(err, e.err) {
			return true
		}
	}
	return false
}
