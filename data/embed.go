//go:build !js

package data

import _ "embed"

//go:embed dataset.bin
var embedded []byte

func init() { packed = embedded }
