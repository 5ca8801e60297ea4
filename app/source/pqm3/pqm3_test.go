package pqm3_test

import (
	"strings"
	"testing"

	"cryptosizer/app/internal/thirdparty"
	"cryptosizer/app/source/pqm3"
)

// Tables in the restatement's layout with made-up counts (pqm3 has no
// licence file: nothing of it is copied here).
const tables = `Origin: github.com/mupq/pqm3 at commit 0123456789abcdef0123456789abcdef01234567,

| scheme | implementation | operation | AVG | MIN | MAX |
|---|---|---|---|---|---|
| kyber768 | m3 | encapsulation | 1,000 | 900 | 1,100 |
| dilithium3 | clean | sign | 5,000 | 2,000 | 20,000 |

| scheme | implementation | stack: key generation | stack: encapsulation / sign | stack: decapsulation / verify | code (.text) |
|---|---|---|---|---|---|
| kyber768 | m3 | 10 | 20 | 30 | 400 |
| dilithium3 | clean | 11 | 21 | 31 | 500 |
`

func TestParseNamesTheRound3Scheme(t *testing.T) {
	figs, docs, errs := pqm3.Parse("t.md", tables)
	if len(errs) > 0 || len(figs) != 2 || len(docs) != 1 {
		t.Fatal(figs, docs, errs)
	}
	kem, dsa := figs[0], figs[1]
	if kem.Op != "ml-kem-768-encap" || kem.Core != "Cortex-M3" || kem.Cycles != 1000 || kem.MaxCycles != 1100 || kem.StackBytes != 20 ||
		kem.CodeBytes != 400 || kem.ClockHz != 30e6 || !strings.Contains(kem.Implementation, "Kyber768 (round 3)") {
		t.Errorf("kyber768 encap: %+v", kem)
	}
	if dsa.Op != "ml-dsa-65-sign" || dsa.StackBytes != 21 || dsa.MinCycles != 2000 || !strings.Contains(dsa.Printed, "Dilithium3 (round 3)") {
		t.Errorf("dilithium3 sign: %+v", dsa)
	}
	if !strings.HasSuffix(docs[0].URL, "/blob/0123456789abcdef0123456789abcdef01234567/benchmarks-nucleo-f207zg.md") {
		t.Errorf("document %+v", docs[0])
	}
}

func TestParseRefusesAnInconsistentRow(t *testing.T) {
	bad := strings.Replace(tables, "| 1,000 | 900 | 1,100 |", "| 1,000 | 1,200 | 1,100 |", 1)
	if _, _, errs := pqm3.Parse("t.md", bad); len(errs) == 0 {
		t.Error("MIN above AVG parsed")
	}
}

func TestCommittedCountsMatchTheSource(t *testing.T) {
	if _, _, n := thirdparty.Fresh(t, pqm3.File, pqm3.Cycles{}.Derive, "data/cycles/pqm3.json"); n != 30 {
		t.Fatalf("%d figures derived", n)
	}
}
