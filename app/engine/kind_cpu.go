package engine

import (
	"fmt"
	"strconv"

	"cryptosizer/app/bench"
)

// KindCPU is the CPU budget the continuous loads share.
const KindCPU KindName = "cpu"

// CPU is the share of the CPU crypto may use, 0 < Budget ≤ 1.
type CPU struct {
	Share float64 `json:"budget"`
}

// RuleCPUBudget is the CPU budget's rule.
const RuleCPUBudget RuleID = "cpu-budget"

type cpuKind struct{}

func (cpuKind) Rules() []Rule {
	return []Rule{
		{RuleCPUBudget, "TLS and AES are continuous loads: their CPU shares add up and must fit the budget; the boot verify is a separate deadline",
			"cryptosizer workload model"},
	}
}

func (cpuKind) Name() KindName { return KindCPU }
func (cpuKind) Title() string  { return "Budget and clock" }

func (cpuKind) Fields() []Field {
	return []Field{{Name: "cpu-budget", Group: "budget", Label: "CPU budget for crypto",
		Accepted: "a percentage from 0.01% to 100%, e.g. 70% (a bare number is read as a percentage)", Default: "100%", Parse: bench.Percent(1e-4)}}
}

// Read always gives a budget (100% by default). A bare number below 1
// is refused: "0.5" may mean half the CPU or half a percent.
func (cpuKind) Read(v *Values) Load {
	if s := v.Text("cpu-budget"); v.OK("cpu-budget") {
		if f, ok := bench.Decimal(s); ok && f > 0 && f < 1 {
			pct := strconv.FormatFloat(f*100, 'f', -1, 64)
			v.Fail("cpu-budget", fmt.Sprintf("ambiguous: a bare number is a percentage, so this is %s%% of the CPU; write %s%% if you mean that, or %s%% for a %s share", s, s, pct, s))
			v.Drop("cpu-budget")
		}
	}
	return &CPU{Share: v.Float("cpu-budget", 1)}
}

func (cpuKind) Aggregate() bool { return true }

func (c *CPU) Kind() KindName  { return KindCPU }
func (c *CPU) Budget() float64 { return c.Share }

// Terms: none of its own (an aggregate).
func (*CPU) Terms(Figures) []Term { return nil }

// Evaluate adds up the CPU shares of the continuous loads judged before
// it; with fewer than two there is nothing to share, and no requirement.
func (c *CPU) Evaluate(e *Eval, _ []Term) (Requirement, bool) {
	n := 0
	for i := range e.Reqs {
		if e.Reqs[i].Continuous {
			n++
		}
	}
	if n < 2 {
		return Requirement{}, false
	}
	r := NewRequirement(KindCPU, RuleCPUBudget, c.Share, "CPU share", 0)
	r.Of = make([]KindName, 0, n)
	var u float64
	known := true
	for i := range e.Reqs {
		q := &e.Reqs[i]
		if !q.Continuous {
			continue
		}
		r.Of = append(r.Of, q.Kind)
		if q.Utilization == nil {
			known = false
			for _, m := range q.Missing {
				r.Missing = appendUnique(r.Missing, m)
			}
		} else {
			u += *q.Utilization
		}
	}
	if !known && len(r.Missing) == 0 {
		r.Missing = append(r.Missing, GapCPUShare)
	}
	if known && u > 0 {
		h := c.Share / u
		u := e.num(u)
		r.Achieved, r.Utilization, r.Headroom = u, u, e.num(h)
	}
	return r, true
}
