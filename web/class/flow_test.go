package class_test

// The teaching flow over HTTP on both databases: closing, re-opening and
// timing voting, the spread without the answer, a second round, the
// teacher's own question, nicknames, ending a class, and the CSV's ids.

import (
	"context"
	"encoding/csv"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/store"
	"gaelab/web/webtest"
)

// controls is the teacher's controls page (console), which must answer 200.
func (c *client) controls(code, key string) string {
	c.t.Helper()
	resp, page := c.console(code, key)
	if resp.StatusCode != 200 {
		c.t.Fatalf("console = %d %.300s", resp.StatusCode, page)
	}
	return page
}

// submit posts the form data-testid=testid of page with its hidden fields
// and extra.
func (c *client) submit(page, testid string, extra url.Values) (*http.Response, string) {
	c.t.Helper()
	f := doc(c.t, page).Find(`form[data-testid="` + testid + `"]`)
	if f.Length() != 1 {
		c.t.Fatalf("no form %q in the page:\n%.3000s", testid, page)
	}
	form := url.Values{}
	f.Find(`input[type="hidden"]`).Each(func(_ int, s *goquery.Selection) {
		form.Set(s.AttrOr("name", ""), s.AttrOr("value", ""))
	})
	for k, v := range extra {
		form[k] = v
	}
	return c.PostForm(f.AttrOr("action", ""), form)
}

// flow calls a flow step through the API.
func flow(t *testing.T, base, code, key, action string, body any) (int, map[string]any) {
	t.Helper()
	return api(t, base, "POST", "/api/v1/classes/"+code+"/flow/"+action, key, body)
}

// errField is the field an API error names.
func errField(m map[string]any) string {
	e, _ := m["error"].(map[string]any)
	f, _ := e["field"].(string)
	return f
}

// TestClassFlowVoting: the teacher closes voting without revealing (the
// phones say so and answers are refused in the student's language),
// shows the spread without the answer, re-opens; once revealed, voting
// cannot re-open. Forged or keyless flow POSTs are refused.
func TestClassFlowVoting(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		teacher, phone := newClient(t, srv.URL), newClient(t, srv.URL)
		phone.Answer(code, "0.3")
		page := teacher.controls(code, key)
		if resp, body := teacher.submit(page, "flow-voting", nil); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("closing voting = %d %.300s; want 303", resp.StatusCode, body)
		}
		phone.Lang = "zh"
		resp, body := phone.Answer(code, "0.4")
		if resp.StatusCode != http.StatusConflict || !strings.Contains(body, "本题投票已结束") {
			t.Errorf("an answer after closing = %d; want 409 in the student's language:\n%.2000s", resp.StatusCode, body)
		}
		phone.Lang = ""
		_, page = phone.Get("/join/" + code)
		d := doc(t, page)
		if d.Find(`[data-testid="phone-closed"]`).Length() != 1 || d.Find(`[data-testid="phone-form"]`).Length() != 0 {
			t.Errorf("a closed question's phone page should say so and have no form:\n%.2000s", page)
		}
		page = teacher.controls(code, key)
		d = doc(t, page)
		if got := d.Find(`[data-testid="flow-status"]`).Text(); !strings.Contains(got, "Voting is closed.") {
			t.Errorf("console status %q; want voting closed", got)
		}
		if d.Find(`[data-testid="class-engine"]`).Length() != 0 {
			t.Error("closing voting revealed the answer")
		}
		// The spread, without the answer.
		if resp, _ := teacher.submit(page, "flow-spread", nil); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("show = %d", resp.StatusCode)
		}
		d = doc(t, teacher.controls(code, key))
		chart := d.Find(`[data-testid="flow-spread-chart"] svg`)
		if chart.Find("rect").Length() != 1 || strings.Contains(chart.Text(), "✓") || d.Find(`[data-testid="class-engine"]`).Length() != 0 {
			t.Errorf("the spread should show one bar and no right answer: %q", chart.Text())
		}
		if _, m := api(t, srv.URL, "GET", "/api/v1/classes/"+code+"/results", key, nil); m["open"] != false || m["shown"] != true || m["round"] != 1.0 {
			t.Errorf("results %v; want closed, shown, round 1", m)
		}
		if status, m := flow(t, srv.URL, code, key, "reopen", nil); status != 200 || m["open"] != true {
			t.Fatalf("reopen = %d %v", status, m)
		}
		if resp, _ := phone.Answer(code, "0.4"); resp.StatusCode != http.StatusSeeOther {
			t.Errorf("an answer after re-opening = %d; want 303", resp.StatusCode)
		}
		api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, nil)
		if status, m := flow(t, srv.URL, code, key, "reopen", nil); status != http.StatusConflict || !strings.Contains(m["error"].(map[string]any)["message"].(string), "revealed") {
			t.Errorf("re-opening a revealed question = %d %v; want 409", status, m)
		}

		// Forgeries: no token, a wrong key (from a browser without the
		// teacher's cookie), another site, no key at all.
		tok := teacher.Cookie("gaelab_csrf")
		stranger := newClient(t, srv.URL)
		stranger.Get("/class") // its own CSRF cookie
		for name, tc := range map[string]struct {
			who    *client
			form   url.Values
			header []string
		}{
			"no token":   {teacher, url.Values{"k": {key}}, nil},
			"wrong key":  {stranger, url.Values{"k": {key[:20]}, "csrf": {stranger.Cookie("gaelab_csrf")}}, nil},
			"cross-site": {teacher, url.Values{"k": {key}, "csrf": {tok}}, []string{"Sec-Fetch-Site", "cross-site"}},
		} {
			if resp, body := tc.who.PostForm("/class/"+code+"/flow/close", tc.form, tc.header...); resp.StatusCode != http.StatusForbidden {
				t.Errorf("%s: %d %q; want 403", name, resp.StatusCode, body)
			}
		}
		if status, _ := flow(t, srv.URL, code, "nope", "close", nil); status != http.StatusForbidden {
			t.Errorf("API close with a wrong key = %d; want 403", status)
		}
		if status, m := flow(t, srv.URL, code, key, "fly", nil); status != http.StatusNotFound || errField(m) != "action" {
			t.Errorf("an unknown step = %d %v; want 404 naming the action", status, m)
		}
	})
}

// TestClassFlowTimer: a countdown of 1 s shows on the phone (live on its
// stream, and as a time of day without JavaScript), closes voting at zero
// on the store's clock, and the stream then says so by itself.
func TestClassFlowTimer(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		for _, bad := range []any{map[string]any{"seconds": 99999}, map[string]any{"seconds": -1}, map[string]any{"seconds": 1.5}, map[string]any{}} {
			if status, m := flow(t, srv.URL, code, key, "timer", bad); status != 422 || errField(m) != "seconds" {
				t.Errorf("timer %v = %d %v; want 422 naming seconds", bad, status, m)
			}
		}
		if status, _ := flow(t, srv.URL, code, key, "timer", map[string]any{"seconds": 30}); status != http.StatusConflict {
			t.Errorf("a timer before any question = %d; want 409", status)
		}
		askCell(t, srv.URL, code, key)
		phone := newClient(t, srv.URL)
		phone.Get("/join/" + code)
		events, stop := phone.Stream("/class/" + code + "/events")
		defer stop()
		// A long timer ticks on the stream every second, and shows without
		// JavaScript as the time left (no UTC time of day on a phone).
		if status, m := flow(t, srv.URL, code, key, "timer", map[string]any{"seconds": 30}); status != 200 || m["deadline"] == nil {
			t.Fatalf("timer = %d %v", status, m)
		}
		_, page := phone.Get("/join/" + code)
		if got := doc(t, page).Find(`[data-testid="phone-timer"]`).Text(); !strings.Contains(got, "0:30 left.") || strings.Contains(got, "UTC") {
			t.Errorf("phone timer %q; want the time left and no UTC time", got)
		}
		// (0:29 or, on a loaded machine whose page fetch took over a second,
		// a later tick: any time left under the 0:30 the page showed.)
		if e, ok := waitFor(events, "event: timer\ndata: 0:2", 3*time.Second); !ok {
			t.Errorf("no timer event on the phone's stream; last: %q", e)
		}
		// A short one closes voting at zero.
		start := time.Now()
		if status, m := flow(t, srv.URL, code, key, "timer", map[string]any{"seconds": 1}); status != 200 || m["deadline"] == nil {
			t.Fatalf("timer = %d %v", status, m)
		}
		if e, ok := waitFor(events, "Time is up", 3*time.Second); !ok {
			t.Errorf("the stream did not close voting at zero; last: %q", e)
		}
		if d := time.Since(start); d < 900*time.Millisecond {
			t.Errorf("voting closed after %v; want the 1 s timer", d)
		}
		resp, body := phone.Answer(code, "0.4")
		if resp.StatusCode != http.StatusConflict || !strings.Contains(body, "Voting on this question is closed") {
			t.Errorf("an answer after the timer = %d; want 409 voting closed", resp.StatusCode)
		}
	})
}

// TestClassFlowRound: a second round is asked from the console, the
// phones vote again, the projector compares both rounds (paired bars
// with a text alternative), and the CSV follows each student across
// questions and rounds under a pseudonymous id.
func TestClassFlowRound(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		teacher := newClient(t, srv.URL)
		a, b := newClient(t, srv.URL), newClient(t, srv.URL)
		a.Answer(code, "0.3")
		b.Answer(code, "0.4")
		if resp, body := teacher.submit(teacher.controls(code, key), "flow-round", nil); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("second round = %d %.300s", resp.StatusCode, body)
		}
		if status, m := flow(t, srv.URL, code, key, "round", nil); status != http.StatusConflict {
			t.Errorf("a round of a second round = %d %v; want 409", status, m)
		}
		_, page := a.Get("/join/" + code)
		if d := doc(t, page); !strings.Contains(d.Find("h2").Text(), "Question 1, round 2") || d.Find(`#class-a`).AttrOr("value", "x") != "" {
			t.Errorf("the phone should show round 2 with an empty answer:\n%.1500s", page)
		}
		a.Answer(code, "0.4")
		b.Answer(code, "0.4")
		api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, nil)
		d := doc(t, teacher.controls(code, key))
		chart := d.Find(`[data-testid="class-histogram"] svg.class-rounds`)
		desc := chart.Find("desc").Text()
		if chart.Length() != 1 || chart.Find("rect.bar-round1").Length() != 3 || chart.Find("rect.bar-round2").Length() != 3 ||
			!strings.Contains(desc, "0.4: 1 in round 1, 2 in round 2") || !strings.Contains(desc, "0.3: 1 in round 1, 0 in round 2") ||
			!strings.Contains(chart.Text(), "✓ 0.4") {
			t.Errorf("the rounds chart: %d, desc %q, text %q", chart.Length(), desc, chart.Text())
		}
		// A third question, the teacher's own; a answers it too.
		if status, m := flow(t, srv.URL, code, key, "own", map[string]any{"text": "Sign of A?", "kind": "sign", "answer": "+"}); status != 201 {
			t.Fatalf("own = %d %v", status, m)
		}
		a.Answer(code, "+")
		resp, body := teacher.Get("/class/" + code + "/results.csv?k=" + url.QueryEscape(key))
		rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
		if resp.StatusCode != 200 || err != nil || len(rows) != 6 {
			t.Fatalf("CSV = %d, %v:\n%s", resp.StatusCode, err, body)
		}
		col := map[string]int{}
		for i, h := range rows[0] {
			col[h] = i
		}
		if _, ok := col["nickname"]; ok {
			t.Error("a nickname column without nicknames")
		}
		ids := map[string][]string{} // answer sequence by student id
		for _, r := range rows[1:] {
			ids[r[col["student"]]] = append(ids[r[col["student"]]], r[col["question"]]+"/"+r[col["round"]]+"="+r[col["answer"]])
		}
		var seqs []string
		for id, seq := range ids {
			if !strings.HasPrefix(id, "s-") || len(id) != 12 || strings.Contains(body, a.deviceID()) {
				t.Errorf("student id %q: want s- and 10 hex digits, never the device id", id)
			}
			seqs = append(seqs, strings.Join(seq, " "))
		}
		// Numbered as asked: the own question after Q1's second round is Q2,
		// and its text is in the CSV.
		want := map[string]bool{"1/1=0.3 1/2=0.4 2/1=+": true, "1/1=0.4 1/2=0.4": true}
		for _, r := range rows[1:] {
			if text := r[col["text"]]; (r[col["kind"]] == "own") != (text == "Sign of A?") {
				t.Errorf("a %s question's text in the CSV = %q; want the own question's text only", r[col["kind"]], text)
			}
		}
		if len(seqs) != 2 || !want[seqs[0]] || !want[seqs[1]] || seqs[0] == seqs[1] {
			t.Errorf("answers by student id: %q; want each student followed across questions and rounds", seqs)
		}
		if strings.Contains(body, "'+") {
			t.Errorf("a sign answer was written with an apostrophe:\n%s", body)
		}
		_, again := teacher.Get("/class/" + code + "/results.csv?k=" + url.QueryEscape(key))
		if again != body {
			t.Error("the CSV's ids changed between two downloads")
		}
	})
}

// deviceID is the random part of the client's device cookie.
func (c *client) deviceID() string {
	id, _, _ := strings.Cut(c.Cookie("gaelab_device"), ".")
	return id
}

// TestClassFlowOwn: the teacher's own question is validated field by
// field; its hostile text and options reach the phones escaped, and its
// typed answer is the right one.
func TestClassFlowOwn(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		for field, body := range map[string]map[string]any{
			"text":      {"text": " ", "kind": "number", "answer": "1"},
			"kind":      {"text": "Q", "kind": "essay", "answer": "1"},
			"answer":    {"text": "Q", "kind": "number", "answer": "one"},
			"tolerance": {"text": "Q", "kind": "number", "answer": "1", "tolerance": -1},
			"options":   {"text": "Q", "kind": "choice", "answer": "a", "options": []string{"only"}},
		} {
			if status, m := flow(t, srv.URL, code, key, "own", body); status != 422 || errField(m) != field {
				t.Errorf("own %v = %d %v; want 422 naming %s", body, status, m, field)
			}
		}
		if status, m := flow(t, srv.URL, code, key, "own", map[string]any{"text": strings.Repeat("x", 501), "kind": "sign", "answer": "+"}); status != 422 || errField(m) != "text" {
			t.Errorf("a 501-character question = %d %v; want 422", status, m)
		}
		if status, m := flow(t, srv.URL, code, key, "own", map[string]any{"extra": 1}); status != 400 || errField(m) != "body" {
			t.Errorf("an unknown field = %d %v; want 400 naming the body", status, m)
		}
		// Through the console's form: a choice with hostile options.
		teacher := newClient(t, srv.URL)
		resp, body := teacher.submit(teacher.controls(code, key), "flow-own", url.Values{"text": {"Which <script>alert(1)</script> one?"},
			"kind": {"choice"}, "answer": {"B"}, "options": {"<img src=x onerror=alert(1)>\r\nthe right one\n\n"}})
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("own via the form = %d %.500s", resp.StatusCode, body)
		}
		phone := newClient(t, srv.URL)
		_, page := phone.Get("/join/" + code)
		d := doc(t, page)
		if d.Find(`[data-testid="class-question"] script, [data-testid="class-question"] img`).Length() != 0 ||
			!strings.Contains(d.Find(`[data-testid="phone-prompt"]`).Text(), "<script>alert(1)</script>") ||
			d.Find(`input[name="a"][type="radio"]`).Length() != 2 {
			t.Errorf("the phone should show the question and two options as text:\n%.3000s", page)
		}
		phone.Answer(code, "b")
		if _, m := api(t, srv.URL, "GET", "/api/v1/classes/"+code+"/results", key, nil); m["correct"] != 1.0 || m["value"] != "b" {
			t.Errorf("results %v; want b right", m)
		}
	})
}

// TestClassFlowNicknames: once the teacher turns nicknames on, a phone
// gives one before answering, unique in the class, and may correct it
// once; hostile text is escaped on the page and guarded in the CSV;
// control characters and long names are refused.
func TestClassFlowNicknames(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		teacher, phone := newClient(t, srv.URL), newClient(t, srv.URL)
		_, page := phone.Get("/join/" + code)
		if doc(t, page).Find(`[data-testid="phone-nick"]`).Length() != 0 {
			t.Error("a nickname form before the teacher asked for nicknames")
		}
		if resp, _ := phone.submit(page, "phone-form", url.Values{"a": {"0.4"}}); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("answer = %d", resp.StatusCode)
		}
		if resp, _ := phone.PostForm("/class/"+code+"/nickname", url.Values{"csrf": {phone.Cookie("gaelab_csrf")}, "nick": {"Ann"}}); resp.StatusCode != http.StatusConflict {
			t.Errorf("a nickname while nicknames are off = %d; want 409", resp.StatusCode)
		}
		if resp, _ := teacher.submit(teacher.controls(code, key), "flow-nick", nil); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("nicknames on = %d", resp.StatusCode)
		}
		_, page = phone.Get("/join/" + code)
		d := doc(t, page)
		if d.Find(`[data-testid="phone-nick"]`).Length() != 1 || d.Find(`[data-testid="phone-form"]`).Length() != 0 {
			t.Fatalf("with nicknames on, the phone should ask for one before the answer form:\n%.2000s", page)
		}
		phone.Lang = "zh"
		_, page = phone.Get("/join/" + code + "?lang=zh")
		for _, bad := range []string{"", "   ", strings.Repeat("n", 25), "A\u202eB", "tab\x00"} {
			resp, body := phone.submit(page, "phone-nick", url.Values{"nick": {bad}})
			if resp.StatusCode != 422 || !strings.Contains(body, "昵称为 1 到 24 个字符") {
				t.Errorf("nickname %q = %d; want 422 in the student's language", bad, resp.StatusCode)
			}
		}
		phone.Lang = ""
		_, page = phone.Get("/join/" + code + "?lang=en")
		hostile := `=1+1<img src=x>`
		if resp, body := phone.submit(page, "phone-nick", url.Values{"nick": {hostile}}); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("nickname = %d %.500s", resp.StatusCode, body)
		}
		_, page = phone.Get("/join/" + code)
		d = doc(t, page)
		if d.Find(`main img`).Length() != 0 || !strings.Contains(d.Find(`[data-testid="phone-nickname"]`).Text(), hostile) ||
			d.Find(`[data-testid="phone-form"]`).Length() != 1 {
			t.Errorf("the nickname should show as text, and the answer form come back:\n%.2000s", page)
		}
		// One correction, through the form the phone shows; then none.
		if resp, body := phone.submit(page, "phone-nick-fix", url.Values{"nick": {"Bob"}}); resp.StatusCode != http.StatusSeeOther {
			t.Errorf("the one correction = %d %.300s; want 303", resp.StatusCode, body)
		}
		_, page = phone.Get("/join/" + code)
		if d := doc(t, page); !strings.Contains(d.Find(`[data-testid="phone-nickname"]`).Text(), "Bob") || d.Find(`[data-testid="phone-nick-fix"]`).Length() != 0 {
			t.Errorf("after the correction the phone should show Bob and no correction form:\n%.2000s", page)
		}
		if resp, body := phone.PostForm("/class/"+code+"/nickname", url.Values{"csrf": {phone.Cookie("gaelab_csrf")}, "nick": {"Bo"}}); resp.StatusCode != http.StatusConflict ||
			!strings.Contains(body, "corrected your nickname once") {
			t.Errorf("a second correction = %d; want 409 saying it was corrected once", resp.StatusCode)
		}
		// A phone that arrives once nicknames are on (its page load took no
		// seat) gives its nickname first: that form seats it, and the
		// answer form follows.
		late := newClient(t, srv.URL)
		late.Lang = "zh"
		_, page = late.Get("/join/" + code)
		if resp, body := late.submit(page, "phone-nick", url.Values{"nick": {" Bob "}}); resp.StatusCode != http.StatusConflict ||
			!strings.Contains(doc(t, body).Find(`[data-testid="phone-error"], #class-question`).Text(), "已经有同学叫 Bob") {
			t.Errorf("another student's nickname = %d %.500s; want 409 in the student's language", resp.StatusCode, body)
		}
		late.Lang = ""
		if resp, body := late.submit(page, "phone-nick", url.Values{"nick": {"Cy"}}); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("a newcomer's nickname = %d %.500s", resp.StatusCode, body)
		}
		_, page = late.Get("/join/" + code)
		if d := doc(t, page); d.Find(`[data-testid="phone-form"]`).Length() != 1 || !strings.Contains(d.Find(`[data-testid="phone-nickname"]`).Text(), "Cy") {
			t.Fatalf("after its nickname, a newcomer should see the answer form:\n%.2000s", page)
		}
		if resp, _ := late.submit(page, "phone-form", url.Values{"a": {"0.3"}}); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("the newcomer's answer = %d", resp.StatusCode)
		}
		// A nickname without the device cookie seats nobody.
		if resp, _ := postWithoutDevice(t, srv.URL+"/class/"+code+"/nickname", csrf(t, page), url.Values{"nick": {"Dee"}}); resp.StatusCode != http.StatusConflict {
			t.Errorf("a nickname without a device cookie = %d; want 409", resp.StatusCode)
		}
		_, body := teacher.Get("/class/" + code + "/results.csv?k=" + url.QueryEscape(key))
		rows, _ := csv.NewReader(strings.NewReader(body)).ReadAll()
		answers := map[string]string{} // nickname → answer
		for _, row := range rows[1:] {
			answers[row[9]] = row[10]
		}
		if len(rows) != 3 || rows[0][9] != "nickname" || answers["Bob"] != "0.4" || answers["Cy"] != "0.3" {
			t.Errorf("CSV with nicknames:\n%s", body)
		}
	})
}

// TestClassFlowEnd: ending needs the confirmation; then the class's rows
// are gone from the store, its phones' streams say it ended, and its
// pages answer 404.
func TestClassFlowEnd(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		st := open(t)
		srv := server(t, st, webtest.Options{})
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		phone, teacher := newClient(t, srv.URL), newClient(t, srv.URL)
		phone.Answer(code, "0.4")
		events, stop := phone.Stream("/class/" + code + "/events")
		defer stop()
		waitFor(events, "event: question", 3*time.Second)
		if status, m := flow(t, srv.URL, code, key, "end", nil); status != 422 || errField(m) != "confirm" {
			t.Errorf("end without confirm = %d %v; want 422 naming confirm", status, m)
		}
		page := teacher.controls(code, key)
		resp, body := teacher.submit(page, "flow-end", nil)
		if resp.StatusCode != 422 {
			t.Errorf("the end form without its box = %d; want 422", resp.StatusCode)
		}
		resp, body = teacher.submit(page, "flow-end", url.Values{"confirm": {"1"}})
		if resp.StatusCode != 200 || doc(t, body).Find(`[data-testid="class-ended"]`).Length() != 1 {
			t.Fatalf("end = %d %.500s", resp.StatusCode, body)
		}
		ctx := context.Background()
		if _, err := st.Class(ctx, code, time.Now()); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the class is still in the store: %v", err)
		}
		qs, _ := st.Questions(ctx, code)
		as, _ := st.Answers(ctx, code, 1)
		sts, _ := st.Students(ctx, code)
		if len(qs)+len(as)+len(sts) != 0 {
			t.Errorf("after the end: %d questions, %d answers, %d students remain", len(qs), len(as), len(sts))
		}
		if e, ok := waitFor(events, "This class has ended", 3*time.Second); !ok {
			t.Errorf("the phone's stream did not say the class ended; last: %q", e)
		}
		if resp, _ := phone.Get("/join/" + code); resp.StatusCode != 404 {
			t.Errorf("the phone page after the end = %d; want 404", resp.StatusCode)
		}
		if status, _ := flow(t, srv.URL, code, key, "end", map[string]any{"confirm": true}); status != http.StatusForbidden {
			t.Errorf("ending an ended class = %d; want 403 (no such class, no key)", status)
		}
	})
}

// TestAnswerBadQuestionLink: an answer whose q is not a question number,
// or names a question never asked, is a broken link, said so in the
// student's language, not "the teacher has asked a new question".
func TestAnswerBadQuestionLink(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		phone := newClient(t, srv.URL)
		phone.Get("/join/" + code)
		for _, tc := range []struct{ q, lang, want string }{
			{"abc", "", "This question link is not valid"},
			{"", "", "This question link is not valid"},
			{"1e3", "", "This question link is not valid"},
			{"99", "", "This question link is not valid"},
			{"abc", "zh", "这个问题链接无效"},
		} {
			phone.Lang = tc.lang
			resp, body := phone.PostForm("/class/"+code+"/answer", url.Values{"csrf": {phone.Cookie("gaelab_csrf")}, "q": {tc.q}, "a": {"0.4"}})
			if resp.StatusCode != 422 || !strings.Contains(body, tc.want) || strings.Contains(body, "new question") {
				t.Errorf("q=%q (%s) = %d; want 422 %q:\n%.1500s", tc.q, tc.lang, resp.StatusCode, tc.want, body)
			}
		}
		phone.Lang = ""
		askCell(t, srv.URL, code, key)
		resp, body := phone.PostForm("/class/"+code+"/answer", url.Values{"csrf": {phone.Cookie("gaelab_csrf")}, "q": {"1"}, "a": {"0.4"}})
		if resp.StatusCode != http.StatusConflict || !strings.Contains(body, "The teacher has asked a new question") {
			t.Errorf("an old question = %d; want 409 new question", resp.StatusCode)
		}
	})
}
