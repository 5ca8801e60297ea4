package model

import (
	"bytes"
	"compress/lzw"
	_ "cryptosizer/app/internal/golden" // accepts go test ./... -update
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"cryptosizer/app/dataset"
	"cryptosizer/app/dataset/registry"
	"cryptosizer/app/engine"
	"cryptosizer/app/explain"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/data"
)

func base(t testing.TB) *engine.Index {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	return engine.NewIndex(ds)
}

func load(t testing.TB, rawURL string) *Page {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	p := New(settingtest.Schema, base(t), nil)
	p.Load(u)
	answerAll(t, p)
	return p
}

// answerAll reads what the page asks to be read, as the browser's import
// reader does (Requests, then Answer), and returns how many it read.
func answerAll(t testing.TB, p *Page) int {
	t.Helper()
	n := 0
	for {
		qs, facts := p.Requests()
		if len(qs) == 0 {
			return n
		}
		for _, q := range qs {
			p.Answer(q.ID, registry.Import(facts, q.Name, q.Text, q.Names))
			n++
		}
	}
}

func bare57(t testing.TB) string {
	b, err := os.ReadFile("../../source/wolfcrypt/testdata/bare-5.7.txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// An invalid field never changes what is ranked: the last valid ranking
// stays, marked stale, and the problem line names the field, its text
// and what it accepts. Exports refuse.
func TestInvalidFieldKeepsLastValidRanking(t *testing.T) {
	for _, tc := range []struct{ field, value, want string }{
		{"tls-rate", "40x", `tls-rate "40x": accepted: a number from 0.000001 to 1000000`},
		{"aes-rate", "4 Mi/s", `aes-rate "4 Mi/s": accepted: a rate from 1 B/s to 1 TB/s`},
		{"fw-deadline", "", `fw-deadline "": required when fw-size is set`},
	} {
		p := load(t, "http://x/")
		before := explain.Workload(p.Results.Res.Workload)
		n := len(p.Results.Res.Candidates)
		p.SetParam(tc.field, tc.value)
		if !p.Results.Stale || explain.Workload(p.Results.Res.Workload) != before || len(p.Results.Res.Candidates) != n {
			t.Errorf("%s=%q: stale %v, workload %q (was %q)", tc.field, tc.value, p.Results.Stale, explain.Workload(p.Results.Res.Workload), before)
		}
		probs := strings.Join(p.Problems(), "\n")
		if !strings.Contains(probs, "last valid workload") || !strings.Contains(probs, tc.want) {
			t.Errorf("%s=%q: problems %q lack %q", tc.field, tc.value, probs, tc.want)
		}
		if _, err := p.CSV(); err == nil || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("CSV exported while stale: %v", err)
		}
		if _, err := p.JSON(true); err == nil {
			t.Error("JSON exported while stale")
		}
		if _, _, err := p.ShareLink(&url.URL{Scheme: "http", Host: "x", Path: "/"}); err == nil {
			t.Error("link made while stale")
		}
		// The address keeps the question on screen, invalid or not.
		if q := p.Query(); !strings.Contains(q, url.QueryEscape(tc.field)+"=") && tc.value != "" {
			t.Errorf("query %q lacks the field", q)
		}
		p.SetParam(tc.field, map[string]string{"tls-rate": "40", "aes-rate": "4 MiB/s", "fw-deadline": "1s"}[tc.field])
		if p.Results.Stale || len(p.Problems()) != 0 {
			t.Errorf("%s fixed: still stale (%v)", tc.field, p.Problems())
		}
		if _, err := p.CSV(); err != nil {
			t.Error(err)
		}
	}
}

func TestLoadBadURLParametersFallBack(t *testing.T) {
	p := load(t, "http://x/?tls-rate=banana&fw-size=2MB&fw-deadline=soon&tls-version=1.2&tls-resume-kind=psk-dhe")
	probs := strings.Join(p.Problems(), "\n")
	for _, want := range []string{`tls-rate "banana"`, `fw-deadline "soon"`, `tls-resume-kind "psk-dhe"`, "its default is used instead"} {
		if !strings.Contains(probs, want) {
			t.Errorf("problems lack %q: %s", want, probs)
		}
	}
	if p.Results.Stale || len(p.Form.Errs) != 0 {
		t.Errorf("a loaded page must rank a valid workload: %v", p.Form.Errs)
	}
	if got := p.Form.Params["fw-deadline"]; got != Defaults["fw-deadline"] {
		t.Errorf("fw-deadline %q, want the default", got)
	}
	if p.Form.FieldRev("tls-rate") == 0 {
		t.Error("a field loaded from the address must be written into its control")
	}
}

func TestQueryRoundTrip(t *testing.T) {
	p := load(t, "http://x/?tls-rate=5&tls-suite=x25519-ed25519&tls-mutual=true&fw-size=1MiB&fw-deadline=1s&fw-sig=ed25519&embed=1&origin=https://portal.example.com&pick=k")
	q := p.Query()
	back := load(t, "http://x/?"+q)
	if back.Query() != q || explain.Workload(back.Results.Res.Workload) != explain.Workload(p.Results.Res.Workload) {
		t.Errorf("round trip:\n%s\n%s", q, back.Query())
	}
	if !back.Embed.On || back.Embed.Target != "https://portal.example.com" || back.Results.Selected != "k" {
		t.Errorf("page parameters lost: %+v %q", back.Embed, back.Results.Selected)
	}
}

func TestOrigin(t *testing.T) {
	good := map[string]string{
		"https://portal.example.com": "https://portal.example.com", "http://localhost:8080": "http://localhost:8080",
		"HTTPS://Portal.Example.COM/": "https://portal.example.com", "http://[::1]:8000": "http://[::1]:8000",
	}
	for in, want := range good {
		if got, ok := Origin(in); !ok || got != want {
			t.Errorf("Origin(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, bad := range []string{"null", "javascript:alert(1)", "notaurl", "http://[::1", "data:text/html,x", "*", "",
		"https://a.example/path", "https://a.example?x", "https://a.example#f", "https://u@a.example", "ftp://a.example",
		"https://a.example:99999", "https://a.example:", "https://", "//a.example", "https://a b.example"} {
		if got, ok := Origin(bad); ok {
			t.Errorf("Origin(%q) accepted as %q", bad, got)
		}
	}
}

// With an invalid origin nothing is posted, a message says why, and the
// selection itself still works.
func TestEmbedSelectWithBadOrigin(t *testing.T) {
	p := load(t, "http://x/?embed=1&origin=null&tls-rate=20")
	key := p.Results.Res.Candidates[0].Key
	post, origin := p.Select(key, "http://x/")
	if post != "" || origin != "" || p.Results.Selected != key {
		t.Errorf("posted %q to %q; selected %q", post, origin, p.Results.Selected)
	}
	if !strings.Contains(strings.Join(p.Msgs.List, " "), `the origin parameter "null" is not an http or https origin`) {
		t.Errorf("messages %v", p.Msgs.List)
	}
	p = load(t, "http://x/?embed=1&origin=https://portal.example.com&tls-rate=20")
	post, origin = p.Select(key, "http://x/?embed=1&origin=https%3A%2F%2Fportal.example.com&tls-rate=20")
	var msg struct {
		Type      string
		Candidate engine.Candidate
		URL       string
	}
	if err := json.Unmarshal([]byte(post), &msg); err != nil || msg.Type != "cryptosizer:select" || msg.Candidate.Key != key || origin != "https://portal.example.com" {
		t.Errorf("post %q to %q: %v", post, origin, err)
	}
	// The link posted opens the full page: no embed or origin parameter.
	if msg.URL != "http://x/?tls-rate=20" {
		t.Errorf("posted url %q, want the plain link http://x/?tls-rate=20", msg.URL)
	}
	p = load(t, "http://x/?embed=1")
	p.Embed.UseReferrer("https://portal.example.com/page?x=1")
	if p.Embed.Target != "https://portal.example.com" {
		t.Errorf("referrer origin %q", p.Embed.Target)
	}
}

func set(t testing.TB, mcu string) ImportSet {
	s, err := ImportSet{Text: bare57(t), MCU: mcu, ClockMHz: 160, Config: "desk"}.Check()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Sets from a link are ranked for the visit and stored only when kept.
func TestLinkSetsAreNotStoredUntilKept(t *testing.T) {
	p := New(settingtest.Schema, base(t), nil)
	p.Imports.Read = registry.Import
	p.Imports.add([]ImportSet{set(t, "STM32U585")}, Stored)
	link, note, err := p.ShareLink(&url.URL{Scheme: "http", Host: "x", Path: "/", RawQuery: "tls-rate=20"})
	if err != nil || note != "" {
		t.Fatal(err, note)
	}
	other := load(t, link)
	if len(other.Imports.Sets) != 1 || other.Imports.Sets[0].From != Link || other.Imports.Sets[0].ImportSet != p.Imports.Sets[0].ImportSet {
		t.Fatalf("link sets %+v", other.Imports.Sets)
	}
	imported := 0
	for _, c := range other.Results.Res.Candidates {
		if c.Imported != "" {
			imported++
		}
	}
	if imported != 1 {
		t.Errorf("%d imported candidates ranked from the link", imported)
	}
	if s, _ := other.StoreText(); s != "[]" {
		t.Errorf("a link's sets were to be stored without asking: %.80s", s)
	}
	other.Keep(other.Imports.Sets[0].ID)
	if s, _ := other.StoreText(); !strings.Contains(s, `"mcu":"STM32U585"`) {
		t.Errorf("kept set not stored: %.80s", s)
	}
}

func lzwB64(b []byte) string {
	var buf bytes.Buffer
	w := lzw.NewWriter(&buf, lzw.LSB, 8)
	w.Write(b)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

func TestLinkLimits(t *testing.T) {
	many := make([]ImportSet, MaxSets+1)
	for i := range many {
		many[i] = ImportSet{Text: fmt.Sprintf("SHA-256 %d MB took 1.000 seconds, 1.000 MB/s\n", i+1), MCU: "STM32U585", ClockMHz: 160}
	}
	manyJSON, _ := json.Marshal(many)
	bomb := lzwB64(bytes.Repeat([]byte(" "), maxLinkJSON+10))
	tests := []struct{ name, frag, want string }{
		{"longer than the app makes", linkPrefix + strings.Repeat("A", MaxLinkChars+1), "more than this app puts in a link (6000)"},
		{"too many sets", linkPrefix + lzwB64(manyJSON), "17 sets is more than this app puts in a link (16)"},
		{"unpacks too large", linkPrefix + bomb, "unpacks to more than"},
		{"not base64", linkPrefix + "!!!", "not a link made by this app"},
		{"not JSON", linkPrefix + lzwB64([]byte("nope")), "not a link made by this app"},
		{"a clock out of range", linkPrefix + lzwB64([]byte(`[{"id":"x","text":"SHA-256 1 MB took 1.000 seconds, 1.000 MB/s","mcu":"STM32U585","clock_mhz":1e300}]`)), "refused (clock 1e+300 MHz: accepted: a frequency from 1 to 10000 MHz"},
	}
	for _, tc := range tests {
		p := load(t, "http://x/?tls-rate=2#"+tc.frag)
		if msgs := strings.Join(p.Msgs.List, " "); !strings.Contains(msgs, tc.want) || len(p.Imports.Sets) != 0 {
			t.Errorf("%s: %d sets, messages %q; want %q", tc.name, len(p.Imports.Sets), msgs, tc.want)
		}
	}
	// The encoder refuses what the decoder would.
	if _, err := encodeLink(many); err == nil {
		t.Error("encodeLink made a link of 17 sets")
	}
	big := []ImportSet{{Text: strings.Repeat("SHA-256 1 MB took 1.000 seconds, 1.000 MB/s\n", 5000), MCU: "STM32U585"}}
	if _, err := encodeLink(big); err == nil {
		t.Error("encodeLink made a link the decoder refuses")
	}
}

func TestStoredSetsAreValidated(t *testing.T) {
	p := New(settingtest.Schema, base(t), nil)
	good := set(t, "STM32U585")
	raw, _ := json.Marshal([]ImportSet{good, {ID: "forged", Text: good.Text, MCU: "STM32U585", ClockMHz: 1e300}})
	if !p.LoadStored(string(raw)) {
		t.Fatal("readable store refused")
	}
	if len(p.Imports.Sets) != 1 || p.Imports.Sets[0].ID != good.ID {
		t.Errorf("sets %+v", p.Imports.Sets)
	}
	if !strings.Contains(strings.Join(p.Msgs.List, " "), "1 set(s) refused (clock 1e+300 MHz") {
		t.Errorf("messages %v", p.Msgs.List)
	}
	for _, c := range p.Results.Res.Candidates {
		if c.ClockHz > 10_000_000_000 {
			t.Errorf("clock %d ranked", c.ClockHz)
		}
	}
	if p.LoadStored("{not json") {
		t.Error("unreadable store accepted")
	}
}

func TestAsideNeverOverwrites(t *testing.T) {
	now := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	k1, _ := Aside(map[string]string{}, "bad1", now)
	if !strings.HasPrefix(k1, AsidePrefix+".") {
		t.Fatalf("key %q", k1)
	}
	if k, note := Aside(map[string]string{k1: "bad1"}, "bad1", now); k != "" || !strings.Contains(note, "already kept aside") {
		t.Errorf("same text kept twice: %q %q", k, note)
	}
	k2, _ := Aside(map[string]string{k1: "bad1"}, "bad2", now)
	if k2 == k1 || k2 == "" {
		t.Errorf("second copy %q overwrites the first %q", k2, k1)
	}
	full := map[string]string{AsidePrefix: "a", k1: "b", k2: "c"}
	if k, note := Aside(full, "bad3", now); k != "" || !strings.Contains(note, "3 copies") {
		t.Errorf("a fourth copy: %q %q", k, note)
	}
}

func TestStoreFailureKeepsTheVisit(t *testing.T) {
	p := New(settingtest.Schema, base(t), nil)
	p.Imports.Read = registry.Import
	p.ImportInput("text", bare57(t))
	p.ImportInput("mcu", "STM32U585")
	seq := p.ImportInput("clock", "160")
	p.PreviewImport(seq)
	if !p.AddImport() {
		t.Fatalf("not added: %s", p.Imports.Form.Msg)
	}
	p.StoreFailed(fmt.Errorf("QuotaExceededError"))
	if p.Imports.Sets[0].From != Session || !strings.Contains(strings.Join(p.Msgs.List, " "), "stay for this visit only") {
		t.Errorf("%+v %v", p.Imports.Sets[0].From, p.Msgs.List)
	}
	imported := false
	for _, c := range p.Results.Res.Candidates {
		imported = imported || c.Imported != ""
	}
	if !imported {
		t.Error("the import left the ranking")
	}
	// A store that could not be kept aside is never overwritten.
	p.Imports.StoreBlocked = "the unreadable stored imports could not be kept aside."
	if _, ok := p.StoreText(); ok {
		t.Error("storage would be written over an unread store")
	}
}

// The preview waits for the last keystroke and pre-fills only the
// fields the user has not typed in.
func TestPreviewDebounceAndPrefill(t *testing.T) {
	p := New(settingtest.Schema, base(t), nil)
	p.Imports.Read = registry.Import
	md, err := os.ReadFile("../../source/wolfcrypt/testdata/linebroken.md")
	if err != nil {
		t.Fatal(err)
	}
	p.ImportInput("mcu", "STM32H7 typed")
	s1 := p.ImportInput("text", string(md[:len(md)/2]))
	s2 := p.ImportInput("text", string(md))
	p.PreviewImport(s1)
	if p.Imports.Form.Preview != nil {
		t.Fatal("a preview was made for an earlier keystroke")
	}
	rev := p.Imports.Form.FieldRev("mcu")
	p.PreviewImport(s2)
	f := &p.Imports.Form
	if f.Preview == nil || f.Values["mcu"] != "STM32H7 typed" || f.FieldRev("mcu") != rev {
		t.Errorf("typed MCU overwritten: %q", f.Values["mcu"])
	}
	if f.Values["board"] == "" || f.FieldRev("board") == 0 {
		t.Errorf("board not pre-filled: %q", f.Values["board"])
	}
}

// The page's Download JSON carries every setting: for each field set to
// a value other than the default, the JSON's workload says it (beside
// its query), and the page loaded at that query downloads the same JSON.
func TestDownloadJSONCarriesEverySetting(t *testing.T) {
	ix := base(t)
	page := func(params map[string]string) (*Page, map[string]json.RawMessage, string) {
		t.Helper()
		q := url.Values{}
		for k, v := range params {
			q.Set(k, v)
		}
		u, err := url.Parse("http://x/?" + q.Encode())
		if err != nil {
			t.Fatal(err)
		}
		p := New(settingtest.Schema, ix, nil)
		p.Load(u)
		s, err := p.JSON(true)
		if err != nil {
			t.Fatalf("%v: %v", params, err)
		}
		var doc struct {
			Workload map[string]json.RawMessage `json:"workload"`
		}
		if err := json.Unmarshal([]byte(s), &doc); err != nil {
			t.Fatal(err)
		}
		return p, doc.Workload, s
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
	// On a few series of four cores (a series sample replaces them): the
	// property is the JSON's, not the whole ranking's.
	narrow := maps.Clone(settingtest.Base)
	narrow["series"] = "F4,L0,U5,H7"
	_, baseW, _ := page(narrow)
	for name, value := range settingtest.Values {
		params := maps.Clone(narrow)
		params[name] = value
		_, w, got := page(params)
		if typed(w) == typed(baseW) {
			t.Errorf("%s=%s: the JSON's workload does not carry it", name, value)
		}
		var query string
		if err := json.Unmarshal(w["query"], &query); err != nil {
			t.Fatalf("%s: no query: %v", name, err)
		}
		q, err := url.ParseQuery(query)
		if err != nil {
			t.Fatalf("%s: query %q: %v", name, query, err)
		}
		back := map[string]string{}
		for k := range q {
			back[k] = q.Get(k)
		}
		if _, _, again := page(back); again != got {
			t.Errorf("%s=%s: the page at its JSON's query %q downloads other JSON", name, value, query)
		}
	}
}

// Mbed TLS benchmark output imports through the same panel: the clock is
// inferred from cycles/byte (and pre-filled), the MCU is asked for, and
// the import is ranked with its public-key figures as intervals.
func TestMbedTLSPasteImports(t *testing.T) {
	p := New(settingtest.Schema, base(t), nil)
	p.Imports.Read = registry.Import
	text := "  SHA-256                  :       1962 KiB/s,         89 cycles/byte\n" +
		"  ECDSA-secp256r1          :      7 sign/s\n  ECDSA-secp256r1          :      2 verify/s\n"
	p.ImportInput("text", text)
	seq := p.ImportInput("mcu", "STM32F429ZI")
	p.PreviewImport(seq)
	// The clock the text does not print is pre-filled, and says how it
	// was found (issue 60).
	if pv := p.Imports.Form.Preview; pv == nil || p.Imports.Form.Values["clock"] != "178.8" || !strings.Contains(pv.Found.ClockFrom, "cycles/byte") {
		t.Errorf("pre-filled clock %q, found %+v", p.Imports.Form.Values["clock"], pv)
	}
	if !p.AddImport() {
		t.Fatalf("not added: %s", p.Imports.Form.Msg)
	}
	n := 0
	for _, c := range p.Results.Res.Candidates {
		if c.Imported != "" && c.Library == "Mbed TLS" {
			n++
			if c.ClockHz < 175e6 || c.ClockHz > 185e6 {
				t.Errorf("clock %d: want the one cycles/byte imply (≈ 178.8 MHz)", c.ClockHz)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d imported Mbed TLS candidates", n)
	}
}

// Adding and removing an import index and rank in slices (the page
// yields between them), and answer what an unpaced page answers.
func TestImportIsPaced(t *testing.T) {
	paced, plain := New(settingtest.Schema, base(t), nil), New(settingtest.Schema, base(t), nil)
	paced.Imports.Read, plain.Imports.Read = registry.Import, registry.Import
	pauses := 0
	for _, p := range []*Page{paced, plain} {
		p.ImportInput("text", bare57(t))
		p.ImportInput("mcu", "STM32U585")
		p.PreviewImport(p.ImportInput("clock", "160"))
	}
	paced.Pace = func() { pauses++ }
	if !paced.AddImport() || !plain.AddImport() {
		t.Fatalf("not added: %s", paced.Imports.Form.Msg)
	}
	if groups := len(paced.Index().Dataset().Groups); pauses < groups {
		t.Errorf("adding an import paused %d times, want one a group at least (%d)", pauses, groups)
	}
	a, err := paced.JSON(true)
	if err != nil {
		t.Fatal(err)
	}
	b, err := plain.JSON(true)
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Error("the paced import ranks otherwise than the plain one")
	}
	before := pauses
	paced.Remove(paced.Imports.Sets[0].ID)
	if pauses == before || len(paced.Imports.Sets) != 0 {
		t.Errorf("removing paused %d times, %d sets left", pauses-before, len(paced.Imports.Sets))
	}
}

// A link's page pending (NewLinkPending) shows the link's form and its
// address's messages before any data, ranks nothing, and once live and
// loaded (Live, LoadData) answers exactly what New and Load answer.
func TestLinkPendingAnswersAsLoad(t *testing.T) {
	ix := base(t)
	for _, raw := range []string{"http://x/?tls-rate=33&pick=nope", "http://x/?tls-rate=abc&series=H5", "http://x/?loads=fw&fw-size=1MiB&fw-deadline=2s", "http://x/#imports=!!"} {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		p := NewLinkPending(settingtest.Schema, u, nil)
		if !p.Pending() || !p.LinkPending() || len(p.Results.Res.Candidates) != 0 {
			t.Fatalf("%s: pending %v, link %v, %d candidates before the data", raw, p.Pending(), p.LinkPending(), len(p.Results.Res.Candidates))
		}
		want := New(settingtest.Schema, ix, nil)
		want.Load(u)
		if !maps.Equal(p.Form.Params, want.Form.Params) || fmt.Sprint(p.Form.URLErrs) != fmt.Sprint(want.Form.URLErrs) {
			t.Errorf("%s: pending form %v (errors %v), want %v (%v)", raw, p.Form.Params, p.Form.URLErrs, want.Form.Params, want.Form.URLErrs)
		}
		p.Live(ix)
		if len(p.Results.Res.Candidates) != 0 {
			t.Errorf("%s: Live ranked a link's page before its address was loaded", raw)
		}
		p.Pace = func() {}
		p.LoadData(u)
		if p.LinkPending() || explain.Workload(p.Results.Res.Workload) != explain.Workload(want.Results.Res.Workload) ||
			len(p.Results.Res.Candidates) != len(want.Results.Res.Candidates) || p.Results.Res.Counts != want.Results.Res.Counts ||
			fmt.Sprint(p.Msgs.List) != fmt.Sprint(want.Msgs.List) {
			t.Errorf("%s: live link ranks %q (%v, msgs %v), want %q (%v, msgs %v)", raw, explain.Workload(p.Results.Res.Workload), p.Results.Res.Counts, p.Msgs.List,
				explain.Workload(want.Results.Res.Workload), want.Results.Res.Counts, want.Msgs.List)
		}
	}
}

// The TLS session RAM a user measured on an imported build replaces the
// standards' bound for that build's rows only, labelled as theirs, and
// survives the round trip through storage and links (the set's field);
// a value the field does not accept is refused, naming it.
func TestImportSessionRAMIsTheUsers(t *testing.T) {
	p := New(settingtest.Schema, base(t), nil)
	p.Imports.Read = registry.Import
	p.ImportInput("text", bare57(t))
	p.ImportInput("mcu", "STM32U585")
	p.ImportInput("clock", "160")
	seq := p.ImportInput("session-ram", "lots")
	p.PreviewImport(seq)
	if p.AddImport() || !strings.Contains(p.Imports.Form.Msg, `TLS session RAM "lots": accepted: a size`) {
		t.Fatalf("a session RAM that is not a size: added, or %q", p.Imports.Form.Msg)
	}
	p.ImportInput("session-ram", "48KiB")
	if !p.AddImport() {
		t.Fatalf("not added: %s", p.Imports.Form.Msg)
	}
	if got := p.Imports.Sets[0].SessionRAM; got != 48<<10 {
		t.Fatalf("the set carries %d B, want 49152", got)
	}
	theirs, bound := 0, 0
	for _, c := range p.Results.Res.Candidates {
		for _, r := range c.Requirements {
			if r.Session == nil {
				continue
			}
			switch mine := c.Imported != ""; {
			case mine && (!r.Session.Measured || r.Session.Bytes != 48<<10 || !strings.Contains(r.Session.Terms[0].Cite, "your import set import-")):
				t.Errorf("%s: the imported row's session RAM is %+v, want the user's 48 KiB", c.Key, r.Session)
			case mine:
				theirs++
				for _, f := range explain.Figures {
					if f.Name == "tls_session_ram_bytes" && (f.Text(c) != "48 KiB (yours)" || f.Basis(c) != "measured") {
						t.Errorf("%s: the session RAM column reads %q (%s), want the user's figure as measured", c.Key, f.Text(c), f.Basis(c))
					}
					if f.Name == "free_ram_bytes" && c.Memory != nil && c.Memory.FreeRAMBytes != nil && !strings.Contains(f.Text(c), "TLS session 48 KiB (yours)") {
						t.Errorf("%s: the RAM left reads %q, want the user's session figure, not a bound", c.Key, f.Text(c))
					}
				}
			case r.Session.Measured:
				t.Errorf("%s: a bundled row took the import's session RAM", c.Key)
			default:
				bound++
			}
		}
	}
	if theirs == 0 || bound == 0 {
		t.Errorf("%d imported rows with the user's figure, %d bundled rows with the bound: want both", theirs, bound)
	}
	if _, err := (ImportSet{Text: "x", SessionRAM: -1}).Check(); err == nil {
		t.Error("a negative session RAM from storage or a link passed Check")
	}
}

// Typing in the results' filter box draws no chart per keystroke: the
// charts are marked stale and follow once typing pauses (Typed), as for
// the form; a chart read before then (an export) is drawn first.
func TestFilterChartsFollowThePause(t *testing.T) {
	p := load(t, "http://x/")
	p.WantCharts()
	before := p.Results.Charts[0].Option
	p.SetFilter("H7")
	if !p.Results.ChartsStale || p.Results.Charts[0].Option != before {
		t.Fatal("a keystroke in the filter box redrew the charts")
	}
	opt, ok := p.ChartOption("chart-headroom")
	if !ok || opt == before || p.Results.ChartsStale {
		t.Error("a chart read before the pause is not the filtered one")
	}
	p.SetFilter("")
	if !p.Typed() || p.Results.Charts[0].Option != before {
		t.Error("the pause did not draw the charts of the filter as typed")
	}
}

// Warm ranks the workload on screen once more, as it is or its demand
// scaled, without changing anything shown: the same answer, the same
// revision, the same memory on screen, still its own
// (engine.Result.Check); the next keystroke ranks into the other
// scratch, and the result on screen before it is then void.
// Interrupted, warming reports it did not finish and changes nothing
// shown. A pending page and an invalid form are not ranked.
func TestWarmChangesNothingShown(t *testing.T) {
	p := New(settingtest.Schema, base(t), nil)
	csv, err := p.CSV()
	if err != nil {
		t.Fatal(err)
	}
	rev, shown := p.Results.Rev, &p.Results.Res.Candidates[0]
	for _, k := range []float64{10, 1} {
		if !p.Warm(nil, k) {
			t.Fatalf("a live page with a valid form was not warmed (demand ×%g)", k)
		}
	}
	after, err := p.CSV()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Results.Res.Check(); err != nil || p.Results.Rev != rev || &p.Results.Res.Candidates[0] != shown || after != csv {
		t.Errorf("warming changed what is shown (%v): revision %d → %d, the ranking's memory moved %v, the CSV changed %v",
			err, rev, p.Results.Rev, &p.Results.Res.Candidates[0] != shown, after != csv)
	}
	before := p.Results.Res
	p.SetParam("tls-rate", "105")
	if err := p.Results.Res.Check(); err != nil || &p.Results.Res.Candidates[0] == shown {
		t.Errorf("the keystroke after warming: %v, into the memory on screen %v", err, &p.Results.Res.Candidates[0] == shown)
	}
	if err := before.Check(); err != nil {
		t.Errorf("the result before the keystroke is void one ranking too early: %v", err)
	}
	rev, shown = p.Results.Rev, &p.Results.Res.Candidates[0]
	if p.Warm(func() bool { return true }, 1) {
		t.Error("an interrupted warming reported done")
	}
	if err := p.Results.Res.Check(); err != nil || p.Results.Rev != rev || &p.Results.Res.Candidates[0] != shown {
		t.Errorf("an interrupted warming changed what is shown (%v)", err)
	}
	if err := before.Check(); !errors.Is(err, engine.ErrReused) {
		t.Errorf("a result kept past two rankings: %v, want engine.ErrReused", err)
	}
	p.SetParam("tls-rate", "x")
	if p.Warm(nil, 1) {
		t.Error("warmed with an invalid form")
	}
	if NewPending(settingtest.Schema, nil, nil).Warm(nil, 1) {
		t.Error("warmed a pending page (nothing indexed)")
	}
}

// Every action that changes what the results' view reads moves
// Results.Rev, on which the page's view cache keys (ui/viewcache.go).
func TestEveryResultsChangeMovesRev(t *testing.T) {
	p := New(settingtest.Schema, base(t), nil)
	key := p.Results.Res.Candidates[0].Key
	for _, tc := range []struct {
		name string
		do   func()
	}{
		{"a keystroke", func() { p.SetParam("tls-rate", "11") }},
		{"an invalid keystroke (stale)", func() { p.SetParam("tls-rate", "x") }},
		{"the form made valid", func() { p.SetParam("tls-rate", "12") }},
		{"the filter", func() { p.SetFilter("H7") }},
		{"the sort", func() { p.ToggleSort("headroom") }},
		{"the failures unfolded", p.UnfoldFails},
		{"the failures folded", p.FoldFails},
		{"the not-ranked list", p.ToggleNotRanked},
		{"a pick", func() { p.Select(key, "http://x/") }},
		{"a comparison", func() { p.ToggleCompare(key) }},
		{"an address", func() { p.Load(mustURL(t, "/?tls-rate=13&pick=x")) }},
		{"the same address again", func() { p.Load(mustURL(t, "/?tls-rate=13&pick=y")) }},
	} {
		rev := p.Results.Rev
		tc.do()
		if p.Results.Rev == rev {
			t.Errorf("%s: Results.Rev stayed %d", tc.name, rev)
		}
	}
}

// A link never shows another question's answer: a suite that its own
// key exchange contradicts is refused, as the CLI refuses it, not ranked
// as the suite; TLS settings without a rate name tls-rate instead of
// every candidate passing in silence.
func TestLinkNeverAnswersAnotherQuestion(t *testing.T) {
	for raw, field := range map[string]string{
		"/?tls-rate=1&tls-suite=ecdhe-rsa-2048&tls-kex=mlkem768": "tls-suite",
		"/?tls-role=client&tls-kex=x25519mlkem768":               "tls-rate",
	} {
		p := New(settingtest.Schema, base(t), nil)
		p.Load(mustURL(t, raw))
		named := false
		for _, e := range p.Form.URLErrs {
			named = named || e.Field == field
		}
		if !named {
			t.Errorf("%s: errors %v, want one naming %s", raw, p.Form.URLErrs, field)
		}
		for _, l := range p.Results.Res.Workload.Loads {
			if tls, ok := l.(*engine.TLS); ok && tls.Sig == "rsa-2048" {
				t.Errorf("%s: ranked %s with %s, the suite its key exchange contradicts", raw, tls.Kex, tls.Sig)
			}
		}
	}
}

// The results filter finds what the page prints: its words, commas and
// spaces alike, must all be somewhere in a row — the part group, the
// core, the units, the evidence, a package — and a filter that matches
// nothing matches nothing.
func TestFilterFindsWhatThePagePrints(t *testing.T) {
	p := load(t, "http://x/?tls-rate=10&fw-size=256KiB&fw-deadline=500ms")
	for _, tc := range []struct {
		filter string
		each   func(c engine.Candidate) bool
	}{
		{"H7 PKA", func(c engine.Candidate) bool {
			s := searchText(&c)
			return strings.Contains(s, "h7") && strings.Contains(s, "pka")
		}},
		{"h7, pka", func(c engine.Candidate) bool { return strings.Contains(searchText(&c), "pka") }},
		{"M33", func(c engine.Candidate) bool {
			return c.Facts != nil && c.Facts.Core == "Cortex-M33" || strings.Contains(searchText(&c), "m33")
		}},
		{"Cortex-M33", func(c engine.Candidate) bool { return c.Facts != nil && c.Facts.Core == "Cortex-M33" }},
		{"measured", func(c engine.Candidate) bool { return strings.Contains(searchText(&c), "measured") }},
		{"LQFP64", func(c engine.Candidate) bool {
			return c.Group != nil && strings.Contains(strings.Join(c.Group.Packages, " "), "LQFP64")
		}},
	} {
		p.SetFilter(tc.filter)
		vis := p.Results.Visible()
		if len(vis) == 0 {
			t.Errorf("%q finds nothing", tc.filter)
		}
		for _, c := range vis {
			if !tc.each(c) {
				t.Errorf("%q keeps %s, which does not print it", tc.filter, c.Key)
				break
			}
		}
		if len(vis) == len(p.Results.Res.Candidates) {
			t.Errorf("%q keeps every row", tc.filter)
		}
	}
	p.SetFilter("H7 zzzz")
	if n := len(p.Results.Visible()); n != 0 {
		t.Errorf("a word no row prints still keeps %d rows", n)
	}
}

// In the browser a text is read by the import reader, which answers
// later (Imports.Read nil): the preview, Add, stored sets and a failed
// reader each wait for or refuse their own answer, and nothing else's.
func TestImportReadLater(t *testing.T) {
	p := New(settingtest.Schema, base(t), nil)
	p.ImportInput("text", bare57(t))
	p.PreviewImport(p.ImportInput("mcu", "STM32U585"))
	if p.Imports.Form.Preview != nil {
		t.Fatal("a preview before its text was read")
	}
	old, facts := p.Requests()
	if len(old) != 1 || old[0].Name != "pasted" || len(facts) == 0 {
		t.Fatalf("requests %+v, %d facts; want the preview's, with the parts' facts", old, len(facts))
	}
	p.PreviewImport(p.ImportInput("clock", "160"))
	if p.Answer(old[0].ID, registry.Import(facts, old[0].Name, old[0].Text, old[0].Names)); p.Imports.Form.Preview != nil {
		t.Error("an earlier keystroke's answer was shown as the preview")
	}
	if n := answerAll(t, p); n != 1 || p.Imports.Form.Preview == nil || p.Imports.Form.Preview.Configs != 1 {
		t.Fatalf("%d read; preview %+v", n, p.Imports.Form.Preview)
	}
	if p.AddImport() || p.Imports.Busy() == "" || len(p.Imports.Sets) != 0 {
		t.Fatalf("Add before the set's text was read: busy %q, %d sets", p.Imports.Busy(), len(p.Imports.Sets))
	}
	qs, facts := p.Requests()
	if len(qs) != 1 || !strings.HasPrefix(qs[0].ID, "import-") || qs[0].Name != qs[0].ID {
		t.Fatalf("requests %+v; want the set's", qs)
	}
	if !p.Answer(qs[0].ID, registry.Import(facts, qs[0].Name, qs[0].Text, qs[0].Names)) {
		t.Error("the added set is not to be stored")
	}
	if p.Imports.Busy() != "" || len(p.Imports.Sets) != 1 || !strings.Contains(p.Imports.Form.Msg, "Ranked #") {
		t.Fatalf("after the answer: busy %q, %d sets, %q", p.Imports.Busy(), len(p.Imports.Sets), p.Imports.Form.Msg)
	}
	if p.Answer(qs[0].ID, dataset.Imported{}) {
		t.Error("a second answer was taken")
	}

	// Stored sets wait for their answer; a reader that fails says so.
	stored, _ := p.StoreText()
	q := New(settingtest.Schema, base(t), nil)
	if !q.LoadStored(stored) || !q.Imports.Reading[p.Imports.Sets[0].ID] {
		t.Fatalf("stored set not being read: %+v", q.Imports.Reading)
	}
	qs, _ = q.Requests()
	q.AnswerFailed(qs[0].ID, "the import reader could not be loaded (offline)")
	if why := q.Imports.Errs[qs[0].ID]; !strings.Contains(why, "could not be loaded (offline); reload the page") || len(q.Imports.Reading) != 0 {
		t.Errorf("a failed reader: %q, reading %v", why, q.Imports.Reading)
	}
}

// The JSON export holds what the table shows — the filter's rows, folded
// as laid out — unless every candidate is asked for (issue 60: the
// default workload's whole ranking was 11.9 MB).
func TestJSONExportHoldsTheRowsShown(t *testing.T) {
	p := load(t, "http://x/?tls-rate=20&fw-size=256KiB&fw-deadline=200ms")
	decode := func(all bool) engine.Result {
		s, err := p.JSON(all)
		if err != nil {
			t.Fatal(err)
		}
		var r engine.Result
		if err := json.Unmarshal([]byte(s), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	rows, _, _, hidden := p.Results.Laid()
	shown, all := decode(false), decode(true)
	if len(shown.Candidates) != len(rows) || len(all.Candidates) != len(p.Results.Res.Candidates) || hidden == 0 || len(rows) >= len(all.Candidates) {
		t.Fatalf("shown %d (laid out %d, %d hidden), all %d of %d", len(shown.Candidates), len(rows), hidden, len(all.Candidates), len(p.Results.Res.Candidates))
	}
	for i := range rows {
		if shown.Candidates[i].Key != rows[i].Key {
			t.Fatalf("row %d: %s, the table's is %s", i, shown.Candidates[i].Key, rows[i].Key)
		}
	}
	if shown.Counts != all.Counts || len(shown.NoFigure) != len(all.NoFigure) {
		t.Error("the counts and the builds not ranked are the ranking's, whatever is shown")
	}
	p.SetFilter("H7 PKA")
	if f := decode(false); len(f.Candidates) == 0 || len(f.Candidates) >= len(rows)+hidden {
		t.Errorf("filtered: %d rows", len(f.Candidates))
	} else {
		for _, c := range f.Candidates {
			if !Matches(&c, FilterWords("H7 PKA")) {
				t.Errorf("%s does not match the filter", c.Key)
			}
		}
	}
}
