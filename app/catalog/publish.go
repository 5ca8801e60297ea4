package catalog

import (
	"slices"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/tlsram"
)

// What a build publishes besides time, for the figures a workload used:
// its library's memory footprint, the memory left on its part, its run
// current, the units slower than the same part's software, and the
// labels and stacks of lent figures. The engine hands back the figures
// it was given (Used); the catalogue answers from them.

// Used is an operation a workload uses and what the catalogue handed
// out for it (Answer.Figure: Missing, Config, Method, From, Stack), as
// the engine kept it. The catalogue keeps none of them.
type Used struct {
	Op string
	// Counted: the workload does the operation (a count or bytes above
	// zero).
	Counted, Missing bool
	Config, Method   string
	From             *From
	Stack            int64
	Basis            bench.Basis // the operation's figure's (a lent one's: its lending's)
}

// Footprint is the memory a library publishes for the operations a
// workload uses (CMOX's wiki tables). Flash is the code and constant data
// of each operation, summed (an upper bound: operations may share code);
// RAM is their global data plus the largest stack and working buffer of
// any one of them (they do not run at once).
type Footprint struct {
	FlashBytes *int64   `json:"flash_bytes"`
	RAMBytes   *int64   `json:"ram_bytes"`
	Ops        []string `json:"ops"`
	// Missing lists what is not published: operations without a
	// footprint row, or columns the source leaves blank.
	Missing []string `json:"missing"`
	Sources []string `json:"sources"`
	// PeakStackBytes is the largest stack of any one operation, and
	// PeakBufferBytes the largest working buffer or heap (CMOX's working
	// buffer, Bare_Test's peak heap): RAMBytes counts the largest of the
	// two together. Nil when a figure is missing (a buffer: when none is
	// published).
	PeakStackBytes  *int64 `json:"peak_stack_bytes"`
	PeakBufferBytes *int64 `json:"peak_buffer_bytes,omitempty"`
	// HeapOnly: some operation's figure is the heap it holds, its stack
	// not published (Mbed TLS): RAMBytes is a lower bound.
	HeapOnly bool `json:"heap_only,omitempty"`
	// Bounded lists the operations counted at a bound, not a figure of
	// their own ("ecdh-p256-agree ≤ ecdsa-p256-verify", bound): RAMBytes
	// is then an upper bound.
	Bounded []string `json:"bounded,omitempty"`
	// SameCodeOps are the operations counted at another configuration's
	// rows on the same board, which runs the same code there (SameCode
	// says whose and why: bench.SameCode's memory rules): estimated.
	SameCodeOps []string      `json:"same_code_ops,omitempty"`
	SameCode    *SameCodeFrom `json:"same_code,omitempty"`
	// Basis is how sure the footprint is: measured for the library's
	// published rows on the part they were published for, estimated
	// when they are carried to a part group (a donor's), and no surer
	// than any lent operation's figure it counts. (Not in the JSON,
	// whose candidates carry their requirements' bases.)
	Basis bench.Basis `json:"-"`
	// notPublished says what is missing, made once with the footprint
	// (Memory.NotPublished of every candidate that shares it).
	notPublished string
}

// footprintOp is the operation whose published footprint is op's: the
// AES key size dropped, for CMOX publishes one AES footprint for all
// ("aes-128-gcm-enc" → "aes-gcm-enc"), and a "-final" suffix.
func footprintOp(op string) string {
	if rest, ok := strings.CutPrefix(op, "aes-"); ok {
		n := 0
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		if n > 0 && n < len(rest) && rest[n] == '-' {
			op = "aes-" + rest[n+1:]
		}
	}
	return strings.TrimSuffix(op, "-final")
}

// Footprint sums the published footprints of the operations used; nil
// when the library publishes none for this build.
func (a *Answer) Footprint(used []Used) *Footprint {
	if len(a.b.footprints) == 0 {
		return nil
	}
	s := footprintSum{fp: &Footprint{Ops: []string{}, Missing: []string{}, Sources: []string{}, Basis: bench.Measured}, known: true}
	fp := s.fp
	if a.b.donor != nil {
		fp.Basis = bench.Estimated
	}
	for _, u := range used {
		// Every operation the workload uses counts, timed or not: one
		// without a published footprint is missing from the total.
		op := footprintOp(u.Op)
		if slices.Contains(fp.Ops, op) || !u.Counted {
			continue
		}
		fp.Ops = append(fp.Ops, op)
		if f := u.From; f != nil && f.Source != "" {
			s.addLent(u, op)
			fp.Basis = bench.Weaker(fp.Basis, u.Basis)
			continue
		}
		row := pickFootprint(a.b.footprints[op], u.Config, u.Method)
		if row == nil {
			if row = a.bound(op, u); row != nil {
				fp.Bounded = append(fp.Bounded, op+" ≤ "+ecdhePartner[op])
				fp.Basis = bench.Weaker(fp.Basis, bench.Estimated)
			}
		}
		a.sameRow(fp, row, op)
		s.addRow(row, op)
	}
	fp.notPublished = "not published for " + strings.Join(fp.Missing, ", ")
	if len(fp.Missing) == 0 {
		fp.notPublished = "nothing to count: the workload uses no operation"
	}
	// An operation without a row leaves the total unknown — unless the
	// figures are heap-only lower bounds anyway (Mbed TLS prints the heap
	// of public-key operations only): the total stays a lower bound.
	if s.known && (!s.unprinted || fp.HeapOnly) && len(fp.Ops) > 0 {
		ram := s.global + s.peak
		fp.RAMBytes, fp.PeakStackBytes = &ram, &s.stack
		if s.buffer > 0 {
			fp.PeakBufferBytes = &s.buffer
		}
		if !s.noFlash {
			fp.FlashBytes = &s.flash
		}
	}
	return fp
}

// bound is the footprint row that bounds an ECDHE operation's in a
// software SP build of wolfSSL that publishes none of its own: its ECDSA
// partner's (the shared secret runs verification's point multiplication
// from a smaller frame, key generation signing's, neither on the heap:
// wolfssl-ecc-ram.md §2), counted as an upper bound (nil: none).
func (a *Answer) bound(op string, u Used) *bench.Footprint {
	partner, ok := ecdhePartner[op]
	if !ok || !spSoftware(a.b) {
		return nil
	}
	return pickFootprint(a.b.footprints[partner], u.Config, u.Method)
}

// footprintSum adds up a footprint: flash, globals, the largest stack
// plus buffer of one operation (peak), the largest stack and buffer, and
// whether every figure is known.
type footprintSum struct {
	fp                                 *Footprint
	flash, global, peak, stack, buffer int64
	known, noFlash, unprinted          bool
}

// addLent adds an operation lent by a cycle-count source: its code (once
// per scheme and implementation, no data or bss) and its stack, where the
// source states them (0: it does not — unknown, not 0).
func (s *footprintSum) addLent(u Used, op string) {
	f := u.From
	src := f.Source + " " + f.Implementation + " " + scheme(u.Op)
	if !slices.Contains(s.fp.Sources, src) {
		s.fp.Sources = append(s.fp.Sources, src)
		s.flash += f.CodeBytes
		s.noFlash = s.noFlash || f.CodeBytes <= 0
	}
	if u.Stack <= 0 {
		s.fp.Missing = append(s.fp.Missing, op+" (its source states no stack)")
		s.known = false
	}
	s.peak, s.stack = max(s.peak, u.Stack), max(s.stack, u.Stack)
}

// addRow adds an operation's published footprint row (nil: none).
func (s *footprintSum) addRow(row *bench.Footprint, op string) {
	if row == nil {
		s.fp.Missing = append(s.fp.Missing, op)
		s.unprinted = true
		return
	}
	s.fp.Sources = append(s.fp.Sources, row.Source)
	if row.GlobalBytes == nil || row.StackBytes == nil && row.WorkingBufferBytes == nil {
		s.fp.Missing = append(s.fp.Missing, op+" (some columns unpublished)")
		s.known = false
		return
	}
	if row.StackBytes == nil {
		// Mbed TLS prints the heap an operation holds, not its stack:
		// RAM is a lower bound, and says so.
		s.fp.HeapOnly = true
	}
	// RAM needs the data and the stack; flash the code and its constants,
	// which a source may publish only for a whole image (wolfSSL's
	// STM32_Bare_Test): then flash is unknown.
	if row.CodeBytes == nil || row.ConstantBytes == nil {
		s.noFlash = true
	} else {
		s.flash += *row.CodeBytes + *row.ConstantBytes
	}
	s.global += *row.GlobalBytes
	s.peak = max(s.peak, rowWork(row))
	if row.StackBytes != nil {
		s.stack = max(s.stack, *row.StackBytes)
	}
	if row.WorkingBufferBytes != nil {
		s.buffer = max(s.buffer, *row.WorkingBufferBytes)
	}
}

// rowWork is a footprint row's stack plus its working buffer.
func rowWork(row *bench.Footprint) int64 {
	work := int64(0)
	if row.StackBytes != nil {
		work = *row.StackBytes
	}
	if row.WorkingBufferBytes != nil {
		work += *row.WorkingBufferBytes
	}
	return work
}

// pickFootprint takes the row of the same family as the timing: the same
// method (a data-flow timing, the data-flow footprint; a final-tag
// timing belongs to the data-flow functions), then the configuration
// the ranking chose.
func pickFootprint(rows []*bench.Footprint, config, method string) *bench.Footprint {
	if method == "final-tag" {
		method = "data-flow"
	}
	var best *bench.Footprint
	bestScore := -1
	for _, r := range rows {
		score := 0
		if r.Method == method {
			score += 2
		}
		if r.Config == config {
			score++
		}
		if score > bestScore {
			best, bestScore = r, score
		}
	}
	return best
}

// OpFigure is one operation's printed figure here and in a compared
// build.
type OpFigure struct {
	Op     string `json:"op"`
	Mine   string `json:"mine"`
	Theirs string `json:"theirs"`
}

// Slower is a unit the build uses that is slower, on the operations
// listed, than the same part's build without it in the same document
// (the compared build: its library version, configuration and units).
type Slower struct {
	Accel                    string
	Library, Version, Config string
	Acceleration             []string
	Ops                      []OpFigure
}

// Slower lists the units slower than software among the operations
// used: one entry per unit and compared build.
func (a *Answer) Slower(used []Used) []Slower {
	b := a.b
	type key struct{ accel, config, version string }
	found := map[key]int{}
	var out []Slower
	seen := map[string]bool{}
	for _, u := range used {
		op := u.Op
		acc := accelFor(op)
		soft, ok := b.software[op]
		if u.Missing || acc == "" || seen[op] || !ok || !slices.Contains(b.id.Acceleration, acc) || b.flagged[acc] {
			continue
		}
		m, _ := lookup(b, op)
		mine, theirs := seconds(m), seconds(soft)
		if mine <= 0 || theirs <= 0 || mine <= theirs*1.05 {
			continue
		}
		seen[op] = true
		k := key{acc, soft.Config, soft.LibraryVersion}
		i, ok := found[k]
		if !ok {
			i = len(out)
			found[k] = i
			out = append(out, Slower{Accel: acc, Library: b.id.Library, Version: soft.LibraryVersion, Config: soft.Config, Acceleration: soft.Acceleration})
		}
		out[i].Ops = append(out[i].Ops, OpFigure{Op: op, Mine: m.Printed, Theirs: soft.Printed})
	}
	return out
}

// LentLabels name the lent operations among those used by scheme and
// lender: "ML-KEM-768 from pqm4 m4fspeed", "X25519 from Lenngren
// X25519-Cortex-M4" (an implementation that names its source stands
// alone), with what the library says it lacks for it.
func (a *Answer) LentLabels(used []Used) []string {
	var out []string
	for _, u := range used {
		f := u.From
		if f == nil || f.Source == "" {
			continue
		}
		s := scheme(u.Op)
		from := f.Source + " " + f.Implementation
		if strings.Contains(strings.ToLower(f.Implementation), strings.ToLower(f.Source)) {
			from = f.Implementation
		}
		label := strings.ToUpper(s[:min(6, len(s))]) + s[min(6, len(s)):] + " from " + from
		for _, l := range a.b.lib.Lacks {
			if strings.HasPrefix(u.Op, l.Prefix) {
				label += "; " + l.Note
			}
		}
		if !slices.Contains(out, label) {
			out = append(out, label)
		}
	}
	return out
}

// LentStack is the largest stack of the lent operations used (nil: none
// lent, or none publishes its stack).
func LentStack(used []Used) (*int64, bench.Basis) {
	var top *int64
	var basis bench.Basis
	for _, u := range used {
		if u.From != nil && u.From.Source != "" && u.Stack > 0 && (top == nil || u.Stack > *top) {
			s := u.Stack
			top, basis = &s, u.Basis
		}
	}
	return top, basis
}

// Why the crypto's RAM is unknown (Memory.Gap); the engine's gap codes
// of the same names.
const (
	// GapLibraryRAM: the library publishes no RAM figures for its
	// operations.
	GapLibraryRAM = "library-ram"
	// GapFootprint: a footprint the operations used need is not
	// published.
	GapFootprint = "footprint"
	// GapStack: the library publishes the heap its operations hold, not
	// their stack.
	GapStack = "library-stack"
	// GapRAMBound: the crypto's RAM is known only as an upper bound
	// (Footprint.Bounded), and the RAM left at least is not enough.
	GapRAMBound = "library-ram-bound"
)

// Memory is what the workload's crypto takes of the part's RAM, where a
// source publishes it (CMOX's footprints, a cycle-count source's stack),
// and what is left for the application.
type Memory struct {
	// PartRAMBytes is the part's RAM; for a candidate standing for several
	// part numbers, the smallest of those the workload's part filters
	// keep (Answer.PartRAM): the RAM left then holds for each of them.
	PartRAMBytes int64 `json:"part_ram_bytes"`
	// StackBytes is the largest stack among the operations the workload
	// needs, and BufferBytes the largest working buffer or heap, where
	// published (CryptoRAMBytes counts the largest of both together).
	StackBytes  *int64 `json:"stack_bytes"`
	BufferBytes *int64 `json:"buffer_bytes,omitempty"`
	// CryptoRAMBytes is the RAM the library's footprint and the borrowed
	// operations take; nil when not published (NotPublished says what).
	CryptoRAMBytes *int64 `json:"crypto_ram_bytes"`
	FreeRAMBytes   *int64 `json:"free_ram_bytes"`
	NotPublished   string `json:"not_published,omitempty"`
	// LowerBound: the crypto's RAM is at least CryptoRAMBytes (its stack,
	// or some operation's heap, is not published), so FreeRAMBytes is at
	// most what is shown.
	LowerBound bool `json:"lower_bound,omitempty"`
	// UpperBound: the crypto's RAM is at most CryptoRAMBytes (the
	// footprint's Bounded lists the operations counted at a bound), so
	// FreeRAMBytes is at least what is shown.
	UpperBound bool `json:"upper_bound,omitempty"`
	// Gap is why the crypto's RAM is unknown, as a code (GapLibraryRAM,
	// GapFootprint, GapStack); "" when it is known.
	Gap   string      `json:"-"`
	Basis bench.Basis `json:"basis,omitempty"`
	// SessionBytes is the TLS session's RAM (its lower bound, tlsram),
	// counted in the RAM left; 0 without a TLS load.
	SessionBytes int64 `json:"tls_session_bytes,omitempty"`
	// SessionWhole: SessionBytes is the user's measured session, its
	// crypto included, so FreeRAMBytes is exact.
	SessionWhole bool `json:"session_includes_crypto,omitempty"`
	// MeasuredPart and MeasuredFreeRAMBytes: on a measured row whose own
	// part has more RAM than PartRAMBytes (a smaller sibling sets that),
	// the part measured and the RAM left on it.
	MeasuredPart         string `json:"measured_part,omitempty"`
	MeasuredFreeRAMBytes *int64 `json:"measured_part_free_ram_bytes,omitempty"`
}

// sessionOnly: the crypto's RAM is unknown, but a TLS handshake holds
// at least its peak (the session's terms and the working memory known of
// the operations then, peak; at least the session's bound), so at most
// the rest is left (LowerBound): what is known adds up.
func (m *Memory) sessionOnly(cell *MemoryCell, peak int64) {
	if m.SessionBytes > 0 {
		cell.free = m.PartRAMBytes - max(m.SessionBytes, peak)
		m.FreeRAMBytes, m.LowerBound, m.Basis = &cell.free, true, bench.Estimated
	}
}

// MemoryCell holds a Memory and the figures its pointers point to, so
// that a ranking may keep its candidates' memories in one slab.
type MemoryCell struct {
	Memory
	ram, free, own int64
}

// Memory is the crypto's RAM and the RAM left on the part for the
// footprint fp (Footprint) and the lent operations' stack, counted from
// partRAM (PartRAM) less the TLS session (session; peak, the handshake's
// peak, where the crypto's RAM is unpublished), made in cell; nil
// without part facts.
func (a *Answer) Memory(fp *Footprint, lentStack *int64, partRAM int64, bound *tlsram.Bound, peak int64, cell *MemoryCell) *Memory {
	b := a.b
	if !b.hasFact {
		return nil
	}
	var session int64
	if bound != nil {
		session = bound.Bytes
	}
	cell.Memory = Memory{PartRAMBytes: partRAM, SessionBytes: session}
	m := &cell.Memory
	switch {
	case bound != nil && bound.Measured:
		// The user's figure is the whole session, its crypto included
		// (what a heap counter on their build measured): the RAM left is
		// exact, whatever the library publishes.
		cell.free = m.PartRAMBytes - session
		m.FreeRAMBytes, m.Basis, m.SessionWhole = &cell.free, bench.Measured, true
	case fp == nil:
		m.NotPublished, m.Gap = b.noRAM, GapLibraryRAM
		m.StackBytes = lentStack
		m.sessionOnly(cell, peak)
	case fp.RAMBytes == nil:
		m.NotPublished, m.Gap = fp.notPublished, GapFootprint
		m.StackBytes = lentStack
		m.sessionOnly(cell, peak)
	default:
		cell.ram = *fp.RAMBytes
		cell.free = m.PartRAMBytes - cell.ram - session
		m.CryptoRAMBytes, m.FreeRAMBytes, m.StackBytes, m.BufferBytes = &cell.ram, &cell.free, fp.PeakStackBytes, fp.PeakBufferBytes
		if fp.HeapOnly {
			// The peak is a heap, not a stack.
			m.StackBytes = lentStack
			m.LowerBound, m.Gap = true, GapStack
			if len(fp.Missing) > 0 {
				m.NotPublished = fp.notPublished
			}
		}
		// As sure as the footprint (a donor's, a bound's, a sibling's
		// rows or a lent stack make it less so).
		m.Basis = bench.Weaker(bench.Measured, fp.Basis)
		if len(fp.Bounded) > 0 {
			m.UpperBound, m.Gap = true, GapRAMBound
		}
		if !b.Estimated() && b.fact.RAMBytes > partRAM {
			cell.own = b.fact.RAMBytes - cell.ram - session
			m.MeasuredPart, m.MeasuredFreeRAMBytes = b.fact.Part, &cell.own
		}
	}
	return m
}

// RunCurrents are the smallest and largest run currents of the part
// numbers the build stands for, or of those keep keeps (nil keep: all);
// nil when ST's data gives none (for a keep that keeps none with a run
// current, the whole group's).
func (a *Answer) RunCurrents(keep func(bench.PartMember) bool) (low, high *float64) {
	b := a.b
	if keep == nil {
		return b.runLow, b.run
	}
	for _, m := range b.members {
		if m.RunUAPerMHz == nil || !keep(m) {
			continue
		}
		if low == nil || *m.RunUAPerMHz < *low {
			low = m.RunUAPerMHz
		}
		if high == nil || *m.RunUAPerMHz > *high {
			high = m.RunUAPerMHz
		}
	}
	if high == nil {
		return b.runLow, b.run
	}
	return low, high
}

// PartRAM is the RAM the RAM left is counted from: the smallest of the
// part numbers the build stands for, or of those keep keeps (nil keep:
// all; one that keeps none with a RAM figure: all). A group's largest
// member would make a figure none of its smaller part numbers can reach.
func (a *Answer) PartRAM(keep func(bench.PartMember) bool) int64 {
	b := a.b
	if keep == nil {
		return b.minRAM
	}
	low := int64(0)
	for _, m := range b.members {
		if m.RAMBytes > 0 && keep(m) && (low == 0 || m.RAMBytes < low) {
			low = m.RAMBytes
		}
	}
	if low == 0 {
		return b.minRAM
	}
	return low
}

// LargestPartRAM is the RAM of the largest of the part numbers the
// build stands for (0 when none has a RAM figure).
func (a *Answer) LargestPartRAM() int64 { return a.b.maxRAM }

// OwnPQC reports whether the build has post-quantum figures of its own.
func (a *Answer) OwnPQC() bool { return a.b.ownPQC }

// HasFacts reports whether the build's part has facts (ST's data).
func (a *Answer) HasFacts() bool { return a.b.hasFact }
