package engine

import "testing"

// The bytes a handshake hashes follow the sizes of its group and
// signature (FIPS 203/204 for ML-KEM and ML-DSA), part by part.
func TestHashed(t *testing.T) {
	ks13 := int64(KeyScheduleHMACs13 * HMACBytes)
	tests := []struct {
		name       string
		tls        TLS
		resumed    bool
		transcript int64 // hellos + shares + certificates + handshake signatures
		verified   int64 // certificate bodies hashed before verifying
		keySched   int64
	}{
		{"classic P-256 server, chain 2", TLS{Role: "server", Version: "1.3", Kex: "p256", Sig: "ecdsa-p256", Chain: 2},
			false, 512 + 65 + 65 + 2*(400+91+72) + 72, 0, ks13},
		{"classic P-256 client verifies 2 bodies", TLS{Role: "client", Version: "1.3", Kex: "p256", Sig: "ecdsa-p256", Chain: 2},
			false, 512 + 130 + 2*563 + 72, 2 * (400 + 91), ks13},
		// About 11–12 KB: one ML-DSA-65 certificate (1,952 + 3,309), its
		// CertificateVerify (3,309), the ML-KEM-768 key and ciphertext.
		{"X25519MLKEM768 with ML-DSA-65, one certificate", TLS{Role: "client", Version: "1.3", Kex: "x25519mlkem768", Sig: "ml-dsa-65", Chain: 1},
			false, 512 + (1184 + 32) + (1088 + 32) + (400 + 1952 + 3309) + 3309, 0, ks13},
		{"mutual auth sends and signs twice", TLS{Role: "server", Version: "1.3", Kex: "mlkem1024", Sig: "ml-dsa-87", Chain: 2, Mutual: true},
			false, 512 + 1568 + 1568 + 4*(400+2592+4627) + 2*4627, 0, ks13},
		{"TLS 1.2 key schedule", TLS{Role: "server", Version: "1.2", Kex: "p384", Sig: "rsa-2048", Chain: 0},
			false, 512 + 97 + 97 + (400 + 294 + 256) + 256, 0, KeyScheduleHMACs12 * HMACBytes},
		{"resumed psk_ke: no shares, no certificates", TLS{Role: "client", Version: "1.3", Kex: "p256", Sig: "ml-dsa-65", Chain: 2, ResumeKind: "psk"},
			true, 512, 0, ks13},
		{"resumed psk_dhe_ke: the shares again", TLS{Role: "client", Version: "1.3", Kex: "x25519mlkem768", Sig: "ml-dsa-65", Chain: 2, ResumeKind: "psk-dhe"},
			true, 512 + 1216 + 1120, 0, ks13},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ps := tc.tls.Hashed(tc.resumed)
			var verified, ks int64
			for _, p := range ps {
				switch p.Part {
				case "verified-certificates":
					verified += p.Count * p.Each
				case "key-schedule":
					ks += p.Count * p.Each
				}
			}
			if got := ps.Bytes() - verified - ks; got != tc.transcript || verified != tc.verified || ks != tc.keySched {
				t.Errorf("transcript %d, verified %d, key schedule %d; want %d, %d, %d (%+v)", got, verified, ks, tc.transcript, tc.verified, tc.keySched, ps)
			}
		})
	}
}
