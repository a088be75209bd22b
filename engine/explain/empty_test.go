package explain

import (
	"testing"

	"gaelab/engine"
)

// token-mean on an all-masked batch: NaN without masked_mean's ε
// (v0.2–v0.3.0.rc0), 0 with it (v0.3.0.post0–v0.6.1, #782), NaN again from
// v0.7.0 (#4211), as RELEASES.md and the golden file record.
func TestEmptyBatchTokenMean(t *testing.T) {
	got := EmptyBatch(engine.TokenMean)
	want := []struct {
		from, to engine.Generation
		nan      bool
		change   engine.ChangeID
	}{
		{engine.G01, engine.G02, true, ""},
		{engine.G03, engine.G08, false, engine.MaskedMeanEps},
		{engine.G09, engine.G12, true, engine.TokenMeanNoEps},
	}
	if len(got) != len(want) {
		t.Fatalf("%d ranges %+v, want %d", len(got), got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.From != w.from || g.To != w.to || g.NaN() != w.nan || g.Err != nil {
			t.Errorf("range %d: %s–%s NaN %v err %v, want %s–%s NaN %v", i, g.From, g.To, g.NaN(), g.Err, w.from, w.to, w.nan)
		}
		if w.change != "" && (len(g.Changes) != 1 || g.Changes[0] != w.change) {
			t.Errorf("range %d starts with %v, want %s", i, g.Changes, w.change)
		}
		if !g.NaN() && g.Value != 0 {
			t.Errorf("range %d: %v, want 0", i, g.Value)
		}
	}
	if a := EmptyAnswerOf(engine.G05, engine.TokenMean); a.From != engine.G03 {
		t.Errorf("v0.4.1's answer is in range %s–%s", a.From, a.To)
	}
}

// Every mode's ranges cover G01…G12 in order without gaps; token-sum is an
// error before v0.9.0 and 0 from it.
func TestEmptyBatchCoversEveryGeneration(t *testing.T) {
	for _, mode := range engine.AggModes {
		next := engine.FirstGeneration
		for _, a := range EmptyBatch(mode) {
			if a.From != next || a.To < a.From {
				t.Errorf("%s: range %s–%s, want it to start at %s", mode, a.From, a.To, next)
			}
			next = a.To + 1
		}
		if next != engine.LastGeneration+1 {
			t.Errorf("%s: ranges end before %s", mode, engine.LastGeneration)
		}
	}
	last := EmptyBatch(engine.TokenSum)
	if a := last[len(last)-1]; a.From != engine.G12 || a.Err != nil || a.Value != 0 {
		t.Errorf("token-sum from v0.9.0: %+v, want 0", a)
	}
}
