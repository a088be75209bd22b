package inspect

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"gaelab/web/bounded"
	"gaelab/web/clientip"
	"gaelab/web/httperr"
	"gaelab/web/i18n"
	"gaelab/web/mw"
	"gaelab/web/store"
)

// Uploads of /inspect live in the database (web.Options.Store), so that any
// replica can show, sort, filter and drill into any upload. Their
// lifetimes (the quotas' defaults are in uploads.go).
const (
	uploadTTL                = time.Hour
	uploadShareTTL           = 7 * 24 * time.Hour
	inspectStoreTimeout      = 30 * time.Second
	inspectAnalysesPerServer = 1 // a 256 × 4,096 batch's analysis is about 100 MB
)

// Uploads is /inspect's side of the database, and the last
// analyses this replica computed (by content and config).
type Uploads struct {
	st        store.Uploads // nil: uploads are off (503)
	shared    store.Quotas  // the quotas replicas share (admit.go)
	lim       store.UploadLimits
	hourly    store.Bucket // uploads, and views that analyse anew, per address
	memQuota  *mw.Quota    // hourly's count without a database (uploads are off)
	shares    store.Bucket // shares per address
	shareMax  int64        // bytes all live shares may hold
	admission *Admission
	now       func() time.Time
	cache     *analysisCache
	sidecars  *bounded.Cache[string, []byte] // per upload: resolves a view's config (view_cache.go)
	runs      *bounded.Cache[string, *Run]   // the last runs' checks (run_page.go)
	Analyses  *mw.SlotPool                   // analyses running at once
}

// UploadLimits are what Uploads allow: each address's uploads an hour (PerHour,
// in bursts of Burst), bytes a UTC day and shares a day; the bytes all
// uploads and all live shares may hold; the upload bodies held in memory
// at once (Memory, by Content-Length) and the largest body (MaxBody).
type UploadLimits struct {
	PerHour, Burst, SharesPerDay int
	DailyBytes, StoreBytes       int64
	ShareBytes, Memory, MaxBody  int64
}

// NewUploads keeps uploads in st (nil: off) within lim, analysed in the
// slots of analyses.
func NewUploads(st store.Store, lim UploadLimits, analyses *mw.SlotPool) *Uploads {
	u := &Uploads{now: time.Now, cache: newAnalysisCache(), sidecars: newSidecarCache(), runs: newRunCache(), Analyses: analyses,
		lim:       store.UploadLimits{TTL: uploadTTL, PerAddrDay: lim.DailyBytes, MaxTotal: lim.StoreBytes},
		hourly:    store.Bucket{Burst: lim.Burst, Every: time.Hour / time.Duration(max(lim.PerHour, 1))},
		shares:    store.Bucket{Burst: lim.SharesPerDay, Every: 24 * time.Hour / time.Duration(max(lim.SharesPerDay, 1))},
		shareMax:  lim.ShareBytes,
		admission: &Admission{bodies: map[string]bool{}, memory: lim.Memory, maxBody: lim.MaxBody}}
	u.memQuota = mw.NewQuota(u.hourly.Burst, u.hourly.Every)
	if st != nil {
		u.st, u.shared = st, st
	}
	return u
}

// put stores an upload from r's address; errors are a status and a
// message key.
func (u *Uploads) put(r *http.Request, data []byte) (store.Upload, int, string) {
	if u.st == nil {
		return store.Upload{}, http.StatusServiceUnavailable, "inspect.err.nostore"
	}
	host := clientip.Addr(r)
	ctx, cancel := context.WithTimeout(r.Context(), inspectStoreTimeout)
	defer cancel()
	up, err := u.st.PutUpload(ctx, host, data, u.lim, u.now())
	switch {
	case errors.Is(err, store.ErrQuota):
		return up, http.StatusTooManyRequests, "inspect.err.quota"
	case errors.Is(err, store.ErrTooLarge):
		return up, http.StatusRequestEntityTooLarge, "inspect.err.store_full"
	case errors.Is(err, store.ErrStoreFull): // shares are kept their week
		return up, http.StatusServiceUnavailable, "inspect.err.shares_full"
	case err != nil:
		return up, http.StatusServiceUnavailable, "inspect.err.store"
	}
	return up, 0, ""
}

// analysis finds the view id's upload and analyses it with the request's
// config, from this replica's cache when it can (view_cache.go: a query
// with an unknown key or a bad value is refused before any analysis, and
// one that resolves to a cached analysis's config answers from it). A new
// analysis spends one of the address's uploads (meterView), holds its
// stored bytes within the bodies' memory budget (-upload-memory: 503 past
// it, as an upload's body), then waits for an analysis slot (errAnalysesBusy when none comes free in time); one
// that another request computed meanwhile is taken from the cache.
func (u *Uploads) analysis(ctx context.Context, ir inspectRequest) (store.Upload, *Analysis, error) {
	if u.st == nil {
		return store.Upload{}, nil, errUploadsOff
	}
	if err := unknownKey(ir.config); err != nil {
		return store.Upload{}, nil, err
	}
	up, err := u.st.Upload(ctx, ir.id, u.now())
	if err != nil {
		return up, nil, err
	}
	if run, ok := u.runs.Get(runKey(up.SHA256, ir.config)); ok {
		return up, nil, &runUpload{run: run}
	}
	if a, ok, err := u.cached(up.SHA256, ir.config); ok || err != nil {
		return up, a, err
	}
	if err := u.meterView(ctx, ir.addr); err != nil {
		return up, nil, err
	}
	release, no := u.admission.hold(up.Size)
	if no != nil {
		return up, nil, viewRefusal{no}
	}
	defer release()
	if !u.Analyses.Acquire(ctx) {
		return up, nil, errAnalysesBusy
	}
	defer u.Analyses.Release()
	if a, ok, err := u.cached(up.SHA256, ir.config); ok || err != nil {
		return up, a, err
	}
	u.cache.Clear() // the analysis it would hold is dropped now, not after this one is computed beside it
	data, err := u.st.UploadData(ctx, up.SHA256)
	if err != nil {
		return up, nil, err
	}
	if IsRunZip(data, "") { // its view checks it step by step (run_page.go)
		return up, nil, &runUpload{data: data}
	}
	a, err := LoadContext(ctx, data, ir.config)
	if err != nil {
		return up, nil, err
	}
	u.keep(up.SHA256, ir.config, a)
	return up, a, nil
}

// stored is a live view's upload and its bytes.
func (u *Uploads) stored(ctx context.Context, id string) (store.Upload, []byte, error) {
	if u.st == nil {
		return store.Upload{}, nil, errUploadsOff
	}
	up, err := u.st.Upload(ctx, id, u.now())
	if err != nil {
		return up, nil, err
	}
	data, err := u.st.UploadData(ctx, up.SHA256)
	return up, data, err
}

// share keeps a view uploadShareTTL from now, within the address's
// shares a day (errShareQuota) and the bytes all live shares may hold
// (store.ErrSharesFull). Sharing a view already shared costs nothing.
func (u *Uploads) share(ctx context.Context, id, addr string) (store.Upload, error) {
	if u.st == nil {
		return store.Upload{}, errUploadsOff
	}
	now := u.now()
	up, err := u.st.Upload(ctx, id, now)
	if err != nil || up.Shared {
		return up, err
	}
	if ok, wait, err := u.shared.TakeQuota(ctx, store.QuotaShare, addr, u.shares, now); err != nil {
		return up, err
	} else if !ok {
		return up, &shareQuotaError{wait}
	}
	return u.st.ShareUploadWithin(ctx, id, now.Add(uploadShareTTL), now, u.shareMax)
}

// shareQuotaError is a share past the address's shares a day.
type shareQuotaError struct{ wait time.Duration }

func (e *shareQuotaError) Error() string        { return errShareQuota.Error() }
func (e *shareQuotaError) Is(target error) bool { return target == errShareQuota }

var errShareQuota = errors.New("inspect: the address has shared its quota for today")

var (
	errUploadsOff   = errors.New("web: uploads are off: no database")
	errAnalysesBusy = errors.New("web: every analysis slot is taken")
)

// inspectStatus maps an error of finding or analysing an upload to a
// status (through httperr's one code table) and the page's messages: 404
// for an expired or unknown id, 400 for a config the batch refuses, 503
// when the database fails or is off.
func inspectStatus(l i18n.Lang, err error) (int, []string) {
	var e *Error
	switch he := refusalOf(err); {
	case errors.As(err, &e):
		return httperr.Status("bad_request"), inspectErrorMessages(l, err)
	case errors.Is(err, errNoFile):
		return httperr.Status("bad_request"), []string{l.T("inspect.err.no_file")}
	case errors.As(err, new(*runUpload)): // a batch's page or file of a run
		return httperr.Status("not_found"), []string{l.T("inspect.run.not_batch")}
	case errors.Is(err, store.ErrNotFound):
		return httperr.Status("not_found"), []string{l.T("inspect.err.expired")}
	case errors.Is(err, errUploadsOff):
		return httperr.Status("no_store"), []string{l.T("inspect.err.nostore")}
	case errors.Is(err, errAnalysesBusy):
		return httperr.Status("busy"), []string{l.T("limit.busy", mw.RetryAfter)}
	case he != nil:
		return httperr.Status(he.Code), []string{l.T(he.Key, he.Args...)}
	case errors.Is(err, errShareQuota):
		return httperr.Status("rate_limited"), []string{l.T("inspect.err.share_quota")}
	case errors.Is(err, store.ErrSharesFull):
		return httperr.Status("busy"), []string{l.T("inspect.err.shares_budget")}
	}
	return httperr.Status("no_store"), []string{l.T("inspect.err.store")}
}

// refusalOf is the error's answer when it is a refusal that waiting
// lifts: the address's hourly quota spent (429), or a view's new analysis
// refused by the uploads' admission (viewRefusal, with the admission's own
// code: the memory budget full 503, the day's bytes spent 429), as the page
// and the API both say it; nil for any other error.
func refusalOf(err error) *httperr.Error {
	var qe *quotaError
	var vr viewRefusal
	switch {
	case errors.As(err, &vr):
		return httperr.New(vr.code, vr.key, vr.args...)
	case errors.As(err, &qe):
		return httperr.New("rate_limited", "limit.inspect_quota", qe.perHour, qe.burst, qe.retrySecs())
	}
	return nil
}

// analysisCache keeps the last inspectAnalysesPerServer analyses (each up
// to hundreds of MB of tensors, so counted, not sized), so that the heat
// maps and row views of a page do not recompute its batch.
type analysisCache = bounded.Cache[string, *Analysis]

func newAnalysisCache() *analysisCache {
	// Each entry counts 1 + EntryBytes (bounded's own overhead is added to
	// sizeOf), so the budget is that many times the count: a budget of
	// inspectAnalysesPerServer alone kept nothing, and every view, heat map
	// and row recomputed its batch.
	return bounded.New(inspectAnalysesPerServer*(1+bounded.EntryBytes), func(string, *Analysis) int { return 1 })
}

// fileAnalysis is the stored upload's analysis for a file route (a PNG,
// an export, a script); when there is none it answers the plain-text
// error in the learner's language and false.
func (s *Room) fileAnalysis(w http.ResponseWriter, r *http.Request, ir inspectRequest) (*Analysis, bool) {
	_, a, err := s.Uploads.analysis(r.Context(), ir)
	if err != nil {
		retryAfter(w, err)
		status, msgs := inspectStatus(ir.lang, err)
		httperr.WriteMessage(w, r, status, msgs[0])
		return nil, false
	}
	return a, true
}

// retryAfter sets Retry-After for a refusal that passes with time: a
// spent quota, a busy analysis slot, a full share budget.
func retryAfter(w http.ResponseWriter, err error) {
	var qe *quotaError
	var se *shareQuotaError
	var vr viewRefusal
	switch {
	case errors.As(err, &qe):
		w.Header().Set("Retry-After", strconv.Itoa(qe.retrySecs()))
	case errors.As(err, &vr):
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(vr.wait.Seconds())))))
	case errors.As(err, &se):
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(se.wait.Seconds())))))
	case errors.Is(err, errAnalysesBusy):
		w.Header().Set("Retry-After", strconv.Itoa(mw.RetryAfter))
	case errors.Is(err, store.ErrSharesFull):
		w.Header().Set("Retry-After", "3600")
	}
}
