package inspect

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"net/url"
	"time"

	"gaelab/web/clientip"
	"gaelab/web/httperr"
)

// POST /api/v1/inspect takes a run's zip as the form does (runzip.go):
// its dumps checked one at a time by AnalyzeRun, metered as the form's
// (one upload, then one of the address's uploads per further step), each
// step's inflated dump held in the bodies' memory budget; the answer is
// RunAnswer. Without ?format=, a zip that is not an .npz is a run.

// RunAnswer is the API's answer for a run: each step's verdict and data
// metrics (RunStepAnswer), in step order, the files skipped, the run's
// config file read, and the run's verdict: exact when every step is,
// nothing_to_check when no step has anything to check, else not_exact,
// with the first step not exact (null when every one is).
type RunAnswer struct {
	Verdict       string          `json:"verdict"`
	FirstNotExact *RunStepRef     `json:"first_not_exact"`
	Steps         []RunStepAnswer `json:"steps"`
	Skipped       []RunSkipAnswer `json:"skipped"`
	// ConfigFile is the run's RunConfigName when it has one.
	ConfigFile string `json:"config_file,omitempty"`
}

// RunStepRef names a step of a run.
type RunStepRef struct {
	Step int    `json:"step"`
	File string `json:"file"`
}

// RunStepAnswer is one step: its file and step (StepOf), its verdict and
// blocking kinds as the one-dump answer's, the config it was checked
// with, its shape, each quantity's explained_by ("exact", the candidate
// that reproduces it, null for none; absent when the file has none) and
// verl's data metrics (null for NaN; metrics_error where the release
// raises).
type RunStepAnswer struct {
	Step         int                 `json:"step"`
	File         string              `json:"file"`
	Verdict      string              `json:"verdict"`
	Blocking     []string            `json:"blocking"`
	Config       AnswerConfig        `json:"config"`
	Shape        [2]int              `json:"shape"`
	Advantages   *runExplained       `json:"advantages,omitempty"`
	Returns      *runExplained       `json:"returns,omitempty"`
	Metrics      map[string]*float64 `json:"metrics"`
	MetricsError string              `json:"metrics_error,omitempty"`
}

// runExplained is a quantity's explained_by in a run's answer.
type runExplained struct {
	ExplainedBy *string `json:"explained_by"`
}

// RunSkipAnswer is a file of the run that is not a dump, and why.
type RunSkipAnswer struct {
	File   string `json:"file"`
	Reason string `json:"reason"`
}

// Answer is the run's API answer.
func (run *Run) Answer() RunAnswer {
	ans := RunAnswer{Verdict: VerdictExact, Steps: []RunStepAnswer{}, Skipped: []RunSkipAnswer{}, ConfigFile: run.Config}
	nothing := true
	for _, s := range run.Steps {
		a := RunStepAnswer{Step: s.Step, File: s.File, Verdict: s.Verdict, Blocking: append([]string{}, s.Blocking...), Config: s.Config, Shape: s.Shape,
			Advantages: explainedOf(s.Advantages), Returns: explainedOf(s.Returns), Metrics: map[string]*float64{}, MetricsError: s.MetricsError}
		for _, m := range s.Metrics {
			if v := m.Value; !math.IsNaN(v) && !math.IsInf(v, 0) {
				a.Metrics[m.Name] = &v
			} else {
				a.Metrics[m.Name] = nil
			}
		}
		nothing = nothing && s.Verdict == VerdictNothingToCheck
		ans.Steps = append(ans.Steps, a)
	}
	for _, k := range run.Skipped {
		ans.Skipped = append(ans.Skipped, RunSkipAnswer{File: k.File, Reason: k.Reason})
	}
	if run.First >= 0 {
		s := run.Steps[run.First]
		ans.FirstNotExact = &RunStepRef{Step: s.Step, File: s.File}
		ans.Verdict = VerdictNotExact
		if nothing {
			ans.Verdict = VerdictNothingToCheck
		}
	}
	return ans
}

// explainedOf is RunStep's explained_by ("—": the file has none, "":
// nothing reproduces it) as the answer's.
func explainedOf(e string) *runExplained {
	switch e {
	case "—":
		return nil
	case "":
		return &runExplained{}
	}
	return &runExplained{ExplainedBy: &e}
}

// answerRun checks a run's zip posted to the API (the analysis slot is
// the upload's) and answers RunAnswer, or the error: a bad zip or dump
// 400 naming it, the address's hourly uploads spent 429, the memory
// budget full 503, each with Retry-After where waiting helps.
func (u *Uploads) answerRun(w http.ResponseWriter, r *http.Request, body []byte, q url.Values) {
	run, err := u.checkRun(r.Context(), clientip.Addr(r), body, q, false)
	if r.Context().Err() != nil {
		return // the client left
	}
	var e *Error
	switch he := refusalOf(err); {
	case err == nil:
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(run.Answer())
	case errors.As(err, &e):
		refuse(w, http.StatusBadRequest, e)
	case he != nil:
		retryAfter(w, err)
		httperr.Write(w, r, he)
	default:
		httperr.Write(w, r, httperr.New("unavailable", "inspect.err.store"))
	}
}

// meterStep spends one of the address's hourly uploads on a further step
// of a run: the quota replicas share, else (uploads off, the API still
// answering) this replica's count.
func (u *Uploads) meterStep(ctx context.Context, addr string) error {
	if u.st != nil {
		return u.meterView(ctx, addr)
	}
	if ok, wait := u.memQuota.Take(addr, u.now()); !ok {
		return &quotaError{wait: wait, perHour: int(time.Hour / u.hourly.Every), burst: u.hourly.Burst}
	}
	return nil
}
