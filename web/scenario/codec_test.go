package scenario

import (
	"math/rand/v2"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/quick"

	"gaelab/engine"
)

// decodeLink parses a query string and decodes it.
func decodeLink(t *testing.T, query string) (Scenario, Report) {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatalf("ParseQuery(%q): %v", query, err)
	}
	return Decode(q, "lang")
}

func TestPresetsRoundTrip(t *testing.T) {
	for _, id := range PresetIDs {
		p, ok := Preset(id)
		if !ok {
			t.Fatalf("preset %q missing", id)
		}
		link := Encode(p)
		if link != "v=1&p="+id {
			t.Errorf("Encode(preset %s) = %q, want only v and p", id, link)
		}
		got, rep := decodeLink(t, link)
		if !rep.OK() || !reflect.DeepEqual(got, p) {
			t.Errorf("%s: decoded %+v (report %+v), want the preset", id, got, rep)
		}
	}
	if len(presets) != len(PresetIDs) {
		t.Errorf("%d presets, %d ids", len(presets), len(PresetIDs))
	}
}

// tokenRunes are the characters random token text is drawn from: the
// codec's own separators, URL syntax, CJK, emoji and markup.
var tokenRunes = []rune("ab ,|&=+%#?;<>\"'\\/是的，等于！😀🎉\t\n\u200b\u00e9")

func randomText(r *rand.Rand, max int) string {
	n := r.IntN(max + 1)
	var b strings.Builder
	for range n {
		b.WriteRune(tokenRunes[r.IntN(len(tokenRunes))])
	}
	return b.String()
}

func randomNumber(r *rand.Rand) float64 {
	switch r.IntN(4) {
	case 0:
		return 0
	case 1:
		return float64(r.IntN(2001)-1000) / 100
	case 2:
		return (r.Float64()*2 - 1) * MaxMagnitude
	}
	return r.NormFloat64() * 1e-7
}

// randomScenario draws a valid scenario from a random preset.
func randomScenario(r *rand.Rand) Scenario {
	s, _ := Preset(PresetIDs[r.IntN(len(PresetIDs))])
	if r.IntN(3) > 0 {
		s.Resize(1 + r.IntN(20))
		for t := range s.Tokens {
			s.Tokens[t].Text = randomText(r, 6)
		}
	}
	for t := range s.Tokens {
		tok := &s.Tokens[t]
		if r.IntN(2) == 0 {
			tok.Kind = Kind(r.IntN(3))
			tok.Score, tok.Old, tok.Ref, tok.Value, tok.Reward = randomNumber(r), randomNumber(r), randomNumber(r), randomNumber(r), randomNumber(r)
		}
	}
	if r.IntN(2) == 0 {
		s.Prompt = randomText(r, 30)
	}
	s.DirectRewards = r.IntN(2) == 0
	s.Gamma, s.Lam = float64(r.IntN(101))/100, r.Float64()
	s.Beta = randomNumber(r)
	s.Version = engine.Version(r.IntN(2))
	names := engine.KLNames(s.Version.V1Gen())
	s.KL = names[r.IntN(len(names))]
	s.Base = r.IntN(2)
	s.Step = r.IntN(s.Len()+2) - 1
	if r.IntN(2) == 0 {
		s.Select = Rows[r.IntN(len(Rows))] + "." + string(rune('0'+r.IntN(min(s.Len(), 10))))
	} else {
		s.Select = ""
	}
	return s
}

// Property: any valid scenario survives its own link exactly.
func TestLinkRoundTripProperty(t *testing.T) {
	check := func(seed uint64) bool {
		s := randomScenario(rand.New(rand.NewPCG(seed, 7)))
		got, rep := decodeLink(t, Encode(s))
		if !rep.OK() || !reflect.DeepEqual(got, s) {
			t.Logf("link %q\nwant %+v\ngot  %+v\nreport %+v", Encode(s), s, got, rep)
			return false
		}
		return true
	}
	if err := quick.Check(check, &quick.Config{MaxCount: 2000}); err != nil {
		t.Error(err)
	}
}

func TestDecodeProblems(t *testing.T) {
	tests := []struct {
		query, field, key string
	}{
		{"p=seed-a&V=0.3,abc,0.6", "V.1", "err.number"},
		{"p=seed-a&V=0.3,NaN,0.6", "V.1", "err.number"},
		{"p=seed-a&V=0.3,Inf,0.6", "V.1", "err.number"},
		{"p=seed-a&V=0.3,0x1p-2,0.6", "V.1", "err.number"},
		{"p=seed-a&V=0.3,1e400,0.6", "V.1", "err.magnitude"},
		{"p=seed-a&V=0.3,2e6,0.6", "V.1", "err.magnitude"},
		{"p=seed-a&V=0.3,0.4", "V", "err.length"},
		{"p=seed-a&gamma=1.5", "gamma", "err.range"},
		{"p=seed-a&lam=-0.1", "lam", "err.range"},
		{"p=seed-a&lam=", "lam", "err.number"},
		{"p=seed-a&mask=1,x,1", "mask.1", "err.mask"},
		{"p=seed-a&ver=v0.3", "ver", "err.release"},
		{"p=seed-a&ver=v0.2&kl=k3", "kl", "err.kl_version"},
		{"p=seed-a&kl=full", "kl", "err.kl_version"},
		{"p=seed-a&step=9", "step", "err.range_int"},
		{"p=seed-a&num=2", "num", "err.choice"},
		{"p=seed-a&tok=" + strings.Repeat("长", MaxTokenRunes+1), "tok.0", "err.too_long"},
		{"p=seed-a" + strings.Repeat("&tok=a", MaxTokens+1), "tok", "err.too_many_tokens"},
	}
	for _, tc := range tests {
		s, rep := decodeLink(t, tc.query)
		p := rep.For(tc.field)
		if p == nil || p.Key != tc.key {
			t.Errorf("%.60s: problem at %q = %+v, want %s (all: %+v)", tc.query, tc.field, p, tc.key, rep.Problems)
		}
		if s.Len() == 0 || s.Len() > MaxTokens {
			t.Errorf("%.60s: %d tokens after a bad link", tc.query, s.Len())
		}
	}
	// A bad element falls back to the preset's value; the raw text is kept for the form.
	s, rep := decodeLink(t, "p=seed-a&V=0.3,oops,0.9")
	if s.Tokens[1].Value != 0.4 || s.Tokens[2].Value != 0.9 || rep.Raw["V.1"] != "oops" {
		t.Errorf("values %v, raw %q: want the preset's 0.4 at t=1, 0.9 at t=2, raw oops", s.Tokens, rep.Raw["V.1"])
	}
}

func TestDecodeWarnings(t *testing.T) {
	_, rep := decodeLink(t, "v=4&p=nope&zzz=1&lang=zh&sel=foo.1")
	var keys []string
	for _, w := range rep.Warnings {
		keys = append(keys, w.Key)
	}
	want := []string{"warn.link_version", "warn.select", "warn.unknown_param", "warn.unknown_preset"}
	if !slices.Equal(keys, want) {
		t.Errorf("warnings %v, want %v", keys, want)
	}
}

// A Chinese input method types full-width digits; they read as numbers.
func TestDecodeFullWidthNumbers(t *testing.T) {
	s, rep := decodeLink(t, "p=seed-a&lam=０．９&V=－０.５,0.4,0.6")
	if !rep.OK() || s.Lam != 0.9 || s.Tokens[0].Value != -0.5 {
		t.Errorf("λ = %v, V_0 = %v, report %+v", s.Lam, s.Tokens[0].Value, rep)
	}
}

// The form without JavaScript sends one parameter per token and per list
// entry, and edits with op=add / op=del.<t>.
func TestDecodeFormEdits(t *testing.T) {
	form := "p=seed-a&tok=a&tok=b&tok=c&V=0.1&V=0.2&V=0.3&mask=1&mask=1&mask=0"
	s, rep := decodeLink(t, form+"&op=add")
	if !rep.OK() || s.Len() != 4 || s.Tokens[3].Kind != Valid || s.Tokens[2].Value != 0.3 {
		t.Errorf("op=add: %+v, report %+v", s.Tokens, rep)
	}
	s, rep = decodeLink(t, form+"&op=del.1")
	if !rep.OK() || s.Len() != 2 || s.Tokens[1].Text != "c" || s.Tokens[1].Value != 0.3 || s.Tokens[1].Kind != Padding {
		t.Errorf("op=del.1: %+v, report %+v", s.Tokens, rep)
	}
	s, _ = decodeLink(t, "p=seed-a&tok=a,b|c&V=0.5")
	if s.Len() != 1 || s.Tokens[0].Text != "a,b|c" || s.Tokens[0].Value != 0.5 {
		t.Errorf("one token with commas: %+v", s.Tokens)
	}
}

func FuzzDecode(f *testing.F) {
	f.Add("v=1&p=seed-b&V=0.1,0.2&tok=a&tok=b&step=1&sel=delta.0")
	f.Add("p=multi-turn&mask=1,o,0&op=del.0")
	f.Add("%zz&&=&p=&tok")
	f.Add("v=1&p=seed-b&step=2&speed=0.5")
	f.Add("v=3&p=seed-b&ver=v0.4.1&V=0.1")
	f.Add("v=2&p=multi-turn&ver=v0.2.0.post1")
	f.Fuzz(func(t *testing.T, query string) {
		q, err := url.ParseQuery(query)
		if err != nil {
			return
		}
		s, _ := Decode(q)
		if want := WrittenVersion(s.Release, s.Link); !strings.HasPrefix(Encode(s), "v="+want+"&") || s.Release == "" && s.Link != "" {
			t.Fatalf("%q: release %q, link %q written as %q", query, s.Release, s.Link, Encode(s))
		}
		if s.Len() < 1 || s.Len() > MaxTokens || s.Step > s.Len() || s.Gamma < 0 || s.Gamma > 1 || s.Lam < 0 || s.Lam > 1 ||
			s.StepsPerSecond() < MinSpeed || s.StepsPerSecond() > MaxSpeed {
			t.Fatalf("decoded an invalid scenario: T=%d step=%d γ=%g λ=%g speed=%g", s.Len(), s.Step, s.Gamma, s.Lam, s.Speed)
		}
		// Whatever was decoded has a canonical link that reads back the same.
		again, rep := Decode(mustParse(t, Encode(s)))
		if !rep.OK() || !reflect.DeepEqual(again, s) {
			t.Fatalf("canonical link %q of %q does not round-trip: %+v", Encode(s), query, rep)
		}
	})
}

func mustParse(t *testing.T, query string) url.Values {
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestDecodeReleases: every release tag and newest is a ver= of every link.
// In a v=1 link, v0.2, newest and no ver keep their meaning (no Release);
// any other tag, and every ver of a v=2 link, names the whole release, and
// the canonical link is v=2 with the concrete tag.
func TestDecodeReleases(t *testing.T) {
	for _, tc := range []struct {
		query, release, canonical string
	}{
		{"v=1&p=seed-b", "", "v=1&p=seed-b"},
		{"v=1&p=seed-b&ver=newest", "", "v=1&p=seed-b"},
		{"v=1&p=seed-b&ver=v0.2", "", "v=1&p=seed-b&ver=v0.2"},
		{"v=1&p=seed-b&ver=v0.6.1", "v0.6.1", "v=2&p=seed-b&ver=v0.6.1"},
		{"v=2&p=seed-b", "v0.9.0", "v=2&p=seed-b&ver=v0.9.0"},
		{"v=2&p=seed-b&ver=newest", "v0.9.0", "v=2&p=seed-b&ver=v0.9.0"},
		{"v=2&p=v02-eos-leak", "v0.2", "v=2&p=v02-eos-leak&ver=v0.2"},
		{"v=2&p=seed-b&ver=v0.2.0.post1", "v0.2.0.post1", "v=2&p=seed-b&ver=v0.2.0.post1"},
		{"v=2&p=seed-b&ver=v0.2", "v0.2", "v=2&p=seed-b&ver=v0.2"},
		{"v=3&p=seed-b", "v0.9.0", "v=3&p=seed-b&ver=v0.9.0"},
		{"v=3&p=seed-b&ver=newest", "v0.9.0", "v=3&p=seed-b&ver=v0.9.0"},
		{"v=3&p=v02-eos-leak", "v0.2", "v=3&p=v02-eos-leak&ver=v0.2"},
		{"v=3&p=seed-b&ver=v0.2.0.post1", "v0.2.0.post1", "v=3&p=seed-b&ver=v0.2.0.post1"},
		{"v=3&p=seed-b&ver=v0.6.1&lam=0.5", "v0.6.1", "v=3&p=seed-b&lam=0.5&ver=v0.6.1"},
	} {
		s, rep := decodeLink(t, tc.query)
		if len(rep.Problems) > 0 {
			t.Errorf("%s: problems %+v", tc.query, rep.Problems)
		}
		if s.Release != tc.release {
			t.Errorf("%s: Release = %q, want %q", tc.query, s.Release, tc.release)
		}
		if got := Encode(s); got != tc.canonical {
			t.Errorf("%s: canonical %q, want %q", tc.query, got, tc.canonical)
		}
	}
	for _, tag := range append(engine.ReleaseTags(), "newest") {
		for _, v := range []string{"1", "2", "3"} {
			s, rep := decodeLink(t, "v="+v+"&p=seed-b&ver="+tag)
			if len(rep.Problems) > 0 || s.Gen() == 0 {
				t.Errorf("v=%s ver=%s: problems %+v, generation %v", v, tag, rep.Problems, s.Gen())
			}
		}
	}
}
