package class_test

// The teacher's doors over HTTP on both databases: the one-time open token
// and pairing code (tickets.go), re-entry with the key (enter.go), the
// teacher cookie's CSRF (teacher_cookie.go) and the wall (wall.go).

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"gaelab/web/store"
	"gaelab/web/webtest"
)

// console opens a class's controls as a teacher who has only the key: an
// old console link (?k=), which sets the teacher cookie and sends the
// browser to the same page without the key; then that page.
func (c *client) console(code, key string) (*http.Response, string) {
	c.t.Helper()
	return c.enterWith("/class/"+code+"/teach?k="+url.QueryEscape(key), "/class/"+code+"/teach")
}

// enterWith follows a link that lets a teacher in (it must answer 303 to a
// key-less page under want) and returns that page.
func (c *client) enterWith(link, want string) (*http.Response, string) {
	c.t.Helper()
	resp, body := c.Get(link)
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, want) || strings.Contains(loc, "k=") {
		c.t.Fatalf("GET %s = %d to %q; want 303 to %s without the key\n%.500s", link, resp.StatusCode, loc, want, body)
	}
	return c.Get(loc)
}

// teacherCookie is the teacher cookie an answer sets, or nil.
func teacherCookie(t *testing.T, resp *http.Response) *http.Cookie {
	t.Helper()
	for _, ck := range resp.Cookies() {
		if ck.Name == "gaelab_teacher" {
			return ck
		}
	}
	return nil
}

// laterStore is a replica whose clock runs ahead when it redeems tickets.
type laterStore struct {
	store.Store
	ahead time.Duration
}

func (s laterStore) UseTicket(ctx context.Context, code, kind, hash string, now time.Time) error {
	return s.Store.UseTicket(ctx, code, kind, hash, now.Add(s.ahead))
}

// startClass starts a class from /class's form as a browser does, and
// returns its code and the controls' page.
func (c *client) startClass() (code, controls string) {
	c.t.Helper()
	_, page := c.Get("/class")
	resp, _ := c.PostForm("/class", url.Values{"csrf": {csrf(c.t, page)}})
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || teacherCookie(c.t, resp) == nil {
		c.t.Fatalf("POST /class = %d to %q, cookie %v; want 303 with the teacher cookie", resp.StatusCode, loc, teacherCookie(c.t, resp))
	}
	code = strings.Split(loc, "/")[2]
	resp, controls = c.Get(loc)
	if resp.StatusCode != 200 {
		c.t.Fatalf("the controls = %d", resp.StatusCode)
	}
	return code, controls
}

// TestClassOpenToken: the API's teach link carries a one-time open token,
// never the key; it sets the teacher cookie and sends the browser to the
// key-less controls, once, on any replica, within 60 s; a navigation from
// another site gets a page with a link (SameSite=Strict).
func TestClassOpenToken(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		st := open(t)
		srv := server(t, st, webtest.Options{})
		later := server(t, laterStore{st, 61 * time.Second}, webtest.Options{})
		for _, c := range []struct {
			name, base string
			site       string
			want       int
		}{
			{"once", srv.URL, "none", http.StatusSeeOther},
			{"after 60 s", later.URL, "none", http.StatusForbidden},
			{"from another site", srv.URL, "cross-site", http.StatusOK},
		} {
			status, m := api(t, srv.URL, "POST", "/api/v1/classes", "", nil)
			if status != http.StatusCreated {
				t.Fatalf("create = %d %v", status, m)
			}
			code, key, teach := m["code"].(string), m["key"].(string), m["teach"].(string)
			u, err := url.Parse(teach)
			if err != nil || strings.Contains(teach, key) || u.Path != "/class/"+code+"/open" || len(u.Query().Get("t")) < 22 {
				t.Fatalf("teach link %q: want /class/%s/open?t=<token>, without the key", teach, code)
			}
			link := strings.TrimPrefix(teach, srv.URL)
			b := newClient(t, c.base)
			resp, body := b.Do("GET", link, nil, "Sec-Fetch-Site", c.site)
			if resp.StatusCode != c.want {
				t.Fatalf("%s: GET the teach link = %d %.300s; want %d", c.name, resp.StatusCode, body, c.want)
			}
			switch c.want {
			case http.StatusForbidden:
				if !strings.Contains(body, "within 60 seconds") {
					t.Errorf("%s: %q; want the reason and what to do", c.name, body)
				}
				continue
			case http.StatusOK: // the hop page: a link of this site to the controls
				if href, _ := parse(t, body).Find(`[data-testid="class-hop"]`).Attr("href"); href != "/class/"+code+"/teach?lang=en" {
					t.Errorf("%s: the hop page links to %q", c.name, href)
				}
			default:
				if loc := resp.Header.Get("Location"); loc != "/class/"+code+"/teach?lang=en" {
					t.Errorf("%s: redirected to %q; want the key-less controls", c.name, loc)
				}
			}
			if resp, _ := b.Get("/class/" + code + "/teach"); resp.StatusCode != 200 {
				t.Errorf("%s: the controls with the cookie = %d", c.name, resp.StatusCode)
			}
			if resp, body := newClient(t, srv.URL).Get(link); resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "already used") {
				t.Errorf("%s: the teach link a second time = %d %q; want 403 saying it was used", c.name, resp.StatusCode, body)
			}
		}
	})
}

// TestClassKeyReentry: a teacher who lost the controls POSTs the class
// code and the key on /class; a wrong pair is refused in the teacher's
// language; the cookie holds the key, which the controls show again, and
// it opens no other class and not the API.
func TestClassKeyReentry(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		other, _ := newClass(t, srv.URL)
		c := newClient(t, srv.URL)
		c.Lang = "zh-CN"
		_, page := c.Get("/class")
		tok := csrf(t, page)
		if parse(t, page).Find(`form[data-testid="class-enter"] input[name="k"]`).Length() != 1 {
			t.Fatal("/class has no form to re-enter with the key")
		}
		if resp, body := c.PostForm("/class/enter", url.Values{"csrf": {tok}, "code": {code}, "k": {key + "x"}}); resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "课堂代码或教师钥匙有误") {
			t.Errorf("a wrong key = %d %q; want 403 in Chinese", resp.StatusCode, body)
		}
		if resp, _ := c.PostForm("/class/enter", url.Values{"code": {code}, "k": {key}}); resp.StatusCode != http.StatusForbidden {
			t.Errorf("re-entry without the CSRF token = %d; want 403", resp.StatusCode)
		}
		resp, _ := c.PostForm("/class/enter", url.Values{"csrf": {tok}, "code": {strings.ToLower(code)}, "k": {key}})
		if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/class/"+code+"/teach?") || strings.Contains(loc, key) {
			t.Fatalf("re-entry = %d to %q; want 303 to the key-less controls", resp.StatusCode, loc)
		}
		_, page = c.Get("/class/" + code + "/teach")
		if got := parse(t, page).Find(`[data-testid="class-key"] code`).Text(); got != key {
			t.Errorf("the controls show the key %q; want it under “Teacher's key”", got)
		}
		if resp, _ := c.Get("/class/" + other + "/teach"); resp.StatusCode != http.StatusForbidden {
			t.Errorf("the cookie opened another class: %d", resp.StatusCode)
		}
		req, _ := http.NewRequest("GET", srv.URL+"/api/v1/classes/"+code+"/results", nil)
		req.AddCookie(&http.Cookie{Name: "gaelab_teacher", Value: key})
		if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusForbidden {
			t.Errorf("the API with the teacher cookie and no Bearer key: %v %v; want 403", resp.StatusCode, err)
		}
	})
}

// TestClassTeacherCSRF: with the teacher cookie, every teacher POST still
// needs the form's CSRF token and comes from this site; a forged one is
// refused and changes nothing.
func TestClassTeacherCSRF(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		c := newClient(t, srv.URL)
		code, controls := c.startClass()
		tok := csrf(t, controls)
		for _, p := range []struct {
			path string
			form url.Values
		}{
			{"/ask", url.Values{"link": {"/play?v=1&p=seed-a"}, "cell": {"adv.2"}}},
			{"/reveal", url.Values{}},
			{"/pair/new", url.Values{}},
		} {
			for name, forged := range map[string]struct {
				csrf   string
				header []string
			}{
				"no token":    {"", nil},
				"wrong token": {"x" + tok, nil},
				"cross-site":  {tok, []string{"Sec-Fetch-Site", "cross-site"}},
			} {
				f := url.Values{"lang": {"en"}}
				for k, v := range p.form {
					f[k] = v
				}
				if forged.csrf != "" {
					f.Set("csrf", forged.csrf)
				}
				resp, body := c.PostForm("/class/"+code+p.path, f, forged.header...)
				if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "expired or came from another site") {
					t.Errorf("%s %s = %d %q; want 403 with the message", name, p.path, resp.StatusCode, body)
				}
			}
		}
		_, page := c.Get("/class/" + code + "/teach")
		if parse(t, page).Find(`[data-testid="class-count"]`).Length() != 0 {
			t.Error("a forged ask asked a question")
		}
		// The same ask with its token works.
		resp, _ := c.PostForm("/class/"+code+"/ask", url.Values{"csrf": {tok}, "link": {"/play?v=1&p=seed-a"}, "cell": {"adv.2"}})
		if resp.StatusCode != http.StatusSeeOther {
			t.Errorf("the ask with its token = %d; want 303", resp.StatusCode)
		}
	})
}

// TestClassPairing: the controls give a one-time pairing code on demand;
// typed on a phone it gives that phone the teacher cookie (not the key);
// it works once; the wall never shows it.
func TestClassPairing(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		teacher := newClient(t, srv.URL)
		code, controls := teacher.startClass()
		resp, page := teacher.PostForm("/class/"+code+"/pair/new", url.Values{"csrf": {csrf(t, controls)}})
		pc := strings.TrimSpace(parse(t, page).Find(`[data-testid="class-pair-code"]`).Text())
		if resp.StatusCode != 200 || len(pc) != 9 || resp.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("pair a phone = %d, code %q; want a no-store page with XXXX-XXXX", resp.StatusCode, pc)
		}
		_, wall := teacher.Get("/class/" + code + "/wall")
		if strings.Contains(wall, pc) || strings.Contains(wall, strings.ReplaceAll(pc, "-", "")) {
			t.Error("the wall shows the pairing code")
		}

		phone := newClient(t, srv.URL)
		_, form := phone.Get("/class/" + code + "/pair")
		tok := csrf(t, form)
		if resp, body := phone.PostForm("/class/"+code+"/pair", url.Values{"csrf": {tok}, "pair": {"ABCD-EFGH"}}); resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "Show a new one") {
			t.Errorf("a wrong pairing code = %d %q; want 403 saying what to do", resp.StatusCode, body)
		}
		resp, _ = phone.PostForm("/class/"+code+"/pair", url.Values{"csrf": {tok}, "pair": {strings.ToLower(pc)}})
		ck := teacherCookie(t, resp)
		if resp.StatusCode != http.StatusSeeOther || ck == nil || !ck.HttpOnly || ck.Path != "/class/"+code {
			t.Fatalf("pairing = %d, cookie %+v; want 303 with the class's teacher cookie", resp.StatusCode, ck)
		}
		resp, page = phone.Get(resp.Header.Get("Location"))
		doc := parse(t, page)
		if resp.StatusCode != 200 || doc.Find(`[data-testid="ask-cell"]`).Length() != 1 || doc.Find(`[data-testid="class-key"]`).Length() != 0 {
			t.Errorf("the paired phone's controls = %d; want the controls, without the key", resp.StatusCode)
		}
		again := newClient(t, srv.URL)
		_, form = again.Get("/class/" + code + "/pair")
		if resp, _ := again.PostForm("/class/"+code+"/pair", url.Values{"csrf": {csrf(t, form)}, "pair": {pc}}); resp.StatusCode != http.StatusForbidden {
			t.Errorf("the pairing code a second time = %d; want 403", resp.StatusCode)
		}
	})
}

// TestClassWallHoldsNoSecret: the wall's URL, page and stream hold no key,
// no open token, no pairing code and no form; the wall is in presentation
// mode and the dark theme unless theme=light, and the controls honour
// present=1 and theme=dark.
func TestClassWallHoldsNoSecret(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		status, m := api(t, srv.URL, "POST", "/api/v1/classes", "", nil)
		if status != http.StatusCreated {
			t.Fatal(status)
		}
		code, key := m["code"].(string), m["key"].(string)
		u, _ := url.Parse(m["teach"].(string))
		token := u.Query().Get("t")
		askCell(t, srv.URL, code, key)
		c := newClient(t, srv.URL)
		_, controls := c.console(code, key)
		_, pairPage := c.PostForm("/class/"+code+"/pair/new", url.Values{"csrf": {csrf(t, controls)}})
		pc := strings.TrimSpace(parse(t, pairPage).Find(`[data-testid="class-pair-code"]`).Text())

		resp, wall := c.enterWith("/class/"+code+"/wall?k="+url.QueryEscape(key)+"&lang=en", "/class/"+code+"/wall")
		events := c.ReadStream("/class/"+code+"/teach/events?view=wall&lang=en", 1)
		secrets := map[string]string{"key": key, "open token": token, "pairing code": pc, "pairing code's letters": strings.ReplaceAll(pc, "-", ""),
			"CSRF token": c.Cookie("gaelab_csrf")}
		for name, s := range secrets {
			if len(s) < 8 {
				t.Fatalf("no %s to look for (%q)", name, s)
			}
			for where, body := range map[string]string{"page": wall, "stream": events, "URL": resp.Request.URL.String()} {
				if strings.Contains(body, s) {
					t.Errorf("the wall's %s holds the %s", where, name)
				}
			}
		}
		doc := parse(t, wall)
		if n := doc.Find(`form[method="post"], input`).Length(); n != 0 || !strings.Contains(events, "data-testid=\"class-count\"") || strings.Contains(events, "<form") {
			t.Errorf("the wall has %d POST forms or inputs, or its stream a form:\n%s", n, events)
		}
		if doc.Find(`body.present.theme-dark`).Length() != 1 || doc.Find(`details[data-testid="class-wall-join"] [data-testid="class-qr"]`).Length() != 1 {
			t.Error("the wall is not in presentation mode and the dark theme, or its QR code is not behind a toggle")
		}
		_, light := c.Get("/class/" + code + "/wall?theme=light")
		if parse(t, light).Find(`body.present.theme-dark`).Length() != 0 {
			t.Error("theme=light still shows the dark theme")
		}
		// The controls honour the site's view parameters too.
		_, dark := c.Get("/class/" + code + "/teach?present=1&theme=dark")
		if parse(t, dark).Find(`body.present.theme-dark`).Length() != 1 {
			t.Error("the controls ignore present=1 and theme=dark")
		}
	})
}
