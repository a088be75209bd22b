package lessons

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gaelab/engine"
)

// TestLessonVersionRangesMatchGenerations: every range of verl releases in
// a lesson, in both languages, starts and ends at generation boundaries of
// the engine's table (engine.Releases, from ../shared/golden/RELEASES.md).
func TestLessonVersionRangesMatchGenerations(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("*", "*.md"))
	ranges := 0
	for _, f := range files {
		if lang := filepath.Dir(f); lang != "en" && lang != "zh" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for n, line := range strings.Split(string(b), "\n") {
			for _, m := range engine.ProseRange.FindAllStringSubmatch(line, -1) {
				ranges++
				if err := engine.CheckRange(m[1], m[2]); err != nil {
					t.Errorf("%s:%d: %q: %v", f, n+1, m[0], err)
				}
			}
		}
	}
	if ranges == 0 {
		t.Error("no version range found in any lesson: the pattern is broken")
	}
}

// The rule itself: generation boundaries pass, a range cut inside a
// generation fails.
func TestCheckRange(t *testing.T) {
	for _, c := range []struct {
		from, to string
		ok       bool
	}{
		{"v0.2", "v0.3.0.post1", true}, {"v0.4.0", "v0.6.0", true}, {"v0.2", "v0.4.x", true}, {"v0.1", "v0.3", true},
		{"v0.2", "v0.7.1", true}, {"v0.2", "v0.7.0", true},
		{"v0.2", "v0.3.0.post0", false}, {"v0.2.0.post1", "v0.4.0", false}, {"v0.2", "v0.10", false},
	} {
		if err := engine.CheckRange(c.from, c.to); (err == nil) != c.ok {
			t.Errorf("CheckRange(%s, %s) = %v, want ok %v", c.from, c.to, err, c.ok)
		}
	}
}
