package style

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	_ "cryptosizer/app/internal/golden" // accepts go test ./... -update
)

const maxLines = 80

// No function outside tests is longer than 80 lines.
func TestShortFunctions(t *testing.T) {
	eachFile(t, "../..", func(fset *token.FileSet, f *ast.File) {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1; n > maxLines {
					t.Errorf("%s: %s is %d lines (at most %d)", fset.Position(fd.Pos()), fd.Name.Name, n, maxLines)
				}
			}
		}
	})
}

// eachFile parses every Go file under root but the tests, and calls visit
// with each.
func eachFile(t *testing.T, root string, visit func(*token.FileSet, *ast.File)) {
	t.Helper()
	fset := token.NewFileSet()
	err := filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		visit(fset, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// edge are the packages that may do I/O or touch the browser: the
// commands, the page's components and its browser boundary, the static
// site's handler, the tests' helpers. Every other package under app/ is
// domain code, a new one included.
var edge = []string{"cmd/", "e2e", "internal/", "site", "ui", "ui/browser"}

// domainPackages are the packages under app/ (directories with Go files
// other than tests) that are not at the edge, each with its files.
func domainPackages(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.Walk("../..", func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		rel, err := filepath.Rel("../..", filepath.Dir(p))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		if slices.ContainsFunc(edge, func(e string) bool { return pkg == e || strings.HasSuffix(e, "/") && strings.HasPrefix(pkg, e) }) {
			return nil
		}
		out[pkg] = append(out[pkg], p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The domain packages do no I/O and know nothing of the browser or the
// commands; only the UI and the commands import go-app.
func TestImportDirection(t *testing.T) {
	forbidden := []string{"os", "net/http", "syscall/js", "github.com/maxence-charriere/go-app/v10/pkg/app", "cryptosizer/app/ui", "cryptosizer/app/ui/browser"}
	fset := token.NewFileSet()
	domain := domainPackages(t)
	for _, want := range []string{"bench", "catalog", "engine", "source/cmox", "ui/model", "ui/charts"} {
		if domain[want] == nil {
			t.Errorf("package %s is not found as domain code", want)
		}
	}
	for pkg, files := range domain {
		for _, name := range files {
			f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				p := strings.Trim(imp.Path.Value, `"`)
				if slices.Contains(forbidden, p) || strings.HasPrefix(p, "cryptosizer/app/cmd") {
					t.Errorf("%s imports %s: package %s is domain code", name, p, pkg)
				}
			}
		}
	}
}

// The test data stays small enough to review: every file under a
// testdata folder (goldens, fixtures, cases; the fuzzers' corpora aside)
// together at most 300 KB. Goldens pin small inputs written for them,
// not the whole dataset: every figure of the seeds is pinned once, in
// data/dataset.json (checked against the seeds).
func TestTestdataIsSmall(t *testing.T) {
	const limit = 300_000
	var total int64
	n := 0
	err := filepath.Walk("../..", func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if info.IsDir() && info.Name() == "fuzz" {
			return filepath.SkipDir
		}
		if !info.IsDir() && strings.Contains(filepath.ToSlash(p), "/testdata/") {
			total += info.Size()
			n++
		}
		return nil
	})
	if err != nil || n == 0 {
		t.Fatalf("%v; %d files found under testdata", err, n)
	}
	if total > limit {
		t.Errorf("the %d files under testdata hold %d bytes, more than %d", n, total, limit)
	}
	t.Logf("%d files under testdata, %d bytes", n, total)
}

// Work that a caller may pace is written once: a zero-value options
// value with a Pause callback (dataset.Reader, catalog.Maker) or a
// sequence the caller loops over (engine.Index.Ranking), never a Paced
// twin of a function.
func TestNoPacedTwins(t *testing.T) {
	eachFile(t, "../..", func(fset *token.FileSet, f *ast.File) {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && strings.HasSuffix(fd.Name.Name, "Paced") {
				t.Errorf("%s: %s is a paced twin", fset.Position(fd.Pos()), fd.Name.Name)
			}
		}
	})
}

// The engine asks and judges: at most 3,900 lines (tests aside) and no
// function over 60 lines, nor in the catalogue. What a build publishes belongs to the
// catalogue; a reading of units, to bench.
func TestEngineStaysSmall(t *testing.T) {
	const maxEngineLines, maxEngineFunc = 3900, 60
	total, files := 0, 0
	eachFile(t, "../../engine", func(fset *token.FileSet, f *ast.File) {
		files++
		total += fset.File(f.Pos()).LineCount()
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1; n > maxEngineFunc {
					t.Errorf("%s: %s is %d lines (the engine's are at most %d)", fset.Position(fd.Pos()), fd.Name.Name, n, maxEngineFunc)
				}
			}
		}
	})
	if files == 0 {
		t.Fatal("no engine files")
	}
	// The catalogue's functions likewise: what a build publishes is told
	// in small steps.
	eachFile(t, "../../catalog", func(fset *token.FileSet, f *ast.File) {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1; n > maxEngineFunc {
					t.Errorf("%s: %s is %d lines (the catalogue's are at most %d)", fset.Position(fd.Pos()), fd.Name.Name, n, maxEngineFunc)
				}
			}
		}
	})
	if total > maxEngineLines {
		t.Errorf("the engine is %d lines, more than %d", total, maxEngineLines)
	}
}
