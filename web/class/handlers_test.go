package class_test

// The live class over HTTP (handlers.go, api.go, stream.go), run against
// both databases (helpers_test.go): starting a class, its console and
// key, a round, lesson questions, privacy, limits and streams.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons"
	"gaelab/web/store"
	"gaelab/web/webtest"
)

func TestStartClassForm(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		c := newClient(t, srv.URL)
		resp, page := c.Get("/class")
		if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("GET /class = %d, Cache-Control %q; want 200 no-store", resp.StatusCode, resp.Header.Get("Cache-Control"))
		}
		tok := csrf(t, page)
		resp, _ = c.PostForm("/class", url.Values{"csrf": {tok}, "from": {"/play?v=1&p=seed-b"}})
		loc := resp.Header.Get("Location")
		if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/class/") || !strings.Contains(loc, "/teach?") {
			t.Fatalf("POST /class = %d to %q; want 303 to the console", resp.StatusCode, loc)
		}
		u, _ := url.Parse(loc)
		code := strings.Split(u.Path, "/")[2]
		if len(code) < 5 || len(code) > 6 || u.Query().Has("k") {
			t.Errorf("code %q in %q: want 5–6 characters and no key in the console's URL", code, loc)
		}
		teacher := teacherCookie(t, resp)
		if teacher == nil || len(teacher.Value) < 22 || teacher.Path != "/class/"+code || !teacher.HttpOnly || teacher.SameSite != http.SameSiteStrictMode {
			t.Errorf("teacher cookie %+v; want ≥128 bits, HttpOnly, SameSite=Strict, Path=/class/%s", teacher, code)
		}
		resp, page = c.Get(loc)
		doc, _ := goquery.NewDocumentFromReader(strings.NewReader(page))
		if resp.StatusCode != 200 || strings.TrimSpace(strings.TrimPrefix(doc.Find(`[data-testid="class-code"]`).Text(), "Class code: ")) != code {
			t.Errorf("console = %d, code shown %q; want %s", resp.StatusCode, doc.Find(`[data-testid="class-code"]`).Text(), code)
		}
		_, wall := c.Get("/class/" + code + "/wall")
		wdoc, _ := goquery.NewDocumentFromReader(strings.NewReader(wall))
		if src, _ := wdoc.Find(`[data-testid="class-qr"]`).Attr("src"); !strings.Contains(src, url.QueryEscape("/join/"+code)) {
			t.Errorf("the wall's QR code %q does not encode the join link", src)
		}
		if v, _ := doc.Find(`#ask-link`).Attr("value"); v != "/play?v=1&p=seed-b" {
			t.Errorf("the projected scenario %q is not offered for predict-this-cell", v)
		}

		// Forgeries: no token, a wrong token, another site.
		for name, tc := range map[string]struct {
			form   url.Values
			header []string
		}{
			"no token":     {url.Values{}, nil},
			"wrong token":  {url.Values{"csrf": {"x" + tok}}, nil},
			"cross-site":   {url.Values{"csrf": {tok}}, []string{"Sec-Fetch-Site", "cross-site"}},
			"other origin": {url.Values{"csrf": {tok}}, []string{"Sec-Fetch-Site", "", "Origin", "https://evil.example"}},
		} {
			resp, body := c.PostForm("/class", tc.form, tc.header...)
			if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "expired or came from another site") {
				t.Errorf("%s: %d %q; want 403 with the message", name, resp.StatusCode, body)
			}
		}
		// A fresh browser without the cookie cannot use a stolen token.
		other := newClient(t, srv.URL)
		if resp, _ := other.PostForm("/class", url.Values{"csrf": {tok}}); resp.StatusCode != http.StatusForbidden {
			t.Errorf("a token without its cookie: %d; want 403", resp.StatusCode)
		}
	})
}

func TestConsoleNeedsKey(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		c := newClient(t, srv.URL)
		for _, path := range []string{"/class/" + code + "/teach", "/class/" + code + "/wall", "/class/" + code + "/teach?k=" + key[:20],
			"/class/" + code + "/results.csv?k=nope", "/class/" + code + "/teach/events", "/class/ZZZZZZ/teach?k=" + key} {
			resp, body := c.Get(path)
			if resp.StatusCode != http.StatusForbidden || !strings.Contains(html.UnescapeString(body), "teacher's key") {
				t.Errorf("GET %s = %d %q; want 403", path, resp.StatusCode, body)
			}
		}
		for _, p := range []string{"/ask", "/reveal", "/results"} {
			method := "POST"
			if p == "/results" {
				method = "GET"
			}
			if status, m := api(t, srv.URL, method, "/api/v1/classes/"+code+p, "wrong", map[string]string{}); status != http.StatusForbidden {
				t.Errorf("%s %s with a wrong key = %d %v; want 403", method, p, status, m)
			}
		}
		// The console's forms need the key too, even with a valid CSRF token.
		c.Get("/join/" + code)
		if resp, _ := c.PostForm("/class/"+code+"/reveal", url.Values{"csrf": {c.Cookie("gaelab_csrf")}}); resp.StatusCode != http.StatusForbidden {
			t.Errorf("reveal without the key = %d; want 403", resp.StatusCode)
		}
	})
}

// TestClassRound: ask, three phones answer (one changes its mind), the
// results count last answers once, group the wrong one by the cell it
// equals, and after the reveal nobody can answer.
func TestClassRound(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		if status, m := api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, nil); status != http.StatusConflict {
			t.Errorf("reveal before any question = %d %v; want 409", status, m)
		}
		q := askCell(t, srv.URL, code, key)
		phones := []*client{newClient(t, srv.URL), newClient(t, srv.URL), newClient(t, srv.URL)}
		for i, a := range []string{"0.4", "0.3", "7"} {
			if resp, body := phones[i].Answer(code, a); resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("answer %s = %d %.300s; want 303", a, resp.StatusCode, body)
			}
		}
		phones[2].Answer(code, "0,40") // changes 7 to 0.4 (decimal comma)
		_, page := phones[2].Get("/join/" + code)
		if !strings.Contains(page, "Your answer: 0.4.") {
			t.Errorf("the phone does not show its own last answer")
		}
		status, m := api(t, srv.URL, "GET", "/api/v1/classes/"+code+"/results", key, nil)
		if status != 200 || m["question"] != q || m["answers"] != 3.0 || m["correct"] != 2.0 {
			t.Fatalf("results = %d %v; want 3 answers, 2 right", status, m)
		}
		hist, _ := json.Marshal(m["histogram"])
		groups, _ := json.Marshal(m["groups"])
		if string(hist) != `[{"count":2,"right":true,"value":"0.4"},{"count":1,"right":false,"value":"0.3"}]` ||
			string(groups) != `[{"count":1,"diagnosis":"cell:value.0"}]` {
			t.Errorf("histogram %s, groups %s", hist, groups)
		}
		if status, _ := api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, nil); status != 200 {
			t.Fatalf("reveal = %d", status)
		}
		resp, body := phones[1].Answer(code, "0.4")
		if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusConflict {
			t.Errorf("answer after the reveal = %d", resp.StatusCode)
		}
		_, page = phones[1].Get("/join/" + code)
		if !strings.Contains(page, "The answer is 0.4; you answered 0.3.") || strings.Contains(page, `data-testid="phone-form"`) {
			t.Errorf("after the reveal the phone should show its result and no form:\n%.1500s", body)
		}
		if _, m := api(t, srv.URL, "GET", "/api/v1/classes/"+code+"/results", key, nil); m["answers"] != 3.0 {
			t.Errorf("an answer after the reveal counted: %v", m)
		}
		// A closed question refuses a direct POST too, with the reason.
		resp, body = phones[0].Answer(code, "1")
		if resp.StatusCode != http.StatusConflict || !strings.Contains(body, "the teacher revealed the answer") {
			t.Errorf("answering a closed question = %d; want 409 with the reason", resp.StatusCode)
		}

		// The console shows the histogram, the share and the groups.
		con := newClient(t, srv.URL)
		_, page = con.console(code, key)
		doc, _ := goquery.NewDocumentFromReader(strings.NewReader(page))
		if got := doc.Find(`[data-testid="class-share"]`).Text(); got != "67% right (2 of 3)" {
			t.Errorf("share = %q", got)
		}
		if doc.Find(`[data-testid="class-histogram"] svg rect`).Length() != 2 {
			t.Errorf("the histogram has %d bars; want 2", doc.Find(`[data-testid="class-histogram"] svg rect`).Length())
		}
		if got := doc.Find(`[data-testid="class-groups"] li`).Text(); !strings.Contains(got, "1 answered") || !strings.Contains(got, "at t = 0") {
			t.Errorf("groups = %q; want the wrong answer named by its cell", got)
		}
		// CSV: one row per answer.
		resp, csv := con.Get("/class/" + code + "/results.csv?k=" + url.QueryEscape(key))
		if resp.StatusCode != 200 || strings.Count(csv, "\n") != 4 || !strings.Contains(csv, "cell:value.0") {
			t.Errorf("CSV = %d\n%s", resp.StatusCode, csv)
		}
	})
}

// TestLessonQuestion: a lesson's predict block is asked by slug and id,
// and each phone reads it in its own language.
func TestLessonQuestion(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		// The console lists the blocks; ask the first.
		_, page := newClient(t, srv.URL).console(code, key)
		doc, _ := goquery.NewDocumentFromReader(strings.NewReader(page))
		first, ok := doc.Find(`#ask-block option`).First().Attr("value")
		if !ok {
			t.Fatal("the console offers no lesson question")
		}
		slug, block, _ := strings.Cut(first, "#")
		status, m := api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/ask", key, map[string]string{"lesson": slug, "block": block})
		if status != http.StatusCreated {
			t.Fatalf("ask %s = %d %v", first, status, m)
		}
		en, zh := newClient(t, srv.URL), newClient(t, srv.URL)
		en.Lang, zh.Lang = "en", "zh-CN"
		_, pe := en.Get("/join/" + code)
		_, pz := zh.Get("/join/" + code)
		de, _ := goquery.NewDocumentFromReader(strings.NewReader(pe))
		dz, _ := goquery.NewDocumentFromReader(strings.NewReader(pz))
		qe, qz := de.Find(`[data-testid="phone-prompt"]`).Text(), dz.Find(`[data-testid="phone-prompt"]`).Text()
		if qe == "" || qz == "" || qe == qz || dz.Find("html").AttrOr("lang", "") != "zh" {
			t.Errorf("the question in English %q and in Chinese %q should both show and differ", qe, qz)
		}
		for _, bad := range []map[string]string{{"lesson": slug, "block": "predict-99"}, {"link": "/compare/bugs?v=1", "cell": "adv.0"},
			{"link": "/play?v=1&p=seed-a", "cell": "adv.99"}, {}} {
			if status, m := api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/ask", key, bad); status != 422 || m["error"] == nil {
				t.Errorf("ask %v = %d %v; want 422 with a field-named error", bad, status, m)
			}
		}
	})
}

// TestPrivacy: before the reveal a phone sees only its own answer, on its
// page and on its stream; the key is in no phone page and no log line.
func TestPrivacy(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		var logs bytes.Buffer
		var mu sync.Mutex
		logger := slog.New(slog.NewTextHandler(lockedWriter{&mu, &logs}, &slog.HandlerOptions{Level: slog.LevelDebug}))
		srv := server(t, open(t), webtest.Options{Logger: logger})
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		a, b := newClient(t, srv.URL), newClient(t, srv.URL)
		a.Answer(code, "0.777")
		b.Answer(code, "0.111")
		_, page := b.Get("/join/" + code)
		events := b.ReadStream("/class/"+code+"/events", 1)
		for name, s := range map[string]string{"page": page, "stream": events} {
			if strings.Contains(s, "0.777") {
				t.Errorf("student b's %s shows student a's answer", name)
			}
			if strings.Contains(s, key) {
				t.Errorf("student b's %s holds the teacher's key", name)
			}
		}
		newClient(t, srv.URL).Get("/class/" + code + "/teach?k=" + url.QueryEscape(key))
		mu.Lock()
		defer mu.Unlock()
		if strings.Contains(logs.String(), key) || !strings.Contains(logs.String(), "/class/{code}/teach") {
			t.Errorf("the log holds the key, or not the route pattern:\n%s", logs.String())
		}
	})
}

func TestLimits(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{MaxStudents: 2, Quotas: webtest.Quotas{ClassStartsPerHour: 30}})
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		p := newClient(t, srv.URL)
		p.Lang = "zh"
		resp, body := p.Answer(code, strings.Repeat("1", 65))
		if resp.StatusCode != 422 || !strings.Contains(body, "答案最多 64 个字符") {
			t.Errorf("a 65-character answer = %d; want 422 in the student's language", resp.StatusCode)
		}
		resp, _ = p.Answer(code, "abc")
		if resp.StatusCode != 422 {
			t.Errorf("a non-number = %d; want 422", resp.StatusCode)
		}
		for i := range 20 {
			if resp, _ := p.Answer(code, fmt.Sprint(i)); resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("change %d = %d; want 303", i+1, resp.StatusCode)
			}
		}
		resp, body = p.Answer(code, "21")
		if resp.StatusCode != http.StatusConflict || !strings.Contains(body, "20") {
			t.Errorf("the 21st answer = %d; want 409 naming the limit", resp.StatusCode)
		}
		newClient(t, srv.URL).Answer(code, "1") // a student takes a seat with the first answer
		resp, body = newClient(t, srv.URL).Answer(code, "1")
		if resp.StatusCode != http.StatusConflict || !strings.Contains(body, "at most 2 students") {
			t.Errorf("a third student with a cap of 2 = %d %q", resp.StatusCode, body)
		}
		resp, body = newClient(t, srv.URL).Get("/join/ZZZZZ")
		if resp.StatusCode != 404 || !strings.Contains(body, "no class ZZZZZ") {
			t.Errorf("an unknown class = %d %q", resp.StatusCode, body)
		}
		// 30 classes an hour per address (one created above).
		for i := range 29 {
			if status, _ := api(t, srv.URL, "POST", "/api/v1/classes", "", nil); status != 201 {
				t.Fatalf("class %d = %d", i+2, status)
			}
		}
		if status, m := api(t, srv.URL, "POST", "/api/v1/classes", "", nil); status != http.StatusTooManyRequests {
			t.Errorf("the 31st class in an hour = %d %v; want 429", status, m)
		}
	})
}

// TestStreams: the console's stream follows the answers; the phone's
// follows the questions; past the cap a stream is told to come back later
// (200, retry:, end: what EventSource reads).
func TestStreams(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{MaxStreams: 1})
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		phone := newClient(t, srv.URL)
		phone.Get("/join/" + code)
		events, stop := newClient(t, srv.URL).Stream("/class/" + code + "/teach/events?k=" + url.QueryEscape(key))
		defer stop()
		if e, ok := waitFor(events, "answered 0 of 0 connected", 5*time.Second); !ok {
			t.Fatalf("the console's stream began with %q", e)
		}
		stop1 := phoneStream(t, phone, code)
		defer stop1()
		resp, body := newClient(t, srv.URL).Get("/class/" + code + "/events")
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(body, "retry: ") || strings.Contains(body, "event:") {
			t.Errorf("a stream past the cap = %d %q; want 200 with retry: and no event", resp.StatusCode, body)
		}
		phone.Answer(code, "0.4")
		if e, ok := waitFor(events, "answered 1 of 1 connected", 5*time.Second); !ok {
			t.Errorf("the console's stream did not follow the answer; last event:\n%s", e)
		}
	})
}

// TestStreamOutlivesServerTimeouts: a stream lives past the server's read
// and write timeouts (write deadlines are per event).
func TestStreamOutlivesServerTimeouts(t *testing.T) {
	st := backends[0].open(t)
	srv := httptest.NewUnstartedServer(webtest.New(t, webtest.Options{Store: st}).Handler)
	srv.Config.ReadTimeout, srv.Config.WriteTimeout = 300*time.Millisecond, 300*time.Millisecond
	srv.Start()
	defer srv.Close()
	code, key := newClass(t, srv.URL)
	done := make(chan string, 1)
	go func() { done <- newClient(t, srv.URL).ReadStream("/class/"+code+"/events", 2) }()
	time.Sleep(time.Second)
	askCell(t, srv.URL, code, key)
	select {
	case s := <-done:
		if !strings.Contains(s, "Predict") {
			t.Errorf("the question did not arrive:\n%s", s)
		}
	case <-time.After(6 * time.Second):
		t.Fatal("the stream died with the server's timeouts")
	}
}

// TestTwoReplicas: an answer given to replica A reaches the projector
// connected to replica B (PostgreSQL LISTEN/NOTIFY).
func TestTwoReplicas(t *testing.T) {
	open := backends[1].open
	a := server(t, open(t), webtest.Options{})
	b := server(t, open(t), webtest.Options{})
	code, key := newClass(t, a.URL)
	askCell(t, b.URL, code, key)
	phone := newClient(t, a.URL)
	phone.Get("/join/" + code)
	events, stop := newClient(t, b.URL).Stream("/class/" + code + "/teach/events?k=" + url.QueryEscape(key))
	defer stop()
	if e, ok := waitFor(events, "answered 0 of 0 connected", 5*time.Second); !ok {
		t.Fatalf("replica B's stream began with %q", e)
	}
	start := time.Now()
	phone.Answer(code, "0.4")
	if e, ok := waitFor(events, "answered 1 of 1 connected", 5*time.Second); !ok {
		t.Errorf("replica B's projector did not see replica A's answer; last event:\n%s", e)
	}
	t.Logf("answer on A to projector on B: %v", time.Since(start))
}

// TestNoStore: without a database the class routes say so.
func TestNoStore(t *testing.T) {
	srv := httptest.NewServer(webtest.Routes())
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/class")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "need a database") {
		t.Errorf("GET /class without a store = %d %q", resp.StatusCode, body)
	}
}

// TestDiagnoses: a wrong answer a lesson block anticipates is grouped by
// the block's diagnosis; a choice block groups by the option picked.
func TestDiagnoses(t *testing.T) {
	course, err := lessons.Load()
	if err != nil {
		t.Fatal(err)
	}
	var slug, block, wrong, choice, pick string
	for _, l := range course.Lessons("en") {
		for _, part := range l.Parts {
			if p := part.Predict; p != nil && block == "" && p.Kind != "sign" {
				for _, d := range p.Wrong {
					if _, err := strconv.ParseFloat(d.Answer, 64); err == nil {
						slug, block, wrong = l.Slug, "predict-"+p.ID, d.Answer
						break
					}
				}
			}
			if c := part.Choice; c != nil && choice == "" {
				for k, i := range c.Shown() { // phones answer with the letters the lesson displays
					if !c.Options[i].Right {
						choice, pick = l.Slug+"#choice-"+c.ID, string(rune('a'+k))
						break
					}
				}
			}
		}
	}
	if block == "" || choice == "" {
		t.Skip("no predict block with a literal wrong answer, or no choice block, in the course")
	}
	st := backends[0].open(t)
	srv := server(t, st, webtest.Options{})
	code, key := newClass(t, srv.URL)
	for _, tc := range []struct {
		ask    map[string]string
		answer string
	}{
		{map[string]string{"lesson": slug, "block": block}, wrong},
		{map[string]string{"block": choice}, pick},
	} {
		if status, m := api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/ask", key, tc.ask); status != 201 {
			t.Fatalf("ask %v = %d %v", tc.ask, status, m)
		}
		p := newClient(t, srv.URL)
		if resp, body := p.Answer(code, tc.answer); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("answer %q to %v = %d %.500s", tc.answer, tc.ask, resp.StatusCode, body)
		}
		_, m := api(t, srv.URL, "GET", "/api/v1/classes/"+code+"/results", key, nil)
		groups, _ := json.Marshal(m["groups"])
		if !strings.Contains(string(groups), `"diagnosis":"diag:`) {
			t.Errorf("%v answered %q: groups %s; want the block's diagnosis", tc.ask, tc.answer, groups)
		}
		api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, nil)
		_, page := newClient(t, srv.URL).console(code, key)
		doc, _ := goquery.NewDocumentFromReader(strings.NewReader(page))
		if g := doc.Find(`[data-testid="class-groups"] li`).Text(); !strings.Contains(g, "1 answered this:") {
			t.Errorf("the console's groups %q do not show the diagnosis", g)
		}
	}
}

// TestLoopbackWarning: a console opened on a loopback address says plainly
// that phones cannot reach it and how to fix it; -public-url silences it.
func TestLoopbackWarning(t *testing.T) {
	st := backends[0].open(t)
	srv := server(t, st, webtest.Options{})
	code, key := newClass(t, srv.URL)
	_, page := newClient(t, srv.URL).console(code, key)
	doc, _ := goquery.NewDocumentFromReader(strings.NewReader(page))
	port := srv.URL[strings.LastIndex(srv.URL, ":")+1:]
	if w := doc.Find(`[data-testid="class-loopback"]`).Text(); !strings.Contains(w, "gaelab -addr 0.0.0.0:"+port) {
		t.Errorf("loopback warning = %q; want the fix with port %s", w, port)
	}
	pub := server(t, st, webtest.Options{PublicURL: "https://gae.example.edu"})
	_, page = newClient(t, pub.URL).console(code, key)
	doc, _ = goquery.NewDocumentFromReader(strings.NewReader(page))
	if doc.Find(`[data-testid="class-loopback"]`).Length() != 0 || !strings.Contains(page, "https://gae.example.edu/join/"+code) {
		t.Error("with -public-url the console should show its join link and no warning")
	}
}

// TestClassStartsPerAddress: one address may start ClassStartsPerHour (30)
// classes at once; the next is refused with 429 and the rate in the error.
func TestClassStartsPerAddress(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{Quotas: webtest.Quotas{ClassStartsPerHour: 30}})
		for i := range 30 {
			if status, m := api(t, srv.URL, "POST", "/api/v1/classes", "", nil); status != http.StatusCreated {
				t.Fatalf("class %d: %d %v; want 201", i+1, status, m)
			}
		}
		status, m := api(t, srv.URL, "POST", "/api/v1/classes", "", nil)
		if status != http.StatusTooManyRequests || !strings.Contains(fmt.Sprint(m["error"]), "30") {
			t.Fatalf("class 31: %d %v; want 429 naming the rate of 30", status, m)
		}
	})
}
