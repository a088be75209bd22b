// Package svg holds what every SVG GAE Lab writes by hand shares: the one
// XML escaper (built on encoding/xml.EscapeText) with the test for what XML
// 1.0 can hold, and the WCAG colour contrast that the charts (web/chart) and
// the QR code (web/qr) choose and check their colours with.
//
// It is a leaf: it imports only the standard library, so web/chart, web/qr
// and web itself can all use it.
package svg
