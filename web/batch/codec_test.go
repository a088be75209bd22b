package batch

import (
	"errors"
	"math/rand/v2"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/quick"

	"gaelab/engine"
	"gaelab/web/i18n"
	"gaelab/web/scenario"
)

// decodeLink parses a query string and decodes it.
func decodeLink(t testing.TB, query string) (Batch, scenario.Report) {
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
		if link := Encode(p); link != "v=1&p="+id {
			t.Errorf("Encode(preset %s) = %q, want only v and p", id, link)
		}
		got, rep := decodeLink(t, "v=1&p="+id)
		if !rep.OK() || !reflect.DeepEqual(got, p) {
			t.Errorf("%s: decoded %+v (report %+v), want the preset", id, got, rep)
		}
		checkValid(t, id, p)
	}
	if len(presets) != len(PresetIDs) {
		t.Errorf("%d presets, %d ids", len(presets), len(PresetIDs))
	}
	p, _ := Preset("grpo-4")
	var scores []float64
	for _, r := range p.Rows {
		scores = append(scores, r.Score)
	}
	if !slices.Equal(scores, []float64{1, 0, 0, 1}) {
		t.Errorf("grpo-4 scores %v, want 1,0,0,1", scores)
	}
}

// checkValid fails unless b is a batch the page can show: 2 … 8 responses
// of 1 … 64 tokens, each with a valid token (its first, so that shortening
// a response keeps one), valid groups, γ and λ in [0, 1], a focus in range.
func checkValid(t testing.TB, what string, b Batch) {
	t.Helper()
	if b.Len() < MinRows || b.Len() > MaxRows {
		t.Fatalf("%s: %d responses", what, b.Len())
	}
	for i, r := range b.Rows {
		if len(r.Tokens) < 1 || len(r.Tokens) > MaxTokens || r.LastValid() < 0 || !ValidGroup(r.Group) {
			t.Fatalf("%s: response %d has %d tokens, last valid %d, group %q", what, i, len(r.Tokens), r.LastValid(), r.Group)
		}
	}
	if b.Gamma < 0 || b.Gamma > 1 || b.Lam < 0 || b.Lam > 1 || b.Focus < 0 || b.Focus >= b.Len() {
		t.Fatalf("%s: γ=%g λ=%g focus=%d", what, b.Gamma, b.Lam, b.Focus)
	}
}

// The first token of every preset response is valid, so that a response
// shortened by tok<i>= keeps a valid token.
func TestPresetsFirstTokenValid(t *testing.T) {
	for _, id := range PresetIDs {
		p, _ := Preset(id)
		for i, r := range p.Rows {
			if !r.Tokens[0].Valid {
				t.Errorf("%s: response %d starts with padding", id, i)
			}
		}
	}
}

// textRunes are the characters random token text is drawn from: the codec's
// own separators, URL syntax, CJK, emoji, newlines and markup.
var textRunes = []rune("ab ,|&=+%#?;<>\"'\\/是的，等于！😀🎉\t\n\u200b\u00e9")

func randomText(r *rand.Rand, max int) string {
	var b strings.Builder
	for range r.IntN(max + 1) {
		b.WriteRune(textRunes[r.IntN(len(textRunes))])
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
		return (r.Float64()*2 - 1) * scenario.MaxMagnitude
	}
	return r.NormFloat64() * 1e-7
}

var groupIDs = []string{"0", "1", "a", "p-1", "uid_7", "题目", "x.y"}

// randomBatch draws a valid batch from a random preset.
func randomBatch(r *rand.Rand) Batch {
	b, _ := Preset(PresetIDs[r.IntN(len(PresetIDs))])
	if r.IntN(2) == 0 {
		b.Resize(MinRows + r.IntN(MaxRows-MinRows+1))
	}
	for i := range b.Rows {
		row := &b.Rows[i]
		if r.IntN(3) == 0 {
			row.Resize(1 + r.IntN(MaxTokens))
			for t := range row.Tokens {
				row.Tokens[t].Text = randomText(r, 5)
			}
		}
		if r.IntN(2) == 0 {
			for t := range row.Tokens {
				row.Tokens[t].Valid = r.IntN(3) > 0
				row.Tokens[t].Value = randomNumber(r)
			}
			row.Tokens[r.IntN(len(row.Tokens))].Valid = true
		}
		if r.IntN(2) == 0 {
			row.Score, row.Baseline = randomNumber(r), randomNumber(r)
			row.Group = groupIDs[r.IntN(len(groupIDs))]
		}
	}
	if r.IntN(2) == 0 {
		b.Prompt = randomText(r, 30)
	}
	b.Gamma, b.Lam = float64(r.IntN(101))/100, r.Float64()
	b.Version = engine.Version(r.IntN(2))
	b.Focus = r.IntN(b.Len())
	return b
}

// Property: any valid batch survives its own link exactly.
func TestLinkRoundTripProperty(t *testing.T) {
	check := func(seed uint64) bool {
		b := randomBatch(rand.New(rand.NewPCG(seed, 11)))
		got, rep := decodeLink(t, Encode(b))
		if !rep.OK() || !reflect.DeepEqual(got, b) {
			t.Logf("link %q\nwant %+v\ngot  %+v\nreport %+v", Encode(b), b, got, rep)
			return false
		}
		return true
	}
	if err := quick.Check(check, &quick.Config{MaxCount: 2000}); err != nil {
		t.Error(err)
	}
}

// Property: a link lists only what differs from its preset, so changing one
// score adds exactly score= to the preset's link.
func TestEncodeOnlyDifferences(t *testing.T) {
	b, _ := Preset("grpo-4")
	b.Rows[2].Score = 1
	if got, want := Encode(b), "v=1&p=grpo-4&score=1,0,1,1"; got != want {
		t.Errorf("Encode = %q, want %q", got, want)
	}
	b.Rows[1].Tokens[2].Value = 0.25
	b.Focus = 1
	if got, want := Encode(b), "v=1&p=grpo-4&V1=0.5,0.55,0.25,0.3&score=1,0,1,1&row=1"; got != want {
		t.Errorf("Encode = %q, want %q", got, want)
	}
}

func TestDecodeProblems(t *testing.T) {
	tests := []struct {
		query, field, key string
	}{
		{"p=grpo-4&V0=0.3,abc,0.6,0.7", "V0.1", "err.number"},
		{"p=grpo-4&V0=0.3,NaN,0.6,0.7", "V0.1", "err.number"},
		{"p=grpo-4&V0=0.3,Inf,0.6,0.7", "V0.1", "err.number"},
		{"p=grpo-4&V0=0.3,1e400,0.6,0.7", "V0.1", "err.magnitude"},
		{"p=grpo-4&V1=0.3,0.4", "V1", "err.length"},
		{"p=grpo-4&mask2=1,x,1,1", "mask2.1", "batch.err.mask"},
		{"p=grpo-4&mask2=0,0,0,0", "mask2", "batch.err.no_valid"},
		{"p=grpo-4&score=1,0", "score", "batch.err.rows"},
		{"p=grpo-4&score=1,0,zero,1", "score.2", "err.number"},
		{"p=grpo-4&b=1,1,1,2e6", "b.3", "err.magnitude"},
		{"p=grpo-4&group=a,b,,c", "group.2", "batch.err.group"},
		{"p=grpo-4&group=a,b,c%20d,e", "group.2", "batch.err.group"},
		{"p=grpo-4&group=a,b,c,abcdefghijklmnopq", "group.3", "batch.err.group"},
		{"p=grpo-4&B=1", "B", "err.range_int"},
		{"p=grpo-4&B=9", "B", "err.range_int"},
		{"p=grpo-4&B=x", "B", "err.range_int"},
		{"p=grpo-4&gamma=1.5", "gamma", "err.range"},
		{"p=grpo-4&lam=-0.1", "lam", "err.range"},
		{"p=grpo-4&lam=", "lam", "err.number"},
		{"p=grpo-4&ver=v0.3", "ver", "err.release"},
		{"p=grpo-4&row=4", "row", "err.range_int"},
		{"p=grpo-4&tok0=" + strings.Repeat("长", scenario.MaxTokenRunes+1), "tok0.0", "err.too_long"},
		{"p=grpo-4" + strings.Repeat("&tok1=a", MaxTokens+1), "tok1", "err.too_many_tokens"},
		{"p=grpo-4&prompt=" + strings.Repeat("x", scenario.MaxPromptRunes+1), "prompt", "err.too_long"},
	}
	for _, tc := range tests {
		b, rep := decodeLink(t, tc.query)
		p := rep.For(tc.field)
		if p == nil || p.Key != tc.key {
			t.Errorf("%.60s: problem at %q = %+v, want %s (all: %+v)", tc.query, tc.field, p, tc.key, rep.Problems)
		}
		checkValid(t, tc.query, b)
		for _, p := range append(rep.Problems, rep.Warnings...) {
			for _, lang := range i18n.Langs {
				if msg := lang.T(p.Key, p.Args...); strings.Contains(msg, "%!") || strings.Contains(msg, "⟦") {
					t.Errorf("%.60s: %s message of %s is %q", tc.query, lang, p.Key, msg)
				}
			}
		}
	}
	// A bad element keeps the preset's value; the raw text is kept for the form.
	b, rep := decodeLink(t, "p=grpo-4&V0=0.3,oops,0.9,1")
	if v := b.Rows[0].Tokens; v[1].Value != 0.55 || v[2].Value != 0.9 || rep.Raw["V0.1"] != "oops" {
		t.Errorf("values %+v, raw %q: want the preset's 0.55 at t=1, 0.9 at t=2, raw oops", v, rep.Raw["V0.1"])
	}
	// An all-padding mask is refused whole: the row keeps its valid tokens.
	b, _ = decodeLink(t, "p=grpo-4&mask2=0,0,0,0")
	if b.Rows[2].LastValid() != 3 {
		t.Errorf("after an all-0 mask the last valid token of response 2 is %d, want the preset's 3", b.Rows[2].LastValid())
	}
}

// The messages of the problems render with their arguments in both languages.
func TestDecodeProblemArguments(t *testing.T) {
	_, rep := decodeLink(t, "p=grpo-4&V1=0.3,0.4&score=1,0&tok0="+strings.Repeat("x", 101))
	want := map[string][]any{
		"V1":     {2, 4},
		"score":  {2, 4},
		"tok0.0": {scenario.MaxTokenRunes},
	}
	for field, args := range want {
		p := rep.For(field)
		if p == nil || !reflect.DeepEqual(p.Args, args) {
			t.Errorf("%s: %+v, want args %v", field, p, args)
		}
	}
}

func TestDecodeWarnings(t *testing.T) {
	_, rep := decodeLink(t, "v=4&p=nope&zzz=1&lang=zh&V7=1&tok01=a")
	var keys []string
	for _, w := range rep.Warnings {
		keys = append(keys, w.Key+" "+argText(w))
	}
	want := []string{"warn.link_version 4", "warn.unknown_param V7", "warn.unknown_param tok01", "warn.unknown_param zzz", "warn.unknown_preset nope"}
	if !slices.Equal(keys, want) {
		t.Errorf("warnings %q, want %q", keys, want)
	}
}

// A Chinese input method types full-width digits; they read as numbers.
func TestDecodeFullWidthNumbers(t *testing.T) {
	b, rep := decodeLink(t, "p=grpo-4&lam=０．９&score=－１,0,0,1")
	if !rep.OK() || b.Lam != 0.9 || b.Rows[0].Score != -1 {
		t.Errorf("λ = %v, score 0 = %v, report %+v", b.Lam, b.Rows[0].Score, rep)
	}
}

// The editor without JavaScript sends every row's fields, one list element
// per input, the tokens one per line, and edits with op=add / op=del.<i>.
func TestDecodeFormEdits(t *testing.T) {
	form := "p=grpo-4&B=3&toks0=a%0D%0Ab%0D%0A&toks1=c&toks2=d%0Ae&mask0=1,0&mask1=1&mask2=1,1" +
		"&V0=0.1,0.2&V1=0.3&V2=0.4,0.5&score=1&score=0&score=0.5&group=g&group=g&group=h&b=1&b=1&b=1&row=2"
	b, rep := decodeLink(t, form)
	if !rep.OK() || b.Len() != 3 || len(b.Rows[0].Tokens) != 2 || b.Rows[0].Tokens[1].Text != "b" || b.Rows[0].Tokens[1].Valid ||
		b.Rows[2].Score != 0.5 || b.Rows[2].Group != "h" || b.Focus != 2 {
		t.Fatalf("form: %+v, report %+v", b, rep)
	}
	b, rep = decodeLink(t, form+"&op=add")
	if !rep.OK() || b.Len() != 4 || !reflect.DeepEqual(b.Rows[3], b.Rows[2]) {
		t.Errorf("op=add: %+v, report %+v", b.Rows, rep)
	}
	b, rep = decodeLink(t, form+"&op=del.1")
	if !rep.OK() || b.Len() != 2 || b.Rows[1].Tokens[0].Text != "d" || b.Focus != 1 {
		t.Errorf("op=del.1: %+v focus %d, report %+v", b.Rows, b.Focus, rep)
	}
	b, _ = decodeLink(t, "p=grpo-4&B=2&op=del.0")
	if b.Len() != 2 {
		t.Errorf("op=del below %d responses: %d responses", MinRows, b.Len())
	}
	b, _ = decodeLink(t, "p=grpo-4&B=8&op=add")
	if b.Len() != 8 {
		t.Errorf("op=add above %d responses: %d responses", MaxRows, b.Len())
	}
	b, rep = decodeLink(t, "p=grpo-4&V0=x,0,0,0&op=add")
	if b.Len() != 4 || len(rep.Warnings) != 1 || rep.Warnings[0].Key != "batch.warn.op" {
		t.Errorf("op=add with a bad field: %d responses, warnings %+v", b.Len(), rep.Warnings)
	}
	// Rows added by B= copy the last response.
	b, _ = decodeLink(t, "p=grpo-4&B=6")
	if !reflect.DeepEqual(b.Rows[5], b.Rows[3]) {
		t.Errorf("B=6: response 5 is %+v, want a copy of response 3", b.Rows[5])
	}
}

func FuzzDecode(f *testing.F) {
	f.Add("v=1&p=grpo-4&V0=0.1,0.2&tok0=a&tok0=b&row=1&score=1,0,0,1")
	f.Add("p=mixed-lengths&mask2=1,0,0,1&op=del.0&group=a,a,b,b")
	f.Add("p=two-groups&B=8&op=add&toks7=x%0Ay")
	f.Add("%zz&&=&p=&tok0&B=&V1=,,")
	f.Add("v=3&p=grpo-4&ver=v0.6.1&gamma=0.5")
	f.Fuzz(func(t *testing.T, query string) {
		q, err := url.ParseQuery(query)
		if err != nil {
			return
		}
		b, _ := Decode(q)
		checkValid(t, query, b)
		// Whatever was decoded has a canonical link that reads back the same.
		again, rep := decodeLink(t, Encode(b))
		if !rep.OK() || !reflect.DeepEqual(again, b) {
			t.Fatalf("canonical link %q of %q does not round-trip: %+v", Encode(b), query, rep)
		}
		res := b.Compute() // and computing it never panics
		if len(res.Estimates) != len(Estimators) || res.Width != b.Width() {
			t.Fatalf("%q: %d estimates, width %d", query, len(res.Estimates), res.Width)
		}
	})
}

func TestRowKey(t *testing.T) {
	for key, want := range map[string]string{"tok0": "tok 0", "toks12": "toks 12", "V7": "V 7", "mask3": "mask 3",
		"tok": "", "tok01": "", "V-1": "", "V+1": "", "score": "", "Vx": ""} {
		p, i, ok := rowKey(key)
		got := ""
		if ok {
			got = p + " " + strconv.Itoa(i)
		}
		if got != want {
			t.Errorf("rowKey(%q) = %q, want %q", key, got, want)
		}
	}
}

// row= comes last and only for Focus ≠ 0, so the page writes the links of
// every response in focus from one encoding.
func TestEncodeFocusLast(t *testing.T) {
	for seed := range uint64(200) {
		b := randomBatch(rand.New(rand.NewPCG(seed, 3)))
		b.Focus = 0
		base := Encode(b)
		for k := 1; k < b.Len(); k++ {
			b.Focus = k
			if got, want := Encode(b), base+"&row="+strconv.Itoa(k); got != want {
				t.Fatalf("Encode with focus %d = %q, want %q", k, got, want)
			}
		}
	}
}

// The example link of the package documentation and the README is canonical.
func TestExampleLinkIsCanonical(t *testing.T) {
	const example = "v=1&p=grpo-4&V2=0.1,0.2,0.3,0.4&score=1,0,1,1&lam=0.9&row=2"
	b, rep := decodeLink(t, example)
	if !rep.OK() || Encode(b) != example {
		t.Errorf("Encode(Decode(%q)) = %q, report %+v", example, Encode(b), rep)
	}
}

// TestDecodeReleases: /batch reads every release tag as /play does; a v=2
// batch runs the release's own GAE and estimators, and an estimator the
// release lacks says so.
func TestDecodeReleases(t *testing.T) {
	b, rep := decodeLink(t, "v=2&p=grpo-4&ver=v0.2.0.post1")
	if len(rep.Problems) > 0 || b.Release != "v0.2.0.post1" || Encode(b) != "v=2&p=grpo-4&ver=v0.2.0.post1" {
		t.Fatalf("release %q, link %q, problems %+v", b.Release, Encode(b), rep.Problems)
	}
	for query, want := range map[string]string{ // v=2 stays v=2; v=3 is read and written as v=3
		"v=3&p=grpo-4&ver=v0.2.0.post1": "v=3&p=grpo-4&ver=v0.2.0.post1",
		"v=3&p=grpo-4":                  "v=3&p=grpo-4&ver=v0.9.0",
		"v=1&p=grpo-4&ver=v0.6.1":       "v=2&p=grpo-4&ver=v0.6.1",
	} {
		if b3, rep := decodeLink(t, query); len(rep.Problems)+len(rep.Warnings) > 0 || Encode(b3) != want {
			t.Errorf("%s: link %q, report %+v; want %q", query, Encode(b3), rep, want)
		}
	}
	res := b.Compute()
	if e, _ := res.Estimate("rloo"); !errors.Is(e.Err, ErrNotInRelease) {
		t.Errorf("rloo in v0.2: %v, want ErrNotInRelease (RLOO came in v0.3.0.rc0)", e.Err)
	}
	if e, _ := res.Estimate("grpo_newest_norm_std"); e.Err != nil {
		t.Errorf("grpo in v0.2: %v", e.Err)
	}
	for _, tag := range engine.ReleaseTags() {
		b, rep := decodeLink(t, "v=1&p=grpo-4&ver="+tag)
		if len(rep.Problems) > 0 || b.Gen() == 0 {
			t.Errorf("ver=%s: problems %+v", tag, rep.Problems)
		}
		b.Compute()
	}
}
