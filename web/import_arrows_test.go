package web

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// tier is the place of each room and layer of the server in the arrows
// web → the rooms → play → page → httperr: a package may import a tiered
// package only of a lower tier. httperr, like the libraries, has none: every
// package may answer an error. update, inspect and compare may use what a
// lower room shows (the course
// embeds compare's widgets, a class asks the course's questions). page and
// mw are side by side and use neither each other nor a room.
var tier = map[string]int{
	"web/mw": 2, "web/page": 2,
	"web/play": 3, "web/train": 3,
	"web/update": 4, "web/inspect": 4,
	"web/compare": 5,
	"web/course":  6,
	"web/class":   7,
	"web":         8,
}

// TestImportArrows fails, naming the file and the import, on an import
// against the arrows, test files included:
//   - only cmd/, web/e2e, web/webtest and web itself import gaelab/web;
//   - only tests of another package (package X_test) and web/e2e import
//     web/webtest, the harness that builds the whole site; such a test
//     stands outside the rooms, so the tiers below do not bind it, but it
//     too reaches package web only through web/webtest;
//   - a tiered package imports tiered packages of a lower tier only;
//   - a package without a tier (a library: scenario, chart, store, i18n, …)
//     imports no tiered package;
//   - engine imports nothing of ours but engine, templates (and each package
//     under it) nothing but engine and templates.
func TestImportArrows(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != "..") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		files++
		from := filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../")))
		for _, im := range f.Imports {
			to, _ := strconv.Unquote(im.Path.Value)
			if to, ours := strings.CutPrefix(to, "gaelab/"); ours {
				if strings.HasSuffix(f.Name.Name, "_test") && !under(from, "engine") && to != "web" {
					continue // a package's external tests stand outside the rooms: they reach the site through web/webtest
				}
				if to == "web/webtest/htmlcheck" && strings.HasSuffix(path, "_test.go") {
					continue // imports nothing of ours: any test, package web's own too, may check its HTML with it
				}
				if why := againstArrows(from, to); why != "" {
					t.Errorf("%s imports %s: %s", path, to, why)
				}
			}
		}
		return nil
	})
	if err != nil || files < 100 {
		t.Fatalf("walked %d Go files: %v", files, err)
	}
}

// againstArrows says why package from may not import package to, or "".
func againstArrows(from, to string) string {
	switch {
	case to == "web" && !under(from, "cmd") && from != "web/e2e" && from != "web" && !under(from, "web/webtest"):
		return "nothing imports web but cmd, web/e2e and web/webtest"
	case under(to, "web/webtest") && from != "web/e2e" && !under(from, "web/webtest"):
		return "only tests (package X_test) import the test harness web/webtest"
	case under(from, "engine") && !under(to, "engine"):
		return "engine imports nothing of ours"
	case under(from, "templates") && to != "engine" && !under(to, "templates"):
		return "templates imports only engine's result types"
	case from == "web/e2e" || under(from, "cmd") || under(from, "web/webtest"):
		return ""
	}
	tt, toTiered := tier[to]
	ft, fromTiered := tier[from]
	switch {
	case !toTiered || from == to:
		return ""
	case !fromTiered:
		return "a library imports no room"
	case tt >= ft:
		return "against the arrows web → rooms → play → page → httperr"
	}
	return ""
}

// under reports whether package p is root or inside it.
func under(p, root string) bool { return p == root || strings.HasPrefix(p, root+"/") }

// TestImportArrowsCatch: the rule refuses what the arrows forbid.
func TestImportArrowsCatch(t *testing.T) {
	for _, bad := range [][2]string{
		{"web/play", "web/compare"}, {"web/page", "web/play"}, {"web/page", "web/mw"}, {"web/scenario", "web/page"},
		{"web/class", "web"}, {"engine", "web/scenario"}, {"templates", "web/i18n"}, {"web/update", "web/compare"},
		{"web/httperr", "web/page"}, {"templates/ui", "web/i18n"}, {"web/play", "web/webtest"}, {"web/scenario", "web"},
	} {
		if againstArrows(bad[0], bad[1]) == "" {
			t.Errorf("%s → %s passes", bad[0], bad[1])
		}
	}
	for _, good := range [][2]string{{"web", "web/class"}, {"web/class", "web/course"}, {"web/play", "web/page"}, {"cmd/gaelab", "web"}, {"web/e2e", "web"}, {"web/page", "web/scenario"},
		{"web/webtest", "web"}, {"web/e2e", "web/webtest"}, {"templates/ui", "engine"}} {
		if why := againstArrows(good[0], good[1]); why != "" {
			t.Errorf("%s → %s refused: %s", good[0], good[1], why)
		}
	}
}
