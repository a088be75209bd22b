package class

import (
	"context"
	"net/http"
	"strings"
	"time"
)

// Answers are judged at their arrival: a room pressing Send together
// queues for the class's slots (web's route table), and an answer that
// reached the server before the deadline must not be refused because its
// slot came free after it. WithArrival, mounted before the slots, notes
// when each class request arrived; an answer POST that is then answered
// with a 5xx (shed by the slots, cut by the handler timeout, failed by the
// store) or a 429 (one address's bodies at once, behind a hall's NAT)
// carries a send stamp of its arrival (Send-Stamp) for the send id
// of its Send-Id header (class-answer.js and gaeload send it), so that its
// resend is judged as sent then (deadline.go).

type arrivalKey struct{}

// WithArrival notes each request's arrival (arrivalOf) and stamps the 5xx
// and 429 answers of answer POSTs: both say "send it again".
func (cr *Room) WithArrival(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := time.Now()
		r = r.WithContext(context.WithValue(r.Context(), arrivalKey{}, now))
		if code, ok := answerPath(r); ok && cr.On() {
			w = &stampWriter{ResponseWriter: w, stamp: func() string {
				device := ""
				if c, err := cr.readCookie(r, deviceCookie); err == nil {
					device, _ = cr.device.Check(c.Value)
				}
				return cr.stamp(code, device, validSendID(r.Header.Get("Send-Id")), now)
			}}
		}
		next.ServeHTTP(w, r)
	})
}

// arrivalOf is when r reached the server (WithArrival), or now.
func arrivalOf(r *http.Request) time.Time {
	if t, ok := r.Context().Value(arrivalKey{}).(time.Time); ok {
		return t
	}
	return time.Now()
}

// answerPath is the class code of a POST /class/{code}/answer.
func answerPath(r *http.Request) (string, bool) {
	rest, ok := strings.CutPrefix(r.URL.Path, "/class/")
	code, ok2 := strings.CutSuffix(rest, "/answer")
	return code, ok && ok2 && r.Method == http.MethodPost && code != "" && !strings.Contains(code, "/")
}

// stampWriter adds a send stamp to a 5xx or a 429 that has none.
type stampWriter struct {
	http.ResponseWriter
	stamp func() string
	wrote bool
}

func (w *stampWriter) WriteHeader(status int) {
	if !w.wrote {
		w.wrote = true
		if (status >= 500 || status == http.StatusTooManyRequests) && w.Header().Get(stampHeader) == "" {
			w.Header().Set(stampHeader, w.stamp())
		}
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *stampWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection.
func (w *stampWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
