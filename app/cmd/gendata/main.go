// Command gendata reads the seed documents and writes the normalized
// dataset to data/dataset.json, printing a per-source summary. It exits
// non-zero when any source has an error: a dataset built from a document
// it could not fully read is not written.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
	"cryptosizer/app/dataset/derive"
	"cryptosizer/app/dataset/registry"
	"cryptosizer/app/source/stclocks"
	"cryptosizer/app/source/stparts"
)

func main() {
	seeds := flag.String("seeds", "seeds", "directory of seed documents")
	out := flag.String("out", "data/dataset.json", "dataset file to write")
	sources := flag.String("sources", "../shared/sources", "directory of the third-party sources (ST's part database)")
	partsOut := flag.String("parts", "data/parts/parts.json", "part catalogue to write from ST's part database")
	cyclesDir := flag.String("cycles", "data/cycles", "folder of the cycle-count sources' derived figures (<name>.json)")
	measuredDir := flag.String("measured", "data/measured", "folder of the measured sources' derived figures (<name>.json)")
	flag.Parse()
	if err := writeParts(*sources, *partsOut); err != nil {
		fmt.Fprintln(os.Stderr, "gendata:", err)
		os.Exit(1)
	}
	for _, cs := range derive.CycleSources {
		if err := writeCycles(cs, *sources, *cyclesDir); err != nil {
			fmt.Fprintln(os.Stderr, "gendata:", err)
			os.Exit(1)
		}
	}
	for _, ms := range derive.MeasuredSources {
		if err := writeCycles(ms, *sources, *measuredDir); err != nil {
			fmt.Fprintln(os.Stderr, "gendata:", err)
			os.Exit(1)
		}
	}
	b, reports, err := generate(*seeds, *partsOut, *cyclesDir, *measuredDir)
	summary(os.Stdout, reports)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendata:", err)
		os.Exit(1)
	}
	bin := strings.TrimSuffix(*out, ".json") + ".bin"
	packed, err := pack(b)
	if err == nil {
		err = os.WriteFile(*out, b, 0o644)
	}
	if err == nil {
		err = os.WriteFile(bin, packed, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendata:", err)
		os.Exit(1)
	}
	fmt.Printf("wrote %s (%d bytes) and %s (%d bytes)\n", *out, len(b), bin, len(packed))
}

// generate builds the dataset JSON from a seeds directory: mcu-facts.tsv
// holds the curated additions to ST's facts of the measured parts, and every file a registered source claims
// (registry.SourceFor) is read by that source; the part groups come from
// the part catalogue (data/parts/parts.json, derived from ST's data).
func generate(dir, catalogue, cycles, measured string) ([]byte, []dataset.Report, error) {
	factsText, err := os.ReadFile(filepath.Join(dir, "mcu-facts.tsv"))
	if err != nil {
		return nil, nil, err
	}
	curated, ferrs := dataset.ParseFacts("mcu-facts.tsv", string(factsText))
	if len(ferrs) > 0 {
		return nil, nil, ferrs
	}
	catText, err := os.ReadFile(catalogue)
	if err != nil {
		return nil, nil, err
	}
	cat, err := stparts.Decode(catText)
	if err != nil {
		return nil, nil, err
	}
	groups := cat.Groups()
	facts, ferrs := dataset.CompleteFacts("mcu-facts.tsv", curated, groups)
	if len(ferrs) > 0 {
		return nil, nil, ferrs
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	var inputs []dataset.Input
	for _, e := range entries {
		name := e.Name()
		if _, ok := registry.SourceFor(name); !ok {
			continue
		}
		text, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, nil, err
		}
		inputs = append(inputs, dataset.Input{Name: name, Text: string(text)})
	}
	sort.Slice(inputs, func(i, j int) bool { return inputs[i].Name < inputs[j].Name })
	docsText, err := os.ReadFile(filepath.Join(dir, "documents.tsv"))
	if err != nil {
		return nil, nil, err
	}
	docs, derrs := dataset.ParseDocuments("documents.tsv", string(docsText))
	if len(derrs) > 0 {
		return nil, nil, derrs
	}
	ds, reports := registry.Build(facts, inputs)
	ds.Documents = docs
	ds.Groups = groups
	for _, cs := range derive.CycleSources {
		b, err := os.ReadFile(filepath.Join(cycles, cs.Name()+".json"))
		if err != nil {
			return nil, nil, err
		}
		if err := derive.AddCycles(ds, cs, b); err != nil {
			return nil, nil, err
		}
	}
	for _, ms := range derive.MeasuredSources {
		b, err := os.ReadFile(filepath.Join(measured, ms.Name()+".json"))
		if err != nil {
			return nil, nil, err
		}
		if err := derive.AddMeasured(ds, ms, b); err != nil {
			return nil, nil, err
		}
	}
	var all bench.ErrorList
	for _, r := range reports {
		all = append(all, r.Errors...)
	}
	if len(all) > 0 {
		return nil, reports, all
	}
	b, err := dataset.Encode(ds)
	return b, reports, err
}

func summary(w io.Writer, reports []dataset.Report) {
	fmt.Fprintf(w, "%-36s %-8s %12s %10s %8s %8s %8s %6s\n", "file", "source", "measurements", "footprints", "missing", "skipped", "warnings", "errors")
	for _, r := range reports {
		fmt.Fprintf(w, "%-36s %-8s %12d %10d %8d %8d %8d %6d\n", r.Name, r.Source, r.Measurements, r.Footprints, r.Missing, r.Skipped, r.Warnings, len(r.Errors))
		for _, e := range r.Errors {
			fmt.Fprintf(w, "  error: %s\n", e)
		}
	}
	for _, r := range reports {
		for _, k := range r.Same {
			fmt.Fprintf(w, "  %s repeats build %s with the same figures: merged\n", r.Name, k)
		}
		for _, k := range r.Differ {
			fmt.Fprintf(w, "  %s publishes build %s with other figures: kept apart\n", r.Name, k)
		}
	}
}

// pack turns the dataset JSON into the packed form the binaries embed:
// from the JSON, so that the two files always hold the same dataset.
func pack(b []byte) ([]byte, error) {
	ds, err := dataset.Decode(b)
	if err != nil {
		return nil, err
	}
	return dataset.Pack(ds), nil
}

// partsFile is ST's part database extract in the sources directory.
const partsFile = "stm32-open-pin-data.xml"

// writeParts derives the part catalogue from ST's part database. Without
// the sources directory the committed catalogue stays as it is, and
// gendata says so.
func writeParts(sources, out string) error {
	text, err := os.ReadFile(filepath.Join(sources, partsFile))
	if os.IsNotExist(err) {
		fmt.Printf("%s not found: %s kept as committed\n", filepath.Join(sources, partsFile), out)
		return nil
	}
	if err != nil {
		return err
	}
	boards, err := os.ReadFile(filepath.Join(sources, boardsFile))
	if err != nil {
		return err
	}
	clocks, err := os.ReadFile(filepath.Join(sources, stclocks.File))
	if err != nil {
		return err
	}
	b, n, err := parts(string(text), string(boards), string(clocks))
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s (%d part numbers, %d bytes)\n", out, n, len(b))
	return nil
}

// writeCycles derives a cycle-count source's figures from the sources
// directory; without it the committed file stays as it is, and gendata
// says so.
func writeCycles(cs deriver, sources, dir string) error {
	in, out := filepath.Join(sources, cs.File()), filepath.Join(dir, cs.Name()+".json")
	text, err := os.ReadFile(in)
	if os.IsNotExist(err) {
		fmt.Printf("%s not found: %s kept as committed\n", in, out)
		return nil
	}
	if err != nil {
		return err
	}
	b, n, err := cs.Derive(string(text))
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	if err == nil {
		err = os.WriteFile(out, b, 0o644)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	fmt.Printf("wrote %s (%d figures, %d bytes)\n", out, n, len(b))
	return nil
}

// deriver is a third-party source the generator derives a committed
// file from (a cycle-count or a measured source).
type deriver interface {
	Name() string
	File() string
	Derive(text string) ([]byte, int, error)
}

// citeClocks gives each part the clocks ST's driver code states for its
// line where its file states none: the main core's (then its maximum
// clock) and a second core's. A clock the part files state, or infer
// from the same die and clock tree, is kept.
func citeClocks(ps []stparts.Part, clocks []stclocks.Clock) {
	cited := func(c stclocks.Clock, core string) bench.CitedClock {
		d := c.Disagree
		if strings.HasPrefix(d, "none") {
			d = "" // "none", or "none." and a note that is not a disagreement
		}
		return bench.CitedClock{Hz: c.Hz, Core: core, Label: c.Cite.Label(), URL: c.Cite.URL(), Disagree: d}
	}
	for i := range ps {
		p := &ps[i]
		if c, ok := stclocks.For(clocks, p.Part, ""); ok && p.MaxClockHz <= 0 {
			p.MaxClockHz = c.Hz
			p.Clocks = append(p.Clocks, cited(c, ""))
		}
		if len(p.Cores) > 1 {
			if c, ok := stclocks.For(clocks, p.Part, p.Cores[1]); ok {
				p.Clocks = append(p.Clocks, cited(c, p.Cores[1]))
			}
		}
	}
}

// limitUnits gives the parts of a line whose CRYP unit does no GCM and
// no CCM (ST's device headers define neither mode) that limit.
func limitUnits(ps []stparts.Part, modes []stclocks.Modes) {
	for i := range ps {
		for _, m := range modes {
			if m.GCMCCM || !slices.ContainsFunc(m.Lines, func(l string) bool { return strings.HasPrefix(ps[i].Part, l) }) {
				continue
			}
			ps[i].Limits = append(ps[i].Limits, bench.UnitLimit{Unit: "CRYP", Modes: []string{"gcm", "ccm"}, URL: m.URL})
		}
	}
}

// pkaLimited are the lines whose PKA runs in limited mode: "The
// STM32H523/562/563xx devices use the PKA in limited mode (only ECDSA
// signature verification is available)" (RM0481 §36.3, restated in
// ../shared/sources/wolfssl-ecc-ram.md §5). The PKA's other modes —
// signing, key generation, key agreement, RSA — are its limit: no
// estimate carries a donor's PKA figure for them to these parts.
var pkaLimited = struct {
	lines, modes []string
	url          string
}{[]string{"STM32H523", "STM32H562", "STM32H563"}, []string{"sign", "keygen", "agree", "public", "private"},
	"https://stm32.dirba.io/rm0481-stm32h523-33-562-63-573/36-public-key-accelerator-pka/"}

// limitPKA gives the limited-mode parts their PKA limit.
func limitPKA(ps []stparts.Part) {
	for i := range ps {
		if slices.ContainsFunc(pkaLimited.lines, func(l string) bool { return strings.HasPrefix(ps[i].Part, l) }) {
			ps[i].Limits = append(ps[i].Limits, bench.UnitLimit{Unit: "PKA", Modes: pkaLimited.modes, URL: pkaLimited.url})
		}
	}
}

// boardsFile is ST's board list in the sources directory.
const boardsFile = "stm32-open-pin-data-boards.tsv"

// parts is the catalogue file for ST's part database, its board list
// and the clocks ST's driver code states where the part files give none.
func parts(text, boards, clockText string) ([]byte, int, error) {
	ps, src, errs := stparts.Parse(partsFile, text)
	if len(errs) > 0 {
		return nil, 0, errs
	}
	clocks, errs := stclocks.Parse(stclocks.File, clockText)
	if len(errs) > 0 {
		return nil, 0, errs
	}
	citeClocks(ps, append(clocks, stclocks.Curated...))
	modes, errs := stclocks.ParseModes(stclocks.File, clockText)
	if len(errs) > 0 {
		return nil, 0, errs
	}
	limitUnits(ps, modes)
	limitPKA(ps)
	var unmatched []string
	for _, b := range stparts.ParseBoards(boards) {
		found := false
		for i := range ps {
			if !b.Carries(ps[i], ps) {
				continue
			}
			if found = true; !slices.Contains(ps[i].Boards, b.Name) {
				ps[i].Boards = append(ps[i].Boards, b.Name)
			}
		}
		if !found && !strings.HasPrefix(b.RefName, "STM32MP") { // microprocessors are left out
			unmatched = append(unmatched, b.Name+" ("+b.RefName+")")
		}
	}
	for i := range ps {
		slices.Sort(ps[i].Boards)
	}
	if len(unmatched) > 0 {
		fmt.Fprintf(os.Stderr, "gendata: note: ST's part database has no MCU file for the part of %d boards: %s\n", len(unmatched), strings.Join(unmatched, ", "))
	}
	b, err := stparts.Encode(stparts.Catalogue{Source: src, Parts: ps})
	return b, len(ps), err
}
