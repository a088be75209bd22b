package page

import (
	"context"
	"io"

	"github.com/a-h/templ"
)

// SVGBytes is a drawn chart inlined in a page: templ.Raw of its bytes
// without copying them into a string first (a 64-token page inlines about
// 50 KB of charts). svg is not changed afterwards (charts are drawn into a
// fresh buffer, and the chart memo keeps them as they are).
func SVGBytes(svg []byte) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := w.Write(svg)
		return err
	})
}
