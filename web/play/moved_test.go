package play_test

import (
	"strings"
	"testing"

	"gaelab/web/webtest"
)

// What just changed (issue 35): an htmx request says where it came from
// (HX-Current-URL); the answer names the cells that moved most and why. A
// whole page, a request from elsewhere, or nothing moving shows no line.
func TestPlayMovedLine(t *testing.T) {
	const from = "http://x/play?p=seed-b&lang=en"
	hx := func(cur string) []string {
		return []string{"HX-Request", "true", "HX-Target", "results", "HX-Current-URL", cur}
	}
	for _, c := range []struct {
		name, target string
		header       []string
		want         []string // substrings of the line, "" for no line
	}{
		{"drag V(s3), en", "/play?p=seed-b&V=0.2,0.25,0.3,0.7,0.45,0.6&lang=en", hx(from), []string{"A₃ fell by 0.35: V(s₃) is subtracted in δ₃ and is δ₂'s next value"}},
		{"drag V(s3), zh", "/play?p=seed-b&V=0.2,0.25,0.3,0.7,0.45,0.6&lang=zh", hx("http://x/play?p=seed-b&lang=zh"), []string{"A₃ 下降了 0.35：V(s₃) 在 δ₃ 中被减去，也是 δ₂ 的下一状态价值"}},
		{"lambda", "/play?p=seed-b&lam=0.5&lang=en", hx(from), []string{"λ changed"}},
		// A typed value: the whole form as the browser sends it, V(s₃) typed.
		{"typed V(s3), zh", typed(t, "/play?v=1&p=seed-b&lang=zh", "V.3", "0.7"), hx("http://x/play?v=1&p=seed-b&lang=zh"), []string{"A₃ 下降了 0.35：V(s₃) 在 δ₃ 中被减去，也是 δ₂ 的下一状态价值"}},
		// A preset chip (a boosted link, the whole main swapped): λ = 0.95 → 0.
		{"a preset", "/play?v=1&p=lambda-0&lang=en", []string{"HX-Request", "true", "HX-Target", "main", "HX-Current-URL", "http://x/play?v=1&p=seed-a&lang=en"}, []string{"λ changed"}},
		{"a step", "/play?p=seed-b&step=1&lang=en", hx("http://x/play?p=seed-b&step=0&lang=en"), []string{"Step 1 wrote A₅ = δ₅ = "}},
		{"nothing moved", "/play?p=seed-b&lang=en", hx(from), nil},
		{"whole page", "/play?p=seed-b&V=0.2,0.25,0.3,0.7,0.45,0.6&lang=en", []string{"HX-Current-URL", from}, nil},
		{"from another page", "/play?p=seed-b&V=0.2,0.25,0.3,0.7,0.45,0.6&lang=en", hx("http://x/compare/lambda?p=seed-b"), nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := webtest.Get(t, c.target, c.header...)
			if rec.Code == 303 { // a whole page opens the canonical link
				rec = webtest.Get(t, rec.Header().Get("Location"), c.header...)
			}
			if rec.Code != 200 {
				t.Fatalf("%s: status %d", c.target, rec.Code)
			}
			doc := webtest.Doc(t, rec.Body.String())
			line := doc.Find(`#chart-values [data-testid="moved"]`)
			if c.want == nil {
				if line.Length() != 0 {
					t.Fatalf("a line %q, want none", line.Text())
				}
				return
			}
			for _, w := range c.want {
				if !strings.Contains(line.Text(), w) {
					t.Errorf("line %q lacks %q", line.Text(), w)
				}
			}
		})
	}
}

// typed is the link the playground's form at page sends with the field of
// id typed as value, every other field as the page shows it.
func typed(t *testing.T, page, id, value string) string {
	t.Helper()
	doc := webtest.Doc(t, webtest.Get(t, page).Body.String())
	form := doc.Find("form#editor")
	field := form.Find(`[id="` + id + `"]`)
	if field.Length() != 1 {
		t.Fatalf("%s: no field #%s in the form", page, id)
	}
	field.SetAttr("value", value)
	return "/play?" + webtest.FormValues(form).Encode()
}

// The invitation gives way to the next step, never to nothing: once the
// state is edited, the step-through's Start and lesson 1; while stepping,
// the step panel (no invitation).
func TestPlayNextStepInvite(t *testing.T) {
	for _, c := range []struct {
		target     string
		drag, next bool
	}{
		{"/play?p=seed-b&lang=en", true, false},
		{"/play?p=seed-b&lam=0.5&lang=zh", false, true},
		{"/play?p=seed-b&lam=0.5&step=2&lang=en", false, false},
	} {
		rec := webtest.Get(t, c.target)
		if rec.Code == 303 {
			rec = webtest.Get(t, rec.Header().Get("Location"))
		}
		doc := webtest.Doc(t, rec.Body.String())
		drag, next := doc.Find(`[data-testid="invite"]`), doc.Find(`[data-testid="invite-next"]`)
		if (drag.Length() == 1) != c.drag || (next.Length() == 1) != c.next {
			t.Errorf("%s: drag invitation %d, next step %d, want %v, %v", c.target, drag.Length(), next.Length(), c.drag, c.next)
		}
		if c.next && (next.Find(`a[data-testid="invite-start"][href*="step=0"]`).Length() != 1 || next.Find(`a[data-testid="lesson-one"]`).Length() != 1) {
			t.Errorf("%s: the next step lacks Start or lesson 1: %s", c.target, next.Text())
		}
	}
}
