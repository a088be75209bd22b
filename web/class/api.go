package class

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"gaelab/web/httperr"
	"gaelab/web/i18n"
)

// writeJSON answers a JSON object, never cached.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	noStore(w)
	httperr.WriteStatus(w, status)
	json.NewEncoder(w).Encode(v)
}

// handleAPIClassCreate handles the "POST /api/v1/classes" route:
// 201 {"code", "key", "teach", "join"}; "teach" opens the controls once,
// within openTTL (an open token, never the key).
func (cr *Room) handleAPIClassCreate(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) {
		return
	}
	code, key, ok := cr.createClass(w, r)
	if !ok {
		return
	}
	open, err := cr.openToken(r.Context(), code)
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	base := cr.baseURL(r)
	writeJSON(w, http.StatusCreated, map[string]string{
		"code": code, "key": key,
		"teach": base + openURL(code, open, i18n.En), "join": base + "/join/" + code,
	})
}

// askBody is the JSON of an ask: a lesson block, or a link and a cell.
type askBody struct {
	Lesson string `json:"lesson"`
	Block  string `json:"block"`
	Link   string `json:"link"`
	Cell   string `json:"cell"`
}

// handleAPIClassAsk handles the "POST /api/v1/classes/{code}/ask" route
// (Bearer key): 201 {"question": "<id>"}.
func (cr *Room) handleAPIClassAsk(w http.ResponseWriter, r *http.Request) {
	c, ok := cr.teacher(w, r)
	if !ok {
		return
	}
	var b askBody
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxClassFormBytes))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		cr.fail(w, r, "bad_json", "body", "class.err.ask")
		return
	}
	q, ae, err := cr.ask(r.Context(), c.Code, b.Lesson, b.Block, b.Link, b.Cell)
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	if ae != nil {
		cr.fail(w, r, "invalid", ae.field, ae.Key, ae.args...)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"question": strconv.Itoa(q.ID)})
}

// handleAPIClassReveal handles the "POST /api/v1/classes/{code}/reveal"
// route: closes the current question; 409 when there is none.
func (cr *Room) handleAPIClassReveal(w http.ResponseWriter, r *http.Request) {
	c, ok := cr.teacher(w, r)
	if !ok {
		return
	}
	done, err := cr.reveal(r.Context(), c)
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	if !done {
		cr.fail(w, r, "no_question", "", "class.err.noquestion")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"question": strconv.Itoa(c.Question), "revealed": true})
}

// handleAPIClassResults handles the "GET /api/v1/classes/{code}/results"
// route: the current question's answers added up; 409 before any question.
func (cr *Room) handleAPIClassResults(w http.ResponseWriter, r *http.Request) {
	c, ok := cr.teacher(w, r)
	if !ok {
		return
	}
	if c.Question == 0 {
		cr.fail(w, r, "no_question", "", "class.err.noquestion")
		return
	}
	q, err := cr.st.Question(r.Context(), c.Code, c.Question)
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	sp, res, _, err := results(r.Context(), cr.st, q)
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	out := map[string]any{
		"question": strconv.Itoa(q.ID), "revealed": q.Revealed, "students": c.Students,
		"answers": res.Answers, "correct": res.Correct, "value": sp.Correct(),
		"histogram": res.Histogram, "groups": res.Groups,
	}
	flowResults(out, q, time.Now())
	writeJSON(w, http.StatusOK, out)
}
