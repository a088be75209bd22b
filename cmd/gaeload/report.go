package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// ms writes a latency in milliseconds.
func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond)) }

// mb writes a size in kB as MB, or "?" when unknown.
func mb(kB int64) string {
	if kB < 0 {
		return "?"
	}
	return fmt.Sprintf("%.1f MB", float64(kB)/1024)
}

// printPhase writes one phase's statistics: the totals, each kind of
// request, the causes of failures and the 503s.
func printPhase(w io.Writer, r phaseResult) {
	s := r.summary
	fmt.Fprintf(w, "%s: %d clients for %v (all requests done after %.2fs)\n", r.name, r.clients, r.duration, r.elapsed.Seconds())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "  requests\treq/s\tp50\tp95\tp99\tmax\terrors\t503\t")
	fmt.Fprintf(tw, "  %d\t%.0f\t%s\t%s\t%s\t%s\t%d\t%d\t\n", s.Requests, s.RPS, ms(s.P50), ms(s.P95), ms(s.P99), ms(s.Max), s.Errors, s.Unavailable)
	tw.Flush()
	var kinds []string
	for k, ks := range s.Kinds {
		kinds = append(kinds, fmt.Sprintf("%s %d (p99 %s, %d errors)", kind(k), ks.Count, ms(ks.P99), ks.Errors))
	}
	fmt.Fprintf(w, "  by kind: %s\n", strings.Join(kinds, "; "))
	for _, rs := range s.topReasons(5) {
		fmt.Fprintf(w, "  failed: %d× %s\n", rs.Count, rs.Text)
	}
	if s.Unavailable > 0 {
		fmt.Fprintf(w, "  503s with Retry-After: %d of %d\n", s.UnavailableRetry, s.Unavailable)
	}
	if r.rssKB >= 0 {
		fmt.Fprintf(w, "  server peak RSS so far: %s\n", mb(r.rssKB))
	}
}

// printSummary writes one line per phase, to paste into README.md, and the
// server's peak RSS.
func printSummary(w io.Writer, results []phaseResult, rssKB int64) {
	fmt.Fprintln(w, "summary:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "  phase\tclients\tseconds\trequests\treq/s\tp50\tp95\tp99\tmax\terrors\t503\t")
	for _, r := range results {
		s := r.summary
		fmt.Fprintf(tw, "  %s\t%d\t%.1f\t%d\t%.0f\t%s\t%s\t%s\t%s\t%d\t%d\t\n", r.name, r.clients, r.elapsed.Seconds(),
			s.Requests, s.RPS, ms(s.P50), ms(s.P95), ms(s.P99), ms(s.Max), s.Errors, s.Unavailable)
	}
	tw.Flush()
	fmt.Fprintf(w, "server peak RSS: %s\n", mb(rssKB))
}

// targets are what the steady phase must reach for -check.
type targets struct {
	minRPS  float64
	maxP99  time.Duration
	maxRSSM float64 // MB
}

// checkTargets lists how the run missed its targets: the steady phase (the
// first) must reach the request rate and p99 latency without a single error
// and with the server's peak RSS so far within budget; the recovery phase
// (named "recovery", if run) must have no error.
func checkTargets(t targets, results []phaseResult) []string {
	if len(results) == 0 {
		return []string{"no phase ran"}
	}
	var missed []string
	steady := results[0].summary
	if steady.RPS < t.minRPS {
		missed = append(missed, fmt.Sprintf("steady: %.0f req/s, target ≥ %.0f", steady.RPS, t.minRPS))
	}
	if steady.P99 > t.maxP99 {
		missed = append(missed, fmt.Sprintf("steady: p99 %s, target ≤ %s", ms(steady.P99), ms(t.maxP99)))
	}
	if steady.Errors > 0 {
		missed = append(missed, fmt.Sprintf("steady: %d errors, target 0", steady.Errors))
	}
	if rss := results[0].rssKB; rss >= 0 && float64(rss)/1024 > t.maxRSSM {
		missed = append(missed, fmt.Sprintf("steady: peak RSS %s, target ≤ %.0f MB", mb(rss), t.maxRSSM))
	}
	for _, r := range results[1:] {
		if r.name == "recovery" && r.summary.Errors > 0 {
			missed = append(missed, fmt.Sprintf("recovery: %d errors (%d of them 503), target 0", r.summary.Errors, r.summary.Unavailable))
		}
	}
	return missed
}
