package scenario

import (
	"testing"

	"gaelab/engine"
)

// TestLinkVersions: v=1, v=2 and v=3 are read; a state keeps the version
// whose meaning it has (a v=2 link stays v=2, and so does a v=1 link naming
// a release tag, which has always been written as v=2), and a new state
// (SetRelease, as every edit makes) is written as v=3. OwnLosses is true
// only for a v=3 state.
func TestLinkVersions(t *testing.T) {
	for _, tc := range []struct {
		query, link string
		whole       bool
		written     string
	}{
		{"p=seed-b", "", false, "v=1&"},
		{"v=1&p=seed-b&ver=v0.2", "", false, "v=1&"},
		{"v=1&p=seed-b&ver=v0.6.1", LinkVersion2, false, "v=2&"},
		{"v=2&p=seed-b&ver=v0.6.1", LinkVersion2, false, "v=2&"},
		{"v=2&p=seed-b", LinkVersion2, false, "v=2&"},
		{"v=3&p=seed-b&ver=v0.6.1", LinkVersion3, true, "v=3&"},
		{"v=3&p=seed-b", LinkVersion3, true, "v=3&"},
		{"v=3&p=seed-b&ver=nope", LinkVersion3, true, "v=3&"},    // the preset's release, reported
		{"v=4&p=seed-b&ver=v0.6.1", LinkVersion2, false, "v=2&"}, // read as v=1, warned
	} {
		s, _ := decodeLink(t, tc.query)
		if s.Link != tc.link || s.OwnLosses() != tc.whole {
			t.Errorf("%s: Link %q, OwnLosses %v; want %q, %v", tc.query, s.Link, s.OwnLosses(), tc.link, tc.whole)
		}
		if got := Encode(s); got[:4] != tc.written {
			t.Errorf("%s: written as %s, want %s…", tc.query, got, tc.written)
		}
	}
	for _, query := range []string{"v=1&p=seed-b", "v=2&p=seed-b&ver=v0.4.1", "v=3&p=seed-b&ver=v0.4.1"} {
		s, _ := decodeLink(t, query)
		if err := s.SetRelease("v0.4.1"); err != nil {
			t.Fatal(err)
		}
		if got := Encode(s); got != "v=3&p=seed-b&ver=v0.4.1" || !s.OwnLosses() {
			t.Errorf("%s, SetRelease(v0.4.1): %s, OwnLosses %v; want v=3&p=seed-b&ver=v0.4.1, true", query, got, s.OwnLosses())
		}
	}
	if s, _ := decodeLink(t, "v=3&p=seed-b&ver=v0.7.1"); s.Gen() != engine.G10 {
		t.Errorf("v=3 ver=v0.7.1: generation %v, want G10", s.Gen())
	}
}
