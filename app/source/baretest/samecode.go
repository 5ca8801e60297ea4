package baretest

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
)

// eccOps are the asymmetric table's operations: the ECC the asm flavour
// runs with the c flavour's code.
var eccOps = []string{"ecdsa-p256-sign", "ecdsa-p256-verify"}

// sameCode reads why the asm flavour prints no ECC and what code it runs
// it with: the known caveat that wolfSSL's Cortex-M assembly SP math
// faults on the first ECC operation, so user_settings.h turns it off
// under CONFIG=asm and the ECC runs in the C SP math (sp_c32.c), as in
// the c flavour. The asymmetric table's own note says its asm column
// stayed "-" because the run timed out before the ECC lines (and names
// Thumb-2 SP math for it): the note is kept in the rule's words, the
// caveat decides which code. The spread is how far the flavours that run
// the same C SP math differ on one board: bare and c on the boards
// without a PKA, whose ECC is software in both (the table's note:
// "roughly identical numbers across configs").
func (p *parser) sameCode() {
	caveat := p.r.lineWith("WOLFSSL_SP_ARM_CORTEX_M_ASM", "C SP-math")
	if caveat == 0 {
		return // a README that does not say so: no rule (the bundled one does: TestSameCodeSpreadIsTheTables)
	}
	note := p.r.lineWith("asm` column is mostly `-`")
	t, ok := p.r.find(1, "Board", "ECDSA P-256 sign (bare)")
	if note == 0 || !ok {
		p.errs.Add(p.pos(caveat), "", "the caveat on the asm flavour's ECC without the asymmetric table's note on its asm column, or without the table")
		return
	}
	var cols [][2]int // per operation, its bare and c columns
	for _, op := range eccOps {
		i, j := slices.Index(t.header, columnOf(op, "bare")), slices.Index(t.header, columnOf(op, "c"))
		if i < 0 || j < 0 {
			p.errs.Add(p.pos(t.line), strings.Join(t.header, "|"), "no bare or c column for %s", op)
			return
		}
		cols = append(cols, [2]int{i, j})
	}
	spread := 1.0
	for _, r := range t.rows {
		b := p.boards[r.cells[0]]
		if b == nil || b.pka != "-" || len(r.cells) != len(t.header) {
			continue // a PKA's bare flavour runs another code
		}
		for _, c2 := range cols {
			bare, okB := number(r.cells[c2[0]])
			c, okC := number(r.cells[c2[1]])
			if okB && okC {
				spread = math.Max(spread, math.Max(bare/c, c/bare))
			}
		}
	}
	p.d.SameCode = append(p.d.SameCode, bench.SameCode{Library: Library, Config: configs["asm"], From: configs["c"], Ops: eccOps,
		Spread: math.Round(spread*1000) / 1000, Pos: p.pos(caveat), SpreadPos: p.pos(t.line),
		Note: "the asm flavour's ECC lines never printed (its run timed out, line " + strconv.Itoa(note) + "); wolfSSL's Cortex-M assembly SP math faults on the first ECC operation, so under CONFIG=asm user_settings.h turns it off and ECC runs in the C SP math, the c flavour's code"})
}

// sameStack reads which flavours' stacks the stack table's figures
// stand for, where the README says the code is the same: on a board
// without a PKA the bare flavour's ECC is software, the C SP math the c
// flavour runs and the asm flavour falls back to (the asm caveat), and
// the software boards' stacks are that code's ("SW-only boards … execute
// the full SP-math precomp on stack"); its symmetric stack is
// byte-constant on M3/M4F/M7F/M33F whether a unit or C runs it, so the c
// flavour's (C) symmetric stack is that figure too, while the asm
// flavour's own Thumb-2 symmetric code is not measured. The stack table
// is the bare flavour's (memory): these rules carry its rows to the c and
// asm builds of the same boards, estimated (catalog).
func (p *parser) sameStack() {
	sw := p.r.lineWith("SW-only boards", "SP-math precomp on stack")
	sym := p.r.lineWith("Symmetric stack is byte-constant", "M33F")
	st, ok := p.r.find(1, "Board", "Arch", "HW PKA", "CBC enc")
	if sw == 0 || sym == 0 || !ok {
		return // a README that does not say so: no rule (TestSameStackIsTheReadmes holds the bundled one's)
	}
	var mcus []string
	for _, r := range st.rows {
		if b := p.boards[r.cells[0]]; b != nil && b.pka == "-" && b.core != "Cortex-M0+" {
			mcus = append(mcus, b.chip)
		}
	}
	ecc := "on a board without a PKA the bare flavour's ECC is software, the C SP math (sp_c32.c) that "
	p.d.SameCode = append(p.d.SameCode,
		bench.SameCode{Library: Library, Config: configs["c"], From: configs["bare"], Ops: append(slices.Clone(eccOps), "sha256", "aes-cbc-enc", "aes-gcm-enc"),
			Spread: 1, Pos: p.pos(sw), SpreadPos: p.pos(sym), Memory: true, MCUs: mcus,
			Note: ecc + "the c flavour runs (the software boards' ECC stacks are that code's, line " + strconv.Itoa(sw) + "); the symmetric stack is byte-constant on M3/M4F/M7F/M33F whether a unit or C runs it (line " + strconv.Itoa(sym) + ")"},
		bench.SameCode{Library: Library, Config: configs["asm"], From: configs["bare"], Ops: eccOps,
			Spread: 1, Pos: p.pos(sw), SpreadPos: p.pos(sym), Memory: true, MCUs: mcus,
			Note: ecc + "the asm flavour falls back to (its caveat: the assembly SP math faults, so CONFIG=asm turns it off); its own Thumb-2 symmetric code's stack is not measured"})
}

// columnOf is the asymmetric table's column of op in a flavour.
func columnOf(op, flavour string) string {
	for name, o := range symOps {
		if o == op {
			return name + " (" + flavour + ")"
		}
	}
	return ""
}

// lineWith is the README line of the first line holding every one of
// words; 0 when none does.
func (r readme) lineWith(words ...string) int {
	for i := r.offset; i < len(r.lines); i++ {
		if !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(r.lines[i], w) }) {
			return r.readmeLine(i)
		}
	}
	return 0
}
