package course_test

import (
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"gaelab/lessons"
	"gaelab/web/course"
	"gaelab/web/page"
	"gaelab/web/webtest"
)

// firstNumberPredict finds the course's first predict block that asks for a
// number, with its lesson and the engine's answer.
func firstNumberPredict(t *testing.T) (*lessons.Lesson, *lessons.Predict, float64) {
	for _, l := range lessons.Embedded().Lessons("en") {
		for _, p := range l.Parts {
			if q := p.Predict; q != nil && q.Kind == "number" {
				v := course.LessonRequest{Lang: "en"}.BlockView("", q.Link, nil)
				want, _ := v.CellValue(q.Ask)
				return l, q, want
			}
		}
	}
	t.Fatal("the course has no number predict block")
	return nil, nil, 0
}

func TestProgressCodeRoundTrip(t *testing.T) {
	for _, keys := range [][]string{
		nil,
		{"foundations"},
		{"foundations", "foundations/why-baseline", "misconceptions/whiten-below-mean"},
		course.ProgressKeys,
	} {
		p := course.Progress{}
		for _, k := range keys {
			p[k] = true
		}
		code := p.Encode()
		got, err := course.DecodeProgress(code)
		if err != nil {
			t.Fatalf("decode(%q) of %v: %v", code, keys, err)
		}
		if len(got) != len(keys) {
			t.Errorf("%v → %q → %d keys, want %d", keys, code, len(got), len(keys))
		}
		for _, k := range keys {
			if !got[k] {
				t.Errorf("%v → %q lost %s", keys, code, k)
			}
		}
	}
	if c := (course.Progress{}).Encode(); c != "1" {
		t.Errorf("no progress encodes as %q, want \"1\"", c)
	}
	if c := (course.Progress{"foundations": true}).Encode(); c != "1AQ" {
		t.Errorf("bit 0 encodes as %q, want \"1AQ\"", c)
	}
}

func TestProgressCodeRefusesNonCodes(t *testing.T) {
	for _, code := range []string{
		"", "2AQ", "AQ", "1AQ=", "1A", "1AA", "1+/", "1 AQ", "1AQ\n", "1ÿ",
		"1" + strings.Repeat("_", 300), // too long
		"1" + strings.Repeat("_", 20),  // bits past the keys this server knows
		"1AB",                          // a non-canonical tail
	} {
		if p, err := course.DecodeProgress(code); err == nil {
			t.Errorf("decode(%q) = %v, want an error", code, p)
		}
	}
}

func FuzzDecodeProgress(f *testing.F) {
	for _, s := range []string{"1", "1AQ", "1_w", "1////", "2", "", "1" + strings.Repeat("A", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		p, err := course.DecodeProgress(code)
		if err != nil {
			return
		}
		if again := p.Encode(); again != code {
			t.Errorf("decode(%q) re-encodes as %q: two codes for one progress", code, again)
		}
	})
}

// Every lesson and question of the course, in both languages, has a bit.
func TestProgressKeysCoverCourse(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range course.ProgressKeys {
		if seen[k] {
			t.Errorf("progress key %q is listed twice", k)
		}
		seen[k] = true
	}
	for _, lang := range lessons.Langs {
		for _, l := range lessons.Embedded().Lessons(lang) {
			for _, k := range append([]string{l.Slug}, course.LessonQuestions(l)...) {
				if !seen[k] {
					t.Errorf("%s: %q has no progress bit: append it to progressKeys (web/course/progress_keys.go) and to web/course/testdata/progress/keys-v1.txt", lang, k)
				}
			}
		}
	}
}

// A code given out keeps its meaning: the keys are only ever appended.
func TestProgressKeysOnlyGrow(t *testing.T) {
	b, err := os.ReadFile("testdata/progress/keys-v1.txt")
	if err != nil {
		t.Fatal(err)
	}
	old := strings.Fields(string(b))
	if len(old) > len(course.ProgressKeys) || !slices.Equal(old, course.ProgressKeys[:len(old)]) {
		t.Fatalf("progressKeys must start with the %d keys of testdata/progress/keys-v1.txt, in order: a code once given out would change its meaning", len(old))
	}
}

// A progress link shows the course map's states without JavaScript, in
// both languages, and hands the code to the script.
func TestCourseMapFromProgressLink(t *testing.T) {
	first := lessons.Embedded().Lessons("en")[0]
	p := course.Progress{first.Slug: true}
	for _, q := range course.LessonQuestions(first) {
		p[q] = true
	}
	second := lessons.Embedded().Lessons("en")[1]
	p[course.LessonQuestions(second)[0]] = true
	code := p.Encode()
	labels := map[string][3]string{"en": {"done", "in progress", "not started"}, "zh": {"已完成", "进行中", "未开始"}}
	for _, lang := range lessons.Langs {
		doc := webtest.Page(t, "/lessons?lang="+lang+"&progress="+url.QueryEscape(code))
		items := doc.Find(`[data-testid="lesson-list"] li`)
		want := labels[lang]
		for i, w := range []string{want[0], want[1], want[2]} {
			if got := strings.TrimSpace(items.Eq(i).Find(`[data-testid="lesson-state"]`).Text()); got != w {
				t.Errorf("%s: lesson %d is %q, want %q", lang, i, got, w)
			}
		}
		if got, _ := doc.Find(`[data-testid="progress"]`).Attr("data-progress-import"); got != code {
			t.Errorf("%s: the script is handed %q, want %q", lang, got, code)
		}
		if doc.Find(`[data-testid="progress-restored"]`).Length() != 1 {
			t.Errorf("%s: no word that the progress was restored", lang)
		}
		if bit, _ := items.Eq(0).Attr("data-progress-bit"); bit != course.ProgressBit(first.Slug) || bit == "" {
			t.Errorf("%s: the first lesson's bit is %q", lang, bit)
		}
	}
}

// A bad progress code is a message in the page's language, never an error
// page, and restores nothing.
func TestCourseMapRefusesBadProgress(t *testing.T) {
	for lang, word := range map[string]string{"en": "not a progress link", "zh": "不是进度链接"} {
		for _, bad := range []string{"xyz", "1%21%21", "1" + strings.Repeat("_", 400), "<script>"} {
			doc := webtest.Page(t, "/lessons?lang="+lang+"&progress="+url.QueryEscape(bad))
			msg := doc.Find(`[data-testid="progress-error"]`).Text()
			if !strings.Contains(msg, word) {
				t.Errorf("%s, %q: message %q, want one that says %q", lang, bad, msg, word)
			}
			if n := doc.Find(`[data-state]`).Length(); n != 0 {
				t.Errorf("%s, %q: %d lessons given a state", lang, bad, n)
			}
		}
	}
}

// A lesson page tells the script its bits: the lesson's, and each question's,
// marked once answered right.
func TestLessonPageProgressBits(t *testing.T) {
	l, q, want := firstNumberPredict(t)
	doc := webtest.Page(t, "/lessons/"+l.Slug+"?lang=en&predict-"+q.ID+"="+url.QueryEscape(page.Num(want)))
	if bit, _ := doc.Find("article[data-progress-read]").Attr("data-progress-read"); bit != course.ProgressBit(l.Slug) {
		t.Errorf("the article's bit is %q, want %q", bit, course.ProgressBit(l.Slug))
	}
	box := doc.Find("#predict-" + q.ID)
	if bit, _ := box.Attr("data-progress-bit"); bit == "" || bit != course.ProgressBit(l.Slug+"/"+q.ID) {
		t.Errorf("the question's bit is %q", bit)
	}
	if _, ok := box.Attr("data-correct"); !ok {
		t.Error("a question answered right is not marked data-correct")
	}
}
