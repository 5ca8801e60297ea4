// Package engine ranks candidates — a board with one library build — against
// a workload. It turns the workload into an operation mix (rules.go), looks
// up each operation's measurement, and returns verdicts, headroom and the
// terms behind them as data. It does no I/O and knows nothing of the UI.
package engine

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
)

// Workload is what the product must do. A nil part is not required.
type Workload struct {
	TLS      *TLS      `json:"tls,omitempty"`
	Firmware *Firmware `json:"firmware,omitempty"`
	AES      *AES      `json:"aes,omitempty"`
	// CPUBudget is the share of the CPU crypto may use, 0 < b ≤ 1.
	CPUBudget float64 `json:"cpu_budget"`
	// Clock: "measured" (default), "max", or a frequency in MHz (ClockMHz).
	Clock     string   `json:"clock"`
	ClockMHz  float64  `json:"clock_mhz,omitempty"`
	Objective string   `json:"objective"` // headroom (default) or smallest
	Library   string   `json:"library,omitempty"`
	MCU       string   `json:"mcu,omitempty"`
	Accel     []string `json:"accel,omitempty"` // required acceleration
}

// TLS is the handshake load.
type TLS struct {
	Rate       float64 `json:"rate"` // handshakes per second
	Role       string  `json:"role"` // client or server
	Version    string  `json:"version"`
	Suite      string  `json:"suite"`
	Chain      int     `json:"chain"`
	Mutual     bool    `json:"mutual"`
	Resume     float64 `json:"resume"`      // share of resumed handshakes, 0..1
	ResumeKind string  `json:"resume_kind"` // psk or psk-dhe
}

// Firmware is the boot-time image verification.
type Firmware struct {
	SizeBytes int64   `json:"size_bytes"`
	Sig       string  `json:"sig"`
	Hash      string  `json:"hash"`
	Deadline  float64 `json:"deadline_s"`
}

// AES is the continuous stream.
type AES struct {
	Rate float64 `json:"rate_bytes_per_s"`
	Mode string  `json:"mode"`
	Key  int     `json:"key"`
	Dir  string  `json:"dir"` // encrypt or decrypt
}

// Verdicts.
const (
	Pass    = "pass"
	Fail    = "fail"
	Unknown = "unknown"
)

// Term is one operation's share of a requirement.
type Term struct {
	Op    string  `json:"op"`
	Count float64 `json:"count"`
	// Each is the time one operation takes, in seconds; for bulk terms it
	// is the time for Bytes bytes.
	Each   float64 `json:"each_s"`
	Bytes  int64   `json:"bytes,omitempty"`
	Rate   float64 `json:"rate_bytes_per_s,omitempty"`
	Total  float64 `json:"total_s"` // Count × Each
	Rule   string  `json:"rule"`
	Config string  `json:"config,omitempty"` // the configuration chosen (CMOX)
	Source string  `json:"source,omitempty"`
	// Missing is set when no measurement exists for Op.
	Missing bool `json:"missing,omitempty"`
}

// Requirement is one part of the workload, judged.
type Requirement struct {
	Kind     string  `json:"kind"` // tls, firmware, aes, cpu
	Verdict  string  `json:"verdict"`
	Required float64 `json:"required"`
	// Achieved is what the candidate reaches, in Unit; nil while a
	// measurement it needs is missing (a partial sum is not a figure).
	Achieved *float64 `json:"achieved"`
	Unit     string   `json:"unit"`
	Headroom *float64 `json:"headroom"`
	// Utilization is the CPU share of continuous loads (tls, aes, cpu).
	Utilization *float64 `json:"utilization,omitempty"`
	Terms       []Term   `json:"terms"`
	Missing     []string `json:"missing"`
	Rule        string   `json:"rule"`
}

// Candidate is one board with one library build, evaluated.
type Candidate struct {
	Rank            int      `json:"rank"`
	Verdict         string   `json:"verdict"`
	MCU             string   `json:"mcu"`
	Part            string   `json:"part"`
	Board           string   `json:"board"`
	Library         string   `json:"library"`
	LibraryVersion  string   `json:"library_version"`
	Config          string   `json:"config"`
	Acceleration    []string `json:"acceleration"`
	ClockHz         int64    `json:"clock_hz"`
	MeasuredClockHz int64    `json:"measured_clock_hz"`
	// Estimate is set when figures were scaled to another clock.
	Estimate bool `json:"estimate"`
	// ClockAboveMax is set when the source states a clock above the
	// part's maximum: its figures are shown as published, never scaled,
	// and the warning goes wherever the candidate is shown.
	ClockAboveMax bool     `json:"clock_above_max"`
	Headroom      *float64 `json:"headroom"`
	// Utilization is the CPU share of the continuous loads (TLS + AES);
	// nil when one of them lacks a measurement.
	Utilization  *float64      `json:"utilization"`
	Bottleneck   string        `json:"bottleneck"`
	Requirements []Requirement `json:"requirements"`
	Missing      []string      `json:"missing"`
	Notes        []string      `json:"notes"`
	Warnings     []string      `json:"warnings"`
	// Imported names the user's import set; empty for bundled data.
	Imported   string `json:"imported,omitempty"`
	FlashBytes int64  `json:"flash_bytes"`
	RAMBytes   int64  `json:"ram_bytes"`
	Key        string `json:"key"`
}

// Result is a ranked answer.
type Result struct {
	Workload   Workload    `json:"workload"`
	Candidates []Candidate `json:"candidates"`
}

// build is the measurements of one candidate, by op, with what ranking
// needs to know about its part, looked up once.
type build struct {
	id       bench.Identity
	ops      map[string][]*bench.Measurement
	cmox     bool
	fact     bench.MCUFact
	hasFact  bool
	warnings []string
	flagged  map[string]bool // accelerators claimed but absent in silicon
}

// Index groups a dataset's measurements into candidates once, so that
// ranking on every keystroke does not regroup them.
type Index struct {
	ds     *bench.Dataset
	builds []*build
}

// NewIndex prepares a dataset for ranking.
func NewIndex(ds *bench.Dataset) *Index {
	ix := &Index{ds: ds}
	byKey := map[string]*build{}
	for i := range ds.Measurements {
		m := &ds.Measurements[i]
		key := m.BuildKey()
		if m.Library == bench.CMOX {
			// CMOX is one library per part; configurations are chosen per op.
			key = strings.Join([]string{m.Imported, m.MCU, m.Board, m.Library, m.LibraryVersion}, "\x1f")
		}
		b := byKey[key]
		if b == nil {
			b = &build{id: m.Identity, ops: map[string][]*bench.Measurement{}, cmox: m.Library == bench.CMOX}
			if b.cmox {
				b.id.Config = "fastest published configuration per operation"
			}
			byKey[key] = b
			ix.builds = append(ix.builds, b)
		}
		b.ops[m.Op] = append(b.ops[m.Op], m)
	}
	for _, b := range ix.builds {
		b.fact, b.hasFact = ds.Fact(b.id.MCU)
		b.warnings = []string{}
		for _, wn := range ds.Warnings {
			if wn.MCU == b.id.MCU && (wn.Config == "" || wn.Config == b.id.Config) {
				b.warnings = append(b.warnings, wn.Text)
			}
		}
		b.flagged = map[string]bool{}
		for _, a := range b.id.Acceleration {
			if b.hasFact && !b.fact.Has(a) {
				b.flagged[a] = true
			}
		}
	}
	return ix
}

// Dataset is the data the index ranks.
func (ix *Index) Dataset() *bench.Dataset { return ix.ds }

// Rank evaluates every candidate against w and orders them.
func (ix *Index) Rank(w Workload) Result {
	w = Normalize(w)
	res := Result{Workload: w, Candidates: []Candidate{}}
	for _, b := range ix.builds {
		if !ix.keep(b, w) {
			continue
		}
		res.Candidates = append(res.Candidates, ix.evaluate(b, w))
	}
	order(res.Candidates, w.Objective)
	for i := range res.Candidates {
		res.Candidates[i].Rank = i + 1
	}
	return res
}

// Defaults are the values an empty field takes. The workload parser's
// field descriptions show these same values.
var (
	DefaultTLS       = TLS{Role: "server", Version: "1.3", Suite: "ecdhe-ecdsa-p256", Chain: 2, ResumeKind: "psk"}
	DefaultFirmware  = Firmware{Sig: "ecdsa-p256", Hash: "sha256"}
	DefaultAES       = AES{Mode: "cbc", Key: 128, Dir: "encrypt"}
	DefaultClock     = "measured"
	DefaultObjective = "headroom"
)

func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// Normalize fills defaults. A TLS chain of 0 is a valid choice (a pinned
// peer key), so the chain default is the parser's to apply.
func Normalize(w Workload) Workload {
	if w.CPUBudget <= 0 || w.CPUBudget > 1 {
		w.CPUBudget = 1
	}
	w.Clock = orDefault(w.Clock, DefaultClock)
	w.Objective = orDefault(w.Objective, DefaultObjective)
	if t := w.TLS; t != nil {
		c, d := *t, DefaultTLS
		c.Role, c.Version, c.Suite, c.ResumeKind = orDefault(c.Role, d.Role), orDefault(c.Version, d.Version), orDefault(c.Suite, d.Suite), orDefault(c.ResumeKind, d.ResumeKind)
		w.TLS = &c
	}
	if f := w.Firmware; f != nil {
		c, d := *f, DefaultFirmware
		c.Sig, c.Hash = orDefault(c.Sig, d.Sig), orDefault(c.Hash, d.Hash)
		w.Firmware = &c
	}
	if a := w.AES; a != nil {
		c, d := *a, DefaultAES
		c.Mode, c.Key, c.Dir = orDefault(c.Mode, d.Mode), orDefault(c.Key, d.Key), orDefault(c.Dir, d.Dir)
		w.AES = &c
	}
	return w
}

func (ix *Index) keep(b *build, w Workload) bool {
	if w.Library != "" && !strings.EqualFold(w.Library, b.id.Library) {
		return false
	}
	if w.MCU != "" && !strings.Contains(strings.ToUpper(b.id.MCU+" "+b.id.Part), strings.ToUpper(w.MCU)) {
		return false
	}
	for _, need := range w.Accel {
		has := false
		for _, a := range b.id.Acceleration {
			has = has || strings.EqualFold(a, need) && !b.flagged[a]
		}
		if !has {
			return false
		}
	}
	return true
}

// lookup finds the measurement the engine uses for op in a build, and the
// time one operation (or one byte, for bulk ops) takes at the measured
// clock. For CMOX it takes the fastest published configuration; for bulk
// ops it prefers data-flow rows with the largest chunk.
func lookup(b *build, op string) (*bench.Measurement, bool) {
	ms := b.ops[op]
	if len(ms) == 0 {
		return nil, false
	}
	bulk := bench.IsBulk(op)
	var best *bench.Measurement
	better := func(m, o *bench.Measurement) bool {
		if bulk {
			if m.BytesPerSecond == nil {
				return false
			}
			if o.BytesPerSecond == nil {
				return true
			}
			rm, ro := methodRank(m), methodRank(o)
			if rm != ro {
				return rm > ro
			}
			cm, co := chunk(m), chunk(o)
			if cm != co {
				return cm > co
			}
			return *m.BytesPerSecond > *o.BytesPerSecond
		}
		if m.SecondsPerOp == nil {
			return false
		}
		return o.SecondsPerOp == nil || *m.SecondsPerOp < *o.SecondsPerOp
	}
	for _, m := range ms {
		if best == nil || better(m, best) {
			best = m
		}
	}
	if bulk && best.BytesPerSecond == nil || !bulk && best.SecondsPerOp == nil {
		return nil, false
	}
	return best, true
}

func methodRank(m *bench.Measurement) int {
	switch m.Method {
	case "data-flow", "benchmark":
		return 2
	case "sole-buffer":
		return 1
	}
	return 0
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

// scaler turns times at the measured clock into times at the clock used.
type scaler struct {
	factor   float64 // multiply times by this
	clockHz  int64
	estimate bool
	note     string
	// untrusted is set when the figures cannot be scaled because their
	// stated clock is not credible: every figure is then unknown.
	untrusted bool
}

// UntrustedClock is what a candidate misses when its source's stated
// clock is above the part's maximum and another clock was asked for.
const UntrustedClock = "a credible measured clock"

func clockFor(ix *Index, b *build, w Workload) scaler {
	s := scaler{factor: 1, clockHz: b.id.ClockHz}
	if w.Clock == "measured" || b.id.ClockHz <= 0 {
		return s
	}
	f, ok := b.fact, b.hasFact
	if !ok {
		s.note = "no curated facts for this part: kept at the measured clock"
		return s
	}
	if b.id.ClockHz > f.MaxClockHz {
		s.note = "unknown at another clock: the source's stated clock is above the part's maximum, so its figures cannot be scaled from it"
		s.untrusted = true
		return s
	}
	target := f.MaxClockHz
	if w.Clock == "mhz" {
		target = int64(math.Round(w.ClockMHz * 1e6))
		if target > f.MaxClockHz {
			s.note = "the requested clock is above the part's maximum; using the maximum"
			target = f.MaxClockHz
		}
	}
	if target == b.id.ClockHz {
		return s
	}
	s.factor = float64(b.id.ClockHz) / float64(target)
	s.clockHz = target
	s.estimate = true
	s.note = "estimate: figures scaled linearly from the measured clock (accelerator and memory timings may not scale)"
	return s
}

func (ix *Index) evaluate(b *build, w Workload) Candidate {
	sc := clockFor(ix, b, w)
	c := Candidate{MCU: b.id.MCU, Part: b.id.Part, Board: b.id.Board, Library: b.id.Library,
		LibraryVersion: b.id.LibraryVersion, Config: b.id.Config, Acceleration: b.id.Acceleration,
		ClockHz: sc.clockHz, MeasuredClockHz: b.id.ClockHz, Estimate: sc.estimate,
		Requirements: []Requirement{}, Missing: []string{}, Notes: []string{}, Warnings: []string{}, Key: keyOf(b.id),
		Imported: b.id.Imported}
	if c.Acceleration == nil {
		c.Acceleration = []string{}
	}
	if sc.note != "" {
		c.Notes = append(c.Notes, sc.note)
	}
	if b.hasFact {
		c.FlashBytes, c.RAMBytes = b.fact.FlashBytes, b.fact.RAMBytes
		c.ClockAboveMax = b.id.ClockHz > b.fact.MaxClockHz
	}
	c.Warnings = b.warnings
	term := func(op string, count float64, rule string, bytes int64) Term {
		t := Term{Op: op, Count: count, Rule: rule, Bytes: bytes}
		m, ok := lookup(b, op)
		if !ok || sc.untrusted {
			t.Missing = true
			return t
		}
		if bytes > 0 {
			t.Rate = *m.BytesPerSecond / sc.factor
			t.Each = float64(bytes) / t.Rate
		} else {
			t.Each = *m.SecondsPerOp * sc.factor
		}
		t.Total = t.Each * count
		t.Source = m.Source
		if b.cmox {
			t.Config = m.Config
		}
		return t
	}
	var continuous float64
	var contUnknown bool
	if t := w.TLS; t != nil {
		r := Requirement{Kind: "tls", Required: t.Rate, Unit: "handshakes/s", Rule: "tls-*", Terms: []Term{}, Missing: []string{}}
		ops := suites[t.Suite]
		full := 1 - t.Resume
		for _, row := range tlsTable(t.Role, t.Mutual) {
			op := map[string]string{"keygen": ops.keygen, "agree": ops.agree, "sign": ops.sign, "verify": ops.verify}[row.role]
			n := row.count(t.Chain) * full
			if t.Resume > 0 && t.ResumeKind == "psk-dhe" && (row.role == "keygen" || row.role == "agree") {
				n += t.Resume
			}
			r.Terms = append(r.Terms, term(op, n, row.rule, 0))
		}
		r.Terms = append(r.Terms, term(ops.hash, 1, "tls-hash", TLSHashBytes))
		perHS := finish(&r)
		if len(r.Missing) == 0 && perHS > 0 {
			capacity, u := w.CPUBudget/perHS, t.Rate*perHS
			h := capacity / t.Rate
			r.Achieved, r.Utilization, r.Headroom = &capacity, &u, &h
			continuous += u
		} else {
			contUnknown = true
		}
		c.Requirements = append(c.Requirements, r)
	}
	if f := w.Firmware; f != nil {
		r := Requirement{Kind: "firmware", Required: f.Deadline, Unit: "s", Rule: "fw-hash + fw-verify", Terms: []Term{}, Missing: []string{}}
		r.Terms = append(r.Terms, term(f.Hash, 1, "fw-hash", f.SizeBytes))
		// Try each op that verifies this signature; if none is measured,
		// report the first (the canonical one).
		ops := fwSigOps[f.Sig]
		vt := term(ops[0], 1, "fw-verify", 0)
		for _, op := range ops[1:] {
			if !vt.Missing {
				break
			}
			if alt := term(op, 1, "fw-verify", 0); !alt.Missing {
				vt = alt
			}
		}
		r.Terms = append(r.Terms, vt)
		total := finish(&r)
		if len(r.Missing) == 0 && total > 0 {
			h := f.Deadline / total
			r.Achieved, r.Headroom = &total, &h
		}
		c.Requirements = append(c.Requirements, r)
	}
	if a := w.AES; a != nil {
		op := aesOp(a)
		r := Requirement{Kind: "aes", Required: a.Rate, Unit: "B/s", Rule: "aes-stream", Terms: []Term{}, Missing: []string{}}
		tm := term(op, 1, "aes-stream", 1)
		r.Terms = append(r.Terms, tm)
		finish(&r)
		if !tm.Missing {
			rate, u := tm.Rate, a.Rate/tm.Rate
			h := w.CPUBudget / u
			r.Achieved, r.Utilization, r.Headroom = &rate, &u, &h
			continuous += u
		} else {
			contUnknown = true
		}
		c.Requirements = append(c.Requirements, r)
	}
	if w.TLS != nil && w.AES != nil {
		r := Requirement{Kind: "cpu", Required: w.CPUBudget, Unit: "CPU share", Rule: "cpu-budget", Terms: []Term{}, Missing: []string{}}
		if contUnknown {
			r.Missing = append(r.Missing, "TLS or AES figures missing")
		} else if u := continuous; u > 0 {
			h := w.CPUBudget / u
			r.Achieved, r.Utilization, r.Headroom = &u, &u, &h
		}
		c.Requirements = append(c.Requirements, r)
	}
	if !contUnknown {
		u := continuous
		c.Utilization = &u
	}
	c.Verdict = Pass
	for i := range c.Requirements {
		r := &c.Requirements[i]
		switch {
		case len(r.Missing) > 0:
			r.Verdict = Unknown
		case r.Headroom != nil && *r.Headroom >= 1:
			r.Verdict = Pass
		default:
			r.Verdict = Fail
		}
		if r.Kind != "cpu" { // the cpu total only repeats what tls and aes miss
			for _, m := range r.Missing {
				c.Missing = appendUnique(c.Missing, m)
			}
		}
		if sc.untrusted {
			r.Missing = []string{UntrustedClock}
		}
		if r.Verdict == Fail || r.Verdict == Unknown && c.Verdict == Pass {
			c.Verdict = r.Verdict
		}
		if r.Headroom != nil && (c.Headroom == nil || *r.Headroom < *c.Headroom) {
			h := *r.Headroom
			c.Headroom = &h
			c.Bottleneck = r.Kind
		}
	}
	if sc.untrusted && len(c.Requirements) > 0 {
		c.Missing = []string{UntrustedClock}
	}
	if c.Verdict == Unknown {
		// No candidate-level figure stands in for a verdict that is not
		// known: the headroom of the requirements that are known is not
		// the candidate's.
		c.Headroom, c.Utilization, c.Bottleneck = nil, nil, ""
	}
	return c
}

func aesOp(a *AES) string {
	d := "enc"
	if a.Dir == "decrypt" {
		d = "dec"
	}
	return "aes-" + strconv.Itoa(a.Key) + "-" + a.Mode + "-" + d
}

// finish totals a requirement's terms and lists what is missing.
func finish(r *Requirement) float64 {
	var total float64
	for _, t := range r.Terms {
		if t.Missing {
			if t.Count > 0 || t.Bytes > 0 {
				r.Missing = appendUnique(r.Missing, t.Op)
			}
			continue
		}
		total += t.Total
	}
	return total
}

func appendUnique(s []string, v string) []string {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}

func keyOf(id bench.Identity) string {
	k := id.MCU + "|" + id.Library + "|" + id.LibraryVersion
	if id.Imported != "" {
		k = "imported:" + id.Imported + "|" + k
	}
	if id.Library != bench.CMOX {
		k += "|" + id.Config
	}
	return k
}

func verdictRank(v string) int {
	switch v {
	case Pass:
		return 0
	case Unknown:
		return 1
	}
	return 2
}

// order sorts candidates: passes (by the objective), then unknown (fewest
// missing measurements first, then by key), then fail by how close they
// came. It sorts indices, not the large structs.
func order(cs []Candidate, objective string) {
	h := func(c *Candidate) float64 {
		if c.Headroom == nil {
			return math.Inf(1)
		}
		return *c.Headroom
	}
	idx := make([]int, len(cs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int {
		a, b := &cs[i], &cs[j]
		if va, vb := verdictRank(a.Verdict), verdictRank(b.Verdict); va != vb {
			return cmp.Compare(va, vb)
		}
		if a.Verdict == Unknown && len(a.Missing) != len(b.Missing) {
			return cmp.Compare(len(a.Missing), len(b.Missing))
		}
		if a.Verdict == Pass && objective == "smallest" {
			if a.ClockHz != b.ClockHz {
				return cmp.Compare(a.ClockHz, b.ClockHz)
			}
			if a.FlashBytes != b.FlashBytes {
				return cmp.Compare(a.FlashBytes, b.FlashBytes)
			}
		}
		if ha, hb := h(a), h(b); ha != hb {
			return -cmp.Compare(ha, hb)
		}
		return strings.Compare(a.Key, b.Key)
	})
	sorted := make([]Candidate, len(cs))
	for k, i := range idx {
		sorted[k] = cs[i]
	}
	copy(cs, sorted)
}
