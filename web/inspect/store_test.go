package inspect_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/store"
	"gaelab/web/store/postgres"
	"gaelab/web/store/sqlite"
	"gaelab/web/store/storetest"
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// handler is the whole site with o's options (webtest.New(tb, o).Handler).
func handler(tb testing.TB, o webtest.Options) http.Handler {
	tb.Helper()
	return webtest.New(tb, o).Handler
}

// inspectHandler is the app with o's options on a fresh SQLite database,
// as /inspect needs a database for its uploads.
func inspectHandler(t testing.TB, o webtest.Options) http.Handler {
	t.Helper()
	o.Store = stores.SQLite(t)
	return handler(t, o)
}

// TestInspectReplicas: an upload through one replica is shown, sorted,
// filtered, drilled into, drawn, exported and shared by another on the
// same database, on SQLite (two handles on one file) and on PostgreSQL.
func TestInspectReplicas(t *testing.T) {
	for _, db := range []struct {
		name string
		open func(t *testing.T) (a, b store.Store)
	}{
		{"sqlite", func(t *testing.T) (store.Store, store.Store) {
			dir := t.TempDir()
			a, err1 := sqlite.Open(context.Background(), dir)
			b, err2 := sqlite.Open(context.Background(), dir)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			t.Cleanup(func() { a.Close(); b.Close() })
			return a, b
		}},
		{"postgres", func(t *testing.T) (store.Store, store.Store) {
			url := storetest.PostgresURL(t)
			a, err1 := postgres.Open(context.Background(), url, nil)
			b, err2 := postgres.Open(context.Background(), url, nil)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			t.Cleanup(func() { a.Close(); b.Close() })
			return a, b
		}},
	} {
		t.Run(db.name, func(t *testing.T) {
			sa, sb := db.open(t)
			ha, hb := handler(t, webtest.Options{Store: sa}), handler(t, webtest.Options{Store: sb})
			rec := uploadForm(t, ha, "grpo.npz", map[string]string{"estimator": "grpo_norm_std"}, "?lang=zh")
			view := rec.Header().Get("Location")
			if rec.Code != http.StatusSeeOther || !strings.HasPrefix(view, "/inspect/") {
				t.Fatalf("upload on replica a: %d %q", rec.Code, view)
			}
			id := strings.TrimPrefix(strings.Split(view, "?")[0], "/inspect/")
			_, doc := inspectGet(t, hb, view+"&group=q-b&sort=score")
			if n := doc.Find(`[data-testid=inspect-rows] tbody tr`).Length(); n != 3 {
				t.Errorf("replica b, group q-b: %d rows; want 3", n)
			}
			for _, path := range []string{"/row/1", "/heat/white.png", "/summary.json", "/check.csv"} {
				if r, _ := inspectGet(t, hb, "/inspect/"+id+path+"?estimator=grpo_norm_std"); r.Code != 200 {
					t.Errorf("replica b %s: %d", path, r.Code)
				}
			}
			share := httptest.NewRecorder()
			hb.ServeHTTP(share, httptest.NewRequest(http.MethodPost, "/inspect/"+id+"/share?lang=en", nil))
			if share.Code != http.StatusSeeOther {
				t.Fatalf("share on replica b: %d", share.Code)
			}
			// Replica a says it is shared, with the expiry b stored.
			_, doc = inspectGet(t, ha, "/inspect/"+id+"?estimator=grpo_norm_std&lang=en")
			if note := doc.Find(`[data-testid=inspect-shared]`).Text(); !strings.Contains(note, "Kept until") {
				t.Errorf("replica a after sharing on b: %q", note)
			}
		})
	}
}

// TestInspectQuotas: the daily quota per address and the total cap each
// answer a clear message in the page's language; a server without a
// database says uploads are off. None is a 500.
func TestInspectQuotas(t *testing.T) {
	h := inspectHandler(t, webtest.Options{UploadDailyBytes: 6000})
	if rec := uploadForm(t, h, "newest_f32.npz", nil, ""); rec.Code != http.StatusSeeOther {
		t.Fatalf("first upload under the quota: %d", rec.Code)
	}
	for _, tc := range []struct {
		h      http.Handler
		lang   string
		status int
		want   string
	}{
		{h, "en", http.StatusTooManyRequests, "quota for today"},
		{h, "zh", http.StatusTooManyRequests, "上传额度已用完"},
		{inspectHandler(t, webtest.Options{UploadStoreBytes: 1000}), "en", http.StatusRequestEntityTooLarge, "larger than all uploads"},
		{inspectHandler(t, webtest.Options{UploadStoreBytes: 1000}), "zh", http.StatusRequestEntityTooLarge, "所有上传"},
		{handler(t, webtest.Options{}), "en", http.StatusServiceUnavailable, "without a database"},
		{handler(t, webtest.Options{}), "zh", http.StatusServiceUnavailable, "没有数据库"},
	} {
		rec := uploadForm(t, tc.h, "newest_f32.npz", nil, "?lang="+tc.lang)
		_, doc := inspectGetBody(t, rec)
		if msg := doc.Find(`[data-testid=inspect-errors]`).Text(); rec.Code != tc.status || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %d %q; want %d with %q", tc.lang, rec.Code, msg, tc.status, tc.want)
		}
	}
	if r, doc := inspectGet(t, handler(t, webtest.Options{}), "/inspect/aaaaaaaaaaaaaaaaaaaaaaaaaa"); r.Code != http.StatusServiceUnavailable || doc.Find(`[data-testid=inspect-errors]`).Length() != 1 {
		t.Errorf("a view without a database: %d", r.Code)
	}
}

// inspectGetBody parses an answer already recorded.
func inspectGetBody(t *testing.T, rec *httptest.ResponseRecorder) (*httptest.ResponseRecorder, *goquery.Document) {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	return rec, doc
}
