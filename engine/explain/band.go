package explain

import (
	"math"

	"gaelab/engine"
)

// The clip bands of the update views' questions, counted the way a learner
// counts them off the page: the actor's ratio band [1 − ε_low, 1 + ε_high]
// (engine.ClipParams.Low, High, as the newest verl clips) and the critic's
// value band V(s_t) ± cliprange_value. A token outside its band is not
// necessarily clipped (the clip acts only where it raises the loss): the
// difference is the questions' anticipated wrong answer.
//
// Index convention: t is the 0-based response-token index; valid lists the
// tokens that count (mask 1), in order.

// ratioMoved is how far from 1 a ratio must be to have moved: more than
// float64 rounding of exp(log π_θ − log π_old).
const ratioMoved = 1e-9

// valueBandSlack keeps a prediction on the edge of the value band inside
// it when the subtraction |vpred − V(s_t)| rounds past cliprange_value.
const valueBandSlack = 1e-12

// FirstMovedRatio is the first token of valid whose ratio π_θ/π_old has
// moved from 1 (by more than rounding), or valid[0] when none has; −1 when
// valid is empty.
func FirstMovedRatio(ratio []float64, valid []int) int {
	if len(valid) == 0 {
		return -1
	}
	for _, t := range valid {
		if math.Abs(ratio[t]-1) > ratioMoved {
			return t
		}
	}
	return valid[0]
}

// OutsideRatioBand counts the tokens of valid whose ratio lies outside the
// actor's clip band [1 − p.Low, 1 + p.High]; an edge is inside.
func OutsideRatioBand(ratio []float64, valid []int, p engine.ClipParams) int {
	n := 0
	for _, t := range valid {
		if r := ratio[t]; r < 1-p.Low || r > 1+p.High {
			n++
		}
	}
	return n
}

// OutsideValueBand counts the tokens of valid whose prediction vpreds[t]
// lies outside the critic's value band values[t] ± cliprange; an edge is
// inside, up to float64 rounding.
func OutsideValueBand(vpreds, values []float64, valid []int, cliprange float64) int {
	n := 0
	for _, t := range valid {
		if math.Abs(vpreds[t]-values[t]) > cliprange+valueBandSlack {
			n++
		}
	}
	return n
}
