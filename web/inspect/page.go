package inspect

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"strings"

	"gaelab/templates"
	"gaelab/web/httperr"
	"gaelab/web/i18n"
	"gaelab/web/store"
)

// The batch view, /inspect: a user's own verl batch (package web/inspect),
// uploaded with a form that works without JavaScript, kept in the database
// under an unguessable view id (store.go), and shown as heat maps
// (B rows × T tokens), per-row and batch statistics, and check-my-numbers.
// Index conventions: i is the 0-based response (row), t the 0-based token;
// values[i][t] = V(s_t) is the state before token t.

// HandleForm handles the "GET /inspect" route: the upload form.
func (s *Room) HandleForm(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	renderInspect(w, r, http.StatusOK, inspectPage(ir, nil, nil, nil))
}

// TooLargeForm answers an upload form (POST /inspect) whose announced body
// is over maxBody before a byte is read: 413 with the form shown again and
// the localized limit, as HandleUpload answers a body found too large while
// read (it used to be a bare text/plain 413). Other paths: false.
func TooLargeForm(maxBody int64) func(http.ResponseWriter, *http.Request) bool {
	return func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != "/inspect" {
			return false
		}
		ir := readInspect(r)
		w.Header().Set("Connection", "close") // the body is not read
		renderInspect(w, r, http.StatusRequestEntityTooLarge, inspectPage(ir, nil, nil, []string{ir.lang.T("inspect.err.too_large", maxBody>>20)}))
		return true
	}
}

// HandleUpload handles the "POST /inspect" route (uploads group): a
// multipart form with the file, an optional JSON sidecar and the config.
// A readable batch is stored and the browser sent to its view; a bad one
// re-shows the form with the problem.
func (s *Room) HandleUpload(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	var kept store.Upload // the batch stored already, attached to the form again on an error
	fail := func(status int, msgs ...string) { formAgain(w, r, ir, kept, status, msgs) }
	if status, msg := s.parseForm(w, r, ir.lang); status != 0 {
		fail(status, msg)
		return
	}
	defer r.MultipartForm.RemoveAll()
	data, kept, err := s.formBatch(r)
	if err != nil { // errNoFile included
		status, msgs := inspectStatus(ir.lang, err)
		fail(status, msgs...)
		return
	}
	if IsRunZip(data, uploadName(r)) {
		s.uploadRun(w, r, ir, data)
		return
	}
	var b *Batch
	var c Config
	if ir.config, err = uploadConfig(r); err == nil {
		s.Uploads.cache.Clear() // this analysis replaces the cached one: drop that first (peak memory)
		b, c, err = Prepare(data, ir.config)
	}
	if err != nil { // a readable batch is kept, attached to the form shown again
		if kept.ID == "" && readable(data, ir.config) {
			kept, _, _ = s.Uploads.put(r, data)
		}
		fail(http.StatusBadRequest, inspectErrorMessages(ir.lang, err)...)
		return
	}
	// The file is stored before its analysis, so that its bytes are not
	// held beside the analysis's tensors; a refusal to store it is said
	// after the analysis, whose own problem comes first.
	var status int
	var key string
	if kept.ID == "" {
		kept, status, key = s.Uploads.put(r, data)
	}
	data = nil
	a, err := AnalyzeContext(r.Context(), b, c)
	if r.Context().Err() != nil {
		return // the client left: its analysis stopped, nobody reads an answer
	}
	if err != nil {
		fail(http.StatusBadRequest, inspectErrorMessages(ir.lang, err)...)
		return
	}
	if status != 0 {
		fail(status, ir.lang.T(key))
		return
	}
	ir.id = kept.ID
	s.Uploads.keep(kept.SHA256, ir.config, a) // the view shows it next
	http.Redirect(w, r, "/inspect/"+kept.ID+ir.query(), http.StatusSeeOther)
}

// parseForm reads the upload form within the upload limit (MaxBody): 0,
// else the status and the message of why it could not.
func (s *Room) parseForm(w http.ResponseWriter, r *http.Request, l i18n.Lang) (int, string) {
	r.Body = http.MaxBytesReader(w, r.Body, s.MaxBody)
	if err := r.ParseMultipartForm(32 << 20); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return http.StatusRequestEntityTooLarge, l.T("inspect.err.too_large", s.MaxBody>>20)
		}
		return http.StatusBadRequest, l.T("inspect.err.form")
	}
	r.Body = http.NoBody // parsed: the body's bytes are the form's now
	return 0, ""
}

// formAgain answers an upload that failed with the form shown again, its
// options chosen, the batch already stored (kept) attached, else the
// rejected file named, and msgs.
func formAgain(w http.ResponseWriter, r *http.Request, ir inspectRequest, kept store.Upload, status int, msgs []string) {
	ir.config = formFields(r, ir.config)
	vm := inspectPage(ir, nil, nil, msgs)
	keepBatch(&vm.Upload, ir, kept)
	if kept.ID == "" {
		rejectedFile(&vm.Upload, ir, r)
	}
	renderInspect(w, r, status, vm)
}

var errNoFile = errors.New("web: no batch file chosen")

// formBatch is the form's batch: its file, else the stored batch the form
// carries (upload=, a view id) and that upload; errNoFile for neither.
func (s *Room) formBatch(r *http.Request) ([]byte, store.Upload, error) {
	if data, err := formFile(r, "file"); err == nil && len(data) > 0 {
		return data, store.Upload{}, nil
	}
	id := r.PostFormValue("upload")
	if id == "" {
		return nil, store.Upload{}, errNoFile
	}
	up, data, err := s.Uploads.stored(r.Context(), id)
	return data, up, err
}

// readable reports whether data is a batch file the readers take (its
// format, not yet its config).
func readable(data []byte, config url.Values) bool {
	_, err := Read(data, config.Get("format"))
	return err == nil
}

// keepBatch attaches a stored batch to the form shown again after an
// error: its view id, sent again when no file is chosen, and a note.
func keepBatch(u *templates.InspectUpload, ir inspectRequest, kept store.Upload) {
	if kept.ID == "" {
		return
	}
	u.Kept, u.KeptNote = kept.ID, ir.lang.T("inspect.kept", kept.Size)
	u.File.Label = ir.lang.T("inspect.upload.file_kept")
}

// formFields is config with the upload form's own fields over it, so that
// the form shown again after an error keeps the options chosen; config
// itself when the form was not parsed.
func formFields(r *http.Request, config url.Values) url.Values {
	if r.MultipartForm == nil {
		return config
	}
	out := url.Values{}
	for k, v := range config {
		out[k] = v
	}
	for _, k := range ConfigKeys {
		if v := r.MultipartForm.Value[k]; len(v) > 0 && strings.TrimSpace(v[0]) != "" {
			out.Set(k, strings.TrimSpace(v[0]))
		}
	}
	return out
}

// rejectedFile names, on the form shown again, the file the submission
// chose and the form did not keep: a browser cannot refill a file input.
func rejectedFile(u *templates.InspectUpload, ir inspectRequest, r *http.Request) {
	if r.MultipartForm == nil || len(r.MultipartForm.File["file"]) == 0 {
		return
	}
	name := []rune(r.MultipartForm.File["file"][0].Filename)
	if len(name) == 0 {
		return
	}
	if len(name) > 120 {
		name = append(name[:119], '…')
	}
	u.Rejected = ir.lang.T("inspect.upload.rejected", string(name))
}

// uploadConfig is the upload form's config: its fields, then the keys of
// the config sidecar the fields leave blank (MergeSidecar).
func uploadConfig(r *http.Request) (url.Values, error) {
	config := url.Values{}
	for _, k := range ConfigKeys {
		if v := strings.TrimSpace(r.PostFormValue(k)); v != "" {
			config.Set(k, v)
		}
	}
	side, err := formFile(r, "config")
	if err != nil || len(side) == 0 {
		return config, nil // no second file
	}
	if err := MergeSidecar(config, side); err != nil {
		return nil, err
	}
	return config, nil
}

// formFile reads one uploaded file of the multipart form into a buffer of
// its size, and lets the form's own copy of it go when the form held it in
// memory (a file on disk is removed with the form), so that one copy of an
// upload is held, not the form's and this one. The form keeps the file's
// name and headers, without its bytes (rejectedFile names it).
func formFile(r *http.Request, name string) ([]byte, error) {
	f, fh, err := r.FormFile(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data := make([]byte, fh.Size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, err
	}
	if _, onDisk := f.(*os.File); !onDisk {
		r.MultipartForm.File[name] = []*multipart.FileHeader{{Filename: fh.Filename, Header: fh.Header}}
	}
	return data, nil
}

// inspectErrorMessages says what is wrong and what to do, in the page's
// language: the error's code and field, then the catalog's advice for
// them (inspect.err.detail.<code>.<field>, else .<code>). An English page
// gives the reader's exact detail when the catalog has no advice for the
// field; another language never shows the reader's English.
func inspectErrorMessages(l i18n.Lang, err error) []string {
	var e *Error
	if !errors.As(err, &e) {
		e = &Error{Code: "invalid_file", Message: err.Error()}
	}
	field := e.Field
	if field == "" {
		field = l.T("inspect.err.the_file")
	}
	key := "inspect.err." + e.Code
	if !i18n.Has(key) {
		key = "inspect.err.invalid_file"
	}
	msgs := []string{l.T(key, field)}
	detail := "inspect.err.detail." + e.Code
	switch {
	case i18n.Has(detail + "." + e.Field):
		msgs = append(msgs, l.T(detail+"."+e.Field))
	case l == i18n.En:
		msgs = append(msgs, e.Message)
	case i18n.Has(detail):
		msgs = append(msgs, l.T(detail))
	}
	return msgs
}

// loadInspect finds the request's upload and its analysis, or answers the
// page's error and returns ok false.
func (s *Room) loadInspect(w http.ResponseWriter, r *http.Request, ir inspectRequest) (store.Upload, *Analysis, bool) {
	up, a, err := s.Uploads.analysis(r.Context(), ir)
	return s.answerInspect(w, r, ir, up, a, err)
}

// answerInspect answers the page's error for an analysis that failed,
// and returns ok false.
func (s *Room) answerInspect(w http.ResponseWriter, r *http.Request, ir inspectRequest, up store.Upload, a *Analysis, err error) (store.Upload, *Analysis, bool) {
	if err != nil {
		retryAfter(w, err)
		status, msgs := inspectStatus(ir.lang, err)
		renderInspect(w, r, status, inspectPage(ir, nil, nil, msgs))
		return up, nil, false
	}
	return up, a, true
}

// HandleView handles the "GET /inspect/{id}" route: the batch view.
func (s *Room) HandleView(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	up, a, err := s.Uploads.analysis(r.Context(), ir)
	if ru, ok := isRun(err); ok {
		ir.upload = up
		s.viewRun(w, r, ir, ru)
		return
	}
	up, a, ok := s.answerInspect(w, r, ir, up, a, err)
	if !ok {
		return
	}
	ir.upload = up
	vm := inspectPage(ir, a, nil, nil)
	if f, other, ok := s.storedFindings(r.Context(), ir); ok && vm.Batch != nil && a.Stats.ValidTokens > 0 {
		showStored(vm.Batch, ir, f)
	} else if other && vm.Batch != nil {
		vm.Batch.Stored = storedNotes(ir.lang.T, ir.lang.T("inspect.stored.other_config"))
	}
	renderInspect(w, r, http.StatusOK, vm)
}

// HandleShare handles the "POST /inspect/{id}/share" route: the
// upload is kept 7 days, and the view says until when.
func (s *Room) HandleShare(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	if _, err := s.Uploads.share(r.Context(), ir.id, ir.addr); err != nil {
		retryAfter(w, err)
		status, msgs := inspectStatus(ir.lang, err)
		renderInspect(w, r, status, inspectPage(ir, nil, nil, msgs))
		return
	}
	s.keepFindings(r.Context(), ir)
	http.Redirect(w, r, "/inspect/"+ir.id+ir.query("shared", "1"), http.StatusSeeOther)
}

func renderInspect(w http.ResponseWriter, r *http.Request, status int, vm templates.InspectPage) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Vary", "Accept-Language")
	w.Header().Set("Cache-Control", "no-store")
	httperr.WriteStatus(w, status)
	if err := templates.InspectPageView(vm).Render(r.Context(), w); err != nil {
		httperr.LogFailure(r, "render", err)
	}
}

// HandleExample handles the "POST /inspect/example" route: the
// example batch is uploaded as any file is (the address's quota and the
// store's cap apply) and the browser sent to its view.
func (s *Room) HandleExample(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	up, status, key := s.Uploads.put(r, ExampleBatch)
	if status != 0 {
		renderInspect(w, r, status, inspectPage(ir, nil, nil, []string{ir.lang.T(key)}))
		return
	}
	http.Redirect(w, r, "/inspect/"+up.ID+ir.query(), http.StatusSeeOther)
}
