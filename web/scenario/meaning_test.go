package scenario

import (
	"net/url"
	"strings"
	"testing"

	"gaelab/engine"
)

// What each link version means, as the pages read it: the GAE loop the
// generation runs agrees with the two-generation Version the pages once
// compared; the KL step, the losses, the release an edit and a verify
// script name, and the v=3 state an edit writes.
func TestLinkMeaning(t *testing.T) {
	for _, tc := range []struct {
		query            string
		kl               engine.Generation
		ownLosses        bool
		edit, verify     string
		recomputesOnEdit bool
	}{
		{"v=1&p=seed-b&ver=v0.2", engine.V1Early, false, "v0.2", "v0.2", true},
		{"v=1&p=seed-b&ver=newest", engine.V1Newest, false, engine.Newest, engine.Newest, true},
		{"v=2&p=seed-b&ver=v0.4.1", engine.G05, false, "v0.4.1", "v0.4.1", false},
		{"v=3&p=seed-b&ver=v0.4.1", engine.G05, true, "v0.4.1", "v0.4.1", false},
		{"v=3&p=seed-b&ver=v0.6.1", mustGen(t, "v0.6.1"), true, "v0.6.1", "v0.6.1", false},
	} {
		q, _ := url.ParseQuery(tc.query)
		s, _ := Decode(q)
		if aware := s.Gen().Has(engine.GAEMaskAware); aware != (s.Version == engine.VerlNewest) {
			t.Errorf("%s: Gen %v mask-aware %v, Version %v", tc.query, s.Gen(), aware, s.Version)
		}
		if got := s.KLGen(); got != tc.kl {
			t.Errorf("%s: KLGen %v, want %v", tc.query, got, tc.kl)
		}
		if s.OwnLosses() != tc.ownLosses || s.EditRecomputes() != tc.recomputesOnEdit {
			t.Errorf("%s: OwnLosses %v, EditRecomputes %v; want %v, %v", tc.query, s.OwnLosses(), s.EditRecomputes(), tc.ownLosses, tc.recomputesOnEdit)
		}
		if s.EditRelease() != tc.edit || s.VerifyRelease().Tag != tc.verify {
			t.Errorf("%s: EditRelease %q, VerifyRelease %q; want %q, %q", tc.query, s.EditRelease(), s.VerifyRelease().Tag, tc.edit, tc.verify)
		}
		e := s.Edited()
		if got := Encode(e); !strings.HasPrefix(got, "v="+FormLink+"&") || !strings.Contains(got, "ver="+tc.edit) || !e.OwnLosses() {
			t.Errorf("%s: Edited encodes as %s (OwnLosses %v), want v=%s naming %s", tc.query, got, e.OwnLosses(), FormLink, tc.edit)
		}
	}
}

func mustGen(t *testing.T, tag string) engine.Generation {
	r, err := engine.ParseRelease(tag)
	if err != nil {
		t.Fatal(err)
	}
	return r.Gen
}
