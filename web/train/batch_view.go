package train

import (
	"math"
	"strconv"

	"gaelab/engine/train"
	tt "gaelab/templates/train"
	"gaelab/web/i18n"
	"gaelab/web/page"
)

// shownRows is how many responses of each prompt the token rows show (the
// .npz holds the whole batch).
const shownRows = 4

// tokenTable is iteration f.It's batch as token rows: the first responses of
// each prompt, each token with its reward, value and advantage.
func tokenTable(lang i18n.Lang, f Frame) tt.TokenTable {
	b := f.It.Batch
	R := f.Config.Length
	t := tt.TokenTable{
		Heading: lang.T("train.batch.heading"),
		Caption: lang.T("train.batch.caption", f.It.Index, f.Config.Rows(), min(shownRows, f.Config.N)*f.Config.Prompts),
		Legend:  lang.T("train.batch.legend"),
		Head:    []string{"i"},
	}
	for k := range R {
		t.Head = append(t.Head, "t = "+strconv.Itoa(k))
	}
	for p := range f.Config.Prompts {
		for j := range min(shownRows, f.Config.N) {
			i := p*f.Config.N + j
			row := tt.TokenRow{Row: strconv.Itoa(i), Label: lang.T("train.batch.row", i, train.Prompts[p])}
			for k := range R {
				if b.ResponseMask[i][k] == 0 {
					row.Cells = append(row.Cells, tt.TokenCell{Pad: true})
					continue
				}
				c := tt.TokenCell{Token: train.Vocab[b.Responses[i][k]], Reward: page.Num3(b.TokenLevelRewards[i][k]),
					Value: "–", Adv: page.Num3(b.Advantages[i][k])}
				if b.Values != nil {
					c.Value = page.Num3(b.Values[i][k])
				}
				switch a := b.Advantages[i][k]; {
				case a > 0:
					c.Sign = "pos"
				case a < 0:
					c.Sign = "neg"
				}
				row.Cells = append(row.Cells, c)
			}
			t.Rows = append(t.Rows, row)
		}
	}
	return t
}

// heats are the sampling policy's next-token probabilities along each
// prompt's target answer: position t after the target's token t−1.
func heats(lang i18n.Lang, f Frame) []tt.Heat {
	cfg, A := f.Config, train.Actions()
	var out []tt.Heat
	p := make([]float64, A)
	for pr := range cfg.Prompts {
		target := append(append([]int(nil), train.Targets[pr]...), train.EOSID)
		h := tt.Heat{ID: strconv.Itoa(pr), Caption: lang.T("train.heat.caption", train.Prompts[pr], f.It.Index), Head: []string{lang.T("train.heat.state")}}
		for a := range A {
			h.Head = append(h.Head, train.Vocab[a+1])
		}
		prev := train.PadID
		for t, want := range target {
			if t >= cfg.Length {
				break
			}
			off := cfg.ActorIndex(pr, t, prev, 0)
			softmax(f.Policy.Actor[off:off+A], p)
			row := tt.HeatRow{Label: lang.T("train.heat.row", t, train.Vocab[prev])}
			for a := range A {
				row.Cells = append(row.Cells, tt.HeatCell{Text: strconv.FormatFloat(p[a], 'f', 2, 64),
					Class: "heat-" + strconv.Itoa(min(9, int(p[a]*10))), Target: a+1 == want})
			}
			h.Rows = append(h.Rows, row)
			prev = want
		}
		out = append(out, h)
	}
	return out
}

// softmax is π(·|s) of logits z, as engine/train samples from it.
func softmax(z, p []float64) {
	m := math.Inf(-1)
	for _, x := range z {
		m = math.Max(m, x)
	}
	var sum float64
	for k, x := range z {
		p[k] = math.Exp(x - m)
		sum += p[k]
	}
	for k := range p {
		p[k] /= sum
	}
}
