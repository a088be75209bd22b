package class_test

// A real room (issue 40): a full class, code guessing behind the class's own
// NAT, driven from distinct loopback source addresses (each test draws its
// own in 127.0.0.0/8, since PostgreSQL's buckets outlive a run).

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"gaelab/web/store"
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// randomLoopback is a loopback address (127.x.y.z) no other test or run uses.
func randomLoopback() string {
	return fmt.Sprintf("127.%d.%d.%d", rand.N(256), rand.N(256), 2+rand.N(253))
}

// phoneAt is a phone whose connections leave from the loopback address
// addr: the server sees it as its RemoteAddr, with no proxy in between.
func phoneAt(t *testing.T, base, addr string) *client {
	c := newClient(t, base)
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(addr)}, Timeout: 5 * time.Second}
	c.HTTP.Transport = &http.Transport{DialContext: func(ctx context.Context, network, a string) (net.Conn, error) {
		return d.DialContext(ctx, network, a)
	}}
	return c
}

// TestClassFullShownOnce: past the class's cap, a new student's answer is a
// 4xx (never resent by class-answer.js, which resends 5xx) on the phone's own
// page, in its language, and the refused sends spend none of the network's
// seats.
func TestClassFullShownOnce(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		// One seat back a minute: the test never waits for one.
		srv := server(t, open(t), webtest.Options{MaxStudents: 2, ClassAddrBurst: 3, ClassAddrRefill: 1})
		full, key := newClass(t, srv.URL)
		askCell(t, srv.URL, full, key)
		hall := randomLoopback()
		for i := range 2 {
			if resp, _ := phoneAt(t, srv.URL, hall).Answer(full, "0.4"); resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("student %d = %d; want 303", i+1, resp.StatusCode)
			}
		}
		for i, lang := range []string{"en", "zh", "en", "zh", "en"} {
			p := phoneAt(t, srv.URL, hall)
			p.Lang = lang
			resp, body := p.Answer(full, "0.4")
			want := map[string]string{"en": "This class is full: at most 2 students.", "zh": "这个课堂已满：最多 2 名学生。"}[lang]
			panel := doc(t, body).Find("#class-question").Text()
			if resp.StatusCode != http.StatusConflict || !strings.Contains(panel, want) {
				t.Fatalf("a third student (%d, %s) = %d, panel %q; want 409 with %q on the phone's page", i+1, lang, resp.StatusCode, panel, want)
			}
		}
		// The hall had 3 seats; 2 were taken, the 5 refusals took none.
		other, key2 := newClass(t, srv.URL)
		askCell(t, srv.URL, other, key2)
		if resp, body := phoneAt(t, srv.URL, hall).Answer(other, "0.4"); resp.StatusCode != http.StatusSeeOther {
			t.Errorf("the hall's third seat, in another class = %d %.200q; want 303 (refusals spent no seat)", resp.StatusCode, body)
		}
		resp, _ := phoneAt(t, srv.URL, hall).Answer(other, "0.4")
		if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
			t.Errorf("the hall's fourth seat = %d, Retry-After %q; want 429 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
		}
	})
}

// TestKnownCodeOpensBehindGuesser: a script behind the hall's address tries
// unknown codes until it is refused (429 with Retry-After, in its language);
// the real class's page, stream and answers still open from that address.
func TestKnownCodeOpensBehindGuesser(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		hall := randomLoopback()
		guesser := phoneAt(t, srv.URL, hall)
		guesser.Lang = "zh"
		for i := range 20 {
			if resp, _ := guesser.Get("/join/" + randomCode()); resp.StatusCode != http.StatusNotFound {
				t.Fatalf("unknown code %d = %d; want 404", i+1, resp.StatusCode)
			}
		}
		resp, body := guesser.Get("/join/" + randomCode())
		if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || !strings.Contains(body, "课堂代码") {
			t.Errorf("unknown code 21 = %d, Retry-After %q, %q; want 429 in Chinese with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"), body)
		}
		student := phoneAt(t, srv.URL, hall)
		if resp, _ := student.Get("/join/" + code); resp.StatusCode != http.StatusOK {
			t.Errorf("the real code behind the guesser = %d; want 200", resp.StatusCode)
		}
		stop := phoneStream(t, student, code)
		stop()
		if resp, _ := student.Answer(code, "0.4"); resp.StatusCode != http.StatusSeeOther {
			t.Errorf("an answer behind the guesser = %d; want 303", resp.StatusCode)
		}
	})
}

// TestPhoneNumberFieldTakesEveryMinus: the phone's number field opens a
// keyboard with a minus (inputmode="text", no pattern that could refuse
// what the server reads), and the answer form takes what web/answer reads:
// every minus sign and full-width digits, stored as the number.
func TestPhoneNumberFieldTakesEveryMinus(t *testing.T) {
	t.Parallel()
	srv := server(t, stores.SQLite(t), webtest.Options{})
	code, key := newClass(t, srv.URL)
	askCell(t, srv.URL, code, key)
	p := newClient(t, srv.URL)
	_, page := p.Get("/join/" + code)
	in := doc(t, page).Find("#class-a")
	if in.AttrOr("inputmode", "") != "text" || in.AttrOr("pattern", "") != "" || in.AttrOr("type", "text") != "text" {
		t.Errorf("the number field: inputmode %q, pattern %q, type %q; want text, none, text",
			in.AttrOr("inputmode", ""), in.AttrOr("pattern", ""), in.AttrOr("type", "text"))
	}
	for _, typed := range []string{"-0.4", "−0.4", "－０．４", "﹣0，4", "‑0.4", "–0.4", "— 0。4", "-４e-1"} {
		resp, body := p.Answer(code, typed)
		if resp.StatusCode != http.StatusSeeOther {
			t.Errorf("%q = %d %.200s; want 303", typed, resp.StatusCode, body)
			continue
		}
		_, page := p.Get("/join/" + code)
		if y := doc(t, page).Find(`[data-testid="phone-yours"]`).Text(); !strings.Contains(y, "-0.4") {
			t.Errorf("%q is stored as %q; want -0.4", typed, y)
		}
	}
}

// TestControlsKeepPickAndNumberAsAsked: after a lesson block is asked from
// the picker, the controls show the picker on that block (not back at the
// top of its 70); questions are numbered as asked: Q1, "Q1, round 2", then
// Q2 (not Q3), on the controls and on the phone, in both languages.
func TestControlsKeepPickAndNumberAsAsked(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		teacher := newClient(t, srv.URL)
		page := teacher.controls(code, key)
		opts := doc(t, page).Find(`#ask-block option`)
		if opts.Length() < 10 {
			t.Fatalf("the picker has %d options", opts.Length())
		}
		pick := opts.Eq(7).AttrOr("value", "")
		if resp, body := teacher.submit(page, "ask-block", url.Values{"block": {pick}}); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("ask %s = %d %.300s", pick, resp.StatusCode, body)
		}
		page = teacher.controls(code, key)
		if got := doc(t, page).Find(`#ask-block option[selected]`).AttrOr("value", ""); got != pick {
			t.Errorf("after asking %q the picker shows %q; want it kept", pick, got)
		}
		if status, m := flow(t, srv.URL, code, key, "round", nil); status != http.StatusCreated {
			t.Fatalf("round = %d %v", status, m)
		}
		if status, m := flow(t, srv.URL, code, key, "own", map[string]any{"text": "Sign of A?", "kind": "sign", "answer": "+"}); status != http.StatusCreated {
			t.Fatalf("own = %d %v", status, m)
		}
		for lang, want := range map[string]string{"en": "Question 2", "zh": "第 2 题"} {
			p := newClient(t, srv.URL)
			p.Lang = lang
			_, phone := p.Get("/join/" + code + "?lang=" + lang)
			if h := doc(t, phone).Find("#class-question h2").Text(); !strings.Contains(h, want) {
				t.Errorf("%s: the own question after Q1 and its second round is titled %q on the phone; want %q", lang, h, want)
			}
		}
		if live := doc(t, teacher.controls(code, key)).Find(`[data-testid="class-live"]`).Text(); !strings.Contains(live, "Question 2") || strings.Contains(live, "Question 3") {
			t.Errorf("the controls' live panel: %q; want Question 2, never 3", live)
		}
	})
}

// TestConnectedAcrossReplicas: the controls and the wall count the phones
// whose streams are open on either of two replicas of one database, apart
// from the students who answered ("answered 1 of 5 connected"), and count
// them down as phones leave.
func TestConnectedAcrossReplicas(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		st := open(t)
		a, b := server(t, st, webtest.Options{}), server(t, st, webtest.Options{})
		code, key := newClass(t, a.URL)
		askCell(t, a.URL, code, key)
		var stops []func()
		var first *client
		for i, base := range []string{a.URL, a.URL, a.URL, b.URL, b.URL} {
			p := phoneAt(t, base, randomLoopback())
			stops = append(stops, phoneStream(t, p, code))
			if i == 0 {
				first = p
			}
		}
		defer func() {
			for _, stop := range stops {
				stop()
			}
		}()
		teacher := newClient(t, a.URL)
		teacher.controls(code, key) // its cookie opens the controls and the wall
		until := func(what, testid, want string) {
			t.Helper()
			var got string
			for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
				for _, path := range []string{"/class/" + code + "/teach", "/class/" + code + "/wall"} {
					_, page := teacher.Get(path)
					if got = doc(t, page).Find(`[data-testid="` + testid + `"]`).Text(); !strings.Contains(got, want) {
						break
					}
				}
				if strings.Contains(got, want) {
					return
				}
			}
			t.Errorf("%s: %q on the controls or the wall; want %q", what, got, want)
		}
		until("five phones on two replicas", "class-connected", "5 phones connected")
		if resp, _ := first.Answer(code, "0.4"); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("answer = %d", resp.StatusCode)
		}
		until("one of them answered", "class-count", "answered 1 of 5 connected")
		stops[3]()
		stops[4]()
		until("replica b's phones left", "class-connected", "3 phones connected")
	})
}

// TestJoinWordTakesTheRoom: with the join word on, a script on the hall's
// own address that has not seen the wall takes no seat: its answers are
// refused (409, the word first), its guesses spend the address's unknown
// codes (429 with Retry-After), and nobody joins; a real student behind
// the same address reads the word on the wall (the controls do not show
// it), joins and answers. A seat on the controls' list goes in one action,
// with its answers; locking joining refuses the right word too; "remove all
// seats without an answer" frees the seats of the silent.
func TestJoinWordTakesTheRoom(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		teacher := newClient(t, srv.URL)
		if resp, _ := teacher.submit(teacher.controls(code, key), "flow-word", nil); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("join word on = %d", resp.StatusCode)
		}
		controls := teacher.controls(code, key)
		_, wall := teacher.Get("/class/" + code + "/wall")
		said := doc(t, wall).Find(`[data-testid="class-wall-word"]`).Text()
		word := strings.TrimSpace(said[strings.LastIndex(said, " ")+1:])
		if len(word) != 4 || strings.Contains(controls, word) && strings.Contains(controls, said) || doc(t, controls).Find(`[data-testid="class-wall-word"]`).Length() != 0 {
			t.Fatalf("the wall says %q (word %q); the controls must not show it", said, word)
		}
		hall := randomLoopback()
		for i := range 30 {
			bot := phoneAt(t, srv.URL, hall)
			bot.Lang = []string{"en", "zh"}[i%2]
			bot.Get("/join/" + code) // its cookies, as a script would fetch them
			resp, body := bot.PostForm("/class/"+code+"/answer", url.Values{"csrf": {bot.Cookie("gaelab_csrf")}, "q": {"1"}, "a": {"0.4"}})
			want := map[string]string{"en": "Type the join word", "zh": "请先输入投影上显示的加入口令"}[bot.Lang]
			if resp.StatusCode != http.StatusConflict || !strings.Contains(body, want) {
				t.Fatalf("a script's answer %d without the word = %d; want 409 with %q", i+1, resp.StatusCode, want)
			}
		}
		bot := phoneAt(t, srv.URL, hall)
		_, page := bot.Get("/join/" + code)
		// 20 wrong words, then 429 (a guess comes back every 3 s, so a loaded
		// machine may see one more 422 first).
		var last *http.Response
		wrong := 0
		for i := 0; wrong < 25; i++ {
			guess := fmt.Sprintf("%04d", (i*37+1)%10000)
			if guess == word {
				continue
			}
			wrong++
			last, _ = bot.submit(page, "phone-word", url.Values{"word": {guess}})
			if wrong <= 20 && last.StatusCode != http.StatusUnprocessableEntity {
				t.Fatalf("wrong word %d = %d; want 422", wrong, last.StatusCode)
			}
			if last.StatusCode == http.StatusTooManyRequests {
				break
			}
		}
		if last.StatusCode != http.StatusTooManyRequests || last.Header.Get("Retry-After") == "" {
			t.Errorf("the script's wrong word %d = %d, Retry-After %q; want 429 with Retry-After", wrong, last.StatusCode, last.Header.Get("Retry-After"))
		}
		if _, students := results(t, srv.URL, code, key); students != "0 students joined" {
			t.Errorf("after the script: %q; want nobody seated", students)
		}
		// A real student behind the same address, who sees the wall.
		student := phoneAt(t, srv.URL, hall)
		student.Lang = "zh"
		_, page = student.Get("/join/" + code + "?lang=zh")
		if resp, body := student.submit(page, "phone-word", url.Values{"word": {"　" + strings.Map(func(r rune) rune { return r - '0' + '０' }, word)}}); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("the wall's word, typed full-width = %d %.300s; want 303", resp.StatusCode, body)
		}
		if resp, _ := student.Answer(code, "0.4"); resp.StatusCode != http.StatusSeeOther {
			t.Errorf("the seated student's answer = %d; want 303", resp.StatusCode)
		}
		silent := phoneAt(t, srv.URL, randomLoopback())
		_, page = silent.Get("/join/" + code)
		if resp, _ := silent.submit(page, "phone-word", url.Values{"word": {word}}); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("a second student's word = %d", resp.StatusCode)
		}
		if _, students := results(t, srv.URL, code, key); students != "2 students joined" {
			t.Errorf("two seated: %q", students)
		}
		// A seat the teacher sees on the controls goes in one action.
		extra := phoneAt(t, srv.URL, hall)
		_, page = extra.Get("/join/" + code)
		extra.submit(page, "phone-word", url.Values{"word": {word}})
		extra.Answer(code, "9")
		seats := doc(t, teacher.controls(code, key)).Find(`[data-testid="flow-seats"] form[data-testid="flow-remove"]`)
		if seats.Length() != 3 {
			t.Fatalf("the controls list %d seats; want 3", seats.Length())
		}
		_, before := teacher.Get("/class/" + code + "/results.csv")
		var removed string
		for _, r := range strings.Split(before, "\n") {
			if strings.Contains(r, ",9,") {
				removed = strings.Split(r, ",")[8]
			}
		}
		if seats.Filter(`:has(input[name="student"][value="`+removed+`"])`).Length() != 1 {
			t.Errorf("no remove form for %q on the controls", removed)
		}
		if resp, body := teacher.PostForm("/class/"+code+"/flow/remove", url.Values{"csrf": {teacher.Cookie("gaelab_csrf")}, "student": {removed}}); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("remove %q = %d %.300s", removed, resp.StatusCode, body)
		}
		if _, after := teacher.Get("/class/" + code + "/results.csv"); removed == "" || strings.Contains(after, removed) {
			t.Errorf("after removing %q its answer is still in the CSV:\n%s", removed, after)
		}
		if resp, _ := teacher.submit(teacher.controls(code, key), "flow-lock", nil); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("lock = %d", resp.StatusCode)
		}
		late := phoneAt(t, srv.URL, randomLoopback())
		_, page = late.Get("/join/" + code)
		if resp, body := late.PostForm("/class/"+code+"/join", url.Values{"csrf": {late.Cookie("gaelab_csrf")}, "word": {word}}); resp.StatusCode != http.StatusConflict || !strings.Contains(body, "locked") {
			t.Errorf("the right word while locked = %d; want 409 saying joining is locked", resp.StatusCode)
		}
		if resp, _ := student.Answer(code, "0.3"); resp.StatusCode != http.StatusSeeOther {
			t.Errorf("a seated student while locked = %d; want 303", resp.StatusCode)
		}
		if resp, _ := teacher.submit(teacher.controls(code, key), "flow-prune", nil); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("prune = %d", resp.StatusCode)
		}
		if _, students := results(t, srv.URL, code, key); students != "1 student joined" {
			t.Errorf("after removing the seats without an answer: %q; want the one who answered", students)
		}
	})
}
