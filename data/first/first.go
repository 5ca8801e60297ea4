// Package first embeds the web app's first view: the default workload's
// answer on the bundled dataset, prepared at build time (./build.sh build
// runs cmd/firstview before it builds the wasm; ui.FirstView says what it
// holds). A test fails when it is stale.
package first

import _ "embed"

//go:embed first.txt
var view []byte

// View is the prepared first view's text; callers must not change it.
func View() []byte { return view }
