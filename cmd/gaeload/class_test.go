package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"net/http/httptest"

	"gaelab/web"
	"gaelab/web/i18n"
	"gaelab/web/store/sqlite"
)

// TestCountReadsTheControls: the projector's count is read from the
// controls' own words (class.answers.connected in English); it read
// "N of M students answered", which the controls no longer say, so the
// count was never final.
func TestCountReadsTheControls(t *testing.T) {
	m := reCount.FindStringSubmatch(i18n.En.T("class.answers.connected", 3, 5))
	if m == nil || m[1] != "3" || m[2] != "5" {
		t.Errorf("reCount on %q = %q; want 3 of 5", i18n.En.T("class.answers.connected", 3, 5), m)
	}
}

// TestClassAddrsLoadsRunningServer: -class-addrs loads a server already
// running (here the site on SQLite, in this process): 20 phones join, hold
// their streams and answer, the projector's count becomes final, and every
// target is met; nothing is started, so no RSS is read.
func TestClassAddrsLoadsRunningServer(t *testing.T) {
	t.Parallel()
	st, err := sqlite.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv := httptest.NewServer(web.Handler(web.Options{Store: st}))
	defer srv.Close()
	var out, errs bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err = run(ctx, []string{"-class", "-class-addrs", strings.TrimPrefix(srv.URL, "http://"), "-class-phones", "20",
		"-class-join", "500ms", "-class-answer", "3s", "-class-max-p99", "5s", "-check"}, &out, &errs)
	if err != nil || !strings.Contains(out.String(), "all targets met") || !strings.Contains(out.String(), "20 answered") {
		t.Errorf("gaeload -class -class-addrs = %v:\n%s\n%s", err, out.String(), errs.String())
	}
	for _, bad := range [][]string{{"-class-proxy"}, {"-class-db", "postgres://x"}, {"-server-flags", "-x"}} {
		if _, err := parseConfig(append([]string{"-class", "-class-addrs", "127.0.0.1:1"}, bad...), &errs); err == nil {
			t.Errorf("-class-addrs with %q parsed; want a refusal", bad)
		}
	}
}
