package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestPartsCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"parts", "--format", "json", "--mcu", "stm32h573ii"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var got struct {
		Count int        `json:"count"`
		Parts []partJSON `json:"parts"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Count != len(got.Parts) || got.Count == 0 {
		t.Fatalf("%d parts, count %d", len(got.Parts), got.Count)
	}
	for _, p := range got.Parts {
		if !strings.HasPrefix(p.Part, "STM32H573II") || p.Core != "Cortex-M33" || p.MaxClockHz == nil || *p.MaxClockHz != 250e6 ||
			p.FlashBytes != 2<<20 || p.Group == "" || p.Source.File == "" || len(p.CryptoUnits) == 0 {
			t.Errorf("%+v", p)
		}
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"unit filter", []string{"parts", "--unit", "pka,saes", "--series", "U5", "--format", "csv"}, 0, "PKA RNG SAES"},
		{"unknown clock is said", []string{"parts", "--mcu", "STM32U545CETx"}, 0, "?"},
		{"bad unit", []string{"parts", "--unit", "DES"}, 2, `--unit "DES": accepted: AES, SAES`},
		{"bad size", []string{"parts", "--min-flash", "lots"}, 2, `--min-flash "lots": accepted`},
		{"bad format", []string{"parts", "--format", "xml"}, 2, `--format "xml"`},
		{"nothing matches", []string{"parts", "--mcu", "STM32X"}, 0, "0 of "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(tc.args, &out, &errb)
			if code != tc.code || !strings.Contains(out.String()+errb.String(), tc.want) {
				t.Errorf("exit %d, output %.300q; want %d with %q", code, out.String()+errb.String(), tc.code, tc.want)
			}
		})
	}
}
