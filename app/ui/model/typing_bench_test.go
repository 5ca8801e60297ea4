package model_test

import (
	"testing"

	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/ui/model"
	"cryptosizer/data"
)

// BenchmarkTyping is what the page's model does for a keystroke in the
// TLS rate field (10 ↔ 105 handshakes/s): parse the form, rank, keep
// the answer. The browser adds go-app's render of the table to it.
func BenchmarkTyping(b *testing.B) {
	ds, err := data.Dataset()
	if err != nil {
		b.Fatal(err)
	}
	p := model.New(settingtest.Schema, engine.NewIndex(ds), nil)
	rates := [2]string{"105", "10"}
	n := 0
	for b.Loop() {
		p.SetParam("tls-rate", rates[n%2])
		n++
	}
}
