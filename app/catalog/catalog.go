// Package catalog says what figures a candidate has: the measured builds
// of the dataset, the estimates carried from them to every part group
// nobody measured, the figures a cycle-count source lends, and what the
// parts and libraries publish besides (footprints, run current, RAM).
// One question gives a figure: an operation of a build, at the clock a
// Question sets (Clock), with its basis and origin (Figure). The engine
// asks and judges; the catalogue decides nothing about a workload. It
// does no I/O.
package catalog

import (
	"slices"
	"sync"

	"cryptosizer/app/bench"
)

// Build is one candidate's figures: a library build measured on a part
// (Donor nil), or an estimate, a measured build carried to a part group
// nobody measured (Donor the measured one), with what ranking needs to
// know about its part and library, looked up once. Shared read-only by
// every ranking.
type Build struct {
	ID       bench.Identity
	Lib      bench.Library
	Ops      map[string][]*bench.Measurement
	Fact     bench.MCUFact
	HasFact  bool
	Warnings []string
	Flagged  map[string]bool // accelerators claimed but absent in silicon
	// Footprints are the library's published footprints, by operation;
	// Software the fastest figure per operation of the same part's
	// builds without acceleration in the same document.
	Footprints map[string][]*bench.Footprint
	Software   map[string]*bench.Measurement
	// Group is the part group of ST's data the build's part is in, or,
	// for an estimate, the group it was carried to from Donor.
	Group   *bench.PartGroup
	Members []bench.PartMember // the part numbers it stands for (partMembers)
	// Key, Facts and DonorInfo are what every ranking shows of the build
	// whatever the workload, made once (candidates share them: read-only).
	Key       string
	Facts     *PartFacts
	DonorInfo *Donor
	OwnPQC    bool     // it has post-quantum figures of its own
	Run       *float64 // the largest run current of its part numbers, shared read-only
	RunLow    *float64 // the smallest (runCurrents)
	MinRAM    int64    // the smallest RAM of its part numbers (smallestRAM)
	NoRAM     string   // why its RAM is unknown when it publishes no footprint
	Donor     *Build
	Spread    Spread // an estimate's: its core's
	// External: the group's code runs from external memory or SRAM
	// (External); Doubt: the source is unsure of the build's clock
	// (bench.WarnClockUncertain), so it never donates.
	External bool
	Doubt    bool
	clocks   *ClockModel   // an estimate's: how its slow end widens when taken up in clock
	Summary  *GroupSummary // its group, summarized once (shared by the group's builds)
}

// Estimated reports whether the build is an estimate (carried from a
// donor) rather than measured on its part.
func (b *Build) Estimated() bool { return b.Donor != nil }

// Catalog is a dataset's candidates, made once, so that ranking on every
// keystroke does not regroup them.
type Catalog struct {
	ds *bench.Dataset
	// Builds are the measured builds, then the estimates.
	Builds []*Build
	// Unbuilt are the part groups no build stands for, each as a build
	// without figures (its group, its facts, no library): no build is
	// measured on its core, and none may be carried to it.
	Unbuilt []*Build
	spreads map[string]Spread
	clocks  ClockModel
	pqc     pqcIndex
	// validated is Validation's, made on first use (it estimates every
	// measured build as if unmeasured: a few milliseconds).
	validated func() []Validated
}

// New makes the catalogue of a dataset (Maker{}.Make).
func New(ds *bench.Dataset) *Catalog { return Maker{}.Make(ds) }

// Maker makes catalogues; its zero value is ready to use.
type Maker struct {
	// Pause, unless nil, is called between slices of the work — every
	// build, every group, every phase — so that a caller on one thread
	// (the browser) may let what waits run in between: made in one go it
	// is a long task there. It must not use the catalogue.
	Pause func()
}

// making is a catalogue while a Maker makes it: the phases are its
// methods, and they pause through it.
type making struct {
	*Catalog
	pause func()
}

// Make makes the catalogue of a dataset.
func (mk Maker) Make(ds *bench.Dataset) *Catalog {
	cat := &making{Catalog: &Catalog{ds: ds}, pause: mk.Pause}
	for _, phase := range []func(){
		cat.collect, cat.fileFootprints, cat.fileSoftware, cat.group,
		func() { cat.spreads = spreads(cat.Builds) },
		func() { cat.clocks = clockModel(cat.Builds) },
		cat.estimates,
		func() { cat.pqc = newPQCIndex(ds.Cycles, ds.Lending) },
		cat.complete,
		func() { cat.Unbuilt = unbuilt(cat.ds.Groups, cat.Builds) },
	} {
		cat.tick()
		phase()
	}
	done := cat.Catalog
	done.validated = sync.OnceValue(func() []Validated { return Summarize(done.Validate(Rules{Memory: true})) })
	return done
}

// collect makes the measured builds: one per identity, with its
// measurements by operation, its part's facts and its findings.
func (cat *making) collect() {
	byKey := map[string]*Build{}
	for i := range cat.ds.Measurements {
		if i%64 == 0 {
			cat.tick()
		}
		m := &cat.ds.Measurements[i]
		id := m.Identity
		lib := cat.ds.Library(m.Library)
		if lib.ConfigPerOp {
			id.Config = bench.CandidateConfig
		}
		key := id.Key()
		b := byKey[key]
		if b == nil {
			b = &Build{ID: id, Lib: lib, Ops: map[string][]*bench.Measurement{}}
			byKey[key] = b
			cat.Builds = append(cat.Builds, b)
		}
		b.Ops[m.Op] = append(b.Ops[m.Op], m)
	}
	for _, b := range cat.Builds {
		cat.tick()
		b.Fact, b.HasFact = cat.ds.Fact(b.ID.MCU)
		b.Warnings = []string{}
		docs := b.documents()
		for _, wn := range cat.ds.Warnings {
			// A finding belongs to the builds of the documents that raise
			// it (one without documents, to every build of its part).
			if wn.MCU == b.ID.MCU && (wn.Config == "" || wn.Config == b.ID.Config) &&
				(len(wn.Documents) == 0 || slices.ContainsFunc(wn.Documents, func(d string) bool { return docs[d] })) {
				b.Warnings = append(b.Warnings, wn.Text)
				b.Doubt = b.Doubt || wn.Kind == bench.WarnClockUncertain
			}
		}
		b.Flagged = map[string]bool{}
		for _, a := range b.ID.Acceleration {
			if b.HasFact && !b.Fact.Has(a) {
				b.Flagged[a] = true
			}
		}
	}
}

// complete gives every build (measured, then estimated) what the ranking
// reads of its group, its part numbers and its facts.
func (cat *making) complete() {
	summaries := map[*bench.PartGroup]*GroupSummary{}
	facts := factsOf{}
	for _, b := range cat.Builds {
		cat.tick()
		if b.Group != nil && b.Summary == nil {
			if summaries[b.Group] == nil {
				summaries[b.Group] = summarize(b.Group)
			}
			b.Summary = summaries[b.Group]
		}
		if b.Donor != nil { // measured builds come first: the donor's are made
			b.OwnPQC = b.Donor.OwnPQC
		} else {
			b.OwnPQC, b.Key = ownPQC(b), b.ID.Key()
		}
		b.Members = partMembers(b)
		b.External = External(b.Group)
		b.RunLow, b.Run = runCurrents(b)
		b.MinRAM = smallestRAM(b)
		b.NoRAM = "no RAM figures are published for this " + b.Lib.Name + " build's operations"
		b.Facts = partFacts(b, facts)
		if d := b.Donor; d != nil {
			b.Key = "estimated:" + b.Group.Key + "|" + d.Key
			b.DonorInfo = &Donor{MCU: d.ID.MCU, Part: d.Fact.Part, Board: d.ID.Board, ClockHz: d.ID.ClockHz, Key: d.Key,
				Spread: Spread{Core: b.Spread.Core, Factor: b.Spread.Factor, Borrowed: b.Spread.Borrowed}}
		}
	}
}

// tick calls the Maker's pause.
func (cat *making) tick() {
	if cat.pause != nil {
		cat.pause()
	}
}

// unbuilt are the groups no build stands for, as builds without figures
// (so that the part filters apply to them as to any build).
func unbuilt(groups []bench.PartGroup, builds []*Build) []*Build {
	covered := map[*bench.PartGroup]bool{}
	for _, b := range builds {
		covered[b.Group] = true
	}
	var out []*Build
	for i := range groups {
		g := &groups[i]
		if covered[g] {
			continue
		}
		b := &Build{ID: bench.Identity{MCU: g.Name, Part: g.Name, Acceleration: []string{}}, Fact: groupFact(g, g.Cores[0]), HasFact: true,
			Warnings: []string{}, Flagged: map[string]bool{}, Group: g, Summary: summarize(g), Key: "unbuilt:" + g.Key}
		b.Members = partMembers(b)
		out = append(out, b)
	}
	return out
}

// documents are the documents that publish the build's measurements.
func (b *Build) documents() map[string]bool {
	docs := map[string]bool{}
	for _, ms := range b.Ops {
		for _, m := range ms {
			docs[m.Pos.File] = true
			for _, p := range m.AlsoIn {
				docs[p.File] = true
			}
		}
	}
	return docs
}

// fileFootprints files each footprint row under the builds of its part and
// library version.
func (cat *making) fileFootprints() {
	for i := range cat.ds.Footprints {
		f := &cat.ds.Footprints[i]
		for _, b := range cat.Builds {
			if b.ID.MCU == f.MCU && b.ID.Library == f.Library && b.ID.LibraryVersion == f.LibraryVersion && b.ID.Imported == f.Imported &&
				(b.Lib.ConfigPerOp || b.ID.Config == f.Config) {
				if b.Footprints == nil {
					b.Footprints = map[string][]*bench.Footprint{}
				}
				b.Footprints[f.Op] = append(b.Footprints[f.Op], f)
			}
		}
	}
}

// fileSoftware finds, for each accelerated build and each operation an
// accelerator it uses would speed up, the fastest figure among the same
// part's builds that do not use that accelerator, in the same source
// document (so that like is compared with like).
func (cat *making) fileSoftware() {
	for _, b := range cat.Builds {
		if len(b.ID.Acceleration) == 0 {
			continue
		}
		b.Software = map[string]*bench.Measurement{}
		for op, mine := range b.Ops {
			a := AccelFor(op)
			if a == "" || !slices.Contains(b.ID.Acceleration, a) {
				continue
			}
			for _, o := range cat.Builds {
				if o == b || o.ID.MCU != b.ID.MCU || o.ID.Library != b.ID.Library || slices.Contains(o.ID.Acceleration, a) {
					continue
				}
				for _, m := range o.Ops[op] {
					if m.Pos.File == mine[0].Pos.File && (b.Software[op] == nil || Seconds(m) < Seconds(b.Software[op])) {
						b.Software[op] = m
					}
				}
			}
		}
	}
}

// Dataset is the data the index ranks.
func (cat *Catalog) Dataset() *bench.Dataset { return cat.ds }

// Lookup finds the measurement the engine uses for op in a build. Per-op
// libraries have several configurations: the fastest published one wins.
// Bulk figures prefer the library's most trusted method, then the largest
// chunk.
func Lookup(b *Build, op string) (*bench.Measurement, bool) {
	ms := b.Ops[op]
	bulk := bench.IsBulk(op)
	var best *bench.Measurement
	for _, m := range ms {
		if best == nil || better(b.Lib, bulk, m, best) {
			best = m
		}
	}
	if best == nil || bulk && best.BytesPerSecond == nil || !bulk && best.SecondsPerOp == nil {
		return nil, false
	}
	return best, true
}

func better(lib bench.Library, bulk bool, m, o *bench.Measurement) bool {
	if !bulk {
		return m.SecondsPerOp != nil && (o.SecondsPerOp == nil || *m.SecondsPerOp < *o.SecondsPerOp)
	}
	if m.BytesPerSecond == nil {
		return false
	}
	if o.BytesPerSecond == nil {
		return true
	}
	if rm, ro := methodRank(lib, m), methodRank(lib, o); rm != ro {
		return rm < ro
	}
	if cm, co := chunk(m), chunk(o); cm != co {
		return cm > co
	}
	return *m.BytesPerSecond > *o.BytesPerSecond
}

// methodRank is a method's place in the library's preference (lower is
// better; unlisted methods come last).
func methodRank(lib bench.Library, m *bench.Measurement) int {
	if i := slices.Index(lib.Methods, m.Method); i >= 0 {
		return i
	}
	return len(lib.Methods)
}

func chunk(m *bench.Measurement) int64 {
	if m.ChunkBytes != nil {
		return *m.ChunkBytes
	}
	if m.MessageBytes != nil {
		return *m.MessageBytes
	}
	return 0
}
