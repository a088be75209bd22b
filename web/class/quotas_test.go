package class_test

// The live class's costs and doors (issue #32, part B), over HTTP on both
// databases.

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"gaelab/web/store"
	"gaelab/web/webtest"
)

// TestKeyLinksRedirect: ?k= on results.csv and teach/events answers as on
// /teach: a 303 to the same path without the key, with the teacher cookie
// set; never a 200 with the key in the URL (it would stay in the history
// and the logs).
func TestKeyLinksRedirect(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		for _, path := range []string{"/class/" + code + "/results.csv", "/class/" + code + "/teach/events", "/class/" + code + "/teach/events?view=wall"} {
			c := newClient(t, srv.URL)
			sep := "?"
			if strings.Contains(path, "?") {
				sep = "&"
			}
			req, _ := http.NewRequest("GET", srv.URL+path+sep+"k="+key, nil) // not c.get, which follows it
			resp, err := c.HTTP.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != path {
				t.Errorf("GET %s?k=… = %d Location %q; want 303 to %s", path, resp.StatusCode, resp.Header.Get("Location"), path)
				continue
			}
			if !setsCookie(resp, "gaelab_teacher") {
				t.Errorf("GET %s?k=… set no teacher cookie", path)
			}
		}
	})
}

// TestClassQuotasShared: two replicas on one database count one address's
// classes started and unknown codes tried together (on main each replica
// counted its own: twice the limit).
func TestClassQuotasShared(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		st := open(t)
		o := behindProxy(t, webtest.Options{Quotas: webtest.Quotas{ClassStartsPerHour: 4, ClassCodeGuesses: 3}})
		a, b := server(t, st, o), server(t, st, o)
		var code string
		for i, srv := range []string{a.URL, b.URL, a.URL, b.URL} {
			status, m := api(t, srv, "POST", "/api/v1/classes", "", nil)
			if status != http.StatusCreated {
				t.Fatalf("class %d: %d %v; want 201", i+1, status, m)
			}
			code = m["code"].(string)
		}
		for _, srv := range []string{a.URL, b.URL} {
			resp, err := http.Post(srv+"/api/v1/classes", "application/json", nil)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
				t.Errorf("class 5 on either replica: %d Retry-After %q; want 429 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
			}
		}
		from := randomAddr()
		pa, pb := phoneFrom(t, a.URL, from), phoneFrom(t, b.URL, from)
		for i, c := range []*client{pa, pb, pa} {
			if resp, _ := c.Get("/join/ZZZZZ" + string(rune('A'+i))); resp.StatusCode != http.StatusNotFound {
				t.Fatalf("unknown code %d = %d; want 404", i+1, resp.StatusCode)
			}
		}
		for _, c := range []*client{pa, pb} {
			if resp, _ := c.Get("/join/ZZZZZZ"); resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
				t.Errorf("a 4th unknown code after 3 across replicas = %d; want 429 with Retry-After", resp.StatusCode)
			}
			if resp, _ := c.Get("/join/" + code); resp.StatusCode != http.StatusOK {
				t.Errorf("a known code after 3 unknown ones across replicas = %d; want 200 (only unknown codes are refused)", resp.StatusCode)
			}
		}
	})
}

// TestPairingThrottled: wrong pairing codes are counted per address and
// per class (429 with Retry-After past either, in the page's language),
// and the 10th wrong one voids the class's code (ASVS 2.2.1; on main they
// were not throttled at all: 4,863 guesses a second).
func TestPairingThrottled(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), behindProxy(t, webtest.Options{Quotas: webtest.Quotas{ClassPairGuesses: 6}}))
		teacher := newClient(t, srv.URL)
		code, controls := teacher.startClass()
		_, page := teacher.PostForm("/class/"+code+"/pair/new", url.Values{"csrf": {csrf(t, controls)}})
		pc := strings.TrimSpace(parse(t, page).Find(`[data-testid="class-pair-code"]`).Text())
		try := func(c *client, pair string) (*http.Response, string) {
			_, form := c.Get("/class/" + code + "/pair")
			return c.PostForm("/class/"+code+"/pair", url.Values{"csrf": {csrf(t, form)}, "pair": {pair}})
		}
		// One address: 6 wrong codes, then even the right one waits.
		one := phoneFrom(t, srv.URL, randomAddr())
		for range 6 {
			if resp, _ := try(one, "ABCD-EFGH"); resp.StatusCode != http.StatusForbidden {
				t.Fatalf("a wrong code = %d; want 403", resp.StatusCode)
			}
		}
		one.Lang = "zh"
		if resp, body := try(one, pc); resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || !strings.Contains(body, "配对码太多") {
			t.Fatalf("the 7th code from one address = %d Retry-After %q; want 429 with Retry-After, in Chinese", resp.StatusCode, resp.Header.Get("Retry-After"))
		}
		// Four more wrong ones from other addresses (10 in all) void the code.
		for range 4 {
			try(phoneFrom(t, srv.URL, randomAddr()), "ABCD-EFGH")
		}
		if resp, _ := try(phoneFrom(t, srv.URL, randomAddr()), pc); resp.StatusCode != http.StatusForbidden {
			t.Errorf("the right code after 10 wrong ones = %d; want 403 (voided)", resp.StatusCode)
		}
		// The class's own bucket (twice the address's: 12) is spent by
		// two more, whatever their address.
		for range 2 {
			try(phoneFrom(t, srv.URL, randomAddr()), "ABCD-EFGH")
		}
		if resp, _ := try(phoneFrom(t, srv.URL, randomAddr()), "ABCD-EFGH"); resp.StatusCode != http.StatusTooManyRequests {
			t.Errorf("a code for a class with 12 tried, from a new address = %d; want 429 (per class)", resp.StatusCode)
		}
	})
}

// TestHostCookies: with an https -public-url the class's cookies are
// __Host- (Secure, Path=/), the teacher's one per class; a cookie of the
// old name still opens the controls (set before the upgrade, it lives one
// class TTL); over plain http the names are unchanged. On main the
// cookies had no prefix anywhere (ASVS 3.4.4).
func TestHostCookies(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		st := open(t)
		for _, tc := range []struct {
			public              string
			teacher, path, csrf string
			secure              bool
		}{
			{"https://gae.example.edu", "__Host-gaelab_teacher_", "/", "__Host-gaelab_csrf", true},
			{"", "gaelab_teacher", "/class/", "gaelab_csrf", false},
		} {
			srv := server(t, st, webtest.Options{PublicURL: tc.public})
			status, m := api(t, srv.URL, "POST", "/api/v1/classes", "", nil)
			if status != http.StatusCreated {
				t.Fatalf("start: %d %v", status, m)
			}
			code, key := m["code"].(string), m["key"].(string)
			u, _ := url.Parse(m["teach"].(string))
			c := newClient(t, srv.URL)
			resp, _ := c.Get(u.RequestURI())
			want := tc.teacher
			if tc.secure {
				want += code
			}
			var teacher *http.Cookie
			for _, ck := range resp.Cookies() {
				if ck.Name == want {
					teacher = ck
				}
			}
			wantPath := tc.path
			if !tc.secure {
				wantPath += code
			}
			if teacher == nil || teacher.Path != wantPath || teacher.Secure != tc.secure {
				t.Errorf("%q: the teach link set %v; want %s with Path=%s, Secure %v", tc.public, resp.Header["Set-Cookie"], want, wantPath, tc.secure)
				continue
			}
			get := func(path string, cookies ...*http.Cookie) *http.Response {
				req, _ := http.NewRequest("GET", srv.URL+path, nil)
				for _, ck := range cookies {
					req.AddCookie(ck)
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				return resp
			}
			if resp := get("/class/"+code+"/teach", &http.Cookie{Name: teacher.Name, Value: teacher.Value}); resp.StatusCode != http.StatusOK {
				t.Errorf("%q: the controls with the new cookie = %d; want 200", tc.public, resp.StatusCode)
			}
			if resp := get("/class/"+code+"/teach", &http.Cookie{Name: "gaelab_teacher", Value: key}); resp.StatusCode != http.StatusOK {
				t.Errorf("%q: the controls with the old name's cookie = %d; want 200", tc.public, resp.StatusCode)
			}
			if !setsCookie(get("/join/"+code), tc.csrf) {
				t.Errorf("%q: the phone's page sets no %s", tc.public, tc.csrf)
			}
		}
	})
}
