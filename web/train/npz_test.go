package train_test

import (
	"net/url"
	"strconv"
	"testing"

	"gaelab/web/inspect"
	"gaelab/web/train"
	"gaelab/web/webtest"
)

// TestNPZJudgedExact: iterations 0, 10 and the last of every preset,
// downloaded as the exporter's .npz, are judged exact by /inspect's check
// (in process), for runs A and B alike through the download link of A.
func TestNPZJudgedExact(t *testing.T) {
	for _, l := range train.Lessons {
		steps := l.A().Iterations
		for _, it := range []int{0, 10, steps - 1} {
			link := "/train/batch.npz?v=1&p=" + l.ID + "&it=" + strconv.Itoa(it)
			rec := webtest.Get(t, link)
			if rec.Code != 200 || rec.Header().Get("Content-Disposition") != `attachment; filename="batch_`+strconv.Itoa(it+1)+`.npz"` {
				t.Fatalf("%s: %d %q", link, rec.Code, rec.Header().Get("Content-Disposition"))
			}
			a, err := inspect.Load(rec.Body.Bytes(), url.Values{})
			if err != nil {
				t.Fatalf("%s: %v", link, err)
			}
			for name, q := range map[string]*inspect.Quantity{"advantages": a.Check.Advantages, "returns": a.Check.Returns} {
				if q == nil || q.ExplainedBy == nil || *q.ExplainedBy != "exact" || q.MaxAbsDiff != 0 {
					t.Errorf("%s: %s not judged exact: %+v", link, name, q)
				}
			}
		}
	}
}
