package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"validate"}, &out, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	for _, want := range []string{"Without the memory rules:", "With the memory rules", "Cortex-M4", "Clock model: an estimate taken up u× in clock widens its slow end by u^",
		"STM32U385RG, 16 → 96 MHz"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("validate lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := run([]string{"validate", "--format", "json", "--checks"}, &out, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	var v validation
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	last := v.After[len(v.After)-1]
	if len(v.Before) == 0 || last.Core != "all" || last.Checks != len(v.Checks) || v.Clocks.Alpha <= 0 || len(v.Spread) == 0 {
		t.Errorf("validation %+v", last)
	}
	errb.Reset()
	if code := run([]string{"validate", "--format", "xml"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "accepted values are table, json") {
		t.Errorf("bad format: %d %s", code, errb.String())
	}
}
