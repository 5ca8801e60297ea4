package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
	"cryptosizer/data"
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
// workload parsed from the URL ranks as the CLI's did, byte for byte.
// The JSON's workload also carries the value itself, not only in the
// query.
func TestEverySettingRoundTrips(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	ix := engine.NewIndex(ds)
	for _, f := range workload.Fields() {
		if _, ok := settingtest.Values[f.Name]; !ok {
			t.Errorf("field %s has no value in settingtest.Values", f.Name)
		}
	}
	var baseArgs []string
	for _, k := range slices.Sorted(maps.Keys(settingtest.Base)) {
		baseArgs = append(baseArgs, "--"+k, settingtest.Base[k])
	}
	base, _ := rankCLI(t, baseArgs)
	for _, name := range slices.Sorted(maps.Keys(settingtest.Values)) {
		value := settingtest.Values[name]
		t.Run(name, func(t *testing.T) {
			if _, ok := workload.FieldByName(name); !ok {
				t.Fatalf("no field %s", name)
			}
			doc, cli := rankCLI(t, append(slices.Clone(baseArgs), "--"+name, value))
			var query string
			if err := json.Unmarshal(doc.Workload["query"], &query); err != nil {
				t.Fatalf("workload without a query: %v", err)
			}
			typed := func(w map[string]json.RawMessage) string {
				w = maps.Clone(w)
				delete(w, "query")
				b, _ := json.Marshal(w)
				return string(b)
			}
			if typed(doc.Workload) == typed(base.Workload) {
				t.Errorf("the JSON's workload does not carry --%s %s beside its query", name, value)
			}
			q, err := url.ParseQuery(query)
			if err != nil || q.Get(name) == "" {
				t.Fatalf("query %q lacks %s (%v)", query, name, err)
			}
			w, errs := workload.Parse(workload.FromQuery(q))
			if len(errs) > 0 {
				t.Fatalf("query %q: %v", query, errs)
			}
			var buf bytes.Buffer
			if writeJSON(&buf, &buf, ix.Rank(w)) != 0 {
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
