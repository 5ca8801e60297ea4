package dataset_test

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
	"cryptosizer/app/dataset/registry"
	"cryptosizer/app/engine"
	"cryptosizer/app/source"
	"cryptosizer/app/workload"
)

// A third source, defined only here, is ranked like the registered ones
// without touching any other file: the registry entry is all the
// generator, the import path, the library filter and the engine need.

// toy reads lines "TOY <mcu> <MHz> <op> <figure> <s|B/s>".
type toy struct{}

func (toy) Name() string { return "toy" }
func (toy) Library() bench.Library {
	return bench.Library{Name: "ToyCrypt", Flag: "toy", Methods: []string{"toy-bench"}}
}
func (toy) Seed(file string) bool  { return strings.HasPrefix(file, "toy-") }
func (toy) Sniff(text string) bool { return strings.HasPrefix(text, "TOY ") }
func (toy) Paste() string          { return "ToyCrypt lines (TOY mcu MHz op figure unit)" }
func (t toy) Read(doc source.Doc) source.Read {
	var r source.Read
	for i, line := range strings.Split(strings.TrimSpace(doc.Text), "\n") {
		pos := bench.Pos{File: doc.Name, Line: i + 1, Col: 1}
		f := strings.Fields(line)
		v, err := strconv.ParseFloat(f[min(4, len(f)-1)], 64)
		mhz, err2 := strconv.ParseFloat(f[min(2, len(f)-1)], 64)
		if len(f) != 6 || f[0] != "TOY" || err != nil || err2 != nil || !bench.KnownOp(f[3]) {
			r.Errors.Add(pos, line, "not a toy line")
			continue
		}
		fact, _ := doc.Facts.Fact(f[1])
		id := bench.Identity{MCU: f[1], Part: fact.Part, Library: "ToyCrypt", LibraryVersion: "1.0", Config: "toy build", Acceleration: []string{}, ClockHz: int64(mhz * 1e6)}
		m := bench.Measurement{Identity: id, Op: f[3], Method: "toy-bench", Printed: f[4] + " " + f[5], Source: fmt.Sprintf("%s: %s", pos, line), Pos: pos}
		if f[5] == "s" {
			m.SecondsPerOp = bench.F64(v)
		} else {
			m.BytesPerSecond = bench.F64(v)
		}
		r.Data.Measurements = append(r.Data.Measurements, m)
		r.Builds = 1
	}
	return r
}

const toyText = `TOY STM32H563ZI 250 ecc-p256-keygen 0.002 s
TOY STM32H563ZI 250 ecdh-p256-agree 0.004 s
TOY STM32H563ZI 250 ecdsa-p256-sign 0.003 s
TOY STM32H563ZI 250 sha256 10000000 B/s`

func TestThirdSourceRanks(t *testing.T) {
	reg := append(dataset.Registry{toy{}}, registry.Sources...)
	facts := factsOf(t)
	ds, reports := reg.Build(facts, []dataset.Input{{Name: "toy-bench.txt", Text: toyText}})
	if len(reports) != 1 || len(reports[0].Errors) > 0 || reports[0].Source != "toy" || reports[0].Measurements != 4 {
		t.Fatalf("reports %+v", reports)
	}
	schema := workload.NewSchema(reg.LibraryFlags())
	w, errs := schema.Parse(map[string]string{"tls-rate": "10", "library": "toy"})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	res := engine.NewIndex(ds).Rank(w)
	if len(res.Candidates) != 1 {
		t.Fatalf("%d candidates, want the toy build", len(res.Candidates))
	}
	c := res.Candidates[0]
	// Server: keygen + agree + sign, plus the handshake's hashing at 10 MB/s.
	hashed := float64(res.Candidates[0].Requirements[0].Terms[len(c.Requirements[0].Terms)-1].Bytes)
	perHS := 0.002 + 0.004 + 0.003 + hashed/1e7
	if c.Library != "ToyCrypt" || c.Verdict != engine.Pass || c.Headroom == nil || math.Abs(*c.Headroom-1/perHS/10) > 1e-9 || c.Basis != bench.Measured {
		t.Errorf("toy candidate %s %s headroom %v basis %s; want ToyCrypt pass %.6f measured", c.Library, c.Verdict, c.Headroom, c.Basis, 1/perHS/10)
	}
	// The import path recognizes it too, and asks for it by its own words.
	im := reg.Import(facts, "mine", toyText, source.Names{})
	if im.Kind != "toy" || len(im.Data.Measurements) != 4 || im.Data.Libraries[0].Flag != "toy" {
		t.Errorf("import: kind %q, %d measurements", im.Kind, len(im.Data.Measurements))
	}
	if im := reg.Import(facts, "mine", "hello", source.Names{}); !strings.Contains(im.Errors.Error(), "ToyCrypt lines") {
		t.Errorf("an unrecognized paste names every source: %v", im.Errors)
	}
	// Unregistered, the library filter refuses it.
	if _, errs := workload.NewSchema(dataset.LibraryFlags()).Parse(map[string]string{"library": "toy"}); len(errs) == 0 {
		t.Error("the registered schema accepts an unregistered library")
	}
}

func factsOf(t *testing.T) bench.Facts {
	f, err := SeedFacts("../..")
	if err != nil {
		t.Fatal(err)
	}
	return f
}
