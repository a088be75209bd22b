// Package play is the playground: /play (one scenario's token table, its
// formulas, step panel and charts, edited live through htmx), /batch, the
// exports (CSV, JSON, verify.py), the link previews and the QR pages. Its
// View is the scenario page kit the comparison and update views build on.
// Tests: package play_test, through web/webtest.
package play
