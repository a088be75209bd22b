package main

import (
	"cmp"
	"math"
	"slices"
	"time"
)

// kind is what a request is for, as a student's browser would send it.
type kind int

const (
	kindLesson kind = iota // the lesson page, or its revalidation
	kindEdit               // an htmx edit of the playground
	kindChart              // one chart of the edited state
	kindQR                 // the QR code of the edited state's link
	numKinds
)

var kindNames = [numKinds]string{"lesson", "edit", "chart", "qr"}

func (k kind) String() string { return kindNames[k] }

// sample is one finished request.
type sample struct {
	kind    kind
	latency time.Duration // from sending the request to reading the whole body
	status  int           // 0 when no response came back
	// fail is why the request counts as an error ("" for a success): a
	// status other than 200/304, a timeout, a transport error, a wrong body.
	fail       string
	retryAfter bool // a 503 that carried a Retry-After header
}

// summary is the statistics of one phase.
type summary struct {
	Requests         int
	RPS              float64 // requests per second of elapsed time
	P50, P95, P99    time.Duration
	Max              time.Duration
	Errors           int            // every failed request, 503s included
	Unavailable      int            // 503s among the errors
	UnavailableRetry int            // 503s with a Retry-After header
	Reasons          map[string]int // why requests failed
	Kinds            [numKinds]kindSummary
}

// kindSummary is the statistics of one kind of request within a phase.
type kindSummary struct {
	Count, Errors int
	P99           time.Duration
}

// summarize computes a phase's statistics over its samples and the elapsed
// wall-clock time.
func summarize(samples []sample, elapsed time.Duration) summary {
	s := summary{Requests: len(samples), Reasons: map[string]int{}}
	if elapsed > 0 {
		s.RPS = float64(len(samples)) / elapsed.Seconds()
	}
	all := make([]time.Duration, 0, len(samples))
	var byKind [numKinds][]time.Duration
	for _, x := range samples {
		all = append(all, x.latency)
		byKind[x.kind] = append(byKind[x.kind], x.latency)
		s.Kinds[x.kind].Count++
		if x.fail == "" {
			continue
		}
		s.Errors++
		s.Kinds[x.kind].Errors++
		s.Reasons[x.fail]++
		if x.status == 503 {
			s.Unavailable++
			if x.retryAfter {
				s.UnavailableRetry++
			}
		}
	}
	slices.Sort(all)
	s.P50, s.P95, s.P99 = percentile(all, 50), percentile(all, 95), percentile(all, 99)
	if len(all) > 0 {
		s.Max = all[len(all)-1]
	}
	for k := range byKind {
		slices.Sort(byKind[k])
		s.Kinds[k].P99 = percentile(byKind[k], 99)
	}
	return s
}

// percentile is the nearest-rank p-th percentile of ascending latencies: the
// smallest one that at least p percent of them do not exceed; 0 for none.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}

// reason is one cause of failures and how often it happened.
type reason struct {
	Text  string
	Count int
}

// topReasons are the n most frequent causes of failures, most frequent first.
func (s summary) topReasons(n int) []reason {
	var rs []reason
	for text, count := range s.Reasons {
		rs = append(rs, reason{text, count})
	}
	slices.SortFunc(rs, func(a, b reason) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Text, b.Text))
	})
	return rs[:min(n, len(rs))]
}
