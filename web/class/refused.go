package class

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"gaelab/web/store"
)

// maxQuestionID bounds the q field of an answer: no class asks more.
const maxQuestionID = 1 << 30

// questionID reads an answer's q field: a question number, ok false for
// anything else ("abc", "", "-1", "1e3"), which is not a stale question
// but a broken link.
func questionID(s string) (int, bool) {
	id, err := strconv.Atoi(s)
	return id, err == nil && id > 0 && id <= maxQuestionID && strconv.Itoa(id) == s
}

// closedAnswer is why the store refused an answer to question qid of
// class c as closed, with its status: a question never asked is a broken
// link (422); an older one means a new question was asked, and the
// current one was revealed, closed by the teacher or by its timer (409).
func (cr *Room) closedAnswer(ctx context.Context, c store.Class, qid int) (int, string) {
	switch {
	case qid > c.Question:
		return http.StatusUnprocessableEntity, "class.err.badq"
	case qid != c.Question:
		return http.StatusConflict, "class.err.stale"
	}
	q, err := cr.st.Question(ctx, c.Code, qid)
	if err == nil && !q.Revealed && !q.Open(time.Now()) {
		return http.StatusConflict, "class.err.voting"
	}
	return http.StatusConflict, "class.err.closed"
}
