package chart

import (
	"strconv"
	"sync"
	"testing"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
)

// measuredText measures as gonum's plain handler does, from many goroutines
// at once (the page draws its charts in parallel), and keeps at most
// maxMeasured boxes.
func TestMeasuredTextIsPlain(t *testing.T) {
	plain := text.Plain{Fonts: font.DefaultCache}
	h := &measuredText{Plain: plain, boxes: boxMemo{max: 64}}
	fonts := []font.Font{font.From(sansFont(), 12), font.From(sansFont(), 9.5), font.From(font.Font{Typeface: "Liberation", Variant: "Serif"}, 12)}
	strs := []string{"", " ", "0.25", "-1.5", "V(sₜ)", "token t", "是的，等于", "AV To"}
	for i := range 200 {
		strs = append(strs, strconv.Itoa(i))
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 2 { // the second round is answered from the memo
				for _, f := range fonts {
					for _, s := range strs {
						w, ht, d := h.Box(s, f)
						pw, pht, pd := plain.Box(s, f)
						if w != pw || ht != pht || d != pd {
							t.Errorf("Box(%q, %v) = %v %v %v, text.Plain says %v %v %v", s, f.Size, w, ht, d, pw, pht, pd)
						}
					}
				}
			}
		})
	}
	wg.Wait()
	if n := len(h.boxes.m); n > 64 {
		t.Errorf("the memo holds %d boxes, at most 64", n)
	}
}
