package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"cryptosizer/app/internal/settingtest"
)

type rankDoc struct {
	Workload   map[string]json.RawMessage `json:"workload"`
	Candidates json.RawMessage            `json:"candidates"`
	Counts     json.RawMessage            `json:"counts"`
}

func rankCLI(t *testing.T, args []string) (rankDoc, []byte) {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(append(append([]string{"rank"}, args...), "--format", "json"), &out, &errb); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errb.String())
	}
	var doc rankDoc
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	return doc, out.Bytes()
}

// For every setting and every field of a load, a non-default value goes
// CLI → the ranking's JSON → its query (the URL) → parse, and the
// workload parsed from the URL is the CLI's (its JSON, byte for byte)
// and ranks as the CLI's did (the first candidates and the counts, on
// the CLI's own index: one index for the whole test). The JSON's
// workload also carries the value itself, not only in the query.
func TestEverySettingRoundTrips(t *testing.T) {
	ix, err := bundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range settingtest.Schema.Fields() {
		if _, ok := settingtest.Values[f.Name]; !ok {
			t.Errorf("field %s has no value in settingtest.Values", f.Name)
		}
	}
	var baseArgs []string
	for _, k := range slices.Sorted(maps.Keys(settingtest.Base)) {
		baseArgs = append(baseArgs, "--"+k, settingtest.Base[k])
	}
	const top = 3
	base, _ := rankCLI(t, append(baseArgs, "--top", strconv.Itoa(top)))
	for _, name := range slices.Sorted(maps.Keys(settingtest.Values)) {
		value := settingtest.Values[name]
		t.Run(name, func(t *testing.T) {
			if _, ok := settingtest.Schema.FieldByName(name); !ok {
				t.Fatalf("no field %s", name)
			}
			doc, cli := rankCLI(t, append(slices.Clone(baseArgs), "--"+name, value, "--top", strconv.Itoa(top)))
			var query string
			if err := json.Unmarshal(doc.Workload["query"], &query); err != nil {
				t.Fatalf("workload without a query: %v", err)
			}
			typed := func(w map[string]json.RawMessage) string {
				w = maps.Clone(w)
				delete(w, "query")
				b, err := json.Marshal(w)
				if err != nil {
					t.Fatal(err)
				}
				return string(b)
			}
			if typed(doc.Workload) == typed(base.Workload) {
				t.Errorf("the JSON's workload does not carry --%s %s beside its query", name, value)
			}
			q, err := url.ParseQuery(query)
			if err != nil || q.Get(name) == "" {
				t.Fatalf("query %q lacks %s (%v)", query, name, err)
			}
			w, errs := settingtest.Schema.Parse(settingtest.Schema.FromQuery(q))
			if len(errs) > 0 {
				t.Fatalf("query %q: %v", query, errs)
			}
			res := ix.Rank(w)
			cut(&res, top)
			var buf bytes.Buffer
			if writeJSON(&buf, &buf, res) != 0 {
				t.Fatal(buf.String())
			}
			if !bytes.Equal(buf.Bytes(), cli) {
				t.Errorf("the workload read back from %q ranks otherwise than the CLI's", query)
			}
			if !strings.Contains(query, name+"=") {
				t.Errorf("query %q", query)
			}
		})
	}
}
