package train

import (
	"math"
	"testing"

	"gaelab/web/i18n"
)

// runs are a lesson's two runs to the end (B empty for one run).
func runs(t *testing.T, l Lesson) (a, b []Row) {
	t.Helper()
	rs := NewRuns(CheckpointBytes)
	fa, err := rs.Frame(l.A(), l.A().Iterations-1)
	if err != nil {
		t.Fatal(err)
	}
	if l.B == nil {
		return fa.Rows, nil
	}
	fb, err := rs.Frame(l.B(), l.B().Iterations-1)
	if err != nil {
		t.Fatal(err)
	}
	return fa.Rows, fb.Rows
}

func at(rows []Row, k int, name string) float64 {
	v, ok := rows[k].Value(name)
	if !ok {
		return math.NaN()
	}
	return v
}

func last(rows []Row, name string) float64 { return at(rows, len(rows)-1, name) }

func minOf(rows []Row, name string) float64 {
	m := math.Inf(1)
	for k := range rows {
		if v := at(rows, k, name); v < m {
			m = v
		}
	}
	return m
}

func maxOf(rows []Row, name string) float64 {
	m := math.Inf(-1)
	for k := range rows {
		if v := at(rows, k, name); v > m {
			m = v
		}
	}
	return m
}

func meanOf(rows []Row, name string) float64 {
	sum := 0.0
	for k := range rows {
		sum += at(rows, k, name)
	}
	return sum / float64(len(rows))
}

// settles is the first iteration from which name stays ≥ 0 for three
// iterations in a row (len(rows) if never).
func settles(rows []Row, name string) int {
	for k := 0; k+3 <= len(rows); k++ {
		if at(rows, k, name) >= 0 && at(rows, k+1, name) >= 0 && at(rows, k+2, name) >= 0 {
			return k
		}
	}
	return len(rows)
}

// TestLessonStories: each preset's story, as its catalog tells it, holds
// on its runs.
func TestLessonStories(t *testing.T) {
	const score, evar, entropy = "critic/score/mean", "critic/vf_explained_var", "actor/entropy"
	stories := map[string]func(t *testing.T, a, b []Row){
		"healthy": func(t *testing.T, a, _ []Row) {
			if s := last(a, score); !(s > 0.9) || !(last(a, evar) > 0.8) || !(at(a, 0, score) < 0.1) {
				t.Errorf("score %v → %v, explained variance %v", at(a, 0, score), s, last(a, evar))
			}
			// The note: explained variance rises above 0.9 as the critic catches up; the entropy falls.
			if m := maxOf(a, evar); !(m > 0.9) {
				t.Errorf("explained variance never above 0.9: highest %v", m)
			}
			if e0, e := at(a, 0, entropy), last(a, entropy); !(e < e0/4) {
				t.Errorf("actor/entropy %v → %v, want it to fall (below a quarter)", e0, e)
			}
		},
		"lambda": func(t *testing.T, a, b []Row) {
			if !(last(a, score) < last(b, score)) || !(minOf(a, evar) < 0) {
				t.Errorf("λ = 0 score %v, λ = 1 %v; λ = 0's lowest explained variance %v", last(a, score), last(b, score), minOf(a, evar))
			}
			// The score rises faster with λ = 1: ahead at iteration 12 and on average over the run.
			if !(at(a, 12, score) < at(b, 12, score)) || !(meanOf(a, score) < meanOf(b, score)) {
				t.Errorf("score at 12: λ = 0 %v, λ = 1 %v; mean %v vs %v", at(a, 12, score), at(b, 12, score), meanOf(a, score), meanOf(b, score))
			}
			// With λ = 0 the explained variance stays below 0 for a while: longer than with λ = 1.
			if sa, sb := settles(a, evar), settles(b, evar); !(sa > sb) || !(meanOf(a, evar) < meanOf(b, evar)) {
				t.Errorf("explained variance stays ≥ 0 from iteration %d with λ = 0, %d with λ = 1; mean %v vs %v", sa, sb, meanOf(a, evar), meanOf(b, evar))
			}
		},
		"critic-lr": func(t *testing.T, a, b []Row) {
			if !(minOf(a, evar) < -1) || !(last(a, evar) < 0) || !(last(a, score) < last(b, score)) {
				t.Errorf("explained variance min %v last %v; score %v vs %v", minOf(a, evar), last(a, evar), last(a, score), last(b, score))
			}
			// The lesson "Reading a verl dashboard" asks about the first 20 iterations: below 0 at each, far below at some.
			if !(minOf(a[:20], evar) < -1) {
				t.Errorf("explained variance over the first 20 iterations: lowest %v, want below -1", minOf(a[:20], evar))
			}
			for k := 1; k < 20; k++ {
				if v := at(a, k, evar); !(v < 0) {
					t.Errorf("explained variance at iteration %d = %v, want below 0 (the lesson's right answer)", k, v)
				}
			}
		},
		"no-kl": func(t *testing.T, a, b []Row) {
			kl, ent, n := "actor/kl_loss", "actor/entropy", "response_length/mean"
			if !(last(a, kl) > last(b, kl)) || !(last(a, ent) < last(b, ent)) || !(last(a, n) > last(b, n)) || !(last(a, score) > last(b, score)) {
				t.Errorf("KL %v vs %v, entropy %v vs %v, length %v vs %v, score %v vs %v", last(a, kl), last(b, kl),
					last(a, ent), last(b, ent), last(a, n), last(b, n), last(a, score), last(b, score))
			}
			// Runs away: the length grows over the run, the entropy collapses (below a tenth).
			if !(last(a, n) > at(a, 0, n)+1) || !(last(a, ent) < at(a, 0, ent)/10) {
				t.Errorf("without the KL: length %v → %v, entropy %v → %v", at(a, 0, n), last(a, n), at(a, 0, ent), last(a, ent))
			}
		},
		"no-clip": func(t *testing.T, a, b []Row) {
			if kl := "actor/ppo_kl"; !(last(a, kl) > 3*last(b, kl)) || !(last(a, score) < last(b, score)) {
				t.Errorf("ppo_kl %v vs %v, score %v vs %v", last(a, kl), last(b, kl), last(a, score), last(b, score))
			}
		},
		"grpo": func(t *testing.T, a, b []Row) {
			if _, ok := a[0].Value(evar); ok || !(last(a, score) > 0.5) || !(last(b, score) > 0.5) || at(a, 0, "critic/advantages/mean") == 0 {
				t.Errorf("GRPO logs %s: %v; scores %v, %v", evar, ok, last(a, score), last(b, score))
			}
			// No critic at any iteration; both runs' scores rise.
			for k, row := range a {
				for _, name := range []string{evar, "critic/values/mean", "critic/vf_loss"} {
					if _, ok := row.Value(name); ok {
						t.Errorf("GRPO logs %s at iteration %d", name, k)
					}
				}
			}
			if !(last(a, score) > at(a, 0, score)+0.5) || !(last(b, score) > at(b, 0, score)+0.5) {
				t.Errorf("score: GRPO %v → %v, PPO %v → %v", at(a, 0, score), last(a, score), at(b, 0, score), last(b, score))
			}
		},
		"drgrpo": func(t *testing.T, a, b []Row) {
			mx := "critic/advantages/max"
			if !(at(a, 0, mx) < at(b, 0, mx)) || last(a, "response_length/mean") == last(b, "response_length/mean") {
				t.Errorf("advantages/max %v vs %v", at(a, 0, mx), at(b, 0, mx))
			}
		},
		"warmup": func(t *testing.T, a, b []Row) {
			_, before := a[8].Value("actor/pg_loss") // global_steps 9
			_, after := a[9].Value("actor/pg_loss")  // global_steps 10 = critic_warmup
			if before || !after || !(at(a, 9, score) < at(b, 9, score)) || !(last(a, score) > at(a, 9, score)+0.3) {
				t.Errorf("pg_loss at 8: %v, at 9: %v; score at 9 %v vs %v, last %v", before, after, at(a, 9, score), at(b, 9, score), last(a, score))
			}
			// Every actor/ update metric is missing for iterations 0 to 8 and logged from 9; the score is flat until then.
			for k, row := range a {
				for _, name := range []string{"actor/pg_loss", "actor/pg_clipfrac", "actor/ppo_kl", "actor/grad_norm", "actor/lr"} {
					if _, ok := row.Value(name); ok != (k >= 9) {
						t.Errorf("%s logged at iteration %d: %v, want %v", name, k, ok, k >= 9)
					}
				}
				if k <= 9 && !(math.Abs(at(a, k, score)-at(a, 0, score)) < 0.05) {
					t.Errorf("score at iteration %d = %v, at 0 %v: want it flat before the actor starts", k, at(a, k, score), at(a, 0, score))
				}
			}
		},
	}
	for _, l := range Lessons {
		story, ok := stories[l.ID]
		if !ok {
			t.Errorf("preset %s has no test of its story", l.ID)
			continue
		}
		for _, key := range []string{"", ".story", ".watch", ".a"} {
			for _, lang := range i18n.Langs {
				if !i18n.Has("train.preset."+l.ID+key) || lang.T("train.preset."+l.ID+key) == "" {
					t.Errorf("%s: no %s message train.preset.%s%s", l.ID, lang, l.ID, key)
				}
			}
		}
		if l.B != nil && !i18n.Has("train.preset."+l.ID+".b") {
			t.Errorf("%s: no label of run B", l.ID)
		}
		t.Run(l.ID, func(t *testing.T) {
			a, b := runs(t, l)
			story(t, a, b)
		})
	}
}
