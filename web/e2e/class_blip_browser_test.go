package e2e

// An answer survives a database blip in the browser: class-answer.js keeps
// its draft and sends it again (the HTTP side of the blip is web/class's
// unavailable_test.go).

import (
	"context"
	"regexp"
	"testing"
	"time"

	"gaelab/web"
	"gaelab/web/webtest/stores"
)

// TestBrowserAnswerSurvivesBlip: with class-answer.js, an answer sent
// while the store fails says "not sent yet" in the phone's language, keeps
// its draft (a sequenced send id, the server's send stamp), and is sent again by itself once the store is back: stored
// once, then shown as the phone's answer. A draft kept across a reload is
// sent when the page opens again.
func TestBrowserAnswerSurvivesBlip(t *testing.T) {
	t.Parallel()
	st := &stores.Blip{Store: sqliteStore(t)}
	srv := server(t, st, web.Options{})
	code, key := newClass(t, srv.URL)
	askCell(t, srv.URL, code, key)
	tb := newTab(t, srv)
	tb.open("/join/" + code + "?lang=zh")
	st.Down.Store(true)
	eval[bool](tb, `(() => { document.getElementById("class-a").value = "0.4"; document.querySelector("form.class-answer button").click(); return true })()`)
	tb.until("the phone says its answer is not sent yet", `() => {
		const s = document.querySelector("[data-testid=phone-send]");
		return s && !s.hidden && s.textContent.includes("尚未发送") ? "" : (s ? s.textContent : "no status");
	}`)
	if !eval[bool](tb, `localStorage.getItem("gaelab.answer") !== null`) {
		t.Error("the unsent answer is not kept in localStorage")
	}
	// Its send id carries a sequence, and the draft keeps the send stamp
	// of the first 503 (when the answer first reached the server).
	draft := eval[string](tb, `(() => {
		const f = JSON.parse(localStorage.getItem("gaelab.answer")).fields, get = k => (f.find(kv => kv[0] === k) || [])[1] || "";
		return get("send") + " " + get("stamp");
	})()`)
	if !regexp.MustCompile(`^s\d{13}_[0-9a-f]{32} \d{13}-\S+$`).MatchString(draft) {
		t.Errorf("the draft's send id and stamp = %q; want s<ms>_<32 hex> and <ms>-<signature>", draft)
	}
	time.Sleep(time.Second) // a few resends fail
	st.Down.Store(false)
	tb.until("the answer is sent once the store is back", `() => {
		const s = document.querySelector("[data-testid=phone-send]"), y = document.querySelector("[data-testid=phone-yours]");
		return s && s.textContent.includes("已发送") && y && y.textContent.includes("0.4") ? "" : document.getElementById("class-question").innerText;
	}`)
	if !eval[bool](tb, `localStorage.getItem("gaelab.answer") === null`) {
		t.Error("the acknowledged answer's draft is still kept")
	}
	if got, _ := st.Answers(context.Background(), code, 1); len(got) != 1 || got[0].Changes != 1 || got[0].Value != "0.4" {
		t.Errorf("answers = %+v; want 0.4 once", got)
	}

	// A change sent while the store is down, then the page reloaded (the
	// 503 page) and opened again once it is back: the kept draft is sent.
	st.Down.Store(true)
	eval[bool](tb, `(() => { document.getElementById("class-a").value = "0.3"; document.querySelector("form.class-answer button").click(); return true })()`)
	tb.until("the change is not sent yet", `() => document.querySelector("[data-testid=phone-send]").textContent.includes("尚未发送") ? "" : "sending"`)
	tb.open("/join/" + code + "?lang=zh")
	st.Down.Store(false)
	tb.open("/join/" + code + "?lang=zh")
	tb.until("the kept change is sent after the reload", `() => {
		const y = document.querySelector("[data-testid=phone-yours]");
		return y && y.textContent.includes("0.3") ? "" : document.getElementById("class-question").innerText;
	}`)
	if got, _ := st.Answers(context.Background(), code, 1); len(got) != 1 || got[0].Changes != 2 || got[0].Value != "0.3" {
		t.Errorf("answers = %+v; want 0.3, changed once", got)
	}
	// The browser logs each 503 the script met, and the SSE extension each
	// time the dead store ended the phone's stream: the test's doing.
	tb.forgive("503")
	tb.forgive(`console.error: "[object Event]"`)
}
