package inspect

import (
	"context"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"gaelab/web/clientip"
	"gaelab/web/httperr"
	"gaelab/web/store"
)

// Upload admission (issue #32, finding 5): before a body is read, an
// upload (POST /inspect, POST /api/v1/inspect) must pass, in this order,
//
//   - for the API, a Content-Type of contentTypes (handler.go): 415;
//   - the address's hourly count (Limits.PerHour in bursts of
//     Limits.Burst), a quota in the store that every replica shares: 429;
//   - the address's daily bytes (store.UploadLimits.PerAddrDay), with the
//     body counted at its Content-Length (else the upload limit): 429 with
//     Retry-After to the next UTC day;
//   - one body per address at a time on this replica: 429;
//   - the memory budget: the bodies admitted, by their Content-Length
//     (a body without one counts as the upload limit), hold at most
//     Limits.Memory: 503.
//
// Admitted, the body is read whole (mw.WithUploadBody, at the minimum
// rate), then analysed in the one analysis slot, in arrival order (the
// slot pool's queue is first come, first served). Its budget is given
// back when its answer is done.

// Admission is an Uploads' admission state on this replica.
type Admission struct {
	mu      sync.Mutex
	held    int64           // the admitted bodies' bytes
	bodies  map[string]bool // addresses with a body in flight
	memory  int64
	maxBody int64
}

// refusal is why an upload was not admitted: a status, its code and
// message key, and how long to wait.
type refusal struct {
	code, key string
	args      []any
	wait      time.Duration
}

// admit takes an upload of declared bytes from addr into the budget;
// release gives it back. nil refusal: admitted.
func (a *Admission) admit(addr string, declared int64) (release func(), no *refusal) {
	if declared < 0 || declared > a.maxBody {
		declared = a.maxBody
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.bodies[addr] {
		return nil, &refusal{code: "rate_limited", key: "limit.upload_one", wait: 5 * time.Second}
	}
	if a.held+declared > a.memory {
		return nil, &refusal{code: "busy", key: "limit.upload_memory", args: []any{a.memory >> 20}, wait: 10 * time.Second}
	}
	a.held += declared
	a.bodies[addr] = true
	return func() {
		a.mu.Lock()
		defer a.mu.Unlock()
		a.held -= declared
		delete(a.bodies, addr)
	}, nil
}

// hold takes a view's stored bytes (declared) into the memory budget
// that bodies share, for the view's new analysis (Uploads.analysis):
// its file is read into memory as a body is. Views are not held to one
// at a time per address (a page's charts come in parallel and then find
// the analysis cached); their hourly count is meterView's. release gives
// the bytes back; a nil release is a refusal (503, as a body's).
func (a *Admission) hold(declared int64) (release func(), no *refusal) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.held+declared > a.memory {
		return nil, &refusal{code: "busy", key: "limit.upload_memory", args: []any{a.memory >> 20}, wait: 10 * time.Second}
	}
	a.held += declared
	return func() {
		a.mu.Lock()
		defer a.mu.Unlock()
		a.held -= declared
	}, nil
}

// viewRefusal is a view's new analysis refused by the memory budget.
type viewRefusal struct{ *refusal }

func (e viewRefusal) Error() string { return "inspect: the uploads' memory budget is full" }

// Admit is the uploads' admission (above), before their body is read.
// Without a store uploads are off, and the handler says so.
func (u *Uploads) Admit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		api := strings.HasPrefix(r.URL.Path, "/api/")
		if api && !uploadType(r.Header.Get("Content-Type")) {
			w.Header().Set("Connection", "close") // the body is not read
			e := httperr.New("unsupported_media_type", "limit.content_type", contentTypesNamed)
			e.Field = "Content-Type"
			httperr.Write(w, r, e)
			return
		}
		addr := clientip.Addr(r)
		var no *refusal
		if u.st == nil { // uploads are off (the handler says so): only the hourly count, in memory
			if ok, wait := u.memQuota.Take(addr, u.now()); !ok {
				no = u.hourlyRefusal(wait)
			}
		} else {
			ctx, cancel := context.WithTimeout(r.Context(), inspectStoreTimeout)
			var err error
			no, err = u.quotas(ctx, addr, r.ContentLength)
			cancel()
			if err != nil {
				no = &refusal{code: "unavailable", key: "inspect.err.store", wait: 10 * time.Second}
			}
		}
		var release func()
		if no == nil {
			release, no = u.admission.admit(addr, r.ContentLength)
		}
		if no != nil {
			w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(no.wait.Seconds())))))
			w.Header().Set("Connection", "close") // the body is not read
			if api {
				httperr.Write(w, r, httperr.New(no.code, no.key, no.args...))
				return
			}
			ir := readInspect(r)
			renderInspect(w, r, httperr.Status(no.code), inspectPage(ir, nil, nil, []string{ir.lang.T(no.key, no.args...)}))
			return
		}
		defer release()
		next.ServeHTTP(w, r)
	})
}

// quotas checks the address's shared quotas for an upload of declared
// bytes: its hourly count (spent here) and its daily bytes (spent when
// the upload is stored: PutUpload).
func (u *Uploads) quotas(ctx context.Context, addr string, declared int64) (*refusal, error) {
	now := u.now()
	b := u.hourly
	ok, wait, err := u.shared.TakeQuota(ctx, store.QuotaUpload, addr, b, now)
	if err != nil {
		return nil, err
	}
	if !ok {
		return u.hourlyRefusal(wait), nil
	}
	if declared < 0 || declared > u.admission.maxBody {
		declared = u.admission.maxBody
	}
	used, err := u.st.UploadedToday(ctx, addr, now)
	if err != nil {
		return nil, err
	}
	if used+declared > u.lim.PerAddrDay {
		day := now.UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
		return &refusal{code: "rate_limited", key: "inspect.err.quota", wait: day.Sub(now)}, nil
	}
	return nil, nil
}

// hourlyRefusal is the refusal of an address past its uploads an hour.
func (u *Uploads) hourlyRefusal(wait time.Duration) *refusal {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	return &refusal{code: "rate_limited", key: "limit.inspect_quota", args: []any{int(time.Hour / u.hourly.Every), u.hourly.Burst, secs}, wait: wait}
}

// meterView spends one of the address's uploads for a view that needs a
// new analysis: a view costs what an upload does. errViewQuota past it.
func (u *Uploads) meterView(ctx context.Context, addr string) error {
	ok, wait, err := u.shared.TakeQuota(ctx, store.QuotaUpload, addr, u.hourly, u.now())
	if err != nil {
		return err
	}
	if !ok {
		return &quotaError{wait: wait, perHour: int(time.Hour / u.hourly.Every), burst: u.hourly.Burst}
	}
	return nil
}

// quotaError is a view refused by the address's hourly quota.
type quotaError struct {
	wait           time.Duration
	perHour, burst int
}

func (e *quotaError) Error() string { return "inspect: the address's hourly quota is spent" }

// retrySecs is the wait in whole seconds, at least 1.
func (e *quotaError) retrySecs() int { return max(1, int(math.Ceil(e.wait.Seconds()))) }
