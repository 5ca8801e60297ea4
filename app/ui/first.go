package ui

import (
	"bytes"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"cryptosizer/app/ui/model"
)

// FirstView is the first visit's answer, prepared at build time
// (cmd/firstview writes data/first/first.txt; ./build.sh build makes it
// before the wasm): what the results show of the default workload ranked
// on the bundled data, the charts' names and the part count. A first
// visit to the bare address (no query, no fragment, nothing stored)
// mounts the page from it without reading, indexing or ranking the data,
// and does that once the page is on screen or at its first action,
// whichever comes first (Page.goLive): they were half of the start. It is
// the answer the page would rank (TestFirstViewIsCurrent makes it anew
// and compares), and going live checks it: a view that differs from the
// live ranking (a wasm built by hand from other data) is replaced by it.
type FirstView struct {
	View   resultsView
	Charts model.Charts
	Parts  int // part numbers in the data (the parts view's button)
}

// MakeFirstView ranks the default workload on a start's data as a first
// visit's page does and keeps what the results show.
func MakeFirstView(s Start) (FirstView, error) {
	ds, err := s.dataset()
	if err != nil {
		return FirstView{}, fmt.Errorf("the bundled dataset: %w", err)
	}
	m := model.New(s.Schema, s.index(), nil)
	r := &Results{M: m, Client: true}
	return FirstView{View: r.view(nil), Charts: m.Results.Charts, Parts: partCount(ds.Groups)}, nil
}

// shows reports whether the view is what a live page shows: its results
// and charts, and the parts view's count (calling pause, unless nil,
// between the parts of the live view).
func (f *FirstView) shows(m *model.Page, pause func()) bool {
	live, kept := (&Results{M: m, Client: true}).view(pause), f.View
	if len(live.Empty) == 0 && len(kept.Empty) == 0 {
		live.Empty, kept.Empty = nil, nil // none written, none read
	}
	return reflect.DeepEqual(live, kept) && reflect.DeepEqual(m.Results.Charts, f.Charts) &&
		f.Parts == partCount(m.Index().Dataset().Groups)
}

// The prepared view's text is a list of fields, each "name length\n",
// then that many bytes and "\n" (the browser reads it without a JSON
// decoder: that was 30–40 ms of a start in the wasm); a list repeats its
// field, a chart starts with chart.id.
const firstMagic = "cryptosizer first view 2\n"

// MarshalText writes the view.
func (f FirstView) MarshalText() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(firstMagic)
	field := func(name, v string) { fmt.Fprintf(&b, "%s %d\n%s\n", name, len(v), v) }
	v := f.View
	field("workload", v.Workload)
	field("count", strconv.Itoa(v.Count))
	field("status", v.Status)
	field("unknown_why", v.UnknownWhy)
	for _, e := range v.Empty {
		field("empty", e)
	}
	field("table", v.Table)
	field("unbuilt", v.Unbuilt)
	field("no_figure", v.NoFigure)
	field("no_figure_lines", v.NoFigureLines)
	field("rows", strconv.Itoa(v.Rows))
	field("hidden", strconv.Itoa(v.Hidden))
	field("data_line", v.DataLine)
	field("parts", strconv.Itoa(f.Parts))
	for _, c := range f.Charts {
		field("chart.id", c.ID)
		field("chart.label", c.Label)
		field("chart.option", c.Option)
		field("chart.note", c.Note)
	}
	return b.Bytes(), nil
}

// UnmarshalText reads a view MarshalText wrote; an error names the
// field and its place.
func (f *FirstView) UnmarshalText(text []byte) error {
	if !bytes.HasPrefix(text, []byte(firstMagic)) {
		return fmt.Errorf("the prepared first view does not start with %q", strings.TrimSpace(firstMagic))
	}
	*f = FirstView{}
	rest, off := text[len(firstMagic):], len(firstMagic)
	for len(rest) > 0 {
		name, value, n, err := nextField(rest)
		if err != nil {
			return fmt.Errorf("the prepared first view at byte %d: %w", off, err)
		}
		if err := f.set(name, value); err != nil {
			return fmt.Errorf("the prepared first view at byte %d: %s: %w", off, name, err)
		}
		rest, off = rest[n:], off+n
	}
	return nil
}

// nextField reads "name length\nvalue\n" and says how many bytes it took.
func nextField(b []byte) (name, value string, n int, err error) {
	nl := bytes.IndexByte(b, '\n')
	if nl < 0 {
		return "", "", 0, fmt.Errorf("a field's header without its end of line")
	}
	head := string(b[:nl])
	sp := strings.LastIndexByte(head, ' ')
	size, cerr := strconv.Atoi(head[sp+1:])
	if sp <= 0 || cerr != nil || size < 0 || size > len(b) {
		return "", "", 0, fmt.Errorf("the header %q is not \"name length\"", head)
	}
	end := nl + 1 + size
	if end >= len(b) || b[end] != '\n' {
		return "", "", 0, fmt.Errorf("%s: %d bytes announced, the text holds fewer or does not end the field there", head[:sp], size)
	}
	return head[:sp], string(b[nl+1 : end]), end + 1, nil
}

func (f *FirstView) set(name, value string) error {
	num := func(p *int) error {
		v, err := strconv.Atoi(value)
		*p = v
		return err
	}
	chart := func() (*model.Chart, error) {
		if len(f.Charts) == 0 {
			return nil, fmt.Errorf("before any chart.id")
		}
		return &f.Charts[len(f.Charts)-1], nil
	}
	v := &f.View
	switch name {
	case "workload":
		v.Workload = value
	case "count":
		return num(&v.Count)
	case "status":
		v.Status = value
	case "unknown_why":
		v.UnknownWhy = value
	case "empty":
		v.Empty = append(v.Empty, value)
	case "table":
		v.Table = value
	case "unbuilt":
		v.Unbuilt = value
	case "no_figure":
		v.NoFigure = value
	case "no_figure_lines":
		v.NoFigureLines = value
	case "rows":
		return num(&v.Rows)
	case "hidden":
		return num(&v.Hidden)
	case "data_line":
		v.DataLine = value
	case "parts":
		return num(&f.Parts)
	case "chart.id":
		f.Charts = append(f.Charts, model.Chart{ID: value})
	case "chart.label", "chart.option", "chart.note":
		c, err := chart()
		if err != nil {
			return err
		}
		switch name {
		case "chart.label":
			c.Label = value
		case "chart.option":
			c.Option = value
		default:
			c.Note = value
		}
	default:
		return fmt.Errorf("not a field of the first view")
	}
	return nil
}

// ReadFirstView reads the prepared view: nil, with why, when it is
// missing or unreadable.
func ReadFirstView(text []byte) (*FirstView, error) {
	if len(text) == 0 {
		return nil, fmt.Errorf("no prepared first view")
	}
	var f FirstView
	if err := f.UnmarshalText(text); err != nil {
		return nil, err
	}
	return &f, nil
}
