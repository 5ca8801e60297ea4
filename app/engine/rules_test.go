package engine

import "testing"

// Every rule a kind uses is in Rules, once.
func TestRulesComplete(t *testing.T) {
	seen := map[RuleID]bool{}
	for _, r := range Rules() {
		if seen[r.ID] || r.Text == "" || r.Ref == "" {
			t.Errorf("rule %q repeated or without text and reference", r.ID)
		}
		seen[r.ID] = true
	}
	for _, c := range tlsTable {
		if !seen[c.Rule] {
			t.Errorf("TLS table rule %q is not declared", c.Rule)
		}
	}
}
