package class_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"gaelab/web/store"
	"gaelab/web/store/postgres"
	"gaelab/web/store/storetest"
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// otherDatabase is a store on another database than st: on SQLite a
// fresh file; on PostgreSQL, whose tests share one database, a schema of
// its own (search_path), dropped at the end.
func otherDatabase(t *testing.T, st store.Store, open func(t *testing.T) store.Store) store.Store {
	pg, ok := st.(interface{ DB() *sql.DB })
	if !ok || !strings.HasSuffix(t.Name(), "/postgres") {
		return open(t)
	}
	schema := fmt.Sprintf("wrong_%d", rand.Uint32())
	if _, err := pg.DB().Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pg.DB().Exec("DROP SCHEMA " + schema + " CASCADE") })
	u := storetest.PostgresURL(t)
	sep := "?"
	if strings.Contains(u, "?") {
		sep = "&"
	}
	other, err := postgres.Open(context.Background(), u+sep+"search_path="+schema, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	return other
}

// TestOtherDatabaseSaysSo: a replica pointed at a wrong but existing
// database, behind the same balancer as a right one: /readyz names each
// database (Store-Fingerprint, the same for two replicas on one), and the
// wrong replica answers a class's phone — its answer and its page — with a
// 503 and Retry-After that says the database differs, in the phone's
// language, never "form expired" nor an unknown code (a page's try still
// spends one of the address's guesses: the tag is not signed, and must not
// let a guesser past the limit); the right replica then takes the answer.
func TestOtherDatabaseSaysSo(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		st := open(t)
		right, twin, wrong := server(t, st, webtest.Options{}), server(t, st, webtest.Options{}), server(t, otherDatabase(t, st, open), webtest.Options{})
		fp := map[string]string{}
		for name, srv := range map[string]string{"right": right.URL, "twin": twin.URL, "wrong": wrong.URL} {
			resp, body := webtest.NewClient(t, srv).Get("/readyz")
			if resp.StatusCode != http.StatusOK || body != "ready" || len(resp.Header.Get("Store-Fingerprint")) != 16 {
				t.Fatalf("%s /readyz = %d %q, Store-Fingerprint %q; want ready with 16 hex digits", name, resp.StatusCode, body, resp.Header.Get("Store-Fingerprint"))
			}
			fp[name] = resp.Header.Get("Store-Fingerprint")
		}
		if fp["right"] != fp["twin"] || fp["right"] == fp["wrong"] {
			t.Errorf("fingerprints %v; want the two replicas of one database alike, the other database's different", fp)
		}
		code, key := newClass(t, right.URL)
		askCell(t, right.URL, code, key)
		for _, lang := range []string{"en", "zh"} {
			phone := newClient(t, right.URL) // the cookie jar ignores ports: it sends its cookies to every replica
			phone.Lang = lang
			_, page := phone.Get("/join/" + code)
			want := map[string]string{"en": "another database", "zh": "数据库不同"}[lang]
			phone.Base = wrong.URL
			for i := range 25 {
				resp, body := phone.submit(page, "phone-form", map[string][]string{"a": {"0.4"}})
				if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || !strings.Contains(body, want) {
					t.Fatalf("%s: answer %d on the wrong replica = %d, Retry-After %q: %.300s; want 503 saying %q", lang, i+1, resp.StatusCode, resp.Header.Get("Retry-After"), body, want)
				}
			}
			for i := range 5 { // 10 in both languages: within the address's 20 guesses
				if resp, body := phone.Get("/join/" + code); resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, want) {
					t.Fatalf("%s: the class page %d on the wrong replica = %d: %.300s; want 503 saying %q (not an unknown code)", lang, i+1, resp.StatusCode, body, want)
				}
			}
			phone.Base = right.URL
			if resp, body := phone.submit(page, "phone-form", map[string][]string{"a": {"0.4"}}); resp.StatusCode != http.StatusSeeOther {
				t.Errorf("%s: the same answer on the right replica = %d %.300s; want 303", lang, resp.StatusCode, body)
			}
		}
		if _, m := api(t, right.URL, "GET", "/api/v1/classes/"+code+"/results", key, nil); m["answers"] != 2.0 {
			t.Errorf("answers %v; want the two phones' once each", m["answers"])
		}
	})
}

// TestForgedStoreTagStillGuesses: a code guesser that sends a CSRF cookie
// with another database's tag (the tag is not signed) is still counted
// and refused past the address's guesses (429), not let through by the
// "other database" answer.
func TestForgedStoreTagStillGuesses(t *testing.T) {
	t.Parallel()
	srv := server(t, stores.SQLite(t), webtest.Options{})
	guesser := phoneAt(t, srv.URL, randomLoopback())
	for i := 0; ; i++ {
		resp, _ := guesser.Get("/join/"+randomCode(), "Cookie", "gaelab_csrf=AAAAAAAAAAAAAAAAAAAAAA.sig.0123456789abcdef")
		if resp.StatusCode == http.StatusTooManyRequests {
			if i < 20 {
				t.Errorf("refused after %d guesses; want 20", i)
			}
			return
		}
		if resp.StatusCode != http.StatusServiceUnavailable || i > 25 {
			t.Fatalf("guess %d with a forged tag = %d; want 503 until the address's 20 guesses are spent, then 429", i+1, resp.StatusCode)
		}
	}
}
