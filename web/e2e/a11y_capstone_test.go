package e2e

import (
	"testing"
)

// The capstone lesson, with its batch blocks hiding and then showing the
// asked cells, passes axe-core without a serious or critical violation, in
// both languages, in the shared browser's window and on a phone.
func TestA11yCapstone(t *testing.T) {
	t.Parallel()
	axeEveryWay(t, false, "/lessons/real-batch?predict-grpo-mean=2", "/lessons/real-batch?predict-ppo-white-reveal=1&predict-ppo-whiten-mean-reveal=1&predict-grpo-member-reveal=1")
}
