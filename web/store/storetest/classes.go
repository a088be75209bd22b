package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"gaelab/web/store"
)

func newClass(t *testing.T, s store.Classes, code string) store.Class {
	t.Helper()
	c := store.Class{Code: code, KeyHash: "ab", Created: now, Expires: now.Add(24 * time.Hour)}
	if err := s.CreateClass(ctx, c); err != nil {
		t.Fatalf("CreateClass(%s): %v", code, err)
	}
	return c
}

func testClass(t *testing.T, a, b store.Classes) {
	code := unique(t, "C")
	newClass(t, a, code)
	if err := a.CreateClass(ctx, store.Class{Code: code, KeyHash: "cd", Created: now, Expires: now}); !errors.Is(err, store.ErrExists) {
		t.Errorf("CreateClass of a taken code = %v; want ErrExists", err)
	}
	c, err := b.Class(ctx, code, now)
	if err != nil || c.KeyHash != "ab" || c.Question != 0 || !c.Expires.Equal(now.Add(24*time.Hour)) {
		t.Errorf("Class = %+v, %v", c, err)
	}
	if _, err := a.Class(ctx, code, now.Add(25*time.Hour)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an expired class: %v; want ErrNotFound", err)
	}
	if _, err := a.Class(ctx, "nope", now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown class: %v; want ErrNotFound", err)
	}
}

func testQuestions(t *testing.T, a, b store.Classes) {
	code := unique(t, "Q")
	newClass(t, a, code)
	q1, err := a.Ask(ctx, code, `{"n":1}`, now)
	if err != nil || q1.ID != 1 {
		t.Fatalf("Ask = %+v, %v; want id 1", q1, err)
	}
	q2, err := b.Ask(ctx, code, `{"n":2}`, now)
	if err != nil || q2.ID != 2 {
		t.Fatalf("second Ask = %+v, %v; want id 2", q2, err)
	}
	if c, _ := a.Class(ctx, code, now); c.Question != 2 {
		t.Errorf("current question = %d; want 2", c.Question)
	}
	if err := a.Reveal(ctx, code, 1); err != nil {
		t.Fatal(err)
	}
	qs, err := b.Questions(ctx, code)
	if err != nil || len(qs) != 2 || !qs[0].Revealed || qs[1].Revealed || qs[1].Spec != `{"n":2}` {
		t.Errorf("Questions = %+v, %v", qs, err)
	}
	if _, err := a.Question(ctx, code, 3); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Question 3 = %v; want ErrNotFound", err)
	}
	if _, err := a.Ask(ctx, "nope", "{}", now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Ask in an unknown class = %v; want ErrNotFound", err)
	}
	if err := a.Reveal(ctx, code, 9); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Reveal of an unknown question = %v; want ErrNotFound", err)
	}
}

// onReplicas runs f(i, s) for i = 0 … n−1 at once, even i on replica a and
// odd i on b, and waits for them all.
func onReplicas(n int, a, b store.Classes, f func(i int, s store.Classes)) {
	var wg sync.WaitGroup
	for i := range n {
		s := a
		if i%2 == 1 {
			s = b
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(i, s)
		}()
	}
	wg.Wait()
}

// refusals counts the joins refused because the class is full; any other
// error fails the test.
type refusals struct {
	mu sync.Mutex
	n  int
}

func (r *refusals) join(t *testing.T, s store.Classes, code, device string, max int) {
	err := s.Join(ctx, code, device, max, now)
	if errors.Is(err, store.ErrFull) {
		r.mu.Lock()
		r.n++
		r.mu.Unlock()
	} else if err != nil {
		t.Errorf("Join: %v", err)
	}
}

func testJoinCap(t *testing.T, a, b store.Classes) {
	code := unique(t, "J")
	newClass(t, a, code)
	var full refusals
	onReplicas(20, a, b, func(i int, s store.Classes) {
		full.join(t, s, code, fmt.Sprintf("dev%d", i), 10)
	})
	c, _ := a.Class(ctx, code, now)
	if c.Students != 10 || full.n != 10 {
		t.Errorf("20 joins with a cap of 10: %d students, %d refused; want 10 and 10", c.Students, full.n)
	}
	if err := a.Join(ctx, code, "dev0", 10, now); err != nil && !errors.Is(err, store.ErrFull) {
		t.Errorf("joining again: %v", err)
	}
	if c, _ := a.Class(ctx, code, now); c.Students != 10 {
		t.Errorf("joining again changed the count to %d", c.Students)
	}
	if err := a.Join(ctx, "nope", "d", 10, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Join an unknown class = %v; want ErrNotFound", err)
	}
}

// A replica's joins of one class that arrive together are enrolled in a
// few transactions, not one each (store.SQL's Join), and the cap holds
// inside a batch: 200 phones at once on one replica, then 30 more with
// room for 10.
func testJoinBatches(t *testing.T, a, _ store.Classes) {
	counter, ok := a.(interface{ JoinTransactions() int64 })
	if !ok {
		t.Fatalf("%T does not count its join transactions", a)
	}
	code := unique(t, "JB")
	newClass(t, a, code)
	before := counter.JoinTransactions()
	var wg sync.WaitGroup
	for i := range 200 {
		wg.Go(func() {
			if err := a.Join(ctx, code, fmt.Sprintf("dev%d", i), 210, now); err != nil {
				t.Errorf("Join: %v", err)
			}
		})
	}
	wg.Wait()
	if n := counter.JoinTransactions() - before; n > 100 {
		t.Errorf("200 joins at once took %d transactions; want them batched (at most 100)", n)
	} else {
		t.Logf("200 joins at once: %d transactions", n)
	}
	var full refusals
	for i := range 30 {
		wg.Go(func() { full.join(t, a, code, fmt.Sprintf("late%d", i), 210) })
	}
	wg.Wait()
	if c, _ := a.Class(ctx, code, now); c.Students != 210 || full.n != 20 {
		t.Errorf("30 more joins with room for 10: %d students, %d refused; want 210 and 20", c.Students, full.n)
	}
	for _, d := range []string{"dev7", "late3"} { // in, or refused: never a second seat
		a.Join(ctx, code, d, 210, now)
	}
	if c, _ := a.Class(ctx, code, now); c.Students != 210 {
		t.Errorf("joining again changed the count to %d", c.Students)
	}
}

func testAnswer(t *testing.T, a, b store.Classes) {
	code := unique(t, "A")
	newClass(t, a, code)
	q, _ := a.Ask(ctx, code, "{}", now)
	if err := a.Answer(ctx, code, q.ID, "d1", "0.5", store.Send{}, 3, now); !errors.Is(err, store.ErrNotStudent) {
		t.Errorf("answer before joining = %v; want ErrNotStudent", err)
	}
	for _, d := range []string{"d1", "d2"} {
		if err := a.Join(ctx, code, d, 500, now); err != nil {
			t.Fatal(err)
		}
	}
	for i, v := range []string{"1", "2", "3"} {
		if err := b.Answer(ctx, code, q.ID, "d1", v, store.Send{}, 3, now.Add(time.Duration(i)*time.Second)); err != nil {
			t.Fatalf("answer %d: %v", i+1, err)
		}
	}
	if err := a.Answer(ctx, code, q.ID, "d1", "4", store.Send{}, 3, now); !errors.Is(err, store.ErrTooMany) {
		t.Errorf("a 4th answer with 3 allowed = %v; want ErrTooMany", err)
	}
	a.Answer(ctx, code, q.ID, "d2", "7", store.Send{}, 3, now)
	got, err := a.Answers(ctx, code, q.ID)
	if err != nil || len(got) != 2 {
		t.Fatalf("Answers = %+v, %v", got, err)
	}
	byDev := map[string]store.Answer{}
	for _, x := range got {
		byDev[x.Device] = x
	}
	if byDev["d1"].Value != "3" || byDev["d1"].Changes != 3 || byDev["d2"].Value != "7" {
		t.Errorf("Answers = %+v; want d1's last answer 3 (3 times), d2's 7", got)
	}
	if x, err := b.AnswerOf(ctx, code, q.ID, "d2"); err != nil || x.Value != "7" {
		t.Errorf("AnswerOf = %+v, %v", x, err)
	}
	if _, err := b.AnswerOf(ctx, code, q.ID, "d9"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AnswerOf a silent device = %v; want ErrNotFound", err)
	}
	a.Reveal(ctx, code, q.ID)
	if err := a.Answer(ctx, code, q.ID, "d2", "8", store.Send{}, 3, now); !errors.Is(err, store.ErrClosed) {
		t.Errorf("answer after the reveal = %v; want ErrClosed", err)
	}
	if err := a.Answer(ctx, code, 99, "d2", "8", store.Send{}, 3, now); !errors.Is(err, store.ErrClosed) {
		t.Errorf("answer to an unknown question = %v; want ErrClosed", err)
	}
	q2, _ := a.Ask(ctx, code, "{}", now)
	q3, _ := a.Ask(ctx, code, "{}", now)
	if err := a.Answer(ctx, code, q2.ID, "d2", "8", store.Send{}, 3, now); !errors.Is(err, store.ErrClosed) {
		t.Errorf("answer to a question no longer current = %v; want ErrClosed", err)
	}
	if err := a.Answer(ctx, code, q3.ID, "d2", "8", store.Send{}, 3, now.Add(25*time.Hour)); !errors.Is(err, store.ErrClosed) {
		t.Errorf("answer in an expired class = %v; want ErrClosed", err)
	}
}

// testAnswerConcurrent: 100 students answer at once on two replicas, half
// change their answer; each last answer is counted exactly once.
func testAnswerConcurrent(t *testing.T, a, b store.Classes) {
	code := unique(t, "L")
	newClass(t, a, code)
	q, _ := a.Ask(ctx, code, "{}", now)
	onReplicas(100, a, b, func(i int, s store.Classes) {
		dev := fmt.Sprintf("d%d", i)
		if err := s.Join(ctx, code, dev, 500, now); err != nil {
			t.Errorf("Join: %v", err)
			return
		}
		if i%2 == 0 {
			if err := s.Answer(ctx, code, q.ID, dev, "first", store.Send{}, 20, now); err != nil {
				t.Errorf("Answer: %v", err)
			}
		}
		if err := s.Answer(ctx, code, q.ID, dev, "last", store.Send{}, 20, now); err != nil {
			t.Errorf("Answer: %v", err)
		}
	})
	got, _ := b.Answers(ctx, code, q.ID)
	last := 0
	for _, x := range got {
		if x.Value == "last" {
			last++
		}
	}
	if len(got) != 100 || last != 100 {
		t.Errorf("%d answers, %d of them the last; want 100 and 100", len(got), last)
	}
}

func testSweep(t *testing.T, a, b store.Classes) {
	old, fresh := unique(t, "O"), unique(t, "F")
	a.CreateClass(ctx, store.Class{Code: old, KeyHash: "x", Created: now.Add(-48 * time.Hour), Expires: now.Add(-24 * time.Hour)})
	newClass(t, a, fresh)
	for _, code := range []string{old, fresh} {
		q, _ := a.Ask(ctx, code, "{}", now)
		a.Join(ctx, code, "d", 5, now)
		a.Answer(ctx, code, q.ID, "d", "1", store.Send{}, 5, now)
	}
	n, err := b.DeleteExpired(ctx, now)
	if err != nil || n < 1 {
		t.Fatalf("DeleteExpired = %d, %v; want at least the expired class", n, err)
	}
	if qs, _ := a.Questions(ctx, old); len(qs) != 0 {
		t.Errorf("the expired class kept %d questions", len(qs))
	}
	if x, _ := a.Answers(ctx, old, 1); len(x) != 0 {
		t.Errorf("the expired class kept %d answers", len(x))
	}
	if _, err := a.Class(ctx, fresh, now); err != nil {
		t.Errorf("the fresh class was swept: %v", err)
	}
	if x, _ := a.Answers(ctx, fresh, 1); len(x) != 1 {
		t.Errorf("the fresh class has %d answers; want 1", len(x))
	}
}
