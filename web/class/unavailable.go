package class

import (
	"net/http"
	"strings"

	"gaelab/templates"
	"gaelab/web/httperr"
	"gaelab/web/i18n"
	"gaelab/web/page"
)

// storeRetryAfter is how long a request the store failed should wait
// before trying again (Retry-After, seconds): a database restart or a lost
// connection is over in a few seconds.
const storeRetryAfter = "2"

// unavailable answers a request the store failed: 503 with Retry-After,
// never cached, logged without the key (the route pattern only). Under
// /api/ the JSON error names the store; elsewhere a page in the learner's
// language says to try again in a few seconds, with a link to itself for a
// GET without the teacher's key (a form is sent again from the page before
// it).
func (cr *Room) unavailable(w http.ResponseWriter, r *http.Request, err error) {
	cr.logger.Warn("class store", "method", r.Method, "route", routePattern(r), "err", err)
	cr.storeFailed(r)
	w.Header().Set("Retry-After", storeRetryAfter)
	if strings.HasPrefix(r.URL.Path, "/api/") {
		cr.fail(w, r, "unavailable", "store", "class.busy.message")
		return
	}
	t := i18n.Of(r).T
	vm := templates.ClassRetry{Page: classFrame(i18n.Of(r), t("class.busy.heading"), r.URL.Path), Heading: t("class.busy.heading"),
		Message: t("class.busy.message")}
	if r.Method == http.MethodGet && !r.URL.Query().Has("k") { // the teacher's key stays out of the HTML: reload instead
		vm.Again = templates.Link{Label: t("class.busy.again"), URL: r.URL.RequestURI()}
	}
	cr.retryPage(w, r, vm)
}

// resendPage answers an answer the store failed to save: 503 with
// Retry-After and the form filled in with the same send id, so that sending
// it again counts once even if this one was saved after all, and its send
// stamp (also in the Send-Stamp header, for class-answer.js), so that it is
// judged as sent when it first arrived (deadline.go).
func (cr *Room) resendPage(w http.ResponseWriter, r *http.Request, code, stamp string, err error) {
	cr.logger.Warn("class store", "method", r.Method, "route", routePattern(r), "err", err)
	w.Header().Set("Retry-After", storeRetryAfter)
	w.Header().Set(stampHeader, stamp)
	lang := i18n.Of(r)
	t := lang.T
	f := r.PostForm
	vm := templates.ClassRetry{Page: phoneFrame(lang, t("class.resend.heading"), "/join/"+code), Heading: t("class.resend.heading"),
		Message: t("class.resend.message"),
		Resend: &templates.ClassResend{
			Form: templates.ClassForm{Action: "/class/" + code + "/answer", CSRF: f.Get("csrf"), Lang: string(lang), Submit: t("class.resend.button")},
			QID:  f.Get("q"), Label: t("class.answer.label"), Value: truncate(f.Get("a"), MaxAnswerLen), Send: sendID(r), Stamp: stamp,
		}}
	cr.retryPage(w, r, vm)
}

// retryPage writes a ClassRetryPage with 503, never cached.
func (cr *Room) retryPage(w http.ResponseWriter, r *http.Request, vm templates.ClassRetry) {
	noStore(w)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	httperr.WriteStatus(w, httperr.Status("unavailable"))
	page.Render(w, r, templates.ClassRetryPage(vm))
}
