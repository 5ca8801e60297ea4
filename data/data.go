// Package data embeds the generated dataset. Regenerate it with
// `./build.sh data` after changing anything under seeds/; a test fails
// when this file's JSON is stale.
package data

import _ "embed"

// JSON is the normalized dataset, as written by app/cmd/gendata.
//
//go:embed dataset.json
var JSON []byte
