package web

import (
	"crypto/sha256"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/go-chi/chi/v5"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/inspect"
	"gaelab/web/scenario"
)

// The batch view, /inspect: a user's own verl batch (package web/inspect),
// uploaded with a form that works without JavaScript, kept in the upload
// store under an unguessable view id, and shown as heat maps (B rows × T
// tokens), per-row and batch statistics, and check-my-numbers. Index
// conventions: i is the 0-based response (row), t the 0-based token;
// values[i][t] = V(s_t) is the state before token t.
//
// TODO(house): the store and the analysis cache move to the Server struct.
var (
	inspectStore = inspect.NewStore()
	inspectCache = &analysisCache{}
)

// inspectPageKeys are the view's own query keys (besides the config keys).
var inspectPageKeys = []string{"lang", "sort", "group", "shared", "from"}

// inspectWindow is how many tokens the row view shows at once.
const inspectWindow = 64

// analysisCache keeps the last analysis (a 256 × 4,096 batch's is about
// 100 MB), so that the heat maps and row views of a page do not recompute
// its batch.
type analysisCache struct {
	mu      sync.Mutex
	entries []cachedAnalysis
}

type cachedAnalysis struct {
	key string
	a   *inspect.Analysis
}

func (c *analysisCache) get(key string, compute func() (*inspect.Analysis, error)) (*inspect.Analysis, error) {
	c.mu.Lock()
	for _, e := range c.entries {
		if e.key == key {
			c.mu.Unlock()
			return e.a, nil
		}
	}
	c.mu.Unlock()
	a, err := compute()
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.entries = append([]cachedAnalysis{{key, a}}, c.entries...)
	if len(c.entries) > 1 {
		c.entries = c.entries[:1]
	}
	c.mu.Unlock()
	return a, nil
}

// inspectRequest is a decoded /inspect/{id} request.
type inspectRequest struct {
	lang    i18n.Lang
	langSet bool
	id      string
	config  url.Values // the config keys only
	sort    string
	group   string
	shared  bool
}

func readInspect(r *http.Request) inspectRequest {
	q := r.URL.Query()
	ir := inspectRequest{id: chi.URLParam(r, "id"), config: url.Values{}, sort: q.Get("sort"), group: q.Get("group"), shared: q.Get("shared") == "1"}
	// Every link of the view carries the language (lang=, cookie or
	// Accept-Language), as every internal link does.
	ir.lang, _ = pageLang(r, q)
	ir.langSet = true
	for k, v := range q {
		if !slices.Contains(inspectPageKeys, k) && len(v) > 0 {
			ir.config.Set(k, v[0])
		}
	}
	return ir
}

// query is the view's link query: the config, sort, group and lang.
func (ir inspectRequest) query(extra ...string) string {
	q := url.Values{}
	for k, v := range ir.config {
		q[k] = v
	}
	if ir.sort != "" && ir.sort != "row" {
		q.Set("sort", ir.sort)
	}
	if ir.group != "" {
		q.Set("group", ir.group)
	}
	if ir.langSet {
		q.Set("lang", string(ir.lang))
	}
	for i := 0; i+1 < len(extra); i += 2 {
		q.Set(extra[i], extra[i+1])
	}
	if len(q) == 0 {
		return ""
	}
	return "?" + q.Encode()
}

// analysis loads the stored upload and analyses it with the request's config.
func (ir inspectRequest) analysis() (*inspect.Analysis, error) {
	data, sum, err := inspectStore.Get(ir.id)
	if err != nil {
		return nil, err
	}
	return inspectCache.get(ir.cacheKey(sum), func() (*inspect.Analysis, error) {
		return inspect.Load(data, ir.config)
	})
}

// cacheKey names an analysis: the upload's content and the config.
func (ir inspectRequest) cacheKey(sum [32]byte) string {
	return fmt.Sprintf("%x?%s", sum, ir.config.Encode())
}

// handleInspectForm handles the "GET /inspect" route: the upload form.
func handleInspectForm(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	renderInspect(w, r, http.StatusOK, inspectPage(ir, nil, nil, nil))
}

// handleInspectUpload handles the "POST /inspect" route (uploads group): a
// multipart form with the file, an optional JSON sidecar and the config.
// A readable batch is stored and the browser sent to its view; a bad one
// re-shows the form with the problem.
func handleInspectUpload(w http.ResponseWriter, r *http.Request, maxBody int64) {
	ir := readInspect(r)
	fail := func(status int, msgs ...string) {
		renderInspect(w, r, status, inspectPage(ir, nil, nil, msgs))
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	if err := r.ParseMultipartForm(32 << 20); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fail(http.StatusRequestEntityTooLarge, ir.lang.T("inspect.err.too_large", maxBody>>20))
			return
		}
		fail(http.StatusBadRequest, ir.lang.T("inspect.err.form"))
		return
	}
	defer r.MultipartForm.RemoveAll()
	data, err := formFile(r, "file")
	if err != nil || len(data) == 0 {
		fail(http.StatusBadRequest, ir.lang.T("inspect.err.no_file"))
		return
	}
	ir.config = url.Values{}
	for _, k := range []string{"gamma", "lam", "ver", "estimator", "kl_coef", "kl_penalty", "use_kl_in_reward", "response_length"} {
		if v := strings.TrimSpace(r.PostFormValue(k)); v != "" {
			ir.config.Set(k, v)
		}
	}
	if side, err := formFile(r, "config"); err == nil && len(side) > 0 {
		var m map[string]any
		if err := json.Unmarshal(side, &m); err != nil {
			fail(http.StatusBadRequest, ir.lang.T("inspect.err.sidecar"))
			return
		}
		for k, v := range m { // the form's own fields win
			if ir.config.Get(k) == "" {
				ir.config.Set(k, strings.Trim(fmt.Sprint(v), " "))
			}
		}
	}
	a, err := inspect.Load(data, ir.config)
	if err != nil {
		fail(http.StatusBadRequest, inspectErrorMessages(ir.lang, err)...)
		return
	}
	host, _, _ := net.SplitHostPort(r.RemoteAddr)
	id, err := inspectStore.Put(host, data)
	if err != nil {
		key := "inspect.err.quota"
		if errors.Is(err, inspect.ErrTooLarge) {
			key = "inspect.err.store_full"
		}
		fail(http.StatusTooManyRequests, ir.lang.T(key))
		return
	}
	ir.id = id
	inspectCache.get(ir.cacheKey(sha256.Sum256(data)), func() (*inspect.Analysis, error) { return a, nil }) // the view shows it next
	http.Redirect(w, r, "/inspect/"+id+ir.query(), http.StatusSeeOther)
}

// formFile reads one uploaded file of the multipart form.
func formFile(r *http.Request, name string) ([]byte, error) {
	f, _, err := r.FormFile(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// inspectErrorMessages says what is wrong, in the page's language, with
// the reader's exact detail (English) after it.
func inspectErrorMessages(l i18n.Lang, err error) []string {
	var e *inspect.Error
	if !errors.As(err, &e) {
		return []string{l.T("inspect.err.invalid_file", ""), err.Error()}
	}
	field := e.Field
	if field == "" {
		field = l.T("inspect.err.the_file")
	}
	key := "inspect.err." + e.Code
	if !i18n.Has(key) {
		key = "inspect.err.invalid_file"
	}
	return []string{l.T(key, field), e.Message}
}

// handleInspectView handles the "GET /inspect/{id}" route: the batch view.
func handleInspectView(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	a, err := ir.analysis()
	if err != nil {
		inspectFailure(w, r, ir, err)
		return
	}
	renderInspect(w, r, http.StatusOK, inspectPage(ir, a, nil, nil))
}

// inspectFailure answers an expired id (404) or a config the batch refuses (400).
func inspectFailure(w http.ResponseWriter, r *http.Request, ir inspectRequest, err error) {
	status, msgs := http.StatusNotFound, []string{ir.lang.T("inspect.err.expired")}
	var e *inspect.Error
	if errors.As(err, &e) {
		status, msgs = http.StatusBadRequest, inspectErrorMessages(ir.lang, err)
	}
	renderInspect(w, r, status, inspectPage(ir, nil, nil, msgs))
}

// handleInspectShare handles the "POST /inspect/{id}/share" route: the
// upload is kept 7 days, and the view says until when.
func handleInspectShare(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	if _, err := inspectStore.Share(ir.id); err != nil {
		inspectFailure(w, r, ir, err)
		return
	}
	http.Redirect(w, r, "/inspect/"+ir.id+ir.query("shared", "1"), http.StatusSeeOther)
}

// handleInspectHeat handles the "GET /inspect/{id}/heat/{name}.png" route.
func handleInspectHeat(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	if chi.URLParam(r, "name") == "legend" {
		writePNG(w, inspect.Legend())
		return
	}
	a, err := ir.analysis()
	if err != nil {
		http.Error(w, ir.lang.T("inspect.err.expired"), http.StatusNotFound)
		return
	}
	order := inspectOrder(a, ir)
	var h inspect.HeatMap
	switch name := chi.URLParam(r, "name"); name {
	case "mask":
		h = inspect.DrawMask(a.Batch.Mask, order)
	case "share":
		share := make([]float64, a.Batch.R)
		valid := make([]float64, a.Batch.R)
		for t, n := range a.Stats.ValidRows {
			share[t] = a.Stats.PositiveShare[t] - 0.5
			if n > 0 {
				valid[t] = 1
			}
		}
		h = inspect.DrawHeatMap([][]float64{share}, [][]float64{valid}, []int{0})
	default:
		x := inspectQuantity(a, name)
		if x == nil {
			http.Error(w, ir.lang.T("error.not_found"), http.StatusNotFound)
			return
		}
		h = inspect.DrawHeatMap(x, a.Batch.Mask, order)
	}
	writePNG(w, h.PNG)
}

func writePNG(w http.ResponseWriter, png []byte) {
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=3600")
	w.Write(png)
}

// inspectQuantities are the heat maps, in page order.
var inspectQuantities = []string{"reward", "values", "delta", "adv", "ret", "white"}

// inspectQuantity is one [B][R] quantity of the analysis, nil when absent.
func inspectQuantity(a *inspect.Analysis, name string) [][]float64 {
	switch name {
	case "reward":
		return a.Rewards
	case "values":
		return a.Batch.Values
	case "ret":
		return a.Returns
	case "white":
		return a.Advantages
	}
	if a.GAE == nil {
		if name == "adv" {
			return a.Advantages
		}
		return nil
	}
	switch name {
	case "delta":
		return a.GAE.Deltas
	case "adv":
		return a.GAE.Advantages
	}
	return nil
}

// inspectOrder is the rows shown, filtered by group and sorted.
func inspectOrder(a *inspect.Analysis, ir inspectRequest) []int {
	var order []int
	for _, rs := range a.Rows {
		if ir.group == "" || rs.Group == ir.group {
			order = append(order, rs.Row)
		}
	}
	key := func(rs inspect.RowSummary) float64 {
		switch ir.sort {
		case "score":
			return -rs.Score
		case "length":
			return -float64(rs.Length)
		case "mean_a":
			return -rs.MeanA
		}
		return 0
	}
	slices.SortStableFunc(order, func(x, y int) int {
		rx, ry := a.Rows[x], a.Rows[y]
		if ir.sort == "group" && rx.Group != ry.Group {
			return strings.Compare(rx.Group, ry.Group)
		}
		kx, ky := key(rx), key(ry)
		switch {
		case kx < ky:
			return -1
		case kx > ky:
			return 1
		}
		return x - y
	})
	return order
}

// handleInspectRow handles the "GET /inspect/{id}/row/{i}" route: one
// response's numbers, a window of tokens at a time (from=).
func handleInspectRow(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	a, err := ir.analysis()
	if err != nil {
		inspectFailure(w, r, ir, err)
		return
	}
	i, err := strconv.Atoi(chi.URLParam(r, "i"))
	if err != nil || i < 0 || i >= a.Batch.B {
		http.Error(w, ir.lang.T("error.not_found"), http.StatusNotFound)
		return
	}
	from, _ := strconv.Atoi(r.URL.Query().Get("from"))
	from = max(0, min(from, a.Batch.R-1))
	renderInspect(w, r, http.StatusOK, inspectPage(ir, a, &inspectRowSpec{row: i, from: from}, nil))
}

// handleInspectExport handles "GET /inspect/{id}/summary.json" (the API's
// answer) and "GET /inspect/{id}/check.csv" (every candidate tried).
func handleInspectExport(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	a, err := ir.analysis()
	if err != nil {
		http.Error(w, ir.lang.T("inspect.err.expired"), http.StatusNotFound)
		return
	}
	if strings.HasSuffix(r.URL.Path, "/summary.json") {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Disposition", `attachment; filename="inspect-summary.json"`)
		json.NewEncoder(w).Encode(a.Answer(false))
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="inspect-check.csv"`)
	cw := csv.NewWriter(w)
	cw.Write([]string{"quantity", "candidate", "max_abs_diff", "row", "t", "within_tolerance", "tolerance"})
	if a.Check != nil {
		for _, q := range []struct {
			name string
			q    *inspect.Quantity
		}{{"advantages", a.Check.Advantages}, {"returns", a.Check.Returns}} {
			if q.q == nil {
				continue
			}
			for _, tr := range q.q.Tried {
				d := "inf"
				if !isInf(tr.MaxAbsDiff) {
					d = strconv.FormatFloat(tr.MaxAbsDiff, 'g', -1, 64)
				}
				cw.Write([]string{q.name, tr.ID, d, strconv.Itoa(tr.At[0]), strconv.Itoa(tr.At[1]),
					strconv.FormatBool(tr.MaxAbsDiff <= q.q.Tolerance), strconv.FormatFloat(q.q.Tolerance, 'g', -1, 64)})
			}
		}
	}
	cw.Flush()
}

func isInf(x float64) bool { return x > 1e308 || x < -1e308 }

func renderInspect(w http.ResponseWriter, r *http.Request, status int, vm templates.InspectPage) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Vary", "Accept-Language")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := templates.InspectPageView(vm).Render(r.Context(), w); err != nil {
		logRenderError(r, err)
	}
}

// playLink is row i in the playground (typed rewards, its values and
// mask up to its EOS), or "" when it is longer than the playground takes.
func playLink(a *inspect.Analysis, i int, lang string) string {
	rs := a.Rows[i]
	if rs.EOS < 0 || rs.EOS+1 > scenario.MaxTokens {
		return ""
	}
	b := a.Batch
	s, _ := scenario.Preset(scenario.DefaultPreset)
	s.Preset = scenario.DefaultPreset
	s.DirectRewards = true
	s.Gamma, s.Lam = a.Config.Gamma, a.Config.Lam
	s.Version = engine.VerlNewest
	if !a.Config.Release.Gen.Has(engine.GAEMaskAware) {
		s.Version = engine.VerlEarly
	}
	s.Step, s.Select = -1, ""
	s.Prompt = fmt.Sprintf("row %d", i)
	s.Tokens = make([]scenario.Token, rs.EOS+1)
	for t := range s.Tokens {
		tok := scenario.Token{Reward: a.Rewards[i][t], Kind: scenario.Valid}
		if b.Values != nil {
			tok.Value = b.Values[i][t]
		}
		if b.Mask[i][t] != 1 {
			tok.Kind = scenario.Observation
		}
		switch {
		case b.Tokens != nil && t < len(b.Tokens[i]):
			tok.Text = b.Tokens[i][t]
		case b.Responses != nil:
			tok.Text = strconv.FormatFloat(b.Responses[i][t], 'f', -1, 64)
		default:
			tok.Text = "t" + strconv.Itoa(t)
		}
		s.Tokens[t] = tok
	}
	u := "/play?" + scenario.Encode(s)
	if lang != "" {
		u += "&lang=" + lang
	}
	return u
}
