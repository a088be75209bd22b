package class

import (
	"context"
	"crypto/subtle"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-chi/chi/v5"

	"gaelab/web/bounded"
	"gaelab/web/page"
	"gaelab/web/store"
)

// Limits of live classes.
const (
	DefaultTTL         = 24 * time.Hour
	DefaultMaxStreams  = 2000
	DefaultMaxStudents = 500
	maxAnswerChanges   = 20 // answers per student per question
	maxClassFormBytes  = 16 << 10
)

// Cookie names: the anonymous device id of a student, and the CSRF token
// of the double-submit check.
const (
	deviceCookie = "gaelab_device"
	csrfCookie   = "gaelab_csrf"
)

// Room serves live classes: the console, the phones, their streams
// and the JSON API, over a store.Store. It is nil-safe in the sense that a
// server without a store answers every class route with a clear 503.
type Room struct {
	st          store.Store
	hub         *Hub
	device      Signer
	csrf        Signer
	teach       Signer // the teacher cookie of a browser let in without the key
	fingerprint string // the store's (store.Fingerprint): the tag of the device and CSRF tokens
	ttl         time.Duration
	maxStudents int
	hosts       page.SiteHosts // where phones reach the server
	logger      *slog.Logger
	seats       store.Bucket // new students per client address, shared (admit.go)
	quotas      Quotas       // classes started, codes tried, shared (quotas.go)
	hostCookies bool         // an https PublicURL: __Host- cookies (cookies.go)
	replica     string       // this replica's id in the store's presence rows (presence.go)
	lastSeq     atomic.Int64 // the last send id sequence a form was given (send.go)
	down        outage       // what this replica saw of a store outage (deadline.go)
	recoverMu   sync.Mutex   // one recoverStore at a time
	shared      sharedReads  // the class and question a class's phone streams share (shared_reads.go)

	specs *bounded.Cache[string, Spec] // "code/qid": questions never change once asked

	tablesMu sync.Mutex                        // one drawing at a time: phones asking together wait for it
	tables   *bounded.Cache[string, drawnCell] // phoneCell's drawings
}

// Budgets of the class memos: decoded question specs, and the phone
// tables of cell questions (a long scenario's table is a few hundred KB).
const (
	classSpecBytes = 4 << 20
	phoneCellBytes = 8 << 20
)

// Config is what the live class takes of the server's Options.
type Config struct {
	Store        store.Store // nil turns classes off
	TTL          time.Duration
	MaxStudents  int
	MaxStreams   int
	PublicURL    string
	AllowedHosts []string
	Logger       *slog.Logger

	// AddrBurst and AddrRefill size each address's bucket of new
	// students' seats (at once, and back a minute); AddrStreams caps the
	// streams one address holds on this replica. See admit.go.
	AddrBurst, AddrRefill, AddrStreams int

	// Quotas: classes started, join and pairing codes tried, per address
	// (QuotasFor; the zero value takes the defaults).
	Quotas Quotas
}

// NewRoom reads the signing keys the replicas share from the store.
// Without a store (or when the keys cannot be read), classes are off.
func NewRoom(o Config) *Room {
	cr := &Room{ttl: o.TTL, maxStudents: o.MaxStudents, hosts: page.NewSiteHosts(o.PublicURL, o.AllowedHosts),
		logger: o.Logger, quotas: o.Quotas, hostCookies: httpsURL(o.PublicURL),
		specs:  bounded.New(classSpecBytes, func(k string, sp Spec) int { return bounded.StringBytes(k) + bounded.Approx(sp) }),
		tables: bounded.New(phoneCellBytes, func(k string, c drawnCell) int { return bounded.StringBytes(k) + bounded.Approx(c) })}
	cr.seats = seatBucket(orDefault(o.AddrBurst, DefaultAddrBurst), orDefault(o.AddrRefill, DefaultAddrRefill))
	if cr.quotas == (Quotas{}) {
		cr.quotas = QuotasFor(0, 0, 0)
	}
	if o.Store == nil {
		return cr
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	dev, err1 := NewSigner(ctx, o.Store, "device-cookie")
	csrf, err2 := NewSigner(ctx, o.Store, "csrf-token")
	teach, err3 := NewSigner(ctx, o.Store, "teacher-cookie")
	fp, err4 := store.Fingerprint(ctx, o.Store)
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		o.Logger.Error("live classes are off: cannot read the signing keys", "err", err)
		return cr
	}
	// The device cookie and the CSRF token name the database that signed
	// them, so that a replica on another one says so (otherDatabase).
	cr.st, cr.device, cr.csrf, cr.teach, cr.fingerprint = o.Store, dev.Tagged(fp), csrf.Tagged(fp), teach, fp
	cr.hub = NewHub(o.Store, StreamCaps{Max: o.MaxStreams, PerClass: cr.maxStudents,
		PerAddr: orDefault(o.AddrStreams, DefaultAddrStreams), Teacher: teacherStreams})
	cr.replica = newReplicaID()
	go cr.keepPresence()
	return cr
}

// On reports whether live classes are on (a store and its keys).
func (cr *Room) On() bool { return cr.st != nil }

// available answers 503 when classes are off.
func (cr *Room) available(w http.ResponseWriter, r *http.Request) bool {
	if cr.On() {
		return true
	}
	cr.fail(w, r, "no_store", "", "class.err.nostore")
	return false
}

// routePattern is the chi pattern of the request ("/class/{code}/teach").
func routePattern(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil {
		return rc.RoutePattern()
	}
	return "?"
}

// noStore marks an answer that holds a token or a class's live state.
func noStore(w http.ResponseWriter) { w.Header().Set("Cache-Control", "no-store") }

// csrfToken is the request's valid CSRF cookie, or a fresh one set on w.
// Pages that hold it in a form are answered no-store.
func (cr *Room) csrfToken(w http.ResponseWriter, r *http.Request) string {
	if c, err := cr.readCookie(r, csrfCookie); err == nil {
		if _, ok := cr.csrf.Check(c.Value); ok {
			return c.Value
		}
	}
	tok := cr.csrf.New()
	cr.setCookie(w, r, csrfCookie, tok, http.SameSiteStrictMode)
	return tok
}

// checkForm parses a POSTed form (bounded) and checks the CSRF double
// submit: the form's token equals the signed cookie. (A form from another
// site never gets here: mw.WithCrossSiteRefusal.)
func (cr *Room) checkForm(w http.ResponseWriter, r *http.Request) bool {
	r.Body = http.MaxBytesReader(w, r.Body, maxClassFormBytes)
	if err := r.ParseForm(); err != nil {
		if tooLong := new(http.MaxBytesError); errors.As(err, &tooLong) {
			cr.fail(w, r, "too_large", "", "class.err.body", maxClassFormBytes>>10, MaxAnswerLen)
			return false
		}
		cr.fail(w, r, "bad_form", "", "class.err.csrf")
		return false
	}
	c, err := cr.readCookie(r, csrfCookie)
	form := r.PostForm.Get("csrf")
	ok := err == nil && form != "" &&
		subtle.ConstantTimeCompare([]byte(c.Value), []byte(form)) == 1
	if ok {
		_, ok = cr.csrf.Check(c.Value)
	}
	if !ok && !cr.otherDatabase(w, r, form) {
		cr.fail(w, r, "csrf", "csrf", "class.err.csrf")
	}
	return ok
}

// otherDatabase answers a request whose token (a form's CSRF token, or a
// class page's cookie) was signed on another database than this
// replica's: a replica pointed at a wrong but existing database, behind
// the same balancer. It is a 503 with Retry-After that says so (a phone
// sends again, and the balancer may pick a right replica), logged as an
// error naming both fingerprints, never as an expired form or an unknown
// code (a page's try still counts as a guess: the tag is not signed).
// false, answering nothing, for any other token.
func (cr *Room) otherDatabase(w http.ResponseWriter, r *http.Request, token string) bool {
	tag := tokenTag(token)
	if tag == "" || tag == cr.fingerprint {
		return false
	}
	cr.logger.Error("class: this replica's database is not the one the class's pages came from: check its -db",
		"route", routePattern(r), "database", cr.fingerprint, "pages_from", truncate(tag, 32))
	w.Header().Set("Retry-After", storeRetryAfter)
	cr.fail(w, r, "other_store", "store", "class.err.store.other")
	return true
}

// deviceID is the student's anonymous device id from its signed cookie,
// set now if absent (fresh). No name, nothing else about the student.
func (cr *Room) deviceID(w http.ResponseWriter, r *http.Request) (id string, fresh bool) {
	if c, err := cr.readCookie(r, deviceCookie); err == nil {
		if id, ok := cr.device.Check(c.Value); ok {
			return id, false
		}
	}
	tok := cr.device.New()
	cr.setCookie(w, r, deviceCookie, tok, http.SameSiteLaxMode)
	id, _ = cr.device.Check(tok)
	return id, true
}

// loadClass reads the {code} class; a 404 in the learner's language if it
// does not exist or expired (the same answer), and a 429 once the address
// has tried too many unknown codes (guessesLeft). Only unknown codes count
// and are refused: a known code still opens from an address (a campus NAT)
// where someone guesses.
func (cr *Room) loadClass(w http.ResponseWriter, r *http.Request, code string) (store.Class, bool) {
	c, err := cr.st.Class(r.Context(), code, time.Now())
	if errors.Is(err, store.ErrNotFound) {
		if cr.guessesLeft(w, r) {
			cr.missedCode(r) // counted even so: a token's tag is not signed, so a guesser could forge one
			if ck, err := cr.readCookie(r, csrfCookie); err == nil && cr.otherDatabase(w, r, ck.Value) {
				return c, false
			}
			cr.fail(w, r, "not_found", "code", "class.join.unknown", code)
		}
		return c, false
	}
	if err != nil {
		cr.failWith(w, r, err)
		return c, false
	}
	return c, true
}

// teacherForm is teacher for a POSTed form of the controls: the form is
// parsed and CSRF-checked (checkForm) before anything else.
func (cr *Room) teacherForm(w http.ResponseWriter, r *http.Request) (store.Class, bool) {
	if !cr.available(w, r) || !cr.checkForm(w, r) {
		return store.Class{}, false
	}
	return cr.teacher(w, r)
}

// teacher loads the route's class and checks that the request is its
// teacher's: on the API by "Authorization: Bearer <key>" only; on pages by
// the class's teacher cookie, or by the key in a POSTed form's k (checked
// for CSRF first) or in an old link's ?k=. 503 when classes are off; 403
// otherwise, saying nothing about the class.
func (cr *Room) teacher(w http.ResponseWriter, r *http.Request) (store.Class, bool) {
	if !cr.available(w, r) {
		return store.Class{}, false
	}
	code := chi.URLParam(r, "code")
	c, err := cr.st.Class(r.Context(), code, time.Now())
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		cr.failWith(w, r, err)
		return c, false
	}
	if err != nil || !cr.isTeacher(r, c) {
		cr.fail(w, r, "forbidden", "key", "class.err.key")
		return c, false
	}
	return c, true
}

// isTeacher reports whether the request holds c's key or teacher cookie
// (teacher).
func (cr *Room) isTeacher(r *http.Request, c store.Class) bool {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		key, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		return KeyMatches(key, c.KeyHash)
	}
	if _, ok := cr.cookieTeacher(r, c); ok {
		return true
	}
	key := r.URL.Query().Get("k")
	if r.PostForm != nil && r.PostForm.Get("k") != "" {
		key = r.PostForm.Get("k")
	}
	return KeyMatches(key, c.KeyHash)
}

// publish tells every replica's streams that a class changed. A lost event
// is only a late refresh, so failures are logged, not answered.
func (cr *Room) publish(ctx context.Context, code, kind string) {
	if err := cr.st.Publish(ctx, store.Event{Class: code, Kind: kind}); err != nil {
		cr.logger.Warn("class publish", "kind", kind, "err", err)
	}
}

// baseURL is where phones reach this server: -public-url if set, else the
// scheme and host of the request when the host is known (page.SiteHosts),
// else "": the join links are then paths on this site.
func (cr *Room) baseURL(r *http.Request) string {
	base, _ := cr.hosts.Base(r)
	return base
}
