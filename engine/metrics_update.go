package engine

import "math"

// verl's update metrics: what update_policy (dp_actor.py) and update_critic
// (dp_critic.py) log for one training step, and how the trainer reduces the
// lists they return to one number each (reduce_metrics). Names as the
// releases spell them; where a release renamed one, both names are here.
const (
	MetricPGLoss          = "actor/pg_loss"
	MetricPGClipFrac      = "actor/pg_clipfrac"
	MetricPGClipFracLower = "actor/pg_clipfrac_lower" // v0.4.0 on (dual clip)
	MetricPPOKL           = "actor/ppo_kl"
	MetricEntropyLoss     = "actor/entropy_loss" // v0.2–v0.4.0; renamed actor/entropy in v0.4.1
	MetricEntropy         = "actor/entropy"      // v0.4.1 on
	MetricKLLoss          = "actor/kl_loss"
	MetricKLCoef          = "actor/kl_coef"
	MetricActorGradNorm   = "actor/grad_norm"
	MetricActorLR         = "actor/lr"
	MetricVFLoss          = "critic/vf_loss"
	MetricVFClipFrac      = "critic/vf_clipfrac"
	MetricVPredMean       = "critic/vpred_mean"
	MetricCriticGradNorm  = "critic/grad_norm"
	MetricCriticLR        = "critic/lr"

	// apply_kl_penalty's metrics, the trainer's: current_kl and β.
	MetricRewardKL         = "actor/reward_kl_penalty"       // v0.4.0 on; critic/kl before
	MetricRewardKLCoeff    = "actor/reward_kl_penalty_coeff" // v0.4.0 on; critic/kl_coeff before
	MetricRewardKLOld      = "critic/kl"                     // v0.2–v0.3.0.post1 (ray_trainer.py v0.2 :114)
	MetricRewardKLCoeffOld = "critic/kl_coeff"
)

// RewardKLMetrics are the names generation g's apply_kl_penalty logs
// current_kl and β under (renamed in v0.4.0).
func RewardKLMetrics(g Generation) (kl, coeff string) {
	if g.Valid() && g < G04 {
		return MetricRewardKLOld, MetricRewardKLCoeffOld
	}
	return MetricRewardKL, MetricRewardKLCoeff
}

// MetricLists is verl's metrics dict of lists as append_to_dict builds it:
// each name keeps the values appended to it (one per micro-batch or
// mini-batch), and names keep the order they first appeared in, so a
// reduction never depends on map order.
type MetricLists struct {
	names []string
	lists [][]float64
}

// Append adds v to name's list, as append_to_dict(metrics, {name: v}).
func (m *MetricLists) Append(name string, v float64) {
	for k, n := range m.names {
		if n == name {
			m.lists[k] = append(m.lists[k], v)
			return
		}
	}
	m.names = append(m.names, name)
	m.lists = append(m.lists, []float64{v})
}

// Set replaces name's list by the one value v, as a scalar entry of verl's
// dict (metrics["actor/pg_loss"] += … in v0.7.0, or metrics["actor/lr"] = lr).
func (m *MetricLists) Set(name string, v float64) {
	for k, n := range m.names {
		if n == name {
			m.lists[k] = append(m.lists[k][:0], v)
			return
		}
	}
	m.names = append(m.names, name)
	m.lists = append(m.lists, []float64{v})
}

// Add adds v to name's single value (0 if absent), as verl v0.7.0's
// metrics["actor/pg_loss"] += pg_loss · loss_scale_factor.
func (m *MetricLists) Add(name string, v float64) {
	for k, n := range m.names {
		if n == name {
			m.lists[k][0] += v
			return
		}
	}
	m.names = append(m.names, name)
	m.lists = append(m.lists, []float64{v})
}

// Values returns name's list (nil if absent).
func (m *MetricLists) Values(name string) []float64 {
	for k, n := range m.names {
		if n == name {
			return m.lists[k]
		}
	}
	return nil
}

// Names lists the names in the order they first appeared.
func (m *MetricLists) Names() []string { return append([]string(nil), m.names...) }

// ReduceMetrics is reduce_metrics of generation g: every list becomes
// its np.mean. From v0.4.0 (verl/utils/metric/utils.py) a name containing
// "max" takes np.max and one containing "min" np.min instead; before
// (ray_trainer.py at v0.2–v0.3.0.post1) every list takes np.mean. The mean
// is summed in order; numpy's pairwise sum differs from it by at most a few
// units in the last place for the lists a step produces (≤ 128 values).
func ReduceMetrics(g Generation, m *MetricLists) []Metric {
	byName := g.Valid() && g >= G04 || g == V1Newest
	out := make([]Metric, len(m.names))
	for k, name := range m.names {
		xs := m.lists[k]
		var v float64
		switch {
		case byName && containsStr(name, "max"):
			v = math.Inf(-1)
			for _, x := range xs {
				v = fmax(v, x)
			}
		case byName && containsStr(name, "min"):
			v = math.Inf(1)
			for _, x := range xs {
				v = fmin(v, x)
			}
		default:
			for _, x := range xs {
				v += x
			}
			v /= float64(len(xs))
		}
		out[k] = Metric{Name: name, Value: v}
	}
	return out
}

func containsStr(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
