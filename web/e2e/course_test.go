package e2e

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"gaelab/lessons"
)

// embeddedCourse is lessons.Embedded(); a course that does not render
// fails the test.
func embeddedCourse(t *testing.T) *lessons.Course {
	t.Helper()
	if err := lessons.EmbeddedErr(); err != nil {
		t.Fatal(err)
	}
	return lessons.Embedded()
}

// firstNumberPredict finds the course's first predict block that asks for a
// number, with its lesson and the engine's answer: the asked cell as the
// playground shows the block's link.
func firstNumberPredict(t *testing.T) (*lessons.Lesson, *lessons.Predict, float64) {
	t.Helper()
	for _, l := range embeddedCourse(t).Lessons("en") {
		for _, p := range l.Parts {
			if q := p.Predict; q != nil && q.Kind == "number" {
				row, ts, _ := strings.Cut(q.Ask, ".")
				i, err := strconv.Atoi(ts)
				if err != nil {
					t.Fatalf("%s: the asked cell %q", q.ID, q.Ask)
				}
				target := "/play?" + q.Link + "&lang=en"
				if rec := get(t, target); rec.Code == http.StatusSeeOther { // a link without v= is a v=1 link
					target = rec.Header().Get("Location")
				}
				doc := getPage(t, target)
				text := strings.TrimSpace(doc.Find(`[data-testid="token-table"] tr[data-row="` + row + `"] td`).Eq(i).Text())
				want, err := strconv.ParseFloat(text, 64)
				if err != nil {
					t.Fatalf("%s: the playground shows %q at %s for %s", q.ID, text, q.Ask, q.Link)
				}
				return l, q, want
			}
		}
	}
	t.Fatal("the course has no number predict block")
	return nil, nil, 0
}

// A progress code (/lessons?progress=<code>) is "1" followed by a bit set in
// unpadded base64url, bit i at byte i/8, bit i%8 from the least significant;
// trailing zero bytes left out. The pages hand each lesson's and question's
// bit to the script (data-progress-bit, data-question-bits).

// progressBits decodes a progress code into the bits it sets.
func progressBits(code string) (map[int]bool, error) {
	rest, ok := strings.CutPrefix(code, "1")
	if !ok {
		return nil, fmt.Errorf("progress code %q: no version 1", code)
	}
	bits, err := base64.RawURLEncoding.Strict().DecodeString(rest)
	if err != nil || len(bits) > 0 && bits[len(bits)-1] == 0 {
		return nil, fmt.Errorf("progress code %q: not a bit set (%v)", code, err)
	}
	set := map[int]bool{}
	for i, b := range bits {
		for j := range 8 {
			if b&(1<<j) != 0 {
				set[i*8+j] = true
			}
		}
	}
	return set, nil
}

// progressCode encodes a set of bits as a progress code.
func progressCode(set []int) string {
	var bits []byte
	for _, i := range set {
		for len(bits) <= i/8 {
			bits = append(bits, 0)
		}
		bits[i/8] |= 1 << (i % 8)
	}
	return "1" + base64.RawURLEncoding.EncodeToString(bits)
}

// lessonDoneBits are the bits of a lesson read and every question of it
// answered, as the course map hands them to the script.
func lessonDoneBits(t *testing.T, slug string) []int {
	t.Helper()
	li := getPage(t, "/lessons?lang=en").Find(`[data-testid="lesson-list"] a[href^="/lessons/` + slug + `?"]`).Closest("li")
	var set []int
	for _, f := range append([]string{li.AttrOr("data-progress-bit", "")}, strings.Fields(li.AttrOr("data-question-bits", ""))...) {
		b, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("lesson %s on the course map: bit %q", slug, f)
		}
		set = append(set, b)
	}
	return set
}
