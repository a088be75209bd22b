package main

import (
	"context"
	"flag"
	"io"
	"log/slog"
	"net/url"
	"runtime/debug"
	"time"

	"gaelab/web"
	"gaelab/web/class"
	"gaelab/web/clientip"
	"gaelab/web/mw"
	"gaelab/web/page"
	"gaelab/web/train"
)

// defaultAddr is where serve listens when neither -addr nor $ADDR says.
const defaultAddr = "127.0.0.1:8080"

// defaultMemoryLimit is the Go runtime's soft memory limit unless
// $GOMEMLIMIT sets one: the collector works harder as the heap nears it,
// which keeps a busy server well under 200 MB.
const defaultMemoryLimit = 150 << 20

// runServe runs "gaelab serve [flags]" until ctx is cancelled, logging to
// stderr.
func runServe(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "", "listen address host:port")
	logFormat := fs.String("log-format", "text", "log format: text or json")
	embed := fs.String("embed-origins", "'self'", "origins allowed to frame the pages")
	maxInflight := fs.Int("max-inflight", 0, "requests served at once (0: the default)")
	uploadMax := fs.Int64("upload-max-bytes", 0, "body limit of the upload routes, e.g. POST /api/v1/inspect (0: 128 MiB)")
	uploadRead := fs.Duration("upload-read-timeout", 0, "time a client has to send an upload (0: 120s)")
	uploadSlots := fs.Int("upload-slots", 0, "uploads received at once, apart from the pages' requests (0: 4)")
	bodyMinRate := fs.Int64("body-min-rate", 0, "bytes a second every request body must arrive at, after its first second, from 2 s on (0: 16384)")
	fs.Int64Var(bodyMinRate, "upload-min-rate", 0, "the old name of -body-min-rate")
	bodiesPerAddr := fs.Int("bodies-per-addr", 0, "request bodies one address may send at once to the API, forms and class routes; more: 429 (0: 8)")
	inspectPerHour := fs.Int("inspect-per-hour", 0, "batches one address may inspect an hour, in bursts of up to 10 (0: 60)")
	inspectConcurrent := fs.Int("inspect-concurrent", 0, "analyses of uploaded batches run at once (0: 1)")
	dataDir := fs.String("data", "", "data directory of the embedded database")
	dbURL := fs.String("db", "", "PostgreSQL URL (postgres://…) instead of the embedded database")
	classTTL := fs.Duration("class-ttl", 24*time.Hour, "how long a live class and its answers are kept")
	maxStreams := fs.Int("max-streams", 0, "live-class streams held at once (0: the default, 2000)")
	maxStudents := fs.Int("class-max-students", class.DefaultMaxStudents, "students one live class may hold; one more is told the class is full (409)")
	addrBurst := fs.Int("class-addr-burst", class.DefaultAddrBurst, "new live-class students one client address may add at once, counted across replicas")
	addrRefill := fs.Int("class-addr-refill", class.DefaultAddrRefill, "new live-class students a minute given back to an address after its burst")
	addrStreams := fs.Int("class-addr-streams", class.DefaultAddrStreams, "live-class streams one client address may hold on this replica")
	publicURL := fs.String("public-url", "", "address phones use to reach this server, for join links, QR codes and link previews (og:image)")
	allowedHosts := fs.String("allowed-hosts", "", "other Host names (host[:port], comma-separated) that join links and QR codes may be built from")
	trustProxy := fs.String("trust-proxy", "", "reverse proxies (CIDR[,CIDR…]) whose X-Forwarded-For names the client for per-address limits")
	// Per-replica quotas of what computes, per client address (#32).
	computeQuota := quotaFlags(fs, "compute", "computations (POST /api/v1/compute)", mw.DefaultComputeQuota)
	viewsQuota := quotaFlags(fs, "views", "views of stored uploads (GET /inspect/{id}…)", mw.DefaultViewsQuota)
	previewsQuota := quotaFlags(fs, "previews", "link previews (…/preview.png)", mw.DefaultPreviewsQuota)
	trainQuota := train.DefaultQuota
	fs.IntVar(&trainQuota.PerMinute, "train-per-minute", train.DefaultQuota.PerMinute, "PPO epochs of /train's training one address may spend a minute on this replica")
	fs.IntVar(&trainQuota.Burst, "train-burst", train.DefaultQuota.Burst, "PPO epochs of /train's training one address may spend at once")
	maxConns := fs.Int("max-conns", 0, "connections held at once; more are closed at once (0: the file-descriptor limit less 512)")
	maxConnsPerAddr := fs.Int("max-conns-per-addr", 0, "connections one client address (IPv6: /64) may hold, except a -trust-proxy's (0: max(2 × -class-addr-streams + 200, 1000))")
	computeConcurrent := fs.Int("compute-concurrent", 0, "compute API requests run at once; more wait up to 5 s, then get 503 (0: the cores, GOMAXPROCS)")
	costs := newCostFlags(fs)
	onServeFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageErrorf("serve: unexpected argument %q", fs.Arg(0))
	}
	logger, err := newLogger(*logFormat, stderr)
	if err != nil {
		return err
	}
	slog.SetDefault(logger) // handlers' own error logs go the same way
	ancestors, err := mw.ParseEmbedOrigins(*embed)
	if err != nil {
		return usageErrorf("serve: -embed-origins: %v", err)
	}

	if *classTTL <= 0 {
		return usageErrorf("serve: -class-ttl must be positive")
	}
	for name, v := range map[string]int{"class-addr-burst": *addrBurst, "class-addr-refill": *addrRefill, "class-addr-streams": *addrStreams} {
		if v <= 0 || v > 1_000_000 {
			return usageErrorf("serve: -%s must be in 1…1000000", name)
		}
	}
	if *publicURL == "" {
		*publicURL = getenv("PUBLIC_URL")
	}
	if *publicURL != "" {
		if u, err := url.Parse(*publicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return usageErrorf("serve: -public-url %q: want http(s)://host[:port]", *publicURL)
		}
	}

	hosts, err := page.ParseAllowedHosts(*allowedHosts)
	if err != nil {
		return usageErrorf("serve: -allowed-hosts: %v", err)
	}
	trusted, err := clientip.ParseTrusted(*trustProxy)
	if err != nil {
		return usageErrorf("serve: -trust-proxy: %v", err)
	}

	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
	st, desc, err := openStore(ctx, *dbURL, *dataDir, getenv, logger)
	if err != nil {
		return err
	}
	defer st.Close()
	logger.Info("database", "store", desc)
	sweepCtx, stopSweep := context.WithCancel(ctx)
	defer stopSweep()
	go class.Sweep(sweepCtx, st, sweepInterval, logger)
	go web.SweepUploads(sweepCtx, st, logger)

	o := web.Options{
		Logger:            logger,
		FrameAncestors:    ancestors,
		MaxInflight:       *maxInflight,
		UploadBodyBytes:   *uploadMax,
		UploadReadTimeout: *uploadRead,
		UploadSlots:       *uploadSlots,
		BodyMinRate:       *bodyMinRate,
		BodiesPerAddr:     *bodiesPerAddr,
		InspectPerHour:    *inspectPerHour,
		InspectConcurrent: *inspectConcurrent,
		Store:             st,
		ClassTTL:          *classTTL,
		MaxStreams:        *maxStreams,
		MaxStudents:       *maxStudents,
		ClassAddrBurst:    *addrBurst,
		ClassAddrRefill:   *addrRefill,
		ClassAddrStreams:  *addrStreams,
		PublicURL:         *publicURL,
		AllowedHosts:      hosts,
		TrustProxy:        trusted,
		MaxConns:          *maxConns,
		MaxConnsPerAddr:   *maxConnsPerAddr,
		ComputeQuota:      *computeQuota,
		ComputeConcurrent: *computeConcurrent,
		ViewsQuota:        *viewsQuota,
		PreviewsQuota:     *previewsQuota,
		TrainQuota:        trainQuota,
	}
	costs.set(&o)
	srv := web.NewServer(resolveAddr(*addr, getenv), o)
	return web.Serve(ctx, srv, logger)
}

// onServeFlags sees serve's flags before they are parsed (a test lists
// them).
var onServeFlags = func(*flag.FlagSet) {}

// quotaFlags defines -NAME-per-minute and -NAME-burst, one client
// address's quota of a kind of request on this replica.
func quotaFlags(fs *flag.FlagSet, name, what string, def mw.AddrQuota) *mw.AddrQuota {
	q := def
	fs.IntVar(&q.PerMinute, name+"-per-minute", def.PerMinute, what+" one address may make a minute on this replica")
	fs.IntVar(&q.Burst, name+"-burst", def.Burst, what+" one address may make at once")
	return &q
}

// sweepInterval is how often expired classes are deleted.
const sweepInterval = 10 * time.Minute

// newLogger returns a structured logger writing to w in format "text"
// (key=value) or "json" (one object per line).
func newLogger(format string, w io.Writer) (*slog.Logger, error) {
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(w, nil)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, nil)), nil
	}
	return nil, usageErrorf("serve: -log-format %q: want text or json", format)
}

// resolveAddr returns the listen address: the -addr flag if set, else the
// ADDR environment variable if set, else defaultAddr.
func resolveAddr(flagAddr string, getenv func(string) string) string {
	if flagAddr != "" {
		return flagAddr
	}
	if env := getenv("ADDR"); env != "" {
		return env
	}
	return defaultAddr
}
