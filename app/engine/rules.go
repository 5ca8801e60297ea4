package engine

// The workload → operation-mix rules. Each kind declares its rules in
// its own file (Kind.Rules): what each counts and the reference it rests
// on. Every term and every requirement carries the ID of the rule behind
// it, and the explanations quote the rule's text and reference. IDs are
// typed constants; a rule used but not declared fails a test.

// RuleID names a rule.
type RuleID string

// Rule is one rule of the model.
type Rule struct {
	ID   RuleID `json:"id"`
	Text string `json:"text"` // what the rule says, for explanations
	Ref  string `json:"ref"`  // the reference it rests on
}

// Rules are every kind's rules, in kind order.
func Rules() []Rule {
	var out []Rule
	for _, k := range Kinds {
		out = append(out, k.Rules()...)
	}
	return out
}

// RuleOf returns a rule by ID; ok is false for an ID no kind declares.
func RuleOf(id RuleID) (Rule, bool) {
	for _, k := range Kinds {
		for _, r := range k.Rules() {
			if r.ID == id {
				return r, true
			}
		}
	}
	return Rule{ID: id, Text: "(no such rule)", Ref: "—"}, false
}
