package page_test

import (
	"errors"
	"fmt"
	"testing"

	"gaelab/engine"
	"gaelab/web/i18n"
	"gaelab/web/page"
)

// Every engine error a page can meet maps to one catalog message, wrapped
// or not, in both languages.
func TestLearnerKey(t *testing.T) {
	for _, c := range []struct {
		err   error
		key   string
		known bool
	}{
		{nil, "", false},
		{engine.ErrOneValidToken, "err.whiten_one", true},
		{fmt.Errorf("row 2: %w", engine.ErrOneValidToken), "err.whiten_one", true},
		{engine.ErrNoValidToken, "err.whiten_none", true},
		{errors.New("something else"), "err.whiten_none", false},
	} {
		if got := page.LearnerKey(c.err); got != c.key || page.LearnerKnows(c.err) != c.known {
			t.Errorf("learnerKey(%v) = %q (known %v), want %q (%v)", c.err, got, page.LearnerKnows(c.err), c.key, c.known)
		}
	}
	for _, e := range page.LearnerErrors {
		for _, l := range i18n.Langs {
			if msg := l.T(e.Key); msg == "⟦"+e.Key+"⟧" {
				t.Errorf("%s: no %s message for %v", e.Key, l, e.Err)
			}
		}
	}
}
