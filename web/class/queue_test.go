package class_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/store"
	"gaelab/web/webtest"
)

// TestQuestionQueue: questions prepared before class, on the controls (the
// block picker's "Add to the queue") and through the API, are saved with
// the class in the store: another replica's controls list them, in order,
// by the picker's labels, and Next names and asks the first, takes it off
// the queue, and the phones get it; the picker keeps the block last asked;
// a block that does not exist is refused and not queued; Next on an empty
// queue is a 409. SQLite and PostgreSQL.
func TestQuestionQueue(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		st := open(t)
		srv := server(t, st, webtest.Options{})
		other := server(t, st, webtest.Options{}) // another replica on the store
		code, key := newClass(t, srv.URL)
		teacher := newClient(t, srv.URL)
		page := teacher.controls(code, key)
		d := doc(t, page)
		if d.Find(`[data-testid="queue-items"]`).Length() != 0 || d.Find(`[data-testid="queue-next"]`).Length() != 0 {
			t.Fatalf("a new class has a queue or Next:\n%.2000s", d.Find(`[data-testid="class-queue"]`).Text())
		}
		var values, labels []string
		d.Find(`#ask-block option`).Each(func(i int, s *goquery.Selection) {
			if i%7 == 3 && len(values) < 3 { // three blocks of different lessons
				values, labels = append(values, s.AttrOr("value", "")), append(labels, strings.TrimSpace(s.Text()))
			}
		})
		if len(values) != 3 {
			t.Fatalf("the picker offers %d blocks", len(values))
		}
		add := d.Find(`[data-testid="queue-add"]`).AttrOr("formaction", "")
		if add != "/class/"+code+"/flow/queue" {
			t.Fatalf("Add to the queue posts to %q", add)
		}
		form := url.Values{}
		d.Find(`form[data-testid="ask-block"] input[type="hidden"]`).Each(func(_ int, s *goquery.Selection) {
			form.Set(s.AttrOr("name", ""), s.AttrOr("value", ""))
		})
		for _, v := range values[:2] {
			form.Set("block", v)
			if resp, body := teacher.PostForm(add, form); resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("queue %s = %d %.300s; want 303", v, resp.StatusCode, body)
			}
		}
		if status, m := flow(t, srv.URL, code, key, "queue", map[string]any{"block": "nope#predict-1"}); status != http.StatusUnprocessableEntity || errField(m) != "block" {
			t.Errorf("queue an unknown block = %d %v; want 422 naming block", status, m)
		}
		if status, m := flow(t, srv.URL, code, key, "queue", map[string]any{"block": values[2]}); status != 200 || len(m["queue"].([]any)) != 3 {
			t.Fatalf("API queue = %d %v; want 200 and 3 queued", status, m)
		}

		// Another replica's controls: the queue, from the store.
		teacher2 := newClient(t, other.URL)
		items := func(c *client) ([]string, string, *goquery.Document) {
			d := doc(t, c.controls(code, key))
			var got []string
			d.Find(`[data-testid="queue-items"] li`).Each(func(_ int, s *goquery.Selection) { got = append(got, strings.TrimSpace(s.Text())) })
			return got, strings.TrimSpace(d.Find(`[data-testid="queue-next"] button`).Text()), d
		}
		got, next, _ := items(teacher2)
		if !slices.Equal(got, labels) || !strings.Contains(next, labels[0]) {
			t.Fatalf("the other replica's queue %q, Next %q; want %q, Next naming the first", got, next, labels)
		}

		phone := newClient(t, srv.URL)
		for i, want := range labels {
			_, _, d := items(teacher2)
			if i == 1 { // through the API too
				if status, m := flow(t, srv.URL, code, key, "next", nil); status != http.StatusCreated || m["asked"] != values[i] {
					t.Fatalf("API next = %d %v; want 201 asking %s", status, m, values[i])
				}
			} else {
				page, _ := d.Html()
				if resp, body := teacher2.submit(page, "queue-next", nil); resp.StatusCode != http.StatusSeeOther {
					t.Fatalf("Next = %d %.300s; want 303", resp.StatusCode, body)
				}
			}
			got, next, d = items(teacher)
			if !slices.Equal(got, labels[i+1:]) || (i < 2) != strings.Contains(next, labels[min(i+1, 2)]) {
				t.Errorf("after Next %d: queue %q, Next %q; want %q", i+1, got, next, labels[i+1:])
			}
			if sel := d.Find(`#ask-block option[selected]`).AttrOr("value", ""); sel != values[i] {
				t.Errorf("after Next %d the picker holds %q; want %q, the block asked", i+1, sel, values[i])
			}
			_, body := phone.Get("/join/" + code)
			if title := doc(t, body).Find(`[data-testid="class-question"] h2`).Text(); !strings.Contains(title, string(rune('1'+i))) {
				t.Errorf("after Next %d (%s) the phone shows %q", i+1, want, title)
			}
		}
		if status, m := flow(t, srv.URL, code, key, "next", nil); status != http.StatusConflict {
			t.Errorf("Next on an empty queue = %d %v; want 409", status, m)
		}
	})
}
