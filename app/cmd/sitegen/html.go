package main

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// CSP is the Content-Security-Policy the page carries, as strict as the
// app allows: everything from the page's own origin, WebAssembly
// compilation (the app is Go compiled to wasm), no inline script or style,
// no plugins, no form posts. frame-ancestors cannot be set from a meta
// tag; the README gives the header form for hosts.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
	"object-src 'none'; base-uri 'self'; form-action 'none'"

// normalizeHTML rewrites go-app's generated page so that the same inputs
// give the same bytes: go-app writes each element's attributes in map
// order, which changes from run to run. It sorts them, and puts the CSP
// meta tag right after the charset, before every script and style.
func normalizeHTML(in []byte) ([]byte, error) {
	var out bytes.Buffer
	z := html.NewTokenizer(bytes.NewReader(in))
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if z.Err() == io.EOF {
				return out.Bytes(), nil
			}
			return nil, z.Err()
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			writeTag(&out, tok)
			if tok.Data == "meta" && len(tok.Attr) == 1 && tok.Attr[0].Key == "charset" {
				fmt.Fprintf(&out, "\n    <meta http-equiv=\"Content-Security-Policy\" content=\"%s\">", html.EscapeString(CSP))
			}
		default:
			out.Write(z.Raw())
		}
	}
}

func writeTag(w *bytes.Buffer, tok html.Token) {
	attrs := slices.Clone(tok.Attr)
	slices.SortStableFunc(attrs, func(a, b html.Attribute) int { return strings.Compare(a.Key, b.Key) })
	w.WriteString("<" + tok.Data)
	for _, a := range attrs {
		w.WriteString(" " + a.Key)
		if a.Val != "" || a.Key == "value" || a.Key == "content" {
			w.WriteString(`="` + html.EscapeString(a.Val) + `"`)
		}
	}
	if tok.Type == html.SelfClosingTagToken {
		w.WriteString("/")
	}
	w.WriteString(">")
}
