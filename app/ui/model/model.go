// Package model is the web app's state and how it changes: the question on
// the form, the ranking that answers it, the view of that ranking, the
// user's imported measurements and the messages the page shows. It is free
// of go-app and JavaScript, so every trust rule is tested natively; the
// components in package ui render it and carry out its side effects
// (storage, address bar, messages to an embedding page) through package
// browser.
//
// The rules it keeps (DESIGN.md, "Trust rules"):
//   - what is ranked is what is on the form: while a field is invalid the
//     results keep the last valid ranking, marked as such, and say which
//     field is wrong and what it accepts;
//   - a control is written only when its value changes from outside it
//     (the URL at start, an import pre-fill, an edit): FieldRev says when;
//   - data from outside (URL, link fragment, storage) is bounded and
//     validated like the form before it is used.
package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"cryptosizer/app/catalog"
	"cryptosizer/app/dataset"
	"cryptosizer/app/engine"
	"cryptosizer/app/explain"
	"cryptosizer/app/ui/charts"
	"cryptosizer/app/workload"
)

// Defaults is the workload a first visit shows (workload.FirstVisit).
var Defaults = workload.FirstVisit

// Fold is how many candidates of each verdict the table lays out before
// "show all": the first passes, the unknowns with the fewest missing
// figures, the closest failures. Every laid-out row is drawn again on
// each keystroke and mounted at the start: 20 rows instead of 36 took a
// keystroke from 30 to 25 ms while go-app patched rows node by node
// (./build.sh bench; the table is now one HTML text, app/ui/table.go).
var Fold = map[engine.Verdict]int{engine.Pass: 10, engine.Unknown: 5, engine.Fail: 5}

// Page is the whole state of the calculator page.
type Page struct {
	Form    Form
	Results Results
	Imports Imports
	Embed   Embed
	Msgs    Messages
	// DataErr is set when the bundled dataset could not be read.
	DataErr error
	// typing: the ranking answers a keystroke, and its charts wait.
	typing bool
	// Pace, unless nil, is called between pieces of long work (a
	// build's evaluation, a phase of an import's index) so that the page
	// may let the browser run what waits; the page sets it once, when it
	// goes live. Nil: the work runs unpaced.
	Pace func()
	// scratch is the rankings' memory (engine.Ranker.RankInto): the
	// result on screen is in scratch[shown], and the next ranking goes
	// into the other one, which nothing reads any more.
	scratch [2]engine.Scratch
	shown   int
	// pending: NewPending's or NewLinkPending's, until Live; link: the
	// pending page is a link's (NewLinkPending), whose answer Live does
	// not rank: the caller loads the address (Load) once the index is made.
	pending, link bool
}

// Form is the question on screen: the parameters as typed.
type Form struct {
	// Schema is what a workload may say (the command composes it once).
	Schema *workload.Schema
	Params workload.Params
	Errs   workload.Errors
	// URLErrs are the parameters of the address the page was opened
	// with that were invalid; their defaults are used instead.
	URLErrs workload.Errors
	written map[string]int
	Rev     int
	// shown is what the form shows besides the values typed (the field
	// errors, which loads are on, how many filters are set): the form
	// re-renders when it changes, not on every keystroke.
	shown string
}

// showing is the form's errors, load states and filters set in one
// string.
func (f *Form) showing() string {
	var b strings.Builder
	for _, e := range f.Errs {
		b.WriteString(e.Error())
		b.WriteByte('\n')
	}
	for _, k := range engine.Switchable() {
		if f.LoadOn(k) {
			b.WriteString(k)
			b.WriteByte(',')
		}
	}
	b.WriteString(strconv.Itoa(f.FiltersSet()))
	return b.String()
}

// FiltersSet counts the filters set to something other than their
// default (the form says how many, on its closed filters).
func (f *Form) FiltersSet() int {
	n := 0
	for _, g := range f.Schema.Groups() {
		if g.ID != "filter" {
			continue
		}
		for _, fd := range g.Fields {
			if v := f.Params[fd.Name]; !fd.Shorthand && v != "" && v != fd.Default {
				n++
			}
		}
	}
	return n
}

// FieldRev changes each time a field's value is written from outside its
// control; a control is written only then.
func (f *Form) FieldRev(name string) int { return f.written[name] }

// Value is what a field's control shows: the parameter, or for a choice
// left empty its default.
func (f *Form) Value(fd workload.Field) string {
	if v, ok := f.Params[fd.Name]; ok {
		return v
	}
	if f.Schema.Choices(fd.Name) != nil {
		return fd.Default
	}
	return ""
}

func (f *Form) write(p workload.Params) {
	if f.written == nil {
		f.written = map[string]int{}
	}
	f.Params = workload.Params{}
	for _, fd := range f.Schema.Fields() {
		if v, ok := p[fd.Name]; ok {
			f.Params[fd.Name] = v
		}
		f.written[fd.Name]++
	}
	f.Rev++
}

// Results is the ranking on screen and how it is viewed.
type Results struct {
	// Res answers the workload in Res.Workload: the form's, or while the
	// form is invalid the last valid one (Stale).
	Res   engine.Result
	Stale bool
	// Ranked are the parameters Res answers.
	Ranked   workload.Params
	Selected string
	// Compare are the candidates picked for the side-by-side view.
	Compare []string
	Filter  string
	SortBy  string
	// ShowAllFails unfolds every candidate beyond Fold.
	ShowAllFails bool
	// NotRankedOpen: the list of builds not ranked is open (its lines are
	// written only then).
	NotRankedOpen bool
	// ChartsWanted: the charts' place has come near the view (WantCharts);
	// until then Charts only name them, with no option (nor is ECharts
	// loaded): most visits read the table first, and the charts cost the
	// start a few hundred ms.
	ChartsWanted bool
	// ChartsStale: Charts are of an earlier ranking (while typing).
	ChartsStale bool
	Charts      Charts
	// Rev moves with every change to anything above (a ranking, the
	// selection, the filter, the sort, the comparison, the folds): the
	// page's view cache keys on it alone.
	Rev int
}

// Chart is one chart to draw: its element ID, accessible label and
// ECharts option as JSON.
type Chart struct {
	ID, Label, Option string
	// Note says what the chart leaves out ("the first 12 of 30 …").
	Note string
}

// Charts are the charts of the ranking: headroom, then one per kind of
// the workload that has a chart.
type Charts []Chart

// New is the page before the URL is read: the default workload ranked on
// the bundled data, its charts named but not made (WantCharts).
func New(sc *workload.Schema, base *engine.Index, dataErr error) *Page {
	p := &Page{DataErr: dataErr, Form: Form{Schema: sc}}
	p.Imports.base = base
	p.Form.write(Defaults)
	p.rank()
	return p
}

// NewPending is the first visit's page before the bundled data is
// indexed: the default workload on the form, its answer shown from a
// form prepared at build time (the page's part, package ui), no ranking
// yet. Live indexes and ranks; until then nothing may read the ranking
// (the page makes it live before any action).
func NewPending(sc *workload.Schema, charts Charts, dataErr error) *Page {
	p := &Page{DataErr: dataErr, pending: true, Form: Form{Schema: sc}}
	p.Form.write(Defaults)
	p.Form.shown = p.Form.showing()
	p.Results.Ranked = maps.Clone(p.Form.Params)
	p.Results.Charts = charts
	p.Results.Rev = 1 // the answer on screen is the first ranking shown
	return p
}

// NewLinkPending is the page of an address with a question (a query, a
// fragment or stored imports) before the bundled data is indexed: the
// form shows the address's workload and its messages, and no answer is
// shown until Live and Load (the prepared first visit's answer is not
// this question's). Nothing may read the ranking until then.
func NewLinkPending(sc *workload.Schema, u *url.URL, dataErr error) *Page {
	p := &Page{DataErr: dataErr, pending: true, link: true, Form: Form{Schema: sc}}
	p.Form.write(p.loadQuery(u))
	p.Form.shown = p.Form.showing()
	return p
}

// Pending reports whether the ranking on screen is the prepared one, or
// none (a link's: LinkPending): the index is not made yet.
func (p *Page) Pending() bool { return p.pending }

// LinkPending reports whether the page is a link's, pending: no answer is
// on screen yet.
func (p *Page) LinkPending() bool { return p.pending && p.link }

// Live ranks a pending page's form on its data's index: the answer is
// the one the prepared form showed (ui tests that they agree). A link's
// page is not ranked here: its address is loaded next (Load).
func (p *Page) Live(base *engine.Index) {
	if !p.pending {
		return
	}
	p.pending = false
	p.Imports.base = base
	if p.link {
		return
	}
	p.rank()
}

// Index is what is ranked: the bundled data and every import that parses
// (nil while the page is pending).
func (p *Page) Index() *engine.Index { return p.Imports.index() }

// Validation is how close the bundled data's estimates come on a core
// (leave-one-part-out; nil: none could be checked there). Made on the
// first call: the first estimated row whose details are shown.
func (p *Page) Validation(core string) *catalog.Validated {
	if p.Imports.base == nil {
		return nil
	}
	return p.Imports.base.ValidationFor(core)
}

// Warm ranks the form's workload once more, its demand k times
// (engine.Workload.Scaled; 1: as it is), as a keystroke in it would (the
// engine's memo holds the terms of both), into the scratch the next
// keystroke ranks into, which nothing reads: nothing shown changes. The
// page calls it once it is live and idle, so that the user's first
// keystroke does not run the ranking's code for the first time, in
// memory not yet grown (it took 2–5 times a later keystroke's); with
// k > 1 too, since a keystroke in a rate (a digit typed at its end)
// makes candidates fail, whose code a ranking where they pass leaves
// cold. It is paced as every ranking is (Pace), and stops, keeping its
// memory, once interrupted (unless nil) reports true: an input has
// come. It reports whether it ranked to the end (not while pending,
// nor with the form invalid).
func (p *Page) Warm(interrupted func() bool, k float64) bool {
	w, errs := p.Form.Schema.Parse(p.Form.Params)
	if p.pending || len(errs) > 0 {
		return false
	}
	if k != 1 {
		w = w.Scaled(k)
	}
	_, done := p.ranker(interrupted).RankInto(p.Index(), w, &p.scratch[1-p.shown])
	return done
}

// ranker is the page's ranker: paced by Pace, stopped once interrupted
// (unless nil) reports true.
func (p *Page) ranker(interrupted func() bool) engine.Ranker {
	if p.Pace == nil && interrupted == nil {
		return engine.Ranker{}
	}
	return engine.Ranker{Pause: func() bool {
		if p.Pace != nil {
			p.Pace()
		}
		return interrupted == nil || !interrupted()
	}}
}

// rank answers the form, paced (Pace). While the form is invalid the
// previous answer stays, marked stale: a partial workload is never
// ranked.
func (p *Page) rank() {
	w, errs := p.Form.Schema.Parse(p.Form.Params)
	p.Form.Errs = errs
	if sh := p.Form.showing(); sh != p.Form.shown {
		p.Form.shown = sh
		p.Form.Rev++
	}
	if len(errs) > 0 {
		p.Results.Stale = true
		p.Results.Rev++
		return
	}
	// Into the scratch of the ranking before the one on screen, which
	// nothing reads any more (a keystroke allocated ~2 MB without it,
	// and the collector made the slowest keystrokes); the one on screen
	// is the next one's.
	p.shown = 1 - p.shown
	p.Results.Res, _ = p.ranker(nil).RankInto(p.Index(), w, &p.scratch[p.shown])
	p.Results.Stale = false
	p.Results.Ranked = maps.Clone(p.Form.Params)
	p.Results.Rev++
	if p.typing {
		p.Results.ChartsStale = true // Typed draws them once typing pauses
		return
	}
	p.recharts()
}

// ChartOption is the option of the chart with that id, of the ranking on
// screen (drawn now if typing had left the charts behind).
func (p *Page) ChartOption(id string) (string, bool) {
	p.Typed()
	for _, c := range p.Results.Charts {
		if c.ID == id && c.Option != "" {
			return c.Option, true
		}
	}
	return "", false
}

// Typed draws the charts of the ranking the typing left, if they are
// behind it: the page calls it once typing pauses, so that a keystroke
// pays for the table only.
func (p *Page) Typed() bool {
	if !p.Results.ChartsStale {
		return false
	}
	p.recharts()
	p.Results.Rev++
	return true
}

// SetParam records what the user typed in a field and answers it.
func (p *Page) SetParam(name, value string) {
	if _, ok := p.Form.Schema.FieldByName(name); !ok {
		return
	}
	p.Form.Params[name] = value
	p.typing = true
	p.rank()
	p.typing = false
}

// Problems are the lines at the top of the results: each invalid field
// with its text and what it accepts, and each bad URL parameter.
func (p *Page) Problems() []string {
	var out []string
	for _, e := range p.Form.URLErrs {
		out = append(out, "The link's parameter "+e.Error()+" — its default is used instead.")
	}
	if p.Results.Stale {
		var fields []string
		for _, e := range p.Form.Errs {
			fields = append(fields, e.Error())
		}
		out = append(out, "These results answer the last valid workload (shown above the table), not the form: fix "+strings.Join(fields, "; ")+".")
	}
	return out
}

// Load reads the address the page was opened with: the workload (an
// invalid parameter keeps its message and falls back to its default),
// embedding, the picked candidate and imported sets in the fragment; it
// ranks what changed, paced (Pace).
func (p *Page) Load(u *url.URL) {
	p.Form.write(p.loadQuery(u))
	p.LoadData(u)
}

// LoadData reads what of the address needs the data (the imported sets of
// its fragment) and ranks the form if the data or the form changed since
// the last ranking: a link's page once live (NewLinkPending read the
// rest), paced (Pace).
func (p *Page) LoadData(u *url.URL) {
	before := p.Index()
	p.Imports.fromLink(u.Fragment, &p.Msgs)
	p.Imports.reindex(p.Pace)
	if p.Index() == before && !p.Results.Stale && maps.Equal(p.Form.Params, p.Results.Ranked) {
		// The page opened on what it already ranked (the defaults, most
		// often): the start does not rank twice.
		p.Results.Rev++
		return
	}
	p.rank()
}

// loadQuery reads what of the address needs no data: embedding, the
// picked and compared candidates, and the workload's parameters (an
// invalid one falls back to its default, its message in Form.URLErrs).
func (p *Page) loadQuery(u *url.URL) workload.Params {
	q := u.Query()
	p.Embed = loadEmbed(q)
	if pick := q.Get("pick"); len(pick) <= maxKeyLen {
		p.Results.Selected = pick
	}
	// Keys hold commas: the comparison is one compare= per candidate.
	p.Results.Compare = nil
	for _, k := range q["compare"] {
		if k != "" && len(k) <= maxKeyLen && len(p.Results.Compare) < MaxCompare && !slices.Contains(p.Results.Compare, k) {
			p.Results.Compare = append(p.Results.Compare, k)
		}
	}
	// A shorthand (tls-suite) becomes the fields it stands for: the form
	// shows what is ranked.
	sc := p.Form.Schema
	params := sc.Complete(sc.Expand(sc.FromQuery(q)))
	// An invalid parameter falls back to its default, with a message; a
	// fallback can reveal another conflict, so repeat (each round drops at
	// least one parameter).
	var urlErrs workload.Errors
	for range len(sc.Fields()) + 1 {
		_, errs := sc.Parse(params)
		if len(errs) == 0 {
			break
		}
		for _, e := range errs {
			if urlErrs.ByField(e.Field) == nil {
				urlErrs = append(urlErrs, e)
			}
			if d, ok := Defaults[e.Field]; ok && params[e.Field] != d {
				params[e.Field] = d
			} else {
				delete(params, e.Field)
			}
		}
	}
	p.Form.URLErrs = urlErrs
	return params
}

// maxKeyLen bounds a candidate key read from the address.
const maxKeyLen = 300

// Query is the address's query for the current state: the form as typed
// (also when invalid: the address is the question on screen) and the
// page's own parameters.
func (p *Page) Query() string {
	q := p.Form.Schema.Query(p.Form.Params)
	extra := url.Values{}
	if p.Embed.On {
		extra.Set("embed", "1")
	}
	if p.Embed.Origin != "" {
		extra.Set("origin", p.Embed.Origin)
	}
	if p.Results.Selected != "" {
		extra.Set("pick", p.Results.Selected)
	}
	for _, k := range p.Results.Compare {
		extra.Add("compare", k)
	}
	if e := extra.Encode(); e != "" {
		if q != "" {
			q += "&"
		}
		q += e
	}
	return q
}

// ---- the view of the results ----

// Visible are the candidates the filter keeps, in the chosen order.
func (r *Results) Visible() []engine.Candidate {
	q := strings.ToLower(strings.TrimSpace(r.Filter))
	less, sorted := sortColumn(strings.TrimPrefix(r.SortBy, "-"), strings.HasPrefix(r.SortBy, "-"))
	if q == "" && !sorted {
		// The ranking as it is (shared, read-only): a keystroke in the
		// form lists hundreds of candidates, and copying them and their
		// search text was most of the table's render.
		return r.Res.Candidates
	}
	var out []engine.Candidate
	words := FilterWords(q)
	for i := range r.Res.Candidates {
		if c := &r.Res.Candidates[i]; Matches(c, words) {
			out = append(out, *c)
		}
	}
	if sorted {
		sort.SliceStable(out, func(i, j int) bool { return less(out[i], out[j]) })
	}
	return out
}

// Laid lays the visible candidates out as the table shows them: in
// verdict order (pass, unknown, fail), each group in the chosen sort
// order, marking where each group starts. Unless unfolded, only the
// first of each group are laid out (Fold): the catalogue ranks hundreds
// of estimates, and a row that is not there costs no diff and no DOM;
// hidden counts the rest. The JSON export of what the table shows is
// these rows.
func (res *Results) Laid() (rows []engine.Candidate, starts []bool, counts map[engine.Verdict]int, hidden int) {
	cs := res.Visible()
	// Candidates are read in place (a copy is ~0.65 KB), each one's group
	// found once: these loops see every candidate of a keystroke.
	groups := [...]engine.Verdict{engine.Pass, engine.Unknown, engine.Fail}
	var per [len(groups)]int
	of := make([]uint8, len(cs))
	for i := range cs {
		g := engine.VerdictOrder(cs[i].Verdict)
		of[i] = uint8(g)
		per[g]++
	}
	counts = map[engine.Verdict]int{}
	for i, g := range groups {
		if per[i] > 0 {
			counts[g] = per[i]
		}
	}
	// The rows' room, made once (grown by append, the copies were ~40 KB
	// a keystroke): every row a group shows, and the user's own beyond.
	room := len(res.Compare) + 2
	for i, g := range groups {
		if res.ShowAllFails {
			room += per[i]
		} else {
			room += min(per[i], Fold[g])
		}
	}
	rows, starts = make([]engine.Candidate, 0, room), make([]bool, 0, room)
	for gi, g := range groups {
		n, fold := 0, Fold[g]
		for i := range cs {
			if int(of[i]) != gi {
				continue
			}
			// The user's own candidates (imported, picked, compared) are
			// always laid out.
			c := &cs[i]
			if !res.ShowAllFails && n >= fold && c.Imported == "" && c.Key != res.Selected && !slices.Contains(res.Compare, c.Key) {
				hidden++
				continue
			}
			rows = append(rows, *c)
			starts = append(starts, n == 0)
			n++
		}
	}
	return rows, starts, counts, hidden
}

// FilterWords are a filter's words, lower case: commas and spaces alike.
func FilterWords(filter string) []string {
	return strings.FieldsFunc(strings.ToLower(filter), func(r rune) bool { return r == ',' || r == ';' || unicode.IsSpace(r) })
}

// Matches reports whether a candidate has every word somewhere in what
// the page prints of it (as the parts view's search): its part group and
// part, board, library and version, configuration, units, verdict,
// evidence, core, series, the part's units and packages, and "imported"
// with the set's name for a user's own figures.
func Matches(c *engine.Candidate, words []string) bool {
	if len(words) == 0 {
		return true
	}
	text := searchText(c)
	for _, w := range words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}

// searchText is what the filter searches of a candidate, lower case.
func searchText(c *engine.Candidate) string {
	parts := []string{explain.PartName(*c), c.MCU, c.Board, c.Library, c.LibraryVersion, c.Config, strings.Join(c.Acceleration, " "),
		string(c.Verdict), string(c.Basis)}
	if f := c.Facts; f != nil {
		parts = append(parts, f.Core, f.Series, strings.Join(f.Accelerators, " "))
	}
	if g := c.Group; g != nil {
		parts = append(parts, strings.Join(g.Packages, " "), strings.Join(g.Boards, " "))
	}
	if c.Imported != "" {
		parts = append(parts, "imported", c.Imported)
	}
	return strings.ToLower(strings.Join(parts, " "))
}

// SortColumns are the columns the table sorts by: the candidate's
// identity columns, then the figures the registry marks sortable.
var SortColumns = func() []string {
	out := []string{"rank", "mcu", "clock"}
	for _, f := range explain.Figures {
		if f.Sort != "" {
			out = append(out, f.Sort)
		}
	}
	return out
}()

var identityColumns = map[string]func(a, b engine.Candidate) bool{
	"rank":  func(a, b engine.Candidate) bool { return a.Rank < b.Rank },
	"mcu":   func(a, b engine.Candidate) bool { return explain.PartName(a) < explain.PartName(b) },
	"clock": func(a, b engine.Candidate) bool { return a.ClockHz < b.ClockHz },
}

// sortColumn orders by a column; a figure's unknown values come last
// whichever way it is sorted.
func sortColumn(key string, desc bool) (func(a, b engine.Candidate) bool, bool) {
	if less, ok := identityColumns[key]; ok {
		if desc {
			return func(a, b engine.Candidate) bool { return less(b, a) }, true
		}
		return less, true
	}
	f, ok := explain.FigureBySort(key)
	if !ok {
		return nil, false
	}
	return func(a, b engine.Candidate) bool {
		x, okA := f.Value(a)
		y, okB := f.Value(b)
		switch {
		case okA != okB:
			return okA
		case !okA:
			return false
		case desc:
			return x > y
		}
		return x < y
	}, true
}

// SetFilter keeps the candidates whose names contain text.
func (p *Page) SetFilter(text string) {
	if len(text) > workload.MaxValueLen {
		text = text[:workload.MaxValueLen]
	}
	p.Results.Filter = text
	p.Results.Rev++
	p.Results.ChartsStale = true // Typed draws them once typing pauses, as for the form
}

// ToggleSort sorts by a column, ascending first, then descending.
func (p *Page) ToggleSort(col string) {
	if _, ok := sortColumn(col, false); !ok {
		return
	}
	if p.Results.SortBy == col {
		col = "-" + col
	}
	p.Results.SortBy = col
	p.Results.Rev++
	p.recharts()
}

// UnfoldFails shows every failing candidate.
func (p *Page) UnfoldFails() {
	p.Results.ShowAllFails = true
	p.Results.Rev++
}

// ToggleNotRanked opens or closes the list of builds not ranked.
func (p *Page) ToggleNotRanked() {
	p.Results.NotRankedOpen = !p.Results.NotRankedOpen
	p.Results.Rev++
}

// FoldFails goes back to the first rows of each verdict (Fold).
func (p *Page) FoldFails() {
	p.Results.ShowAllFails = false
	p.Results.Rev++
}

// WantCharts makes the charts from now on (the page calls it once their
// place comes near the view); it reports whether they were made now.
func (p *Page) WantCharts() bool {
	if p.Results.ChartsWanted {
		return false
	}
	p.Results.ChartsWanted = true
	p.recharts()
	p.Results.Rev++
	return true
}

func (p *Page) recharts() {
	// Before they are wanted the list names the charts (their boxes keep
	// the page's layout, so nothing below them moves when they are made)
	// and makes no option.
	made := p.Results.ChartsWanted
	p.Results.ChartsStale = false
	cs := p.Results.Visible()
	chart := func(id, label string, draw func() (option, note string), note func() string) Chart {
		c := Chart{ID: id, Label: label}
		if made {
			c.Option, c.Note = draw()
		} else {
			c.Note = note()
		}
		if len(cs) == 0 && len(FilterWords(p.Results.Filter)) > 0 {
			c.Note = "No row matches the filter “" + strings.Join(FilterWords(p.Results.Filter), " ") + "”: the chart shows none."
		}
		return c
	}
	c := Charts{chart("chart-headroom", "Headroom of the tightest requirement per candidate (1× just meets it; green passes, red fails)",
		func() (string, string) { return charts.Headroom(cs) }, func() string { return charts.HeadroomNote(cs) })}
	for _, l := range p.Results.Res.Workload.Loads {
		if spec, ok := charts.SpecFor(l.Kind()); ok {
			c = append(c, chart(spec.ID, spec.Title, func() (string, string) { return charts.Kind(spec, l.Kind(), cs) },
				func() string { return charts.KindNote(l.Kind(), cs) }))
		}
	}
	if charts.HasSession(cs) {
		c = append(c, chart("chart-ram", "Each part's RAM against its TLS handshake's peak", func() (string, string) { return charts.RAM(cs) },
			func() string { return charts.RAMNote(cs) }))
	}
	if title, _, ok := charts.EnergyTitle(cs); ok {
		c = append(c, chart("chart-energy", title, func() (string, string) {
			opt, note, _, _ := charts.Energy(cs)
			return opt, note
		}, func() string { return charts.EnergyNote(cs) }))
	}
	p.Results.Charts = c
}

// Selected is the candidate the user picked, if it is in the ranking.
func (r *Results) SelectedCandidate() *engine.Candidate {
	for i := range r.Res.Candidates {
		if r.Res.Candidates[i].Key == r.Selected {
			return &r.Res.Candidates[i]
		}
	}
	return nil
}

// plainLink is a page address without the embedding's own parameters
// (embed, origin): the link a portal shows opens the full page.
func plainLink(pageURL string) string {
	u, err := url.Parse(pageURL)
	if err != nil {
		return ""
	}
	q := u.Query()
	q.Del("embed")
	q.Del("origin")
	u.RawQuery = q.Encode()
	return u.String()
}

// Select picks a candidate. In embed mode it returns the message to post
// to the embedding page and the origin to post it to; post is empty
// when nothing may be posted (the reason is in the messages).
func (p *Page) Select(key, pageURL string) (post, origin string) {
	if len(key) > maxKeyLen {
		return "", ""
	}
	p.Results.Selected = key
	p.Results.Rev++
	c := p.Results.SelectedCandidate()
	if !p.Embed.On || c == nil {
		return "", ""
	}
	if p.Embed.Target == "" {
		p.Msgs.Add("The selection was not sent to the embedding page: " + p.Embed.Why)
		return "", ""
	}
	msg := map[string]any{"type": "cryptosizer:select", "candidate": c, "url": plainLink(pageURL)}
	b, err := dataset.Marshal(msg)
	if err != nil {
		p.Msgs.Add("The selection could not be sent: " + err.Error())
		return "", ""
	}
	return string(b), p.Embed.Target
}

// MaxCompare is how many candidates the side-by-side view holds.
const MaxCompare = 3

// ToggleCompare adds a candidate to the comparison or takes it out.
func (p *Page) ToggleCompare(key string) {
	r := &p.Results
	switch i := slices.Index(r.Compare, key); {
	case i >= 0:
		r.Compare = slices.Delete(r.Compare, i, i+1)
	case len(key) > maxKeyLen:
		return
	case len(r.Compare) >= MaxCompare:
		p.Msgs.Add(fmt.Sprintf("At most %d candidates side by side: take one out of the comparison first.", MaxCompare))
		return
	default:
		r.Compare = append(r.Compare, key)
	}
	r.Rev++
}

// Compared are the compared candidates still in the ranking, in the
// order they were picked.
func (r *Results) Compared() []engine.Candidate {
	var out []engine.Candidate
	for _, k := range r.Compare {
		for i := range r.Res.Candidates {
			if r.Res.Candidates[i].Key == k {
				out = append(out, r.Res.Candidates[i])
			}
		}
	}
	return out
}

// LoadOn reports whether a kind's load is switched on: listed in the
// loads field, or, while that is empty, given by its fields.
func (f *Form) LoadOn(kind string) bool {
	if l := strings.TrimSpace(f.Params["loads"]); l != "" {
		return slices.Contains(strings.Split(strings.ReplaceAll(l, " ", ""), ","), kind)
	}
	for _, fd := range f.Schema.Fields() {
		if fd.Group == kind && fd.Default == "" && !fd.Shorthand && strings.TrimSpace(f.Params[fd.Name]) != "" {
			return true
		}
	}
	return false
}

// SwitchLoad switches a whole load on or off; its fields keep their
// values either way.
func (p *Page) SwitchLoad(kind string, on bool) {
	var loads []string
	for _, k := range engine.Switchable() {
		if k == kind && on || k != kind && p.Form.LoadOn(k) {
			loads = append(loads, k)
		}
	}
	v := strings.Join(loads, ",")
	if v == "" {
		v = "none"
	}
	p.Form.Params["loads"] = v // not a control: nothing to write into
	p.rank()
}

// ---- exports ----

// refuseStale says why nothing is exported while the form is invalid:
// an export must carry the workload on screen.
func (p *Page) refuseStale(what string) error {
	if !p.Results.Stale {
		return nil
	}
	var fields []string
	for _, e := range p.Form.Errs {
		fields = append(fields, e.Field)
	}
	return fmt.Errorf("%s not made: the form has invalid fields (%s), and the results on screen answer the last valid workload; fix the fields first", what, strings.Join(fields, ", "))
}

// CSV is the ranking as CSV.
func (p *Page) CSV() (string, error) {
	if err := p.refuseStale("CSV"); err != nil {
		return "", err
	}
	var buf bytes.Buffer
	err := explain.CSV(&buf, p.Results.Res)
	return buf.String(), err
}

// JSON is the ranking as JSON, in the CLI's --format json schema (the
// workload, the counts and the builds not ranked included): the rows the
// table shows (the filter's, folded as laid out: Laid), or every
// candidate (all; the default workload's were 11.9 MB).
func (p *Page) JSON(all bool) (string, error) {
	if err := p.refuseStale("JSON"); err != nil {
		return "", err
	}
	res := p.Results.Res
	if !all {
		res.Candidates, _, _, _ = p.Results.Laid()
	}
	b, err := json.MarshalIndent(res, "", "  ")
	return string(b), err
}

// ShareLink is the page's address with the imported sets in its fragment
// when they fit; note says what the link leaves out.
func (p *Page) ShareLink(page *url.URL) (link, note string, err error) {
	if err := p.refuseStale("Link"); err != nil {
		return "", "", err
	}
	u := *page
	u.RawQuery = p.Query()
	u.Fragment = ""
	sets := p.Imports.Sets
	if len(sets) == 0 {
		return u.String(), "", nil
	}
	var plain []ImportSet
	for _, s := range sets {
		plain = append(plain, s.ImportSet)
	}
	enc, err := encodeLink(plain)
	if err != nil {
		return u.String(), "The imported data is left out of the link: " + err.Error() + ". Export JSON to share the ranking.", nil
	}
	return u.String() + "#" + linkPrefix + enc, "", nil
}

// ---- messages ----

// Messages are what the page tells the user beside the results: errors
// from the browser (storage full, a blocked message) and notes about
// data from outside. The newest few are kept.
type Messages struct {
	List []string
	Rev  int
}

const maxMessages = 5

// Add shows a message (once, if it is already shown).
func (m *Messages) Add(s string) {
	if slices.Contains(m.List, s) {
		return
	}
	m.List = append(m.List, s)
	if len(m.List) > maxMessages {
		m.List = m.List[len(m.List)-maxMessages:]
	}
	m.Rev++
}

// Dismiss removes the i-th message.
func (m *Messages) Dismiss(i int) {
	if i >= 0 && i < len(m.List) {
		m.List = slices.Delete(m.List, i, i+1)
		m.Rev++
	}
}
