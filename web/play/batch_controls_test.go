package play_test

import (
	"testing"

	"gaelab/web/webtest"
)

// Every control of /batch's editor (the shared settings and each
// response's numbers) changes a chart or a visible cell (issue 35: no page
// offers a control its state ignores).
func TestBatchControlsMove(t *testing.T) {
	webtest.ControlsMove(t, "/batch?v=1&p=grpo-4", "#batch-editor")
}
