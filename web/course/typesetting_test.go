package course

import (
	"bytes"
	"context"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/i18n"
)

// Issue 36, "typesetting in the course": a choice's letter is set apart from
// its text ("A Because…", not "ABecause…") and the hint's label from the
// hint ("Hint: Add", not "Hint:Add"), in the text a reader or a screen
// reader gets.
func TestChoiceLettersAndHintSetApart(t *testing.T) {
	l, _, _ := lessons.Embedded().Lesson("en", "foundations")
	var choice *lessons.Choice
	var predict *lessons.Predict
	for _, p := range l.Parts {
		if p.Choice != nil && choice == nil {
			choice = p.Choice
		}
		if p.Predict != nil && predict == nil {
			predict = p.Predict
		}
	}
	if choice == nil || predict == nil {
		t.Fatal("foundations has no choice or no predict block")
	}
	// Two wrong tries bring the hint.
	lr := LessonRequest{Lang: i18n.Lang("en"), Q: url.Values{
		predictParam(predict): {"12345"}, predictParam(predict) + "-tries": {"2"},
	}}
	var b bytes.Buffer
	if err := templates.Choice(lr.Choice("/lessons/foundations", choice)).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	if err := templates.Predict(lr.Predict("/lessons/foundations", predict)).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	labels := doc.Find("label:has(.choice-letter)")
	if labels.Length() < 2 {
		t.Fatalf("%d choice options", labels.Length())
	}
	labels.Each(func(_ int, s *goquery.Selection) {
		if txt := s.Text(); !regexp.MustCompile(`^[A-F] \S`).MatchString(txt) {
			t.Errorf("choice option reads %q: the letter is glued to its text", txt)
		}
	})
	hint := doc.Find(`[data-testid="hint"]`)
	if hint.Length() == 0 {
		t.Fatal("no hint after two wrong tries")
	}
	if txt := hint.First().Text(); !strings.HasPrefix(txt, "Hint: ") {
		t.Errorf("the hint reads %q", txt)
	}
}

// Every choice block, in every lesson and in the final test, both
// languages, sets each option's letter apart from its text; every predict
// block's hint, after two wrong tries, reads "Hint: …" (zh "提示：…"), its
// own hint: line or the row's formula in words.
func TestEveryChoiceLetterAndHintSetApart(t *testing.T) {
	letter := regexp.MustCompile(`^[A-F] \S`)
	label := map[string]string{"en": "Hint: ", "zh": "提示："}
	for _, lang := range lessons.Langs {
		var b bytes.Buffer
		lr := LessonRequest{Lang: i18n.Lang(lang), Q: url.Values{}}
		choices, predicts := 0, 0
		for _, l := range lessons.Embedded().Lessons(lang) {
			path := "/lessons/" + l.Slug
			for _, p := range l.Parts {
				if c := p.Choice; c != nil {
					choices++
					if err := templates.Choice(lr.Choice(path, c)).Render(context.Background(), &b); err != nil {
						t.Fatal(err)
					}
				}
				if q := p.Predict; q != nil {
					predicts++
					wrong := "12345"
					if q.Kind == "sign" {
						wrong = "0"
					}
					qr := LessonRequest{Lang: lr.Lang, Q: url.Values{predictParam(q): {wrong}, predictParam(q) + "-tries": {"2"}}}
					box := qr.Predict(path, q)
					if box.Correct { // "0" was right: another wrong sign
						qr.Q.Set(predictParam(q), "+")
						if box = qr.Predict(path, q); box.Correct {
							qr.Q.Set(predictParam(q), "-")
							box = qr.Predict(path, q)
						}
					}
					var pb bytes.Buffer
					if err := templates.Predict(box).Render(context.Background(), &pb); err != nil {
						t.Fatal(err)
					}
					doc, _ := goquery.NewDocumentFromReader(&pb)
					hint := doc.Find(`[data-testid="hint"]`)
					if hint.Length() != 1 {
						t.Errorf("%s %s/%s: %d hints after two wrong tries", lang, l.Slug, q.ID, hint.Length())
					} else if txt := hint.Text(); !strings.HasPrefix(txt, label[lang]) || strings.HasPrefix(txt, label[lang]+" ") {
						t.Errorf("%s %s/%s: the hint reads %q", lang, l.Slug, q.ID, txt)
					}
				}
			}
		}
		var items []templates.QuizItem
		for _, bank := range QuizBank(lang, 2) {
			for i, it := range bank {
				if it.Choice != nil {
					q, _ := lr.quizEntry(i, it, false)
					items = append(items, q)
				}
			}
		}
		if err := templates.QuizView(templates.QuizPage{Items: items}).Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		doc, err := goquery.NewDocumentFromReader(&b)
		if err != nil {
			t.Fatal(err)
		}
		labels := doc.Find("label:has(.choice-letter)")
		want := 0
		for _, l := range lessons.Embedded().Lessons(lang) {
			for _, p := range l.Parts {
				if p.Choice != nil {
					want += len(p.Choice.Options)
				}
			}
		}
		for _, it := range items {
			want += len(it.Options)
		}
		if labels.Length() != want || choices < 20 || predicts < 20 {
			t.Fatalf("%s: %d lettered options of %d (%d choice and %d predict blocks)", lang, labels.Length(), want, choices, predicts)
		}
		labels.Each(func(_ int, s *goquery.Selection) {
			if txt := s.Text(); !letter.MatchString(txt) {
				t.Errorf("%s: a choice option reads %q: the letter is glued to its text", lang, txt)
			}
		})
	}
}
