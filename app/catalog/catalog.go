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
// (donor nil), or an estimate, a measured build carried to a part group
// nobody measured (donor the measured one), with what ranking needs to
// know about its part and library, looked up once. Shared read-only by
// every ranking. Opaque outside the catalogue: what the engine needs of
// it are its methods (shown.go) and the Answer to a question (Ask).
type Build struct {
	id       bench.Identity
	lib      bench.Library
	ops      map[string][]*bench.Measurement
	fact     bench.MCUFact
	hasFact  bool
	warnings []string
	flagged  map[string]bool // accelerators claimed but absent in silicon
	// footprints are the library's published footprints, by operation;
	// software the fastest figure per operation of the same part's
	// builds without acceleration in the same document.
	footprints map[string][]*bench.Footprint
	// sameRows are the footprint rows that are a sibling's under a
	// memory rule (fileSameStacks), with the rule.
	sameRows map[*bench.Footprint]*SameCodeFrom
	software map[string]*bench.Measurement
	// sessionRAM is the user's measured TLS session RAM for the build's
	// import set (0: none; bench.SessionRAM).
	sessionRAM int64
	// group is the part group of ST's data the build's part is in, or,
	// for an estimate, the group it was carried to from donor.
	group   *bench.PartGroup
	members []bench.PartMember // the part numbers it stands for (partMembers)
	// key, facts and donorInfo are what every ranking shows of the build
	// whatever the workload, made once (candidates share them: read-only).
	key       string
	facts     *PartFacts
	donorInfo *Donor
	ownPQC    bool           // it has post-quantum figures of its own
	owned     []string       // the cycle-count sources counting an operation it has figures of its own for (owns)
	same      *sameCodeBuild // the build whose figures stand for some of its operations (samecode.go)
	run       *float64       // the largest run current of its part numbers, shared read-only
	runLow    *float64       // the smallest (runCurrents)
	minRAM    int64          // the smallest RAM of its part numbers (smallestRAM)
	maxRAM    int64          // the largest (0: none has a RAM figure)
	noRAM     string         // why its RAM is unknown when it publishes no footprint
	donor     *Build
	spread    Spread // an estimate's: its core's
	// external: the group's code runs from external memory or SRAM
	// (External); doubt: the source is unsure of the build's clock
	// (bench.WarnClockUncertain), so it never donates.
	external bool
	// notAPart: a user's import names no STM32 part of ST's data.
	notAPart bool
	doubt    bool
	clocks   *ClockModel    // an estimate's: how its slow end widens when taken up in clock
	summary  *GroupSummary  // its group, summarized once (shared by the group's builds)
	shown    Shown          // what every ranking shows of it (show)
	ranges   []VersionRange // its library's measured versions on its part and path, in cycles (versionIndex)
}

// Estimated reports whether the build is an estimate (carried from a
// donor) rather than measured on its part.
func (b *Build) Estimated() bool { return b.donor != nil }

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
	ecdhe   map[string]ECDHERule          // ECDHE from the same build's ECDSA
	byGroup map[*bench.PartGroup][]*Build // the builds of each part group (Answer.Along)
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
	tells map[string]string // groupTells, by group key
}

// Make makes the catalogue of a dataset.
func (mk Maker) Make(ds *bench.Dataset) *Catalog {
	cat := &making{Catalog: &Catalog{ds: ds}, pause: mk.Pause}
	for _, phase := range []func(){
		cat.collect, cat.linkSameCode, cat.fileFootprints, cat.fileSameStacks, cat.fileSessions, cat.fileSoftware, cat.group,
		func() { cat.tells = groupTells(ds.Groups) },
		func() { cat.spreads, cat.ecdhe = spreads(cat.Builds), ecdheRules(cat.Builds); versionIndex(cat.Builds) },
		func() { cat.clocks = clockModel(cat.Builds) },
		cat.estimates,
		func() { cat.pqc = newPQCIndex(ds.Cycles, ds.Lending) },
		cat.complete,
		func() { cat.Unbuilt = unbuilt(cat.ds.Groups, cat.Builds, cat.tells) },
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
			b = &Build{id: id, lib: lib, ops: map[string][]*bench.Measurement{}}
			byKey[key] = b
			cat.Builds = append(cat.Builds, b)
		}
		b.ops[m.Op] = append(b.ops[m.Op], m)
	}
	for _, b := range cat.Builds {
		cat.tick()
		b.fact, b.hasFact = cat.ds.Fact(b.id.MCU)
		b.warnings = []string{}
		docs := b.documents()
		for _, wn := range cat.ds.Warnings {
			// A finding belongs to the builds of the documents that raise
			// it (one without documents, to every build of its part).
			if wn.MCU == b.id.MCU && (wn.Config == "" || wn.Config == b.id.Config) &&
				(len(wn.Documents) == 0 || slices.ContainsFunc(wn.Documents, func(d string) bool { return docs[d] })) {
				b.warnings = append(b.warnings, wn.Text)
				b.doubt = b.doubt || wn.Kind == bench.WarnClockUncertain
			}
		}
		b.flagged = map[string]bool{}
		for _, a := range b.id.Acceleration {
			if b.hasFact && !b.fact.Has(a) {
				b.flagged[a] = true
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
		if b.group != nil && b.summary == nil {
			if summaries[b.group] == nil {
				summaries[b.group] = summarize(b.group)
			}
			b.summary = summaries[b.group]
		}
		if b.summary != nil && b.group != nil {
			b.summary.Tell = cat.tells[b.group.Key] // shared: the same each time
		}
		if b.donor != nil { // measured builds come first: the donor's are made (its ops are the donor's)
			b.ownPQC, b.owned, b.same = b.donor.ownPQC, b.donor.owned, b.donor.same
		} else {
			b.ownPQC, b.owned, b.key = ownPQC(b), cat.pqc.owned(b), b.id.Key()
		}
		b.members = partMembers(b)
		b.external = External(b.group)
		b.runLow, b.run = runCurrents(b)
		b.minRAM = smallestRAM(b)
		for _, m := range b.members {
			b.maxRAM = max(b.maxRAM, m.RAMBytes)
		}
		b.noRAM = "no RAM figures are published for this " + b.lib.Name + " build's operations"
		b.facts = partFacts(b, facts)
		if d := b.donor; d != nil {
			b.key = "estimated:" + b.group.Key + "|" + d.key
			b.donorInfo = &Donor{MCU: d.id.MCU, Part: d.fact.Part, Board: d.id.Board, ClockHz: d.id.ClockHz, Key: d.key,
				Spread: Spread{Core: b.spread.Core, Factor: b.spread.Factor, Borrowed: b.spread.Borrowed}}
		}
		b.show()
	}
	cat.byGroup = map[*bench.PartGroup][]*Build{}
	for _, b := range cat.Builds {
		cat.byGroup[b.group] = append(cat.byGroup[b.group], b)
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
func unbuilt(groups []bench.PartGroup, builds []*Build, tells map[string]string) []*Build {
	covered := map[*bench.PartGroup]bool{}
	for _, b := range builds {
		covered[b.group] = true
	}
	var out []*Build
	for i := range groups {
		g := &groups[i]
		if covered[g] {
			continue
		}
		b := &Build{id: bench.Identity{MCU: g.Name, Part: g.Name, Acceleration: []string{}}, fact: groupFact(g, g.Cores[0]), hasFact: true,
			warnings: []string{}, flagged: map[string]bool{}, group: g, summary: summarize(g), key: "unbuilt:" + g.Key}
		b.summary.Tell = tells[g.Key]
		b.members = partMembers(b)
		b.show()
		out = append(out, b)
	}
	return out
}

// documents are the documents that publish the build's measurements.
func (b *Build) documents() map[string]bool {
	docs := map[string]bool{}
	for _, ms := range b.ops {
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
			if b.id.MCU == f.MCU && b.id.Library == f.Library && b.id.LibraryVersion == f.LibraryVersion && b.id.Imported == f.Imported &&
				(b.lib.ConfigPerOp || b.id.Config == f.Config) {
				if b.footprints == nil {
					b.footprints = map[string][]*bench.Footprint{}
				}
				b.footprints[f.Op] = append(b.footprints[f.Op], f)
			}
		}
	}
}

// fileSessions gives each build of an import set the TLS session RAM the
// user measured on it (bench.SessionRAM).
func (cat *making) fileSessions() {
	for _, s := range cat.ds.Sessions {
		for _, b := range cat.Builds {
			if b.id.Imported != "" && b.id.Imported == s.Imported {
				b.sessionRAM = s.Bytes
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
		if len(b.id.Acceleration) == 0 {
			continue
		}
		b.software = map[string]*bench.Measurement{}
		for op, mine := range b.ops {
			a := accelFor(op)
			if a == "" || !slices.Contains(b.id.Acceleration, a) {
				continue
			}
			for _, o := range cat.Builds {
				if o == b || o.id.MCU != b.id.MCU || o.id.Library != b.id.Library || slices.Contains(o.id.Acceleration, a) {
					continue
				}
				for _, m := range o.ops[op] {
					if m.Pos.File == mine[0].Pos.File && (b.software[op] == nil || seconds(m) < seconds(b.software[op])) {
						b.software[op] = m
					}
				}
			}
		}
	}
}

// Dataset is the data the index ranks.
func (cat *Catalog) Dataset() *bench.Dataset { return cat.ds }

// lookup finds the measurement the engine uses for op in a build. Per-op
// libraries have several configurations: the fastest published one wins.
// Bulk figures prefer the library's most trusted method, then the largest
// chunk.
func lookup(b *Build, op string) (*bench.Measurement, bool) {
	ms := b.ops[op]
	bulk := bench.IsBulk(op)
	var best *bench.Measurement
	for _, m := range ms {
		if best == nil || better(b.lib, bulk, m, best) {
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
