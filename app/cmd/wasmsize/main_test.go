package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestPkg(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"cryptosizer_app_engine.__Index_.Rank", "cryptosizer_app_engine"},
		{"github.com_go-echarts_go-echarts_v2_opts.Bool", "github.com_go-echarts_go-echarts_v2_opts"},
		{"runtime.mallocgc", "runtime"},
		{"wasm_export_run", "wasm_export_run"},
	} {
		if got := pkg(tc.name); got != tc.want {
			t.Errorf("pkg(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// section is a wasm section: its id, its size and its content.
func section(id byte, content []byte) []byte {
	return append([]byte{id, byte(len(content))}, content...)
}

func name(s string) []byte { return append([]byte{byte(len(s))}, s...) }

// A module with one imported function and two bodies of 3 and 5 bytes,
// named in the name section: the bodies are attributed to their
// packages, the import shifts the index space.
func TestAttributesBodies(t *testing.T) {
	imp := append([]byte{1}, append(append(name("go"), name("f")...), 0, 0)...)
	code := []byte{2, 2, 0, 0x0b, 4, 0, 1, 1, 0x0b} // bodies: size 2 (+1 length byte), size 4 (+1)
	names := append([]byte{2}, append([]byte{1}, name("a_b.f")...)...)
	names = append(names, append([]byte{2}, name("c.g")...)...)
	custom := append(name("name"), section(1, names)...)
	wasm := append([]byte("\x00asm\x01\x00\x00\x00"), section(2, imp)...)
	wasm = append(wasm, section(10, code)...)
	wasm = append(wasm, section(0, custom)...)
	m, err := parse(wasm)
	if err != nil || m.imports != 1 || len(m.bodies) != 2 || m.bodies[0] != 2 || m.bodies[1] != 4 || m.names[1] != "a_b.f" {
		t.Fatalf("%v: %+v", err, m)
	}
	var out bytes.Buffer
	report(&out, m, len(wasm), 10, "")
	lines := strings.Split(out.String(), "\n")
	if len(lines) < 4 || !strings.HasPrefix(lines[1], "c ") || !strings.Contains(lines[1], " 4 ") || !strings.HasPrefix(lines[2], "a_b ") ||
		!strings.Contains(lines[2], " 2 ") || !strings.Contains(lines[3], " 6 ") {
		t.Errorf("report:\n%s", out.String())
	}
	out.Reset()
	largest(&out, m, "a_", 10)
	if lines := strings.Split(out.String(), "\n"); len(lines) < 3 || !strings.HasPrefix(lines[1], "a_b.f ") || !strings.Contains(lines[2], "(1 functions of a_*)") {
		t.Errorf("largest:\n%s", out.String())
	}
	if _, err := parse([]byte("\x00asm\x01\x00\x00\x00\x0a\x7f")); err == nil {
		t.Error("a truncated section parsed")
	}
	if _, err := parse([]byte("hello")); err == nil {
		t.Error("not a wasm binary parsed")
	}
}
