package class

import (
	"errors"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"gaelab/web/i18n"
	"gaelab/web/store"
)

// maxNickname is the longest nickname, in characters; a student may
// correct theirs maxNickCorrections times (the store's one).
const (
	maxNickname        = 24
	maxNickCorrections = 1
)

// normalizeNickname is a nickname as typed, trimmed with its runs of
// spaces made one; ok false when it is empty, too long, not UTF-8, or holds
// a character that is not printable (controls, invisible format
// characters). What is left is shown escaped, and written to the CSV with
// the formula guard.
func normalizeNickname(s string) (string, bool) {
	if !utf8.ValidString(s) {
		return "", false
	}
	s = strings.Join(strings.Fields(s), " ")
	n := 0
	for _, r := range s {
		if !unicode.IsPrint(r) && r != ' ' {
			return "", false
		}
		n++
	}
	return s, n > 0 && n <= maxNickname
}

// handleClassNickname handles the "POST /class/{code}/nickname" route: a
// student gives a nickname, unique in the class, when the teacher asks for
// nicknames, and may correct it once. A
// device that has not answered yet enrols with it (its page load took no
// seat), and only with its device cookie. 303 back to the phone page; a
// refusal shows the page again with the reason.
func (cr *Room) handleClassNickname(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) || !cr.checkForm(w, r) {
		return
	}
	c, ok := cr.loadClass(w, r, chi.URLParam(r, "code"))
	if !ok {
		return
	}
	lang := i18n.Of(r)
	device, fresh := cr.deviceID(w, r)
	nick, valid := normalizeNickname(r.PostForm.Get("nick"))
	switch {
	case fresh:
		cr.phonePage(w, r, c.Code, http.StatusConflict, lang.T("class.err.cookie"))
		return
	case !c.Nicknames:
		cr.phonePage(w, r, c.Code, http.StatusConflict, lang.T("class.err.nick.off"))
		return
	case !valid:
		cr.phonePage(w, r, c.Code, http.StatusUnprocessableEntity, lang.T("class.err.nick", maxNickname))
		return
	}
	err := cr.st.SetNickname(r.Context(), c.Code, device, nick)
	if errors.Is(err, store.ErrNotStudent) {
		if err = cr.enrol(r.Context(), r, c.Code, device, false); err == nil {
			err = cr.st.SetNickname(r.Context(), c.Code, device, nick)
		}
	}
	var noSeat *noSeatError
	switch {
	case err == nil:
		http.Redirect(w, r, "/join/"+c.Code+"?lang="+string(lang), http.StatusSeeOther)
	case errors.As(err, &noSeat), errors.Is(err, errLocked), errors.Is(err, errNeedWord), errors.Is(err, store.ErrFull):
		cr.enrolRefused(w, r, c.Code, err)
	case errors.Is(err, store.ErrExists):
		cr.phonePage(w, r, c.Code, http.StatusConflict, lang.T("class.err.nick.taken"))
	case errors.Is(err, store.ErrNickTaken):
		cr.phonePage(w, r, c.Code, http.StatusConflict, lang.T("class.err.nick.dup", nick))
	default:
		cr.failWith(w, r, err)
	}
}
