package class

import (
	"encoding/xml"
	"strings"
	"testing"
)

// The histogram is well-formed SVG whatever the learners typed: answers and
// the title go through package svg's escaper.
func TestHistogramSVGEscapes(t *testing.T) {
	res := Results{Answers: 3, Histogram: []Bin{
		{Value: `<script>&"x"`, Count: 2}, {Value: "bad \xff\x00 byte", Count: 1, Right: true},
	}}
	s := histogramSVG(res, `Q1 <b> & "answers"`)
	var doc struct {
		Title string   `xml:"title"`
		Texts []string `xml:"text"`
	}
	if err := xml.Unmarshal([]byte(s), &doc); err != nil {
		t.Fatalf("not well-formed: %v\n%s", err, s)
	}
	if doc.Title != `Q1 <b> & "answers"` {
		t.Errorf("title %q, want the question's title as given", doc.Title)
	}
	if len(doc.Texts) != 4 || doc.Texts[0] != `<script>&"x"` || doc.Texts[2] != "✓ bad \uFFFD\uFFFD byte" {
		t.Errorf("texts %q, want each answer (invalid bytes as U+FFFD) and its count", doc.Texts)
	}
	if strings.Contains(s, "<script>") {
		t.Error("an answer's markup reached the SVG unescaped")
	}
}
