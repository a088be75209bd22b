package train

import (
	"net/url"
	"testing"
)

// FuzzDecode: any query is an error naming a field, or a state whose
// canonical link decodes to itself.
func FuzzDecode(f *testing.F) {
	for _, q := range []string{"", "v=1&p=healthy&it=3", "p=lambda&lam=0.5&steps=100&it=99", "init_scale=2", "v=2", "it=-1", "seed=1e3", "lam=1&lam=0"} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		s, e := Decode(q)
		if e != nil {
			if e.Field == "" || e.Key == "" {
				t.Fatalf("%q: an error without a field: %+v", raw, e)
			}
			return
		}
		canon := s.Encode()
		q2, _ := url.ParseQuery(canon)
		s2, e2 := Decode(q2)
		if e2 != nil || s2.Encode() != canon {
			t.Fatalf("%q: canonical %q decodes to %q (%v)", raw, canon, s2.Encode(), e2)
		}
		if s.It < 0 || s.It >= s.Steps() || s.Steps() > MaxIterations {
			t.Fatalf("%q: iteration %d of %d", raw, s.It, s.Steps())
		}
	})
}
