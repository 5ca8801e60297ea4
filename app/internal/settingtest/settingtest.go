// Package settingtest holds, for the tests that carry every setting
// through the CLI, the JSON, the URL and the page, a workload to change
// and a value other than the default for every field.
package settingtest

import (
	"cryptosizer/app/dataset"
	"cryptosizer/app/workload"
)

// Schema is the form's fields as the commands compose them, from the
// registered sources' libraries and lenders.
var Schema = workload.NewSchema(dataset.LibraryFlags(), dataset.Lenders...)

// Base is the workload every field is changed against, as parameters:
// each load on, so that a field of any load changes what is ranked.
var Base = map[string]string{"tls-rate": "10", "fw-size": "256KiB", "fw-deadline": "500ms", "aes-rate": "1MiB/s"}

// Values are a value other than the default (and the base's) for every
// field; a test fails for a field without one.
var Values = map[string]string{
	"accel": "AES", "aes-dir": "decrypt", "aes-key": "256", "aes-mode": "gcm", "aes-rate": "2MiB/s",
	"basis": "estimated", "bootloader": "wolfboot", "boot-images": "2", "boot-update": "true", "clock": "max", "core": "M4", "cpu-budget": "50%", "energy-budget": "10mJ/h",
	"estimate-margin": "50%", "fw-deadline": "200ms", "fw-hash": "sha384", "fw-sig": "rsa-2048", "fw-size": "512KiB",
	"lend": "pqm4", "library": "wolfssl", "loads": "tls", "low-power": "true", "max-op": "100ms", "max-supply": "1.8", "mcu": "H7",
	"min-clock": "100", "min-flash": "1MiB", "min-free-ram": "64KiB", "min-pins": "64", "min-ram": "128KiB",
	"min-temp": "105", "objective": "smallest", "package": "LQFP", "pqc-from": "none", "series": "H7,U5",
	"supply": "1.8", "tls-chain": "3", "tls-kex": "x25519mlkem768", "tls-mutual": "true", "tls-resume": "50%",
	"tls-resume-kind": "psk-dhe", "record-limit": "2048", "tls-session-ram": "48KiB", "tls-rate": "20", "tls-role": "client", "tls-sig": "rsa-2048", "tls-suite": "ecdhe-rsa-2048",
	"tls-version": "1.2", "trustzone": "true", "units": "PKA",
}
