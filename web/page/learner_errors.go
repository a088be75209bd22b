package page

import (
	"errors"

	"gaelab/engine"
)

// LearnerErrors maps the engine's errors to the catalog keys of what a
// learner reads instead: the one mapping every page uses.
var LearnerErrors = []struct {
	Err error
	Key string
}{
	{engine.ErrOneValidToken, "err.whiten_one"},
	{engine.ErrNoValidToken, "err.whiten_none"},
}

// LearnerKey is the catalog key of the learner's message for an engine
// error, or "" for nil. An error the table does not name reads as the empty
// batch's, the only other way whitening fails (LearnerKnows tells them
// apart).
func LearnerKey(err error) string {
	if err == nil {
		return ""
	}
	for _, e := range LearnerErrors {
		if errors.Is(err, e.Err) {
			return e.Key
		}
	}
	return "err.whiten_none"
}

// LearnerKnows reports whether err is one of LearnerErrors.
func LearnerKnows(err error) bool {
	for _, e := range LearnerErrors {
		if errors.Is(err, e.Err) {
			return true
		}
	}
	return false
}
