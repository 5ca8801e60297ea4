package ui

import (
	"go/ast"
	"strings"
	"testing"
)

// typedElements are the go-app element constructors the page may call by
// name: those go-app's own runtime already carries into the wasm. Any
// other element is app.Elem or app.ElemSelfClosing (see the package
// comment).
var typedElements = map[string]bool{"Div": true, "P": true, "H1": true, "Code": true}

// notElements are go-app's functions without arguments that make no
// element (app.Window is package browser's alone: ui_test.go).
var notElements = map[string]bool{"Null": true, "Undefined": true, "Window": true}

func TestElementsAreGeneric(t *testing.T) {
	fset, files := sources(t)
	checked := 0
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "app" {
				return true
			}
			if notElements[sel.Sel.Name] {
				return true
			}
			checked++
			if !typedElements[sel.Sel.Name] {
				t.Errorf("%s: app.%s(): build the element as app.Elem(%q) or app.ElemSelfClosing (each typed go-app element adds its method set to the wasm)",
					fset.Position(call.Pos()), sel.Sel.Name, strings.ToLower(sel.Sel.Name))
			}
			return true
		})
	}
	if checked == 0 {
		t.Fatal("no app.X() call found in package ui's sources: the test reads the wrong files")
	}
}
