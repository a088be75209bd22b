package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestParseReleaseEveryTag(t *testing.T) {
	want := []string{"v0.2", "v0.2.0.post1", "v0.2.0.post2", "v0.3.0.rc0", "v0.3.0.post0", "v0.3.0.post1",
		"v0.4.0", "v0.4.1", "v0.5.0", "v0.6.0", "v0.6.1", "v0.7.0", "v0.7.1", "v0.8.0", "v0.9.0"}
	if !slices.Equal(ReleaseTags(), want) {
		t.Fatalf("ReleaseTags() = %v, want %v", ReleaseTags(), want)
	}
	for _, tag := range want {
		r, err := ParseRelease(tag)
		if err != nil || r.Tag != tag || !r.Gen.Valid() {
			t.Errorf("ParseRelease(%q) = %+v, %v", tag, r, err)
		}
	}
	if r, err := ParseRelease("newest"); err != nil || r.Tag != "v0.9.0" || r.Gen != G12 {
		t.Errorf("ParseRelease(newest) = %+v, %v; want v0.9.0 (G12)", r, err)
	}
	for _, bad := range []string{"", "v0.1", "v0.2.0", "early", "V0.9.0", "v0.9.0 ", "v1.0"} {
		if _, err := ParseRelease(bad); err == nil {
			t.Errorf("ParseRelease(%q) accepted", bad)
		}
	}
}

func TestRangeLabels(t *testing.T) {
	for _, tc := range []struct {
		from, to Generation
		want     string
	}{
		{G01, G01, "v0.2–v0.2.0.post2"},
		{G02, G02, "v0.3.0.rc0"},
		{G03, G03, "v0.3.0.post0–v0.3.0.post1"},
		{G10, G12, "v0.7.1–v0.9.0"},
		{G06, G12, "v0.5.0–v0.9.0"},
		{G12, G12, "v0.9.0"},
	} {
		if got := RangeLabel(tc.from, tc.to); got != tc.want {
			t.Errorf("RangeLabel(%s, %s) = %q, want %q", tc.from, tc.to, got, tc.want)
		}
	}
}

// TestEveryGenerationHasAReason: a generation exists because something
// changed; each change cites a PR.
func TestEveryGenerationHasAReason(t *testing.T) {
	for _, g := range Generations()[1:] {
		if len(ChangesAt(g)) == 0 {
			t.Errorf("%s starts no change", g)
		}
	}
	ids := map[ChangeID]bool{}
	for _, c := range Changes {
		if ids[c.ID] {
			t.Errorf("change %q listed twice", c.ID)
		}
		ids[c.ID] = true
		if len(c.PRs) == 0 || !c.From.Valid() || c.Summary == "" {
			t.Errorf("change %+v lacks a PR, a generation or a summary", c)
		}
	}
}

// TestGenerationTableMatchesGolden checks the release → generation map
// against golden-versions-shared.json's generations.<G>.releases.
func TestGenerationTableMatchesGolden(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "golden", "golden-versions-shared.json"))
	if err != nil {
		if os.Getenv("CI") == "true" || !os.IsNotExist(err) {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	var file struct {
		Generations map[string]struct {
			Tag          string   `json:"tag"`
			Releases     []string `json:"releases"`
			KLNames      []string `json:"kl_names_accepted"`
			LossAggModes []string `json:"loss_agg_modes"`
			GAELoop      string   `json:"gae_loop"`
		} `json:"generations"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	for _, g := range Generations() {
		want := file.Generations[g.String()]
		var got []string
		for _, r := range g.Releases() {
			got = append(got, r.Tag)
		}
		wantTags := slices.DeleteFunc(slices.Clone(want.Releases), func(s string) bool { return s == "HEAD" || len(s) > 0 && s[0] != 'v' })
		if !slices.Equal(got, wantTags) || g.Tag() != want.Tag {
			t.Errorf("%s: releases %v (tag %s), golden %v (tag %s)", g, got, g.Tag(), want.Releases, want.Tag)
		}
		if !slices.Equal(KLNames(g), want.KLNames) && len(want.KLNames) > 0 {
			t.Errorf("%s: KL names %v, golden %v", g, KLNames(g), want.KLNames)
		}
		if len(want.LossAggModes) > 0 && g.Has(AggLoss) {
			var modes []string
			for _, m := range g.AggModes() {
				modes = append(modes, string(m))
			}
			if !slices.Equal(modes, want.LossAggModes) {
				t.Errorf("%s: loss_agg_modes %v, golden %v", g, modes, want.LossAggModes)
			}
		}
	}
}

func FuzzParseRelease(f *testing.F) {
	for _, s := range append(ReleaseTags(), "newest", "", "v0.2.0.post3", "\xff") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRelease(s)
		if err != nil {
			return
		}
		if !r.Gen.Valid() || (s != "newest" && r.Tag != s) || RangeLabel(r.Gen, r.Gen) == "" {
			t.Errorf("ParseRelease(%q) = %+v", s, r)
		}
	})
}

func TestStableLabels(t *testing.T) {
	for _, tc := range []struct {
		g    Generation
		ids  []ChangeID
		want string
	}{
		{G12, GAEChanges, "v0.5.0–v0.9.0"},
		{G01, GAEChanges, "v0.2–v0.4.1"},
		{G01, WhitenedGAEChanges, "v0.2–v0.3.0.rc0"},
		{G12, ValueLossChanges(TokenMean), "v0.7.0–v0.9.0"},
		{G12, ValueLossChanges(SeqMeanTokenSumNorm), "v0.7.1–v0.9.0"},
		{G12, ValueLossChanges(TokenSum), "v0.9.0"},
		{G05, ValueLossChanges(TokenMean), "v0.4.1–v0.6.1"},
		{G04, ValueLossChanges(TokenMean), "v0.4.0"},
	} {
		if got := StableLabel(tc.g, tc.ids...); got != tc.want {
			t.Errorf("StableLabel(%s, %v) = %q, want %q", tc.g, tc.ids, got, tc.want)
		}
	}
}
