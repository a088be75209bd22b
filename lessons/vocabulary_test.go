package lessons

import (
	"io/fs"
	"strings"
	"testing"

	"gaelab/lessons/glossary"
)

// The Chinese lessons speak the glossary's vocabulary: none uses a variant
// it rules out (词元, 评论家, 行动者, 练习场, …), and none calls the terminal
// 0 a bootstrap.
func TestChineseLessonsUseTheGlossary(t *testing.T) {
	paths, err := fs.Glob(files, "zh/*.md")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no Chinese lessons: %v", err)
	}
	avoided := glossary.Avoided()
	for _, p := range paths {
		b, err := fs.ReadFile(files, p)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		for variant, id := range avoided {
			if strings.Contains(src, variant) {
				term, _ := glossary.Lookup(id)
				t.Errorf("%s says %q: the glossary's word is %q", p, variant, term.Zh)
			}
		}
		for _, wrong := range []string{"自举的 0", "（自举）"} {
			if strings.Contains(src, wrong) {
				t.Errorf("%s says %q: the 0 after the last token is the terminal value (终止价值), not a bootstrap", p, wrong)
			}
		}
	}
}

// The English lessons do not call the terminal 0 a bootstrap either.
func TestEnglishLessonsTerminalValue(t *testing.T) {
	paths, _ := fs.Glob(files, "en/*.md")
	for _, p := range paths {
		b, _ := fs.ReadFile(files, p)
		for _, wrong := range []string{"bootstrap 0", "(bootstrap)", "bootstrapped 0"} {
			if strings.Contains(string(b), wrong) {
				t.Errorf("%s says %q: the 0 after the last token is the terminal value, not a bootstrap", p, wrong)
			}
		}
	}
}
