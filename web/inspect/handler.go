package inspect

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"

	"gaelab/web/httperr"
)

// MaxFull bounds the elements of a batch whose full tensors an answer may
// carry (?full=1): 1,048,576, as the compute API's tensors.
const MaxFull = 1 << 20

// contentTypes are the Content-Types an upload to the API may come with
// (a charset or other parameter is allowed): JSON, octet-stream, a
// multipart form with the file in its "file" field (or its first file), or
// the file's own type. The format is detected from the bytes whatever the
// type (a JSON case sent as octet-stream, an .npz sent as JSON), unless
// ?format= names it. Another type, or none, is refused before the body is
// read (Uploads.Admit: 415 naming contentTypesNamed).
var contentTypes = []string{
	"application/json", "application/octet-stream", "multipart/form-data",
	"application/x-safetensors", "application/vnd.safetensors",
	"application/zip", "application/x-npz", "application/x-zip-compressed", "application/x-npy",
}

// contentTypesNamed are the types a 415 names.
const contentTypesNamed = "application/json, application/octet-stream, multipart/form-data"

// uploadType reports whether an API upload's Content-Type header is one
// of contentTypes.
func uploadType(header string) bool {
	mt, _, err := mime.ParseMediaType(header)
	return err == nil && slices.Contains(contentTypes, mt)
}

// multipartFile is the file of a multipart body: its "file" part, else its
// first part with a file name; and its "config" part (the page's second
// file, a config sidecar), nil when it has none.
func multipartFile(body []byte, boundary string) (file, config []byte, err error) {
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	var first []byte
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		name := p.FormName()
		if name != "file" && name != "config" && (p.FileName() == "" || first != nil) {
			continue
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return nil, nil, err
		}
		switch {
		case name == "config":
			config = data
		case name == "file":
			file = data
		default:
			first = data
		}
	}
	if file == nil {
		file = first
	}
	if file == nil {
		return nil, nil, errors.New(`the multipart body has no "file" part`)
	}
	return file, config, nil
}

// Handler handles the "POST /api/v1/inspect" route: the body is the file
// (its format from ?format=, else detected from its bytes), the
// config is in the query (gamma, lam, kl_coef, kl_penalty,
// use_kl_in_reward, estimator, ver, response_length) and, in a multipart
// body, a "config" part (verl's algorithm section or whole config as JSON,
// or .hydra/config.yaml, as the page's second file) for the keys the query
// leaves unset; ?full=1 adds the full tensors. Bodies over maxBody answer 413.
// It checks one dump; Room.HandleAPI, the route, also takes a run's zip.
func Handler(maxBody int64) http.HandlerFunc { return apiHandler(maxBody, nil) }

// HandleAPI handles the "POST /api/v1/inspect" route: Handler, and a
// run's zip (a zip that is not an .npz, without ?format=) checked step by
// step as the form checks one (api_run.go: RunAnswer).
func (s *Room) HandleAPI(w http.ResponseWriter, r *http.Request) {
	apiHandler(s.MaxBody, s.Uploads)(w, r)
}

// apiHandler is Handler; with runs (the room's uploads) a run's zip is
// checked and answered by runs.answerRun.
func apiHandler(maxBody int64, runs *Uploads) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		for k := range q {
			if k != "format" && k != "full" && !slices.Contains(ConfigKeys, k) {
				refuse(w, http.StatusBadRequest, errorf("invalid_value", k, "unknown query parameter (known: format, full, %v)", ConfigKeys))
				return
			}
		}
		full := q.Get("full") == "1"
		if s := q.Get("full"); s != "" && s != "0" && s != "1" {
			refuse(w, http.StatusBadRequest, errorf("invalid_value", "full", "%q is not 0 or 1", s))
			return
		}
		q.Del("full")
		body, err := readBody(http.MaxBytesReader(w, r.Body, maxBody), r.ContentLength, maxBody)
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				refuse(w, http.StatusRequestEntityTooLarge, errorf("too_large", "", "the upload is larger than %d bytes", maxBody))
				return
			}
			refuse(w, http.StatusBadRequest, errorf("invalid_file", "", "could not read the body: %v", err))
			return
		}
		if mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "multipart/form-data" {
			var side []byte
			if body, side, err = multipartFile(body, params["boundary"]); err != nil {
				refuse(w, http.StatusBadRequest, errorf("invalid_file", "file", "could not read the multipart body: %v", err))
				return
			}
			if len(side) > 0 {
				err = MergeSidecar(q, side)
			}
		}
		if err == nil && runs != nil && q.Get("format") == "" && IsRunZip(body, "") {
			if full {
				refuse(w, http.StatusBadRequest, errorf("invalid_value", "full", "a run's answer gives each step's verdict and metrics, no full tensors: post one dump for them"))
				return
			}
			runs.answerRun(w, r, body, q)
			return
		}
		var a *Analysis
		if err == nil {
			a, err = analyzeWithin(r.Context(), body, q, full)
		}
		if r.Context().Err() != nil {
			return // the client left: its analysis stopped, nobody reads an answer
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				e = &Error{Code: "invalid_file", Message: err.Error()}
			}
			status := http.StatusBadRequest
			if e.Code == "too_large" {
				status = http.StatusRequestEntityTooLarge
			}
			refuse(w, status, e)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		enc := json.NewEncoder(w)
		enc.Encode(a.Answer(full))
	}
}

// analyzeWithin is Load, refusing a batch too large for its full tensors
// (full) by its shape, before its analysis is computed.
func analyzeWithin(ctx context.Context, body []byte, q url.Values, full bool) (*Analysis, error) {
	b, c, err := Prepare(body, q)
	if err != nil {
		return nil, err
	}
	if full && b.B*b.R > MaxFull {
		return nil, errorf("too_large", "full", "the batch has %d elements per tensor; full tensors are given up to %d", b.B*b.R, MaxFull)
	}
	return AnalyzeContext(ctx, b, c)
}

// readBody reads the whole body into one buffer sized from its declared
// length (when it is within the limit), so a large upload is not copied
// as the buffer grows.
func readBody(r io.Reader, declared, limit int64) ([]byte, error) {
	if declared <= 0 || declared > limit {
		return io.ReadAll(r)
	}
	buf := bytes.NewBuffer(make([]byte, 0, declared+1))
	_, err := buf.ReadFrom(r)
	return buf.Bytes(), err
}

// Answer is the JSON answer of POST /api/v1/inspect.
type Answer struct {
	// Verdict is exact, not_exact or nothing_to_check; Blocking the
	// blocking finding kinds left after allow= (severity.go).
	Verdict  string         `json:"verdict"`
	Blocking []string       `json:"blocking"`
	Shape    [2]int         `json:"shape"`
	Tensors  []string       `json:"tensors"`
	Config   AnswerConfig   `json:"config"`
	Batch    BatchStats     `json:"batch"`
	Rows     []RowSummary   `json:"rows"`
	Groups   []GroupSummary `json:"groups,omitempty"`
	Sanity   []Finding      `json:"sanity"`
	// Reward is the reward check (reward.go), absent without scores,
	// rewards and both log-probs.
	Reward   *RewardCheck `json:"reward,omitempty"`
	Check    *Check       `json:"check"`
	Warnings []string     `json:"warnings"`
	Full     *FullTensors `json:"full,omitempty"`
}

// AnswerConfig is the config the numbers were computed with.
type AnswerConfig struct {
	Gamma         float64 `json:"gamma"`
	Lam           float64 `json:"lam"`
	KLCoef        float64 `json:"kl_coef"`
	KLPenalty     string  `json:"kl_penalty"`
	UseKLInReward bool    `json:"use_kl_in_reward"`
	Estimator     string  `json:"estimator"`
	Ver           string  `json:"ver"`
	// Generation is the release's arithmetic generation (G01…G12) and
	// Releases every release that computes the same.
	Generation string `json:"generation"`
	Releases   string `json:"releases"`
	// Allow are the finding kinds the verdict accepts (allow=).
	Allow []string `json:"allow"`
	// Step is the sidecar's step (absent when it has none).
	Step *int `json:"step,omitempty"`
	// Ignored are the sidecar's keys the check does not use (Config.Ignored).
	Ignored []string `json:"ignored,omitempty"`
}

// FullTensors are the engine's [B][R] results (?full=1).
type FullTensors struct {
	TokenLevelRewards  [][]float64 `json:"token_level_rewards"`
	NextValues         [][]float64 `json:"next_values_used,omitempty"`
	Deltas             [][]float64 `json:"deltas,omitempty"`
	AdvantagesRaw      [][]float64 `json:"advantages_raw,omitempty"`
	Returns            [][]float64 `json:"returns"`
	AdvantagesWhitened [][]float64 `json:"advantages_whitened"`
}

// Answer builds the API answer; full adds the tensors.
func (a *Analysis) Answer(full bool) Answer {
	c := a.Config
	ans := Answer{
		Verdict: a.Verdict, Blocking: a.Blocking,
		Shape: [2]int{a.Batch.B, a.Batch.R}, Tensors: a.Batch.Present,
		Config: AnswerConfig{c.Gamma, c.Lam, c.KLCoef, c.KLPenalty, c.UseKLInReward, c.Estimator, c.Ver, c.Release.Gen.String(), c.Release.Gen.Range(), append([]string{}, c.Allow...), c.Step, c.Ignored},
		Batch:  a.Stats, Rows: a.Rows, Groups: a.Groups, Sanity: a.Sanity, Reward: a.Reward, Check: a.Check, Warnings: []string{},
	}
	if a.WhitenErr != nil {
		ans.Warnings = append(ans.Warnings, "advantages_whitened: "+a.WhitenErr.Error())
	}
	if full {
		f := &FullTensors{TokenLevelRewards: a.Rewards, Returns: a.Returns, AdvantagesWhitened: a.Advantages}
		if a.GAE != nil {
			f.NextValues, f.Deltas = a.Trace()
			f.AdvantagesRaw = a.GAE.Advantages
		}
		ans.Full = f
	}
	return ans
}

// refuse answers e with status as the JSON API's one error object, which
// httperr writes: {"error": {"code", "field", "message"}}.
func refuse(w http.ResponseWriter, status int, e *Error) {
	httperr.WriteJSONStatus(w, status, e.Code, e.Field, e.Message)
}
