package model

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
	"cryptosizer/app/dataset"
	"cryptosizer/app/engine"
	"cryptosizer/app/source"
	"cryptosizer/app/workload"
)

// ImportSet is one user import as stored in the browser and carried in
// shared links: the text itself and the names the user gave. It is parsed
// by the same parsers as the bundled dataset.
type ImportSet struct {
	ID       string  `json:"id"`
	Text     string  `json:"text"`
	MCU      string  `json:"mcu,omitempty"`
	Board    string  `json:"board,omitempty"`
	ClockMHz float64 `json:"clock_mhz,omitempty"`
	Config   string  `json:"config,omitempty"`
	Version  string  `json:"version,omitempty"`
	// SessionRAM is the TLS session RAM the user measured on this build
	// (bytes; 0: none): it replaces the standards' lower bound for the
	// set's builds (bench.SessionRAM).
	SessionRAM int64 `json:"tls_session_ram_bytes,omitempty"`
}

// Where an imported set lives.
const (
	Stored  = "stored"  // in this browser's storage
	Session = "session" // in memory only: storage refused it
	Link    = "link"    // from a link, for this visit only until kept
)

// Set is an import set and where it lives.
type Set struct {
	ImportSet
	From string
}

// Limits on imported data from any source: what the app itself produces
// is inside them, and anything beyond is refused before it is parsed.
const (
	// MaxSets bounds the imported sets the page holds.
	MaxSets = 16
	// maxNameLen bounds each name of a set.
	maxNameLen = 100
	// MaxLinkChars bounds the link fragment that carries imported sets:
	// long URLs break in mail clients, chat tools and some servers' logs.
	MaxLinkChars = 6000
	// maxLinkJSON bounds the decompressed sets of a link.
	maxLinkJSON = dataset.MaxImportBytes
	// maxStoreBytes bounds what is read from storage.
	maxStoreBytes = MaxSets * (dataset.MaxImportBytes + 2048)
	// maxSessionRAM bounds a measured session RAM: more than any STM32
	// has (the largest parts have a few MiB).
	maxSessionRAM = 64 << 20
	// StoreKey is where the sets are stored; unreadable copies are kept
	// aside under StoreKey + ".unreadable…".
	StoreKey   = "cryptosizer.imports.v1"
	asidePre   = StoreKey + ".unreadable"
	maxAside   = 3
	linkPrefix = "imports="
)

// Check validates a set from any source exactly as the import form does,
// and gives it the ID its content implies (an ID from outside is never
// trusted: it keys the parse cache).
func (s ImportSet) Check() (ImportSet, error) {
	if strings.TrimSpace(s.Text) == "" {
		return s, errors.New("the set has no text")
	}
	if len(s.Text) > dataset.MaxImportBytes {
		return s, fmt.Errorf("the text is %d bytes; the limit is %d bytes (256 KiB)", len(s.Text), dataset.MaxImportBytes)
	}
	for _, f := range []struct{ name, v string }{{"MCU", s.MCU}, {"board", s.Board}, {"configuration", s.Config}, {"version", s.Version}} {
		if len(f.v) > maxNameLen || !utf8.ValidString(f.v) || strings.IndexFunc(f.v, unicode.IsControl) >= 0 {
			return s, fmt.Errorf("%s: accepted: at most %d characters of text", f.name, maxNameLen)
		}
	}
	if s.ClockMHz != 0 {
		if _, ok := workload.MHz(strconv.FormatFloat(s.ClockMHz, 'f', -1, 64)); !ok || math.IsNaN(s.ClockMHz) {
			return s, fmt.Errorf("clock %g MHz: accepted: %s", s.ClockMHz, workload.MHzAccepted)
		}
	}
	if s.SessionRAM < 0 || s.SessionRAM > maxSessionRAM {
		return s, fmt.Errorf("TLS session RAM %d B: accepted: %s", s.SessionRAM, SessionRAMAccepted)
	}
	// FNV, not SHA-256: an ID needs no cryptography, and crypto/sha256
	// would add its FIPS module to the WebAssembly binary. Every field
	// goes in: the ID also keys the parse cache.
	h := fnv.New32a()
	fields := []string{s.Text, s.MCU, s.Board, strconv.FormatFloat(s.ClockMHz, 'g', -1, 64), s.Config, s.Version}
	if s.SessionRAM > 0 { // a set without one keeps the ID it had before the field
		fields = append(fields, strconv.FormatInt(s.SessionRAM, 10))
	}
	h.Write([]byte(strings.Join(fields, "\x1f")))
	s.ID = "import-" + strconv.FormatUint(uint64(h.Sum32()), 16)
	return s, nil
}

func (s ImportSet) override() source.Names {
	return source.Names{MCU: s.MCU, Board: s.Board, Config: s.Config, Version: s.Version, ClockHz: int64(math.Round(s.ClockMHz * 1e6))}
}

// Imports are the user's imported sets, the paste form and the index
// over bundled and imported data.
type Imports struct {
	Sets []Set
	// Errs has, per set ID, why the set is not ranked.
	Errs map[string]string
	// Reading lists the sets whose text is still being read (the import
	// reader answers later: Answer).
	Reading map[string]bool
	Form    ImportForm
	// StoreBlocked is set when what is in storage must not be
	// overwritten (it could not be read, nor kept aside): new sets stay
	// for this visit only.
	StoreBlocked string
	Rev          int
	// Read reads a text at once (the CLI's registry.Import, and tests).
	// When nil, as in the browser, texts are read elsewhere: the page
	// takes what is to be read (Requests) and hands each answer back
	// (Answer) — the readers of third-party formats are a module of
	// their own, fetched when an import first needs them.
	Read func(facts bench.Facts, name, text string, names source.Names) dataset.Imported

	base   *engine.Index
	ix     *engine.Index
	parsed map[string]dataset.Imported
	// asked holds the requests sent and not answered; queue those not
	// taken yet (Requests).
	asked map[string]bool
	queue []dataset.ReadRequest
}

func (im *Imports) index() *engine.Index {
	if im.ix != nil {
		return im.ix
	}
	return im.base
}

func (im *Imports) facts() []bench.MCUFact { return im.base.Dataset().MCUs }

// parse returns a set's measurements, read once (its ID changes with its
// text and names). ok is false while the text is being read.
func (im *Imports) parse(s ImportSet) (dataset.Imported, bool) {
	r, ok := im.parsed[s.ID]
	if ok {
		return r, true
	}
	if r, ok = im.read(dataset.ReadRequest{ID: s.ID, Name: s.ID, Text: s.Text, Names: s.override()}); ok {
		im.keep(s, r)
	}
	return im.parsed[s.ID], ok
}

// read reads a text at once (Read), or asks for it to be read once.
func (im *Imports) read(q dataset.ReadRequest) (dataset.Imported, bool) {
	if im.Read != nil {
		return im.Read(im.facts(), q.Name, q.Text, q.Names), true
	}
	if !im.asked[q.ID] {
		if im.asked == nil {
			im.asked = map[string]bool{}
		}
		im.asked[q.ID] = true
		im.queue = append(im.queue, q)
	}
	return dataset.Imported{}, false
}

// keep records what a set's text holds, with the session RAM the set
// names.
func (im *Imports) keep(s ImportSet, r dataset.Imported) {
	if im.parsed == nil {
		im.parsed = map[string]dataset.Imported{}
	}
	if s.SessionRAM > 0 {
		r.Data.Sessions = []bench.SessionRAM{{Imported: s.ID, Bytes: s.SessionRAM}}
	}
	im.parsed[s.ID] = r
}

// set returns the set with an ID: one of the page's, or the one the form
// is adding.
func (im *Imports) set(id string) (ImportSet, bool) {
	for _, s := range im.Sets {
		if s.ID == id {
			return s.ImportSet, true
		}
	}
	return im.Form.adding, im.Form.adding.ID == id && id != ""
}

// Requests takes the texts to be read (see Imports.Read), with the facts
// about the parts they are read against.
func (p *Page) Requests() ([]dataset.ReadRequest, bench.Facts) {
	if p.Imports.base == nil {
		return nil, nil // not live: asked for once the facts are there
	}
	q := p.Imports.queue
	p.Imports.queue = nil
	return q, p.Imports.facts()
}

// Answer takes what a text holds (a request's answer): a set's is
// ranked, paced (Pace), the set the form was adding is added, the
// preview waiting for it is shown. It reports whether storage should
// be written.
func (p *Page) Answer(id string, r dataset.Imported) bool {
	im := &p.Imports
	if !im.asked[id] {
		return false // not asked, or answered already
	}
	delete(im.asked, id)
	if id == im.Form.previewID() {
		p.showPreview(r)
		return false
	}
	s, ok := im.set(id)
	if !ok {
		return false // removed, or no longer being added
	}
	im.keep(s, r)
	stored := false
	if f := &im.Form; f.adding.ID == id {
		f.adding = ImportSet{}
		stored = p.addRead(s, im.parsed[id])
	}
	if im.Reading[id] {
		im.reindex(p.Pace)
		p.rank()
	}
	return stored
}

// AnswerFailed says why a text could not be read (why: the reader could
// not be fetched, failed or refused, in words that say so): a set is not
// ranked, and says so.
func (p *Page) AnswerFailed(id, why string) {
	im := &p.Imports
	if !im.asked[id] {
		return
	}
	delete(im.asked, id)
	why += "; reload the page to try again"
	if id == im.Form.previewID() || im.Form.adding.ID == id {
		im.Form.adding = ImportSet{}
		im.Form.Msg = "Not read: " + why + "."
		im.Form.Rev++
	}
	if im.Reading[id] {
		delete(im.Reading, id)
		im.Errs[id] = why
		im.Rev++
	}
}

// reindex ranks the bundled data together with every set that parses,
// making the index in slices (pause, unless nil, between them: the page
// paces an import as it paces going live). A set still being read is
// left out until its answer comes.
func (im *Imports) reindex(pause func()) {
	im.Errs, im.Reading = map[string]string{}, map[string]bool{}
	var sets []bench.Dataset
	for _, s := range im.Sets {
		r, ok := im.parse(s.ImportSet)
		switch {
		case !ok:
			im.Reading[s.ID] = true
			continue
		case len(r.Errors) > 0:
			im.Errs[s.ID] = r.Errors.Error()
			continue
		}
		sets = append(sets, r.Data)
	}
	im.Rev++
	if len(sets) == 0 {
		im.ix = nil
		return
	}
	im.ix = engine.Over(catalog.Maker{Pause: pause}.Make(dataset.Merge(im.base.Dataset(), sets...)))
}

func (im *Imports) has(id string) bool {
	return slices.ContainsFunc(im.Sets, func(s Set) bool { return s.ID == id })
}

// add puts checked sets in, up to MaxSets; it returns how many were
// added and a note about those that were not.
func (im *Imports) add(sets []ImportSet, from string) (int, string) {
	n, dup, bad, full := 0, 0, 0, 0
	var why string
	for _, s := range sets {
		c, err := s.Check()
		switch {
		case err != nil:
			bad++
			why = err.Error()
		case im.has(c.ID):
			dup++
		case len(im.Sets) >= MaxSets:
			full++
		default:
			im.Sets = append(im.Sets, Set{ImportSet: c, From: from})
			n++
		}
	}
	var notes []string
	if bad > 0 {
		notes = append(notes, fmt.Sprintf("%d set(s) refused (%s)", bad, why))
	}
	if full > 0 {
		notes = append(notes, fmt.Sprintf("%d set(s) left out: the page holds at most %d", full, MaxSets))
	}
	return n, strings.Join(notes, "; ")
}

// ---- storage ----

// LoadStored reads what storage holds (raw, as stored). It returns false
// when the text cannot be read as sets: the caller keeps it aside.
func (p *Page) LoadStored(raw string) bool {
	im := &p.Imports
	if len(raw) > maxStoreBytes {
		p.Msgs.Add(fmt.Sprintf("Stored imports could not be read: %d bytes is more than this app stores (%d).", len(raw), maxStoreBytes))
		return false
	}
	var sets []ImportSet
	if err := json.Unmarshal([]byte(raw), &sets); err != nil {
		p.Msgs.Add("Stored imports could not be read (" + err.Error() + ").")
		return false
	}
	_, note := im.add(sets, Stored)
	if note != "" {
		p.Msgs.Add("Stored imports: " + note + ".")
	}
	im.reindex(nil)
	p.rank()
	return true
}

// Aside chooses where to keep an unreadable store: a new key with a time
// stamp, never one that exists, at most maxAside of them, and none when
// the same text is already kept. existing maps the aside keys in storage
// to their text. It returns "" with a note when nothing is to be written.
func Aside(existing map[string]string, raw string, now time.Time) (key, note string) {
	for k, v := range existing {
		if v == raw {
			return "", "the same text is already kept aside under " + k
		}
	}
	if len(existing) >= maxAside {
		return "", fmt.Sprintf("%d copies are already kept aside (%s…); they are left as they are", len(existing), asidePre)
	}
	key = asidePre + "." + now.UTC().Format("20060102T150405.000Z")
	for existing[key] != "" {
		key += "+"
	}
	return key, ""
}

// AsidePrefix is the prefix of the keys unreadable stores are kept under.
const AsidePrefix = asidePre

// StoreText is what storage should hold: the stored sets. ok is false
// when storage must not be written (see StoreBlocked).
func (p *Page) StoreText() (string, bool) {
	if p.Imports.StoreBlocked != "" {
		return "", false
	}
	var sets []ImportSet
	for _, s := range p.Imports.Sets {
		if s.From == Stored {
			sets = append(sets, s.ImportSet)
		}
	}
	if sets == nil {
		sets = []ImportSet{}
	}
	b, err := json.Marshal(sets)
	return string(b), err == nil
}

// StoreFailed records that storage refused the sets: they stay for this
// visit, and what was stored before is unchanged.
func (p *Page) StoreFailed(err error) {
	for i := range p.Imports.Sets {
		if p.Imports.Sets[i].From == Stored {
			p.Imports.Sets[i].From = Session
		}
	}
	p.Imports.Rev++
	p.Msgs.Add("The imports could not be stored in this browser (" + err.Error() + "). They stay for this visit only; what was stored before is unchanged.")
}

// Keep stores a set that came from a link or stayed in memory.
func (p *Page) Keep(id string) {
	for i := range p.Imports.Sets {
		if p.Imports.Sets[i].ID == id {
			p.Imports.Sets[i].From = Stored
		}
	}
	p.Imports.Rev++
}

// Remove drops a set, re-indexing and ranking, paced (Pace).
func (p *Page) Remove(id string) {
	p.Imports.Sets = slices.DeleteFunc(p.Imports.Sets, func(s Set) bool { return s.ID == id })
	if p.Imports.Form.Editing == id {
		p.Imports.Form.Editing = ""
	}
	p.Imports.reindex(p.Pace)
	p.rank()
}
