package class_test

// The scripted lecture of issue 40's "Done when": a whole class as a
// lecturer runs it, with a script flooding from the hall's own address.

import (
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gaelab/web/store"
	"gaelab/web/webtest"
)

// lecturePhones is how many real students the scripted lecture seats.
const lecturePhones = 60

// lectureStudent is one real student's phone in the scripted lecture.
type lectureStudent struct {
	*client
	nick   string
	votes  map[string]string // "question/round" → the answer last acknowledged
	resent *atomic.Int64     // sends refused for load (429, 5xx) and sent again, all phones
}

// vote answers the phone's current question through its page's form, as
// class-answer.js does (the page's send id, resent while refused for load),
// and records it once acknowledged.
func (s *lectureStudent) vote(t *testing.T, code, qr, a string) {
	_, page := s.Get("/join/" + code)
	resp, body := s.press(t, page, "phone-form", url.Values{"a": {a}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Errorf("%s's vote %s = %s: %d %.300s; want 303", s.nick, qr, a, resp.StatusCode, body)
		return
	}
	s.votes[qr] = a
}

// press posts the form data-testid=testid of page with its hidden fields
// and extra, and posts it again, the same, after a 429's Retry-After or a
// 5xx's backoff (as class-answer.js sends an answer, and as a student
// presses a button again when told to wait a second), up to 20 times.
func (s *lectureStudent) press(t *testing.T, page, testid string, extra url.Values) (*http.Response, string) {
	f := doc(t, page).Find(`form[data-testid="` + testid + `"]`)
	if f.Length() != 1 {
		t.Errorf("%s: no form %q in the page:\n%.2000s", s.nick, testid, page)
		return &http.Response{StatusCode: 0}, ""
	}
	form := webtest.FormValues(f)
	for k, v := range extra {
		form[k] = v
	}
	for attempt := 0; ; attempt++ {
		resp, body := s.PostForm(f.AttrOr("action", ""), form)
		if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode < 500 || attempt == 20 {
			return resp, body
		}
		s.resent.Add(1)
		wait := 500 * time.Millisecond << min(attempt, 4)
		if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
			wait = max(wait, time.Duration(secs)*time.Second)
		}
		time.Sleep(time.Duration(float64(wait) * (0.75 + rand.Float64()/2)))
	}
}

// TestScriptedLecture (issue 40, "Done when"): 60 phones behind one
// address (the hall's NAT) join with the wall's join word and give
// nicknames; three questions, each with a timer and peer instruction (a
// first round, a second round, the reveal): a cell question, a lesson's
// sign question from the queue prepared before class (Next), and the
// teacher's own question; then the CSV through the Bearer route, and End.
// All along, a script on the same address that has not seen the wall
// makes students, guesses join words and codes, and sends answers. Every
// real student votes in every round, every vote is in the CSV as sent
// (by nickname), the script takes no seat and puts nothing in the CSV, and
// the class is gone after End.
func TestScriptedLecture(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		t.Parallel() // each database's lecture on its own hall address, side by side
		start := time.Now()
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		hall := randomLoopback()
		teacher := newClient(t, srv.URL)
		teacher.controls(code, key) // the teacher cookie
		for _, step := range []struct {
			action string
			body   any
		}{
			{"nicknames", map[string]any{"on": true}},
			{"joinword", map[string]any{"on": true}},
			{"queue", map[string]any{"block": "scores-and-rewards#predict-k1-negative-kl"}},
		} {
			if status, m := flow(t, srv.URL, code, key, step.action, step.body); status != http.StatusOK {
				t.Fatalf("before class, %s = %d %v", step.action, status, m)
			}
		}
		_, wall := teacher.Get("/class/" + code + "/wall")
		said := doc(t, wall).Find(`[data-testid="class-wall-word"]`).Text()
		word := strings.TrimSpace(said[strings.LastIndex(said, " ")+1:])

		// The flooder: from the hall's address, without the word.
		stop := make(chan struct{})
		var flooded sync.WaitGroup
		var sent, seated atomic.Int64
		var odd sync.Map // unexpected status → a request that got it
		flooded.Add(1)
		go func() {
			defer flooded.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				time.Sleep(20 * time.Millisecond) // ≤ 200 requests a second: the script made 140 students a second
				bot := phoneAt(t, srv.URL, hall)
				bot.Get("/join/" + code) // its cookies: a page load takes no seat
				tok := bot.Cookie("gaelab_csrf")
				for _, r := range []struct {
					path string
					form url.Values
					ok   []int
				}{
					{"/class/" + code + "/answer", url.Values{"csrf": {tok}, "q": {"1"}, "a": {"0.4"}}, []int{http.StatusConflict, http.StatusTooManyRequests, http.StatusUnprocessableEntity}},
					{"/class/" + code + "/nickname", url.Values{"csrf": {tok}, "nick": {fmt.Sprintf("bot%d", i)}}, []int{http.StatusConflict, http.StatusTooManyRequests}},
					{"/class/" + code + "/join", url.Values{"csrf": {tok}, "word": {fmt.Sprintf("%04d", (i*7919+13)%10000)}}, []int{http.StatusUnprocessableEntity, http.StatusTooManyRequests, http.StatusSeeOther}},
				} {
					resp, _ := bot.PostForm(r.path, r.form)
					sent.Add(1)
					if resp.StatusCode == http.StatusSeeOther {
						if r.form.Get("word") == word { // a lucky guess: one seat, which the script then uses
							seated.Add(1)
							continue
						}
						odd.Store(fmt.Sprintf("%s %d", r.path, resp.StatusCode), true)
					} else if !containsInt(r.ok, resp.StatusCode) {
						odd.Store(fmt.Sprintf("%s %d", r.path, resp.StatusCode), true)
					}
				}
				if resp, _ := bot.Get("/join/" + randomCode()); resp.StatusCode != http.StatusNotFound && resp.StatusCode != http.StatusTooManyRequests {
					odd.Store(fmt.Sprintf("unknown code %d", resp.StatusCode), true)
				}
				sent.Add(1)
			}
		}()
		defer func() {
			select {
			case <-stop:
			default:
				close(stop)
			}
			flooded.Wait()
		}()

		// Join: the word, then a nickname (two students pick one already
		// taken and correct it once), the phones side by side.
		students := make([]*lectureStudent, lecturePhones)
		var resent atomic.Int64
		all := func(fn func(i int, s *lectureStudent)) {
			var wg sync.WaitGroup
			for i, s := range students {
				wg.Add(1)
				go func() {
					defer wg.Done()
					fn(i, s)
				}()
			}
			wg.Wait()
		}
		for i := range students {
			students[i] = &lectureStudent{client: phoneAt(t, srv.URL, hall), nick: fmt.Sprintf("Student %02d", i), votes: map[string]string{}, resent: &resent}
			students[i].Lang = []string{"en", "zh"}[i%2]
		}
		all(func(i int, s *lectureStudent) {
			_, page := s.Get("/join/" + code)
			if resp, body := s.press(t, page, "phone-word", url.Values{"word": {word}}); resp.StatusCode != http.StatusSeeOther {
				t.Errorf("%s's join word = %d %.300s; want 303", s.nick, resp.StatusCode, body)
				return
			}
			_, page = s.Get("/join/" + code)
			if resp, body := s.press(t, page, "phone-nick", url.Values{"nick": {s.nick}}); resp.StatusCode != http.StatusSeeOther {
				t.Errorf("%s's nickname = %d %.300s; want 303", s.nick, resp.StatusCode, body)
			}
		})
		if t.Failed() {
			t.FailNow()
		}
		// Phone 0 tries phone 1's nickname (refused), keeps its own.
		_, page := students[0].Get("/join/" + code)
		if resp, _ := students[0].submit(page, "phone-nick-fix", url.Values{"nick": {students[1].nick}}); resp.StatusCode == http.StatusSeeOther {
			t.Errorf("a nickname taken by another student was accepted")
		}
		joined := time.Since(start)

		// The lecture: each question's first round under a timer, a second
		// round (peer instruction) under a timer, then the reveal.
		questions := []struct {
			ask     func()
			answers func(round, i int) string
		}{
			{func() { askCell(t, srv.URL, code, key) }, func(round, i int) string { // right: 0.4
				if round == 1 && i%3 != 0 {
					return "0.3"
				}
				return "0.4"
			}},
			{func() {
				if status, m := flow(t, srv.URL, code, key, "next", nil); status != http.StatusCreated {
					t.Fatalf("Next = %d %v", status, m)
				}
			}, func(round, i int) string { return []string{"+", "-", "0"}[(i+round)%3] }},
			{func() {
				if status, m := flow(t, srv.URL, code, key, "own", map[string]any{"text": "What is A₀ here, to one decimal?", "kind": "number", "answer": "-1.5", "tolerance": 0.05}); status != http.StatusCreated {
					t.Fatalf("own = %d %v", status, m)
				}
			}, func(round, i int) string { return []string{"-1.5", "1.5", "−1,5", "－１.５"}[(i*round)%4] }},
		}
		var rounds []time.Duration // when each round's votes were all in, since the start
		for qi, q := range questions {
			q.ask()
			for round := 1; round <= 2; round++ {
				if round == 2 {
					if status, m := flow(t, srv.URL, code, key, "round", nil); status != http.StatusCreated {
						t.Fatalf("Q%d round 2 = %d %v", qi+1, status, m)
					}
				}
				if status, m := flow(t, srv.URL, code, key, "timer", map[string]any{"seconds": 120}); status != http.StatusOK {
					t.Fatalf("Q%d round %d timer = %d %v", qi+1, round, status, m)
				}
				qr := fmt.Sprintf("%d/%d", qi+1, round)
				// The students press Send within half a second of each other.
				all(func(i int, s *lectureStudent) {
					time.Sleep(time.Duration(i) * 8 * time.Millisecond)
					s.vote(t, code, qr, q.answers(round, i))
				})
				rounds = append(rounds, time.Since(start).Round(time.Millisecond))
				if _, m := api(t, srv.URL, "GET", "/api/v1/classes/"+code+"/results", key, nil); m["answers"] != float64(lecturePhones) {
					t.Errorf("Q%d round %d: %v answers; want %d", qi+1, round, m["answers"], lecturePhones)
				}
				if round == 1 {
					if status, m := flow(t, srv.URL, code, key, "close", nil); status != http.StatusOK {
						t.Fatalf("Q%d close = %d %v", qi+1, status, m)
					}
				}
			}
			if qi == len(questions)-1 { // the last round's timer runs out; a change after it is refused
				timeUp(t, srv.URL, code, key)
				s := students[0]
				_, page := s.Get("/join/" + code)
				if f := doc(t, page).Find(`form[data-testid="phone-form"]`); f.Length() != 0 {
					t.Errorf("the phone still offers its form after the timer ran out")
				}
				if resp, _ := s.PostForm("/class/"+code+"/answer", url.Values{"csrf": {s.Cookie("gaelab_csrf")}, "q": {doc(t, page).Find(`input[name="q"]`).AttrOr("value", "")}, "a": {"7"}}); resp.StatusCode == http.StatusSeeOther {
					t.Errorf("a change after the timer ran out was taken")
				}
			}
			if status, m := api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, nil); status != http.StatusOK {
				t.Fatalf("Q%d reveal = %d %v", qi+1, status, m)
			}
		}
		close(stop)
		flooded.Wait()

		// The CSV, through the Bearer route: every vote of every student,
		// nothing of the script's.
		resp, body := webtest.NewClient(t, srv.URL).Get("/api/v1/classes/"+code+"/results.csv", "Authorization", "Bearer "+key)
		rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
		if resp.StatusCode != http.StatusOK || err != nil || len(rows) == 0 {
			t.Fatalf("CSV = %d, %v: %.500s", resp.StatusCode, err, body)
		}
		col := map[string]int{}
		for i, h := range rows[0] {
			col[h] = i
		}
		inCSV := map[string]string{} // nickname question/round → answer
		for _, r := range rows[1:] {
			inCSV[r[col["nickname"]]+" "+r[col["question"]]+"/"+r[col["round"]]] = r[col["answer"]]
			if r[col["kind"]] == "own" && r[col["text"]] != "What is A₀ here, to one decimal?" {
				t.Errorf("the own question's text in the CSV = %q", r[col["text"]])
			}
		}
		missing := 0
		for _, s := range students {
			for qr, a := range s.votes {
				got, ok := inCSV[s.nick+" "+qr]
				if !ok {
					missing++
					if missing <= 5 {
						t.Errorf("%s's vote %s (%s) is not in the CSV", s.nick, qr, a)
					}
				} else if !sameAnswer(got, a) {
					t.Errorf("%s's vote %s: the CSV says %q; sent %q", s.nick, qr, got, a)
				}
			}
			if len(s.votes) != 6 {
				t.Errorf("%s voted in %d rounds; want 6", s.nick, len(s.votes))
			}
		}
		if want := lecturePhones*6 + 1; len(rows) != want || missing > 0 {
			t.Errorf("the CSV has %d rows, %d votes missing; want %d rows (a header, %d students × 6 rounds), none missing",
				len(rows), missing, want, lecturePhones)
		}
		if n := seated.Load(); n > 1 {
			t.Errorf("the script took %d seats by guessing the word; want at most a lucky one", n)
		}
		odd.Range(func(k, _ any) bool {
			t.Errorf("the script's request got an unexpected answer: %v", k)
			return true
		})
		for _, r := range rows[1:] {
			if !strings.HasPrefix(r[col["nickname"]], "Student ") {
				t.Errorf("a row of someone else than the students in the CSV: %q", r)
				break
			}
		}
		_, students2 := results(t, srv.URL, code, key)
		// End: the class and its data go.
		if status, m := flow(t, srv.URL, code, key, "end", map[string]any{"confirm": true}); status != http.StatusOK {
			t.Fatalf("end = %d %v", status, m)
		}
		if status, _ := api(t, srv.URL, "GET", "/api/v1/classes/"+code+"/results.csv", key, nil); status != http.StatusForbidden {
			t.Errorf("the CSV after End = %d; want 403 (the class is gone)", status)
		}
		if resp, page := students[0].Get("/join/" + code); resp.StatusCode == http.StatusOK || strings.Contains(page, `data-testid="phone-form"`) {
			t.Errorf("a phone after End = %d:\n%.800s", resp.StatusCode, page)
		}
		t.Logf("%d students (%s) joined in %v; %d of their sends were refused for load and sent again; the script sent %d requests from the same address (%d seats by a lucky word); the rounds' votes were in at %v; the lecture took %v",
			lecturePhones, students2, joined.Round(time.Millisecond), resent.Load(), sent.Load(), seated.Load(), rounds, time.Since(start).Round(time.Millisecond))
	})
}

// timeUp sets the current question's timer to 1 s and waits until voting
// has closed.
func timeUp(t *testing.T, base, code, key string) {
	t.Helper()
	if status, m := flow(t, base, code, key, "timer", map[string]any{"seconds": 1}); status != http.StatusOK {
		t.Fatalf("timer 1 s = %d %v", status, m)
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if _, m := api(t, base, "GET", "/api/v1/classes/"+code+"/results", key, nil); m["open"] == false {
			return
		}
	}
	t.Fatal("voting still open 10 s after a 1 s timer")
}

// containsInt reports whether xs holds x.
func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// sameAnswer reports whether the CSV's answer is the one sent, as the
// store normalizes it (a decimal comma, full-width digits, every minus
// sign: web/answer's reading).
func sameAnswer(csv, sent string) bool {
	norm := strings.NewReplacer("−", "-", "－", "-", ",", ".", "１", "1", "５", "5").Replace(sent)
	return csv == norm || csv == strings.TrimSuffix(norm, ".0")
}
