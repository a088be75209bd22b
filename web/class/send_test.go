package class_test

// Ordered sends (issue 40): a send id carries a sequence, so that a late
// replay of an older send never overwrites a newer answer.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"gaelab/web/store"
	"gaelab/web/webtest"
)

// TestLateReplayKeepsNewerAnswer: a phone without JavaScript sends one
// form, then the next page's form; the first form's request replayed late
// (a proxy's retry, a browser's resend) is acknowledged but the newer
// answer stays, counted once each; likewise for class-answer.js's ids
// ("s<press time>_<hex>"), an older press that arrives after a newer one.
// The phone's page shows the newer answer.
func TestLateReplayKeepsNewerAnswer(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		st := open(t)
		srv := server(t, st, webtest.Options{})
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		p := newClient(t, srv.URL)
		send := func(f map[string][]string, what string) {
			t.Helper()
			if resp, body := p.PostForm("/class/"+code+"/answer", f); resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("%s = %d; want 303 (acknowledged)\n%.500s", what, resp.StatusCode, body)
			}
		}
		stored := func(value string, changes int, after string) {
			t.Helper()
			got, err := st.Answers(context.Background(), code, 1)
			if err != nil || len(got) != 1 || got[0].Value != value || got[0].Changes != changes {
				t.Fatalf("after %s: answers = %+v, %v; want %s, changed %d times", after, got, err, value, changes)
			}
			_, page := p.Get("/join/" + code)
			if v := doc(t, page).Find(`form.class-answer input[name=a]`).AttrOr("value", ""); v != value {
				t.Errorf("after %s the phone shows %q as its answer; want %q", after, v, value)
			}
		}
		_, page := p.Get("/join/" + code)
		older := answerForm(t, page, "0.1")
		send(older, "the first form")
		_, page = p.Get("/join/" + code)
		newer := answerForm(t, page, "0.2")
		send(newer, "the next page's form")
		send(older, "a late replay of the first form")
		send(older, "another late replay of the first form")
		stored("0.2", 2, "late replays of an older form")

		press := time.Now().Add(time.Minute).UnixMilli() // after every form's
		js := func(seq int64, a string) map[string][]string {
			f := answerForm(t, page, a)
			f.Set("send", fmt.Sprintf("s%d_%016x%016x", seq, rand.Uint64(), rand.Uint64()))
			return f
		}
		first, second := js(press, "0.3"), js(press+2500, "0.4")
		send(second, "the second press")
		send(first, "the first press, arriving late")
		stored("0.4", 3, "an older press arriving after a newer one")
		send(js(press+5000, "0.5"), "a third press")
		stored("0.5", 4, "a newer press")
	})
}
