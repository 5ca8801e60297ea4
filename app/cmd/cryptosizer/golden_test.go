package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"cryptosizer/app/internal/golden"
)

// jsonGoldens are the cases whose JSON is pinned too: one of each shape
// the JSON takes (measured, clock-scaled, lent post-quantum figures,
// unknown, a footprint without a total, filters that leave nothing).
// The JSON is two thirds of a case's bytes, and the engine's own tests
// check every candidate's figures.
var jsonGoldens = map[string]bool{
	"worked-example-tls-1-3-server-p-256-20-s-on-h563-wolfssl-5-6-0":                                                                true,
	"clock-scaling-to-the-part-s-maximum-is-an-estimate":                                                                            true,
	"hybrid-key-exchange-client-ecdhe-keygen-agree-ml-kem-keygen-decapsulation":                                                     true,
	"p-384-is-unknown-where-only-p-256-was-measured":                                                                                true,
	"the-footprint-lists-every-operation-without-a-published-row-timed-or-not-and-then-shows-no-total-the-default-workload":         true,
	"filters-that-leave-nothing-say-what-each-removed-alone-and-as-the-one-to-drop-cmox-has-3-candidates-none-with-pka-2-low-power": true,
}

// TestCasesGolden runs `cryptosizer rank` on every engine case (the
// workloads of app/engine/testdata/cases.json) and compares its table
// and CSV with testdata/cases/<case>.{txt,csv}, and the JSON of a few
// (jsonGoldens) with <case>.json.
func TestCasesGolden(t *testing.T) {
	b, err := os.ReadFile("../../engine/testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name   string            `json:"name"`
		Params map[string]string `json:"params"`
		Expect struct {
			ErrorFields []string `json:"error_fields"`
		} `json:"expect"`
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	slug := regexp.MustCompile(`[^a-z0-9]+`)
	pinned, written := maps.Clone(jsonGoldens), map[string]bool{}
	for _, tc := range cases {
		var args []string
		keys := make([]string, 0, len(tc.Params))
		for k := range tc.Params {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			args = append(args, "--"+k+"="+tc.Params[k])
		}
		name := strings.Trim(slug.ReplaceAllString(strings.ToLower(tc.Name), "-"), "-")
		// A golden pins what a reviewer can read in a diff: the top rows
		// (the table and CSV say the counts of all), not the whole
		// dataset ranked; the engine's own tests check every candidate.
		for _, f := range []struct{ format, ext, top string }{{"table", "txt", "3"}, {"csv", "csv", "1"}, {"json", "json", "1"}} {
			if f.format == "json" && !jsonGoldens[name] {
				continue
			}
			var out, errb bytes.Buffer
			code := run(append([]string{"rank", "--format", f.format, "--top", f.top}, args...), &out, &errb)
			if tc.Expect.ErrorFields != nil {
				if code != 2 {
					t.Errorf("%s: exit %d, want 2", tc.Name, code)
				}
				golden.Check(t, filepath.Join("testdata", "cases", name+".err"), errb.Bytes())
				written[name+".err"] = true
				break
			}
			if code != 0 {
				t.Errorf("%s: exit %d: %s", tc.Name, code, errb.String())
				continue
			}
			golden.Check(t, filepath.Join("testdata", "cases", name+"."+f.ext), out.Bytes())
			written[name+"."+f.ext] = true
		}
		delete(pinned, name)
	}
	for name := range pinned {
		t.Errorf("jsonGoldens names %q, which is no case", name)
	}
	files, err := os.ReadDir(filepath.Join("testdata", "cases"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !written[f.Name()] {
			t.Errorf("testdata/cases/%s is no case's golden: remove it", f.Name())
		}
	}
}
