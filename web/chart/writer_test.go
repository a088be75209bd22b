package chart

import (
	"encoding/xml"
	"math"
	"strings"
	"testing"
)

// Texts write only what differs from the innermost group, and end restores
// what the enclosing group gives.
func TestWriterInherits(t *testing.T) {
	w := newWriter(12, "#222222", "")
	w.text(1, 2, "a", 12, "start", "#222222", "")
	w.text(1, 2, "b", 15, "middle", "#666666", ` font-weight="bold"`)
	w.group(` class="ticks" text-anchor="middle"`, 0, "", "middle")
	w.text(1, 2, "c", 12, "middle", "#222222", "")
	w.text(1, 2, "d", 12, "", "#222222", "")
	w.group(` fill="#666666"`, 10, "#666666", "")
	w.text(1, 2, "e", 10, "middle", "#666666", "")
	w.end()
	w.text(1, 2, "f", 12, "middle", "#666666", "")
	w.end()
	w.text(1, 2, "g", 12, "middle", "#222222", "")
	want := `<text x="1" y="2">a</text>
<text x="1" y="2" font-size="15" fill="#666666" text-anchor="middle" font-weight="bold">b</text>
<g class="ticks" text-anchor="middle">
<text x="1" y="2">c</text>
<text x="1" y="2" text-anchor="start">d</text>
<g fill="#666666">
<text x="1" y="2">e</text>
</g>
<text x="1" y="2" fill="#666666">f</text>
</g>
<text x="1" y="2" text-anchor="middle">g</text>
`
	if got := w.b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// Every string goes through package svg's escaper, in texts and in the
// document's <title> and <desc>.
func TestWriterEscapes(t *testing.T) {
	w := newWriter(12, "#222222", "")
	hostile := `</text><script>alert("x")</script> & 'q' ` + "\xff\x00"
	w.text(0, 0, hostile, 12, "", "#222222", "")
	w.vtext(0, 0, hostile)
	var doc strings.Builder
	doc.WriteString("<g>")
	doc.Write(w.b.Bytes())
	doc.WriteString("</g>")
	var v struct {
		Texts []string `xml:"text"`
	}
	if err := xml.Unmarshal([]byte(doc.String()), &v); err != nil {
		t.Fatalf("not well-formed: %v\n%s", err, doc.String())
	}
	want := `</text><script>alert("x")</script> & 'q' ` + "\uFFFD\uFFFD"
	if len(v.Texts) != 2 || v.Texts[0] != want || v.Texts[1] != want {
		t.Errorf("texts %q, want twice %q", v.Texts, want)
	}
}

// Cells tile: the width is the difference of the rounded edges, so the next
// cell starts exactly where this one ends.
func TestWriterCellsTile(t *testing.T) {
	w := &writer{}
	x := 10.04
	for range 3 {
		w.cell(x, 0, x+1.06, 5, ` fill="#000000"`)
		x += 1.06
	}
	w.hl(7, 0.05, 0, 0.15, 1)
	want := `<rect x="10" y="0" width="1.1" height="5" fill="#000000"/>
<rect x="11.1" y="0" width="1.1" height="5" fill="#000000"/>
<rect x="12.2" y="0" width="1" height="5" fill="#000000"/>
<rect class="hl" data-t="7" x="0.1" y="0" width="0.1" height="1"/>
`
	if got := w.b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestNumberFormats(t *testing.T) {
	for _, c := range []struct {
		v          float64
		num, coord string
	}{
		{0, "0", "0"}, {12, "12", "12"}, {12.5, "12.5", "12.5"}, {-3, "-3", "-3"},
		{0.07, "0.07", "0.1"}, {0.049, "0.05", "0"}, {-0.004, "0", "0"}, {-0.05, "-0.05", "-0.1"},
		{1.005, "1", "1"}, {99.999, "100", "100"}, {math.Inf(1), "+Inf", "+Inf"},
	} {
		if got := num(c.v); got != c.num {
			t.Errorf("num(%v) = %q, want %q", c.v, got, c.num)
		}
		if got := coord(c.v); got != c.coord {
			t.Errorf("coord(%v) = %q, want %q", c.v, got, c.coord)
		}
	}
	var pn pen
	if got, want := string(pn.line(pn.line(pn.move(nil, 1, 2), 1.5, -0.04), 1.5, 3)), "M1 2l0.5-2v3"; got != want {
		t.Errorf("path data %q, want %q (relative steps between rounded points)", got, want)
	}
}
