// Command wasmsize attributes a Go WebAssembly binary's code to its
// packages: it reads the code section (each function body's size) and
// the name section (each function's Go name), sums the bodies per
// package and prints them largest first, with the data section's size
// and the rest. Build the wasm without -s (it strips the names):
//
//	GOOS=js GOARCH=wasm go build -trimpath -o /tmp/app.wasm ./app/cmd/web
//	go run ./app/cmd/wasmsize -top 30 /tmp/app.wasm
//
// With -funcs it lists the largest functions of the packages whose wasm
// name starts with a prefix instead (what to shrink first):
//
//	go run ./app/cmd/wasmsize -funcs cryptosizer_app_ui -top 30 /tmp/app.wasm
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	top := flag.Int("top", 40, "how many packages to list")
	group := flag.String("group", "", "comma-separated package prefixes to sum as one row each (e.g. cryptosizer/,github.com/maxence-charriere/go-app/)")
	funcs := flag.String("funcs", "", "list the largest functions of the packages whose name starts with this (e.g. cryptosizer_app_ui) instead")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-top N] [-group prefixes | -funcs prefix] file.wasm")
		os.Exit(2)
	}
	b, err := os.ReadFile(flag.Arg(0))
	if err == nil {
		var m *module
		if m, err = parse(b); err == nil && *funcs != "" {
			largest(os.Stdout, m, *funcs, *top)
		} else if err == nil {
			report(os.Stdout, m, len(b), *top, *group)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
}

// module is what wasmsize reads of a wasm binary.
type module struct {
	imports  int            // imported functions (they come first in the index space)
	bodies   []int          // code section: size of each function body
	names    map[int]string // name section: function index → name
	sections map[byte]int   // section id → size
}

type reader struct {
	b   []byte
	off int
}

var errShort = errors.New("truncated wasm")

func (r *reader) u() (uint64, error) {
	var v uint64
	for shift := 0; ; shift += 7 {
		if r.off >= len(r.b) || shift > 63 {
			return 0, errShort
		}
		c := r.b[r.off]
		r.off++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v, nil
		}
	}
}

func (r *reader) n() int { v, _ := r.u(); return int(v) }

func (r *reader) str() string {
	l := r.n()
	if l < 0 || r.off+l > len(r.b) {
		r.off = len(r.b)
		return ""
	}
	s := string(r.b[r.off : r.off+l])
	r.off += l
	return s
}

func parse(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a wasm binary")
	}
	m := &module{names: map[int]string{}, sections: map[byte]int{}}
	r := &reader{b: b, off: 8}
	for r.off < len(b) {
		id := b[r.off]
		r.off++
		size := r.n()
		end := r.off + size
		if size < 0 || end > len(b) {
			return nil, errShort
		}
		m.sections[id] += size
		s := &reader{b: b[:end], off: r.off}
		switch id {
		case 2:
			m.imports = countFuncImports(s)
		case 10:
			for i, n := 0, s.n(); i < n && s.off < end; i++ {
				l := s.n()
				m.bodies = append(m.bodies, l)
				s.off += l
			}
		case 0:
			if s.str() == "name" {
				readNames(s, end, m.names)
			}
		}
		r.off = end
	}
	return m, nil
}

// countFuncImports counts the imported functions of an import section.
func countFuncImports(s *reader) int {
	funcs := 0
	for i, n := 0, s.n(); i < n; i++ {
		s.str()
		s.str()
		kind := s.b[s.off]
		s.off++
		switch kind {
		case 0:
			funcs++
			s.n()
		case 1:
			s.off++ // reftype
			limits(s)
		case 2:
			limits(s)
		case 3:
			s.off += 2 // valtype, mutability
		}
	}
	return funcs
}

func limits(s *reader) {
	flag := s.b[s.off]
	s.off++
	s.n()
	if flag&1 != 0 {
		s.n()
	}
}

// readNames reads the function names subsection.
func readNames(s *reader, end int, names map[int]string) {
	for s.off < end {
		sub := s.b[s.off]
		s.off++
		size := s.n()
		next := s.off + size
		if sub == 1 {
			for i, n := 0, s.n(); i < n && s.off < next; i++ {
				idx := s.n()
				names[idx] = s.str()
			}
		}
		s.off = next
	}
}

// pkg is the Go package of a function name as the wasm name section
// writes it, with "/" as "_": "cryptosizer_app_engine" of
// "cryptosizer_app_engine.__Index_.Rank", "github.com_go-echarts_…" of a
// go-echarts function (the domain's dot is not the package's).
func pkg(name string) string {
	start := 0
	for _, d := range []string{"github.com_", "golang.org_", "gopkg.in_", "google.golang.org_"} {
		if strings.HasPrefix(name, d) {
			start = len(d)
		}
	}
	dot := strings.IndexByte(name[start:], '.')
	if dot < 0 {
		return name
	}
	return name[:start+dot]
}

func report(w io.Writer, m *module, total, top int, group string) {
	per := map[string]int{}
	code := 0
	for i, l := range m.bodies {
		name, ok := m.names[m.imports+i]
		if !ok {
			name = "(unnamed)"
		}
		p := pkg(name)
		for _, g := range strings.Split(group, ",") {
			if g != "" && strings.HasPrefix(p, g) {
				p = g + "…"
			}
		}
		per[p] += l
		code += l
	}
	type row struct {
		p string
		n int
	}
	var rows []row
	for p, n := range per {
		rows = append(rows, row{p, n})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].n > rows[j].n || rows[i].n == rows[j].n && rows[i].p < rows[j].p })
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	fmt.Fprintf(bw, "%-60s %10s %6s\n", "package", "code B", "share")
	for i, r := range rows {
		if i == top {
			rest := 0
			for _, x := range rows[i:] {
				rest += x.n
			}
			fmt.Fprintf(bw, "%-60s %10d %5.1f%%\n", fmt.Sprintf("(%d more packages)", len(rows)-i), rest, 100*float64(rest)/float64(total))
			break
		}
		fmt.Fprintf(bw, "%-60s %10d %5.1f%%\n", r.p, r.n, 100*float64(r.n)/float64(total))
	}
	fmt.Fprintf(bw, "%-60s %10d %5.1f%%\n", "code section (all function bodies)", code, 100*float64(code)/float64(total))
	fmt.Fprintf(bw, "%-60s %10d %5.1f%%\n", "data section (strings, tables, embedded files)", m.sections[11], 100*float64(m.sections[11])/float64(total))
	fmt.Fprintf(bw, "%-60s %10d %5.1f%%\n", "names and other sections", total-code-m.sections[11], 100*float64(total-code-m.sections[11])/float64(total))
	fmt.Fprintf(bw, "%-60s %10d\n", "file", total)
}

// largest lists the top largest function bodies of the packages whose
// name starts with prefix, and their sum.
func largest(w io.Writer, m *module, prefix string, top int) {
	type fn struct {
		name string
		n    int
	}
	var fns []fn
	sum := 0
	for i, l := range m.bodies {
		if name := m.names[m.imports+i]; strings.HasPrefix(pkg(name), prefix) {
			fns = append(fns, fn{name, l})
			sum += l
		}
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].n > fns[j].n || fns[i].n == fns[j].n && fns[i].name < fns[j].name })
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	fmt.Fprintf(bw, "%-90s %10s\n", "function", "code B")
	for _, f := range fns[:min(top, len(fns))] {
		fmt.Fprintf(bw, "%-90s %10d\n", f.name, f.n)
	}
	fmt.Fprintf(bw, "%-90s %10d\n", fmt.Sprintf("(%d functions of %s*)", len(fns), prefix), sum)
}
