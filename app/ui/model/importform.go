package model

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
	"cryptosizer/app/workload"
)

// ImportField is one input of the paste panel.
type ImportField struct{ Name, Label, Hint string }

// ImportFields are the paste panel's inputs: the text, then the names a
// text may leave out.
var ImportFields = []ImportField{
	{"text", "Benchmark text", ""},
	{"mcu", "MCU", "e.g. STM32H563ZI"},
	{"board", "Board", "e.g. NUCLEO-H563ZI"},
	{"clock", "Clock (MHz)", "e.g. 250"},
	{"config", "Configuration", "e.g. SP math, no HW crypto"},
	{"version", "Library version", "e.g. 5.7.0"},
	{"session-ram", "TLS session RAM you measured (optional)", "e.g. 41KiB: the peak of one handshake on this build"},
}

// SessionRAMAccepted says what the import's session RAM field accepts.
const SessionRAMAccepted = "a size from 1 B to 64 MiB such as 41KiB, the peak RAM of one handshake measured on this build (empty: the standards' lower bound)"

// MaxPreviewProblems bounds the unrecognized lines the preview lists.
const MaxPreviewProblems = 50

// ImportForm is the state of the paste panel.
type ImportForm struct {
	Values  map[string]string
	Editing string // ID of the set being edited
	Preview *dataset.Imported
	Msg     string
	// Seq changes with every keystroke; a preview is made only for the
	// latest one, after a pause.
	Seq     int
	Rev     int
	touched map[string]bool
	written map[string]int
	// adding is the set Add waits for while its text is read.
	adding ImportSet
}

// previewID names the read request of the latest keystroke's preview.
func (f *ImportForm) previewID() string { return "preview-" + strconv.Itoa(f.Seq) }

// Adding reports whether Add waits for its set's text to be read.
func (im *Imports) Adding() bool { return im.Form.adding.ID != "" }

// Busy says what the form waits for, if anything: the text of the set
// being added, or of the preview, read by the import reader.
func (im *Imports) Busy() string {
	switch {
	case im.Form.adding.ID != "":
		return "Reading the text to add it…"
	case im.asked[im.Form.previewID()]:
		return "Reading the text… (the first time, the reader of benchmark formats is fetched)"
	}
	return ""
}

// FieldRev changes when a field is written from outside its control
// (pre-fill from the text, edit, clear after adding).
func (f *ImportForm) FieldRev(name string) int { return f.written[name] }

func (f *ImportForm) write(name, value string) {
	if f.Values == nil {
		f.Values = map[string]string{}
		f.written = map[string]int{}
	}
	f.Values[name] = value
	f.written[name]++
	f.Rev++
}

func (f *ImportForm) reset(msg string) {
	for _, fd := range ImportFields {
		f.write(fd.Name, "")
	}
	f.touched, f.Editing, f.Preview, f.Msg = nil, "", nil, msg
}

// set reads the form into a checked import set.
func (f *ImportForm) set() (ImportSet, error) {
	v := f.Values
	s := ImportSet{Text: v["text"], MCU: strings.TrimSpace(v["mcu"]), Board: strings.TrimSpace(v["board"]),
		Config: strings.TrimSpace(v["config"]), Version: strings.TrimSpace(v["version"])}
	if c := strings.TrimSpace(v["clock"]); c != "" {
		mhz, ok := workload.MHz(c)
		if !ok {
			return s, fmt.Errorf("clock %q: accepted: %s", v["clock"], workload.MHzAccepted)
		}
		s.ClockMHz = mhz
	}
	if r := strings.TrimSpace(v["session-ram"]); r != "" {
		n, ok := bench.ReadSize(r)
		if !ok {
			return s, fmt.Errorf("TLS session RAM %q: accepted: %s", v["session-ram"], SessionRAMAccepted)
		}
		s.SessionRAM = n
	}
	return s.Check()
}

// ImportInput records what the user typed in a paste-panel field and
// returns the sequence number the preview must wait for.
func (p *Page) ImportInput(name, value string) int {
	f := &p.Imports.Form
	if !slices.ContainsFunc(ImportFields, func(x ImportField) bool { return x.Name == name }) {
		return f.Seq
	}
	if f.Values == nil {
		f.Values, f.written = map[string]string{}, map[string]int{}
	}
	if f.touched == nil {
		f.touched = map[string]bool{}
	}
	f.Values[name] = value
	f.touched[name] = true
	f.Seq++
	return f.Seq
}

// PreviewImport parses the pasted text as it stands after a pause in
// typing (seq is the keystroke it waited for; a later one makes its own
// preview) and pre-fills the names the text states into the fields the
// user has not touched.
func (p *Page) PreviewImport(seq int) {
	f := &p.Imports.Form
	if seq != f.Seq {
		return
	}
	f.Msg = ""
	f.Rev++
	if strings.TrimSpace(f.Values["text"]) == "" {
		f.Preview = nil
		return
	}
	s, err := f.set()
	if err != nil {
		f.Msg = err.Error()
	}
	if r, ok := p.Imports.read(dataset.ReadRequest{ID: f.previewID(), Name: "pasted", Text: s.Text, Names: s.override()}); ok {
		p.showPreview(r)
	}
}

// showPreview shows what the pasted text holds and pre-fills the names
// it states into the fields the user has not touched.
func (p *Page) showPreview(im dataset.Imported) {
	f := &p.Imports.Form
	f.Rev++
	found := map[string]string{"mcu": im.Found.MCU, "board": im.Found.Board, "config": im.Found.Config, "version": im.Found.Version}
	if im.Found.ClockHz > 0 {
		found["clock"] = strconv.FormatFloat(float64(im.Found.ClockHz)/1e6, 'f', -1, 64)
	}
	for name, v := range found {
		if !f.touched[name] && v != "" && f.Values[name] != v {
			f.write(name, v)
		}
	}
	if im.Configs > 1 && f.Msg == "" {
		f.Msg = fmt.Sprintf("%d builds found: each keeps the names the text gives it; the fields above fill only what it leaves out.", im.Configs)
	}
	f.Preview = &im
}

// AddImport adds (or, when editing, replaces) the set in the form,
// re-indexing and ranking, paced (Pace). It reports whether storage
// should be written.
func (p *Page) AddImport() bool {
	im := &p.Imports
	f := &im.Form
	f.Rev++
	s, err := f.set()
	if err != nil {
		f.Msg = "Not added: " + err.Error()
		return false
	}
	r, ok := im.parse(s)
	if !ok {
		f.adding = s // Answer adds it
		return false
	}
	return p.addRead(s, r)
}

// addRead adds a set whose text was read (AddImport).
func (p *Page) addRead(s ImportSet, r dataset.Imported) bool {
	im := &p.Imports
	f := &im.Form
	f.Rev++
	if len(r.Errors) > 0 {
		// The preview lists the problems (the formats accepted among
		// them): the message points there instead of saying them twice.
		f.Msg = "Not added: " + plural(len(r.Errors), "problem", "problems") + " listed in the preview above."
		f.Preview = &r
		return false
	}
	kept := slices.DeleteFunc(slices.Clone(im.Sets), func(x Set) bool { return x.ID == f.Editing || x.ID == s.ID })
	if len(kept) >= MaxSets {
		f.Msg = fmt.Sprintf("Not added: the page holds at most %d imported sets; remove one first.", MaxSets)
		return false
	}
	from := Stored
	if im.StoreBlocked != "" {
		from = Session
	}
	im.Sets = append(kept, Set{ImportSet: s, From: from})
	msg := fmt.Sprintf("Added %d measurements as %s.", len(r.Data.Measurements), s.ID)
	if from == Session {
		msg += " It stays for this visit only: " + im.StoreBlocked
	}
	f.reset(msg)
	im.reindex(p.Pace)
	p.rank()
	f.Msg = msg + " " + p.importedWhere(s.ID)
	return from == Stored
}

// importedWhere says where an imported set's builds landed in the
// ranking: their rank and verdict, or why they are not ranked.
func (p *Page) importedWhere(id string) string {
	var at []string
	n := 0
	for _, c := range p.Results.Res.Candidates {
		if c.Imported != id {
			continue
		}
		if n++; n <= 3 {
			at = append(at, fmt.Sprintf("#%d, %s (%s)", c.Rank, c.Verdict, c.MCU))
		}
	}
	switch {
	case n > 3:
		return "Ranked " + strings.Join(at, "; ") + fmt.Sprintf(" and %d more.", n-3)
	case n > 0:
		return "Ranked " + strings.Join(at, "; ") + "."
	}
	for _, c := range p.Results.Res.NoFigure {
		if c.Imported == id {
			return "Not ranked for this workload: it publishes no figure for " + strings.Join(c.Lacks, ", ") + " (see \"Not ranked\")."
		}
	}
	return "Not ranked for this workload (its part filters or library filter leave it out)."
}

// EditImport loads a set into the form.
func (p *Page) EditImport(id string) {
	f := &p.Imports.Form
	for _, s := range p.Imports.Sets {
		if s.ID != id {
			continue
		}
		clock := ""
		if s.ClockMHz > 0 {
			clock = strconv.FormatFloat(s.ClockMHz, 'f', -1, 64)
		}
		ram := ""
		if s.SessionRAM > 0 {
			ram = strconv.FormatInt(s.SessionRAM, 10) + "B"
		}
		f.reset("")
		for name, v := range map[string]string{"text": s.Text, "mcu": s.MCU, "board": s.Board, "clock": clock, "config": s.Config, "version": s.Version, "session-ram": ram} {
			f.write(name, v)
		}
		f.touched = map[string]bool{"mcu": true, "board": true, "clock": true, "config": true, "version": true, "session-ram": true}
		f.Editing = id
		f.Seq++
		p.PreviewImport(f.Seq)
	}
}

// plural is "1 problem" or "3 problems".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
