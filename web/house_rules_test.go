package web

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The house rules for web/: small files with one job, and handlers that
// only do a page's plumbing.
const (
	maxFileLines    = 400
	maxHandlerLines = 60
)

// TestHouseRules fails on a non-test, non-generated Go file under web/ of
// more than maxFileLines lines, and on a handler (a function taking an
// http.ResponseWriter) of more than maxHandlerLines lines, naming each.
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
		if n := bytes.Count(src, []byte("\n")); n > maxFileLines {
			t.Errorf("web/%s has %d lines (at most %d): split it by job", path, n, maxFileLines)
		}
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
