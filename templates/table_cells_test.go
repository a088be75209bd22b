package templates

import (
	"bytes"
	"context"
	"html"
	"strconv"
	"strings"
	"testing"
)

// tableCells writes what tokenTable's templ markup wrote for each cell,
// escaping text and attributes as templ does (html.EscapeString), whether
// the writer offers its free buffer (bytes.Buffer) or not.
func TestTableCellsMarkup(t *testing.T) {
	cells := []Cell{
		{T: 0, Text: "0.1000", Pick: "score.0", Class: "mask-pad w-wide"},
		{T: 1, Text: "0.3333", Full: "0.3333333333333333", Pick: "value.1"},
		{T: 12, Text: "·"},
		{T: 3, Text: `<b>&"'`, Full: `"x" & <y>`, Pick: `a'b"c`, Class: `c"<d>&'`},
		{T: 64, Text: "", Class: "selected step-read step-write"},
		{T: 5, Text: "0.5000", Pick: "delta.5", Closes: true, Class: "selected"},
	}
	var want strings.Builder
	for _, c := range cells {
		want.WriteString("<td")
		if c.Class != "" {
			want.WriteString(` class="` + html.EscapeString(c.Class) + `"`)
		}
		want.WriteString(` data-t="` + strconv.Itoa(c.T) + `">`)
		if c.Pick != "" {
			want.WriteString(`<button form="cells"`)
			if !c.Closes {
				want.WriteString(` name="sel" value="` + html.EscapeString(c.Pick) + `"`)
			}
			if c.Full != "" {
				want.WriteString(` data-f="` + html.EscapeString(c.Full) + `"`)
			}
			want.WriteString(">" + html.EscapeString(c.Text) + "</button>")
		} else {
			want.WriteString(html.EscapeString(c.Text))
		}
		want.WriteString("</td>")
	}
	var buf bytes.Buffer
	var plain strings.Builder // no free buffer to append to
	for _, w := range []interface {
		Write([]byte) (int, error)
		String() string
	}{&buf, &plain} {
		if err := tableCells(cells).Render(context.Background(), w); err != nil {
			t.Fatal(err)
		}
		if got := w.String(); got != want.String() {
			t.Errorf("%T:\n got %s\nwant %s", w, got, want.String())
		}
	}
}
