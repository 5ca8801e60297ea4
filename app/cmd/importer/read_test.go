package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
	"cryptosizer/app/dataset/registry"
	"cryptosizer/app/source"
)

func facts(t *testing.T) bench.Facts {
	t.Helper()
	b, err := os.ReadFile("../../../data/dataset.json")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := dataset.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return ds.MCUs
}

// What the page gets back through the worker is what the CLI reads from
// the same text: the answer survives its trip as JSON, field for field.
func TestAnswerIsTheImport(t *testing.T) {
	fs := facts(t)
	for _, tc := range []struct {
		file  string
		names source.Names
	}{
		{"../../source/wolfcrypt/testdata/bare-5.7.txt", source.Names{MCU: "STM32U585", ClockHz: 160e6}},
		{"../../../seeds/cmox-stm32g071rb.txt", source.Names{}},
		{"../../../seeds/wolfssl-stm32-benchmarks.md", source.Names{}},
		{"../../source/mbedtls/testdata/F1.txt", source.Names{MCU: "STM32F429ZI", ClockHz: 168e6}},
	} {
		text, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		q := dataset.ReadRequest{ID: "preview-3", Name: "pasted", Text: string(text), Names: tc.names, Facts: fs}
		b, err := json.Marshal(q)
		if err != nil {
			t.Fatal(err)
		}
		var a Answer
		if err := json.Unmarshal([]byte(reply(string(b))), &a); err != nil {
			t.Fatal(err)
		}
		want := registry.Import(fs, q.Name, q.Text, q.Names)
		if a.ID != q.ID || a.Error != "" || a.Imported == nil {
			t.Fatalf("%s: answer %q %q", tc.file, a.ID, a.Error)
		}
		if len(want.Data.Measurements) == 0 || !reflect.DeepEqual(*a.Imported, want) {
			t.Errorf("%s: the answer differs from the import (%d measurements, want %d)", tc.file, len(a.Imported.Data.Measurements), len(want.Data.Measurements))
		}
	}
}

// A request that is not one is answered with why, never a panic.
func TestAnswerRefusesWhatIsNoRequest(t *testing.T) {
	for _, tc := range []struct{ request, want string }{
		{"", "the request is not one"},
		{"{", "the request is not one"},
		{`{"id":7}`, "the request is not one"},
		{strings.Repeat(" ", maxRequestBytes+1), "the limit is"},
	} {
		if a := answer(tc.request); a.Imported != nil || !strings.Contains(a.Error, tc.want) {
			t.Errorf("%.20q: %+v, want an error with %q", tc.request, a, tc.want)
		}
	}
	// A request whose text is not a benchmark is read, and says so.
	if a := answer(`{"id":"x","name":"pasted","text":"hello"}`); a.Imported == nil || !strings.Contains(a.Imported.Errors.Error(), "not recognized") {
		t.Errorf("not a benchmark: %+v", a)
	}
}

// The page's own module links none of the readers: they are this
// module's (the first download of a visit that imports nothing is
// ~50 KB of brotli smaller without them).
func TestThePageLinksNoReader(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "../web")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	deps := strings.Fields(string(out))
	for _, reader := range []string{"cryptosizer/app/dataset/registry", "cryptosizer/app/source/wolfcrypt", "cryptosizer/app/source/cmox", "cryptosizer/app/source/mbedtls"} {
		if slices.Contains(deps, reader) {
			t.Errorf("app/cmd/web links %s: the import reader's, not the page's", reader)
		}
	}
	if !slices.Contains(deps, "cryptosizer/app/dataset") {
		t.Errorf("app/cmd/web's dependencies (%d) lack app/dataset: the test reads the wrong list", len(deps))
	}
}
