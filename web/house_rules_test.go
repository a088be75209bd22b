package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The house rule for web/: handlers only do a page's plumbing. A file's
// size is no rule: split a file when a second job appears, and then make a
// room (STYLE.md).
const maxHandlerLines = 60

// TestHouseRules fails on a handler (a function taking an
// http.ResponseWriter) of more than maxHandlerLines lines in a non-test,
// non-generated Go file under web/, naming each.
func TestHouseRules(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		files++
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil || !takesResponseWriter(fn) {
				continue
			}
			n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			if n > maxHandlerLines {
				t.Errorf("web/%s: handler %s has %d lines (at most %d)", path, fn.Name.Name, n, maxHandlerLines)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("read only %d files under web/: the walk is broken", files)
	}
}

// takesResponseWriter reports whether fn has an http.ResponseWriter
// parameter.
func takesResponseWriter(fn *ast.FuncDecl) bool {
	for _, p := range fn.Type.Params.List {
		if sel, ok := p.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "ResponseWriter" {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "http" {
				return true
			}
		}
	}
	return false
}

// TestPackageDocs fails on a package of the module without a package doc
// comment (in any of its non-test files), naming its directory: go doc and
// pkgsite open on it, and a newcomer finds a room by it.
func TestPackageDocs(t *testing.T) {
	fset := token.NewFileSet()
	documented := map[string]bool{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".") && path != "..") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		documented[dir] = documented[dir] || f.Doc != nil
		return nil
	})
	if err != nil || len(documented) < 30 {
		t.Fatalf("walked %d packages: %v", len(documented), err)
	}
	for dir, ok := range documented {
		if !ok {
			t.Errorf("%s has no package doc comment (// Package name …, or // Command name … for a main)", strings.TrimPrefix(dir, "../"))
		}
	}
}

// TestOnlyClientIPReadsTheAddress: every per-address limit keys on
// clientip.Addr; no other code reads RemoteAddr or X-Forwarded-For, which
// would let a client behind a trusted proxy share or spoof a bucket.
func TestOnlyClientIPReadsTheAddress(t *testing.T) {
	for _, dir := range []string{".", "api", "class", "inspect", "store", "../cmd/gaelab"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range []string{".RemoteAddr", `"X-Forwarded-For"`} {
				if strings.Contains(string(src), s) {
					t.Errorf("%s reads %s: use clientip.Addr", f, s)
				}
			}
		}
	}
}
