package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"cryptosizer/app/dataset"
	"cryptosizer/app/engine"
	"cryptosizer/app/internal/golden"
	"cryptosizer/app/workload"
)

// The CLI's output formats are pinned on a fixture dataset written for
// them (testdata/fixture/dataset.json: four measured parts of three
// cores, eight part groups, a few post-quantum and X25519 cycle counts),
// so that a new source or part changes none of them. Each case is one
// file under testdata/cli: comment lines (#) saying what it shows, the
// command line, then what the command gives, as go/parser's tests keep
// the expected error beside the source:
//
//	# what the case shows
//	rank --format table --tls-rate 10
//	-- exit --
//	0
//	-- stdout --
//	…
//	-- stderr --
//	…
//
// go test -update rewrites everything below the command line. Values
// hold no spaces (256KiB, not 256 KiB).
func TestCLIOnTheFixture(t *testing.T) {
	useFixture(t)
	files, err := filepath.Glob(filepath.Join("testdata", "cli", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases under testdata/cli (%v)", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			text, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			head, args, err := caseInput(string(text))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			var out, errb bytes.Buffer
			code := run(args, &out, &errb)
			got := head + "-- exit --\n" + strconv.Itoa(code) + "\n-- stdout --\n" + out.String() + "-- stderr --\n" + errb.String()
			golden.Check(t, path, []byte(got))
		})
	}
}

// caseInput is a case file's comments and command line (head, kept as
// written) and the command's arguments.
func caseInput(text string) (head string, args []string, err error) {
	for line := range strings.Lines(text) {
		if strings.HasPrefix(line, "-- ") {
			break
		}
		head += line
		if l := strings.TrimSpace(line); l != "" && !strings.HasPrefix(l, "#") {
			if args != nil {
				return "", nil, fmt.Errorf("two command lines (%q)", l)
			}
			args = strings.Fields(l)
		}
	}
	if args == nil {
		return "", nil, fmt.Errorf("no command line before the first section")
	}
	if !strings.HasSuffix(head, "\n") {
		head += "\n"
	}
	return head, args, nil
}

// useFixture makes the CLI rank the fixture dataset until the test ends.
func useFixture(t *testing.T) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "fixture", "dataset.json"))
	if err != nil {
		t.Fatal(err)
	}
	ds, err := dataset.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	ix := engine.NewIndex(ds)
	saved := bundled
	bundled = func() (*engine.Index, error) { return ix, nil }
	t.Cleanup(func() { bundled = saved })
}

// One table golden ranks the whole bundled dataset (the first visit's
// workload, its first rows and counts): the one CLI golden a new source
// or part is expected to change, with the JSON schema's.
func TestWholeDataTable(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(append([]string{"rank", "--format", "table", "--top", "8"}, firstVisitFlags()...), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	golden.Check(t, filepath.Join("testdata", "whole-data.txt"), out.Bytes())
}

// The JSON's schema — every key path with the kinds of value it takes —
// on the whole bundled dataset: what a consumer of the JSON relies on,
// whatever the figures.
func TestJSONSchema(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(append([]string{"rank", "--format", "json"}, firstVisitFlags()...), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var doc any
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]map[string]bool{}
	schema(doc, "$", kinds)
	var b strings.Builder
	for _, path := range slices.Sorted(maps.Keys(kinds)) {
		fmt.Fprintf(&b, "%s: %s\n", path, strings.Join(slices.Sorted(maps.Keys(kinds[path])), " | "))
	}
	golden.Check(t, filepath.Join("testdata", "json-schema.txt"), []byte(b.String()))
}

// schema records the kind of every value under path (arrays' items as
// path[]).
func schema(v any, path string, kinds map[string]map[string]bool) {
	kind := "null"
	switch x := v.(type) {
	case map[string]any:
		kind = "object"
		for k, e := range x {
			schema(e, path+"."+k, kinds)
		}
	case []any:
		kind = "array"
		for _, e := range x {
			schema(e, path+"[]", kinds)
		}
	case string:
		kind = "string"
	case float64:
		kind = "number"
	case bool:
		kind = "bool"
	}
	if kinds[path] == nil {
		kinds[path] = map[string]bool{}
	}
	kinds[path][kind] = true
}

// firstVisitFlags are the first visit's workload as flags.
func firstVisitFlags() []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(workload.FirstVisit)) {
		out = append(out, "--"+k+"="+workload.FirstVisit[k])
	}
	return out
}
