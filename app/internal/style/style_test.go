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
	fset := token.NewFileSet()
	err := filepath.Walk("../..", func(p string, info os.FileInfo, err error) error {
		if err != nil || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1; n > maxLines {
					t.Errorf("%s: %s is %d lines (at most %d)", fset.Position(fd.Pos()), fd.Name.Name, n, maxLines)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The domain packages do no I/O and know nothing of the browser or the
// commands; only the UI and the commands import go-app.
func TestImportDirection(t *testing.T) {
	domain := []string{"bench", "source", "source/cmox", "source/wolfcrypt", "source/stparts", "source/pqm4", "source/x25519", "dataset", "catalog", "engine", "workload", "explain", "ui/model", "ui/charts"}
	forbidden := []string{"os", "net/http", "syscall/js", "github.com/maxence-charriere/go-app/v10/pkg/app", "cryptosizer/app/ui", "cryptosizer/app/ui/browser"}
	fset := token.NewFileSet()
	for _, pkg := range domain {
		files, err := filepath.Glob(filepath.Join("..", "..", pkg, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("package %s: no Go files found (%v): a renamed package must be renamed here too", pkg, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
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

// The goldens stay small enough to review: together under 640 KB (the
// fuzzers' corpora are not goldens). It was 500 KB until every candidate
// carried its energy and memory (about 450 B more per JSON golden), and
// 560 KB until a measured row named the group it stands for and a ranking
// listed what it leaves out (the first builds without a figure, groups
// without a build, unknowns by reason).
func TestGoldensAreSmall(t *testing.T) {
	const limit = 640_000
	var total int64
	n := 0
	err := filepath.Walk("../..", func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if info.IsDir() && info.Name() == "fuzz" {
			return filepath.SkipDir
		}
		// Goldens are what -update writes: testdata/golden/, testdata/cases/
		// and *.golden files (test inputs such as cases.json are not).
		slash := filepath.ToSlash(p)
		if !info.IsDir() && (strings.Contains(slash, "/testdata/golden/") || strings.Contains(slash, "/testdata/cases/") || strings.HasSuffix(slash, ".golden")) {
			total += info.Size()
			n++
		}
		return nil
	})
	if err != nil || n == 0 {
		t.Fatalf("%v; %d golden files found", err, n)
	}
	if total > limit {
		t.Errorf("the %d files under testdata hold %d bytes, more than %d: pin fewer rows per golden", n, total, limit)
	}
}
