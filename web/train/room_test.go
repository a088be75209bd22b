package train_test

import (
	"net/http"
	"strings"
	"testing"

	"gaelab/web/train"
	"gaelab/web/webtest"
)

// TestTrainQuota: /train's training is metered per address in PPO epochs:
// a frame costs what the cache lacks, so a Play tick costs one iteration
// and a frame already computed nothing; past the quota a link is a 429 in
// the learner's language, with Retry-After and the quota named, and the
// exports (which compute the same frames) are refused alike.
func TestTrainQuota(t *testing.T) {
	site := webtest.New(t, webtest.Options{TrainQuota: train.Quota{PerMinute: 1, Burst: 60}})
	for _, link := range []string{
		"/train?v=1&p=healthy&it=5&lang=zh", // 6 iterations × 4 epochs = 24 of 60
		"/train?v=1&p=healthy&it=6&lang=zh", // the tick after it: 4 more
		"/train?v=1&p=healthy&it=5&lang=en", // computed already: free
	} {
		if rec := site.Get(t, link); rec.Code != http.StatusOK {
			t.Fatalf("%s: %d within the quota", link, rec.Code)
		}
	}
	// 32 epochs left; a cold link to iteration 40 lacks 41 iterations.
	for _, c := range []struct{ link, lang, want string }{
		{"/train?v=1&p=healthy&it=40&lang=zh", "zh", "每分钟最多计算 1 个 PPO epoch"},
		{"/train?v=1&p=healthy&it=40&lang=en", "en", "at most 1 PPO epochs a minute"},
		{"/train/curves.csv?v=1&p=healthy&it=40&lang=en", "en", "at most 1 PPO epochs a minute"},
	} {
		rec := site.Get(t, c.link)
		if rec.Code != http.StatusTooManyRequests {
			t.Fatalf("%s past the quota: %d, want 429", c.link, rec.Code)
		}
		if ra := rec.Header().Get("Retry-After"); ra == "" || ra == "0" {
			t.Errorf("%s: Retry-After = %q", c.link, ra)
		}
		if body := rec.Body.String(); !strings.Contains(body, c.want) {
			t.Errorf("%s: the 429 page does not say %q in %s:\n%.600s", c.link, c.want, c.lang, body)
		}
	}
	if rec := site.Get(t, "/train?v=1&p=healthy&it=6&lang=en"); rec.Code != http.StatusOK {
		t.Errorf("a frame already computed is refused past the quota: %d", rec.Code)
	}
}
