package inspect

import (
	"context"
	"errors"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gaelab/engine"
	"gaelab/web/i18n"
)

// Run is the check of a run's dumps, one step each, in step order: what
// gaelab inspect DIR prints and the run view shows.
type Run struct {
	Steps   []RunStep
	Skipped []RunSkipped
	// Config is the run's config file read as every step's sidecar
	// (RunConfigName), "" when it has none.
	Config string
	// First is the index in Steps of the first step not exact, −1 when
	// every one is.
	First int
}

// RunStep is one dump's verdict and data metrics (its analysis itself is
// not kept: a run holds up to MaxRunDumps of them).
type RunStep struct {
	File string
	// Step is the number after "step" in the name, else the sidecar's
	// step, else the last number in the name (StepOf), −1 for none.
	Step     int
	Verdict  string
	Blocking []string
	Config   AnswerConfig
	Shape    [2]int
	// Advantages and Returns are the check's explained_by ("exact", the
	// bugs that reproduce them, "" for nothing), "—" when not checked.
	Advantages, Returns string
	Metrics             engine.Metrics
	MetricsError        string
	// Notes are the page's notes on the findings of a step not exact, in
	// each language (NoteLines), nil for an exact one.
	Notes map[i18n.Lang][]string
}

// RunSkipped is a file of the run that is not a dump, and why.
type RunSkipped struct{ File, Reason string }

var (
	stepDigits = regexp.MustCompile(`(?i)step_?(\d+)`)
	lastDigits = regexp.MustCompile(`(\d+)\D*$`)
)

// StepOf is the step number in a dump's name: the digits after "step"
// (step7_rank0.npz is step 7), else the last run of digits (batch_12.npz
// is step 12), −1 when it has none.
func StepOf(name string) int {
	base := strings.TrimSuffix(name, path.Ext(name))
	m := stepDigits.FindStringSubmatch(base)
	if m == nil {
		m = lastDigits.FindStringSubmatch(base)
	}
	if m == nil {
		return -1
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		return -1
	}
	return n
}

// NamedStep reports whether a dump's name says its step ("step" and
// digits), which wins over the sidecar's step.
func NamedStep(name string) bool {
	return stepDigits.MatchString(strings.TrimSuffix(name, path.Ext(name)))
}

// NotDump reports whether err says the file is not a batch dump at all
// (the readers cannot read it, or it has no mask), with the reason; a
// dump that is wrong (a bad shape or number) is an error of the run.
func NotDump(err error) (string, bool) {
	var e *Error
	if !errors.As(err, &e) {
		return "", false
	}
	switch {
	case e.Code == "invalid_file" && e.Field == "", e.Code == "invalid_json", e.Code == "pickle", e.Code == "rollout_jsonl",
		e.Code == "missing_field" && (e.Field == "response_mask" || e.Field == "token_level_rewards" || e.Field == "inputs"):
		return e.Message, true
	}
	return "", false
}

// RunConfig is q with the run's config file (RunConfigName; nil for
// none) read as every step's config sidecar, for the keys q leaves unset
// (MergeSidecar): a flag, a form field or an explicit sidecar wins over
// it, and it over each dump's own config. A config it cannot read is an
// error naming the file.
func RunConfig(q url.Values, config *RunFile) (url.Values, error) {
	out := url.Values{}
	for k, v := range q {
		out[k] = slices.Clone(v)
	}
	if config == nil {
		return out, nil
	}
	data, err := config.Read()
	if err == nil {
		err = MergeSidecar(out, data)
	}
	var e *Error
	if errors.As(err, &e) {
		field := config.Name
		if e.Field != "" {
			field += " · " + e.Field
		}
		return nil, &Error{Code: e.Code, Field: field, Message: e.Message}
	}
	return out, err
}

// AnalyzeRun checks each of a run's dumps with config q and the run's
// config file under it (RunConfig; each file's own config under both, as
// Load), one at a time, so that one analysis is held at once; before is
// called ahead of each dump's analysis with its size (the caller meters
// and admits it) and returns what to call after it. A file that is not a
// dump is skipped; a dump that is wrong stops the run with its error, its
// field prefixed by the file's name.
func AnalyzeRun(ctx context.Context, dir RunDir, q url.Values, before func(size int64) (func(), error)) (*Run, error) {
	run := &Run{First: -1}
	q, err := RunConfig(q, dir.Config)
	if err != nil {
		return nil, err
	}
	if dir.Config != nil {
		run.Config = dir.Config.Name
	}
	for _, f := range dir.Files {
		done, err := before(f.Size)
		if err != nil {
			return nil, err
		}
		s, skip, err := analyzeStep(ctx, f, q)
		done()
		switch {
		case err != nil:
			return nil, err
		case skip != "":
			run.Skipped = append(run.Skipped, RunSkipped{File: f.Name, Reason: skip})
		default:
			run.Steps = append(run.Steps, s)
		}
	}
	if len(run.Steps) == 0 {
		return nil, errorf("run_no_dump", "", "no file of the zip is a dump (%s)", strings.Join(RunFormats, ", "))
	}
	slices.SortStableFunc(run.Steps, func(a, b RunStep) int { return a.Step - b.Step })
	run.First = slices.IndexFunc(run.Steps, func(s RunStep) bool { return s.Verdict != VerdictExact })
	return run, nil
}

// analyzeStep checks one dump: its step, or why it is not a dump.
func analyzeStep(ctx context.Context, f RunFile, q url.Values) (RunStep, string, error) {
	data, err := f.Read()
	if err != nil {
		return RunStep{}, "", err
	}
	fq := url.Values{}
	for k, v := range q {
		fq[k] = v
	}
	if strings.EqualFold(path.Ext(f.Name), ".json") {
		fq.Set("format", "json")
	}
	a, err := LoadContext(ctx, data, fq)
	if why, ok := NotDump(err); ok {
		return RunStep{}, why, nil
	}
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			field := f.Name
			if e.Field != "" {
				field += " · " + e.Field
			}
			return RunStep{}, "", &Error{Code: e.Code, Field: field, Message: e.Message}
		}
		return RunStep{}, "", err
	}
	ans := a.Answer(false)
	s := RunStep{File: f.Name, Step: StepOf(f.Name), Verdict: ans.Verdict, Blocking: ans.Blocking, Config: ans.Config, Shape: ans.Shape, Advantages: "—", Returns: "—"}
	if !NamedStep(f.Name) && ans.Config.Step != nil {
		s.Step = *ans.Config.Step
	}
	if ans.Check != nil {
		s.Advantages, s.Returns = explainedBy(ans.Check.Advantages), explainedBy(ans.Check.Returns)
	}
	if s.Verdict != VerdictExact {
		f := a.Findings()
		s.Notes = map[i18n.Lang][]string{i18n.En: NoteLines(i18n.En, f, q.Get("allow")), i18n.Zh: NoteLines(i18n.Zh, f, q.Get("allow"))}
	}
	s.Metrics, err = a.DataMetrics()
	if err != nil {
		s.MetricsError = err.Error()
	}
	return s, "", nil
}

// explainedBy is a quantity's explained_by, "—" when the file has none
// and "" when nothing reproduces it.
func explainedBy(q *Quantity) string {
	switch {
	case q == nil:
		return "—"
	case q.ExplainedBy == nil:
		return ""
	}
	return *q.ExplainedBy
}
