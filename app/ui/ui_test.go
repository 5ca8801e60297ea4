package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"html"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
	"cryptosizer/app/dataset/registry"
	"cryptosizer/app/engine"
	_ "cryptosizer/app/internal/golden" // accepts go test ./... -update
	"cryptosizer/app/source"
	"cryptosizer/app/ui/model"
)

func TestPageRendersDefaults(t *testing.T) {
	e := app.NewTestEngine()
	p := &Page{}
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	html := app.HTMLString(p)
	for _, want := range []string{`class="badge pass"`, `id="f-tls-rate"`, `aria-sort="none"`, "Select a row", `Ranked: `, `data-stale="false"`,
		`publish no figure for any operation of this workload`, `id="no-figure"`, ` unknown · `} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// Boolean attributes are present only when true: selected="false" or
	// hidden="false" still select or hide in HTML.
	for _, bad := range []string{` selected="false"`, ` hidden="false"`, ` checked="false"`} {
		if strings.Contains(html, bad) {
			t.Errorf("pre-rendered page has%s", bad)
		}
	}
}

// Every call into JavaScript goes through package browser: the
// components of package ui never reach app.Window(), a JS value's
// methods or the raw event source, and the state and chart packages do
// not import go-app or syscall/js at all.
func TestJavaScriptOnlyThroughBrowser(t *testing.T) {
	forbidden := map[string]bool{"Window": true, "JSSrc": true, "Call": true, "Invoke": true, "New": true, "Set": true, "Get": true,
		"ValueOf": true, "FuncOf": true, "PreventDefault": true, "StopImmediatePropagation": true, "Value": false}
	// Package names whose New/Get/Set are plain Go.
	plain := map[string]bool{"browser": true, "model": true, "strings": true, "url": true}
	fset, files := sources(t)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if ok && forbidden[sel.Sel.Name] {
				if id, ok := sel.X.(*ast.Ident); !ok || !plain[id.Name] {
					t.Errorf("%s: %s.%s outside package browser", fset.Position(sel.Pos()), exprString(sel.X), sel.Sel.Name)
				}
			}
			return true
		})
	}
	for _, dir := range []string{"model", "charts"} {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(names) == 0 {
			t.Fatalf("%s: no Go files found (%v)", dir, err)
		}
		for _, name := range names {
			f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				if p := strings.Trim(imp.Path.Value, `"`); strings.Contains(p, "go-app") || p == "syscall/js" || strings.HasSuffix(p, "/ui/browser") {
					t.Errorf("%s imports %s: package %s must stay free of the browser", name, p, dir)
				}
			}
		}
	}
}

func exprString(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return exprString(x.X) + "." + x.Sel.Name
	case *ast.CallExpr:
		return exprString(x.Fun) + "()"
	}
	return "…"
}

// The preview lists at most model.MaxPreviewProblems unrecognized lines,
// then how many more there are.
func TestPreviewCapsProblems(t *testing.T) {
	var text strings.Builder
	for i := 0; i < 5000; i++ {
		text.WriteString("junk\nSHA-256 1 MiB took 1.000 seconds, 1.000 MiB/s\n")
	}
	im := registry.Import(nil, "pasted", text.String(), source.Names{MCU: "STM32U585", ClockHz: 160e6})
	if len(im.Unread) != 5000 || len(im.Errors) != 0 {
		t.Fatalf("%d lines not read, %v", len(im.Unread), im.Errors)
	}
	html := previewHTML(t, &im)
	if n := strings.Count(html, `<li class="error">`); n != model.MaxPreviewProblems {
		t.Errorf("%d problems listed", n)
	}
	if !strings.Contains(html, "… and 4950 more lines not recognized.") {
		t.Error("no count of the problems left out")
	}
}

// A clock the pasted text does not print is pre-filled and explained in
// the preview (issue 60); a printed one needs no word.
func TestPreviewExplainsAnInferredClock(t *testing.T) {
	text := "  SHA-256                  :       1962 KiB/s,         89 cycles/byte\n  ECDSA-secp256r1          :      7 sign/s\n"
	for _, tc := range []struct {
		text string
		want bool
	}{{text, true}, {"fsys=168000000\n" + text, false}} {
		im := registry.Import(nil, "pasted", tc.text, source.Names{MCU: "STM32F429ZI"})
		html := previewHTML(t, &im)
		if got := strings.Contains(html, `id="import-clock-from"`) && strings.Contains(html, "178.8 MHz") && strings.Contains(html, "cycles/byte"); got != tc.want {
			t.Errorf("clock %d Hz, explained %v, want %v:\n%s", im.Found.ClockHz, got, tc.want, html)
		}
	}
}

// previewHTML renders an import's preview as the panel does.
func previewHTML(t *testing.T, im *dataset.Imported) string {
	t.Helper()
	e := app.NewTestEngine()
	c := &previewCompo{im: im}
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return app.HTMLString(c)
}

type previewCompo struct {
	app.Compo
	im *dataset.Imported
}

func (c *previewCompo) Render() app.UI { return renderPreview(c.im) }

// The ranking table is written as HTML text: every value from outside
// (an imported set's MCU, board and configuration) is escaped, in text
// and in attributes.
func TestTableHTMLEscapes(t *testing.T) {
	evil := `<img src=x onerror="alert(1)">&'`
	c := engine.Candidate{Identity: bench.Identity{MCU: evil, Board: evil, Library: "wolfSSL", Config: evil, Imported: evil}, Key: evil, Verdict: engine.Pass, Rank: 1}
	out := tableHTML(&model.Results{Selected: evil, Compare: []string{evil}}, "rank", []engine.Candidate{c}, []bool{true})
	if strings.Contains(out, "<img") || strings.Contains(out, `"alert`) || strings.Count(out, "&lt;img") < 5 {
		t.Fatalf("unescaped or missing value:\n%s", out)
	}
	for _, want := range []string{`class="row pass selected group-start"`, `aria-selected="true"`, ` checked>`, `data-key="&lt;img src=x onerror=&#34;alert(1)&#34;&gt;&amp;&#39;"`} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %s:\n%s", want, out)
		}
	}
}

// The table crosses into the page as ASCII (esc): each other character
// a reference the browser reads back as the same text; the whole
// ranking's table, every row the bundled data makes.
func TestTableHTMLIsASCII(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"12.63", "12.63"},
		{"12.63×", "12.63&#215;"},
		{`≤ 868102 B · <M7> & "x" 'y'`, "&#8804; 868102 B &#183; &lt;M7&gt; &amp; &#34;x&#34; &#39;y&#39;"},
		{"4-byte 😀 end", "4-byte &#128512; end"},
		{"bad \xff byte", "bad &#65533; byte"},
	} {
		var b strings.Builder
		if putEsc(&b, tc.in); esc(tc.in) != tc.want || b.String() != tc.want {
			t.Errorf("esc(%q) = %q, putEsc %q, want %q", tc.in, esc(tc.in), b.String(), tc.want)
		}
	}
	s := Bundled()
	m := model.New(s.Schema, s.index(), nil)
	rows := m.Results.Res.Candidates
	out := tableHTML(&m.Results, "rank", rows, make([]bool, len(rows)))
	for i := 0; i < len(out); i++ {
		if out[i] >= 0x80 {
			t.Fatalf("byte %d of the table is not ASCII: %q", i, out[max(0, i-40):min(len(out), i+40)])
		}
	}
	got := html.UnescapeString(out)
	for _, c := range rows {
		if !strings.Contains(got, `data-key="`+c.Key+`"`) || !strings.Contains(got, c.Config) {
			t.Fatalf("%s does not read back as its text", c.Key)
		}
	}
	if !strings.Contains(got, "×") || !strings.Contains(got, "·") {
		t.Errorf("the table reads back without its × and ·")
	}
}

// TestComponentsHaveNoFuncFields: go-app renders a component again when
// an exported field differs from the last render's (reflect.DeepEqual),
// and two funcs are never equal, so a component with an exported func
// field rendered on every render of the page — every keystroke (the
// parts view did). A func a component needs goes in an unexported field.
func TestComponentsHaveNoFuncFields(t *testing.T) {
	fset, files := sources(t)
	components := 0
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok || !slices.ContainsFunc(st.Fields.List, func(f *ast.Field) bool { return len(f.Names) == 0 && exprString(f.Type) == "app.Compo" }) {
				return true
			}
			components++
			for _, fl := range st.Fields.List {
				if _, isFunc := fl.Type.(*ast.FuncType); !isFunc {
					continue
				}
				for _, id := range fl.Names {
					if id.IsExported() {
						t.Errorf("%s: %s.%s is an exported func field: go-app renders %s on every render of the page", fset.Position(id.Pos()), ts.Name.Name, id.Name, ts.Name.Name)
					}
				}
			}
			return true
		})
	}
	if components == 0 {
		t.Fatal("no component found: the check checks nothing")
	}
}

// sources parses package ui's Go files, its tests left out, for the
// tests that hold the package's code to a rule.
func sources(t *testing.T) (*token.FileSet, []*ast.File) {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil || len(names) == 0 {
		t.Fatalf("no Go files found (%v)", err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return fset, files
}
