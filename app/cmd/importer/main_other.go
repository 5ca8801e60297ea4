//go:build !js

package main

import (
	"fmt"
	"os"
)

// main says where this command runs: it is built for the browser only
// (./build.sh: GOOS=js GOARCH=wasm go build -o web/import.wasm).
func main() {
	fmt.Fprintln(os.Stderr, "importer runs in the browser's import worker: build it with GOOS=js GOARCH=wasm (./build.sh)")
	os.Exit(2)
}
