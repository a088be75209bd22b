package update_test

import (
	"testing"

	"gaelab/web/webtest"
)

// Every control of the update views (their settings and each token's
// number) changes a chart or a visible cell (issue 35: no page offers a
// control its state ignores).
func TestUpdateControlsMove(t *testing.T) {
	for _, path := range []string{"/update/critic?v=1&p=seed-b", "/update/actor?v=1&p=seed-b"} {
		t.Run(path, func(t *testing.T) {
			t.Parallel()
			webtest.ControlsMove(t, path, "#editor")
		})
	}
}
