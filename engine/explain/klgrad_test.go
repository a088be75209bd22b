package explain

import (
	"math"
	"testing"
)

// k1, k2 and k3 as losses, golden (the numbers computed independently in
// Python): on π = [0.5, 0.3, 0.2] against p = [0.4, 0.4, 0.2], k1 and k3
// average to KL(π‖p) and k2 does not; k1's gradient averages to 0, k2's to
// ∇KL(π‖p) and k3's to ∇KL(p‖π), the other direction: why verl's "k3+"
// takes k2's gradient with k3's value.
func TestKLLossGolden(t *testing.T) {
	pi := []float64{0.5, 0.3, 0.2}
	logits := []float64{math.Log(pi[0]), math.Log(pi[1]), math.Log(pi[2])}
	m, err := KLLoss(logits, []float64{0.4, 0.4, 0.2})
	if err != nil {
		t.Fatal(err)
	}
	const tol = 1e-12
	near := func(what string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > tol {
			t.Errorf("%s = %.17g, want %.17g", what, got, want)
		}
	}
	nearVec := func(what string, got, want []float64) {
		t.Helper()
		for i := range want {
			near(what+"["+string(rune('0'+i))+"]", got[i], want[i])
		}
	}
	near("KL(π‖p)", m.Reverse, 0.02526715392157057)
	near("KL(p‖π)", m.Forward, 0.025815408455028527)
	nearVec("∇KL(π‖p)", m.GradRev, []float64{0.09893819869631959, -0.09388476791200548, -0.005053430784314115})
	nearVec("∇KL(p‖π)", m.GradForward, []float64{0.1, -0.1, 0})
	k1, k2, k3 := m.Estimators[0], m.Estimators[1], m.Estimators[2]
	if k1.Name != "k1" || k2.Name != "k2" || k3.Name != "k3" {
		t.Fatalf("estimators %s %s %s", k1.Name, k2.Name, k3.Name)
	}
	near("E[k1]", k1.Value, m.Reverse)
	near("E[k2]", k2.Value, 0.024862407344802114)
	near("E[k3]", k3.Value, m.Reverse)
	nearVec("E[∇k1]", k1.Grad, []float64{0, 0, 0})
	nearVec("E[∇k2]", k2.Grad, m.GradRev)
	nearVec("E[∇k3]", k3.Grad, m.GradForward)
	if _, err := KLLoss([]float64{0, 0}, []float64{1, 0}); err == nil {
		t.Error("a zero reference probability is accepted")
	}
}
