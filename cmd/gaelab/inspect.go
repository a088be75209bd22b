package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gaelab/web/i18n"
	"gaelab/web/inspect"
)

// Exit statuses of gaelab inspect: 0 when every check is exact.
const (
	exitNotExact = 1 // a check differs from the chosen release, or there is nothing to check
	exitUsage    = 2 // a usage error, or a file that cannot be read
)

// exitError is an error with its own exit status; a nil err exits silently
// (gaelab inspect has printed its verdict).
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// silent reports whether err is only an exit status, with nothing to say.
func silent(err error) bool {
	var ee *exitError
	return errors.As(err, &ee) && ee.err == nil
}

// exitStatus is the status main exits with for run's error: 0 for none,
// an exitError's own, else 1.
func exitStatus(err error) int {
	var ee *exitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.code
	}
	return 1
}

// inspectFlags maps gaelab inspect's flags to inspect's config keys.
var inspectFlags = []struct{ flag, key, help string }{
	{"ver", "ver", "verl release (a tag such as v0.4.1, newest, or verl.__version__)"},
	{"gamma", "gamma", "γ"},
	{"lam", "lam", "λ"},
	{"kl-coef", "kl_coef", "β, the KL coefficient"},
	{"kl-penalty", "kl_penalty", "the kl_penalty type (kl, abs, mse, low_var_kl, …)"},
	{"estimator", "estimator", "gae or an outcome estimator key of the release"},
	{"kl-ctrl", "kl_ctrl_type", "kl_ctrl.type: fixed or adaptive (a β that drifted under adaptive is a note)"},
}

// maxInspectFile bounds a file gaelab inspect reads: the readers' budget
// for the tensors, plus room for headers.
var maxInspectFile = inspect.Limits.MaxBytes + 16<<20

// runInspect runs "gaelab inspect FILE|DIR [flags]": the check of /inspect
// on one file, or on every dump of a run's directory in step order, without
// uploading. The file's own config wins unless a flag gives the key. It
// returns an exitError: 1 when a verdict is not exact, 2 on a usage or
// file error.
func runInspect(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("inspect", flag.ContinueOnError)
	vals := map[string]*string{}
	for _, f := range inspectFlags {
		vals[f.key] = fs.String(f.flag, "", f.help)
	}
	useKL := fs.Bool("use-kl-in-reward", false, "turn token_level_scores into rewards with the KL penalty")
	asJSON := fs.Bool("json", false, "print JSON")
	htmlFile := fs.String("html", "", "also write /inspect's page of the batch (of a run: the run view, its steps and one chart per metric) to this file, self-contained")
	lang := fs.String("lang", "en", "the --html page's language: en or zh")
	cfgFile := fs.String("config", "", "a config sidecar, as the page's second file: JSON (verl's algorithm section or its whole config) or Hydra's .hydra/config.yaml; it wins over the file's own config, a flag over it")
	var allow []string
	fs.Func("allow", "a finding kind you expect (repeatable, or KIND,KIND): a blocking one leaves the verdict exact", func(s string) error {
		allow = append(allow, s)
		return nil
	})
	// Flags may come before or after the path.
	var paths []string
	for rest := args; ; {
		if err := parseFlags(fs, rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return err
			}
			return &exitError{exitUsage, err}
		}
		if fs.NArg() == 0 {
			break
		}
		paths, rest = append(paths, fs.Arg(0)), fs.Args()[1:]
	}
	if len(paths) != 1 {
		return &exitError{exitUsage, usageErrorf("inspect: want one FILE or DIR, got %d", len(paths))}
	}
	pageLang, ok := i18n.Parse(*lang)
	if !ok {
		return &exitError{exitUsage, usageErrorf("inspect: --lang %q: want en or zh", *lang)}
	}
	q := url.Values{}
	fs.Visit(func(f *flag.Flag) {
		for _, m := range inspectFlags {
			if m.flag == f.Name {
				q.Set(m.key, *vals[m.key])
			}
		}
		if f.Name == "use-kl-in-reward" {
			q.Set("use_kl_in_reward", strconv.FormatBool(*useKL))
		}
	})
	if len(allow) > 0 {
		q.Set("allow", strings.Join(allow, ","))
	}
	if *cfgFile != "" {
		data, err := readFileLimited(*cfgFile, 1<<20)
		if err != nil {
			return &exitError{exitUsage, fmt.Errorf("inspect: %w", err)}
		}
		if err := inspect.MergeSidecar(q, data); err != nil {
			return &exitError{exitUsage, fmt.Errorf("inspect: %s: %w", *cfgFile, err)}
		}
	}

	info, err := os.Stat(paths[0])
	if err != nil {
		return &exitError{exitUsage, fmt.Errorf("inspect: %w", err)}
	}
	var steps []stepReport
	var skip []skipped
	var runConfig string // the run directory's .hydra/config.yaml, "" for none
	if info.IsDir() {
		steps, skip, runConfig, err = inspectDir(paths[0], q)
	} else {
		var s stepReport
		s, err = inspectFile(paths[0], q)
		steps = []stepReport{s}
	}
	if err != nil {
		return &exitError{exitUsage, err}
	}
	first := firstNotExact(steps)
	if *asJSON {
		err = writeInspectJSON(stdout, info.IsDir(), steps, skip, runConfig, first)
	} else {
		err = writeInspectText(stdout, info.IsDir(), steps, skip, runConfig, first)
	}
	if err != nil {
		return err
	}
	if *htmlFile != "" && info.IsDir() {
		if err := writeRunHTML(*htmlFile, paths[0], q, pageLang); err != nil {
			return &exitError{exitUsage, err}
		}
	} else if *htmlFile != "" {
		if err := writeInspectHTML(*htmlFile, steps, first, q, pageLang); err != nil {
			return &exitError{exitUsage, err}
		}
	}
	if first >= 0 {
		return &exitError{exitNotExact, nil}
	}
	return nil
}

// writeInspectHTML writes the page /inspect shows for a file's batch to
// path as one self-contained HTML file (inspect.OfflinePage).
func writeInspectHTML(path string, steps []stepReport, first int, q url.Values, lang i18n.Lang) error {
	s := steps[len(steps)-1]
	if first >= 0 {
		s = steps[first]
	}
	data, err := readFileLimited(s.File, maxInspectFile)
	if err != nil {
		return fmt.Errorf("inspect: %w", err)
	}
	q = cloneValues(q)
	if strings.EqualFold(filepath.Ext(s.File), ".json") {
		q.Set("format", "json")
	}
	a, err := inspect.Load(data, q)
	if err != nil {
		return fmt.Errorf("inspect: %s: %w", s.File, err)
	}
	page, err := inspect.OfflinePage(a, lang, q)
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, page, 0o644); err != nil {
		return fmt.Errorf("inspect: --html: %w", err)
	}
	return nil
}

// writeRunHTML writes the run view /inspect shows for a run's zip, of
// the directory dir, to path as one self-contained HTML file
// (inspect.OfflineRunPage): the run is checked again as the server
// checks a zip (inspect.AnalyzeRun, its .hydra/config.yaml included), one
// dump at a time.
func writeRunHTML(path, dir string, q url.Values, lang i18n.Lang) error {
	rd, err := runDir(dir)
	if err != nil {
		return err
	}
	run, err := inspect.AnalyzeRun(context.Background(), rd, q, func(int64) (func(), error) { return func() {}, nil })
	if err != nil {
		return fmt.Errorf("inspect: %s: %w", dir, err)
	}
	page, err := inspect.OfflineRunPage(run, lang, q)
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, page, 0o644); err != nil {
		return fmt.Errorf("inspect: --html: %w", err)
	}
	return nil
}

// runDir lists a run directory as the server lists a run's zip
// (inspect.ReadRunZip): its files in a dump's format, sorted by name, and
// its .hydra/config.yaml (inspect.RunConfigName), when it has one.
func runDir(dir string) (inspect.RunDir, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return inspect.RunDir{}, fmt.Errorf("inspect: %w", err)
	}
	var rd inspect.RunDir
	for _, e := range entries { // os.ReadDir sorts by name
		if !e.IsDir() && slices.Contains(inspect.RunFormats, strings.ToLower(filepath.Ext(e.Name()))) {
			p := filepath.Join(dir, e.Name())
			rd.Files = append(rd.Files, inspect.NewRunFile(e.Name(), 0, func() ([]byte, error) { return readFileLimited(p, maxInspectFile) }))
		}
	}
	p := filepath.Join(dir, filepath.FromSlash(inspect.RunConfigName))
	if info, err := os.Stat(p); err == nil && info.Mode().IsRegular() {
		config := inspect.NewRunFile(p, info.Size(), func() ([]byte, error) { return readFileLimited(p, 1<<20) })
		rd.Config = &config
	}
	return rd, nil
}

// inspectFile reads and checks one file.
func inspectFile(path string, q url.Values) (stepReport, error) {
	data, err := readFileLimited(path, maxInspectFile)
	if err != nil {
		return stepReport{}, fmt.Errorf("inspect: %w", err)
	}
	q = cloneValues(q)
	if strings.EqualFold(filepath.Ext(path), ".json") {
		q.Set("format", "json")
	}
	a, err := inspect.Load(data, q)
	if err != nil {
		return stepReport{}, fmt.Errorf("inspect: %s: %w", path, err)
	}
	return reportOf(a, path, q.Get("allow")), nil
}

// skipped is a file of a run directory that is not a dump, and why.
type skipped struct {
	File   string `json:"file"`
	Reason string `json:"reason"`
}

// inspectDir checks every dump of a directory, with its .hydra/config.yaml
// read as every step's --config under the flags and --config
// (inspect.RunConfig; its path is returned, "" for none), ordered by
// step: the number after "step" in its name, else the sidecar's step,
// else the last number in the name (stepOf); files that are not dumps
// (notDump) are skipped and listed.
func inspectDir(dir string, q url.Values) ([]stepReport, []skipped, string, error) {
	rd, err := runDir(dir)
	if err != nil {
		return nil, nil, "", err
	}
	var config string
	if rd.Config != nil {
		config = rd.Config.Name
	}
	if q, err = inspect.RunConfig(q, rd.Config); err != nil {
		return nil, nil, "", fmt.Errorf("inspect: %w", err)
	}
	steps := make([]stepReport, 0, len(rd.Files))
	var skip []skipped
	for _, f := range rd.Files {
		path := filepath.Join(dir, f.Name)
		s, err := inspectFile(path, q)
		if why, ok := inspect.NotDump(err); ok {
			skip = append(skip, skipped{File: path, Reason: why})
			continue
		}
		if err != nil {
			return nil, nil, "", err
		}
		s.Step = inspect.StepOf(f.Name)
		if !inspect.NamedStep(f.Name) && s.Config.Step != nil {
			s.Step = *s.Config.Step
		}
		s.Rows, s.Groups = nil, nil // per step, the batch's summary is enough
		steps = append(steps, s)
	}
	slices.SortStableFunc(steps, func(a, b stepReport) int { return a.Step - b.Step })
	if len(steps) == 0 {
		return nil, nil, "", fmt.Errorf("inspect: %s holds no dump (%s)", dir, strings.Join(inspect.RunFormats, ", "))
	}
	return steps, skip, config, nil
}

// firstNotExact is the index of the first step whose verdict is not
// exact (not_exact or nothing_to_check), −1 when every one is.
func firstNotExact(steps []stepReport) int {
	return slices.IndexFunc(steps, func(s stepReport) bool { return !s.Exact })
}

// readFileLimited reads a file of at most limit bytes.
func readFileLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, limit)
}

func cloneValues(q url.Values) url.Values {
	out := url.Values{}
	for k, v := range q {
		out[k] = slices.Clone(v)
	}
	return out
}

// writeInspectJSON prints one file's report, or the run's steps, its
// config file (config_file, absent without one) and the first step that
// is not exact (null when all are).
func writeInspectJSON(w io.Writer, dir bool, steps []stepReport, skip []skipped, config string, first int) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	if !dir {
		return enc.Encode(steps[0])
	}
	run := struct {
		Steps        []stepReport `json:"steps"`
		Skipped      []skipped    `json:"skipped"`
		ConfigFile   string       `json:"config_file,omitempty"`
		FirstNotExct *stepRef     `json:"first_not_exact"`
	}{Steps: steps, Skipped: append([]skipped{}, skip...), ConfigFile: config}
	if first >= 0 {
		run.FirstNotExct = &stepRef{Step: steps[first].Step, File: steps[first].File}
	}
	return enc.Encode(run)
}

// stepRef names a step of a run.
type stepRef struct {
	Step int    `json:"step"`
	File string `json:"file"`
}
