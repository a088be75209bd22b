package i18n

import (
	"testing"

	"gaelab/engine"
)

// TestEveryChangeHasText: the picker and the upgrade view describe each of
// the engine's changes in both languages.
func TestEveryChangeHasText(t *testing.T) {
	for _, c := range engine.Changes {
		if !Has("change." + string(c.ID)) {
			t.Errorf("change %q has no change.%s message in every language", c.ID, c.ID)
		}
	}
}
