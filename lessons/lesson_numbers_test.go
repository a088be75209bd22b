package lessons

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// lessonNumber is a reference to a lesson by its number: "lesson 4",
// "Lessons 5 and 7", "第 5 课", "第 5、7 课".
var lessonNumber = regexp.MustCompile(`(?i)\blessons? [0-9]|第 ?[0-9]+(?: ?[、和到–-] ?第? ?[0-9]+)* ?课`)

// Issue 25: the course was reordered (and will grow), so no lesson text —
// prose, questions, hints, diagnoses, worked answers — names another lesson
// by its number; it names it, with a link to its slug.
func TestNoLessonNumbers(t *testing.T) {
	names, err := fs.Glob(files, "*/*.md")
	if err != nil || len(names) < 2*len(firstQuizBank) {
		t.Fatalf("%d lesson files (%v)", len(names), err)
	}
	for _, name := range names {
		src, err := fs.ReadFile(files, name)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if m := lessonNumber.FindString(line); m != "" {
				t.Errorf("%s:%d names a lesson by its number: %q", name, i+1, m)
			}
		}
	}
}

// lessonLink is a link from a lesson's text to a lesson: /lessons/<slug>,
// with the language of the text.
var lessonLink = regexp.MustCompile(`href="/lessons/([a-z0-9-]+)\?lang=([a-z]+)"`)

// Every link from a lesson's text to a lesson reaches a lesson of the
// course, in the language of the text.
func TestLessonLinksReachLessons(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, lang := range Langs {
		for _, l := range c.Lessons(lang) {
			var html strings.Builder
			for _, p := range l.Parts {
				html.WriteString(p.HTML)
				if p.Choice != nil {
					for _, o := range p.Choice.Options {
						html.WriteString(o.Diagnosis)
					}
				}
				if p.Predict != nil {
					for _, w := range p.Predict.Wrong {
						html.WriteString(w.Text)
					}
				}
			}
			for _, m := range lessonLink.FindAllStringSubmatch(html.String(), -1) {
				n++
				if x, _, _ := c.Lesson(lang, m[1]); x == nil || m[2] != lang {
					t.Errorf("%s/%s links lesson %s in %s", lang, l.Slug, m[1], m[2])
				}
			}
		}
	}
	if n < 40 {
		t.Errorf("only %d links between lessons", n)
	}
}
