// Package web is GAE Lab's HTTP server: the routes, the handlers behind them,
// the middleware around them and the http.Server that serves them.
package web

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"gaelab/static"
	"gaelab/web/api"
	"gaelab/web/store"
)

// Options configure Handler. The zero value is the default of each field.
type Options struct {
	// Logger receives the access log (one line per request) and panics;
	// nil discards them.
	Logger *slog.Logger
	// FrameAncestors is the CSP frame-ancestors source list, as
	// ParseEmbedOrigins returns it; "" means "'self'".
	FrameAncestors string
	// MaxInflight is how many requests may run at once (default 32); more
	// wait up to InflightWait (default 250 ms) for a slot, then get 503.
	MaxInflight  int
	InflightWait time.Duration
	// HandlerTimeout bounds one handler's work (default 10 s).
	HandlerTimeout time.Duration
	// CacheBytes bounds the cache of recent answers (default 16 MiB).
	CacheBytes int

	// Store is the database of live classes; nil turns them off (their
	// routes answer 503).
	Store store.Store
	// ClassTTL is how long a class lives (default 24 h); MaxStudents how
	// many may join one (default 500); MaxStreams how many live streams
	// this replica holds at once (default 2,000).
	ClassTTL    time.Duration
	MaxStudents int
	MaxStreams  int
	// PublicURL is where phones reach the server ("https://gae.example.edu"),
	// for join links and QR codes behind a reverse proxy; "" uses the
	// request's scheme and host.
	PublicURL string
	// UploadBodyBytes and UploadReadTimeout are the uploads route group's
	// body limit (default 128 MiB) and read deadline (default 120 s).
	UploadBodyBytes   int64
	UploadReadTimeout time.Duration
}

// gzipLevel trades a little size for speed: at level 1 a playground page
// (42 KB) gzips to 10.8 KB instead of level 5's 9.3 KB, in 60% of the time.
const gzipLevel = 1

// compressible are the content types answered gzipped to clients that
// accept it. Static assets come gzipped already.
var compressible = []string{"text/html", "text/plain", "text/csv", "application/json", "image/svg+xml"}

// Handler returns GAE Lab: every route, behind its middleware. Outermost
// first: HEAD as GET, request id, access log, security headers, the
// URL-length and in-flight limits, the handler timeout and panic recovery.
// Pages, charts and exports then answer conditional requests (strong
// ETags) from a cache of recent answers, and gzip.
func Handler(o Options) http.Handler { return newRouter(o) }

// newRouter is Handler as a router, so that tests can mount a route of
// their own behind the same middleware.
func newRouter(o Options) *chi.Mux {
	o = o.withDefaults()
	r := chi.NewRouter()
	// withRecovery here too, for routes mounted on the router itself (tests);
	// each group below recovers its own handlers first.
	r.Use(middleware.GetHead, withRequestID, withAccessLog(o.Logger), withSecurityHeaders(o.FrameAncestors),
		withURLLimit, withRecovery(o.Logger))
	gzip := middleware.Compress(gzipLevel, compressible...)
	cr := newClassRoom(o)

	// Streams: no handler timeout, no answer cache, no page slot; the
	// class hub caps them instead (streamRoutes).
	r.Group(func(r chi.Router) {
		r.Use(withRecovery(o.Logger))
		streamRoutes(r, cr)
	})

	r.Group(func(r chi.Router) {
		r.Use(withInflightLimit(o.MaxInflight, o.InflightWait), withTimeout(o.HandlerTimeout), withRecovery(o.Logger))
		pageRoutes(r, o, cr, gzip)
	})
	r.NotFound(func(w http.ResponseWriter, r *http.Request) {
		guardAnswer(w, r, http.StatusNotFound, "not_found", "error.not_found")
	})
	r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
		allowed := "GET, HEAD"
		if strings.HasPrefix(r.URL.Path, "/api/") {
			allowed = "POST"
		}
		w.Header().Set("Allow", allowed)
		guardAnswer(w, r, http.StatusMethodNotAllowed, "method_not_allowed", "error.method", allowed)
	})
	return r
}

// pageRoutes are every route but the streams, behind the in-flight limit
// and the handler timeout.
func pageRoutes(r chi.Router, o Options, cr *classRoom, gzip func(http.Handler) http.Handler) {
	r.Group(func(r chi.Router) {
		r.Use(withConditional(buildID(), newResponseCache(o.CacheBytes)), gzip)
		r.Get("/", handleHome)
		r.Get("/play", handlePlay)
		r.Get("/play/table.csv", handleTableCSV)
		r.Get("/play/table.json", handleTableJSON)
		r.Get("/play/verify.py", handlePlayVerify)
		r.Get("/play/chart/{name}.svg", handleChart)
		r.Get("/update/critic", handleUpdateCritic)
		r.Get("/update/actor", handleUpdateActor)
		r.Get("/update/actor/objective.svg", handleUpdateActorChart)
		r.Get("/compare/versions", handleCompareVersions)
		r.Get("/compare/versions/chart.svg", handleCompareVersionsChart)
		r.Get("/compare/bugs", handleCompareBugs)
		r.Get("/compare/bugs/chart/{name}.svg", handleCompareBugsChart)
		r.Get("/compare/lambda", handleCompareLambda)
		r.Get("/compare/lambda/chart/{name}.svg", handleCompareLambdaChart)
		r.Get("/compare/estimators", handleCompareEstimators)
		r.Get("/compare/estimators/chart.svg", handleCompareEstimatorsChart)
		r.Get("/batch", handleBatch)
		r.Get("/batch/chart.svg", handleBatchChart)
		r.Get("/batch/verify.py", handleBatchVerify)
		r.Get("/lessons", handleLessons)
		r.Get("/lessons/quiz", handleQuiz)
		r.Get("/glossary", handleGlossary)
		r.Get("/lessons/{slug}", handleLesson)
		r.Get("/lessons/{slug}/{kind}/{i}", handleLessonPart)
		r.Get("/qr.svg", qrHandler(o.PublicURL))
	})
	r.Get("/healthz", handleHealthz)
	r.With(gzip).Post("/api/v1/compute", api.HandleCompute)
	mountUploads(r, o, gzip)
	r.Handle("/static/*", static.Handler())
	classRoutes(r, cr, gzip)
}

// Routes is Handler with default options and no logging, as tests use it.
func Routes() http.Handler { return Handler(Options{}) }

func (o Options) withDefaults() Options {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.FrameAncestors == "" {
		o.FrameAncestors = "'self'"
	}
	if o.MaxInflight <= 0 {
		o.MaxInflight = 32
	}
	if o.InflightWait <= 0 {
		o.InflightWait = 250 * time.Millisecond
	}
	if o.CacheBytes <= 0 {
		o.CacheBytes = 16 << 20
	}
	if o.HandlerTimeout <= 0 {
		o.HandlerTimeout = 10 * time.Second
	}
	if o.ClassTTL <= 0 {
		o.ClassTTL = defaultClassTTL
	}
	if o.MaxStudents <= 0 {
		o.MaxStudents = defaultMaxStudents
	}
	if o.MaxStreams <= 0 {
		o.MaxStreams = defaultMaxStreams
	}
	if o.UploadBodyBytes <= 0 {
		o.UploadBodyBytes = defaultUploadBodyBytes
	}
	if o.UploadReadTimeout <= 0 {
		o.UploadReadTimeout = defaultUploadReadTimeout
	}
	return o
}
