package stparts_test

import (
	"fmt"
	"strings"
	"testing"

	"cryptosizer/app/source/stparts"
)

// A tiny extract in the form of ST's (made-up parts, not ST's lines), so
// that a fresh clone tests the parser without ../shared/sources: a
// RefName for two part numbers with a flash line each, a dual-core part
// without a <Frequency> whose clock another file of its die and clock tree
// states (inferred, naming that file), one whose clock tree no file with
// a clock shares (unknown, not zero), a microprocessor left out, and a
// file whose sizes do not match its part numbers.
const extract = `<?xml version="1.0" encoding="UTF-8"?>
<!-- test extract; BSD 3-Clause License (test) -->
<Extract commit="0123456789abcdef0123456789abcdef01234567">
<File path="mcu/STM32X0(4-6)Tx.xml">
<Mcu Family="STM32X0" Line="STM32X0x1" Package="LQFP48" RefName="STM32X0(4-6)Tx">
    <Core>ARM Cortex-M33</Core>
    <Frequency>160</Frequency>
    <Ram>64</Ram>
    <Die>DIE999</Die>
    <Flash>256</Flash>
    <Flash>512</Flash>
    <TrustZone>Available</TrustZone>
    <Voltage Max="3.6" Min="1.71"/>
    <Temperature Max="125" Min="-40"/>
    <Current Lowest="0.1" Run="19.5"/>
    <IP InstanceName="PKA" Name="PKA" Version="pka32_v1_0_Cube"/>
    <IP InstanceName="TIM1" Name="TIM1" Version="gptimer2_v2_x_Cube"/>
</Mcu>
</File>
<File path="mcu/STM32X7Zx.xml">
<Mcu ClockTree="X7" Family="STM32X7" Line="STM32X7x5" Package="UFBGA169" RefName="STM32X7Zx">
    <Core>ARM Cortex-M7</Core>
    <Core>ARM Cortex-M4</Core>
    <Ram>1024</Ram>
    <Die>DIE450</Die>
    <Flash>2048</Flash>
</Mcu>
</File>
<File path="mcu/STM32X7Yx.xml">
<Mcu ClockTree="X7" Family="STM32X7" Line="STM32X7x5" Package="LQFP144" RefName="STM32X7Yx">
    <Core>ARM Cortex-M7</Core>
    <Core>ARM Cortex-M4</Core>
    <Frequency>480</Frequency>
    <Ram>1024</Ram>
    <Die>DIE450</Die>
    <Flash>2048</Flash>
</Mcu>
</File>
<File path="mcu/STM32X8Zx.xml">
<Mcu ClockTree="X8" Family="STM32X7" Line="STM32X7x5" Package="UFBGA169" RefName="STM32X8Zx">
    <Core>ARM Cortex-M7</Core>
    <Ram>1024</Ram>
    <Die>DIE450</Die>
    <Flash>2048</Flash>
</Mcu>
</File>
<File path="mcu/STM32MPX.xml">
<Mcu Family="STM32MP1" Line="STM32MP1" Package="TFBGA257" RefName="STM32MPX">
    <Core>ARM Cortex-A7</Core>
</Mcu>
</File>
<File path="mcu/STM32X1(4-6)Px.xml">
<Mcu Family="STM32X1" Line="STM32X1" Package="TSSOP20" RefName="STM32X1(4-6)Px">
    <Core>ARM Cortex-M0+</Core>
    <Ram>6</Ram>
    <Flash>16</Flash>
</Mcu>
</File>
</Extract>`

func TestParseInline(t *testing.T) {
	parts, src, errs := stparts.Parse("x.xml", extract)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "2 part numbers but 1 <Flash>") || !strings.Contains(errs[0].Error(), "x.xml#mcu/STM32X1(4-6)Px.xml") {
		t.Errorf("errors %v, want one for STM32X1's sizes, with its file", errs)
	}
	if src.Commit != "0123456789abcdef0123456789abcdef01234567" || !strings.HasPrefix(src.License, "BSD 3-Clause License") {
		t.Errorf("source %+v", src)
	}
	var names []string
	for _, p := range parts {
		names = append(names, p.Part)
	}
	if strings.Join(names, " ") != "STM32X04Tx STM32X06Tx STM32X7Zx STM32X7Yx STM32X8Zx" {
		t.Fatalf("parts %v", names)
	}
	a, b, dual, stated, none := parts[0], parts[1], parts[2], parts[3], parts[4]
	if a.FlashBytes != 256<<10 || b.FlashBytes != 512<<10 || a.RAMBytes != 64<<10 || b.RAMBytes != 64<<10 {
		t.Errorf("sizes %d/%d, %d/%d", a.FlashBytes, a.RAMBytes, b.FlashBytes, b.RAMBytes)
	}
	if a.MaxClockHz != 160e6 || a.Pins != 48 || !a.TrustZone || *a.RunUAPerMHz != 19.5 || *a.TempMax != 125 || *a.VoltageMin != 1.71 {
		t.Errorf("facts %+v", a)
	}
	if len(a.CryptoUnits) != 1 || a.CryptoUnits[0] != (stparts.Unit{Name: "PKA", Instance: "PKA", Version: "pka32_v1_0_Cube"}) {
		t.Errorf("units %+v: a timer is not a crypto unit", a.CryptoUnits)
	}
	if dual.MaxClockHz != 480e6 || dual.ClockFrom != "mcu/STM32X7Yx.xml" || dual.RunUAPerMHz != nil || strings.Join(dual.Cores, "+") != "Cortex-M7+Cortex-M4" {
		t.Errorf("a part without <Frequency> or <Current>, its clock inferred: %+v", dual)
	}
	if stated.ClockFrom != "" || none.MaxClockHz != 0 || none.ClockFrom != "" {
		t.Errorf("a stated clock %+v; no file of the clock tree states one %+v", stated, none)
	}
	if g := stparts.Group(none); g != "STM32X7/DIE450/Cortex-M7/?MHz/" {
		t.Errorf("group %q", g)
	}
	groups := stparts.Groups(parts, nil)
	if len(groups) != 3 || groups[1].MaxClockHz != 480e6 || len(groups[1].Members) != 2 || groups[1].ClockFrom != "" {
		t.Errorf("groups %+v: the inferred part joins the part that states its clock", groups)
	}
	if _, _, errs := stparts.Parse("x.xml", "not xml"); len(errs) != 1 {
		t.Errorf("not XML: %v", errs)
	}
}

// A board carries the part numbers of its RefName that its file names
// (NUCLEO-X06 carries STM32X06Tx, not STM32X04Tx), all of them when it
// names none, and a row without a board name is named from its file.
func TestBoardsInline(t *testing.T) {
	parts, _, errs := stparts.Parse("x.xml", extract)
	if len(errs) != 1 { // the extract's one malformed part (TestParse)
		t.Fatalf("errors %v, want the one of TestParse", errs)
	}
	boards := stparts.ParseBoards("# header\nfile\tboard\tMcu.CPN\tMcu.Name\tMcu.Family\tMcu.Package\n" +
		"boards/A1_Nucleo_NUCLEO-X06_STM32X06_Board_AllConfig.ioc\tNUCLEO-X06\t\tSTM32X0(4-6)Tx\tSTM32X0\tLQFP48\n" +
		"boards/A2_Nucleo_NUCLEO-X7Y_STM32X7YZ9_Board_AllConfig.ioc\t\tSTM32X7YZ9\tSTM32X7Yx\tSTM32X7\tLQFP144\n" +
		"boards/A3_Disco_DK-X0_STM32X0_Board_AllConfig.ioc\tDK-X0\t\tSTM32X0(4-6)Tx\tSTM32X0\tLQFP48\n")
	if len(boards) != 3 || boards[1].Name != "NUCLEO-X7Y" || boards[1].MCU != "STM32X7YZ9" {
		t.Fatalf("boards %+v", boards)
	}
	carried := map[string][]string{}
	for _, b := range boards {
		for _, p := range parts {
			if b.Carries(p, parts) {
				carried[b.Name] = append(carried[b.Name], p.Part)
			}
		}
	}
	if got := fmt.Sprint(carried); got != "map[DK-X0:[STM32X04Tx STM32X06Tx] NUCLEO-X06:[STM32X06Tx] NUCLEO-X7Y:[STM32X7Yx]]" {
		t.Errorf("carried %s", got)
	}
}
