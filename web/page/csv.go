// Package page is what every page of the server shares and that needs
// nothing of the server itself: the link type (Link, with its View of the
// teacher's parameters), the frame around every page (Frame), the one page
// pipeline (Answer, Serve, WriteComponent), the one error page
// (ErrorPage, which httperr renders every error with), the chart and SVG
// answers, the link previews' tags, number formatting and the cells of CSV
// exports.
package page

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// formulaSigns start a formula in a spreadsheet: = + - @, their full-width
// and small forms, and the minus sign.
const formulaSigns = "=+-@＝＋－＠﹦﹢﹣﹫−"

// CSVText keeps a spreadsheet from reading a cell of text (a token) as a
// formula: a cell that starts with a formula sign, possibly after spaces,
// tabs, line breaks or invisible format characters, or that starts with a
// control character, gets a leading apostrophe, and is text ("+1" too).
func CSVText(s string) string {
	if s == "" {
		return s
	}
	rest := strings.TrimLeftFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.In(r, unicode.Cc, unicode.Cf) })
	sign, _ := utf8.DecodeRuneInString(rest)
	if unicode.IsControl(rune(s[0])) || rest != "" && strings.ContainsRune(formulaSigns, sign) {
		return "'" + s
	}
	return s
}

// CSVAnswer is CSVText for a student's answer, except that a plain number
// ("+1", "-0.5") is written as it is, so that it stays a number, and so is
// a sign alone ("+", "-": a sign question's answer): a formula needs an
// expression after its sign, and a lone sign has none, so spreadsheets read
// it as the text it is.
func CSVAnswer(s string) string {
	if _, err := strconv.ParseFloat(s, 64); err == nil || s == "+" || s == "-" {
		return s
	}
	return CSVText(s)
}
