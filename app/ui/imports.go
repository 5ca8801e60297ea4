package ui

import (
	"bytes"
	"compress/lzw"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
	"cryptosizer/app/engine"
	"cryptosizer/app/explain"
)

// ImportSet is one user import as stored in the browser and carried in
// shared links: the text itself and the names the user gave. It is parsed
// again on every load by the same parsers as the bundled dataset.
type ImportSet struct {
	ID       string  `json:"id"`
	Text     string  `json:"text"`
	MCU      string  `json:"mcu,omitempty"`
	Board    string  `json:"board,omitempty"`
	ClockMHz float64 `json:"clock_mhz,omitempty"`
	Config   string  `json:"config,omitempty"`
	Version  string  `json:"version,omitempty"`
}

func (s ImportSet) override() dataset.Override {
	return dataset.Override{MCU: s.MCU, Board: s.Board, Config: s.Config, Version: s.Version, ClockHz: int64(math.Round(s.ClockMHz * 1e6))}
}

// parse runs the import parsers on a set.
func (s ImportSet) parse() dataset.Imported {
	return dataset.Import(Index().Dataset().MCUs, s.ID, s.Text, s.override())
}

const (
	storageKey = "cryptosizer.imports.v1"
	// maxLinkChars bounds the URL fragment that carries imported sets:
	// long URLs break in mail clients, chat tools and some servers' logs.
	maxLinkChars = 6000
)

// importForm is the state of the paste panel.
type importForm struct {
	text, mcu, board, clock, config, version string
	editing                                  string // ID of the set being edited
	preview                                  *dataset.Imported
	msg                                      string
}

func (f *importForm) set() (ImportSet, string) {
	s := ImportSet{Text: f.text, MCU: strings.TrimSpace(f.mcu), Board: strings.TrimSpace(f.board),
		Config: strings.TrimSpace(f.config), Version: strings.TrimSpace(f.version)}
	if c := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(f.clock), "MHz")); c != "" {
		mhz, err := strconv.ParseFloat(strings.TrimSpace(c), 64)
		if err != nil || !(mhz > 0) || mhz > 10000 {
			return s, fmt.Sprintf("clock %q: accepted: a frequency in MHz such as 64 or 480", f.clock)
		}
		s.ClockMHz = mhz
	}
	// FNV, not SHA-256: an ID needs no cryptography, and crypto/sha256
	// would add its FIPS module to the WebAssembly binary.
	h := fnv.New32a()
	// Every field goes in: the ID also keys the parse cache.
	h.Write([]byte(strings.Join([]string{s.Text, s.MCU, s.Board, strconv.FormatFloat(s.ClockMHz, 'g', -1, 64), s.Config, s.Version}, "\x1f")))
	s.ID = "import-" + strconv.FormatUint(uint64(h.Sum32()), 16)
	return s, ""
}

// loadImports reads the stored sets. A store that cannot be read is kept
// aside (never overwritten) and reported.
func (p *Page) loadImports() {
	if !app.IsClient {
		return
	}
	ls := app.Window().Get("localStorage")
	raw := ls.Call("getItem", storageKey)
	if !raw.Truthy() {
		return
	}
	var sets []ImportSet
	if err := json.Unmarshal([]byte(raw.String()), &sets); err != nil {
		ls.Call("setItem", storageKey+".unreadable", raw.String())
		p.importNote = "Stored imports could not be read (" + err.Error() + "); they were kept aside under " + storageKey + ".unreadable."
		return
	}
	p.imports = sets
}

func (p *Page) saveImports() {
	if !app.IsClient {
		return
	}
	b, err := json.Marshal(p.imports)
	if err != nil {
		p.importNote = "Could not store the imports: " + err.Error()
		return
	}
	app.Window().Get("localStorage").Call("setItem", storageKey, string(b))
}

// reindex ranks the bundled data together with every import that parses.
func (p *Page) reindex() {
	base := Index().Dataset()
	var sets []bench.Dataset
	p.importErrs = map[string]string{}
	if p.parsed == nil {
		p.parsed = map[string]dataset.Imported{}
	}
	for _, s := range p.imports {
		// A set is parsed once; its ID changes with its text and names.
		im, ok := p.parsed[s.ID]
		if !ok {
			im = s.parse()
			p.parsed[s.ID] = im
		}
		if len(im.Errors) > 0 {
			p.importErrs[s.ID] = im.Errors.Error()
			continue
		}
		sets = append(sets, im.Data)
	}
	if len(sets) == 0 {
		p.ix = Index()
		return
	}
	p.ix = engine.NewIndex(dataset.Merge(base, sets...))
}

func (p *Page) index() *engine.Index {
	if p.ix == nil {
		return Index()
	}
	return p.ix
}

// importsFromFragment adds the sets a shared link carries
// (#imports=<base64url LZW JSON>) to the stored ones.
func (p *Page) importsFromFragment(fragment string) {
	v, ok := strings.CutPrefix(fragment, "imports=")
	if !ok || v == "" {
		return
	}
	sets, err := decodeSets(v)
	if err != nil {
		p.importNote = "The link's imported data could not be read: " + err.Error()
		return
	}
	added := 0
	for _, s := range sets {
		if !p.hasImport(s.ID) && len(s.Text) <= dataset.MaxImportBytes {
			p.imports = append(p.imports, s)
			added++
		}
	}
	if added > 0 {
		p.importNote = fmt.Sprintf("%d imported set(s) from the link were added.", added)
		p.saveImports()
	}
}

func (p *Page) hasImport(id string) bool {
	for _, s := range p.imports {
		if s.ID == id {
			return true
		}
	}
	return false
}

func encodeSets(sets []ImportSet) (string, error) {
	b, err := json.Marshal(sets)
	if err != nil {
		return "", err
	}
	// LZW, not gzip: the deflate compressor would add 90 KB to the
	// WebAssembly binary for a few kilobytes of link.
	var buf bytes.Buffer
	w := lzw.NewWriter(&buf, lzw.LSB, 8)
	w.Write(b)
	if err := w.Close(); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(buf.Bytes()), nil
}

func decodeSets(s string) ([]ImportSet, error) {
	if len(s) > 4*maxLinkChars {
		return nil, fmt.Errorf("%d characters is more than a link can carry", len(s))
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, err
	}
	r := lzw.NewReader(bytes.NewReader(b), lzw.LSB, 8)
	defer r.Close()
	raw, err := io.ReadAll(io.LimitReader(r, 4*dataset.MaxImportBytes))
	if err != nil {
		return nil, err
	}
	var sets []ImportSet
	if err := json.Unmarshal(raw, &sets); err != nil {
		return nil, err
	}
	return sets, nil
}

func (p *Page) onImportInput(field *string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		*field = ctx.JSSrc().Get("value").String()
		p.previewImport()
	}
}

// previewImport parses the pasted text as the user types and pre-fills
// the names the text states.
func (p *Page) previewImport() {
	f := &p.form
	f.msg = ""
	if strings.TrimSpace(f.text) == "" {
		f.preview = nil
		return
	}
	s, msg := f.set()
	if msg != "" {
		f.msg = msg
	}
	im := dataset.Import(Index().Dataset().MCUs, "pasted", s.Text, s.override())
	if f.mcu == "" {
		f.mcu = im.Found.MCU
	}
	if f.board == "" {
		f.board = im.Found.Board
	}
	if f.clock == "" && im.Found.ClockHz > 0 {
		f.clock = strconv.FormatFloat(float64(im.Found.ClockHz)/1e6, 'f', -1, 64)
	}
	if f.config == "" {
		f.config = im.Found.Config
	}
	if f.version == "" {
		f.version = im.Found.Version
	}
	if im.Configs > 1 {
		f.msg = fmt.Sprintf("%d builds found: each keeps the names the text gives it; the fields above fill only what it leaves out.", im.Configs)
	}
	f.preview = &im
}

func (p *Page) addImport(ctx app.Context, e app.Event) {
	f := &p.form
	s, msg := f.set()
	if msg != "" {
		f.msg = msg
		return
	}
	im := s.parse()
	if len(im.Errors) > 0 {
		f.msg = "Not added: fix the lines listed below (or name what the text leaves out)."
		f.preview = &im
		return
	}
	var kept []ImportSet
	for _, x := range p.imports {
		if x.ID != f.editing && x.ID != s.ID {
			kept = append(kept, x)
		}
	}
	p.imports = append(kept, s)
	if p.parsed == nil {
		p.parsed = map[string]dataset.Imported{}
	}
	p.parsed[s.ID] = im
	p.saveImports()
	p.form = importForm{msg: fmt.Sprintf("Added %d measurements as %s.", len(im.Data.Measurements), s.ID)}
	p.reindex()
	p.rank()
	p.syncURL(ctx)
}

func (p *Page) removeImport(id string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		var kept []ImportSet
		for _, x := range p.imports {
			if x.ID != id {
				kept = append(kept, x)
			}
		}
		p.imports = kept
		p.saveImports()
		p.reindex()
		p.rank()
	}
}

func (p *Page) editImport(id string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		for _, x := range p.imports {
			if x.ID == id {
				clock := ""
				if x.ClockMHz > 0 {
					clock = strconv.FormatFloat(x.ClockMHz, 'f', -1, 64)
				}
				p.form = importForm{text: x.Text, mcu: x.MCU, board: x.Board, clock: clock, config: x.Config, version: x.Version, editing: id}
				p.previewImport()
			}
		}
	}
}

func (p *Page) renderImport() app.UI {
	f := &p.form
	field := func(id, label string, v *string, hint string) app.UI {
		return app.Div().Class("field").Body(
			app.Label().For(id).Text(label),
			app.Input().Type("text").ID(id).Value(*v).Placeholder(hint).Attr("autocomplete", "off").OnInput(p.onImportInput(v)),
		)
	}
	add := "Add to ranking"
	if f.editing != "" {
		add = "Save changes"
	}
	return app.Details().ID("import").Class("import").Body(
		app.Summary().Text("Import your own measurements"+countSuffix(len(p.imports))),
		app.P().Class("hint").Text(fmt.Sprintf("Paste wolfCrypt benchmark output (any version, with or without the markdown around it, one or many builds) or a CMOX performance table with its header row. Up to %d KiB. It stays in this browser.", dataset.MaxImportBytes/1024)),
		app.Label().For("import-text").Text("Benchmark text"),
		app.Textarea().ID("import-text").Rows(8).Text(f.text).Attr("spellcheck", "false").OnInput(p.onImportInput(&f.text)),
		app.Div().Class("import-fields").Body(
			field("import-mcu", "MCU", &f.mcu, "e.g. STM32H563ZI"),
			field("import-board", "Board", &f.board, "e.g. NUCLEO-H563ZI"),
			field("import-clock", "Clock (MHz)", &f.clock, "e.g. 250"),
			field("import-config", "Configuration", &f.config, "e.g. SP math, no HW crypto"),
			field("import-version", "Library version", &f.version, "e.g. 5.7.0"),
		),
		app.Button().Type("button").ID("import-add").Text(add).OnClick(p.addImport),
		app.If(f.msg != "", func() app.UI { return app.P().ID("import-msg").Role("status").Text(f.msg) }),
		app.If(f.preview != nil, func() app.UI { return renderPreview(f.preview) }),
		app.If(len(p.imports) > 0, func() app.UI {
			return app.Ul().ID("import-sets").Body(app.Range(p.imports).Slice(func(i int) app.UI {
				s := p.imports[i]
				label := s.ID + ": " + strings.TrimSpace(s.MCU+" "+s.Config)
				return app.Li().Body(
					app.Text(label+" "),
					app.If(p.importErrs[s.ID] != "", func() app.UI { return app.Span().Class("error").Text("(not ranked: " + p.importErrs[s.ID] + ") ") }),
					app.Button().Type("button").Text("Edit").Aria("label", "Edit "+s.ID).OnClick(p.editImport(s.ID)),
					app.Button().Type("button").Text("Remove").Aria("label", "Remove "+s.ID).OnClick(p.removeImport(s.ID)),
				)
			}))
		}),
	)
}

func countSuffix(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d imported)", n)
}

// renderPreview shows what was recognized and every line that was not.
// All of it is text nodes: pasted HTML is shown, never interpreted.
func renderPreview(im *dataset.Imported) app.UI {
	ms := im.Data.Measurements
	return app.Div().ID("import-preview").Body(
		app.P().Text(fmt.Sprintf("Recognized %d measurements (%s).", len(ms), orDash(im.Kind))),
		app.If(len(im.Errors) > 0, func() app.UI {
			return app.Ul().Class("import-errors").Body(app.Range(im.Errors).Slice(func(i int) app.UI {
				e := im.Errors[i]
				where := "line " + strconv.Itoa(e.Pos.Line)
				if e.Pos.Line == 0 {
					where = "input"
				}
				return app.Li().Class("error").Text(where + ": " + e.Msg + quoted(e.Text))
			}))
		}),
		app.If(len(ms) > 0, func() app.UI {
			shown := ms
			if len(shown) > 60 {
				shown = shown[:60]
			}
			return app.Table().Class("preview").Body(
				app.THead().Body(app.Tr().Body(th("Line"), th("MCU"), th("Configuration"), th("Operation"), th("Figure"))),
				app.TBody().Body(app.Range(shown).Slice(func(i int) app.UI {
					m := shown[i]
					return app.Tr().Body(app.Td().Text(strconv.Itoa(m.Pos.Line)), app.Td().Text(m.MCU), app.Td().Text(m.Config), app.Td().Text(m.Op), app.Td().Text(m.Printed))
				})),
			)
		}),
	)
}

func quoted(s string) string {
	if s == "" {
		return ""
	}
	if len(s) > 100 {
		s = s[:97] + "..."
	}
	return ": " + strconv.Quote(s)
}

// ---- export and sharing ----

// download hands the browser a file.
func download(name, mime, content string) {
	w := app.Window()
	blob := w.Get("Blob").New([]any{content}, map[string]any{"type": mime})
	url := w.Get("URL").Call("createObjectURL", blob)
	downloadURL(name, url.String())
	w.Get("URL").Call("revokeObjectURL", url)
}

func downloadURL(name, href string) {
	doc := app.Window().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", href)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
}

func (p *Page) exportCSV(ctx app.Context, e app.Event) {
	var buf bytes.Buffer
	if err := explain.CSV(&buf, p.res); err != nil {
		p.shareMsg = "CSV export failed: " + err.Error()
		return
	}
	download("cryptosizer-ranking.csv", "text/csv", buf.String())
}

func (p *Page) exportJSON(ctx app.Context, e app.Event) {
	b, err := json.MarshalIndent(p.res, "", "  ")
	if err != nil {
		p.shareMsg = "JSON export failed: " + err.Error()
		return
	}
	download("cryptosizer-ranking.json", "application/json", string(b))
}

// exportChart saves a chart as PNG (from the canvas) or SVG (rendered
// again by ECharts' SVG renderer, off screen).
func exportChart(id, option, kind string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		w := app.Window()
		ec := w.Get("echarts")
		if !ec.Truthy() {
			return
		}
		if kind == "png" {
			inst := ec.Call("getInstanceByDom", w.Get("document").Call("getElementById", id))
			if inst.Truthy() {
				downloadURL(id+".png", inst.Call("getDataURL", map[string]any{"type": "png", "pixelRatio": 2, "backgroundColor": "#fff"}).String())
			}
			return
		}
		svg := ec.Call("init", nil, nil, map[string]any{"renderer": "svg", "ssr": true, "width": 900, "height": 450})
		svg.Call("setOption", w.Get("JSON").Call("parse", option))
		out := svg.Call("renderToSVGString").String()
		svg.Call("dispose")
		download(id+".svg", "image/svg+xml", out)
	}
}

// shareLink is the page's URL, carrying the imported sets in the fragment
// when they fit.
func (p *Page) shareLink() (string, string) {
	u := *app.Window().URL()
	u.Fragment = ""
	if len(p.imports) == 0 {
		return u.String(), ""
	}
	enc, err := encodeSets(p.imports)
	if err != nil {
		return u.String(), "Imported data left out of the link: " + err.Error()
	}
	if len(enc) > maxLinkChars {
		return u.String(), fmt.Sprintf("The imported data is too large for a link (%d characters compressed; the limit is %d): the link carries the workload only. Export JSON to share the ranking.", len(enc), maxLinkChars)
	}
	return u.String() + "#imports=" + enc, ""
}

func (p *Page) copyLink(ctx app.Context, e app.Event) {
	link, note := p.shareLink()
	p.sharedLink = link
	p.shareMsg = note
	clip := app.Window().Get("navigator").Get("clipboard")
	if clip.Truthy() {
		clip.Call("writeText", link)
		if note == "" {
			p.shareMsg = "Link copied."
		}
	}
}
