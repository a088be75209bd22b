package lessons

import (
	"encoding/json"
	"strings"
	"testing"
)

// Issue 36 (low): no text of any lesson, in either language, renders as
// goldmark's "raw HTML omitted" (a `</s>` outside code reads as a tag):
// prose, questions, options, diagnoses, hints, worked answers, answers,
// objectives, everything the rendered lesson holds.
func TestNoRawHTMLOmitted(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, lang := range Langs {
		for _, l := range c.Lessons(lang) {
			b, err := json.Marshal(l)
			if err != nil {
				t.Fatal(err)
			}
			if len(b) < 1000 {
				t.Fatalf("%s/%s renders to only %d bytes of JSON", lang, l.Slug, len(b))
			}
			if i := strings.Index(string(b), "raw HTML omitted"); i >= 0 {
				t.Errorf("%s/%s: %s", lang, l.Slug, string(b[max(0, i-200):i+20]))
			}
			n++
		}
	}
	if n < 30 {
		t.Fatalf("only %d lessons", n)
	}
}
