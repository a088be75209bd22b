package class

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode"

	"github.com/go-chi/chi/v5"

	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/store"
)

// A join that needs the room: with the class's join word on, a device
// takes a seat only by typing the word, 4 digits that only the wall shows
// (and the teacher says aloud), as Kahoot's two-step join. A script on the
// hall's network that has not seen the wall takes no seat: a wrong word
// counts as an unknown code against its address (guessesLeft). With joining
// locked, no device takes a seat at all.

// Refusals of enrol.
var (
	errNeedWord = errors.New("class: the join word comes first")
	errLocked   = errors.New("class: joining is locked")
)

// joinWord is a class's join word: 4 digits of an HMAC under the class's
// secret, the same on every replica, fixed for the class.
func (cr *Room) joinWord(ctx context.Context, code string) (string, error) {
	secret, err := cr.st.ClassSecret(ctx, code)
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("join word"))
	return fmt.Sprintf("%04d", binary.BigEndian.Uint32(mac.Sum(nil))%10000), nil
}

// normalizeWord is a join word as typed: full-width digits read as digits,
// spaces and dashes dropped.
func normalizeWord(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '０' && r <= '９':
			return '0' + (r - '０')
		case unicode.IsSpace(r) || r == '-':
			return -1
		}
		return r
	}, s)
}

// handleClassJoinWord handles the "POST /class/{code}/join" route: field
// word is the join word; right, the device takes its seat (enrol) and goes
// back to its page (303); wrong, the page again (422) and one guess of the
// address spent; 429 once the address has guessed too much.
func (cr *Room) handleClassJoinWord(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) || !cr.checkForm(w, r) {
		return
	}
	c, ok := cr.loadClass(w, r, chi.URLParam(r, "code"))
	if !ok {
		return
	}
	lang := i18n.Of(r)
	device, fresh := cr.deviceID(w, r)
	if fresh {
		cr.phonePage(w, r, c.Code, http.StatusConflict, lang.T("class.err.cookie"))
		return
	}
	if !c.JoinWord {
		http.Redirect(w, r, "/join/"+c.Code+"?lang="+string(lang), http.StatusSeeOther)
		return
	}
	want, err := cr.joinWord(r.Context(), c.Code)
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	if subtle.ConstantTimeCompare([]byte(normalizeWord(r.PostForm.Get("word"))), []byte(want)) != 1 {
		if !cr.guessesLeft(w, r) {
			return
		}
		cr.missedCode(r)
		cr.phonePage(w, r, c.Code, http.StatusUnprocessableEntity, lang.T("class.err.word"))
		return
	}
	if _, err := cr.st.Student(r.Context(), c.Code, device); errors.Is(err, store.ErrNotStudent) {
		err = cr.enrol(r.Context(), r, c.Code, device, true)
		if cr.enrolRefused(w, r, c.Code, err) {
			return
		}
	}
	http.Redirect(w, r, "/join/"+c.Code+"?lang="+string(lang), http.StatusSeeOther)
}

// enrolRefused answers enrol's refusals on the phone's page (a full class,
// joining locked, the join word first, no seat for the address, or the
// store's failure) and reports whether it did; false for nil.
func (cr *Room) enrolRefused(w http.ResponseWriter, r *http.Request, code string, err error) bool {
	lang := i18n.Of(r)
	var noSeat *noSeatError
	switch {
	case err == nil:
		return false
	case errors.As(err, &noSeat):
		cr.noSeat(w, r, code, noSeat)
	case errors.Is(err, store.ErrFull):
		cr.phonePage(w, r, code, http.StatusConflict, lang.T("class.err.full", cr.maxStudents))
	case errors.Is(err, errLocked):
		cr.phonePage(w, r, code, http.StatusConflict, lang.T("class.err.locked"))
	case errors.Is(err, errNeedWord):
		cr.phonePage(w, r, code, http.StatusConflict, lang.T("class.err.word.first"))
	default:
		cr.failWith(w, r, err)
	}
	return true
}

// phoneAdmission puts the join word's form in the panel of a device not
// seated yet when the class asks for it (first: before the nickname and
// the answer), or says that joining is locked.
func phoneAdmission(lang i18n.Lang, c store.Class, seated bool, csrf string, f *templates.PhoneFlow) {
	if !c.JoinWord && !c.Locked || seated {
		return
	}
	t := lang.T
	f.Nick, f.Hold = templates.ClassForm{}, true
	if c.Locked {
		f.Closed = t("class.err.locked")
		return
	}
	f.Word = templates.ClassForm{Action: "/class/" + c.Code + "/join", CSRF: csrf, Lang: string(lang), Submit: t("class.flow.word.send")}
	f.WordField = templates.Field{ID: "class-word", Name: "word", Label: t("class.flow.word.label")}
	f.Closed = t("class.flow.word.first")
	return
}
