package e2e

import "testing"

// The comparison and update views' index pages (issue 26, point 7) and the
// glossary, whose table now wraps, have no serious or critical axe issue,
// in both languages, at 1280×720 and on a phone. (TestBrowserGlossaryFits
// leaves the glossary's 1280×720 run to this test.)
func TestA11yViewIndex(t *testing.T) {
	t.Parallel()
	axeEveryWay(t, true, "/compare?v=1&p=seed-b", "/update?v=1&p=seed-b", "/glossary")
}
