// Package httperr is the one way the server answers an error: an Error
// names its code (whose HTTP status StatusOf gives), the field it is about
// and its message key; Write answers it as the JSON API's error object under
// /api/ and elsewhere as the one error page (page.go: the site's frame,
// localized, with the status and the request id), in the learner's
// language. Users never see a Go error's text.
package httperr

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"

	"gaelab/web/i18n"
)

// Error is a refusal: a stable code, the field it names ("" for none) and
// the catalog key and arguments of its message.
type Error struct {
	Code  string
	Field string
	Key   string
	Args  []any
}

// New is the error code with the message key and its arguments.
func New(code, key string, args ...any) *Error { return &Error{Code: code, Key: key, Args: args} }

// Error is the message in English, for logs.
func (e *Error) Error() string { return i18n.En.T(e.Key, e.Args...) }

// jsonError is the JSON API's error object: {"error": {"code", "field",
// "message"}}, the message in English.
type jsonError struct {
	Code    string `json:"code"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

// Write answers e with its status, never cached: under /api/ the JSON
// API's error object (WriteJSON); elsewhere the error page of the
// request's context (WithPage: the site's frame, or a fragment for htmx)
// with the message in the request's language (i18n.Of), or that message as
// plain text where there is no page (a handler tested alone).
func Write(w http.ResponseWriter, r *http.Request, e *Error) {
	w.Header().Set("Cache-Control", "no-store")
	if strings.HasPrefix(r.URL.Path, "/api/") {
		WriteJSON(w, e.Code, e.Field, e.Error())
		return
	}
	WriteMessage(w, r, StatusOf(e.Code, e.Field), i18n.Of(r).T(e.Key, e.Args...))
}

// WriteMessage answers an error that its room words itself (message,
// already in the request's language: /inspect's reasons, a chart's "could
// not be drawn") with status, never cached, as Write answers outside
// /api/: the error page, or plain text where there is none.
func WriteMessage(w http.ResponseWriter, r *http.Request, status int, message string) {
	w.Header().Set("Cache-Control", "no-store")
	if writePage(w, r, status, message) {
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	w.Write([]byte(message + "\n"))
}

// NotFound answers 404 in the request's language, as an unknown address.
func NotFound(w http.ResponseWriter, r *http.Request) {
	Write(w, r, New("not_found", "error.not_found"))
}

// WriteJSON answers {"error": {"code", "field", "message"}} with the status
// of code about field.
func WriteJSON(w http.ResponseWriter, code, field, message string) {
	WriteJSONStatus(w, StatusOf(code, field), code, field, message)
}

// WriteJSONStatus is WriteJSON with another status than the code's: a
// field whose cost, not its own size, is too large is 413.
func WriteJSONStatus(w http.ResponseWriter, status int, code, field, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(JSONBody(code, field, message))
}

// JSONBody is the JSON API's one error object, {"error": {"code",
// "field", "message"}} (field left out when "") and a newline: what
// WriteJSON writes, for a writer that must be given its body beforehand
// (mw.WithTimeout's http.TimeoutHandler).
func JSONBody(code, field, message string) []byte {
	b, _ := json.Marshal(map[string]jsonError{"error": {code, field, message}})
	return append(b, '\n')
}

// loggerKey is the request context's key of the server's logger.
type loggerKey struct{}

// WithLogger is ctx carrying the server's logger (Options.Logger), which
// the outermost middleware puts in every request's context.
func WithLogger(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, loggerKey{}, l)
}

// Logger is the server's logger of a request's context; without one (a
// handler tested alone), a logger that discards.
func Logger(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(loggerKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.New(slog.DiscardHandler)
}

// LogFailure logs a failure to answer r (a render that failed, a write
// cut short): at Error, or at Debug when the client left first (closed
// tab, timeout), which is no error of ours.
func LogFailure(r *http.Request, what string, err error) {
	level := slog.LevelError
	if r.Context().Err() != nil {
		level = slog.LevelDebug
	}
	Logger(r.Context()).Log(r.Context(), level, what, "path", r.URL.Path, "err", err)
}
