package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"cryptosizer/app/internal/golden"
)

// TestCasesGolden runs `cryptosizer rank` on every engine case (the
// workloads of app/engine/testdata/cases.json) and compares its table,
// CSV and JSON with testdata/cases/<case>.{txt,csv,json}.
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
			var out, errb bytes.Buffer
			code := run(append([]string{"rank", "--format", f.format, "--top", f.top}, args...), &out, &errb)
			if tc.Expect.ErrorFields != nil {
				if code != 2 {
					t.Errorf("%s: exit %d, want 2", tc.Name, code)
				}
				golden.Check(t, filepath.Join("testdata", "cases", name+".err"), errb.Bytes())
				break
			}
			if code != 0 {
				t.Errorf("%s: exit %d: %s", tc.Name, code, errb.String())
				continue
			}
			golden.Check(t, filepath.Join("testdata", "cases", name+"."+f.ext), out.Bytes())
		}
	}
}
