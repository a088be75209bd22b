package train

import (
	"strings"

	"gaelab/web/httperr"
)

// Room is what /train's handlers need of the server: the cache of the
// runs' checkpoints.
type Room struct{ Runs *Runs }

// NewRoom is the room with a checkpoint cache of CheckpointBytes.
func NewRoom() *Room { return &Room{Runs: NewRuns(CheckpointBytes)} }

// frames are the state's runs at its iteration: A, then the baseline B.
func (rm *Room) frames(s State) ([]Frame, *httperr.Error) {
	a, err := rm.Runs.Frame(s.A(), s.It)
	if err != nil {
		return nil, configErr(err)
	}
	out := []Frame{a}
	if cb, ok := s.B(); ok {
		b, err := rm.Runs.Frame(cb, min(s.It, cb.Iterations-1))
		if err != nil {
			return nil, configErr(err)
		}
		out = append(out, b)
	}
	return out, nil
}

// configErr is a setting engine/train refuses ("train: <field>: …"), named
// by its verl key; the engine's English reason stays in the log.
func configErr(err error) *httperr.Error {
	msg := strings.TrimPrefix(err.Error(), "train: ")
	field, _, _ := strings.Cut(msg, ":")
	return &httperr.Error{Code: "bad_request", Field: field, Key: "train.err.config", Args: []any{field}}
}
