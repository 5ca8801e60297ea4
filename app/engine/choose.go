package engine

import (
	"slices"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
)

// What choosing a part needs beside the verdict: the part's facts, the
// library's published memory footprint for the operations the workload
// uses, and notes where the data may surprise.

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
	// PeakStackBytes is the largest stack and working buffer of any one
	// operation (nil when a figure is missing).
	PeakStackBytes *int64 `json:"peak_stack_bytes"`
	// HeapOnly: some operation's figure is the heap it holds, its stack
	// not published (Mbed TLS): RAMBytes is a lower bound.
	HeapOnly bool `json:"heap_only,omitempty"`
	// notPublished says what is missing, made once with the footprint
	// (Memory.NotPublished of every candidate that shares it).
	notPublished string
}

// footprintOp is the operation whose published footprint is op's: the
// AES key size dropped, for CMOX publishes one AES footprint for all
// ("aes-128-gcm-enc" → "aes-gcm-enc"), and a "-final" suffix.
func footprintOp(op string) string {
	if rest, ok := strings.CutPrefix(op, "aes-"); ok {
		if n := digits(rest); n > 0 && n < len(rest) && rest[n] == '-' {
			op = "aes-" + rest[n+1:]
		}
	}
	return strings.TrimSuffix(op, "-final")
}

// footprint sums the published footprints of the operations the
// requirements use; nil when the library publishes none for this build.
func footprint(b *catalog.Build, reqs []Requirement) *Footprint {
	if len(b.Footprints) == 0 {
		return nil
	}
	fp := &Footprint{Ops: []string{}, Missing: []string{}, Sources: []string{}}
	var flash, global, peak int64
	known, noFlash, unprinted := true, false, false
	for _, r := range reqs {
		for _, t := range r.Terms {
			// Every operation the workload uses counts, timed or not: one
			// without a published footprint is missing from the total.
			op := footprintOp(t.Op)
			if slices.Contains(fp.Ops, op) || t.Count <= 0 && t.Bytes <= 0 {
				continue
			}
			fp.Ops = append(fp.Ops, op)
			if f := t.From; f != nil && f.Source != "" {
				// Lent by pqm4: its code (once per scheme and
				// implementation, no data or bss) and its stack.
				src := f.Source + " " + f.Implementation + " " + catalog.Scheme(t.Op)
				if !slices.Contains(fp.Sources, src) {
					fp.Sources = append(fp.Sources, src)
					flash += f.CodeBytes
				}
				peak = max(peak, t.Stack)
				continue
			}
			row := pickFootprint(b.Footprints[op], t.Config, t.Method)
			if row == nil {
				fp.Missing = append(fp.Missing, op)
				unprinted = true
				continue
			}
			fp.Sources = append(fp.Sources, row.Source)
			if row.GlobalBytes == nil || row.StackBytes == nil && row.WorkingBufferBytes == nil {
				fp.Missing = append(fp.Missing, op+" (some columns unpublished)")
				known = false
				continue
			}
			if row.StackBytes == nil {
				// Mbed TLS prints the heap an operation holds, not its
				// stack: RAM is a lower bound, and says so.
				fp.HeapOnly = true
			}
			// RAM needs the data and the stack; flash the code and its
			// constants, which a source may publish only for a whole
			// image (wolfSSL's STM32_Bare_Test): then flash is unknown.
			if row.CodeBytes == nil || row.ConstantBytes == nil {
				noFlash = true
			} else {
				flash += *row.CodeBytes + *row.ConstantBytes
			}
			global += *row.GlobalBytes
			work := int64(0)
			if row.StackBytes != nil {
				work = *row.StackBytes
			}
			if row.WorkingBufferBytes != nil {
				work += *row.WorkingBufferBytes
			}
			peak = max(peak, work)
		}
	}
	fp.notPublished = "not published for " + strings.Join(fp.Missing, ", ")
	// An operation without a row leaves the total unknown — unless the
	// figures are heap-only lower bounds anyway (Mbed TLS prints the heap
	// of public-key operations only): the total stays a lower bound.
	known = known && (!unprinted || fp.HeapOnly)
	if known && len(fp.Ops) > 0 {
		ram := global + peak
		fp.RAMBytes, fp.PeakStackBytes = &ram, &peak
		if !noFlash {
			fp.FlashBytes = &flash
		}
	}
	return fp
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

// slower notes the operations where this build's accelerator is slower
// than the same part's build without it, from the same document: one
// note per accelerator and comparison build.
func slower(b *catalog.Build, reqs []Requirement) []Note {
	type key struct{ accel, config, version string }
	found := map[key]*Note{}
	var out []Note
	var order []key
	seen := map[string]bool{}
	for _, r := range reqs {
		for _, t := range r.Terms {
			a := catalog.AccelFor(t.Op)
			soft, ok := b.Software[t.Op]
			if t.Missing || a == "" || seen[t.Op] || !ok || !slices.Contains(b.ID.Acceleration, a) || b.Flagged[a] {
				continue
			}
			m, _ := catalog.Lookup(b, t.Op)
			mine, theirs := catalog.Seconds(m), catalog.Seconds(soft)
			if mine <= 0 || theirs <= 0 || mine <= theirs*1.05 {
				continue
			}
			seen[t.Op] = true
			k := key{a, soft.Config, soft.LibraryVersion}
			if found[k] == nil {
				order = append(order, k)
				found[k] = &Note{Code: WhyAccelSlower, Accel: a,
					Compared: &Sibling{Library: b.ID.Library, Version: soft.LibraryVersion, Config: soft.Config, Acceleration: soft.Acceleration}}
			}
			found[k].Ops = append(found[k].Ops, OpFigure{Op: t.Op, Mine: m.Printed, Theirs: soft.Printed})
		}
	}
	for _, k := range order {
		out = append(out, *found[k])
	}
	return out
}

// siblings notes, for candidates on the same board with other library
// versions, how those rank: the version and its configuration often
// matter more than the accelerators.
func siblings(cs []Candidate) {
	byBoard := map[string][]int{}
	for i, c := range cs {
		if c.Board != "" {
			byBoard[c.MCU+"|"+c.Board+"|"+c.Library] = append(byBoard[c.MCU+"|"+c.Board+"|"+c.Library], i)
		}
	}
	for _, idx := range byBoard {
		versions := map[string]bool{}
		for _, i := range idx {
			versions[cs[i].LibraryVersion] = true
		}
		if len(versions) < 2 {
			continue
		}
		for _, i := range idx {
			n := Note{Code: WhySameBoard}
			for _, j := range idx {
				if j == i || cs[j].LibraryVersion == cs[i].LibraryVersion {
					continue
				}
				n.Others = append(n.Others, Sibling{Library: cs[j].Library, Version: cs[j].LibraryVersion, Config: cs[j].Config,
					Acceleration: cs[j].Acceleration, Rank: cs[j].Rank, Headroom: cs[j].Headroom})
			}
			cs[i].Why = append(cs[i].Why, n)
		}
	}
}
