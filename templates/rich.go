package templates

import (
	"context"
	"io"
)

// Rich is trusted HTML made by the server: a catalog message with its text
// escaped and its math typeset as MathML (i18n.Lang.HTML, i18n.Math). It is
// a component: write @f.Heading where a string would be { f.Heading }.
type Rich string

// Render writes the HTML as it is.
func (r Rich) Render(_ context.Context, w io.Writer) error {
	_, err := io.WriteString(w, string(r))
	return err
}
