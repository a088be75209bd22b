package train

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"gaelab/web/clientip"
	"gaelab/web/httperr"
	"gaelab/web/mw"
)

// Room is what /train's handlers need of the server: the cache of the
// runs' checkpoints, and each client address's quota of training.
type Room struct {
	Runs  *Runs
	Quota Quota
	spent *mw.Quota
}

// Quota is each client address's quota of training (per replica, an IPv6
// client by its /64, as mw.AddrQuota), counted in PPO epochs over a batch:
// a frame costs the iterations the cache lacks (Runs.Missing) times their
// ppo_epochs, of every run it shows; a cached frame costs nothing.
type Quota struct{ PerMinute, Burst int }

// DefaultQuota lets one address play any preset at the fastest speed (a
// comparison's tick is 2 × 4 epochs, ≈ 100 a second at 12 ticks a second)
// and open about ten cold links to a comparison's last iteration at once
// (2 × 100 × 4 = 800 epochs, ≤ 1 s at the caps: BenchmarkColdLast), while
// bounding it to ≈ 100 epochs a second, about a tenth of a core.
var DefaultQuota = Quota{PerMinute: 6000, Burst: 8000}

// NewRoom is the room with a checkpoint cache of CheckpointBytes and the
// quota q (DefaultQuota for the zero Quota).
func NewRoom(q Quota) *Room {
	if q.PerMinute <= 0 || q.Burst <= 0 {
		q = DefaultQuota
	}
	return &Room{Runs: NewRuns(CheckpointBytes), Quota: q, spent: mw.NewQuota(q.Burst, time.Minute/time.Duration(q.PerMinute))}
}

// frames are the state's runs at its iteration: A, then the baseline B,
// once the client's address has paid for what they cost (429 with
// Retry-After, in the request's language, when it cannot).
func (rm *Room) frames(w http.ResponseWriter, r *http.Request, s State) ([]Frame, *httperr.Error) {
	a := s.A()
	cost := rm.Runs.Missing(a, s.It) * a.PPOEpochs
	cb, two := s.B()
	if two {
		cost += rm.Runs.Missing(cb, min(s.It, cb.Iterations-1)) * cb.PPOEpochs
	}
	if cost > 0 {
		if ok, wait := rm.spent.Spend(clientip.Addr(r), float64(cost), time.Now()); !ok {
			secs := max(1, int(math.Ceil(wait.Seconds())))
			w.Header().Set("Retry-After", strconv.Itoa(secs))
			return nil, httperr.New("rate_limited", "train.err.quota", rm.Quota.PerMinute, rm.Quota.Burst, secs)
		}
	}
	fa, err := rm.Runs.Frame(a, s.It)
	if err != nil {
		return nil, configErr(err)
	}
	out := []Frame{fa}
	if two {
		fb, err := rm.Runs.Frame(cb, min(s.It, cb.Iterations-1))
		if err != nil {
			return nil, configErr(err)
		}
		out = append(out, fb)
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
