package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"cryptosizer/app/dataset"
	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

// bundledCandidates is how many candidates the bundled data holds: the
// empty workload ranks every one.
func bundledCandidates(t *testing.T) int {
	t.Helper()
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	w, errs := settingtest.Schema.Parse(workload.Params{})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return len(engine.NewIndex(ds).Rank(w).Candidates)
}

// ranked is how many candidates the bundled data ranks for p.
func ranked(t *testing.T, p workload.Params) int {
	t.Helper()
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	w, errs := settingtest.Schema.Parse(p)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return len(engine.NewIndex(ds).Rank(w).Candidates)
}

func TestRankJSON(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"rank", "--tls-rate", "20", "--tls-role", "server", "--tls-version", "1.3", "--tls-suite", "ecdhe-ecdsa-p256", "--format", "json"}
	if code := run(args, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var doc struct {
		Workload   map[string]any   `json:"workload"`
		Candidates []map[string]any `json:"candidates"`
		Counts     engine.Counts    `json:"counts"`
		NoFigure   []struct {
			Key     string   `json:"key"`
			Missing []string `json:"missing"`
		} `json:"no_figure"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	// Every build is a candidate or listed as publishing no figure.
	if len(doc.Candidates)+len(doc.NoFigure) != bundledCandidates(t) || doc.Counts.NoFigure != len(doc.NoFigure) || doc.Workload["tls"] == nil {
		t.Fatalf("%d candidates, %d without a figure (%d counted)", len(doc.Candidates), len(doc.NoFigure), doc.Counts.NoFigure)
	}
	if len(doc.NoFigure) > 0 && (doc.NoFigure[0].Key == "" || len(doc.NoFigure[0].Missing) == 0) {
		t.Errorf("a build without a figure: %+v", doc.NoFigure[0])
	}
	c := doc.Candidates[1]
	for _, k := range []string{"rank", "verdict", "mcu", "board", "library", "library_version", "config", "acceleration", "clock_hz", "headroom", "utilization", "requirements", "missing"} {
		if _, ok := c[k]; !ok {
			t.Errorf("candidate lacks %q", k)
		}
	}
	if c["mcu"] == "" || c["verdict"] != "pass" || c["rank"] != 2.0 {
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
	if !strings.Contains(out.String(), "firmware 256 KiB ecdsa-p256/sha256 within 110 ms") || !strings.Contains(out.String(), "UNKNOWN  STM32WBA52/WBA54/WBA55/WBA5M ×15 · measured on STM32WBA52CG") || !strings.Contains(out.String(), "missing: sha256") {
		t.Errorf("table:\n%s", out.String())
	}
	out.Reset()
	if code := run([]string{"rank", "--aes-rate", "1MiB/s", "--format", "csv"}, &out, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil || len(rows) != ranked(t, workload.Params{"aes-rate": "1MiB/s"})+1 || rows[0][0] != "rank" || rows[1][1] != "pass" {
		t.Errorf("csv: %v %v", err, rows[:2])
	}
}

func TestRankBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--tls-rate", "-5"}, `--tls-rate "-5": accepted: a number from 0.000001 to 1000000`},
		{[]string{"--fw-size", "12 parsecs", "--fw-deadline", "1s"}, `--fw-size "12 parsecs": accepted: a size from 1 B to 1 TiB such as 256KiB`},
		{[]string{"--aes-rate", "NaN"}, `--aes-rate "NaN"`},
		{[]string{"--tls-rate", "5", "--tls-suite", "rot13"}, `--tls-suite "rot13": accepted: ecdhe-ecdsa-p256, ecdhe-ecdsa-p384, ecdhe-rsa-2048 or x25519-ed25519`},
		{[]string{"--cpu-budget", "0"}, `--cpu-budget "0"`},
		{[]string{"--format", "yaml"}, `--format "yaml": accepted values are table, json, csv`},
		{[]string{"--nope"}, `flag provided but not defined: -nope`},
		// Every flag is checked, also when its load is off.
		{[]string{"--tls-role", "bogus", "--aes-mode", "xts", "--fw-sig", "nope"}, `--tls-role "bogus": accepted: server or client`},
		{[]string{"--aes-mode", "xts"}, `--aes-mode "xts": accepted: cbc or gcm`},
		// No value can make the JSON output fail.
		{[]string{"--clock", "0.0000001", "--tls-rate", "5", "--format", "json"}, `--clock "0.0000001": accepted: measured, max, or a frequency from 1 to 10000 MHz`},
		{[]string{"--tls-rate", "1e-320", "--format", "json"}, `--tls-rate "1e-320": accepted: a number from 0.000001 to 1000000`},
		{[]string{"--aes-rate", "0." + strings.Repeat("0", 315) + "1", "--format", "json"}, `--aes-rate "0.000`},
		{[]string{"--tls-rate", "5", "--tls-version", "1.2", "--tls-resume-kind", "psk-dhe"}, `TLS 1.2 has no psk_dhe_ke: its abbreviated handshake does no key exchange (RFC 5246 §7.3)`},
		{[]string{"--cpu-budget", "0.5"}, `--cpu-budget "0.5": ambiguous: a bare number is a percentage, so this is 0.5% of the CPU; write 0.5% if you mean that, or 50% for a 0.5 share`},
		{[]string{"--tls-mutual", "maybe"}, `--tls-mutual "maybe": accepted: true or false`},
		{[]string{"--tls-mutual=maybe"}, `--tls-mutual "maybe": accepted: true or false`},
		{[]string{"--import-clock", "NaN"}, `--import-clock "NaN": accepted: a frequency from 1 to 10000 MHz`},
		{[]string{"--import", "/dev/zero"}, `--import /dev/zero: not a regular file`},
		{[]string{"--import", "."}, `--import .: not a regular file`},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		code := run(append([]string{"rank"}, tc.args...), &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errb.String(), tc.want)
		}
	}
}

func TestRankFlagsEdges(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"rank", "--help"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "-tls-rate") {
		t.Errorf("--help: exit %d, stdout %.80q", code, out.String())
	}
	out.Reset()
	// A switch followed by true/false reads that value.
	if code := run([]string{"rank", "--tls-rate", "5", "--tls-mutual", "true", "--format", "json"}, &out, &errb); code != 0 || !strings.Contains(out.String(), `"mutual": true`) {
		t.Errorf("--tls-mutual true: exit %d %s", code, errb.String())
	}
	out.Reset()
	if code := run([]string{"rank", "--tls-mutual", "--tls-rate", "5", "--format", "json"}, &out, &errb); code != 0 || !strings.Contains(out.String(), `"mutual": true`) {
		t.Errorf("bare --tls-mutual: exit %d %s", code, errb.String())
	}
	// An import larger than the limit is refused without reading it all.
	big := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(big, bytes.Repeat([]byte("x"), dataset.MaxImportBytes+1), 0o644); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	if code := run([]string{"rank", "--import", big}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "larger than the import limit of 262144 bytes") {
		t.Errorf("big import: exit %d, %s", code, errb.String())
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
		Counts engine.Counts `json:"counts"`
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
	if n := bundledCandidates(t) + 3; len(doc.Candidates)+doc.Counts.NoFigure != n {
		t.Errorf("%d candidates and %d without a figure, want the bundled ones and 3 imported: %d", len(doc.Candidates), doc.Counts.NoFigure, n)
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

// The whole newer wolfSSL page imports: every line is read or skipped.
func TestRankImportNewerPage(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"rank", "--tls-rate", "1", "--import", "../../../seeds/wolfssl-stm32-benchmarks-329d697.md", "--format", "csv"}, &out, &errb)
	if code != 0 || strings.Contains(errb.String(), "not read") {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "4 figures not used by the model") || !strings.Contains(out.String(), "STM32N657") {
		t.Errorf("stderr %q", errb.String())
	}
}

// With no load the CLI ranks the first visit's workload (the page does
// the same for a link of filters only), and says which flags that is;
// those flags, given, rank the same.
func TestRankWithoutWorkloadSuggestsOne(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"rank", "--top", "1"}, &out, &errb); code != 0 || !strings.Contains(errb.String(), "cryptosizer rank --tls-rate '10'") ||
		!strings.Contains(out.String(), "TLS 1.3 server") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	first := out.String()
	var fixed []string
	for _, m := range regexp.MustCompile(`--(\S+) '([^']*)'`).FindAllStringSubmatch(errb.String(), -1) {
		fixed = append(fixed, "--"+m[1], m[2])
	}
	out.Reset()
	errb.Reset()
	if code := run(append([]string{"rank", "--top", "1"}, fixed...), &out, &errb); code != 0 || errb.Len() > 0 || out.String() != first {
		t.Errorf("%v: exit %d, %s %s", fixed, code, errb.String(), out.String())
	}
}
