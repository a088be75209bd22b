package class

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"gaelab/web/store"
)

// maxSendID bounds a send id: class-answer.js makes "s", 13 digits, "_" and
// 32 hex digits, the server's forms "s", 13 digits, "_" and 22 base64url
// characters.
const maxSendID = 64

// A send id carries its sequence: "s<seq>_<random>", where seq is the
// time in Unix milliseconds when the phone pressed Send (class-answer.js,
// at least one more than its last) or when the server rendered the form a
// phone without JavaScript sends (each send answers a new form), so that a
// late replay of an older send never overwrites a newer answer
// (store.Send). An id without a sequence (an older page's 32 hex digits)
// is unordered.

// maxSendSeq bounds a send id's sequence: 16 digits.
const maxSendSeq = 1e16

// newSendID is the send id a server-rendered answer form carries, so that
// a phone without JavaScript that sends the same form again (a reload, the
// "send again" page) is counted once: its sequence is now in Unix
// milliseconds, at least one more than the last this replica gave.
func (cr *Room) newSendID(now time.Time) string {
	seq := now.UnixMilli()
	for {
		last := cr.lastSeq.Load()
		seq = max(seq, last+1)
		if cr.lastSeq.CompareAndSwap(last, seq) {
			break
		}
	}
	return "s" + strconv.FormatInt(seq, 10) + "_" + randomToken(16)
}

// sendID is the request's send id (form field "send"): up to maxSendID
// characters of [A-Za-z0-9_-]; anything else is no id ("": the answer is
// stored, but a resend counts again).
func sendID(r *http.Request) string { return validSendID(r.PostForm.Get("send")) }

// validSendID is s if it can be a send id, else "".
func validSendID(s string) string {
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

// sendOf is the request's send: its id and the sequence the id carries
// (sendSeq).
func sendOf(r *http.Request) store.Send {
	id := sendID(r)
	return store.Send{ID: id, Seq: sendSeq(id)}
}

// sendSeq is the sequence of a send id "s<seq>_<random>", 0 for an id
// without one.
func sendSeq(id string) int64 {
	rest, ok := strings.CutPrefix(id, "s")
	digits, random, ok2 := strings.Cut(rest, "_")
	if !ok || !ok2 || random == "" || digits == "" || len(digits) > 16 {
		return 0
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n <= 0 || n >= maxSendSeq || strconv.FormatInt(n, 10) != digits {
		return 0
	}
	return n
}
