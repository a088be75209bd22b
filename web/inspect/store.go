package inspect

import (
	"context"
	"errors"
	"net/http"
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
	st       store.Uploads // nil: uploads are off (503)
	lim      store.UploadLimits
	now      func() time.Time
	cache    *analysisCache
	Quota    *mw.Quota    // uploads per address (WithQuota)
	Analyses *mw.SlotPool // analyses running at once
}

// NewUploads keeps uploads in st (nil: off), at most dailyBytes a
// day from one address and storeBytes in all, metered by quota and
// analysed in the slots of analyses.
func NewUploads(st store.Uploads, dailyBytes, storeBytes int64, quota *mw.Quota, analyses *mw.SlotPool) *Uploads {
	return &Uploads{st: st, now: time.Now, cache: newAnalysisCache(),
		lim:   store.UploadLimits{TTL: uploadTTL, PerAddrDay: dailyBytes, MaxTotal: storeBytes},
		Quota: quota, Analyses: analyses}
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
// config, from this replica's cache when it can. A new analysis waits for
// an analysis slot (errAnalysesBusy when none comes free in time); one
// that another request computed meanwhile is taken from the cache.
func (u *Uploads) analysis(ctx context.Context, ir inspectRequest) (store.Upload, *Analysis, error) {
	if u.st == nil {
		return store.Upload{}, nil, errUploadsOff
	}
	up, err := u.st.Upload(ctx, ir.id, u.now())
	if err != nil {
		return up, nil, err
	}
	key := ir.cacheKey(up.SHA256)
	if a, ok := u.cache.Get(key); ok {
		return up, a, nil
	}
	if !u.Analyses.Acquire(ctx) {
		return up, nil, errAnalysesBusy
	}
	defer u.Analyses.Release()
	if a, ok := u.cache.Get(key); ok {
		return up, a, nil
	}
	u.cache.Clear() // the analysis it would hold is dropped now, not after this one is computed beside it
	data, err := u.st.UploadData(ctx, up.SHA256)
	if err != nil {
		return up, nil, err
	}
	a, err := Load(data, ir.config)
	if err != nil {
		return up, nil, err
	}
	u.cache.Put(key, a)
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

// share keeps a view uploadShareTTL from now.
func (u *Uploads) share(ctx context.Context, id string) (store.Upload, error) {
	if u.st == nil {
		return store.Upload{}, errUploadsOff
	}
	now := u.now()
	return u.st.ShareUpload(ctx, id, now.Add(uploadShareTTL), now)
}

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
	switch {
	case errors.As(err, &e):
		return httperr.Status("bad_request"), inspectErrorMessages(l, err)
	case errors.Is(err, store.ErrNotFound):
		return httperr.Status("not_found"), []string{l.T("inspect.err.expired")}
	case errors.Is(err, errUploadsOff):
		return httperr.Status("no_store"), []string{l.T("inspect.err.nostore")}
	case errors.Is(err, errAnalysesBusy):
		return httperr.Status("busy"), []string{l.T("limit.busy", mw.RetryAfter)}
	}
	return httperr.Status("no_store"), []string{l.T("inspect.err.store")}
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
		status, msgs := inspectStatus(ir.lang, err)
		http.Error(w, msgs[0], status)
		return nil, false
	}
	return a, true
}
