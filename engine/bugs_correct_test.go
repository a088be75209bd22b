package engine

import (
	"reflect"
	"testing"
)

// A caller's CorrectGAE result (BugInput.Correct) gives every bug the
// numbers it computes alone.
func TestGAEWithBugGivenCorrect(t *testing.T) {
	in := padded(0.99, 0.95)
	given := in
	c := CorrectGAE(in).GAEResult
	given.Correct = &c
	for _, bug := range Bugs {
		want, errW := GAEWithBug(bug, in)
		got, errG := GAEWithBug(bug, given)
		if (errW == nil) != (errG == nil) || !reflect.DeepEqual(got.Whitened, want.Whitened) || !reflect.DeepEqual(got.Returns, want.Returns) || !reflect.DeepEqual(got.Advantages, want.Advantages) {
			t.Errorf("%s: given CorrectGAE's result, the bug computes something else", bug)
		}
	}
}
