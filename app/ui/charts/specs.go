package charts

import "cryptosizer/app/engine"

// Spec is what a kind's chart draws: for each candidate, the kind's
// requirement split into stacked bars of its terms' times, or (Share)
// the requirement's CPU share in percent.
type Spec struct {
	ID, Title, Label string
	YName            string  // the axis' unit, e.g. "ms"
	Scale            float64 // from seconds to YName
	Places           int     // decimals shown
	Stack            string  // ECharts stack name
	// ByRule stacks terms by their rule, named here (hash, signature);
	// without it terms stack by operation.
	ByRule map[engine.RuleID]string
	// Line draws the requirement's Required, scaled, as a labelled line.
	Line string
	// Share draws the requirement's CPU share (a continuous load)
	// instead of its terms.
	Share bool
}

// specs are the kinds that have a chart of their own. A kind without
// an entry is drawn in the headroom chart only.
var specs = map[engine.KindName]Spec{
	engine.KindTLS: {ID: "chart-handshake", Title: "Handshake time by operation", Label: "Handshake time split by operation",
		YName: "ms per handshake", Scale: 1e3, Places: 4, Stack: "hs"},
	engine.KindFirmware: {ID: "chart-firmware", Title: "Firmware verify time: hash + signature vs deadline",
		Label: "Firmware verify time split into hashing and signature", YName: "ms", Scale: 1e3, Places: 3, Stack: "fw",
		ByRule: map[engine.RuleID]string{engine.RuleFWHash: "hash", engine.RuleFWVerify: "signature", engine.RuleFWDecrypt: "decryption (AES-CTR)"}, Line: "deadline"},
}

// SpecFor is a kind's chart, if it has one.
func SpecFor(kind engine.KindName) (Spec, bool) {
	s, ok := specs[kind]
	return s, ok
}
