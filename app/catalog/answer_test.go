package catalog

import (
	"slices"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/tlsram"
	"cryptosizer/data"
)

// used is what a workload of ops uses on build b under q: each operation
// counted, with the figure the answer gives (lent ones with their
// source, stack and basis), as the engine makes it.
func used(a *Answer, ops ...string) []Used {
	var out []Used
	for _, op := range ops {
		f := a.Figure(op)
		u := Used{Op: op, Counted: true, Missing: f.Missing, Config: f.Config, Method: f.Method, Basis: f.Basis}
		if !f.Missing {
			u.From, u.Stack = f.From, f.Stack
		}
		out = append(out, u)
	}
	return out
}

// A library's published footprint adds up as it says (globals, the
// largest stack plus buffer of one operation), is measured on its own
// part and an estimate carried to a group; an operation without a row
// leaves the total unknown and says what is missing.
func TestFootprintAddsUpAndSaysHowSure(t *testing.T) {
	cat := bundled(t)
	ops := []string{"sha256", "ecdsa-p256-verify"}
	publishes := func(b *Build) bool {
		for _, op := range ops {
			if len(b.footprints[op]) == 0 {
				return false
			}
		}
		return true
	}
	own := find(t, cat, "of a library that publishes footprints, measured", func(b *Build) bool { return !b.Estimated() && b.hasFact && publishes(b) })
	carried := find(t, cat, "carried from a donor that publishes footprints", func(b *Build) bool { return b.Estimated() && publishes(b) })
	for _, tc := range []struct {
		b    *Build
		want bench.Basis
	}{{own, bench.Measured}, {carried, bench.Estimated}} {
		a := ask(cat, tc.b, Question{Clock: ClockMax})
		u := used(a, ops...)
		fp := a.Footprint(u)
		if fp == nil || fp.RAMBytes == nil || fp.PeakStackBytes == nil || len(fp.Missing) != 0 {
			t.Fatalf("%s: footprint %+v", tc.b.key, fp)
		}
		if fp.Basis != tc.want {
			t.Errorf("%s: footprint basis %s, want %s", tc.b.key, fp.Basis, tc.want)
		}
		var global, peak, stack int64
		for i, op := range ops {
			r := pickFootprint(tc.b.footprints[op], u[i].Config, u[i].Method)
			if r == nil {
				t.Fatalf("%s: no row for %s", tc.b.key, op)
			}
			if r.GlobalBytes != nil {
				global += *r.GlobalBytes
			}
			st, buf := int64(0), int64(0)
			if r.StackBytes != nil {
				st = *r.StackBytes
			}
			if r.WorkingBufferBytes != nil {
				buf = *r.WorkingBufferBytes
			}
			peak, stack = max(peak, st+buf), max(stack, st)
		}
		if *fp.RAMBytes != global+peak || *fp.PeakStackBytes != stack {
			t.Errorf("%s: RAM %d B, stack %d B; the rows give %d + %d and %d", tc.b.key, *fp.RAMBytes, *fp.PeakStackBytes, global, peak, stack)
		}
	}
	a := ask(cat, own, Question{Clock: ClockMax})
	if fp := a.Footprint(used(a, "sha256", "no-such-op")); fp.RAMBytes != nil || !slices.Contains(fp.Missing, "no-such-op") || fp.notPublished == "" {
		t.Errorf("a footprint missing an operation: %+v", fp)
	}
	none := find(t, cat, "of a library without footprints", func(b *Build) bool { return len(b.footprints) == 0 })
	if a := ask(cat, none, Question{}); a.Footprint(used(a, ops...)) != nil {
		t.Errorf("%s: a footprint from a library that publishes none", none.key)
	}
}

// A lent operation's stack is its lender's, with its lending's basis, and
// the footprint that counts it is no surer than that.
func TestLentStackAndLabels(t *testing.T) {
	cat := bundled(t)
	const op = "ml-kem-768-keygen"
	b := find(t, cat, "lent ML-KEM on a Cortex-M4", func(b *Build) bool {
		if b.ownPQC || !b.hasFact || b.fact.Core != "Cortex-M4" || b.Estimated() {
			return false
		}
		f := ask(cat, b, Question{Clock: ClockMax}).Figure(op)
		return !f.Missing && f.From != nil && f.From.Source != ""
	})
	a := ask(cat, b, Question{Clock: ClockMax})
	u := used(a, op, "ml-kem-768-decap")
	stack, basis := LentStack(u)
	if stack == nil || *stack != max(u[0].Stack, u[1].Stack) || basis != u[0].Basis {
		t.Errorf("lent stack %v (%s), the terms' %d and %d (%s)", stack, basis, u[0].Stack, u[1].Stack, u[0].Basis)
	}
	labels := a.LentLabels(u)
	if len(labels) != 1 || !slices.ContainsFunc(labels, func(l string) bool { return len(l) > 10 && l[:10] == "ML-KEM-768" }) {
		t.Errorf("labels %q, want one for ML-KEM-768", labels)
	}
	if s, _ := LentStack(used(a, "sha256")); s != nil {
		t.Errorf("a stack lent for the build's own operation: %d", *s)
	}
	if !a.Publishes(op) || a.Publishes("no-such-op") || a.OwnPQC() {
		t.Errorf("publishes %s: %v, an unknown op: %v, own PQC: %v", op, a.Publishes(op), a.Publishes("no-such-op"), a.OwnPQC())
	}
	if f, ok := a.Compared(op); !ok || f.Missing {
		t.Errorf("compared: %+v %v", f, ok)
	}
	if none := (Question{NoPQC: true}); ask(cat, b, none).Publishes(op) {
		t.Error("a post-quantum operation lent with pqc-from=none")
	}
}

// The RAM left is counted from the smallest part number (or those a
// filter keeps), less the crypto's RAM and the session's; without the
// crypto's RAM, the session alone makes it an upper bound.
func TestMemoryCountsFromTheSmallestMember(t *testing.T) {
	cat := bundled(t)
	b := find(t, cat, "a group whose members differ in RAM, with a footprint", func(b *Build) bool {
		if !b.hasFact || len(b.footprints) == 0 || len(b.members) < 2 {
			return false
		}
		lo, hi := b.members[0].RAMBytes, b.members[0].RAMBytes
		for _, m := range b.members {
			lo, hi = min(lo, m.RAMBytes), max(hi, m.RAMBytes)
		}
		return lo > 0 && lo < hi
	})
	a := ask(cat, b, Question{Clock: ClockMax})
	smallest := a.PartRAM(nil)
	for _, m := range b.members {
		if m.RAMBytes > 0 && m.RAMBytes < smallest {
			t.Fatalf("PartRAM %d B, member %s has %d", smallest, m.Part, m.RAMBytes)
		}
	}
	biggest := a.PartRAM(func(m bench.PartMember) bool { return m.RAMBytes > smallest })
	if biggest <= smallest {
		t.Errorf("the larger members' RAM %d B, all members' %d", biggest, smallest)
	}
	var ops []string
	for op := range b.footprints {
		ops = append(ops, op)
	}
	slices.Sort(ops)
	var fp *Footprint
	for _, op := range ops {
		if fp = a.Footprint(used(a, op)); fp.RAMBytes != nil {
			break
		}
	}
	var cell MemoryCell
	m := a.Memory(fp, nil, smallest, &tlsram.Bound{Bytes: 1000}, 1500, &cell)
	if m == nil || m.CryptoRAMBytes == nil || *m.FreeRAMBytes != smallest-*m.CryptoRAMBytes-1000 || m.Basis == "" {
		t.Fatalf("memory %+v", m)
	}
	var cell2 MemoryCell
	// Without the crypto's RAM, the handshake's peak (the session and
	// the working memory known then) is what is known to be held.
	if m := a.Memory(nil, nil, smallest, &tlsram.Bound{Bytes: 1000}, 1500, &cell2); m.FreeRAMBytes == nil || *m.FreeRAMBytes != smallest-1500 || !m.LowerBound || m.Gap != GapLibraryRAM {
		t.Errorf("memory without the crypto's RAM, with a session and its peak: %+v", m)
	}
	// The user's measured session is the whole session, its crypto
	// included: the RAM left is exact even where the library publishes
	// no RAM figure (issue 57).
	var cell3 MemoryCell
	yours := tlsram.Yours(48<<10, "the tls-session-ram setting")
	if m := a.Memory(nil, nil, smallest, yours, yours.Bytes, &cell3); m.FreeRAMBytes == nil || *m.FreeRAMBytes != smallest-48<<10 || m.LowerBound || m.Gap != "" || !m.SessionWhole {
		t.Errorf("memory with your measured session: %+v", m)
	}
	if low, high := a.RunCurrents(nil); low != nil && (high == nil || *low > *high) {
		t.Errorf("run currents %v–%v", *low, *high)
	}
	if lo, hi := a.RunCurrents(func(bench.PartMember) bool { return false }); lo != b.runLow || hi != b.run {
		t.Error("run currents of no member are not the group's")
	}
}

// The catalogue's libraries run under the TLS stack whose buffering the
// session bound knows: wolfSSL's and Mbed TLS's builds under their own,
// every other library under the standards' alone.
func TestTLSStackOfEveryLibrary(t *testing.T) {
	cat := bundled(t)
	seen := map[tlsram.Stack]bool{}
	for _, b := range cat.Builds {
		a := ask(cat, b, Question{})
		st := a.TLSStack()
		seen[st] = true
		switch b.lib.Flag {
		case "wolfssl":
			if st != tlsram.WolfSSL {
				t.Fatalf("%s: stack %v", b.key, st)
			}
		case "mbedtls":
			if st != tlsram.MbedTLS {
				t.Fatalf("%s: stack %v", b.key, st)
			}
		default:
			if st != tlsram.Standard {
				t.Fatalf("%s (%s): stack %v", b.key, b.lib.Flag, st)
			}
		}
		if own, set := a.SessionRAM(); own != 0 || set != "" {
			t.Fatalf("%s: a session RAM of its own in the bundled data", b.key)
		}
	}
	if len(seen) != 3 {
		t.Errorf("stacks seen: %v", seen)
	}
}

// What every ranking shows of a build: its identity, the units it may
// use (a claimed unit its part lacks apart), its part's facts.
func TestShown(t *testing.T) {
	cat := bundled(t)
	flagged := find(t, cat, "whose label claims a unit its part lacks", func(b *Build) bool { return len(b.flagged) > 0 })
	s := flagged.Shown()
	if len(s.Claimed) == 0 || slices.ContainsFunc(s.Claimed, func(u string) bool { return slices.Contains(s.Usable, u) }) {
		t.Errorf("%s: usable %v, claimed %v", flagged.key, s.Usable, s.Claimed)
	}
	for _, b := range cat.Builds[:min(50, len(cat.Builds))] {
		s := b.Shown()
		if s.ID.MCU != b.Identity().MCU || s.Key != b.key || b.Library().Name != b.id.Library {
			t.Fatalf("%s: shown %+v", b.key, s.ID)
		}
		if f, ok := b.Fact(); ok && (s.Core != f.Core || s.RAMBytes != f.RAMBytes) {
			t.Errorf("%s: shown core %s and RAM %d, facts %s and %d", b.key, s.Core, s.RAMBytes, f.Core, f.RAMBytes)
		}
		if from, clock, _ := b.SameFigures(); b.donor == nil && (from != b || clock != 0) || b.donor != nil && from != b.donor {
			t.Errorf("%s: same figures as %s at %d Hz", b.key, from.key, clock)
		}
		if g := b.Group(); g != nil && len(b.Members()) == 0 {
			t.Errorf("%s: a group without members", b.key)
		}
	}
}

// A unit slower than the same part's software build is named with both
// printed figures, once per unit and compared build.
func TestSlowerUnitsAreNamed(t *testing.T) {
	cat := bundled(t)
	var found []Slower
	for _, b := range cat.Builds {
		a := ask(cat, b, Question{})
		var ops []string
		for op := range b.software {
			ops = append(ops, op)
		}
		slices.Sort(ops)
		if found = a.Slower(used(a, ops...)); len(found) > 0 {
			for _, s := range found {
				if s.Accel == "" || len(s.Ops) == 0 || !slices.Contains(b.id.Acceleration, s.Accel) {
					t.Errorf("%s: %+v", b.key, s)
				}
				for _, o := range s.Ops {
					m, _ := lookup(b, o.Op)
					if seconds(m) <= seconds(b.software[o.Op])*1.05 || o.Mine != m.Printed {
						t.Errorf("%s %s: %s against %s is not slower", b.key, o.Op, o.Mine, o.Theirs)
					}
				}
			}
			break
		}
	}
	if len(found) == 0 {
		t.Error("no build has a unit slower than its software (the bundled data has some)")
	}
}

// The coverage lists each core with a measured build once, with its
// spread, and every spread is for a core.
func TestCoverageAndSpreads(t *testing.T) {
	cat := bundled(t)
	cov := cat.Coverage()
	if len(cov) < 5 {
		t.Fatalf("coverage of %d cores", len(cov))
	}
	for i, c := range cov {
		if c.Builds == 0 || len(c.Parts) == 0 || i > 0 && cov[i-1].Core >= c.Core {
			t.Errorf("coverage %+v (order or counts)", c)
		}
	}
	for _, s := range cat.Spreads() {
		if s.Core == "" {
			t.Errorf("a spread without a core: %+v", s)
		}
	}
	b := find(t, cat, "with facts", func(b *Build) bool { return b.hasFact })
	if a := ask(cat, b, Question{Clock: ClockMax}); !a.HasFacts() || a.Clock().ClockHz <= 0 {
		t.Errorf("%s: facts %v, clock %+v", b.key, a.HasFacts(), a.Clock())
	}
}

// An import takes ST's part: on a part number (or a prefix of one
// group's) that nobody measured, its build has the part's facts — the
// member's RAM and flash, the group's core, clock limit and units — and
// stands in its group; a name that is no STM32 part is flagged, its
// facts unknown.
func TestAnImportTakesSTsPart(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	sec := 0.02
	for _, mcu := range []string{"STM32F746ZG", "STM32XYZ"} {
		m := bench.Measurement{Identity: bench.Identity{MCU: mcu, Part: mcu, Library: "wolfSSL", LibraryVersion: "5.7.0", Config: "imported build",
			Acceleration: []string{}, ClockHz: 216e6, Imported: "set-1"}, Op: "ecdsa-p256-sign", SecondsPerOp: &sec}
		with := *ds
		with.Measurements = append(slices.Clone(ds.Measurements), m)
		cat := New(&with)
		b := find(t, cat, "imported on "+mcu, func(b *Build) bool { return b.id.Imported == "set-1" })
		switch mcu {
		case "STM32F746ZG":
			if !b.hasFact || b.fact.RAMBytes != 320<<10 || b.fact.Core != "Cortex-M7" || b.fact.MaxClockHz != 216e6 || b.group == nil {
				t.Errorf("%s: facts %v %+v, group %v", mcu, b.hasFact, b.fact, b.group != nil)
			}
		default:
			if b.hasFact || !b.Shown().NotAPart {
				t.Errorf("%s: facts %v, flagged %v", mcu, b.hasFact, b.Shown().NotAPart)
			}
		}
	}
}

// A software SP build of wolfSSL that publishes its ECDSA stacks and
// none for ECDHE counts key generation at signing's footprint and the
// shared secret at verification's (wolfssl-ecc-ram.md §2): an upper
// bound, so the RAM left is at least what is shown, an estimate; a build
// outside the rule (fast math, the PKA) is not bounded.
func TestECDHERAMAtItsECDSABound(t *testing.T) {
	cat := bundled(t)
	ops := []string{"ecc-p256-keygen", "ecdh-p256-agree", "ecdsa-p256-sign"}
	lacks := func(b *Build) bool {
		return len(b.footprints["ecc-p256-keygen"]) == 0 && len(b.footprints["ecdh-p256-agree"]) == 0 &&
			len(b.footprints["ecdsa-p256-sign"]) > 0 && len(b.footprints["ecdsa-p256-verify"]) > 0
	}
	sp := find(t, cat, "software SP wolfSSL build with ECDSA footprints only", func(b *Build) bool { return b.hasFact && spSoftware(b) && lacks(b) })
	a := ask(cat, sp, Question{Clock: ClockMax})
	u := used(a, ops...)
	fp := a.Footprint(u)
	want := []string{"ecc-p256-keygen ≤ ecdsa-p256-sign", "ecdh-p256-agree ≤ ecdsa-p256-verify"}
	if fp == nil || fp.RAMBytes == nil || !slices.Equal(fp.Bounded, want) || fp.Basis != bench.Estimated {
		t.Fatalf("%s: footprint %+v, want %q counted, estimated", sp.key, fp, want)
	}
	verify := pickFootprint(sp.footprints["ecdsa-p256-verify"], u[1].Config, u[1].Method)
	if *fp.RAMBytes < rowWork(verify) {
		t.Errorf("%s: RAM %d B under the verification's %d B it is bounded by", sp.key, *fp.RAMBytes, rowWork(verify))
	}
	var cell MemoryCell
	m := a.Memory(fp, nil, a.PartRAM(nil), nil, 0, &cell)
	if m == nil || !m.UpperBound || m.LowerBound || m.Gap != GapRAMBound || m.Basis != bench.Estimated || *m.FreeRAMBytes != m.PartRAMBytes-*fp.RAMBytes {
		t.Errorf("%s: memory %+v: want the RAM left at least part − bound, estimated", sp.key, m)
	}
	// The same build read as fast math, or with ECC on the PKA, is not.
	for _, change := range []func(*Build){
		func(b *Build) { b.id.Config = "No HW Crypto, -Os, FastMath" },
		func(b *Build) { b.id.Acceleration = append(slices.Clone(b.id.Acceleration), bench.AccelPKA) },
	} {
		other := *sp
		change(&other)
		a := ask(cat, &other, Question{Clock: ClockMax})
		if fp := a.Footprint(used(a, ops...)); fp == nil || fp.RAMBytes != nil || len(fp.Bounded) > 0 {
			t.Errorf("%s (%s, %v): %+v: bounded outside the rule", sp.key, other.id.Config, other.id.Acceleration, fp)
		}
	}
}
