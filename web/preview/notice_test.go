package preview

import (
	"bytes"
	"strings"
	"testing"

	"gonum.org/v1/plot/font"
)

// A notice draws a 1200×630 PNG, and its words are drawn: two messages
// draw two pictures.
func TestNoticeDecodes(t *testing.T) {
	a, errA := Notice("每个 token 的蒙特卡洛、TD(0) 与 GAE 优势", "verl v0.5.0–v0.9.0", "这个链接里的数字画不成图。", "打开链接，页面会指出要改的字段。")
	b, errB := Notice("Monte Carlo vs TD(0) vs GAE", "verl v0.5.0–v0.9.0", "This link's numbers cannot be drawn.", strings.Repeat("Open the link: the page names the field to fix. ", 12))
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	decode(t, a)
	decode(t, b)
	if bytes.Equal(a, b) {
		t.Error("two messages draw the same picture")
	}
}

// wrap keeps every row within its width and loses no word: English breaks
// at spaces, Chinese between any two characters, a word wider than a row
// between its runes.
func TestNoticeWrap(t *testing.T) {
	for _, s := range []string{
		"This link's numbers cannot be drawn. Open the link: the page names the field to fix.",
		"没有白化后的优势，因此没有策略损失：没有有效的 token（verl 会报错）。没有白化后的优势，因此没有策略损失。",
		strings.Repeat("x", 300),
	} {
		rows := wrap(s, subSize, 400)
		if len(rows) < 2 {
			t.Errorf("%q in 400 px: %d rows, want it wrapped", s, len(rows))
		}
		face := loaded().cache.Lookup(font.Font{Typeface: typeface}, subSize)
		for _, r := range rows {
			if w := float64(face.Width(r)); w > 400 {
				t.Errorf("row %q is %.0f px wide, want ≤ 400", r, w)
			}
		}
		if got := strings.ReplaceAll(strings.Join(rows, ""), " ", ""); got != strings.ReplaceAll(s, " ", "") {
			t.Errorf("wrapped %q lost text: %q", s, got)
		}
	}
}
