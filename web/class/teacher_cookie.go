package class

import (
	"crypto/hmac"
	"net/http"
	"strings"

	"gaelab/web/store"
)

// teacherCookie holds a teacher's way into one class's pages: HttpOnly,
// SameSite=Strict and scoped to the class (Path=/class/CODE; over https
// its own name, __Host-gaelab_teacher_CODE, at Path=/: cookies.go), so
// that no script, no other site and no other class's pages see it. Its value is
// the key itself when the browser knew it (the class was started here, or
// the key was typed), so that the controls can show it again; a browser
// let in by an open token or a pairing code holds pairedPrefix and a
// signature of the class instead (the key is stored nowhere).
const (
	teacherCookie = "gaelab_teacher"
	pairedPrefix  = "p."
)

// classPath is the path every page of a class is under.
func classPath(code string) string { return "/class/" + code }

// pairedValue is the cookie of a browser let in without the key: a
// signature of the class and its key's hash, which every replica can check.
func (cr *Room) pairedValue(c store.Class) string {
	return pairedPrefix + cr.teach.sign("teacher "+c.Code+" "+c.KeyHash)
}

// setTeacherCookie lets this browser into c's pages: with its key when
// known, else paired.
func (cr *Room) setTeacherCookie(w http.ResponseWriter, r *http.Request, c store.Class, key string) {
	v := key
	if v == "" {
		v = cr.pairedValue(c)
	}
	http.SetCookie(w, &http.Cookie{Name: cr.teacherCookieName(c.Code), Value: v, Path: cr.teacherCookiePath(c.Code), HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: cr.secureCookies(r), MaxAge: int(cr.ttl.Seconds())})
}

// cookieTeacher reports whether the request's teacher cookie opens c, and
// the key it holds ("" for a paired browser).
func (cr *Room) cookieTeacher(r *http.Request, c store.Class) (key string, ok bool) {
	ck, err := cr.readTeacherCookie(r, c.Code)
	if err != nil {
		return "", false
	}
	if sig, paired := strings.CutPrefix(ck.Value, pairedPrefix); paired {
		want := strings.TrimPrefix(cr.pairedValue(c), pairedPrefix)
		return "", hmac.Equal([]byte(sig), []byte(want))
	}
	return ck.Value, KeyMatches(ck.Value, c.KeyHash)
}

// enter lets this browser into c's pages and sends it on to the key-less
// page to. A navigation that came from another site does not carry a
// SameSite=Strict cookie even after a redirect, so it gets a page with a
// link instead, whose click is this site's own.
func (cr *Room) enter(w http.ResponseWriter, r *http.Request, c store.Class, key, to string) {
	cr.setTeacherCookie(w, r, c, key)
	noStore(w)
	if site := r.Header.Get("Sec-Fetch-Site"); r.Method == http.MethodGet && (site == "cross-site" || site == "same-site") {
		cr.renderHop(w, r, to)
		return
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// withoutKey is the request's own link without its k= (an old console
// link's key), to send the browser on once the cookie is set.
func withoutKey(r *http.Request) string {
	q := r.URL.Query()
	q.Del("k")
	if len(q) == 0 {
		return r.URL.Path
	}
	return r.URL.Path + "?" + q.Encode()
}

// teacherPage loads the route's class for one of its pages (controls,
// wall): a teacher with the cookie gets it; an old link carrying the key
// (?k=) is let in, given the cookie and sent to the same page without the
// key, so that the key leaves the address bar and the history at once.
func (cr *Room) teacherPage(w http.ResponseWriter, r *http.Request) (store.Class, bool) {
	c, ok := cr.teacher(w, r)
	if !ok {
		return c, false
	}
	if key := r.URL.Query().Get("k"); key != "" {
		cr.enter(w, r, c, key, withoutKey(r))
		return c, false
	}
	return c, true
}
