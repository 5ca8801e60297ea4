package model

import (
	"bytes"
	"compress/lzw"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Links carry imported sets in the URL fragment:
// #imports=<base64url of the LZW-compressed JSON of the sets>. The
// decoder refuses anything beyond what the encoder makes.

// fromLink adds the sets a link carries (#imports=<base64url LZW JSON>)
// for this visit; they are stored only when the user keeps them.
func (im *Imports) fromLink(fragment string, msgs *Messages) {
	v, ok := strings.CutPrefix(fragment, linkPrefix)
	if !ok || v == "" {
		return
	}
	sets, err := decodeLink(v)
	if err != nil {
		msgs.Add("The link's imported data was refused: " + err.Error())
		return
	}
	n, note := im.add(sets, Link)
	switch {
	case n > 0 && note != "":
		msgs.Add(fmt.Sprintf("%d imported set(s) from the link are ranked for this visit (Keep stores them); %s.", n, note))
	case n > 0:
		msgs.Add(fmt.Sprintf("%d imported set(s) from the link are ranked for this visit; Keep stores them in this browser.", n))
	case note != "":
		msgs.Add("The link's imported data: " + note + ".")
	}
}

func encodeLink(sets []ImportSet) (string, error) {
	if len(sets) > MaxSets {
		return "", fmt.Errorf("%d sets is more than a link carries (%d)", len(sets), MaxSets)
	}
	b, err := json.Marshal(sets)
	if err != nil {
		return "", err
	}
	if len(b) > maxLinkJSON {
		return "", fmt.Errorf("the sets are %d bytes; a link carries at most %d", len(b), maxLinkJSON)
	}
	// LZW, not gzip: the deflate compressor would add 90 KB to the
	// WebAssembly binary for a few kilobytes of link.
	var buf bytes.Buffer
	w := lzw.NewWriter(&buf, lzw.LSB, 8)
	w.Write(b)
	if err := w.Close(); err != nil {
		return "", err
	}
	enc := base64.RawURLEncoding.EncodeToString(buf.Bytes())
	if len(enc) > MaxLinkChars {
		return "", fmt.Errorf("it is too large for a link (%d characters compressed; the limit is %d): the link carries the workload only", len(enc), MaxLinkChars)
	}
	return enc, nil
}

// decodeLink reads a link's sets, refusing anything beyond what
// encodeLink makes: size before decoding, size after, and count.
func decodeLink(s string) ([]ImportSet, error) {
	if len(s) > MaxLinkChars {
		return nil, fmt.Errorf("%d characters is more than this app puts in a link (%d)", len(s), MaxLinkChars)
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("not a link made by this app (%v)", err)
	}
	r := lzw.NewReader(bytes.NewReader(b), lzw.LSB, 8)
	defer r.Close()
	raw, err := io.ReadAll(io.LimitReader(r, maxLinkJSON+1))
	if err != nil {
		return nil, fmt.Errorf("not a link made by this app (%v)", err)
	}
	if len(raw) > maxLinkJSON {
		return nil, fmt.Errorf("it unpacks to more than %d bytes, more than this app puts in a link", maxLinkJSON)
	}
	var sets []ImportSet
	if err := json.Unmarshal(raw, &sets); err != nil {
		return nil, fmt.Errorf("not a link made by this app (%v)", err)
	}
	if len(sets) > MaxSets {
		return nil, fmt.Errorf("%d sets is more than this app puts in a link (%d)", len(sets), MaxSets)
	}
	return sets, nil
}
