package catalog

import "testing"

// An AES operation's footprint is its mode's, whatever the key size
// (CMOX publishes one); a "-final" step is its operation's.
func TestFootprintOp(t *testing.T) {
	for in, want := range map[string]string{
		"aes-128-gcm-enc": "aes-gcm-enc", "aes-256-cbc-dec-final": "aes-cbc-dec", "aes-gcm-enc": "aes-gcm-enc",
		"aes--x": "aes--x", "aes-128": "aes-128", "AES-128-x": "AES-128-x", "sha256-final": "sha256", "ecdsa-p256-sign": "ecdsa-p256-sign",
	} {
		if got := FootprintOp(in); got != want {
			t.Errorf("FootprintOp(%q) = %q, want %q", in, got, want)
		}
	}
}
