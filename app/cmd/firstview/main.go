// Command firstview writes the web app's first view (ui.FirstView): the
// default workload ranked on the bundled dataset, as the results show it.
// ./build.sh build runs it before building the wasm, which embeds it
// (package data/first).
//
//	go run ./app/cmd/firstview -out data/first/first.txt
package main

import (
	"flag"
	"fmt"
	"os"

	"cryptosizer/app/ui"
)

func main() {
	out := flag.String("out", "data/first/first.txt", "where to write the first view")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "firstview:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	f, err := ui.MakeFirstView(ui.Bundled())
	if err != nil {
		return err
	}
	b, err := f.MarshalText()
	if err != nil {
		return err
	}
	if old, err := os.ReadFile(out); err == nil && string(old) == string(b) {
		return nil // unchanged: keep the file's time (the wasm is not rebuilt for nothing)
	}
	return os.WriteFile(out, b, 0o644)
}
