package dataset

// The packed form is what the binaries embed: the same dataset as
// dataset.json, read without a JSON decoder (in the browser, decoding the
// JSON took about 140 ms; reading this form takes a few). dataset.json
// stays the reviewable artifact; a test checks that the packed file holds
// exactly what the JSON holds.
//
// Layout (version 12): the magic "CSZD", the version byte, a string table
// (count, then each string as length and bytes), then the dataset's lists
// in the order of bench.Dataset's fields. Counts, lengths, integers and
// string indexes are varints; a pointer is a presence byte and its value;
// a float64 is its IEEE-754 bits, little-endian (a part number's
// optional temperature, supply and run current: floatq, a short decimal
// as a varint). Any change to a packed
// struct bumps packVersion, and Unpack refuses other versions.

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"cryptosizer/app/bench"
)

const (
	packMagic   = "CSZD"
	packVersion = 16
)

// Pack writes ds in the packed form.
func Pack(ds *bench.Dataset) []byte {
	var w packer
	w.index = map[string]uint64{}
	w.dataset(ds)
	out := append([]byte(packMagic), packVersion)
	out = binary.AppendUvarint(out, uint64(len(w.strings)))
	for _, s := range w.strings {
		out = binary.AppendUvarint(out, uint64(len(s)))
		out = append(out, s...)
	}
	return append(out, w.body...)
}

// Unpack reads the packed form (Reader{}.Unpack).
func Unpack(b []byte) (*bench.Dataset, error) { return Reader{}.Unpack(b) }

// Reader reads the packed form; its zero value is ready to use.
type Reader struct {
	// Pause, unless nil, is called between slices of the work (a few
	// dozen records), so that a caller on one thread (the browser) may
	// let what waits run in between.
	Pause func()
}

// Unpack reads the packed form. It never panics: a truncated or foreign
// input is an error that says where it stopped.
func (rd Reader) Unpack(b []byte) (*bench.Dataset, error) {
	if len(b) < len(packMagic)+1 || string(b[:len(packMagic)]) != packMagic {
		return nil, errors.New("packed dataset: not a packed dataset (no CSZD header)")
	}
	if v := b[len(packMagic)]; v != packVersion {
		return nil, fmt.Errorf("packed dataset: version %d, this program reads version %d (rebuild with ./build.sh data)", v, packVersion)
	}
	r := unpacker{b: b, off: len(packMagic) + 1, pause: rd.Pause}
	n := r.count()
	r.strings = make([]string, 0, n)
	// One copy of the input as a string; the table's strings are slices
	// of it, not an allocation each (this runs before the first render).
	all := string(b)
	for i := 0; i < n && r.err == nil; i++ {
		if i%256 == 0 {
			r.tick()
		}
		l := r.count()
		if r.err == nil {
			r.strings = append(r.strings, all[r.off:r.off+l])
			r.off += l
		}
	}
	ds := r.dataset()
	if r.err == nil && r.off != len(r.b) {
		r.fail("%d bytes left over after the dataset", len(r.b)-r.off)
	}
	if r.err != nil {
		return nil, r.err
	}
	return ds, nil
}

type packer struct {
	strings []string
	index   map[string]uint64
	body    []byte
}

func (w *packer) uint(v uint64) { w.body = binary.AppendUvarint(w.body, v) }
func (w *packer) int(v int64)   { w.body = binary.AppendVarint(w.body, v) }

func (w *packer) bool(v bool) {
	if v {
		w.uint(1)
	} else {
		w.uint(0)
	}
}

func (w *packer) str(s string) {
	i, ok := w.index[s]
	if !ok {
		i = uint64(len(w.strings))
		w.index[s] = i
		w.strings = append(w.strings, s)
	}
	w.uint(i)
}

func (w *packer) strs(ss []string) {
	w.bool(ss != nil)
	w.uint(uint64(len(ss)))
	for _, s := range ss {
		w.str(s)
	}
}

func (w *packer) intp(p *int64) {
	w.bool(p != nil)
	if p != nil {
		w.int(*p)
	}
}

func (w *packer) float(v float64) {
	w.body = binary.LittleEndian.AppendUint64(w.body, math.Float64bits(v))
}

// floatq writes an optional float that is most often a short decimal
// (a part number's 105 °C, 1.71 V, 26 µA/MHz): a tag byte, 0 for nil, 1
// and a varint of v × 100 when that is a whole number, 2 and the IEEE
// bits otherwise.
func (w *packer) floatq(p *float64) {
	switch {
	case p == nil:
		w.body = append(w.body, 0)
	case math.Abs(*p) < 1e15 && math.Round(*p*100)/100 == *p: // reads back exactly
		w.body = append(w.body, 1)
		w.int(int64(math.Round(*p * 100)))
	default:
		w.body = append(w.body, 2)
		w.float(*p)
	}
}

func (w *packer) floatp(p *float64) {
	w.bool(p != nil)
	if p != nil {
		w.body = binary.LittleEndian.AppendUint64(w.body, math.Float64bits(*p))
	}
}

func (w *packer) pos(p bench.Pos) {
	w.str(p.File)
	w.int(int64(p.Line))
	w.int(int64(p.Col))
}

func (w *packer) identity(id bench.Identity) {
	w.str(id.MCU)
	w.str(id.Part)
	w.str(id.Board)
	w.str(id.Library)
	w.str(id.LibraryVersion)
	w.str(id.Config)
	w.strs(id.Acceleration)
	w.int(id.ClockHz)
	w.str(id.Commit)
	w.str(id.Document)
	w.str(id.Imported)
}

// packList writes a slice: nil-ness, length, then each element.
func packList[T any](w *packer, xs []T, f func(T)) {
	w.bool(xs != nil)
	w.uint(uint64(len(xs)))
	for _, x := range xs {
		f(x)
	}
}

func (w *packer) dataset(ds *bench.Dataset) {
	packList(w, ds.Documents, func(d bench.Document) {
		w.str(d.Name)
		w.str(d.URL)
		w.bool(d.LineAnchors)
		w.str(d.Note)
	})
	packList(w, ds.Libraries, func(l bench.Library) {
		w.str(l.Name)
		w.str(l.Flag)
		w.bool(l.ConfigPerOp)
		w.strs(l.Methods)
		packList(w, l.Lacks, func(x bench.Lack) { w.str(x.Prefix); w.str(x.Note) })
	})
	packList(w, ds.MCUs, func(f bench.MCUFact) {
		w.str(f.Part)
		w.strs(f.Aliases)
		w.str(f.Core)
		w.int(f.MaxClockHz)
		w.int(f.FlashBytes)
		w.int(f.RAMBytes)
		w.strs(f.CryptoHardware)
		w.str(f.HardwareNote)
		w.strs(f.Boards)
		w.str(f.SourceNote)
	})
	packList(w, ds.Measurements, w.measurement)
	packList(w, ds.Footprints, func(f bench.Footprint) {
		w.identity(f.Identity)
		w.str(f.Op)
		w.str(f.Method)
		w.intp(f.CodeBytes)
		w.intp(f.ConstantBytes)
		w.intp(f.GlobalBytes)
		w.intp(f.StackBytes)
		w.intp(f.WorkingBufferBytes)
		w.str(f.Source)
		w.pos(f.Pos)
	})
	packList(w, ds.Missing, func(m bench.Missing) {
		w.identity(m.Identity)
		w.str(m.Op)
		w.str(m.Field)
		w.str(m.Reason)
		w.str(m.Source)
		w.pos(m.Pos)
	})
	packList(w, ds.Skipped, func(s bench.Skipped) {
		w.identity(s.Identity)
		w.str(s.Name)
		w.str(s.Printed)
		w.str(s.Reason)
		w.str(s.Source)
		w.pos(s.Pos)
	})
	packList(w, ds.Warnings, func(x bench.Warning) {
		w.str(x.MCU)
		w.str(x.Config)
		w.str(x.Op)
		w.str(x.Kind)
		w.str(x.Text)
		w.str(x.Source)
		w.strs(x.Documents)
	})
	w.groups(ds.Groups)
	w.cycles(ds.Cycles, ds.Lending)
	packList(w, ds.Sessions, func(s bench.SessionRAM) {
		w.str(s.Imported)
		w.int(s.Bytes)
	})
	w.sameCode(ds.SameCode)
}

// sameCode packs the configurations that run another's code.
func (w *packer) sameCode(sc []bench.SameCode) {
	packList(w, sc, func(s bench.SameCode) {
		w.str(s.Library)
		w.str(s.Config)
		w.str(s.From)
		w.strs(s.Ops)
		w.float(s.Spread)
		w.pos(s.Pos)
		w.pos(s.SpreadPos)
		w.str(s.Note)
		w.bool(s.Memory)
		w.strs(s.MCUs)
	})
}

// lending packs which cores the cycle-count sources lend to.
func (w *packer) lending(ls []bench.Lending) {
	packList(w, ls, func(l bench.Lending) {
		w.str(l.Source)
		w.str(l.Core)
		w.str(l.From)
		w.str(string(l.Basis))
		w.bool(l.Widest)
	})
}

// cycles packs the cycle-count sources' figures, then which cores they
// lend to.
func (w *packer) cycles(cs []bench.CycleFigure, ls []bench.Lending) {
	packList(w, cs, func(c bench.CycleFigure) {
		w.str(c.Source)
		w.str(c.Core)
		w.str(c.Op)
		w.str(c.Implementation)
		w.float(c.Cycles)
		w.float(c.MinCycles)
		w.float(c.MaxCycles)
		w.int(int64(c.Runs))
		w.int(c.StackBytes)
		w.int(c.CodeBytes)
		w.float(c.HashShare)
		w.int(c.ClockHz)
		w.str(c.Board)
		w.str(c.Printed)
		w.pos(c.Pos)
	})
	w.lending(ls)
}

// groups packs the part groups.
func (w *packer) groups(gs []bench.PartGroup) {
	packList(w, gs, func(g bench.PartGroup) {
		w.str(g.Key)
		w.str(g.Name)
		w.str(g.Family)
		w.str(g.Die)
		w.strs(g.Cores)
		w.int(g.MaxClockHz)
		w.str(g.ClockFrom)
		packList(w, g.Clocks, func(c bench.CitedClock) { w.int(c.Hz); w.str(c.Core); w.str(c.Label); w.str(c.URL); w.str(c.Disagree) })
		packList(w, g.Limits, func(l bench.UnitLimit) { w.str(l.Unit); w.strs(l.Modes); w.str(l.URL) })
		packList(w, g.Units, func(u bench.CryptoUnit) { w.str(u.Name); w.str(u.Version) })
		w.bool(g.TrustZone)
		packList(w, g.Members, func(m bench.PartMember) {
			w.str(m.Part)
			w.int(m.FlashBytes)
			w.int(m.RAMBytes)
			w.str(m.Package)
			w.floatq(m.TempMaxC)
			w.floatq(m.VoltageMinV)
			w.int(int64(m.Pins))
			w.floatq(m.RunUAPerMHz)
		})
		w.strs(g.Boards)
		w.str(g.File)
	})
}

type unpacker struct {
	b       []byte
	off     int
	strings []string
	err     error
	pause   func() // the Reader's
	// Slabs the figures' pointers point into: a few allocations instead
	// of one per figure.
	floats []float64
	ints   []int64
}

const slab = 1024

func (r *unpacker) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("packed dataset: byte %d: %s", r.off, fmt.Sprintf(format, args...))
	}
}

func (r *unpacker) uint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.off:])
	if n <= 0 {
		r.fail("truncated or overlong number")
		return 0
	}
	r.off += n
	return v
}

func (r *unpacker) int() int64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.b[r.off:])
	if n <= 0 {
		r.fail("truncated or overlong number")
		return 0
	}
	r.off += n
	return v
}

// count reads a length that cannot exceed the bytes left (every element
// takes at least one byte), so a corrupt count never allocates wildly.
func (r *unpacker) count() int {
	v := r.uint()
	if v > uint64(len(r.b)-r.off) {
		r.fail("count %d exceeds the %d bytes left", v, len(r.b)-r.off)
		return 0
	}
	return int(v)
}

func (r *unpacker) bool() bool {
	switch r.uint() {
	case 0:
		return false
	case 1:
		return true
	}
	r.fail("flag is neither 0 nor 1")
	return false
}

func (r *unpacker) str() string {
	i := r.uint()
	if r.err != nil {
		return ""
	}
	if i >= uint64(len(r.strings)) {
		r.fail("string %d of a table of %d", i, len(r.strings))
		return ""
	}
	return r.strings[i]
}

func (r *unpacker) strs() []string {
	return unpackList(r, r.str)
}

func (r *unpacker) intp() *int64 {
	if !r.bool() {
		return nil
	}
	if len(r.ints) == cap(r.ints) {
		r.ints = make([]int64, 0, slab)
	}
	r.ints = append(r.ints, r.int())
	return &r.ints[len(r.ints)-1]
}

func (r *unpacker) float() float64 {
	if r.err != nil {
		return 0
	}
	if len(r.b)-r.off < 8 {
		r.fail("truncated float")
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(r.b[r.off:]))
	r.off += 8
	return v
}

// floatq reads what packer.floatq wrote.
func (r *unpacker) floatq() *float64 {
	if r.err != nil || r.off >= len(r.b) {
		r.fail("truncated float")
		return nil
	}
	tag := r.b[r.off]
	r.off++
	var v float64
	switch tag {
	case 0:
		return nil
	case 1:
		v = float64(r.int()) / 100
	case 2:
		v = r.float()
	default:
		r.fail("bad float tag")
		return nil
	}
	if len(r.floats) == cap(r.floats) {
		r.floats = make([]float64, 0, slab)
	}
	r.floats = append(r.floats, v)
	return &r.floats[len(r.floats)-1]
}

func (r *unpacker) floatp() *float64 {
	if !r.bool() || r.err != nil {
		return nil
	}
	if len(r.b)-r.off < 8 {
		r.fail("truncated float")
		return nil
	}
	if len(r.floats) == cap(r.floats) {
		r.floats = make([]float64, 0, slab)
	}
	r.floats = append(r.floats, math.Float64frombits(binary.LittleEndian.Uint64(r.b[r.off:])))
	r.off += 8
	return &r.floats[len(r.floats)-1]
}

func (r *unpacker) pos() bench.Pos {
	return bench.Pos{File: r.str(), Line: int(r.int()), Col: int(r.int())}
}

func (r *unpacker) identity() bench.Identity {
	return bench.Identity{
		MCU: r.str(), Part: r.str(), Board: r.str(), Library: r.str(),
		LibraryVersion: r.str(), Config: r.str(), Acceleration: r.strs(),
		ClockHz: r.int(), Commit: r.str(), Document: r.str(), Imported: r.str(),
	}
}

// unpackList reads what packList wrote.
func unpackList[T any](r *unpacker, f func() T) []T {
	isSet := r.bool()
	n := r.count()
	if !isSet || r.err != nil {
		return nil
	}
	xs := make([]T, 0, n)
	for i := 0; i < n && r.err == nil; i++ {
		if i%32 == 0 {
			r.tick()
		}
		xs = append(xs, f())
	}
	return xs
}

// tick calls the Reader's pause.
func (r *unpacker) tick() {
	if r.pause != nil {
		r.pause()
	}
}

func (r *unpacker) dataset() *bench.Dataset {
	var ds bench.Dataset
	ds.Documents = unpackList(r, func() bench.Document {
		return bench.Document{Name: r.str(), URL: r.str(), LineAnchors: r.bool(), Note: r.str()}
	})
	ds.Libraries = unpackList(r, func() bench.Library {
		return bench.Library{Name: r.str(), Flag: r.str(), ConfigPerOp: r.bool(), Methods: r.strs(),
			Lacks: unpackList(r, func() bench.Lack { return bench.Lack{Prefix: r.str(), Note: r.str()} })}
	})
	ds.MCUs = unpackList(r, func() bench.MCUFact {
		return bench.MCUFact{
			Part: r.str(), Aliases: r.strs(), Core: r.str(), MaxClockHz: r.int(),
			FlashBytes: r.int(), RAMBytes: r.int(), CryptoHardware: r.strs(),
			HardwareNote: r.str(), Boards: r.strs(), SourceNote: r.str(),
		}
	})
	ds.Measurements = unpackList(r, func() bench.Measurement {
		return bench.Measurement{
			Identity: r.identity(), Op: r.str(), BytesPerSecond: r.floatp(),
			SecondsPerOp: r.floatp(), SlowSecondsPerOp: r.floatp(), Cycles: r.intp(), MessageBytes: r.intp(),
			ChunkBytes: r.intp(), Method: r.str(), Printed: r.str(), Source: r.str(),
			Pos: r.pos(), AlsoIn: unpackList(r, r.pos), ConfigNote: r.str(),
		}
	})
	ds.Footprints = unpackList(r, func() bench.Footprint {
		return bench.Footprint{
			Identity: r.identity(), Op: r.str(), Method: r.str(), CodeBytes: r.intp(),
			ConstantBytes: r.intp(), GlobalBytes: r.intp(), StackBytes: r.intp(),
			WorkingBufferBytes: r.intp(), Source: r.str(), Pos: r.pos(),
		}
	})
	ds.Missing = unpackList(r, func() bench.Missing {
		return bench.Missing{
			Identity: r.identity(), Op: r.str(), Field: r.str(), Reason: r.str(),
			Source: r.str(), Pos: r.pos(),
		}
	})
	ds.Skipped = unpackList(r, func() bench.Skipped {
		return bench.Skipped{
			Identity: r.identity(), Name: r.str(), Printed: r.str(), Reason: r.str(),
			Source: r.str(), Pos: r.pos(),
		}
	})
	ds.Warnings = unpackList(r, func() bench.Warning {
		return bench.Warning{
			MCU: r.str(), Config: r.str(), Op: r.str(), Kind: r.str(), Text: r.str(),
			Source: r.str(), Documents: r.strs(),
		}
	})
	ds.Groups = unpackList(r, func() bench.PartGroup {
		g := bench.PartGroup{Key: r.str(), Name: r.str(), Family: r.str(), Die: r.str(), Cores: r.strs(), MaxClockHz: r.int(), ClockFrom: r.str()}
		g.Clocks = unpackList(r, func() bench.CitedClock {
			return bench.CitedClock{Hz: r.int(), Core: r.str(), Label: r.str(), URL: r.str(), Disagree: r.str()}
		})
		g.Limits = unpackList(r, func() bench.UnitLimit { return bench.UnitLimit{Unit: r.str(), Modes: r.strs(), URL: r.str()} })
		g.Units = unpackList(r, func() bench.CryptoUnit { return bench.CryptoUnit{Name: r.str(), Version: r.str()} })
		g.TrustZone = r.bool()
		g.Members = unpackList(r, func() bench.PartMember {
			return bench.PartMember{Part: r.str(), FlashBytes: r.int(), RAMBytes: r.int(), Package: r.str(), TempMaxC: r.floatq(),
				VoltageMinV: r.floatq(), Pins: int(r.int()), RunUAPerMHz: r.floatq()}
		})
		g.Boards, g.File = r.strs(), r.str()
		return g
	})
	ds.Cycles = unpackList(r, func() bench.CycleFigure {
		return bench.CycleFigure{Source: r.str(), Core: r.str(), Op: r.str(), Implementation: r.str(), Cycles: r.float(), MinCycles: r.float(),
			MaxCycles: r.float(), Runs: int(r.int()), StackBytes: r.int(), CodeBytes: r.int(), HashShare: r.float(), ClockHz: r.int(),
			Board: r.str(), Printed: r.str(), Pos: r.pos()}
	})
	ds.Lending = unpackList(r, func() bench.Lending {
		return bench.Lending{Source: r.str(), Core: r.str(), From: r.str(), Basis: bench.Basis(r.str()), Widest: r.bool()}
	})
	ds.Sessions = unpackList(r, func() bench.SessionRAM { return bench.SessionRAM{Imported: r.str(), Bytes: r.int()} })
	ds.SameCode = unpackList(r, func() bench.SameCode {
		return bench.SameCode{Library: r.str(), Config: r.str(), From: r.str(), Ops: r.strs(), Spread: r.float(), Pos: r.pos(), SpreadPos: r.pos(), Note: r.str(),
			Memory: r.bool(), MCUs: r.strs()}
	})
	return &ds
}

func (w *packer) measurement(m bench.Measurement) {
	w.identity(m.Identity)
	w.str(m.Op)
	w.floatp(m.BytesPerSecond)
	w.floatp(m.SecondsPerOp)
	w.floatp(m.SlowSecondsPerOp)
	w.intp(m.Cycles)
	w.intp(m.MessageBytes)
	w.intp(m.ChunkBytes)
	w.str(m.Method)
	w.str(m.Printed)
	w.str(m.Source)
	w.pos(m.Pos)
	packList(w, m.AlsoIn, w.pos)
	w.str(m.ConfigNote)
}
