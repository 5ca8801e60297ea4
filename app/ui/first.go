package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"

	"cryptosizer/app/ui/model"
)

// FirstView is the first visit's answer, prepared at build time
// (cmd/firstview writes data/first.json; ./build.sh build makes it before
// the wasm): what the results show of the default workload ranked on the
// bundled data, and the charts' names. A first visit to the bare address
// (no query, no fragment, nothing stored) mounts the page from it without
// indexing the data or ranking, and indexes and ranks once the page is on
// screen or at its first action, whichever comes first (Page.goLive):
// the catalogue and the first ranking were half of the start. It is the
// answer the page would rank (TestFirstViewIsCurrent makes it anew and
// compares), and it answers only the data it was made from (Dataset, the
// bundled dataset's FNV-1a hash: another dataset is ranked live).
type FirstView struct {
	Dataset string       `json:"dataset"`
	View    resultsView  `json:"view"`
	Charts  model.Charts `json:"charts"`
	Parts   int          `json:"parts"` // part numbers in the data (the parts view's button)
}

// DatasetHash is the FNV-1a 64 hash of the bundled dataset's bytes, in
// hex: what a prepared view answers.
func DatasetHash(packed []byte) string {
	h := fnv.New64a()
	_, _ = h.Write(packed)
	return fmt.Sprintf("%016x", h.Sum64())
}

// MakeFirstView ranks the default workload on a start's data as a first
// visit's page does and keeps what the results show.
func MakeFirstView(s Start, packed []byte) (FirstView, error) {
	ds, err := s.dataset()
	if err != nil {
		return FirstView{}, fmt.Errorf("the bundled dataset: %w", err)
	}
	m := model.New(s.index(), nil)
	r := &Results{M: m, Client: true}
	return FirstView{Dataset: DatasetHash(packed), View: r.view(), Charts: m.Results.Charts, Parts: partCount(ds.Groups)}, nil
}

// ReadFirstView reads a prepared view for the bundled dataset (packed):
// nil, with why, when it is missing, unreadable or made from other data.
func ReadFirstView(text, packed []byte) (*FirstView, error) {
	if len(text) == 0 {
		return nil, errors.New("no prepared first view")
	}
	var f FirstView
	if err := json.Unmarshal(text, &f); err != nil {
		return nil, fmt.Errorf("the prepared first view: %w", err)
	}
	if h := DatasetHash(packed); f.Dataset != h {
		return nil, fmt.Errorf("the prepared first view answers dataset %s, not the bundled %s", f.Dataset, h)
	}
	return &f, nil
}
