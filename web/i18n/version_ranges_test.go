package i18n

import (
	"testing"

	"gaelab/engine"
)

// TestCatalogVersionRangesMatchGenerations: every range of verl releases a
// catalog message writes out ("v0.2–v0.3.0.post1") starts and ends at
// generation boundaries of the engine's table, in both languages.
func TestCatalogVersionRangesMatchGenerations(t *testing.T) {
	ranges := 0
	for lang, msgs := range catalogs {
		for key, msg := range msgs {
			for _, m := range engine.ProseRange.FindAllStringSubmatch(msg, -1) {
				ranges++
				if err := engine.CheckRange(m[1], m[2]); err != nil {
					t.Errorf("%s %s: %q: %v", lang, key, m[0], err)
				}
			}
		}
	}
	if ranges == 0 {
		t.Error("no version range in the catalog: the pattern is broken")
	}
}
