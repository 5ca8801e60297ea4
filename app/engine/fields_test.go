package engine

import (
	"slices"
	"strings"
	"testing"
)

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

// Every field has a name, label and accepted text, and names are unique.
func TestFieldsTable(t *testing.T) {
	seen := map[string]bool{}
	s := NewSchema([]string{"lib-a", "lib-b"})
	if f, _ := s.FieldByName("library"); !slices.Equal(f.Choices, []string{"lib-a", "lib-b"}) || !strings.Contains(f.Accepted, "lib-a, lib-b") {
		t.Errorf("the library field takes the libraries given: %+v", f)
	}
	for _, f := range s.Fields() {
		if f.Name == "" || f.Label == "" || f.Accepted == "" || f.Group == "" || seen[f.Name] {
			t.Errorf("field %+v", f)
		}
		seen[f.Name] = true
		if f.Choices != nil && f.Default != "" {
			found := false
			for _, c := range f.Choices {
				found = found || c == f.Default
			}
			if !found {
				t.Errorf("%s: default %q is not a choice", f.Name, f.Default)
			}
		}
	}
}
