package web

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A link is decoded once, in web/scenario and web/batch, into what it
// means (their meaning.go): which generation computes what, which losses,
// which release a verify script names, what an edit writes. Every other
// package under web/ reads that meaning and never the link's version.

// linkFields are the fields that hold a link's version, by the package and
// type that declare them.
var linkFields = map[string][]string{
	"gaelab/web/scenario.Scenario": {"Version", "Release", "Link"},
	"gaelab/web/batch.Batch":       {"Version", "Release", "Link"},
}

// linkNames are web/scenario's names for link versions and for what a
// version becomes in another: reading them is reading the link's version.
var linkNames = []string{"LinkVersion", "LinkVersion2", "LinkVersion3", "ReadLinkVersion", "ReleaseLink", "WrittenVersion", "ReadVersion", "ReleaseOf"}

// linkMeaningHomes decode links; web/e2e holds tests only.
var linkMeaningHomes = []string{"scenario", "batch", "e2e"}

// TestNoPageReadsTheLinkVersion type-checks every non-test Go package under
// web/ but scenario and batch, and fails naming the file and line of each
// use of a linkFields field or a linkNames name.
func TestNoPageReadsTheLinkVersion(t *testing.T) {
	fset := token.NewFileSet()
	imp := exportImporter(t, fset)
	var dirs []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" || slices.Contains(linkMeaningHomes, path) {
			return filepath.SkipDir
		}
		dirs = append(dirs, path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, dir := range dirs {
		files := parseNonTest(t, fset, dir)
		if len(files) == 0 {
			continue
		}
		info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
		conf := types.Config{Importer: imp}
		if _, err := conf.Check("gaelab/web/"+dir, fset, files, info); err != nil {
			t.Fatalf("type-checking %s: %v", dir, err)
		}
		checked++
		reads := readsOfLinkVersion(info)
		slices.SortFunc(reads, func(a, b linkRead) int { return int(a.pos - b.pos) })
		for _, f := range reads {
			t.Errorf("%s reads the link's version: %s (read what scenario or batch says it means instead)", fset.Position(f.pos), f.what)
		}
	}
	if checked < 8 {
		t.Fatalf("checked %d packages under web/, want every room", checked)
	}
}

// exportImporter imports packages from the compiler's export data, as
// go list -export finds it for web/'s dependencies (built once, cached).
func exportImporter(t *testing.T, fset *token.FileSet) types.Importer {
	out, err := exec.Command("go", "list", "-export", "-f", "{{.ImportPath}}={{.Export}}", "-deps", "./...").Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	export := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, file, _ := strings.Cut(line, "=")
		export[path] = file
	}
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if export[path] == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(export[path])
	})
}

// linkRead is one use of a link's version.
type linkRead struct {
	pos  token.Pos
	what string
}

// readsOfLinkVersion are the uses of linkFields and linkNames in info.
func readsOfLinkVersion(info *types.Info) []linkRead {
	var reads []linkRead
	for sel, s := range info.Selections {
		if s.Kind() != types.FieldVal {
			continue
		}
		recv := s.Recv()
		if p, ok := recv.(*types.Pointer); ok {
			recv = p.Elem()
		}
		named, ok := recv.(*types.Named)
		if !ok || named.Obj().Pkg() == nil {
			continue
		}
		typ := named.Obj().Pkg().Path() + "." + named.Obj().Name()
		if slices.Contains(linkFields[typ], s.Obj().Name()) {
			reads = append(reads, linkRead{sel.Sel.Pos(), typ + "." + s.Obj().Name()})
		}
	}
	for id, obj := range info.Uses {
		if obj.Pkg() != nil && obj.Pkg().Path() == "gaelab/web/scenario" && obj.Parent() == obj.Pkg().Scope() && slices.Contains(linkNames, obj.Name()) {
			reads = append(reads, linkRead{id.Pos(), "scenario." + obj.Name()})
		}
	}
	return reads
}

// parseNonTest parses dir's non-test Go files.
func parseNonTest(t *testing.T, fset *token.FileSet, dir string) []*ast.File {
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}
