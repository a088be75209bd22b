package course_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"gaelab/engine"
	"gaelab/engine/explain"
)

// Issue 36, "PPO classics": ppo-objective's six-case clip table says, in
// each language, what the engine computes for each case (explain.ClipCases
// at verl's newest generation): which cells the clip holds (no gradient)
// and, elsewhere, which way the gradient moves the ratio.
func TestSixCaseClipTableMatchesEngine(t *testing.T) {
	cases, err := explain.ClipCases(engine.V1Newest, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	words := map[string][3]string{ // clipped, raises ρ, lowers ρ
		"en": {"**clipped**: no gradient", "unclipped: the gradient raises", "unclipped: the gradient lowers"},
		"zh": {"**被裁剪**：没有梯度", "不裁剪：梯度推高", "不裁剪：梯度压低"},
	}
	row := regexp.MustCompile(`(?m)^\| \$\\hat\{A\}_t ([<>]) 0\$ \| (.*) \|$`)
	for lang, w := range words {
		b, err := os.ReadFile("../../lessons/" + lang + "/ppo-objective.md")
		if err != nil {
			t.Fatal(err)
		}
		rows := row.FindAllStringSubmatch(string(b), -1)
		if len(rows) != 2 {
			t.Fatalf("%s: %d rows of the six-case table, want 2", lang, len(rows))
		}
		for _, r := range rows {
			cells := strings.Split(r[2], " | ")
			if len(cells) != 3 {
				t.Fatalf("%s: row %q has %d cells", lang, r[0], len(cells))
			}
			for region, cell := range cells {
				c := cases[region]
				if r[1] == "<" {
					c = cases[3+region]
				}
				var want string
				switch {
				case c.Clipped && c.Slope == 0:
					want = w[0]
				case c.Slope < 0: // descending the loss raises log π, so ρ
					want = w[1]
				default:
					want = w[2]
				}
				if !strings.HasPrefix(cell, want) {
					t.Errorf("%s: A %s 0, region %d says %q; the engine (ratio %g, loss %g, slope %g) says %q", lang, r[1], region, cell, c.Ratio, c.Loss, c.Slope, want)
				}
			}
		}
	}
}
