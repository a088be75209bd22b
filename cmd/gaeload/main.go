// Command gaeload replays a classroom against GAE Lab on this machine and
// prints the request rate, latency percentiles, errors and the server's peak
// memory.
//
// Usage, from the repository root:
//
//	go run ./cmd/gaeload [flags]
//
// By default it builds ./cmd/gaelab into a temporary directory (or runs
// -bin PATH), starts "gaelab serve -addr 127.0.0.1:PORT" on a free port with
// its output in server.log there (-keep keeps the directory), waits for
// /healthz, runs three phases, reads the server's peak RSS (VmHWM in
// /proc/PID/status) after each and stops it with SIGTERM. -addr HOST:PORT targets a server already running
// instead (its RSS is read only with -pid). Only loopback IP addresses are
// accepted, and the whole run has a hard time limit.
//
// Each client is one student, in its own goroutine: it opens the lesson
// (-lesson gae, a lesson with scenario blocks), then loops: an htmx edit of
// the playground (GET /play?v=1&… with HX-Request: true and HX-Target:
// results, which answers the #results fragment), each a different canonical
// state; the charts of that state (/play/chart/{name}.svg?…); its QR code
// (/qr.svg?u=/play?…); every -reopen edits the lesson again, with
// If-None-Match when it had an ETag; then it thinks for -think (1 s on
// average). The clients of a phase arrive spread over -arrive (1 s: a
// lecture hall opening the lesson at the same second). All
// clients of a phase share one connection pool with an idle connection per
// client and a -timeout per request.
//
// Phases: "steady", -clients for -duration; "overload", -overload clients for
// -overload-duration (0 skips it); "recovery", -clients again for
// -recovery-duration (0 skips it). Per phase it prints requests, req/s (over
// the time until the last request finished), p50/p95/p99/max latency, errors
// (any status but 200/304, timeouts, transport errors, a body without what
// the page must hold) with their causes, 503s and how many carried
// Retry-After, and per kind of request (lesson, edit, chart, qr) the count
// and p99.
//
// -think 1s paces the clients like students editing about once a second
// (htmx itself waits 300 ms after a keystroke), six requests an edit. With
// -think 0 they form a closed loop instead: each sends its next request as
// soon as the last one is answered, so it measures the server's saturated
// throughput, and the mean latency is about clients divided by req/s
// (Little's law), i.e. queueing.
//
// With -check it exits 1 unless the steady phase reaches -min-rps req/s,
// p99 ≤ -max-p99, no error and a server peak RSS (read after it) ≤ -max-rss
// MB, and the recovery phase has no error (503s included).
//
// Examples: the full run with its targets; the saturated throughput:
//
//	go run ./cmd/gaeload -check
//	go run ./cmd/gaeload -think 0 -overload 0 -recovery-duration 0
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "gaeload: %v\n", err)
		os.Exit(1)
	}
}

// config is the command line.
type config struct {
	bin, addr        string
	pid              int
	keep             bool
	w                workload
	steady, overload phase
	recovery         phase
	check            bool
	targets          targets
	class            classConfig
}

// parseConfig reads the flags.
func parseConfig(args []string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("gaeload", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.bin, "bin", "", "gaelab binary to run (default: build ./cmd/gaelab)")
	fs.StringVar(&c.addr, "addr", "", "load-test a server already running on this loopback host:port")
	fs.IntVar(&c.pid, "pid", 0, "with -addr: the server's process id, to read its peak RSS")
	fs.BoolVar(&c.keep, "keep", false, "keep the temporary directory (binary, server.log)")
	lesson := fs.String("lesson", "gae", "slug of the lesson the clients open")
	fs.IntVar(&c.w.reopen, "reopen", 10, "re-open the lesson every N edits (0: never)")
	fs.DurationVar(&c.w.think, "think", time.Second, "mean think time between edits (0: a closed loop)")
	fs.DurationVar(&c.w.arrive, "arrive", time.Second, "clients arrive spread over this much time")
	fs.DurationVar(&c.w.timeout, "timeout", 10*time.Second, "timeout of one request")
	fs.IntVar(&c.steady.clients, "clients", 200, "clients of the steady and recovery phases")
	fs.DurationVar(&c.steady.duration, "duration", 20*time.Second, "duration of the steady phase")
	fs.IntVar(&c.overload.clients, "overload", 2000, "clients of the overload phase")
	fs.DurationVar(&c.overload.duration, "overload-duration", 10*time.Second, "duration of the overload phase (0: skip)")
	fs.DurationVar(&c.recovery.duration, "recovery-duration", 5*time.Second, "duration of the recovery phase (0: skip)")
	fs.BoolVar(&c.check, "check", false, "exit 1 if the steady or recovery phase misses its targets")
	fs.Float64Var(&c.targets.minRPS, "min-rps", 1000, "-check: least req/s of the steady phase")
	fs.DurationVar(&c.targets.maxP99, "max-p99", 100*time.Millisecond, "-check: greatest p99 latency of the steady phase")
	fs.Float64Var(&c.targets.maxRSSM, "max-rss", 200, "-check: greatest peak RSS of the server in the steady phase, MB")
	fs.BoolVar(&c.class.on, "class", false, "run the live-class workload instead of the classroom phases")
	fs.IntVar(&c.class.phones, "class-phones", 300, "-class: phones in the class (in each class)")
	fs.IntVar(&c.class.classes, "class-classes", 1, "-class: classes taught side by side on the same servers, each with -class-phones phones from addresses of its own")
	fs.DurationVar(&c.class.join, "class-join", 5*time.Second, "-class: phones join within this")
	fs.DurationVar(&c.class.answer, "class-answer", 10*time.Second, "-class: each phone answers within this of the question")
	fs.Float64Var(&c.class.change, "class-change", 0.2, "-class: share of phones that change their answer")
	fs.StringVar(&c.class.db, "class-db", "", "-class: PostgreSQL URL; the servers share it (default: embedded SQLite, one server)")
	fs.IntVar(&c.class.replicas, "replicas", 2, "-class with -class-db: servers on the database")
	fs.DurationVar(&c.class.maxP99, "class-max-p99", 200*time.Millisecond, "-class -check: greatest answer p99")
	fs.DurationVar(&c.class.maxFinal, "class-max-final", time.Second, "-class -check: projector count final at most this after the last answer")
	fs.Float64Var(&c.class.maxRSSM, "class-max-rss", 250, "-class -check: greatest peak RSS of each server, MB")
	fs.BoolVar(&c.class.proxy, "class-proxy", false, "-class with -class-db: run nginx (/usr/sbin/nginx) in front of the replicas and send everything through it")
	fs.StringVar(&c.class.blip, "class-blip", "", "-class: shell command to run a third of the way into the answers (e.g. a pg_ctl restart)")
	fs.StringVar(&c.class.addrs, "class-addrs", "", "-class: load running replicas (or the nginx in front of them) at these loopback host:ports, comma-separated, instead of starting servers; the first gets the class, the last the projector")
	fs.StringVar(&c.class.phoneAddr, "class-phone-addr", "127.1.0.1", "-class: the phones' first loopback source address; each group of -class-phones-per-addr phones dials from the next one (the teacher from 127.0.0.1)")
	fs.IntVar(&c.class.perAddr, "class-phones-per-addr", 1, "-class: phones sharing one source address (-class-phones: the whole class behind one NAT address)")
	serverFlags := fs.String("server-flags", "", "-class: more flags for the servers it starts, space-separated (e.g. '-class-max-students 1000 -class-addr-burst 2000')")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	c.class.serverFlags = strings.Fields(*serverFlags)
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	c.w.lesson = "/lessons/" + *lesson
	c.steady.name, c.overload.name, c.recovery.name = "steady", "overload", "recovery"
	c.recovery.clients = c.steady.clients
	switch {
	case c.steady.clients < 1 || c.steady.duration <= 0:
		return c, errors.New("-clients and -duration must be positive")
	case c.w.timeout <= 0:
		return c, errors.New("-timeout must be positive")
	case c.w.think < 0 || c.w.arrive < 0:
		return c, errors.New("-think and -arrive must not be negative")
	case c.addr != "" && c.bin != "":
		return c, errors.New("-addr and -bin exclude each other")
	case c.pid != 0 && c.addr == "":
		return c, errors.New("-pid goes with -addr")
	case c.class.classes < 1:
		return c, errors.New("-class-classes must be positive")
	case c.class.classes > 1 && c.class.blip != "":
		return c, errors.New("-class-blip runs in one class: it excludes -class-classes")
	case c.class.proxy && c.class.db == "":
		return c, errors.New("-class-proxy goes with -class-db (replicas share PostgreSQL)")
	case c.class.addrs != "" && (c.class.proxy || c.class.db != "" || c.bin != "" || len(c.class.serverFlags) > 0 || c.class.blip != ""):
		return c, errors.New("-class-addrs loads running servers: it excludes -class-proxy, -class-db, -bin, -server-flags and -class-blip")
	}
	return c, nil
}

// phases are the phases to run, in order.
func (c config) phases() []phase {
	ps := []phase{c.steady}
	if c.overload.clients > 0 && c.overload.duration > 0 {
		ps = append(ps, c.overload)
	}
	if c.recovery.duration > 0 {
		ps = append(ps, c.recovery)
	}
	return ps
}

// hardLimit bounds the whole run after the build: start-up, every phase
// with its requests in flight, and the shutdown.
func (c config) hardLimit() time.Duration {
	d := 30 * time.Second
	for _, p := range c.phases() {
		d += p.duration + c.w.timeout + 5*time.Second
	}
	return d
}

// run is the whole program.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c, err := parseConfig(args, stderr)
	if err != nil {
		return err
	}
	if c.class.on {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
		defer cancel()
		return runClass(ctx, c, stdout, stderr)
	}
	tgt, err := newTarget(ctx, c, stderr)
	if err != nil {
		return err
	}
	defer tgt.close(stderr)

	ctx, cancel := context.WithTimeout(ctx, c.hardLimit())
	defer cancel()
	if err := tgt.start(ctx); err != nil {
		return err
	}
	c.w.base = tgt.base
	if err := preflight(ctx, c.w); err != nil {
		return err
	}
	var results []phaseResult
	for i, p := range c.phases() {
		fmt.Fprintf(stderr, "gaeload: %s phase: %d clients for %v…\n", p.name, p.clients, p.duration)
		r := runPhase(ctx, c.w, p, i*1_000_000)
		r.rssKB = tgt.peakRSS()
		printPhase(stdout, r)
		results = append(results, r)
	}
	rss := tgt.peakRSS()
	if err := tgt.stop(); err != nil {
		fmt.Fprintf(stderr, "gaeload: stopping the server: %v\n", err)
	}
	printSummary(stdout, results, rss)
	if ctx.Err() != nil {
		return fmt.Errorf("stopped at the hard time limit of %v: %w", c.hardLimit(), ctx.Err())
	}
	if !c.check {
		return nil
	}
	if missed := checkTargets(c.targets, results); len(missed) > 0 {
		for _, m := range missed {
			fmt.Fprintf(stdout, "MISSED %s\n", m)
		}
		return fmt.Errorf("%d target(s) missed", len(missed))
	}
	fmt.Fprintln(stdout, "all targets met")
	return nil
}
