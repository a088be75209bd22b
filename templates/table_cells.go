package templates

import (
	"context"
	"io"
	"strconv"

	"github.com/a-h/templ"
)

// tableCells writes a token table row's number cells, as tokenTable's
// markup would (the same bytes):
//
//	<td id="…" class="…" data-t="t"><button form="cells" name="sel" value="…" data-f="…">text</button></td>
//
// without an id or a class when ID or Class is empty, without data-f when Full is, and
// the text bare when Pick is. The button submits the cells form (CellForm:
// the canonical link without sel=), so selecting a cell is a link to the
// same state with sel= added; the selected cell's button (Closes) has no
// name and value, so it closes the formula. A table has a dozen rows of up to 64 cells,
// so they are written into one buffer per row, not through templ's
// per-attribute machinery: each cell is appended to the writer's free
// buffer when it offers one (templ's buffer, bytes.Buffer), and written.
type tableCells []Cell

func (cs tableCells) Render(_ context.Context, w io.Writer) error {
	free, _ := w.(interface{ AvailableBuffer() []byte })
	var own []byte
	for _, c := range cs {
		b := own[:0]
		if free != nil {
			b = free.AvailableBuffer()
		}
		b = append(b, "<td"...)
		if c.ID != "" {
			b = appendEscaped(append(b, ` id="`...), c.ID)
			b = append(b, '"')
		}
		if c.Class != "" {
			b = appendEscaped(append(b, ` class="`...), c.Class)
			b = append(b, '"')
		}
		b = strconv.AppendInt(append(b, ` data-t="`...), int64(c.T), 10)
		b = append(b, `">`...)
		if c.Pick != "" {
			b = append(b, `<button form="cells"`...)
			if !c.Closes {
				b = appendEscaped(append(b, ` name="sel" value="`...), c.Pick)
				b = append(b, '"')
			}
			if c.Full != "" {
				b = appendEscaped(append(b, ` data-f="`...), c.Full)
				b = append(b, '"')
			}
			b = appendEscaped(append(b, '>'), c.Text)
			b = append(b, "</button>"...)
		} else {
			b = appendEscaped(b, c.Text)
		}
		b = append(b, "</td>"...)
		if _, err := w.Write(b); err != nil {
			return err
		}
		if free == nil {
			own = b // reused for the next cell
		}
	}
	return nil
}

// appendEscaped appends s escaped as templ escapes text and attribute
// values (templ.EscapeString, which leaves a plain string as it is).
func appendEscaped(b []byte, s string) []byte { return append(b, templ.EscapeString(s)...) }
