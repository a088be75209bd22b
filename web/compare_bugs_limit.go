package web

// maxBugCells bounds the token columns /compare/bugs draws at once
// (bugs × rows × tokens; each about 1 KB of tables): all seven bugs of
// two 512-token rows would be 7.2 MB from a 3 KB link. Past it the page
// says what to leave out instead of drawing the sections; 2,048 is every
// bug of a 146-token row pair, or four bugs of a 512-token response, a
// page of about 2 MB.
const maxBugCells = 2048

// tooLarge says, in the page's language, why the bug sections are not
// drawn, or "" when they fit within maxBugCells.
func (b bugsView) tooLarge() string {
	tokens := len(b.in.Mask[0])
	if len(b.bugs)*b.rows*tokens <= maxBugCells {
		return ""
	}
	return b.t("compare.bugs.too_large", len(b.bugs), b.rows, tokens, maxBugCells)
}
