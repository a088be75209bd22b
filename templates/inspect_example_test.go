package templates

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestInspectExampleFirst: "Try an example batch" comes before the upload
// form, so that a learner meets it above the fold.
func TestInspectExampleFirst(t *testing.T) {
	var b bytes.Buffer
	u := InspectUpload{Action: "/inspect", Example: InspectExample{Action: "/inspect/example", Button: "Try an example batch"}}
	if err := inspectUpload(u).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	ex, up := strings.Index(b.String(), `data-testid="inspect-example"`), strings.Index(b.String(), `data-testid="inspect-upload"`)
	if ex < 0 || up < 0 || ex > up {
		t.Errorf("the example form at %d, the upload form at %d: want the example first", ex, up)
	}
}
