// Package web is GAE Lab's HTTP server: the routes, the handlers behind them,
// the middleware around them and the http.Server that serves them.
package web

import (
	"log/slog"
	"net/http"
	"runtime"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"gaelab/static"
	"gaelab/web/api"
	"gaelab/web/class"
	"gaelab/web/clientip"
	"gaelab/web/httperr"
	"gaelab/web/inspect"
	"gaelab/web/mw"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/store"
	"gaelab/web/train"
)

// Options configure Handler. The zero value is the default of each field.
type Options struct {
	// Logger receives the access log (one line per request) and panics;
	// nil discards them.
	Logger *slog.Logger
	// FrameAncestors is the CSP frame-ancestors source list, as
	// mw.ParseEmbedOrigins returns it; "" means "'self'".
	FrameAncestors string
	// MaxInflight is how many requests may run at once (default 32); more
	// wait up to InflightWait (default 250 ms) for a slot, then get 503.
	MaxInflight  int
	InflightWait time.Duration
	// HandlerTimeout bounds one handler's work (default 10 s).
	HandlerTimeout time.Duration
	// CacheBytes bounds the cache of recent answers (default 16 MiB);
	// ChartCacheBytes the memo of drawn charts (default
	// play.ChartMemoBytes). A bound of 1 keeps nothing (a benchmark's
	// uncached server).
	CacheBytes      int
	ChartCacheBytes int

	// Store is the database of live classes; nil turns them off (their
	// routes answer 503).
	Store store.Store
	// ClassTTL is how long a class lives (default 24 h); MaxStudents how
	// many may join one (default 500); MaxStreams how many live streams
	// this replica holds at once (default 2,000).
	ClassTTL    time.Duration
	MaxStudents int
	MaxStreams  int
	// ClassAddrBurst and ClassAddrRefill size each client address's bucket
	// of new students' seats, shared by every replica: at most
	// ClassAddrBurst at once (default 400), ClassAddrRefill back a minute
	// (default 60). ClassAddrStreams caps the live streams one address
	// holds on this replica (default 400).
	ClassAddrBurst   int
	ClassAddrRefill  int
	ClassAddrStreams int
	// ClassSlots is how many class requests (pages, answers, the API) run
	// at once (default 32), a pool of their own, not MaxInflight's; more
	// wait in a queue up to ClassWait (default 5 s), then get 503, so a
	// room of phones joining at once is admitted, not shed.
	ClassSlots int
	ClassWait  time.Duration
	// PublicURL is where phones reach the server ("https://gae.example.edu"),
	// for join links and QR codes behind a reverse proxy; "" uses the
	// request's scheme and host, if the host is known (page.SiteHosts):
	// AllowedHosts (page.ParseAllowedHosts), or the address connected to. Link
	// previews' og:image and og:url, which must be absolute, are written
	// only when it is set.
	PublicURL    string
	AllowedHosts []string
	// UploadBodyBytes and UploadReadTimeout are the uploads route group's
	// body limit (default 128 MiB) and read deadline (default 120 s).
	UploadBodyBytes   int64
	UploadReadTimeout time.Duration
	// UploadDailyBytes bounds what one address may upload to /inspect per
	// UTC day (default 512 MiB); UploadStoreBytes all uploads the database
	// holds (default 2 GiB), the oldest evicted first. Uploads need Store.
	UploadDailyBytes int64
	UploadStoreBytes int64
	// UploadMemory bounds the upload bodies held at once, by the sum of
	// their Content-Lengths (default 256 MiB; a body without one counts
	// as UploadBodyBytes); past it an upload gets 503 (inspect/admit.go).
	UploadMemory int64
	// UploadSlots is how many uploads may arrive at once (default 4), a
	// pool of their own, not MaxInflight's; more wait InflightWait, then
	// get 503.
	UploadSlots int
	// BodyMinRate, BodyRateGrace and BodyRateFrom are the one rule every
	// request body (uploads, the compute API, forms, the class API) must
	// keep: once BodyRateGrace (default 2 s) is over, at least BodyMinRate
	// bytes a second (default 16 KiB/s) for every second after its first
	// BodyRateFrom (default 1 s), or the whole body if shorter; slower, it
	// is cut and answered 408 (mw.BodyRate).
	BodyMinRate   int64
	BodyRateGrace time.Duration
	BodyRateFrom  time.Duration
	// BodiesPerAddr is how many bodies one client address may send at once
	// to the compute API, the views' forms and the class routes (default
	// 8; 429 past it): a slow body holds its group's slot while it arrives.
	BodiesPerAddr int
	// InspectPerHour and InspectBurst are each address's quota of uploads
	// to inspect (default 60 an hour, in bursts of up to 10; 429 past it);
	// InspectConcurrent how many analyses run at once (default 1), each
	// waiting up to InspectWait (default 5 s) for its turn, then 503.
	InspectPerHour    int
	InspectBurst      int
	InspectConcurrent int
	InspectWait       time.Duration

	// ComputeQuota, ViewsQuota and PreviewsQuota are each client
	// address's quotas (per replica, an IPv6 client by its /64) of the
	// compute API, of the views of stored uploads (GET /inspect/{id}…) and
	// of the link previews (…/preview.png); 429 past them. The zero value
	// of a field is its default (mw.DefaultComputeQuota, …).
	ComputeQuota  mw.AddrQuota
	ViewsQuota    mw.AddrQuota
	PreviewsQuota mw.AddrQuota
	// TrainQuota is each client address's quota of /train's training, in
	// PPO epochs (train.Quota; the zero value is train.DefaultQuota).
	TrainQuota train.Quota
	// ComputeConcurrent is how many compute API requests run at once
	// (default GOMAXPROCS, the cores), within MaxInflight; more wait up to
	// ComputeWait (default 5 s), then get 503. So costly computations never
	// hold every core, and pages are still served beside them.
	ComputeConcurrent int
	ComputeWait       time.Duration

	// MaxConns caps the connections held at once (default: the
	// file-descriptor limit less 512, mw.DefaultMaxConns); MaxConnsPerAddr
	// those of one client address, an IPv6 client by its /64, except a
	// TrustProxy's (default max(2 × ClassAddrStreams + 200, 1000)). A
	// connection past either is closed at once.
	MaxConns        int
	MaxConnsPerAddr int

	// Quotas: what one address may start, try and share, counted in
	// Store across replicas (quotas.go).
	Quotas Quotas

	// TrustProxy are the reverse proxies whose X-Forwarded-For names the
	// client (clientip.Addr); empty trusts none, and every per-address
	// limit keys on RemoteAddr.
	TrustProxy clientip.Trusted
}

// maxClassBodyBytes bounds what the body-rate rule reads of a class
// request's body before the class's handlers apply their own, smaller
// limit (16 KiB).
const maxClassBodyBytes = 1 << 20

// gzipLevel trades a little size for speed: at level 1 a playground page
// (42 KB) gzips to 10.8 KB instead of level 5's 9.3 KB, in 60% of the time.
const gzipLevel = 1

// compressible are the content types answered gzipped to clients that
// accept it. Static assets come gzipped already.
var compressible = []string{"text/html", "text/plain", "text/csv", "application/json", "image/svg+xml"}

// Handler returns GAE Lab: every route, behind its middleware. Outermost
// first, for every request: HEAD as GET, request id, the error page
// (httperr.WithPage(page.ErrorPage): every error answer outside /api/), access log, security
// headers (HSTS behind an https -public-url), the URL-length limit and the
// refusal of cross-site POSTs. Then each route group has its own stack (see
// router).
func Handler(o Options) http.Handler { return newServer(o).router() }

// router is the route tree and its groups. Each group is a chi.Router whose
// routes get the group's middleware stack:
//
//   - pages: the in-flight limit (o.MaxInflight slots), the handler timeout,
//     panic recovery, then conditional requests (strong ETags) answered from
//     the cache of recent answers, and gzip. Pages, fragments, charts and
//     exports.
//   - limited: the in-flight limit, the handler timeout and panic recovery,
//     without the answer cache: the JSON API, static assets, /healthz.
//   - classes: the live class's pages, answers and API (class.Routes). Their
//     arrival noted first (class.WithArrival: an answer is judged against its
//     deadline as sent then); their own slots (o.ClassSlots) with a longer
//     wait (o.ClassWait), so a room joining at once queues briefly instead of
//     being shed, and never takes the site's page slots; the handler timeout
//     and panic recovery.
//   - streams: long-lived answers such as Server-Sent Events. No
//     http.TimeoutHandler (it buffers, so nothing could be flushed), no answer
//     cache, no gzip, no page slot and no write deadline; the class hub caps
//     them (o.MaxStreams, per class, per address). Handlers flush with
//     http.NewResponseController. They end when the server shuts down (mw.WithShutdown).
//   - uploads: large request bodies, each an inspection (uploads.go,
//     mw/upload_body.go, inspect/admit.go). Their own slots (o.UploadSlots,
//     so slow uploads never hold a page's), a body of at most
//     o.UploadBodyBytes (413 past it) read within o.UploadReadTimeout, the
//     client's inspection quota (429), the whole body read at
//     the body-rate rule (o.BodyMinRate; 408) before an analysis slot is taken
//     (o.InspectConcurrent; 503), no handler timeout (the work is bounded
//     by the body limit), panic recovery and gzip.
//
// Each route names its room's handler (s.play.HandlePlay, s.compare.…); a
// room with many routes of its own (the live class, /inspect) mounts them
// with one line here, its routes listed in its package.
type router struct {
	*chi.Mux
	pages, limited, classes, streams, uploads chi.Router
	// viewsQuota meters the views of stored uploads (Options.ViewsQuota).
	viewsQuota func(http.Handler) http.Handler
}

// router builds the route tree: every route of the app is listed here.
func (s *Server) router() *router {
	o := s.opts
	mux := chi.NewRouter()
	mux.Use(middleware.GetHead, mw.WithLang, mw.WithRequestID, httperr.WithPage(page.ErrorPage), mw.WithAccessLog(o.Logger),
		mw.WithSecurityHeaders(o.FrameAncestors, strings.HasPrefix(o.PublicURL, "https://")),
		mw.WithURLLimit, mw.WithCrossSiteRefusal(o.PublicURL), clientip.Middleware(o.TrustProxy))
	slots := mw.WithInflightLimit(o.MaxInflight, o.InflightWait)
	rate := mw.BodyRate{Min: o.BodyMinRate, Grace: o.BodyRateGrace, From: o.BodyRateFrom, Closing: s.closing}
	perAddr := rate // uploads: one slot pool of their own (UploadSlots)
	perAddr.PerAddr = o.BodiesPerAddr
	gzip := middleware.Compress(gzipLevel, compressible...)
	rt := &router{
		Mux:     mux,
		pages:   mux.With(slots, mw.WithTimeout(o.HandlerTimeout), mw.WithRecovery(o.Logger), mw.WithConditional(mw.BuildID(), s.answers), gzip),
		limited: mux.With(slots, mw.WithBodyRate(perAddr, api.MaxBodyBytes, "limit.slow_body"), mw.WithTimeout(o.HandlerTimeout), mw.WithRecovery(o.Logger)),
		classes: mux.With(s.class.WithArrival, mw.WithInflightLimit(o.ClassSlots, o.ClassWait), mw.WithBodyRate(perAddr, maxClassBodyBytes, "limit.slow_body"),
			mw.WithTimeout(o.HandlerTimeout), mw.WithRecovery(o.Logger)),
		streams: mux.With(mw.WithStream, mw.WithShutdown(s.closing), mw.WithRecovery(o.Logger)),
		uploads: mux.With(mw.WithInflightLimit(o.UploadSlots, o.InflightWait), withUploadDeadlines(o.UploadReadTimeout),
			mw.WithUploadLimit(o.UploadBodyBytes, inspect.TooLargeForm(o.UploadBodyBytes)), s.inspect.Uploads.Admit,
			mw.WithUploadBody(rate, s.inspect.Uploads.Analyses),
			mw.WithRecovery(o.Logger), gzip),
	}

	rt.viewsQuota = mw.WithAddrQuota(o.ViewsQuota)
	previews := mw.WithAddrQuota(o.PreviewsQuota)

	p := rt.pages
	p.Get("/", s.handleHome)
	p.Get("/play", s.play.HandlePlay)
	p.Get("/play/table.csv", s.play.HandleTableCSV)
	p.Get("/play/table.json", s.play.HandleTableJSON)
	p.Get("/play/verify.py", s.play.HandlePlayVerify)
	p.Get("/play/chart/{name}.svg", s.play.HandleChart)
	p.With(previews).Get("/play/preview.png", s.play.HandlePlayPreview)
	p.Get("/update", s.update.HandleIndex)
	p.With(previews).Get("/update/preview.png", s.update.HandleIndexPreview)
	p.Get("/update/critic", s.update.HandleCritic)
	p.With(previews).Get("/update/critic/preview.png", s.update.HandleCriticPreview)
	p.Get("/update/actor", s.update.HandleActor)
	p.With(previews).Get("/update/actor/preview.png", s.update.HandleActorPreview)
	p.Get("/update/actor/check/{q}", s.update.HandleActorCheck)
	p.Get("/update/critic/check/{q}", s.update.HandleCriticCheck)
	p.Get("/update/actor/objective.svg", s.update.HandleActorChart)
	p.Get("/update/critic/verify.py", s.update.HandleCriticVerify)
	p.Get("/update/actor/verify.py", s.update.HandleActorVerify)
	p.Get("/update/critic/chart/{name}.svg", s.update.HandleCriticChart)
	p.Get("/compare", s.compare.HandleIndex)
	p.With(previews).Get("/compare/preview.png", s.compare.HandleIndexPreview)
	p.Get("/compare/versions", s.compare.HandleVersions)
	p.With(previews).Get("/compare/versions/preview.png", s.compare.HandleVersionsPreview)
	p.Get("/compare/versions/chart.svg", s.compare.HandleVersionsChart)
	p.Get("/compare/bugs", s.compare.HandleBugs)
	p.With(previews).Get("/compare/bugs/preview.png", s.compare.HandleBugsPreview)
	p.Get("/compare/bugs/chart/{name}.svg", s.compare.HandleBugsChart)
	p.Get("/compare/lambda", s.compare.HandleLambda)
	p.With(previews).Get("/compare/lambda/preview.png", s.compare.HandleLambdaPreview)
	p.Get("/compare/lambda/chart/{name}.svg", s.compare.HandleLambdaChart)
	p.Get("/compare/estimators", s.compare.HandleEstimators)
	p.With(previews).Get("/compare/estimators/preview.png", s.compare.HandleEstimatorsPreview)
	p.Get("/compare/estimators/chart.svg", s.compare.HandleEstimatorsChart)
	p.Get("/compare/variance", s.compare.HandleVariance)
	p.With(previews).Get("/compare/variance/preview.png", s.compare.HandleVariancePreview)
	p.Get("/compare/variance/chart/{name}.svg", s.compare.HandleVarianceChart)
	p.Get("/batch", s.play.HandleBatch)
	p.Get("/batch/chart.svg", s.play.HandleBatchChart)
	p.With(previews).Get("/batch/preview.png", s.play.HandleBatchPreview)
	p.Get("/batch/verify.py", s.play.HandleBatchVerify)
	p.Get("/train", s.train.HandleTrain)
	p.Get("/train/config.yaml", s.train.HandleConfigYAML)
	p.Get("/train/curves.csv", s.train.HandleCurvesCSV)
	p.Get("/train/curves.json", s.train.HandleCurvesJSON)
	p.Get("/train/batch.npz", s.train.HandleBatchNPZ)
	p.Get("/lessons", s.course.HandleLessons)
	p.Get("/lessons/quiz", s.course.HandleQuiz)
	p.Get("/lessons/diagram", s.course.HandleDiagram)
	p.Get("/lessons/diagram.svg", s.course.HandleDiagramSVG)
	p.Get("/glossary", s.course.HandleGlossary)
	p.Get("/lessons/{slug}", s.course.HandleLesson)
	p.Get("/lessons/{slug}/{kind}/{i}", s.course.HandleLessonPart)

	rt.limited.Get("/lang/{lang}", s.handleSetLang)
	// The QR code and its page are drawn for the request's Host: not in the answer cache.
	rt.limited.Get("/qr", s.play.HandleQRPage)
	rt.limited.Get("/qr.svg", s.play.HandleQR)
	rt.limited.Get("/healthz", s.handleHealthz)
	rt.limited.Get("/readyz", s.handleReadyz)
	rt.limited.With(mw.WithContentType("application/json"), mw.WithAddrQuota(o.ComputeQuota),
		mw.WithInflightLimit(o.ComputeConcurrent, o.ComputeWait), gzip).Post("/api/v1/compute", api.HandleCompute)
	rt.limited.Handle("/static/*", static.Handler())

	// Features mount their groups' routes here, one line each.
	mountInspectRoutes(rt, s.inspect)
	class.StreamRoutes(rt.streams, s.class)
	class.Routes(rt.classes, s.class, gzip)

	mux.NotFound(func(w http.ResponseWriter, r *http.Request) {
		httperr.Write(w, r, httperr.New("not_found", "error.not_found"))
	})
	mux.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
		allowed := "GET, HEAD"
		if strings.HasPrefix(r.URL.Path, "/api/") {
			allowed = "POST"
		}
		w.Header().Set("Allow", allowed)
		httperr.Write(w, r, httperr.New("method_not_allowed", "error.method", allowed))
	})
	return rt
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
	orDefault(&o.MaxInflight, 32)
	orDefault(&o.InflightWait, 250*time.Millisecond)
	orDefault(&o.CacheBytes, 16<<20)
	orDefault(&o.ChartCacheBytes, play.ChartMemoBytes)
	orDefault(&o.HandlerTimeout, 10*time.Second)
	orDefault(&o.ClassTTL, class.DefaultTTL)
	orDefault(&o.MaxStudents, class.DefaultMaxStudents)
	orDefault(&o.MaxStreams, class.DefaultMaxStreams)
	orDefault(&o.ClassAddrBurst, class.DefaultAddrBurst)
	orDefault(&o.ClassAddrRefill, class.DefaultAddrRefill)
	orDefault(&o.ClassAddrStreams, class.DefaultAddrStreams)
	orDefault(&o.ClassSlots, 32)
	orDefault(&o.ClassWait, 5*time.Second)
	orDefault(&o.UploadBodyBytes, defaultUploadBodyBytes)
	orDefault(&o.UploadReadTimeout, defaultUploadReadTimeout)
	orDefault(&o.UploadDailyBytes, defaultUploadDailyBytes)
	orDefault(&o.UploadStoreBytes, defaultUploadStoreBytes)
	orDefault(&o.UploadMemory, defaultUploadMemory)
	o.Quotas = o.Quotas.withDefaults(o.UploadStoreBytes)
	orDefault(&o.UploadSlots, mw.DefaultUploadSlots)
	orDefault(&o.BodyMinRate, mw.DefaultBodyMinRate)
	orDefault(&o.BodyRateGrace, mw.DefaultBodyRateGrace)
	orDefault(&o.BodyRateFrom, mw.DefaultBodyRateFrom)
	orDefault(&o.BodiesPerAddr, mw.DefaultBodiesPerAddr)
	orDefault(&o.InspectPerHour, defaultInspectPerHour)
	orDefault(&o.InspectBurst, defaultInspectBurst)
	orDefault(&o.InspectConcurrent, defaultInspectConcurrent)
	orDefault(&o.InspectWait, defaultInspectWait)
	orDefault(&o.MaxConns, mw.DefaultMaxConns())
	orDefault(&o.MaxConnsPerAddr, mw.DefaultConnsPerAddr(o.ClassAddrStreams))
	orDefault(&o.ComputeConcurrent, runtime.GOMAXPROCS(0))
	orDefault(&o.ComputeWait, 5*time.Second)
	o.ComputeQuota = quotaOrDefault(o.ComputeQuota, mw.DefaultComputeQuota)
	o.ViewsQuota = quotaOrDefault(o.ViewsQuota, mw.DefaultViewsQuota)
	o.PreviewsQuota = quotaOrDefault(o.PreviewsQuota, mw.DefaultPreviewsQuota)
	return o
}

// quotaOrDefault is q with each field not set taken from def.
func quotaOrDefault(q, def mw.AddrQuota) mw.AddrQuota {
	orDefault(&q.PerMinute, def.PerMinute)
	orDefault(&q.Burst, def.Burst)
	if q.Key == "" {
		q.Key = def.Key
	}
	return q
}

// orDefault sets a limit that is not positive to its default.
func orDefault[T ~int | ~int64](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// Quotas are the per-address quotas kept in the store, shared by every
// replica (store.Quotas), beside the seats: what one client address (an
// IPv6 client by its /64) may start, try and share. A value that is not
// positive takes its default. The uploads' own (Options.InspectPerHour,
// UploadDailyBytes) are kept there too.
type Quotas struct {
	// ClassStartsPerHour: classes one address may start an hour (default
	// 30; 429 past it).
	ClassStartsPerHour int
	// ClassCodeGuesses: unknown join codes one address may try at once
	// (default 20), then one every 3 s; past it every code answers 429.
	ClassCodeGuesses int
	// ClassPairGuesses: pairing codes one address may type (default 10,
	// and twice that for one class), then one a minute; a class's code is
	// voided after 10 wrong ones.
	ClassPairGuesses int
	// SharesPerDay: uploads one address may share a day (default 20).
	SharesPerDay int
	// ShareStoreBytes: what live shares may hold in all (default half of
	// UploadStoreBytes), so that uploads always have room beside them.
	ShareStoreBytes int64
}

// DefaultSharesPerDay is Quotas.SharesPerDay's default.
const DefaultSharesPerDay = 20

// withDefaults is q with its defaults set; the share budget's is half of
// storeBytes (Options.UploadStoreBytes).
func (q Quotas) withDefaults(storeBytes int64) Quotas {
	orDefault(&q.SharesPerDay, DefaultSharesPerDay)
	orDefault(&q.ShareStoreBytes, storeBytes/2)
	return q
}

// class is the class's part of q.
func (q Quotas) class() class.Quotas {
	return class.QuotasFor(q.ClassStartsPerHour, q.ClassCodeGuesses, q.ClassPairGuesses)
}
