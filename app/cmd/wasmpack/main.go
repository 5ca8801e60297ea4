// Command wasmpack rewrites a WebAssembly file's data section into few
// large segments (app/internal/wasmpack: Go's linker writes up to
// 100,000 small ones, which brotli compresses poorly). build.sh runs it
// on the app's wasm and on the minimal apps' it is compared with:
//
//	go run ./app/cmd/wasmpack web/app.wasm.new
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"cryptosizer/app/internal/wasmpack"
)

func main() {
	gap := flag.Int("gap", 4096, "merge segments at most this many zero bytes apart")
	flag.Parse()
	if flag.NArg() == 0 || *gap < 0 {
		fmt.Fprintln(os.Stderr, "usage: wasmpack [-gap bytes ≥ 0] file.wasm ...")
		os.Exit(2)
	}
	for _, name := range flag.Args() {
		if err := pack(name, *gap); err != nil {
			fmt.Fprintln(os.Stderr, "wasmpack:", err)
			os.Exit(1)
		}
	}
}

// pack rewrites the file in place (through a temporary file beside it).
func pack(name string, gap int) error {
	fi, err := os.Stat(name)
	if err != nil {
		return err
	}
	in, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	out, rep, err := wasmpack.Pack(in, gap)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".wasmpack-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(out); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), fi.Mode().Perm()); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return err
	}
	fmt.Printf("%s: %d data segments → %d (%d zero bytes written out), %d → %d bytes\n", name, rep.Before, rep.After, rep.Filled, len(in), len(out))
	return nil
}
