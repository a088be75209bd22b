package batch

import (
	"math"
	"testing"

	"gaelab/engine"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12 }

// grpo-4: scores 1, 0, 0, 1 in one group: mean 0.5, unbiased std √(1/3),
// GRPO ±0.5/(√(1/3) + 1e-6), and every row padded to R = 4 with no padding.
func TestComputeGRPO4(t *testing.T) {
	b, _ := Preset("grpo-4")
	res := b.Compute()
	if res.Width != 4 || len(res.Groups) != 1 {
		t.Fatalf("width %d, %d groups", res.Width, len(res.Groups))
	}
	g := res.Groups[0]
	if !near(g.Mean, 0.5) || !near(g.StdUnbiased, math.Sqrt(1.0/3)) || len(g.Members) != 4 {
		t.Errorf("group %+v: want mean 0.5, std √(1/3), 4 members", g)
	}
	grpo, _ := res.Estimate("grpo_newest_norm_std")
	want := 0.5 / (math.Sqrt(1.0/3) + 1e-6)
	for i, s := range []float64{1, -1, -1, 1} {
		for tt := range 4 {
			if !near(grpo.Advantages[i][tt], s*want) {
				t.Errorf("GRPO[%d][%d] = %v, want %v", i, tt, grpo.Advantages[i][tt], s*want)
			}
		}
	}
	for _, e := range res.Estimates {
		if e.Err != nil || len(e.Advantages) != 4 {
			t.Errorf("%s: %v", e.Key, e.Err)
		}
	}
	// The score sits on the last token; no KL: rewards are the score alone.
	if res.Rewards[0][3] != 1 || res.Rewards[0][2] != 0 || res.Scores[1] != 0 {
		t.Errorf("rewards %v, scores %v", res.Rewards, res.Scores)
	}
}

// Padding: rows are padded to the longest with mask 0, value 0, reward 0,
// and a row's own padding token gets neither the score nor a valid mask.
func TestComputePadding(t *testing.T) {
	b, _ := Preset("mixed-lengths")
	res := b.Compute()
	if res.Width != 7 {
		t.Fatalf("width %d, want 7", res.Width)
	}
	if res.Mask[0][2] != 0 || res.Values[0][6] != 0 || res.Rewards[0][1] != 1 {
		t.Errorf("row 0: mask %v values %v rewards %v", res.Mask[0], res.Values[0], res.Rewards[0])
	}
	if res.Mask[2][3] != 0 || res.Rewards[2][2] != 0 || res.Rewards[2][3] != 0 {
		t.Errorf("row 2 (own padding at t=3): mask %v rewards %v", res.Mask[2], res.Rewards[2])
	}
	// Padded like this, the batch GAE's raw advantages on valid tokens are
	// each row's own, computed on the row unpadded.
	for i, row := range b.Rows {
		n := len(row.Tokens)
		r, v, m := res.Rewards[i][:n], res.Values[i][:n], res.Mask[i][:n]
		own := engine.GAE(b.Version.V1Gen(), [][]float64{r}, [][]float64{v}, [][]float64{m}, b.Gamma, b.Lam)
		for tt := range n {
			if m[tt] == 1 && !near(own.Advantages[0][tt], res.GAE.Advantages[i][tt]) {
				t.Errorf("row %d t=%d: raw A %v in the batch, %v alone", i, tt, res.GAE.Advantages[i][tt], own.Advantages[0][tt])
			}
		}
	}
}

// The batch effect: changing one row's score leaves every other row's raw
// advantages as they were and changes their whitened advantages; whitened
// alone, they do not change.
func TestBatchEffect(t *testing.T) {
	b, _ := Preset("grpo-4")
	before := b.Compute()
	b.Rows[3].Score = 5
	after := b.Compute()
	for tt := range 4 {
		if before.GAE.Advantages[0][tt] != after.GAE.Advantages[0][tt] {
			t.Errorf("raw A[0][%d] changed with row 3's score", tt)
		}
		if before.Alone[0].Whitened[0][tt] != after.Alone[0].Whitened[0][tt] {
			t.Errorf("row 0 whitened alone changed with row 3's score")
		}
		if before.GAE.Whitened[0][tt] == after.GAE.Whitened[0][tt] {
			t.Errorf("row 0's whitened A at t=%d did not change with row 3's score", tt)
		}
	}
	// Alone and in the batch differ.
	if before.GAE.Whitened[0][0] == before.Alone[0].Whitened[0][0] {
		t.Error("row 0 whitened alone equals row 0 whitened in the batch")
	}
}

// A response opened in the playground computes the same raw advantages and
// is whitened alone there.
func TestScenarioIsTheRowAlone(t *testing.T) {
	for _, id := range PresetIDs {
		b, _ := Preset(id)
		res := b.Compute()
		for i, row := range b.Rows {
			s := b.Scenario(i)
			got := s.Compute()
			for tt := range row.Tokens {
				if !near(got.GAE.Advantages[0][tt], res.GAE.Advantages[i][tt]) {
					t.Errorf("%s row %d t=%d: playground raw A %v, batch %v", id, i, tt, got.GAE.Advantages[0][tt], res.GAE.Advantages[i][tt])
				}
				if got.GAE.Whitened == nil != (res.Alone[i].Whitened == nil) {
					t.Fatalf("%s row %d: whitening failed in one place only", id, i)
				}
				if got.GAE.Whitened != nil && row.Tokens[tt].Valid && !near(got.GAE.Whitened[0][tt], res.Alone[i].Whitened[0][tt]) {
					t.Errorf("%s row %d t=%d: playground whitened %v, alone %v", id, i, tt, got.GAE.Whitened[0][tt], res.Alone[i].Whitened[0][tt])
				}
			}
		}
	}
}

// A response with one valid token cannot be whitened alone (verl raises),
// but the batch still can.
func TestAloneOneToken(t *testing.T) {
	b, _ := Preset("grpo-4")
	b.Rows[1].Resize(1)
	res := b.Compute()
	if res.Alone[1].WhitenErr == nil || res.GAE.WhitenErr != nil {
		t.Errorf("alone err %v, batch err %v", res.Alone[1].WhitenErr, res.GAE.WhitenErr)
	}
}
