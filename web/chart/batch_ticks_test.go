package chart

import (
	"fmt"
	"testing"
)

// Every panel of the batch chart labels at least 4 y ticks, and the
// labelled ticks span the data (issue 12: /batch had ticks at −2.5 and 0
// only, for data within ±1.4), in every theme and for one-signed data.
func TestBatchYTicks(t *testing.T) {
	oneSigned := batchGRPO4()
	for i := range oneSigned.Rows {
		for t := range oneSigned.Rows[i].Whitened {
			oneSigned.Rows[i].Whitened[t] = 0.1 + 0.2*float64(i+t)/7
			oneSigned.Rows[i].GRPO[t] = 0.3
		}
	}
	proj := batchGRPO4()
	proj.Theme = Light().Projector()
	for name, in := range map[string]BatchInput{"grpo4": batchGRPO4(), "mixed": batchMixed(), "one-signed": oneSigned, "projector": proj} {
		bt, err := newBatch(&in, themeOf(in))
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := 0.0, 0.0
		for _, r := range in.Rows {
			for _, s := range [][]float64{r.Whitened, r.GRPO} {
				for _, v := range s {
					lo, hi = min(lo, v), max(hi, v)
				}
			}
		}
		// As render sets the y axis: the panel's range padded by 8 %.
		rng := bt.hi - bt.lo
		ticks := ticker{n: bt.panel.yTickCount(), least: bt.panel.yTicksLeast()}.Ticks(bt.lo-0.08*rng, bt.hi+0.08*rng)
		if len(ticks) < 4 {
			t.Errorf("%s: %d labelled y ticks %v, want ≥ 4", name, len(ticks), ticks)
			continue
		}
		if ticks[0].Value > lo || ticks[len(ticks)-1].Value < hi {
			t.Errorf("%s: ticks %v do not span the data [%v, %v]", name, ticks, lo, hi)
		}
		if testing.Verbose() {
			fmt.Printf("%s: y ticks %v for data [%v, %v]\n", name, ticks, lo, hi)
		}
	}
}

// themeOf is the theme a batch input resolves to.
func themeOf(in BatchInput) Theme {
	th, _ := in.Theme.resolve()
	return th
}
