package main

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"gaelab/engine"
	"gaelab/web/i18n"
	"gaelab/web/inspect"
)

// stepReport is what gaelab inspect prints for one file. Everything it
// shows is read from web/inspect's analysis here, in reportOf, so that new
// findings of the check are printed by adding them in this one place.
type stepReport struct {
	File string `json:"file"`
	// Step is the step number in a run directory's file name (−1: none).
	Step int `json:"step"`
	// Exact is the Answer's verdict == "exact" (every quantity matches
	// the chosen release and no blocking finding is left after --allow).
	Exact bool `json:"exact"`
	// Answer is POST /api/v1/inspect's answer for the file (its verdict,
	// blocking kinds, findings, reward check and check), without rows and
	// groups in a run directory's report.
	inspect.Answer
	// notes are the page's notes on the findings, in English.
	notes []string
	// ExplainedVariance is Metrics' critic/vf_explained_var; null
	// without a critic, or where it is NaN.
	ExplainedVariance *float64 `json:"explained_variance"`
	// Metrics are verl's compute_data_metrics of the step as the chosen
	// release computes them (engine.DataMetrics, on the run's returns,
	// else the engine's), by verl's name; null where verl gives NaN.
	// MetricsError is set where the release raises instead (an empty
	// selection before v0.8.0).
	Metrics      map[string]*float64 `json:"metrics"`
	metrics      engine.Metrics
	MetricsError string `json:"metrics_error,omitempty"`
	// EmptyRows have no valid token; TruncatedRows are valid at the last
	// position t = R−1 (the response reached the length limit).
	EmptyRows     []int `json:"empty_rows"`
	TruncatedRows []int `json:"truncated_rows"`
}

// reportOf reads an analysis into a report; allow is the --allow given.
func reportOf(a *inspect.Analysis, file, allow string) stepReport {
	s := stepReport{File: file, Step: -1, Answer: a.Answer(false), EmptyRows: []int{}, TruncatedRows: []int{}}
	s.Exact = s.Verdict == inspect.VerdictExact
	s.notes = inspect.NoteLines(i18n.En, a.Findings(), allow)
	b := a.Batch
	for i, row := range b.Mask {
		switch {
		case a.Rows[i].Length == 0:
			s.EmptyRows = append(s.EmptyRows, i)
		case row[b.R-1] == 1:
			s.TruncatedRows = append(s.TruncatedRows, i)
		}
	}
	m, err := a.DataMetrics()
	if err != nil {
		s.MetricsError = err.Error()
	}
	s.metrics, s.Metrics = m, make(map[string]*float64, len(m))
	for _, x := range m {
		if !math.IsNaN(x.Value) {
			s.Metrics[x.Name] = &x.Value
		} else {
			s.Metrics[x.Name] = nil
		}
	}
	if ev, ok := m.Get("critic/vf_explained_var"); ok && !math.IsNaN(ev) {
		s.ExplainedVariance = &ev
	}
	return s
}

// exactQ: a quantity the file does not hold, or one the chosen release
// reproduces.
func exactQ(q *inspect.Quantity) bool {
	return q == nil || (q.ExplainedBy != nil && *q.ExplainedBy == "exact")
}

// writeInspectText prints one line per check of a file, or one line per
// step of a run and the first step that is not exact.
func writeInspectText(w io.Writer, dir bool, steps []stepReport, skip []skipped, config string, first int) error {
	var b strings.Builder
	if !dir {
		s := steps[0]
		c := s.Config
		fmt.Fprintf(&b, "%s: %d × %d, verl %s (%s, the arithmetic of %s), estimator %s, gamma %s, lam %s\n",
			s.File, s.Shape[0], s.Shape[1], c.Ver, c.Generation, c.Releases, c.Estimator, num(c.Gamma), num(c.Lam))
		if s.Check != nil {
			for _, q := range []struct {
				name string
				q    *inspect.Quantity
			}{{"advantages", s.Check.Advantages}, {"returns", s.Check.Returns}} {
				if q.q != nil {
					fmt.Fprintf(&b, "  %-10s %s\n", q.name, quantityLine(q.q))
				}
			}
		}
		fmt.Fprintf(&b, "  whitening  mean %s, variance %s (unbiased), %d valid tokens\n", whitenNum(s, s.Batch.WhitenMean), whitenNum(s, s.Batch.WhitenVarUnbiased), s.Batch.ValidTokens)
		fmt.Fprintf(&b, "  critic     explained variance %s\n", metricNum(s, "critic/vf_explained_var"))
		fmt.Fprintf(&b, "  rows       %d empty %v, %d truncated %v\n", len(s.EmptyRows), s.EmptyRows, len(s.TruncatedRows), s.TruncatedRows)
		writeNotes(&b, s.notes)
		fmt.Fprintf(&b, "verdict: %s\n", verdictWords(s))
		_, err := io.WriteString(w, b.String())
		return err
	}
	if config != "" {
		fmt.Fprintf(&b, "config: %s, read as every step's --config (flags and --config win over it, it over each dump's own)\n", config)
	}
	fmt.Fprintf(&b, "%6s  %-16s  %-12s  %-12s  %-12s  %-9s  %5s  %9s  %s\n", "step", "verdict", "whiten mean", "whiten var", "explained v", "verl", "empty", "truncated", "file")
	for _, s := range steps {
		fmt.Fprintf(&b, "%6d  %-16s  %-12s  %-12s  %-12s  %-9s  %5d  %9d  %s\n", s.Step, verdictWords(s), whitenNum(s, s.Batch.WhitenMean), whitenNum(s, s.Batch.WhitenVarUnbiased),
			metricNum(s, "critic/vf_explained_var"), s.Config.Ver, len(s.EmptyRows), len(s.TruncatedRows), s.File)
	}
	for _, k := range skip {
		fmt.Fprintf(&b, "skipped %s: not a dump (%s)\n", k.File, k.Reason)
	}
	if first >= 0 {
		s := steps[first]
		fmt.Fprintf(&b, "first step not exact: %d (%s): %s\n", s.Step, s.File, verdictWords(s))
		if s.Check != nil {
			for _, q := range []struct {
				name string
				q    *inspect.Quantity
			}{{"advantages", s.Check.Advantages}, {"returns", s.Check.Returns}} {
				if q.q != nil && !exactQ(q.q) {
					fmt.Fprintf(&b, "  %-10s %s\n", q.name, quantityLine(q.q))
				}
			}
		}
		writeNotes(&b, s.notes)
	} else {
		fmt.Fprintf(&b, "every step is exact (%d steps)\n", len(steps))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// verdictWords is the step's verdict in words: exact, not exact (and the
// blocking kinds), nothing to check.
func verdictWords(s stepReport) string {
	w := strings.ReplaceAll(s.Verdict, "_", " ")
	if len(s.Blocking) > 0 {
		w += " (blocking: " + strings.Join(s.Blocking, ", ") + ")"
	}
	return w
}

// writeNotes prints the page's notes on the findings, one a line.
func writeNotes(b *strings.Builder, notes []string) {
	for _, n := range notes {
		fmt.Fprintf(b, "  %s\n", n)
	}
}

// quantityLine is a check's verdict as /inspect words it.
func quantityLine(q *inspect.Quantity) string {
	var v string
	switch {
	case q.ExplainedBy == nil:
		v = "differ from the chosen release, and nothing tried reproduces them"
	case *q.ExplainedBy == "exact":
		v = "match the chosen release"
	default:
		v = "differ from the chosen release, and match: " + strings.Join(q.Matches, ", ")
	}
	if math.IsInf(q.MaxAbsDiff, 0) {
		return v
	}
	return fmt.Sprintf("%s (max |diff| %s at row %d, token %d; tolerance %s)", v, num(q.MaxAbsDiff), q.At[0], q.At[1], num(q.Tolerance))
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

// whitenNum is a whitening statistic of GAE's advantages, "—" for a
// critic-free step (they used to print 0).
func whitenNum(s stepReport, x float64) string {
	if s.Config.Estimator != "gae" {
		return "—"
	}
	return num(x)
}

// metricNum is one of the step's data metrics: "—" where the release
// has none (no critic), NaN where verl gives NaN.
func metricNum(s stepReport, name string) string {
	x, ok := s.metrics.Get(name)
	if !ok {
		return "—"
	}
	return num(x)
}
