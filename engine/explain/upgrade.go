package explain

import (
	"errors"
	"slices"

	"gaelab/engine"
)

// What an upgrade from one verl release to another changes, and why: a
// quantity is computed in every generation from the old release's to the
// new one's, and a cell that differs between the two ends is marked with the
// engine's changes at the generation steps where that cell moved. The
// reasons therefore come from the engine's generation table (engine.Changes),
// never from a hand-written range.

// Numbers is one quantity as generation g computes it: one number per cell
// (per token, or a single loss), or the error verl raises there (or the
// release's lack of the quantity), for the whole quantity. Two errors are
// the same answer when verl raises the same exception (errorKind): an
// estimator a release lacks differs from one it has that raises.
type Numbers func(g engine.Generation) ([]float64, error)

// Cell is what an upgrade does to one cell.
type Cell struct {
	Differs bool              // the two ends give different numbers (or one raises)
	Changes []engine.ChangeID // the changes that move it, in the order of the generations
}

// Upgrade compares quantity q between generations from and to (either
// order), cell by cell. depends are the changes q can depend on: at a step
// between neighbouring generations, the changes of that step in depends
// explain it; a step that moves a cell through none of them is explained by
// all of the step's changes, so no difference is ever left without a
// reason. A cell that moves and moves back (v0.4.0's vf_loss without 0.5,
// undone in v0.4.1) does not differ, and a change undone on the way is
// not among the reasons of a cell that other changes explain.
func Upgrade(from, to engine.Generation, q Numbers, depends []engine.ChangeID) []Cell {
	dir := engine.Generation(1)
	if to < from {
		dir = -1
	}
	type numbers struct {
		x   []float64
		err error
	}
	path := []numbers{}
	n := 0
	for g := from; ; g += dir {
		x, err := q(g)
		if err != nil {
			x = nil
		}
		path = append(path, numbers{x, err})
		n = max(n, len(x))
		if g == to {
			break
		}
	}
	same := func(a, b numbers, t int) bool {
		if a.x == nil || b.x == nil {
			return a.x == nil && b.x == nil && errorKind(a.err) == errorKind(b.err)
		}
		return !Differs(a.x[t], b.x[t])
	}
	between := map[engine.ChangeID]bool{}
	for _, c := range engine.ChangesBetween(from, to) {
		between[c.ID] = true
	}
	cells := make([]Cell, n)
	for t := range cells {
		if same(path[0], path[len(path)-1], t) {
			continue
		}
		cells[t].Differs = true
		for k := 1; k < len(path); k++ {
			if same(path[k-1], path[k], t) {
				continue
			}
			g := from + dir*engine.Generation(k)
			for _, id := range stepChanges(g-dir, g, depends) {
				if !slices.Contains(cells[t].Changes, id) {
					cells[t].Changes = append(cells[t].Changes, id)
				}
			}
		}
		// A change undone on the way (in force at neither end) explains
		// nothing about the two ends, unless nothing else does.
		if net := slices.DeleteFunc(slices.Clone(cells[t].Changes), func(id engine.ChangeID) bool { return !between[id] }); len(net) > 0 {
			cells[t].Changes = net
		}
	}
	return cells
}

// errorKind is what makes two errors the same answer: verl's exception
// type and message (not GAE Lab's explanation, which names the release),
// or the error's text.
func errorKind(err error) string {
	var ve *engine.VerlError
	if errors.As(err, &ve) {
		return ve.Type + ": " + ve.Message
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// stepChanges are the changes between neighbouring generations a and b
// that q depends on, or all of them when it depends on none.
func stepChanges(a, b engine.Generation, depends []engine.ChangeID) []engine.ChangeID {
	var all, in []engine.ChangeID
	for _, c := range engine.ChangesBetween(a, b) {
		all = append(all, c.ID)
		if slices.Contains(depends, c.ID) {
			in = append(in, c.ID)
		}
	}
	if len(in) == 0 {
		return all
	}
	return in
}
