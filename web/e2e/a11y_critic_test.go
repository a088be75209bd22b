package e2e

import (
	"testing"
)

// /update/critic, with its clipping charts, passes axe-core without a
// serious or critical violation, in both languages, in the shared browser's
// window and on a phone: the first mini-batch, a critic that clips on both
// sides, and a bad vp field.
func TestA11yCritic(t *testing.T) {
	t.Parallel()
	axeEveryWay(t, false, "/update/critic?v=1&p=seed-b", "/update/critic?v=1&p=seed-b&vp=0.6,0.9,0.1,-0.4,0.45,0.6&cv=0.1", "/update/critic?v=1&p=multi-turn&vp=0.5,x,0.2,0.3,0.9,0.9,0.2&cv=0.05")
}
