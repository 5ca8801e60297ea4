package stparts

import (
	"cryptosizer/app/bench"

	"bytes"
	"encoding/json"
	"fmt"
)

// Catalogue is the derived part data cryptosizer commits (data/parts):
// where it comes from, with the source's license, and one record per
// part number.
type Catalogue struct {
	Source Source `json:"source"`
	Parts  []Part `json:"parts"`
}

// Groups are the catalogue's part groups, with their boards.
func (c Catalogue) Groups() []bench.PartGroup {
	boards := map[string]string{}
	for _, p := range c.Parts {
		for _, b := range p.Boards {
			boards[b] = p.RefName
		}
	}
	return Groups(c.Parts, boards)
}

// Encode writes the catalogue as JSON with one part per line, so that a
// regenerated file diffs line by line.
func Encode(c Catalogue) ([]byte, error) {
	var buf bytes.Buffer
	src, err := json.Marshal(c.Source)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(&buf, "{\"source\": %s,\n\"parts\": [", src)
	for i, p := range c.Parts {
		b, err := json.Marshal(p)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			buf.WriteString(",")
		}
		buf.WriteString("\n ")
		buf.Write(b)
	}
	buf.WriteString("\n]}\n")
	return buf.Bytes(), nil
}

// Decode reads a catalogue written by Encode.
func Decode(b []byte) (Catalogue, error) {
	var c Catalogue
	if err := json.Unmarshal(b, &c); err != nil {
		return c, fmt.Errorf("decoding the part catalogue: %w", err)
	}
	return c, nil
}
