package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/internal/golden"
)

// TestCasesGolden runs `cryptosizer rank` on every engine case (the
// workloads of app/engine/testdata/cases.json, on the bundled data, whose
// figures the engine's own tests check): each ranks in every format, and
// a case that expects an input error exits 2 with the messages of
// testdata/cases/<case>.err. The formats' output is pinned on a fixture
// (TestCLIOnTheFixture), so that a new source changes no golden here.
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
	written := map[string]bool{}
	for _, tc := range cases {
		var args []string
		for _, k := range slices.Sorted(maps.Keys(tc.Params)) {
			args = append(args, "--"+k+"="+tc.Params[k])
		}
		name := strings.Trim(slug.ReplaceAllString(strings.ToLower(tc.Name), "-"), "-")
		for _, format := range []string{"table", "csv", "json"} {
			var out, errb bytes.Buffer
			code := run(append([]string{"rank", "--format", format, "--top", "1"}, args...), &out, &errb)
			if tc.Expect.ErrorFields != nil {
				if code != 2 {
					t.Errorf("%s: exit %d, want 2", tc.Name, code)
				}
				golden.Check(t, filepath.Join("testdata", "cases", name+".err"), errb.Bytes())
				written[name+".err"] = true
				break
			}
			if code != 0 || out.Len() == 0 {
				t.Errorf("%s (%s): exit %d, %d bytes: %s", tc.Name, format, code, out.Len(), errb.String())
			}
		}
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
