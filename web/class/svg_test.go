package class

import (
	"encoding/xml"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The histogram is well-formed SVG whatever the learners typed: answers and
// the title go through package svg's escaper.
func TestHistogramSVGEscapes(t *testing.T) {
	res := Results{Answers: 3, Histogram: []Bin{
		{Value: `<script>&"x"`, Count: 2}, {Value: "bad \xff\x00 byte", Count: 1, Right: true},
	}}
	s := histogramSVG(res, `Q1 <b> & "answers"`, chartFit{Bars: histogramBars, Others: "others"})
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

// A chart that must fit a screen draws at most its bars, the last one the
// others summed; a sign question's bars are −, 0, + in that order, each
// drawn, with the minus sign a projector shows.
func TestHistogramFitsAndSigns(t *testing.T) {
	texts := func(s string) []string {
		var doc struct {
			Texts []string `xml:"text"`
		}
		if err := xml.Unmarshal([]byte(s), &doc); err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, s)
		}
		return doc.Texts
	}
	res := Results{Answers: 12}
	for i := range 9 {
		res.Histogram = append(res.Histogram, Bin{Value: strconv.Itoa(-i), Count: 9 - i})
	}
	got := texts(histogramSVG(res, "Q1", chartFit{Bars: 4, Others: "others"}))
	want := []string{"0", "9", "−1", "8", "−2", "7", "others", strconv.Itoa(6 + 5 + 4 + 3 + 2 + 1)}
	if !slices.Equal(got, want) {
		t.Errorf("4 bars of 9 answers: %q; want %q", got, want)
	}
	bins := signBins([]Bin{{Value: "+", Count: 5}, {Value: "-", Count: 2}}, func(v string) bool { return v == "-" })
	got = texts(histogramSVG(Results{Histogram: bins}, "Q2", chartFit{Bars: wallBars, Others: "others"}))
	want = []string{"✓ −", "2", "0", "0", "+", "5"}
	if !slices.Equal(got, want) {
		t.Errorf("a sign question: %q; want %q", got, want)
	}
}

// A sign question's two rounds: the pairs −, 0, + in that order, each
// drawn, whatever the counts.
func TestRoundsSigns(t *testing.T) {
	first := Results{Histogram: []Bin{{Value: "+", Count: 5}, {Value: "-", Count: 1}}}
	second := Results{Histogram: []Bin{{Value: "+", Count: 6}}}
	s := RoundsSVG(first, second, nil, RoundsText{Title: "Q1", Round1: "1", Round2: "2", Signs: true,
		Bin: func(v string, a, b int) string { return v }})
	var doc struct {
		Texts []struct {
			Anchor string `xml:"text-anchor,attr"`
			Text   string `xml:",chardata"`
		} `xml:"text"`
	}
	if err := xml.Unmarshal([]byte(s), &doc); err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, x := range doc.Texts {
		if x.Anchor == "end" {
			labels = append(labels, x.Text)
		}
	}
	if !slices.Equal(labels, []string{"−", "0", "+"}) {
		t.Errorf("rounds of a sign question: bars %q; want −, 0, +", labels)
	}
}
