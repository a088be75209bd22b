package engine

import (
	"reflect"
	"testing"
)

// TestReduceMetrics: each generation reduces a metric's values its own way
// (critic/values/max is their mean before v0.4.0, their max from it on);
// Set keeps the last value, Add sums; names keep their first appearance's
// order.
func TestReduceMetrics(t *testing.T) {
	var m MetricLists
	m.Append(MetricPGLoss, 1)
	m.Append(MetricPGLoss, 2)
	m.Append("critic/values/max", 3)
	m.Append("critic/values/max", 5)
	m.Set(MetricActorLR, 0.1)
	m.Set(MetricActorLR, 0.2)
	m.Add(MetricKLLoss, 0.5)
	m.Add(MetricKLLoss, 0.25)
	want := map[Generation][]Metric{
		G03: {{MetricPGLoss, 1.5}, {"critic/values/max", 4}, {MetricActorLR, 0.2}, {MetricKLLoss, 0.75}},
		G04: {{MetricPGLoss, 1.5}, {"critic/values/max", 5}, {MetricActorLR, 0.2}, {MetricKLLoss, 0.75}},
	}
	for g, w := range want {
		if got := ReduceMetrics(g, &m); !reflect.DeepEqual(got, w) {
			t.Errorf("%v: %v, want %v", g, got, w)
		}
	}
	if got := m.Names(); !reflect.DeepEqual(got, []string{MetricPGLoss, "critic/values/max", MetricActorLR, MetricKLLoss}) {
		t.Errorf("names in first-appearance order: %v", got)
	}
	if v := m.Values("nope"); v != nil {
		t.Errorf("absent name: %v", v)
	}
}

// TestRewardKLMetrics: the reward's KL is logged as critic/kl before v0.4.0
// and as actor/reward_kl_penalty from it on, each with its _coeff.
func TestRewardKLMetrics(t *testing.T) {
	for g, want := range map[Generation]string{G01: "critic/kl", G03: "critic/kl", G04: "actor/reward_kl_penalty", G12: "actor/reward_kl_penalty"} {
		if kl, coeff := RewardKLMetrics(g); kl != want || coeff != want+"_coeff" {
			t.Errorf("%v: %s, %s", g, kl, coeff)
		}
	}
}
