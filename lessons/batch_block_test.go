package lessons

import (
	"slices"
	"strings"
	"testing"
)

func TestParseBatch(t *testing.T) {
	b, err := parseBatch("id: g\nlink: p=grpo-4\nrows: reward, grpo\nchart: none")
	if err != nil || b.ID != "g" || b.Link != "p=grpo-4" || !slices.Equal(b.Rows, []string{"reward", "grpo"}) || b.Chart {
		t.Fatalf("parseBatch: %+v, %v", b, err)
	}
	for _, bad := range []string{"link: p=grpo-4", "id: g", "id: G\nlink: x", "id: g\nlink: x\nrows: next",
		"id: g\nlink: x\nchart: pie", "id: g\nlink: x\ncontrols: lam", "id: g\nlink: x\nlink: y"} {
		if b, err := parseBatch(bad); err == nil {
			t.Errorf("parseBatch(%q) = %+v, want an error", bad, b)
		}
	}
}

func TestValidBatchCell(t *testing.T) {
	for _, ok := range []string{"grpo.1.3", "white.0.0", "adv.7.63", "mean.0", "std.2", "score.3", "wmean.0", "wstd.0"} {
		if !ValidBatchCell(ok) {
			t.Errorf("%q is a batch cell", ok)
		}
	}
	for _, bad := range []string{"grpo.1", "mean.0.1", "wmean.1", "next.0.0", "adv.01.2", "adv.-1.2", "adv.1.2.3", "", "mean", "score.x"} {
		if ValidBatchCell(bad) {
			t.Errorf("%q is not a batch cell", bad)
		}
	}
}

// A batch block hides the questions on the batch right above it, all of
// them; a question on a playground state between ends the run, and a
// scenario block never hides a question on the batch.
func TestBatchBlockHides(t *testing.T) {
	q := func(id, on string) string {
		link, ask := "p=seed-a", "adv.0"
		if on != "" {
			link, ask = "p=grpo-4", "mean.0"
		}
		return "```predict\nid: " + id + "\non: " + on + "\nlink: " + link + "\nask: " + ask + "\nwrong: 9 | x\nquestion: q\n```\n\nSome prose.\n\n"
	}
	src := "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n\n" + q("a", "batch") + q("b", "") + q("c", "batch") + q("d", "batch") +
		"```batch\nid: x\nlink: p=grpo-4\n```\n\n" + q("e", "batch") + "```scenario\nlink: p=seed-a\n```\n"
	src = strings.ReplaceAll(src, "on: \n", "")
	l, err := Render([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range l.Parts {
		if p.Batch != nil && !slices.Equal(p.Batch.Hide, []int{2, 3}) {
			t.Errorf("the batch block hides %v, want questions 2 and 3 (c, d)", p.Batch.Hide)
		}
		if p.Scenario != nil && p.Scenario.Hide != -1 {
			t.Errorf("a scenario block hides question %d, on the batch", p.Scenario.Hide)
		}
	}
	if _, err := Render([]byte(strings.Replace(src, "ask: mean.0", "ask: adv.0", 1))); err == nil {
		t.Error("a question on the batch asking a playground cell was accepted")
	}
	if _, err := Render([]byte(strings.Replace(src, "wrong: 9 | x\nquestion: q\n```\n\nSome prose.\n\n```predict\nid: b", "wrong: {delta.0} | x\nquestion: q\n```\n\nSome prose.\n\n```predict\nid: b", 1))); err == nil {
		t.Error("a question on the batch with a playground cell as a wrong answer was accepted")
	}
}
