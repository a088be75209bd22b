package web

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// maxChain bounds the longest import chain among gaelab/web/... non-test
// packages, in arrows: issue 34 cut it from 10 (webtest → web → class →
// course → compare → update → play → mw → api → httperr → i18n) to 8.
const maxChain = 8

// TestImportChain reports the longest import chain among the non-test
// packages of web/ (go/build's view of each directory, as go list gives
// it) and fails if it is longer than maxChain arrows, or if compare
// imports update (the rooms stand side by side: compare reads its own
// parameters with scenario.Params).
func TestImportChain(t *testing.T) {
	imports := webImports(t)
	if slices.Contains(imports["gaelab/web/compare"], "gaelab/web/update") {
		t.Error("gaelab/web/compare imports gaelab/web/update")
	}
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
