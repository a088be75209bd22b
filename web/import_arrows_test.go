package web

import (
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// tier is the place of each room and layer of the server in the arrows
// web → the rooms → play → page → httperr: a package may import a tiered
// package only of a lower tier. httperr, like the libraries, has none: every
// package may answer an error. update, inspect and compare stand side by
// side on one tier; a higher room may use what a lower one shows (the course
// embeds compare's widgets, a class asks the course's questions). page and
// mw are side by side and use neither each other nor a room.
var tier = map[string]int{
	"web/mw": 2, "web/page": 2,
	"web/play": 3, "web/train": 3,
	"web/update": 4, "web/inspect": 4, "web/compare": 4,
	"web/course": 6,
	"web/class":  7,
	"web":        8,
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
		{"web/compare", "web/update"},
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

// maxChain bounds the longest import chain among gaelab/web/... non-test
// packages, in arrows: issue 34 cut it from 10 (webtest → web → class →
// course → compare → update → play → mw → api → httperr → i18n) to 8.
const maxChain = 8

// TestImportChain reports the longest import chain among the non-test
// packages of web/ (go/build's view of each directory, as go list gives
// it) and fails if it is longer than maxChain arrows. (That compare does
// not import update is the tiers': they stand side by side.)
func TestImportChain(t *testing.T) {
	imports := webImports(t)
	chain := longestChain(imports)
	t.Logf("longest import chain, %d arrows: %s", len(chain)-1, strings.Join(chain, " → "))
	if len(chain)-1 > maxChain {
		t.Errorf("the longest import chain has %d arrows, more than %d: %s", len(chain)-1, maxChain, strings.Join(chain, " → "))
	}
}

// webImports is each non-test package under web/ and the gaelab/web
// packages it imports.
func webImports(t *testing.T) map[string][]string {
	t.Helper()
	imports := map[string][]string{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != "." {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if _, none := err.(*build.NoGoError); none {
			return nil
		}
		if err != nil {
			return err
		}
		self := "gaelab/web"
		if path != "." {
			self += "/" + filepath.ToSlash(path)
		}
		for _, im := range p.Imports {
			if under(im, "gaelab/web") {
				imports[self] = append(imports[self], im)
			}
		}
		if _, ok := imports[self]; !ok {
			imports[self] = nil
		}
		return nil
	})
	if err != nil || len(imports) < 20 {
		t.Fatalf("read %d packages under web/: %v", len(imports), err)
	}
	return imports
}

// longestChain is the longest path of packages through imports (which Go
// keeps acyclic), first by name among those of its length.
func longestChain(imports map[string][]string) []string {
	memo := map[string][]string{}
	var from func(p string) []string
	from = func(p string) []string {
		if c, ok := memo[p]; ok {
			return c
		}
		best := []string{p}
		for _, q := range imports[p] {
			if c := from(q); len(c)+1 > len(best) {
				best = append([]string{p}, c...)
			}
		}
		memo[p] = best
		return best
	}
	var best []string
	pkgs := make([]string, 0, len(imports))
	for p := range imports {
		pkgs = append(pkgs, p)
	}
	slices.Sort(pkgs)
	for _, p := range pkgs {
		if c := from(p); len(c) > len(best) {
			best = c
		}
	}
	return best
}

// TestLongestChain: the chain is counted in arrows, through the longest
// branch.
func TestLongestChain(t *testing.T) {
	got := longestChain(map[string][]string{"a": {"b", "c"}, "b": {"d"}, "c": nil, "d": {"c"}})
	if want := []string{"a", "b", "d", "c"}; !slices.Equal(got, want) {
		t.Errorf("longestChain = %v, want %v", got, want)
	}
}
