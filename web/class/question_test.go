package class

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"gaelab/web/store"
)

func TestCodes(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		c := NewCode()
		if len(c) != CodeLen || strings.Trim(c, CodeAlphabet) != "" {
			t.Fatalf("code %q: want %d characters of %s", c, CodeLen, CodeAlphabet)
		}
		seen[c] = true
	}
	if len(seen) < 990 {
		t.Errorf("1000 codes, only %d different", len(seen))
	}
	for in, want := range map[string]string{"abc-de2": "ABCDE2", " 7k9m 2 ": "7K9M2", "2345": "", "ABCDEFG": "", "ABCDE0": "", "ABCDEI": ""} {
		got, ok := NormalizeCode(in)
		if got != want || ok != (want != "") {
			t.Errorf("NormalizeCode(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestKeys(t *testing.T) {
	k := NewKey()
	if len(k) < 43 { // 32 bytes base64url: 256 bits
		t.Errorf("key %q has fewer than 256 bits", k)
	}
	h := HashKey(k)
	if !KeyMatches(k, h) || KeyMatches(k+"x", h) || KeyMatches("", h) || strings.Contains(h, k) {
		t.Error("KeyMatches accepts a wrong key or the hash holds the key")
	}
}

func TestSigner(t *testing.T) {
	a, b := Signer{key: []byte("one")}, Signer{key: []byte("two")}
	tok := a.New()
	if _, ok := a.Check(tok); !ok {
		t.Errorf("a signer refuses its own token %q", tok)
	}
	if _, ok := b.Check(tok); ok {
		t.Error("another key accepts the token")
	}
	for _, bad := range []string{"", ".", "x.y", tok + "x", strings.Replace(tok, ".", "", 1)} {
		if _, ok := a.Check(bad); ok {
			t.Errorf("Check(%q) accepted", bad)
		}
	}
}

func TestNormalize(t *testing.T) {
	num := Spec{Answer: "number", Value: 0.4, Tol: 0.005}
	for in, want := range map[string]string{"0.4": "0.4", " 0,40 ": "0.4", "−0.25": "-0.25", "1e-1": "0.1", "-0": "0", "0.123456": "0.1235"} {
		if got, err := num.Normalize(in); got != want || err != nil {
			t.Errorf("Normalize(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for in, want := range map[string]error{"": ErrEmpty, "abc": ErrNotNum, strings.Repeat("1", 65): ErrTooLong, "NaN": ErrNotNum, "1e400": errNotFinit, "1e308": errNotFinit, "2e6": errNotFinit, "0x1p-1": ErrNotNum} {
		if _, err := num.Normalize(in); err != want {
			t.Errorf("Normalize(%q) error = %v; want %v", in, err, want)
		}
	}
	sign := Spec{Answer: "sign", Value: -0.3}
	if got, err := sign.Normalize("−"); got != "-" || err != nil {
		t.Errorf("sign −: %q, %v", got, err)
	}
	if _, err := sign.Normalize("5"); err != ErrNotSign {
		t.Errorf("sign 5: %v; want ErrNotSign", err)
	}
}

// TestNormalizeAsLessons: the live class reads a number as the lessons do
// (answer.Parse): a Chinese input method's "０．５" or "0。5" is a right
// answer to a 0.5 question, and its minus signs are minus signs.
func TestNormalizeAsLessons(t *testing.T) {
	half := Spec{Answer: "number", Value: 0.5, Tol: 0.005}
	for in, want := range map[string]string{"０．５": "0.5", "0。5": "0.5", "0,5": "0.5", "０，５": "0.5", "　0. 5　": "0.5",
		"－0.5": "-0.5", "−0.5": "-0.5", "—0.5": "-0.5", "–0.5": "-0.5", "＋0.5": "0.5"} {
		got, err := half.Normalize(in)
		if got != want || err != nil {
			t.Errorf("Normalize(%q) = %q, %v; want %q", in, got, err, want)
		}
		if right := half.Right(got); right != (want == "0.5") {
			t.Errorf("Right(%q) = %v for a 0.5 question", got, right)
		}
	}
}

// TestTally: the histogram counts last answers, the right one is marked,
// and wrong answers equal to another cell are grouped by that cell.
func TestTally(t *testing.T) {
	sp := Spec{Kind: "cell", Cell: "adv.2", Answer: "number", Value: 0.4, Tol: 0.005,
		Cells: []Cell{{"value.2", 0.3}, {"value.3", 0.35}, {"adv.2", 0.4}, {"ret.2", 0.7}}}
	got := sp.Tally([]string{"0.4", "0.4", "0.3", "0.7", "0.3", "0.3", "9", "0.402"})
	want := Results{Answers: 8, Correct: 3,
		Histogram: []Bin{{"0.3", 3, false}, {"0.4", 2, true}, {"0.402", 1, true}, {"0.7", 1, false}, {"9", 1, false}},
		Groups:    []Group{{"cell:value.2", 3}, {"cell:ret.2", 1}, {"other", 1}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Tally =\n%+v\nwant\n%+v", got, want)
	}
	empty := sp.Tally(nil)
	if empty.Answers != 0 || empty.Histogram == nil || empty.Groups == nil {
		t.Errorf("Tally(nil) = %+v; want zero counts and empty (not null) lists", empty)
	}
	if sp.Correct() != "0.4" || (Spec{Answer: "sign", Value: -1}).Correct() != "-" {
		t.Error("Correct")
	}
}

func TestSpecRoundTrip(t *testing.T) {
	sp := Spec{Kind: "block", Lesson: "l", Block: "predict-1", Link: "p=seed-a", Cell: "adv.0", Answer: "sign", Value: 1, Tol: 0.1,
		Cells: []Cell{{"adv.0", 1}}}
	got, err := DecodeSpec(sp.Encode())
	if err != nil || !reflect.DeepEqual(got, sp) {
		t.Errorf("round trip = %+v, %v", got, err)
	}
	if _, err := DecodeSpec("{"); err == nil {
		t.Error("DecodeSpec accepted bad JSON")
	}
}

// fakeEvents is the part of store.Store the hub uses.
type fakeEvents struct {
	store.Store
	fn func(store.Event)
}

func (f *fakeEvents) Subscribe(fn func(store.Event)) func() { f.fn = fn; return func() { f.fn = nil } }

func TestHub(t *testing.T) {
	src := &fakeEvents{}
	h := NewHub(src, StreamCaps{Max: 2, PerClass: 2, PerAddr: 2, Teacher: 2})
	projector, err := h.Follow("AAAAA", Viewer{Addr: "a"}, "answer", "ask")
	if err != nil {
		t.Fatal(err)
	}
	phone, _ := h.Follow("AAAAA", Viewer{Addr: "a"}, "ask")
	if _, err := h.Follow("BBBBB", Viewer{Addr: "b"}); err != ErrStreamsFull {
		t.Errorf("a third stream with a cap of 2: %v; want ErrStreamsFull", err)
	}
	for range 5 { // coalesced: never blocks
		src.fn(store.Event{Class: "AAAAA", Kind: "answer"})
	}
	select {
	case <-projector.C:
	default:
		t.Error("the projector missed the answers")
	}
	select {
	case <-phone.C:
		t.Error("a phone was woken by an answer")
	default:
	}
	src.fn(store.Event{Kind: "resync"})
	select {
	case <-phone.C:
	case <-time.After(time.Second):
		t.Error("resync did not reach the phone")
	}
	h.Leave(phone)
	h.Leave(phone)
	if h.streams() != 1 {
		t.Errorf("streams = %d; want 1", h.streams())
	}
	h.stop()
	_ = context.Background()
}
