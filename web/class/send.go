package class

import "net/http"

// maxSendID bounds a send id: class-answer.js makes 32 hex digits, the
// server's forms 22 base64url characters.
const maxSendID = 64

// newSendID is the send id a server-rendered answer form carries, so that
// a phone without JavaScript that sends the same form again (a reload, the
// "send again" page) is counted once.
func newSendID() string { return randomToken(16) }

// sendID is the request's send id (form field "send"): up to maxSendID
// characters of [A-Za-z0-9_-]; anything else is no id ("": the answer is
// stored, but a resend counts again).
func sendID(r *http.Request) string {
	s := r.PostForm.Get("send")
	if len(s) > maxSendID {
		return ""
	}
	for _, c := range []byte(s) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return ""
		}
	}
	return s
}
