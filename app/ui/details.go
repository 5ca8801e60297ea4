package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
	"cryptosizer/app/engine"
	"cryptosizer/app/explain"
	"cryptosizer/app/ui/browser"
	"cryptosizer/app/ui/model"
)

// hardware says which of the part's crypto peripherals the build uses.
func hardware(c engine.Candidate) string {
	if c.Facts == nil {
		acc := strings.Join(c.Acceleration, "+")
		if acc == "" {
			return "uses none (part facts unknown)"
		}
		return "uses " + acc + " (part facts unknown)"
	}
	if len(c.Facts.Accelerators) == 0 {
		return "none on the part"
	}
	used := strings.Join(c.Acceleration, "+")
	s := "uses " + used + " of " + strings.Join(c.Facts.Accelerators, ", ")
	if used == "" {
		s = "uses none of " + strings.Join(c.Facts.Accelerators, ", ")
	}
	if len(c.ClaimedAcceleration) > 0 {
		s += "; its label also claims " + strings.Join(c.ClaimedAcceleration, "+") + ", which the part lacks"
	}
	return s
}

// partLine is the part's facts in a few words: core, flash and RAM; for
// a part group, its members' range.
func partLine(c engine.Candidate) string {
	f := c.Facts
	if f == nil {
		return "no curated facts"
	}
	if g := c.Group; g != nil {
		// Concatenated, not Sprintf: every row of the table has it.
		members := "×" + strconv.Itoa(g.Members)
		if c.Qualifying != nil {
			members = strconv.Itoa(len(c.Qualifying)) + " of ×" + strconv.Itoa(g.Members) + " qualify"
		}
		if s := explain.ShortOfSession(c); s != "" {
			members += " (" + s + ")"
		}
		return strings.TrimPrefix(f.Core, "Cortex-") + " · " + members + ": " + span(g.Flash) + " flash, " + span(g.RAM) + " RAM · " +
			strings.Join(g.Packages[:min(3, len(g.Packages))], ", ") + more(len(g.Packages)-3)
	}
	flash := explain.Size(f.FlashBytes) + " flash"
	if f.FlashBytes == 0 {
		flash = "no internal flash"
	}
	s := strings.TrimPrefix(f.Core, "Cortex-") + " · " + flash + " · " + explain.Size(f.RAMBytes) + " RAM"
	if f.TrustZone {
		s += " · TrustZone"
	}
	return s
}

// Details is the picked candidate's part, arithmetic and notes, with the
// rule and the source behind every term (linked to the original page).
type Details struct {
	app.Compo
	M   *model.Results
	Rev int
	DS  *bench.Dataset
	// Validated is how close estimates on the selected estimate's core
	// come (nil for a measured row, or where none could be checked).
	Validated *catalog.Validated
}

// Render draws the details.
func (d *Details) Render() app.UI {
	c := d.M.SelectedCandidate()
	if c == nil {
		return app.P().ID("details").Class("hint").TabIndex(-1).Text("Select a row (click, or Tab then Enter) to see its part, arithmetic and sources; tick Compare on two or three rows to see them side by side.")
	}
	why, notes := explain.Why(*c), explain.Notes(*c)
	budget := explain.EnergyLines(*c)
	if m := explain.MemoryLine(*c); m != "" {
		budget = append(budget, m)
	}
	budget = append(budget, explain.SessionLines(*c)...)
	budget = append(budget, explain.VersionLines(*c)...)
	if w := explain.Wire(d.M.Res.Workload); w != "" {
		budget = append(budget, w)
	}
	return app.Elem("section").ID("details").Class("details").TabIndex(-1).Aria("labelledby", "details-title").
		OnKeyDown(func(ctx app.Context, e app.Event) {
			// Escape closes the details, as a dialog's, and gives the
			// focus back to the row they were opened from.
			if browser.EventKey(e) == "Escape" {
				ctx.NewAction(actionDeselect)
			}
		}).Body(
		app.Elem("h2").ID("details-title").Text(c.MCU+" · "+c.Library+" "+c.LibraryVersion+" · "+c.Config),
		// A way back at the top (a phone scrolls far to get here), as
		// Escape: the focus returns to the row.
		app.Elem("button").Attr("type", "button").ID("details-close").Class("details-close").Text("← Back to the row").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionDeselect) }),
		// The verdict and its reason first; the part's facts after the
		// arithmetic.
		app.P().Class("verdict-line").Text("Verdict "+string(c.Verdict)+" — "+explain.Bottleneck(*c)+"; headroom "+explain.CandidateHeadroom(*c)+", clock "+explain.Clock(*c)+" (measured at "+explain.MHz(c.MeasuredClockHz)+"), evidence "+explain.Basis(c.Basis)+" (the weakest of its figures)"),
		app.Range(c.Requirements).Slice(func(i int) app.UI { return d.requirement(c.Requirements[i]) }),
		d.bootSources(),
		app.If(c.Group != nil, func() app.UI { return groupDetails(*c, d.Validated) }),
		app.Range(why).Slice(func(i int) app.UI { return app.P().Class("why").Text(why[i]) }),
		app.Elem("ul").Class("figures").Body(app.Range(explain.Figures).Slice(func(i int) app.UI {
			f := explain.Figures[i]
			return app.Elem("li").Text(f.Label + ": " + figureText(f, *c))
		})),
		factsTable(*c),
		app.Range(budget).Slice(func(i int) app.UI { return app.P().Class("budget").Text(budget[i]) }),
		app.If(c.LongestOpS != nil, func() app.UI {
			return app.P().Class("longest").Text("Longest single operation: " + c.LongestOp + ", " + explain.Duration(*c.LongestOpS) +
				" — it runs to completion, so the CPU is blocked that long (watchdogs, real-time tasks).")
		}),
		app.Range(notes).Slice(func(i int) app.UI { return app.P().Class("note").Text(notes[i]) }),
		app.Range(c.Warnings).Slice(func(i int) app.UI {
			return app.P().Class("warning").Role("note").Text("Data-quality warning: " + c.Warnings[i])
		}),
	)
}

// bootSources lists what the firmware load's bootloader rests on: each
// pass and path with the line of secure-boot-policies.md that states it
// (nothing without a bootloader).
func (d *Details) bootSources() app.UI {
	var lines []string
	if l, ok := d.M.Res.Workload.Load(engine.KindFirmware); ok {
		lines = explain.BootSources(l.(*engine.Firmware))
	}
	return app.If(len(lines) > 0, func() app.UI {
		return app.Div().Class("boot-sources").Body(
			app.P().Text("The bootloader's passes and crypto path, as its sources state them (../shared/sources/secure-boot-policies.md):"),
			app.Elem("ul").Body(app.Range(lines).Slice(func(i int) app.UI { return app.Elem("li").Text(lines[i]) })),
		)
	})
}

func (d *Details) requirement(r engine.Requirement) app.UI {
	steps := explain.Steps(r)
	return app.Div().Class("req").Body(
		app.Elem("h3").Body(app.Elem("span").Class("badge "+string(r.Verdict)).Text(string(r.Verdict)), app.Text(" "+string(r.Kind)+" — headroom "+explain.RequirementHeadroom(r))),
		app.Elem("ol").Body(app.Range(steps).Slice(func(j int) app.UI { return app.Elem("li").Text(steps[j]) })),
		app.Elem("ul").Class("sources").Body(app.Range(r.Terms).Slice(func(j int) app.UI {
			t := r.Terms[j]
			rule, _ := engine.RuleOf(t.Rule)
			if t.Missing {
				return app.Elem("li").Body(app.Code().Text(t.Op), app.Text(" — no measurement in the dataset (rule "+string(t.Rule)+": "+rule.Ref+")"))
			}
			link := d.DS.Link(t.Pos)
			return app.Elem("li").Body(app.Code().Text(t.Op), app.Text(" — "+explain.From(t)+" — "+t.Source+" "),
				app.If(link != "", func() app.UI {
					where := "original page"
					if t.Pos.Line > 0 {
						where += ", line " + strconv.Itoa(t.Pos.Line)
					}
					return app.Elem("a").Attr("href", link).Attr("rel", "noopener noreferrer").Attr("target", "_blank").Text(where)
				}),
				app.Text(" (rule "+string(t.Rule)+": "+rule.Ref+")"))
		})),
	)
}

// factsTable is the part's facts and the library's footprint.
func factsTable(c engine.Candidate) app.UI {
	rows := [][2]string{{"Crypto hardware", hardware(c)}}
	if f := c.Facts; f != nil {
		flash := explain.Size(f.FlashBytes)
		if f.FlashBytes == 0 {
			flash = "none internal (external memory)"
		}
		clock := "up to " + explain.MHz(f.MaxClockHz)
		if f.MaxClockHz <= 0 {
			clock = "maximum clock unknown"
		}
		rows = append(rows, [2]string{"Part", f.Part + " (" + f.Series + " series, " + f.Core + ", " + clock + ")"},
			[2]string{"Flash / RAM", flash + " / " + explain.Size(f.RAMBytes)},
			[2]string{"TrustZone", yesNo(f.TrustZone)}, [2]string{"Low-power series", yesNo(f.LowPower)},
			[2]string{"Crypto peripherals", f.Hardware})
	}
	rows = append(rows, [2]string{"Library footprint", footprintText(c)})
	if c.LentStackBytes != nil {
		rows = append(rows, [2]string{"Stack of lent operations", explain.Size(*c.LentStackBytes) + " at most, for " + strings.Join(c.LentFrom, ", ") + " (each source's figure for each operation, where it publishes one)"})
	}
	for _, t := range c.PQCCompared {
		rows = append(rows, [2]string{t.From.Source + " on this part", fmt.Sprintf("%s: %s %s would take %s (%s; slow end %s) — for comparison; this build's own figure is used", t.Op,
			t.From.Source, t.From.Implementation, explain.Duration(t.Each), explain.Basis(t.Basis), explain.Duration(t.Slow))})
	}
	return app.Elem("table").Class("facts").Body(
		app.Elem("caption").Text("The part and the library's memory"),
		app.Elem("tbody").Body(app.Range(rows).Slice(func(i int) app.UI {
			return app.Elem("tr").Body(app.Elem("th").Attr("scope", "row").Text(rows[i][0]), app.Elem("td").Text(rows[i][1]))
		})),
	)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// footprintText says what the library publishes of its memory for the
// operations the workload uses, against the part's flash and RAM.
func footprintText(c engine.Candidate) string {
	fp := c.Footprint
	switch {
	case fp == nil:
		return "not published for this library build"
	case fp.RAMBytes == nil && len(fp.Missing) == 0:
		return "no total: the workload uses no operation"
	case fp.RAMBytes == nil:
		s := "no total: not published for " + strings.Join(fp.Missing, ", ")
		if n := len(fp.Ops) - len(fp.Missing); n > 0 {
			s += fmt.Sprintf(" (published for the other %d of the %d operations used)", n, len(fp.Ops))
		}
		return s
	case fp.FlashBytes == nil:
		// RAM per operation, code only for a whole image (wolfSSL's
		// STM32_Bare_Test).
		what := "the largest stack and heap of one operation"
		if fp.HeapOnly {
			what = "the largest heap one operation holds; its stack is not published, so this is a lower bound"
		}
		s := fmt.Sprintf("%s of RAM (%s) for %s; code size is published for whole images only", explain.Size(*fp.RAMBytes), what, strings.Join(fp.Ops, ", "))
		if f := c.Facts; f != nil && f.RAMBytes > 0 {
			s += fmt.Sprintf(" — %s of the part's RAM", explain.Percent(float64(*fp.RAMBytes)/float64(f.RAMBytes)))
		}
		return s
	}
	s := fmt.Sprintf("%s of code and constants, %s of RAM (globals + the largest stack and buffer) for %s", explain.Size(*fp.FlashBytes), explain.Size(*fp.RAMBytes), strings.Join(fp.Ops, ", "))
	if f := c.Facts; f != nil && f.FlashBytes > 0 && f.RAMBytes > 0 {
		s += fmt.Sprintf(" — %s of the part's flash, %s of its RAM", explain.Percent(float64(*fp.FlashBytes)/float64(f.FlashBytes)), explain.Percent(float64(*fp.RAMBytes)/float64(f.RAMBytes)))
	}
	return s
}

func span(r [2]int64) string {
	if r[0] == r[1] {
		return explain.Size(r[0])
	}
	return explain.Size(r[0]) + "–" + explain.Size(r[1])
}

func more(n int) string {
	if n <= 0 {
		return ""
	}
	return " +" + strconv.Itoa(n)
}

// groupDetails says what a row standing for a part group stands for
// and, for an estimate, where its figures come from.
func groupDetails(c engine.Candidate, v *catalog.Validated) app.UI {
	g, d := c.Group, c.Donor
	if g == nil {
		return nil
	}
	if d == nil {
		return app.Div().Class("group").Body(
			app.P().Text(fmt.Sprintf("Measured on %s (%s, %s). The row stands for the %d part numbers of the same silicon — die, cores, clock and crypto units — which run the same code at the same speed per cycle (ST's part database, %s%s):",
				c.MCU, orDash(c.Board), explain.MHz(c.MeasuredClockHz), g.Members, g.File, clockFrom(g))),
			citedClocks(g),
			members(g.List, c.Qualifying),
		)
	}
	spread := fmt.Sprintf("%.2f× (the largest cycle ratio of the same build on two %s parts in our data", d.Spread.Factor, d.Spread.Core)
	if d.Spread.Borrowed != "" {
		spread = fmt.Sprintf("%.2f× (no %s pair in our data: the largest of any core, %s", d.Spread.Factor, d.Spread.Core, d.Spread.Borrowed)
	}
	boards := "none of ST's evaluation boards"
	if len(g.Boards) > 0 {
		boards = "try it on " + strings.Join(g.Boards, ", ")
	}
	return app.Div().Class("group").Body(
		app.P().Class("estimate").Text(fmt.Sprintf("Estimated: nobody measured these %d parts. The figures are %s's (%s, %s) taken as cycles to %s, and the verdict uses the slow end: × spread %s).",
			g.Members, d.MCU, orDash(d.Board), explain.MHz(d.ClockHz), explain.MHz(c.ClockHz), spread)),
		app.P().Class("validation").Text(explain.Validation(d.Spread.Core, v)),
		app.P().Text(fmt.Sprintf("%d part numbers, %s (ST's part database, %s)%s:", g.Members, boards, g.File, clockFrom(g))),
		citedClocks(g),
		members(g.List, c.Qualifying),
	)
}

// citedClocks says, for each maximum clock ST's part files leave out,
// which line of ST's driver code states it (linked), and what ST's
// other sources say where they disagree.
func citedClocks(g *engine.GroupSummary) app.UI {
	if len(g.Clocks) == 0 {
		return nil
	}
	return app.Elem("ul").Class("cited-clocks").Body(app.Range(g.Clocks).Slice(func(i int) app.UI {
		c := g.Clocks[i]
		core := "The maximum clock"
		if c.Core != "" {
			core = "The " + c.Core + "'s maximum clock"
		}
		tail := " states it."
		if c.Disagree != "" {
			tail += " ST's other sources: " + c.Disagree
		}
		return app.Elem("li").Body(
			app.Text(core+", "+explain.MHz(c.Hz)+", is not in ST's part files: "),
			app.Elem("a").Attr("href", c.URL).Attr("target", "_blank").Attr("rel", "noopener").Text(c.Label),
			app.Text(tail),
		)
	}))
}

// clockFrom says where a group's maximum clock is inferred from, if it is.
func clockFrom(g *engine.GroupSummary) string {
	if g.ClockFrom == "" {
		return ""
	}
	return "; its maximum clock is inferred: " + g.ClockFrom + ", of the same die and clock tree, states it"
}

// members is a group's part numbers with what differs between them; when
// a filter on part numbers is in force, the ones that pass it are
// marked and listed first.
func members(list []bench.PartMember, qualifying []string) app.UI {
	rows := make([]bench.PartMember, 0, len(list))
	if qualifying != nil {
		for _, m := range list {
			if slices.Contains(qualifying, m.Part) {
				rows = append(rows, m)
			}
		}
	}
	for _, m := range list {
		if qualifying == nil || !slices.Contains(qualifying, m.Part) {
			rows = append(rows, m)
		}
	}
	status := "Part number"
	if qualifying != nil {
		status = fmt.Sprintf("Part number (%d of %d pass the part filters)", len(qualifying), len(list))
	}
	// In a scroll box: a phone scrolls the table, not the page.
	return scrollBox("Part numbers of the group").Body(app.Elem("table").Class("members").Body(
		app.Elem("thead").Body(app.Elem("tr").Body(th(status), th("Flash"), th("RAM"), th("Package"), th("Up to"), th("Supply from"))),
		app.Elem("tbody").Body(app.Range(rows).Slice(func(i int) app.UI {
			m := rows[i]
			q := qualifying != nil && slices.Contains(qualifying, m.Part)
			name, cls := m.Part, ""
			if q {
				name, cls = "✓ "+name, "qualifies"
			}
			return app.Elem("tr").Class(cls).Body(
				app.Elem("td").Text(name), app.Elem("td").Text(explain.Size(m.FlashBytes)), app.Elem("td").Text(explain.Size(m.RAMBytes)),
				app.Elem("td").Text(m.Package), app.Elem("td").Text(explain.Optional(m.TempMaxC, " °C")), app.Elem("td").Text(explain.Optional(m.VoltageMinV, " V")),
			)
		})),
	))
}

// scrollBox is a table's scroll box that a keyboard can reach and a
// screen reader names (a region with a label, in the tab order): on a
// phone the table scrolls inside it, and a box that scrolls must be
// reachable without a pointer (axe: scrollable-region-focusable).
func scrollBox(label string) app.HTMLDiv {
	return app.Div().Class("table-wrap").TabIndex(0).Role("region").Aria("label", label)
}
