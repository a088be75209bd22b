package class

import (
	"net/http"
	"strings"
	"time"

	"gaelab/web/page"
)

// Cookie names. Over https (an https -public-url) the cookies carry the
// __Host- prefix, which the browser accepts only from a secure origin,
// with Path=/ and no Domain, so that no other host of the site (nor a
// plain-http page of it) can set or shadow them (ASVS 3.4.4): the teacher
// cookie is then one per class, __Host-gaelab_teacher_<CODE>, instead of
// one name scoped to Path=/class/<CODE>. The old names are still read: a
// cookie set before the upgrade lives at most one class TTL (its Max-Age),
// and its class no longer. Over plain http the names are unchanged.
const hostPrefix = "__Host-"

// cookieName is the name of the cookie base (deviceCookie, csrfCookie) on
// this server.
func (cr *Room) cookieName(base string) string {
	if cr.hostCookies {
		return hostPrefix + base
	}
	return base
}

// readCookie is the request's cookie base: its name on this server, else
// (over https) its name before the __Host- upgrade.
func (cr *Room) readCookie(r *http.Request, base string) (*http.Cookie, error) {
	c, err := r.Cookie(cr.cookieName(base))
	if err != nil && cr.hostCookies {
		return r.Cookie(base)
	}
	return c, err
}

// setCookie sets the cookie base for the class TTL: Path=/ and Secure
// over https (the __Host- prefix requires both), else Secure when the
// request came over https.
func (cr *Room) setCookie(w http.ResponseWriter, r *http.Request, base, value string, sameSite http.SameSite) {
	http.SetCookie(w, &http.Cookie{Name: cr.cookieName(base), Value: value, Path: "/", HttpOnly: true,
		SameSite: sameSite, Secure: cr.secureCookies(r), MaxAge: int(cr.ttl / time.Second)})
}

// secureCookies reports whether cookies are set Secure.
func (cr *Room) secureCookies(r *http.Request) bool {
	return cr.hostCookies || requestScheme(r) == "https"
}

// teacherCookieName and teacherCookiePath are the name and path of the
// teacher cookie of class code (teacher_cookie.go).
func (cr *Room) teacherCookieName(code string) string {
	if cr.hostCookies {
		return hostPrefix + teacherCookie + "_" + code
	}
	return teacherCookie
}

func (cr *Room) teacherCookiePath(code string) string {
	if cr.hostCookies {
		return "/"
	}
	return classPath(code)
}

// readTeacherCookie is the request's teacher cookie for class code, by
// its name on this server, else its name before the upgrade.
func (cr *Room) readTeacherCookie(r *http.Request, code string) (*http.Cookie, error) {
	c, err := r.Cookie(cr.teacherCookieName(code))
	if err != nil && cr.hostCookies {
		return r.Cookie(teacherCookie)
	}
	return c, err
}

// httpsURL reports whether a public URL is served over https.
func httpsURL(u string) bool { return strings.HasPrefix(strings.ToLower(u), "https://") }

// requestScheme is the scheme the client used (page.RequestScheme).
var requestScheme = page.RequestScheme
