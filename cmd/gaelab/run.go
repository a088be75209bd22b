package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"gaelab/web/api"
)

const usage = `Usage:
  gaelab [serve] [flags]       serve the web app (the default command)
  gaelab compute [FILE]        compute one case read from FILE or stdin and
                               print the JSON answer
  gaelab healthcheck [-addr ADDR]
                               exit 0 if the server on ADDR answers /healthz
  gaelab inspect FILE|DIR [--ver v0.x] [--json] [--gamma G] [--lam L]
                 [--kl-coef B] [--kl-penalty NAME] [--use-kl-in-reward]
                 [--estimator KEY] [--kl-ctrl fixed|adaptive] [--allow KIND]
                 [--config FILE] [--html OUT [--lang en|zh]]
                               check a verl batch dump (.npz, .safetensors,
                               .json) as /inspect does, or every dump
                               of a run directory in step order; exit 0 when
                               exact, 1 when not (or nothing to check), 2 on
                               a usage or file error
  gaelab help                  print this help

serve listens on -addr, else $ADDR, else ` + defaultAddr + `. Its flags:
  -addr HOST:PORT         listen address
  -log-format text|json   one structured log line per request (default text)
  -embed-origins LIST     origins that may frame the pages, comma-separated,
                          e.g. https://course.example.edu (default 'self')
  -max-inflight N         requests served at once; more wait briefly, then
                          get 503 with Retry-After (default 32)
  -data DIR               data directory of the embedded SQLite database
                          (else $GAELAB_DATA, else ~/.local/state/gaelab)
  -db URL                 PostgreSQL (postgres://…) instead, else $DATABASE_URL;
                          replicas sharing it serve the same live classes
  -class-ttl D            live classes and their answers are deleted after D
                          (default 24h)
  -max-streams N          live-class streams held at once (default 2000)
  -class-max-students N   students one live class may hold (default 500)
  -class-addr-burst N     new students one address (a lecture hall's NAT) may
                          add at once, across replicas (default 400)
  -class-addr-refill N    new students a minute given back to an address
                          after its burst (default 60)
  -class-addr-streams N   live-class streams one address may hold on a
                          replica (default 400)
  -public-url URL         address phones use to reach the server, for join
                          links, QR codes and the link previews' absolute
                          og:image (else $PUBLIC_URL)
  -allowed-hosts LIST     other Host names (host[:port], comma-separated)
                          join links and QR codes may be built from
  -trust-proxy CIDRS      reverse proxies (CIDR[,CIDR…]) whose
                          X-Forwarded-For names the client for the
                          per-address limits (default none)
  -upload-max-bytes N     body limit of the uploads to /inspect and
                          /api/v1/inspect (default 128 MiB)
  -upload-read-timeout D  time a client has to send an upload (default 120s)
  -upload-slots N         uploads received at once, apart from the pages'
                          requests (default 4)
  -body-min-rate N        bytes a second every request body (uploads, the
                          compute API, forms) must arrive at for every
                          second after its first, checked from 2 s on;
                          slower: 408 (default 16384; -upload-min-rate is
                          its old name)
  -bodies-per-addr N      request bodies one address may send at once to
                          the APIs, forms and class routes; more: 429 with
                          Retry-After (default 8)
  -inspect-per-hour N     batches one address may inspect an hour, in bursts
                          of up to 10 (default 60)
  -inspect-concurrent N   analyses of uploaded batches run at once (default 1)
Connections (one replica's):
  -max-conns N            connections held at once; a new one past it is
                          closed at once (default the file-descriptor limit
                          less 512)
  -max-conns-per-addr N   connections one address (IPv6: its /64) may hold,
                          except a -trust-proxy's (default
                          max(2 × -class-addr-streams + 200, 1000))
  -compute-concurrent N   compute API requests run at once; more wait up to
                          5 s, then get 503 with Retry-After (default the
                          cores, GOMAXPROCS)
Per-address quotas on one replica (an IPv6 client by its /64; n replicas
allow n times as much), each answered 429 with Retry-After past it:
  -compute-per-minute N   computations (POST /api/v1/compute) a minute
                          (default 60), in bursts of -compute-burst (30)
  -views-per-minute N     views of stored uploads (GET /inspect/{id}…) a
                          minute (default 120), bursts of -views-burst (60)
  -previews-per-minute N  link previews (…/preview.png) a minute (default
                          30), in bursts of -previews-burst (10)
  -train-per-minute N     PPO epochs of /train's training a minute (a Play
                          tick costs its missing iterations × ppo_epochs, a
                          cached frame nothing; default 6000), in bursts of
                          -train-burst (8000)
Quotas every replica shares (counted in the database, per client address):
  -class-starts-per-hour N  live classes one address may start an hour
                          (default 30)
  -class-code-guesses N   unknown join codes one address may try at once,
                          then one every 3 s (default 20)
  -class-pair-guesses N   pairing codes one address may type (twice that
                          for one class), then one a minute; a code is
                          voided after 10 wrong ones (default 10)
  -shares-per-day N       uploads one address may share a day (default 20)
  -share-store-bytes N    bytes all live shared uploads may hold (default
                          half of the upload store, 1 GiB)
  -upload-daily-bytes N   bytes one address may upload to /inspect a UTC
                          day (default 512 MiB)
  -upload-memory N        bytes of upload bodies held in memory at once, by
                          their Content-Length (default 256 MiB)
inspect reads the file's own config (its sidecar); --config FILE (verl's
algorithm section as JSON, or Hydra's .hydra/config.yaml) wins over it, and a
flag over both; keys the check does not use are listed as ignored. It
prints what /inspect's page says: the checks, the findings, the reward check,
the fit and the verdict (exact only when every quantity matches and no blocking
finding is left; --allow KIND accepts one you expect). For a directory it
prints per step the verdict, the whitening statistics, the critic's explained
variance and the empty and truncated rows, and names the first step that is
not exact. --html OUT also writes the page /inspect shows for the batch (for a
directory, its first step that is not exact, else its last) to OUT as one
self-contained HTML file, in --lang's language (default en): styles, font and
heat maps inlined, no scripts, forms or requests; the exit code is the
verdict's.
compute reads one case in the golden-vector format (at most 16 MiB) and
prints what POST /api/v1/compute would answer.
`

// run is the whole program: args are the command-line arguments without the
// program name, getenv looks up environment variables. It returns when the
// command is done or, for serve, once ctx is cancelled and the server has
// shut down.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	cmd, rest := "serve", args // flags without a command are serve's
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, rest = args[0], args[1:]
	}

	var err error
	switch cmd {
	case "serve":
		err = runServe(ctx, rest, getenv, stderr)
	case "compute":
		err = runCompute(rest, stdin, stdout, api.Compute)
	case "inspect":
		err = runInspect(rest, stdout)
	case "healthcheck":
		err = runHealthcheck(ctx, rest, getenv)
	case "help":
		err = flag.ErrHelp
	default:
		err = usageErrorf("unknown command %q", cmd)
	}
	if errors.Is(err, flag.ErrHelp) {
		_, err = io.WriteString(stdout, usage)
	}
	return err
}

// parseFlags parses a command's args into fs without printing anything. It
// returns flag.ErrHelp for -h, which run answers with the usage, and the
// parse error followed by the usage for a bad flag.
func parseFlags(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return err
	}
	return usageErrorf("%s: %v", fs.Name(), err)
}

// usageErrorf returns an error for a command line that makes no sense: the
// message, then the usage.
func usageErrorf(format string, a ...any) error {
	return fmt.Errorf("%s\n\n%s", fmt.Sprintf(format, a...), strings.TrimSuffix(usage, "\n"))
}
