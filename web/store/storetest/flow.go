package storetest

import (
	"errors"
	"slices"
	"testing"
	"time"

	"gaelab/web/store"
)

// flowClass makes a class with one joined device "d1" and one question
// asked, and returns its code and the question.
func flowClass(t *testing.T, s store.Classes, prefix string) (string, store.Question) {
	t.Helper()
	code := unique(t, prefix)
	newClass(t, s, code)
	if err := s.Join(ctx, code, "d1", 500, now); err != nil {
		t.Fatal(err)
	}
	q, err := s.Ask(ctx, code, `{"n":1}`, now)
	if err != nil {
		t.Fatal(err)
	}
	return code, q
}

// testVoting: a closed question refuses answers until re-opened, on either
// replica; a revealed one cannot be re-opened.
func testVoting(t *testing.T, a, b store.Classes) {
	code, q := flowClass(t, a, "V")
	if err := a.SetVoting(ctx, code, q.ID, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := b.Question(ctx, code, q.ID); !got.Closed || got.Revealed || got.Open(now) {
		t.Errorf("after closing: %+v; want closed, not revealed, not open", got)
	}
	if err := b.Answer(ctx, code, q.ID, "d1", "1", store.Send{}, 3, now); !errors.Is(err, store.ErrClosed) {
		t.Errorf("an answer to a closed question = %v; want ErrClosed", err)
	}
	if err := b.SetVoting(ctx, code, q.ID, true); err != nil {
		t.Fatal(err)
	}
	if err := a.Answer(ctx, code, q.ID, "d1", "1", store.Send{}, 3, now); err != nil {
		t.Errorf("an answer after re-opening = %v", err)
	}
	if err := a.SetShown(ctx, code, q.ID, true); err != nil {
		t.Fatal(err)
	}
	if got, _ := b.Question(ctx, code, q.ID); !got.Shown || !got.Open(now) {
		t.Errorf("after showing the distribution: %+v; want shown and still open", got)
	}
	a.Reveal(ctx, code, q.ID)
	if err := a.SetVoting(ctx, code, q.ID, true); !errors.Is(err, store.ErrClosed) {
		t.Errorf("re-opening a revealed question = %v; want ErrClosed", err)
	}
	if err := a.SetDeadline(ctx, code, q.ID, now.Add(time.Minute)); !errors.Is(err, store.ErrClosed) {
		t.Errorf("a timer on a revealed question = %v; want ErrClosed", err)
	}
	for name, err := range map[string]error{
		"SetVoting":   a.SetVoting(ctx, code, 9, false),
		"SetShown":    a.SetShown(ctx, code, 9, true),
		"SetDeadline": a.SetDeadline(ctx, code, 9, now),
	} {
		if !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s of an unknown question = %v; want ErrNotFound", name, err)
		}
	}
}

// testDeadline: the deadline, kept to the millisecond, closes voting at
// its instant for every replica; re-opening clears it.
func testDeadline(t *testing.T, a, b store.Classes) {
	code, q := flowClass(t, a, "T")
	end := now.Add(1500 * time.Millisecond)
	if err := a.SetDeadline(ctx, code, q.ID, end); err != nil {
		t.Fatal(err)
	}
	got, _ := b.Question(ctx, code, q.ID)
	if !got.Deadline.Equal(end) {
		t.Errorf("deadline = %v; want %v", got.Deadline, end)
	}
	if err := b.Answer(ctx, code, q.ID, "d1", "1", store.Send{}, 3, end.Add(-time.Millisecond)); err != nil {
		t.Errorf("an answer 1 ms before the deadline = %v", err)
	}
	if err := b.Answer(ctx, code, q.ID, "d1", "2", store.Send{}, 3, end); !errors.Is(err, store.ErrClosed) {
		t.Errorf("an answer at the deadline = %v; want ErrClosed", err)
	}
	if as, _ := a.Answers(ctx, code, q.ID); len(as) != 1 || as[0].Value != "1" {
		t.Errorf("answers = %+v; want the one before the deadline", as)
	}
	if err := a.SetVoting(ctx, code, q.ID, true); err != nil {
		t.Fatal(err)
	}
	if got, _ := b.Question(ctx, code, q.ID); !got.Deadline.IsZero() || !got.Open(end.Add(time.Hour)) {
		t.Errorf("re-opening kept the deadline: %+v", got)
	}
}

// testRound: a second round is a new current question with the first's
// spec; answers to the first stay, and the first round takes no more.
func testRound(t *testing.T, a, b store.Classes) {
	code, q := flowClass(t, a, "R")
	a.Answer(ctx, code, q.ID, "d1", "1", store.Send{}, 3, now)
	r, err := b.AskRound(ctx, code, q.ID, now)
	if err != nil || r.ID != q.ID+1 || r.RoundOf != q.ID || r.Round() != 2 {
		t.Fatalf("AskRound = %+v, %v; want question %d, round 2 of %d", r, err, q.ID+1, q.ID)
	}
	got, _ := a.Question(ctx, code, r.ID)
	if got.Spec != q.Spec || got.RoundOf != q.ID {
		t.Errorf("second round = %+v; want the first's spec and round_of %d", got, q.ID)
	}
	if c, _ := a.Class(ctx, code, now); c.Question != r.ID {
		t.Errorf("current question %d; want the second round %d", c.Question, r.ID)
	}
	if err := a.Answer(ctx, code, q.ID, "d1", "2", store.Send{}, 3, now); !errors.Is(err, store.ErrClosed) {
		t.Errorf("answering the first round after the second began = %v; want ErrClosed", err)
	}
	if err := a.Answer(ctx, code, r.ID, "d1", "2", store.Send{}, 3, now); err != nil {
		t.Errorf("answering the second round = %v", err)
	}
	if mine, _ := a.AnswerOf(ctx, code, q.ID, "d1"); mine.Value != "1" {
		t.Errorf("the first round's answer became %q", mine.Value)
	}
	if _, err := a.AskRound(ctx, code, q.ID, now); !errors.Is(err, store.ErrExists) {
		t.Errorf("a second second round = %v; want ErrExists", err)
	}
	if _, err := a.AskRound(ctx, code, r.ID, now); !errors.Is(err, store.ErrExists) {
		t.Errorf("a round of a second round = %v; want ErrExists", err)
	}
	if _, err := a.AskRound(ctx, code, 99, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a round of an unknown question = %v; want ErrNotFound", err)
	}
}

// testNicknames: the option is the class's; a joined device gives its
// nickname, unique in the class, and may correct it once; the class secret
// is made once and shared.
func testNicknames(t *testing.T, a, b store.Classes) {
	code, _ := flowClass(t, a, "N")
	if c, _ := b.Class(ctx, code, now); c.Nicknames {
		t.Error("nicknames are on before the teacher turns them on")
	}
	if err := a.SetNicknames(ctx, code, true); err != nil {
		t.Fatal(err)
	}
	if c, _ := b.Class(ctx, code, now); !c.Nicknames {
		t.Error("nicknames are off after the teacher turned them on")
	}
	if err := a.SetNickname(ctx, code, "d1", "<b>Ann</b>"); err != nil {
		t.Fatal(err)
	}
	a.Join(ctx, code, "d2", 500, now.Add(time.Second))
	if err := b.SetNickname(ctx, code, "d2", "<b>Ann</b>"); !errors.Is(err, store.ErrNickTaken) {
		t.Errorf("another student's nickname = %v; want ErrNickTaken", err)
	}
	if err := b.SetNickname(ctx, code, "d1", "<b>Ann</b>"); err != nil {
		t.Errorf("the same nickname again = %v; want nil (no correction spent)", err)
	}
	if err := b.SetNickname(ctx, code, "d1", "Ann"); err != nil {
		t.Errorf("the one correction = %v; want nil", err)
	}
	if err := b.SetNickname(ctx, code, "d2", "<b>Ann</b>"); err != nil {
		t.Errorf("a nickname freed by a correction = %v; want nil", err)
	}
	if err := a.SetNickname(ctx, code, "d1", "Bob"); !errors.Is(err, store.ErrExists) {
		t.Errorf("a second correction = %v; want ErrExists", err)
	}
	if err := b.SetNickname(ctx, code, "d9", "Bob"); !errors.Is(err, store.ErrNotStudent) {
		t.Errorf("a nickname before joining = %v; want ErrNotStudent", err)
	}
	sts, err := b.Students(ctx, code)
	if err != nil || len(sts) != 2 || sts[0].Device != "d1" || sts[0].Nickname != "Ann" || sts[0].Corrections != 1 ||
		sts[1].Nickname != "<b>Ann</b>" || sts[1].Corrections != 0 {
		t.Errorf("Students = %+v, %v; want d1 Ann (corrected once), d2 <b>Ann</b>", sts, err)
	}
	twin, _ := flowClass(t, a, "O")
	a.Join(ctx, twin, "d1", 500, now)
	if err := a.SetNickname(ctx, twin, "d1", "Ann"); err != nil {
		t.Errorf("one nickname in two classes = %v; want nil (unique per class)", err)
	}
	if st, err := a.Student(ctx, code, "d9"); !errors.Is(err, store.ErrNotStudent) {
		t.Errorf("Student of an unknown device = %+v, %v; want ErrNotStudent", st, err)
	}
	if err := a.SetNicknames(ctx, "nope", true); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetNicknames of an unknown class = %v; want ErrNotFound", err)
	}
	x, err1 := a.ClassSecret(ctx, code)
	y, err2 := b.ClassSecret(ctx, code)
	if err1 != nil || err2 != nil || len(x) != 32 || string(x) != string(y) {
		t.Errorf("ClassSecret = %x (%v), %x (%v); want the same 32 bytes", x, err1, y, err2)
	}
	other, _ := flowClass(t, a, "M")
	if z, _ := a.ClassSecret(ctx, other); string(z) == string(x) {
		t.Error("two classes share a secret")
	}
	if _, err := a.ClassSecret(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ClassSecret of an unknown class = %v; want ErrNotFound", err)
	}
}

// testDeleteClass: ending a class deletes it and every row of it, and
// nothing of another class.
func testDeleteClass(t *testing.T, a, b store.Classes) {
	code, q := flowClass(t, a, "E")
	keep, kq := flowClass(t, a, "K")
	for _, c := range []struct {
		code string
		id   int
	}{{code, q.ID}, {keep, kq.ID}} {
		if err := a.Answer(ctx, c.code, c.id, "d1", "1", store.Send{}, 3, now); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.DeleteClass(ctx, code); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Class(ctx, code, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Class after DeleteClass = %v; want ErrNotFound", err)
	}
	qs, _ := a.Questions(ctx, code)
	as, _ := a.Answers(ctx, code, q.ID)
	sts, _ := a.Students(ctx, code)
	if len(qs)+len(as)+len(sts) != 0 {
		t.Errorf("after DeleteClass: %d questions, %d answers, %d students remain", len(qs), len(as), len(sts))
	}
	if err := a.DeleteClass(ctx, code); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleting twice = %v; want ErrNotFound", err)
	}
	kqs, _ := a.Questions(ctx, keep)
	kas, _ := a.Answers(ctx, keep, kq.ID)
	ksts, _ := a.Students(ctx, keep)
	if len(kqs) != 1 || len(kas) != 1 || len(ksts) != 1 {
		t.Errorf("another class lost rows: %d questions, %d answers, %d students", len(kqs), len(kas), len(ksts))
	}
}

// testDeadlineGrace: an answer first sent before the deadline (Send.At) is
// taken on a resend until its grace after the deadline, not after; one
// first sent at or after the deadline is closed, and so is any answer once
// the teacher closed voting.
func testDeadlineGrace(t *testing.T, a, b store.Classes) {
	code, q := flowClass(t, a, "G")
	end := now.Add(time.Second)
	if err := a.SetDeadline(ctx, code, q.ID, end); err != nil {
		t.Fatal(err)
	}
	early := store.Send{ID: "early", Seq: 1, At: end.Add(-4 * time.Second), Grace: 30 * time.Second}
	if err := b.Answer(ctx, code, q.ID, "d1", "1", early, 3, end.Add(29*time.Second)); err != nil {
		t.Errorf("a resend 29 s after the deadline of an answer sent 4 s before it = %v; want it taken", err)
	}
	late := store.Send{ID: "late", Seq: 2, At: end, Grace: 30 * time.Second}
	if err := b.Answer(ctx, code, q.ID, "d1", "2", late, 3, end.Add(time.Second)); !errors.Is(err, store.ErrClosed) {
		t.Errorf("an answer first sent at the deadline = %v; want ErrClosed", err)
	}
	again := store.Send{ID: "again", Seq: 3, At: end.Add(-time.Second), Grace: 30 * time.Second}
	if err := a.Answer(ctx, code, q.ID, "d1", "3", again, 3, end.Add(31*time.Second)); !errors.Is(err, store.ErrClosed) {
		t.Errorf("a resend 31 s after the deadline = %v; want ErrClosed (past the grace)", err)
	}
	if as, _ := a.Answers(ctx, code, q.ID); len(as) != 1 || as[0].Value != "1" {
		t.Errorf("answers = %+v; want the one sent early", as)
	}
	a.SetVoting(ctx, code, q.ID, false)
	if err := a.Answer(ctx, code, q.ID, "d1", "4", store.Send{At: now, Grace: time.Hour}, 3, now); !errors.Is(err, store.ErrClosed) {
		t.Errorf("an answer sent early to a question the teacher closed = %v; want ErrClosed", err)
	}
}

// testExtendDeadlines: a store outage extends the timers of the classes
// named that run at its start by its length, once however many replicas
// report it (and by the uncovered part of an overlapping report); a timer
// that ended before it and the classes not named keep theirs.
func testExtendDeadlines(t *testing.T, a, b store.Classes) {
	code, q := flowClass(t, a, "E")
	endedCode, ended := flowClass(t, a, "E")
	otherCode, other := flowClass(t, a, "E")
	start := now.Add(time.Hour)
	end := start.Add(5 * time.Second)
	a.SetDeadline(ctx, code, q.ID, end)
	a.SetDeadline(ctx, endedCode, ended.ID, start.Add(-time.Second))
	a.SetDeadline(ctx, otherCode, other.ID, end)
	from, to := start.Add(2*time.Second), start.Add(12*time.Second) // 10 s down, from 3 s before the deadline
	codes, err := a.ExtendDeadlines(ctx, []string{code, endedCode}, from, to)
	if err != nil || !slices.Equal(codes, []string{code}) {
		t.Fatalf("ExtendDeadlines = %v, %v; want [%s] (not %s, whose timer had ended)", codes, err, code, endedCode)
	}
	if _, err := b.ExtendDeadlines(ctx, []string{code}, from.Add(100*time.Millisecond), to.Add(-100*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	if _, err := b.ExtendDeadlines(ctx, []string{code, "NOSUCH"}, from.Add(time.Second), to.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	got, _ := b.Question(ctx, code, q.ID)
	if want := end.Add(11 * time.Second); !got.Deadline.Equal(want) {
		t.Errorf("deadline after one outage of 10 s reported three times (the last 1 s longer) = %v; want %v (+11 s)", got.Deadline, want)
	}
	if got, _ := a.Question(ctx, endedCode, ended.ID); !got.Deadline.Equal(start.Add(-time.Second)) {
		t.Errorf("a timer that ended before the outage moved to %v", got.Deadline)
	}
	if got, _ := a.Question(ctx, otherCode, other.ID); !got.Deadline.Equal(end) {
		t.Errorf("a class not named moved its timer to %v", got.Deadline)
	}
}
