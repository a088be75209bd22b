package e2e

// What the class's browser tests share: a site on a store, and the
// harness's steps of a class (web/webtest), as web/class's own tests take
// them.

import (
	"net/http/httptest"
	"testing"
	"time"

	"gaelab/web"
	"gaelab/web/store"
	"gaelab/web/webtest"
)

var (
	newClass  = webtest.NewClass
	askCell   = webtest.AskCell
	api       = webtest.API
	newClient = webtest.NewClient
)

// server serves the app on st with options o. Unless o says, classes start
// without the per-address quota.
func server(t *testing.T, st store.Store, o web.Options) *httptest.Server {
	o.Store = st
	if o.Quotas.ClassStartsPerHour == 0 {
		o.Quotas.ClassStartsPerHour = 1 << 20
	}
	return webtest.New(t, o).Server()
}

// flow calls a flow step through the API.
func flow(t *testing.T, base, code, key, action string, body any) (int, map[string]any) {
	t.Helper()
	return api(t, base, "POST", "/api/v1/classes/"+code+"/flow/"+action, key, body)
}

// phoneStream opens a phone's stream of a class and waits for its first
// event; the returned func closes it.
func phoneStream(t *testing.T, c *webtest.Client, code string) func() {
	t.Helper()
	events, stop := c.Stream("/class/" + code + "/events")
	if e, ok := webtest.WaitFor(events, "event: question", 5*time.Second); !ok {
		stop()
		t.Fatalf("a phone's stream began with %q", e)
	}
	return stop
}
