package style

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"cryptosizer/app/catalog"
	"cryptosizer/app/dataset/derive"
	"cryptosizer/app/internal/settingtest"
)

// sentence reports whether a string literal reads as words for people:
// two or more words of letters, such as "not published for ". Labels
// such as " @ " or " from " are not.
func sentence(lit string) bool {
	s, err := strconv.Unquote(lit)
	if err != nil {
		return false
	}
	words := 0
	for _, f := range strings.Fields(s) {
		if len([]rune(strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) }))) >= 2 {
			words++
		}
	}
	return words >= 2
}

// The engine decides, explain speaks: the words for people in the engine
// and the catalogue are the engine's field schema (labels, what a field
// accepts, its error messages) and its rule tables. A sentence anywhere
// else is a reason that should be a code. The few labels the published
// JSON already carries are listed by function, each with why it stays.
func TestNoSentencesInTheEngine(t *testing.T) {
	allowedIn := map[string]string{
		// the schema: what a field is and accepts, and its messages
		"Title": "", "Fields": "", "Read": "", "Error": "", "Fail": "",
		// labels the JSON carries (a term's quoted source row, a
		// footprint's or memory's unpublished operations, a part's
		// source note): changing them changes what users read and diff
		"lent": "Term.Source quotes the cycle-count row", "Footprint": "Footprint.Missing and NotPublished", "addLent": "Footprint.Missing", "addRow": "Footprint.Missing",
		"complete": "Memory.NotPublished of a library without RAM figures", "groupFact": "MCUFact.SourceNote",
		// a requirement's unit ("CPU share")
		"NewRequirement": "",
	}
	allowedTypes := map[string]bool{"Field": true, "Rule": true}
	fset := token.NewFileSet()
	engine, err1 := filepath.Glob("../../engine/*.go")
	cat, err2 := filepath.Glob("../../catalog/*.go")
	files := append(engine, cat...)
	if err1 != nil || err2 != nil || len(engine) == 0 || len(cat) == 0 {
		t.Fatalf("no engine or catalogue files (%v, %v)", err1, err2)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || !sentence(lit.Value) || allowed(stack, allowedIn, allowedTypes) {
				return true
			}
			t.Errorf("%s: %s is a sentence outside the schema and the rules: make it a code that explain words", fset.Position(lit.Pos()), lit.Value)
			return true
		})
	}
}

// allowed reports whether a literal, under the nodes of stack, sits in
// a composite literal of an allowed type, a call of an allowed function
// or the declaration of an allowed function or a package-level value
// (a rule table).
func allowed(stack []ast.Node, in map[string]string, types map[string]bool) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch x := stack[i].(type) {
		case *ast.CompositeLit:
			typ := x.Type
			if at, ok := typ.(*ast.ArrayType); ok {
				typ = at.Elt
			}
			if id, ok := typ.(*ast.Ident); ok && types[id.Name] {
				return true
			}
		case *ast.CallExpr:
			fun := x.Fun
			if se, ok := fun.(*ast.SelectorExpr); ok {
				fun = se.Sel
			}
			if id, ok := fun.(*ast.Ident); ok {
				if _, ok := in[id.Name]; ok {
					return true
				}
			}
		case *ast.FuncDecl:
			_, ok := in[x.Name.Name]
			return ok
		case *ast.GenDecl:
			return true
		}
	}
	return false
}

// No init function configures another package: an init may fill its own
// package's tables, never assign into another package or register with
// it (the order of inits across packages is not the reader's to guess).
func TestNoInitConfiguresAnotherPackage(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.Walk("../..", func(p string, info os.FileInfo, err error) error {
		if err != nil || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		imported := map[string]bool{}
		for _, imp := range f.Imports {
			path := strings.Trim(imp.Path.Value, `"`)
			name := path[strings.LastIndex(path, "/")+1:]
			if imp.Name != nil {
				name = imp.Name.Name
			}
			imported[name] = true
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name != "init" || fd.Recv != nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.AssignStmt:
					for _, l := range x.Lhs {
						if pkg := rootPackage(l, imported); pkg != "" {
							t.Errorf("%s: init assigns into package %s", fset.Position(l.Pos()), pkg)
						}
					}
				case *ast.CallExpr:
					if se, ok := x.Fun.(*ast.SelectorExpr); ok {
						if id, ok := se.X.(*ast.Ident); ok && imported[id.Name] && isConfiguring(se.Sel.Name) {
							t.Errorf("%s: init calls %s.%s", fset.Position(x.Pos()), id.Name, se.Sel.Name)
						}
					}
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// rootPackage is the imported package an assigned expression belongs
// to (pkg.Var, pkg.Var.Field, pkg.Map[k]), or "".
func rootPackage(e ast.Expr, imported map[string]bool) string {
	for {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && imported[id.Name] {
				return id.Name
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		default:
			return ""
		}
	}
}

// isConfiguring reports whether a function's name says it changes its
// package's state.
func isConfiguring(name string) bool {
	for _, p := range []string{"Register", "Set", "Add", "Use", "Handle", "Route"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// A cycle-count source is named in code only in its own package and in
// the registries (app/dataset/derive/derive.go, and its name in
// app/dataset/sources.go): what it lends, to which cores
// and in which order is its data, so that a new source lends without a
// change elsewhere. A string literal equal to a source's name anywhere
// else (tests aside) is code knowing a source by name. A name that is
// also a word of the workload (x25519 is a key exchange) is that word;
// the tests' sample settings (settingtest) are tests.
func TestCycleSourcesNamedOnlyAtHome(t *testing.T) {
	words := map[string]bool{}
	for _, f := range settingtest.Schema.Fields() {
		for _, c := range append(slices.Clone(f.Choices), f.Multi...) {
			words[c] = true
		}
	}
	names := map[string]string{} // name → its package's directory
	for _, cs := range derive.CycleSources {
		dir := filepath.Base(reflect.TypeOf(cs).PkgPath())
		if !words[cs.Name()] {
			names[strconv.Quote(cs.Name())] = filepath.Join("..", "..", "source", dir)
		}
	}
	if len(names) == 0 {
		t.Fatal("no cycle-count source to look for")
	}
	eachFile(t, "../..", func(fset *token.FileSet, f *ast.File) {
		p := fset.Position(f.Pos()).Filename
		if slices.Contains([]string{"../../dataset/sources.go", "../../dataset/derive/derive.go", "../../internal/settingtest/settingtest.go"}, filepath.ToSlash(p)) {
			return
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if home, ok := names[lit.Value]; ok && filepath.Dir(p) != home {
					t.Errorf("%s: %s names a cycle-count source outside its package (%s) and the registry", fset.Position(lit.Pos()), lit.Value, home)
				}
			}
			return true
		})
	})
}

// A build is opaque outside the catalogue: the engine asks (Ask, the
// build's methods) and judges. With no exported field, no file outside
// app/catalog can read one (the compiler says so).
func TestBuildIsOpaque(t *testing.T) {
	bt := reflect.TypeOf(catalog.Build{})
	for i := range bt.NumField() {
		if f := bt.Field(i); f.IsExported() {
			t.Errorf("catalog.Build.%s is exported: what the engine needs of a build is a method or an Answer's", f.Name)
		}
	}
	if bt.NumField() == 0 {
		t.Fatal("catalog.Build has no fields: the check checks nothing")
	}
}
