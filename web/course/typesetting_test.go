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
