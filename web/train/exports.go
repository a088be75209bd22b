package train

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"net/http"
	"strconv"

	"gaelab/web/httperr"
	"gaelab/web/i18n"
	"gaelab/web/mw"
	"gaelab/web/page"
)

// HandleConfigYAML handles the "GET /train/config.yaml" route: run A's
// config as verl writes it; 400 for a what-if verl cannot run.
func (rm *Room) HandleConfigYAML(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s, e := Decode(q)
	if e == nil && !s.VerlRunnable() {
		e = &httperr.Error{Code: "bad_request", Field: "init_scale", Key: "train.config.not_verl"}
	}
	if e != nil {
		httperr.Write(w, r, e)
		return
	}
	lang, _ := i18n.OfLink(r, q)
	download(w, "application/yaml; charset=utf-8", "gaelab-train-"+s.Lesson.ID+".yaml")
	w.Write([]byte(YAML(lang, s.A())))
}

// HandleCurvesCSV handles the "GET /train/curves.csv" route: every metric
// of the runs up to the link's iteration, one row per run and iteration,
// the columns verl's metric names.
func (rm *Room) HandleCurvesCSV(w http.ResponseWriter, r *http.Request) {
	s, frames, _, ok := rm.read(w, r)
	if !ok {
		return
	}
	names := allNames(frames)
	var b bytes.Buffer
	cw := csv.NewWriter(&b)
	cw.Write(append([]string{"run", "preset", "iteration", "global_steps"}, names...))
	for k, f := range frames {
		for it, row := range f.Rows {
			rec := []string{runName(k), page.CSVText(s.Lesson.ID), strconv.Itoa(it), strconv.Itoa(it + 1)}
			for _, n := range names {
				v, ok := row.Value(n)
				rec = append(rec, cell(v, ok))
			}
			cw.Write(rec)
		}
	}
	cw.Flush()
	download(w, "text/csv; charset=utf-8", "gaelab-train-"+s.Lesson.ID+".csv")
	w.Write(b.Bytes())
}

// HandleCurvesJSON handles the "GET /train/curves.json" route: the same
// as the CSV, one object per run with one object of verl's metrics per step.
func (rm *Room) HandleCurvesJSON(w http.ResponseWriter, r *http.Request) {
	s, frames, _, ok := rm.read(w, r)
	if !ok {
		return
	}
	type step map[string]any
	type run struct {
		Run   string `json:"run"`
		Steps []step `json:"steps"`
	}
	out := struct {
		Preset string `json:"preset"`
		Link   string `json:"link"`
		Runs   []run  `json:"runs"`
	}{Preset: s.Lesson.ID, Link: "/train?" + s.Encode()}
	for k, f := range frames {
		ru := run{Run: runName(k)}
		for it, row := range f.Rows {
			st := step{"iteration": it, "global_steps": it + 1}
			for _, m := range row {
				if !math.IsNaN(m.Value) && !math.IsInf(m.Value, 0) {
					st[m.Name] = m.Value
				}
			}
			ru.Steps = append(ru.Steps, st)
		}
		out.Runs = append(out.Runs, ru)
	}
	body, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		httperr.Write(w, r, httperr.New("internal", "error.internal", mw.RequestID(r)))
		return
	}
	download(w, "application/json", "gaelab-train-"+s.Lesson.ID+".json")
	w.Write(body)
}

// HandleBatchNPZ handles the "GET /train/batch.npz" route: run A's batch
// at the link's iteration as the exporter writes it.
func (rm *Room) HandleBatchNPZ(w http.ResponseWriter, r *http.Request) {
	s, frames, _, ok := rm.read(w, r)
	if !ok {
		return
	}
	body, err := NPZ(frames[0].Config, frames[0].It)
	if err != nil {
		httperr.Write(w, r, httperr.New("internal", "error.internal", mw.RequestID(r)))
		return
	}
	download(w, "application/octet-stream", "batch_"+strconv.Itoa(s.It+1)+".npz")
	w.Write(body)
}

func download(w http.ResponseWriter, contentType, name string) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
}

func runName(k int) string { return string(rune('A' + k)) }

func cell(v float64, ok bool) string {
	if !ok || math.IsNaN(v) {
		return ""
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// allNames are every metric the runs log, in verl's order (the first run's first).
func allNames(frames []Frame) []string {
	var names []string
	seen := map[string]bool{}
	for _, f := range frames {
		for _, row := range f.Rows {
			for _, m := range row {
				if !seen[m.Name] {
					seen[m.Name] = true
					names = append(names, m.Name)
				}
			}
		}
	}
	return names
}
