package wasmpack

import (
	"bytes"
	"strings"
	"testing"
)

const header = "\x00asm\x01\x00\x00\x00"

// seg is a data segment as a test writes it: flags 0, i32.const offset.
type seg struct {
	off  int
	data string
}

func dataBody(segs ...seg) []byte {
	out := make([]segment, len(segs))
	for i, s := range segs {
		out[i] = segment{offset: s.off, data: []byte(s.data)}
	}
	return encodeSegments(out)
}

// module writes a module of the given sections (id, content) in order.
func module(secs ...[]byte) []byte {
	b := []byte(header)
	for _, s := range secs {
		b = appendSection(b, s[0], s[1:])
	}
	return b
}

func sec(id byte, body []byte) []byte { return append([]byte{id}, body...) }

// typeSec and nameSec stand for the sections Pack must copy as they are.
var (
	typeSec = sec(1, []byte{1, 0x60, 0, 0})
	nameSec = sec(0, []byte("\x04name\x01\x02\x03"))
)

func TestPack(t *testing.T) {
	cases := []struct {
		name   string
		in     []byte
		gap    int
		want   []byte
		report Report
	}{
		{"neighbours within the gap merge, zeros written out", module(typeSec, sec(11, dataBody(seg{0x100, "ab"}, seg{0x104, "cd"})), nameSec), 2,
			module(typeSec, sec(11, dataBody(seg{0x100, "ab\x00\x00cd"})), nameSec), Report{Before: 2, After: 1, Filled: 2}},
		{"neighbours further apart stay apart", module(typeSec, sec(11, dataBody(seg{0x100, "ab"}, seg{0x104, "cd"})), nameSec), 1,
			module(typeSec, sec(11, dataBody(seg{0x100, "ab"}, seg{0x104, "cd"})), nameSec), Report{Before: 2, After: 2}},
		{"touching segments merge at gap 0", module(sec(11, dataBody(seg{8, "ab"}, seg{10, "cd"}, seg{200, "e"}))), 0,
			module(sec(11, dataBody(seg{8, "abcd"}, seg{200, "e"}))), Report{Before: 3, After: 2}},
		{"segments in any order come out sorted", module(sec(11, dataBody(seg{0x300, "z"}, seg{0x100, "x"}, seg{0x200, "y"}))), 0,
			module(sec(11, dataBody(seg{0x100, "x"}, seg{0x200, "y"}, seg{0x300, "z"}))), Report{Before: 3, After: 3}},
		{"offsets past 64 (two LEB128 bytes, sign bit)", module(sec(11, dataBody(seg{64, "a"}, seg{1 << 20, "b"}, seg{1<<20 + 3, "c"}))), 4096,
			module(sec(11, dataBody(seg{64, "a"}, seg{1 << 20, "b\x00\x00c"}))), Report{Before: 3, After: 2, Filled: 2}},
		{"the data count section follows the merge", module(typeSec, sec(12, []byte{3}), sec(11, dataBody(seg{0, "a"}, seg{2, "b"}, seg{4, "c"}))), 8,
			module(typeSec, sec(12, []byte{1}), sec(11, dataBody(seg{0, "a\x00b\x00c"}))), Report{Before: 3, After: 1, Filled: 2}},
		{"overlapping segments that agree keep their order", module(sec(11, dataBody(seg{0x100, "ab"}, seg{0x101, "b"}))), 16,
			module(sec(11, dataBody(seg{0x100, "ab"}, seg{0x101, "b"}))), Report{Before: 2, After: 2}},
		{"no data section: the module as it is", module(typeSec, nameSec), 16, module(typeSec, nameSec), Report{}},
		{"an empty data section", module(sec(11, dataBody())), 16, module(sec(11, dataBody())), Report{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, rep, err := Pack(c.in, c.gap)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, c.want) {
				t.Errorf("Pack(gap %d) = % x\nwant          % x", c.gap, got, c.want)
			}
			if rep != c.report {
				t.Errorf("report %+v, want %+v", rep, c.report)
			}
			if n, err := Segments(got); err != nil || n != rep.After {
				t.Errorf("Segments of the result = %d, %v; want %d", n, err, rep.After)
			}
		})
	}
}

func TestPackRefuses(t *testing.T) {
	passive := append(appendU(nil, 1), 1, 2, 'a', 'b')
	notConst := []byte{1, 0, 0x23, 0, 0x0b, 1, 'a'} // global.get 0
	negative := append(append([]byte{1, 0, 0x41}, appendS(nil, -8)...), 0x0b, 1, 'a')
	cases := []struct {
		name string
		in   []byte
		want string
	}{
		{"not wasm", []byte("\x7fELF\x02\x01\x01\x00"), "not a WebAssembly 1.0 binary"},
		{"a section past the end", append([]byte(header), 11, 0x10, 0), "past the end of the file"},
		{"a size that is not LEB128", append([]byte(header), 11, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f), "not a 32-bit LEB128 number"},
		{"a passive segment", module(sec(11, passive)), "data segment 0 at byte 0xb: flags 1"},
		{"an offset that is not a constant", module(sec(11, notConst)), "not an i32.const"},
		{"a negative offset", module(sec(11, negative)), "offset -8"},
		{"a segment past the section", module(sec(11, []byte{1, 0, 0x41, 0, 0x0b, 9, 'a'})), "past the section's end"},
		{"bytes after the segments", module(sec(11, append(dataBody(seg{0, "a"}), 7))), "1 bytes after its 1 segments"},
		{"overlapping segments whose order matters", module(sec(11, dataBody(seg{0x101, "c"}, seg{0x100, "ab"}))), "differ from the original at memory byte 0x101"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, _, err := Pack(c.in, 16)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Pack = %d bytes, error %v; want an error with %q", len(got), err, c.want)
			}
		})
	}
}
