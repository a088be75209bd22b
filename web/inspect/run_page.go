package inspect

import (
	"context"
	"errors"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"gaelab/templates"
	"gaelab/web/bounded"
	"gaelab/web/chart"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/store"
)

// A run (a .zip of a run directory, runzip.go) is uploaded through the
// form as a batch is, stored as one upload (its bytes count as any
// upload's), and shown at /inspect/{id} as the run view. It is metered as
// one upload plus one analysis per further step (the address's hourly
// uploads), each step's inflated dump held within the bodies' memory
// budget while it is analysed.

// newRunCache keeps the last 8 runs checked on this replica, by content
// and config: a run's steps are small summaries, its analyses are not kept.
func newRunCache() *bounded.Cache[string, *Run] {
	return bounded.New(8*(1+bounded.EntryBytes), func(string, *Run) int { return 1 })
}

func runKey(sum string, config url.Values) string { return sum + "?" + config.Encode() }

// runUpload is what Uploads.analysis answers for an upload that is a
// run: its bytes (nil when its check is cached) and the cached check.
type runUpload struct {
	data []byte
	run  *Run
}

func (e *runUpload) Error() string { return "inspect: the upload is a run, not one batch" }

// uploadName is the name of the form's file, "" for none.
func uploadName(r *http.Request) string {
	if r.MultipartForm == nil || len(r.MultipartForm.File["file"]) == 0 {
		return ""
	}
	return r.MultipartForm.File["file"][0].Filename
}

// uploadRun is HandleUpload for a run's zip: read within its bounds,
// checked step by step, stored, and the browser sent to its view; a
// refused zip re-shows the form naming the problem.
func (s *Room) uploadRun(w http.ResponseWriter, r *http.Request, ir inspectRequest, data []byte) {
	fail := func(status int, msgs ...string) { formAgain(w, r, ir, store.Upload{}, status, msgs) }
	config, err := uploadConfig(r)
	var run *Run
	if err == nil {
		run, err = s.Uploads.checkRun(r.Context(), ir.addr, data, config, false)
	}
	if r.Context().Err() != nil {
		return // the client left
	}
	if err != nil {
		retryAfter(w, err)
		status, msgs := inspectStatus(ir.lang, err)
		fail(status, msgs...)
		return
	}
	up, status, key := s.Uploads.put(r, data)
	if status != 0 {
		fail(status, ir.lang.T(key))
		return
	}
	s.Uploads.runs.Put(runKey(up.SHA256, config), run)
	ir.id, ir.config = up.ID, config
	http.Redirect(w, r, "/inspect/"+up.ID+ir.query(), http.StatusSeeOther)
}

// checkRun reads a run's zip and checks its dumps: each dump after the
// first spends one of the address's uploads (the first was spent by the
// upload or the view), and each is analysed within the bodies' memory
// budget by its inflated size. slot takes an analysis slot first (a view;
// an upload holds one already).
func (u *Uploads) checkRun(ctx context.Context, addr string, data []byte, config url.Values, slot bool) (*Run, error) {
	dir, err := ReadRunZip(data)
	if err != nil {
		return nil, err
	}
	if slot {
		if !u.Analyses.Acquire(ctx) {
			return nil, errAnalysesBusy
		}
		defer u.Analyses.Release()
	}
	u.cache.Clear() // a step's analysis would be held beside the cached one
	n := 0
	return AnalyzeRun(ctx, dir, config, func(size int64) (func(), error) {
		if n++; n > 1 {
			if err := u.meterStep(ctx, addr); err != nil {
				return nil, err
			}
		}
		release, no := u.admission.hold(size)
		if no != nil {
			return nil, viewRefusal{no}
		}
		return release, nil
	})
}

// viewRun is HandleView for an upload that is a run (ru): its cached
// check, else its check now.
func (s *Room) viewRun(w http.ResponseWriter, r *http.Request, ir inspectRequest, ru *runUpload) {
	run := ru.run
	if run == nil {
		var err error
		run, err = s.Uploads.checkRun(r.Context(), ir.addr, ru.data, ir.config, true)
		if err != nil {
			retryAfter(w, err)
			status, msgs := inspectStatus(ir.lang, err)
			renderInspect(w, r, status, inspectPage(ir, nil, nil, msgs))
			return
		}
		s.Uploads.runs.Put(runKey(ir.upload.SHA256, ir.config), run)
	}
	vm := inspectPage(ir, nil, nil, nil)
	vm.Run = runView(ir, run)
	renderInspect(w, r, http.StatusOK, vm)
}

// runView is the run's view model: the summary, the first step not
// exact, the steps' table and the metrics' charts.
func runView(ir inspectRequest, run *Run) *templates.InspectRun {
	t := ir.lang.T
	v := &templates.InspectRun{Summary: []string{t("inspect.run.heading", len(run.Steps)), t("inspect.expires")}}
	if ir.upload.Shared {
		v.Summary[1] = t("inspect.shared", ir.upload.Expires.UTC().Format("2006-01-02 15:04 UTC"))
	}
	if run.Config != "" {
		v.Summary = append(v.Summary, t("inspect.run.config", run.Config))
	}
	v.Share = templates.InspectShare{Action: "/inspect/" + ir.id + "/share" + ir.query(), Button: t("inspect.share")}
	if run.First >= 0 {
		s := run.Steps[run.First]
		v.First, v.Notes = t("inspect.run.first", s.Step, s.File, stepVerdict(t, s)), s.Notes[ir.lang]
	} else {
		v.Exact = t("inspect.run.exact", len(run.Steps))
	}
	for _, k := range run.Skipped {
		v.Skipped = append(v.Skipped, t("inspect.run.skipped", k.File))
	}
	v.Steps = templates.InspectRunTable{Caption: t("inspect.run.caption"), Head: []string{
		t("inspect.run.col.step"), t("inspect.run.col.verdict"), t("inspect.run.col.advantages"), t("inspect.run.col.returns"),
		"critic/vf_explained_var", t("inspect.run.col.release"), t("inspect.run.col.shape"), t("inspect.run.col.file")}}
	for k, s := range run.Steps {
		v.Steps.Rows = append(v.Steps.Rows, templates.InspectRunRow{
			Step: strconv.Itoa(s.Step), Verdict: stepVerdict(t, s), First: k == run.First, Exact: s.Verdict == VerdictExact,
			Cells: []string{explainedWords(t, s.Advantages), explainedWords(t, s.Returns), metricWords(s, "critic/vf_explained_var"),
				s.Config.Ver + " (" + s.Config.Generation + ")", strconv.Itoa(s.Shape[0]) + " × " + strconv.Itoa(s.Shape[1]), s.File},
		})
	}
	if svg, err := runCharts(ir.lang, run); err == nil && svg != nil {
		v.Charts, v.ChartsTitle, v.ChartsLegend = page.SVGBytes(svg), t("inspect.run.charts"), t("inspect.run.charts.legend")
	}
	return v
}

// stepVerdict is a step's verdict in words, with its blocking kinds.
func stepVerdict(t func(string, ...any) string, s RunStep) string {
	w := t("inspect.run.verdict." + s.Verdict)
	if len(s.Blocking) > 0 {
		w = t("inspect.run.blocking", w, strings.Join(s.Blocking, ", "))
	}
	return w
}

// explainedWords is a quantity's explained_by in words.
func explainedWords(t func(string, ...any) string, e string) string {
	switch e {
	case "—":
		return e
	case "":
		return t("inspect.run.nothing")
	case "exact":
		return t("inspect.run.match")
	}
	return t("inspect.run.matches", e)
}

// metricWords is a step's metric, "—" where its release has none.
func metricWords(s RunStep, name string) string {
	x, ok := s.Metrics.Get(name)
	if !ok {
		return "—"
	}
	return inum(x)
}

// runCharts draws one panel per metric over the run's steps (the metrics
// of the first step's release, in verl's order, then any other step's),
// the first step not exact shaded; nil when no step has metrics.
func runCharts(lang i18n.Lang, run *Run) ([]byte, error) {
	var names []string
	seen := map[string]bool{}
	for _, s := range run.Steps {
		for _, m := range s.Metrics {
			if !seen[m.Name] && len(names) < chart.MaxGridPanels {
				seen[m.Name] = true
				names = append(names, m.Name)
			}
		}
	}
	if len(names) == 0 {
		return nil, nil
	}
	steps := make([]int, len(run.Steps))
	for k, s := range run.Steps {
		steps[k] = s.Step
	}
	grid := chart.StepsGridInput{Cols: 4, Theme: chart.Light().Panel(), ID: "run", Title: lang.T("inspect.run.charts"), Desc: lang.T("inspect.run.charts.desc", len(steps))}
	for _, name := range names {
		vals := make([]float64, len(run.Steps))
		points := 0
		for k, s := range run.Steps {
			x, ok := s.Metrics.Get(name)
			if !ok || math.IsInf(x, 0) || math.Abs(x) > 1e12 {
				x = math.NaN()
			}
			if !math.IsNaN(x) {
				points++
			}
			vals[k] = x
		}
		in := chart.StepsInput{Steps: steps, Current: run.First, ID: strings.NewReplacer("/", "-", "_", "-", "@", "-").Replace(name),
			Runs: []chart.Series{{Label: lang.T("inspect.run.series"), Values: vals}},
			Text: chart.StepsText{Title: name, Desc: lang.T("inspect.run.chart.desc", name), StepAxis: lang.T("inspect.run.chart.step"), ValueAxis: name, Current: lang.T("inspect.run.current")}}
		grid.Panels = append(grid.Panels, chart.GridPanel{Steps: in, Data: []chart.Attr{{Name: "metric", Value: name}, {Name: "points", Value: strconv.Itoa(points)}}})
	}
	return chart.StepsGrid(grid)
}

// isRun reports whether err is Uploads.analysis's answer for a run.
func isRun(err error) (*runUpload, bool) {
	var ru *runUpload
	return ru, errors.As(err, &ru)
}
