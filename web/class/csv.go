package class

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"net/http"
	"strconv"
	"time"

	"gaelab/web/page"
	"gaelab/web/store"
)

// pseudonym is a student's id in a class's CSV: "s-" and the first 10 hex
// digits of the HMAC-SHA256 of its device id under the class's own secret.
// The same device has the same id in every question and round of the
// class, and nobody can tell its device id (or follow it to another class)
// from it.
func pseudonym(secret []byte, device string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(device))
	return "s-" + hex.EncodeToString(m.Sum(nil))[:10]
}

// handleClassCSV handles the "GET /class/{code}/results.csv" route: every
// answer of every question, one row each: the question as asked (a second
// round names its first) and its round, the student's pseudonymous id (and
// nickname when the class asks for them), and plain values: numbers and
// signs as they are, text behind the formula guard (page.CSVText). An old
// link's ?k= is answered as the controls answer it (teacherPage): the
// cookie set and a 303 to the link without the key.
func (cr *Room) handleClassCSV(w http.ResponseWriter, r *http.Request) {
	c, ok := cr.teacherPage(w, r)
	if !ok {
		return
	}
	cr.writeCSV(w, r, c)
}

// handleAPIClassCSV handles the "GET /api/v1/classes/{code}/results.csv"
// route (Bearer key): the class's CSV as the controls download it, for a
// script that holds the key and so needs no ?k= in a URL.
func (cr *Room) handleAPIClassCSV(w http.ResponseWriter, r *http.Request) {
	c, ok := cr.teacher(w, r)
	if !ok {
		return
	}
	cr.writeCSV(w, r, c)
}

// writeCSV writes class c's CSV (handleClassCSV's rows).
func (cr *Room) writeCSV(w http.ResponseWriter, r *http.Request, c store.Class) {
	ctx := r.Context()
	qs, err := cr.st.Questions(ctx, c.Code)
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	secret, err := cr.st.ClassSecret(ctx, c.Code)
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	nicks, err := cr.nicknames(ctx, c)
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	noStore(w)
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="class-`+c.Code+`.csv"`)
	cw := csv.NewWriter(w)
	cw.Write(csvHeader(c.Nicknames))
	for _, q := range qs {
		sp, _, as, err := results(ctx, cr.st, q)
		if err != nil {
			cr.logger.Error("class csv", "err", err)
			break
		}
		for _, a := range as {
			diag := ""
			right := sp.Right(a.Value)
			if !right {
				diag = sp.Diagnosis(a.Value)
			}
			row := []string{strconv.Itoa(asked(q)), strconv.Itoa(q.Round()), sp.Kind, sp.Lesson, sp.Block, sp.Link, sp.Cell, page.CSVAnswer(sp.Correct()),
				pseudonym(secret, a.Device)}
			if c.Nicknames {
				row = append(row, page.CSVText(nicks[a.Device]))
			}
			row = append(row, page.CSVAnswer(a.Value), strconv.Itoa(a.Changes), strconv.FormatBool(right), diag,
				a.Updated.UTC().Format(time.RFC3339), page.CSVText(sp.Text))
			cw.Write(row)
		}
	}
	cw.Flush()
}

// csvHeader is the CSV's first row; the nickname column only when the
// class asks for nicknames.
func csvHeader(nicknames bool) []string {
	head := []string{"question", "round", "kind", "lesson", "block", "link", "cell", "correct", "student", "nickname", "answer", "changes", "right", "diagnosis", "updated", "text"}
	if !nicknames {
		head = append(head[:9:9], head[10:]...)
	}
	return head
}

// nicknames are the class's students' nicknames by device; none when the
// class does not ask for them.
func (cr *Room) nicknames(ctx context.Context, c store.Class) (map[string]string, error) {
	nicks := map[string]string{}
	if !c.Nicknames {
		return nicks, nil
	}
	sts, err := cr.st.Students(ctx, c.Code)
	for _, st := range sts {
		nicks[st.Device] = st.Nickname
	}
	return nicks, err
}
