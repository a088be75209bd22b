package templates

import "strconv"

// columnT is the token index t of column i, as a data-t attribute: a
// table's numbers carry their identity (data-q, the quantity; data-t, the
// token) so that tests find them by what they are, not where they stand.
func columnT(cols []Column, i int) string {
	if i < 0 || i >= len(cols) {
		return ""
	}
	return strconv.Itoa(cols[i].T)
}
