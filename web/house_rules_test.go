package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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

// TestOneErrorPath fails, naming the file and line, on an error answered
// by hand in a non-test Go file under web/ outside web/httperr: a call of
// http.Error or http.NotFound, or a WriteHeader whose status is not a
// constant http.Status… below 400 (a variable might be an error). A
// writer's own WriteHeader method may pass its argument on. Errors go
// through httperr: Write, WriteMessage, NotFound, the JSON writers, and
// WriteStatus for an answer that is its own refusal (a form's page again).
func TestOneErrorPath(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || path == "httperr" || path == "e2e") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files++
		for _, why := range handWrittenErrors(f) {
			t.Errorf("%s: %s: answer errors through httperr", fset.Position(why.pos), why.what)
		}
		return nil
	})
	if err != nil || files < 100 {
		t.Fatalf("walked %d Go files: %v", files, err)
	}
}

// handWritten is one error answered by hand: where, and what.
type handWritten struct {
	pos  token.Pos
	what string
}

// handWrittenErrors are f's calls that answer an error by hand.
func handWrittenErrors(f *ast.File) []handWritten {
	var found []handWritten
	for _, decl := range f.Decls {
		fn, isFunc := decl.(*ast.FuncDecl)
		forwards := isFunc && fn.Recv != nil && fn.Name.Name == "WriteHeader" // a writer's own WriteHeader
		ast.Inspect(decl, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, _ := sel.X.(*ast.Ident)
			switch {
			case pkg != nil && pkg.Name == "http" && (sel.Sel.Name == "Error" || sel.Sel.Name == "NotFound"):
				found = append(found, handWritten{call.Pos(), "http." + sel.Sel.Name})
			case sel.Sel.Name == "WriteHeader" && (pkg == nil || pkg.Name != "httperr") && len(call.Args) == 1 && !forwards && !belowError(call.Args[0]):
				found = append(found, handWritten{call.Pos(), "WriteHeader of a status that may be an error"})
			}
			return true
		})
	}
	return found
}

// belowError reports whether a status expression is a constant http.Status…
// of a status below 400.
func belowError(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "http" && slices.Contains([]string{
		"StatusContinue", "StatusSwitchingProtocols", "StatusOK", "StatusCreated", "StatusAccepted", "StatusNoContent",
		"StatusPartialContent", "StatusMovedPermanently", "StatusFound", "StatusSeeOther", "StatusNotModified",
		"StatusTemporaryRedirect", "StatusPermanentRedirect",
	}, sel.Sel.Name)
}

// TestOneErrorPathCatch: the rule refuses what it names and lets the rest pass.
func TestOneErrorPathCatch(t *testing.T) {
	const src = `package x
func a(w http.ResponseWriter, r *http.Request) { http.Error(w, "no", 500) }
func b(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }
func c(w http.ResponseWriter, status int) { w.WriteHeader(status) }
func d(w http.ResponseWriter) { w.WriteHeader(http.StatusNotFound) }
func e(w http.ResponseWriter) { w.WriteHeader(422) }
func ok1(w http.ResponseWriter) { w.WriteHeader(http.StatusOK); w.WriteHeader(http.StatusNotModified) }
func ok2(w http.ResponseWriter) { httperr.WriteStatus(w, 422) }
func (s *sw) WriteHeader(code int) { s.ResponseWriter.WriteHeader(code) }
`
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := handWrittenErrors(f); len(got) != 5 {
		t.Errorf("found %d hand-written errors, want 5 (a–e): %v", len(got), got)
	}
}
