package chart

import (
	"strconv"
	"strings"
	"sync"
	"testing"

	"gonum.org/v1/plot/font"
)

// measuredText measures as gonum's plain handler does, from many goroutines
// at once (the page draws its charts in parallel), and keeps boxes within
// its byte budget, however long the strings.
func TestMeasuredTextIsPlain(t *testing.T) {
	const budget = 16 << 10
	h := newMeasuredText(budget)
	plain := h.Plain
	fonts := []font.Font{font.From(sansFont(), 12), font.From(sansFont(), 9.5), font.From(font.Font{Typeface: "Liberation", Variant: "Serif"}, 12)}
	strs := []string{"", " ", "0.25", "-1.5", "V(sₜ)", "token t", "是的，等于", "AV To"}
	for i := range 200 {
		strs = append(strs, strconv.Itoa(i))
	}
	for i := range 20 {
		strs = append(strs, strings.Repeat("x", 2000)+strconv.Itoa(i))
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
	if n := h.boxes.Bytes(); n > budget {
		t.Errorf("the memo holds %d boxes in %d bytes, budget %d", h.boxes.Len(), n, budget)
	}
}

// The advance memo keeps only runes below maxCachedRune: a label made of
// any of Unicode's other runes is measured the same and kept nowhere.
func TestAdvanceMemoIsBounded(t *testing.T) {
	var rare []rune
	for r := rune(0x10000); r < 0x10800; r++ { // Linear B, Aegean, Old Italic…: not wide
		if !wide(r) {
			rare = append(rare, r)
		}
	}
	first := make([]float64, len(rare))
	for i, r := range rare {
		first[i] = advance(r)
	}
	for i, r := range rare {
		if _, kept := advCache.Load(r); kept || advance(r) != first[i] {
			t.Fatalf("rune %U: kept %v, advance %v then %v", r, kept, first[i], advance(r))
		}
	}
	if w := advance('a'); w <= 0 {
		t.Fatalf("advance('a') = %v", w)
	}
	if _, kept := advCache.Load('a'); !kept {
		t.Error("the advance of 'a' is not kept")
	}
}
