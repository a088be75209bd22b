package course_test

import (
	"io/fs"
	"os"
	"regexp"
	"strings"
	"testing"

	"gaelab/lessons/glossary"
	"gaelab/web/i18n"
)

// issue36Concepts are the concepts issue 36 found named two ways in
// Chinese, each now with one word: 得分 (not 分数), 未来奖励和 (not
// 剩余奖励), 小批次 (not mini-batch), epoch (not 轮数), 小组件 (not 小部件),
// 贝尔曼 (not a bare Bellman).
var issue36Concepts = map[string]bool{
	"score": true, "reward_to_go": true, "mini_batch": true, "epoch": true, "widget": true, "bellman": true,
}

// lessonsFS is the lessons' source, beside this room.
var lessonsFS = os.DirFS("../../lessons")

// code is a code span or an HTML code element: verl's names stay English.
var code = regexp.MustCompile("`[^`]*`|<code>[^<]*</code>")

// Issue 36 point 11: every Chinese message of every catalog (the widgets'
// table rows, the charts, /batch, /inspect, the class pages, not only the
// course's messages) and every Chinese lesson speaks one word for each of
// these concepts, with the glossary's variants refused outside the
// contexts it allows.
func TestChineseSpeaksOneWordPerConcept(t *testing.T) {
	var rules []glossary.Rule
	for _, r := range glossary.Rules("zh") {
		if issue36Concepts[r.Concept] {
			rules = append(rules, r)
		}
	}
	seen := map[string]bool{}
	for _, r := range rules {
		seen[r.Concept] = true
	}
	for c := range issue36Concepts {
		if !seen[c] {
			t.Errorf("the glossary has no zh rule for %s", c)
		}
	}
	texts := map[string]string{}
	for _, m := range i18n.Messages(i18n.Lang("zh")) {
		texts["catalog message "+m] = m
	}
	lessonFiles, _ := fs.Glob(lessonsFS, "zh/*.md")
	for _, name := range lessonFiles {
		b, _ := fs.ReadFile(lessonsFS, name)
		texts[name] = string(b)
	}
	if len(texts) < 500 {
		t.Fatalf("only %d texts", len(texts))
	}
	for where, s := range texts {
		s = code.ReplaceAllString(s, " ")
		for _, r := range rules {
			for _, at := range r.Find(s) {
				w := where
				if len(w) > 90 {
					w = w[:90] + "…"
				}
				t.Errorf("%s says %q for %s: the word is %q", w, s[at:at+len(r.Avoid)], r.Concept, r.Use)
			}
		}
	}
	// 贝尔曼 at its first mention in each Chinese lesson.
	for _, name := range lessonFiles {
		b, _ := fs.ReadFile(lessonsFS, name)
		s := string(b)
		zh, en := strings.Index(s, "贝尔曼"), strings.Index(s, "Bellman")
		if en >= 0 && (zh < 0 || en < zh) {
			t.Errorf("%s names Bellman before 贝尔曼", name)
		}
	}
}
