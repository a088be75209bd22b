package web

import (
	"strings"
	"testing"

	"gaelab/engine"
)

// TestReleaseLabels renders each page for every verl release (v=2 links) and
// checks that the page names the release range its numbers come from, from
// the engine's generation table, and no hand-written range.
func TestReleaseLabels(t *testing.T) {
	for _, r := range engine.Releases {
		want := r.Gen.Range()
		for _, tc := range []struct {
			path, preset, heading, label string
		}{
			{"/play", "seed-b", "#results-heading", want},
			{"/batch", "grpo-4", "#batch-results-heading", want},
			{"/compare/lambda", "multi-turn", "", want},
			{"/compare/estimators", "multi-turn", "", want},
			{"/update/critic", "seed-b", "", engine.LastGeneration.Range()},
			{"/update/actor", "seed-b", "", engine.LastGeneration.Range()},
		} {
			for _, lang := range []string{"en", "zh"} {
				link := tc.path + "?v=2&p=" + tc.preset + "&ver=" + r.Tag + "&lang=" + lang
				doc := getPage(t, link)
				text := doc.Find("main").Text()
				if !strings.Contains(text, "verl "+tc.label) {
					t.Errorf("%s does not name verl %s", link, tc.label)
				}
				for _, stale := range []string{"v0.5–v0.9", "v0.5-v0.9"} {
					if strings.Contains(text, stale) {
						t.Errorf("%s shows the hand-written range %q", link, stale)
					}
				}
				if tc.heading != "" && !strings.Contains(doc.Find(tc.heading).First().Text(), tc.label) {
					t.Errorf("%s: heading %q does not name %s", link, doc.Find(tc.heading).First().Text(), tc.label)
				}
			}
		}
		// The release picker selects the release, and groups it under its generation's range.
		doc := getPage(t, "/play?v=2&p=seed-b&ver="+r.Tag)
		opt := doc.Find(`select#ver option[selected]`)
		if opt.AttrOr("value", "") != r.Tag {
			t.Errorf("ver=%s: the picker selects %q", r.Tag, opt.AttrOr("value", ""))
		}
		if label := opt.Parent().AttrOr("label", ""); !strings.HasPrefix(label, want+" — ") {
			t.Errorf("ver=%s: the picker's group is %q, want it to start with %q", r.Tag, label, want)
		}
	}
}
