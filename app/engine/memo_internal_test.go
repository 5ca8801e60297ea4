package engine

import (
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/data"

	"cryptosizer/app/catalog"
)

// The terms a ranking makes are kept under the workload's shape, and a
// change of rate or deadline keeps the shape (the memo is taken, not
// made again); a change of anything the terms depend on does not.
func TestMemoKey(t *testing.T) {
	tls := &TLS{Rate: 10, Role: "server", Version: "1.3", Kex: "p256", Sig: "ecdsa-p256", Chain: 2, ResumeKind: "psk"}
	fw := &Firmware{SizeBytes: 256 << 10, Sig: "ecdsa-p256", Hash: "sha256", Deadline: 0.5}
	base := Workload{Loads: []Load{tls, fw}, PQCFrom: PQCFromLent}
	key, ok := keyOf(&base)
	if !ok {
		t.Fatal("the default loads have no shape")
	}
	tls2, fw2 := *tls, *fw
	tls2.Rate, fw2.Deadline = 105, 0.005
	if k, _ := keyOf(&Workload{Loads: []Load{&tls2, &fw2}, PQCFrom: PQCFromLent}); k != key {
		t.Errorf("a new rate and deadline changed the key:\n%+v\n%+v", key, k)
	}
	for name, w := range map[string]Workload{
		"chain":    {Loads: []Load{&TLS{Rate: 10, Role: "server", Version: "1.3", Kex: "p256", Sig: "ecdsa-p256", Chain: 3, ResumeKind: "psk"}, fw}, PQCFrom: PQCFromLent},
		"size":     {Loads: []Load{tls, &Firmware{SizeBytes: 64 << 10, Sig: "ecdsa-p256", Hash: "sha256", Deadline: 0.5}}, PQCFrom: PQCFromLent},
		"clock":    {Loads: base.Loads, PQCFrom: PQCFromLent, Clock: ClockMHz, ClockMHz: 64},
		"pqc-from": {Loads: base.Loads, PQCFrom: "none"},
		"margin":   {Loads: base.Loads, PQCFrom: PQCFromLent, EstimateMargin: new(0.5)},
	} {
		if k, _ := keyOf(&w); k == key {
			t.Errorf("%s: the shape did not change", name)
		}
	}
}

// A second ranking of a shape takes the first one's terms.
func TestMemoIsTaken(t *testing.T) {
	ix := &Index{builds: make([]*catalog.Build, 3), nslots: 3}
	w := &Workload{Loads: []Load{&AES{Rate: 1, Mode: "cbc", Key: 128, Dir: "encrypt"}}}
	m := ix.takeMemo(w)
	m.terms[0][1] = []Term{{Op: "aes-128-cbc-enc"}}
	ix.putMemo(m)
	w2 := &Workload{Loads: []Load{&AES{Rate: 5, Mode: "cbc", Key: 128, Dir: "encrypt"}}}
	if got := ix.takeMemo(w2); got != m {
		t.Fatal("a ranking at another rate made a new memo")
	}
	if got := ix.takeMemo(w2); got == m {
		t.Fatal("a memo was handed to two rankings at once")
	}
}

// The memo's slot rule: builds that share a slot (Index.slots: an
// estimate's donor, its group's maximum clock and, where the group's
// units have limits, the group) have the same figure for every
// operation, under every question a ranking asks; otherwise the memo
// would give one group another's terms.
func TestSlotsShareTheirFigures(t *testing.T) {
	t.Parallel() // its own index: alongside the other long properties
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	ix := NewIndex(ds)
	bySlot := map[int][]*catalog.Build{}
	for i, b := range ix.builds {
		bySlot[ix.slots[i]] = append(bySlot[ix.slots[i]], b)
	}
	shared, checked := 0, 0
	for _, q := range []catalog.Question{{}, {Clock: catalog.ClockMax}, {Clock: catalog.ClockMHz, ClockMHz: 64}} {
		for _, bs := range bySlot {
			if len(bs) < 2 {
				continue
			}
			shared++
			first := ix.cat.Ask(bs[0], q)
			for _, b := range bs[1:] {
				a := ix.cat.Ask(b, q)
				for _, op := range bench.Ops() {
					checked++
					f, g := first.Figure(op), a.Figure(op)
					if f.Missing != g.Missing || f.Each != g.Each || f.Rate != g.Rate || f.Spread != g.Spread || f.Basis != g.Basis || f.NoCode != g.NoCode {
						t.Fatalf("%s and %s share a slot, but %s differs: %+v and %+v", bs[0].Shown().Key, b.Shown().Key, op, f, g)
					}
				}
			}
		}
	}
	if shared == 0 || checked == 0 {
		t.Errorf("%d shared slots, %d figures checked: the rule was not exercised", shared, checked)
	}
}
