// Package e2e holds the browser, accessibility and screenshot tests of GAE
// Lab: Debian's chromium (one process for the whole run, a tab in a browser
// context of its own per test, tests side by side) drives the app as
// web.Handler serves it, and axe-core (.ci/node) checks its pages. It has no
// code of its own. Run it with: go test ./web/e2e (CI=true: fail, not skip,
// without chromium or axe-core).
package e2e
