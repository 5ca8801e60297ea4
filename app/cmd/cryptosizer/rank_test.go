package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
)

func TestRankJSON(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"rank", "--tls-rate", "20", "--tls-role", "server", "--tls-version", "1.3", "--tls-suite", "ecdhe-ecdsa-p256", "--format", "json"}
	if code := run(args, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var doc struct {
		Workload   map[string]any   `json:"workload"`
		Candidates []map[string]any `json:"candidates"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Candidates) != 27 || doc.Workload["tls"] == nil {
		t.Fatalf("%d candidates", len(doc.Candidates))
	}
	c := doc.Candidates[1]
	for _, k := range []string{"rank", "verdict", "mcu", "board", "library", "library_version", "config", "acceleration", "clock_hz", "headroom", "utilization", "requirements", "missing"} {
		if _, ok := c[k]; !ok {
			t.Errorf("candidate lacks %q", k)
		}
	}
	if c["mcu"] != "STM32H563ZI" || c["verdict"] != "pass" || c["rank"] != 2.0 {
		t.Errorf("second candidate: %v %v %v", c["mcu"], c["verdict"], c["rank"])
	}
	req := c["requirements"].([]any)[0].(map[string]any)
	for _, k := range []string{"kind", "verdict", "required", "achieved", "unit", "headroom", "terms", "missing"} {
		if _, ok := req[k]; !ok {
			t.Errorf("requirement lacks %q", k)
		}
	}
}

func TestRankTableAndCSV(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"rank", "--fw-size", "256KiB", "--fw-deadline", "110ms", "--library", "cmox"}, &out, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	if !strings.Contains(out.String(), "firmware 256 KiB ecdsa-p256/sha256 within 110.000 ms") || !strings.Contains(out.String(), "UNKNOWN  STM32WBA52CG") {
		t.Errorf("table:\n%s", out.String())
	}
	out.Reset()
	if code := run([]string{"rank", "--aes-rate", "1MiB/s", "--format", "csv"}, &out, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil || len(rows) != 28 || rows[0][0] != "rank" || rows[1][1] != "pass" {
		t.Errorf("csv: %v %v", err, rows[:2])
	}
}

func TestRankBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--tls-rate", "-5"}, `--tls-rate "-5": accepted: a number > 0`},
		{[]string{"--fw-size", "12 parsecs", "--fw-deadline", "1s"}, `--fw-size "12 parsecs": accepted: a size such as 256KiB`},
		{[]string{"--aes-rate", "NaN"}, `--aes-rate "NaN"`},
		{[]string{"--tls-rate", "5", "--tls-suite", "rot13"}, `--tls-suite "rot13": accepted: ecdhe-ecdsa-p256, ecdhe-ecdsa-p384, ecdhe-rsa-2048 or x25519-ed25519`},
		{[]string{"--cpu-budget", "0"}, `--cpu-budget "0"`},
		{[]string{"--format", "yaml"}, `--format "yaml": accepted values are table, json, csv`},
		{[]string{"--nope"}, `flag provided but not defined: -nope`},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		code := run(append([]string{"rank"}, tc.args...), &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errb.String(), tc.want)
		}
	}
}

func TestRankImport(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"rank", "--tls-rate", "20", "--format", "json",
		"--import", "../../source/wolfcrypt/testdata/bare-5.7.txt", "--import-mcu", "STM32U585", "--import-clock", "160", "--import-config", "bench on my desk",
		"--import", "../../source/wolfcrypt/testdata/linebroken.md"}
	if code := run(args, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var doc struct {
		Candidates []struct {
			MCU, Config, Imported, Verdict string
			ClockHz                        int64 `json:"clock_hz"`
		}
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range doc.Candidates {
		if c.Imported != "" {
			got[c.Imported+" "+c.MCU+" "+c.Config] = c.Verdict
		}
	}
	want := []string{"bare-5.7.txt STM32U585 bench on my desk", "linebroken.md STM32H753ZI STM Crypto/Hash Acceleration, -Os, SP-ASM Cortex-M", "linebroken.md STM32U585 No STM HW Crypto, SP Math C32"}
	for _, w := range want {
		if _, ok := got[w]; !ok {
			t.Errorf("no imported candidate %q in %v", w, got)
		}
	}
	if len(doc.Candidates) != 27+3 {
		t.Errorf("%d candidates, want 30", len(doc.Candidates))
	}
	errb.Reset()
	if code := run([]string{"rank", "--import", "../../source/wolfcrypt/testdata/bare-5.7.txt"}, &out, &errb); code != 2 ||
		!strings.Contains(errb.String(), "bare-5.7.txt:1:1: the text does not name the MCU") || !strings.Contains(errb.String(), "--import-mcu") {
		t.Errorf("unnamed import: exit %d, %s", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"rank", "--import", "/nonexistent/file"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "--import /nonexistent/file") {
		t.Errorf("missing file: exit %d, %s", code, errb.String())
	}
}
