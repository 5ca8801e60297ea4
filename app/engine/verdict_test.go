package engine_test

import (
	"slices"
	"testing"

	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
)

// A FAIL's headroom and bottleneck are its failing requirement's: never
// a headroom of 1× or more, never a requirement that passes; a failure
// on known figures shows its headroom on them (at most, below 1) and
// comes after the failures whose headroom is known. Checked on the first
// visit (where builds without ECDHE figures fail TLS on their known
// signature alone) and on a boot-only workload.
func TestAFailShowsWhatFails(t *testing.T) {
	ix := index(t)
	for _, p := range []workload.Params{
		workload.FirstVisit,
		{"fw-size": "1MiB", "fw-deadline": "20ms", "tls-rate": "50", "tls-role": "client"},
	} {
		cs := ix.Rank(parse(t, settingtest.Schema.Complete(p))).Candidates
		fails, atMost, seenAtMost := 0, 0, false
		for _, c := range cs {
			if c.Verdict != engine.Fail {
				continue
			}
			fails++
			if c.Headroom != nil && *c.Headroom >= 1 {
				t.Errorf("%v: %s fails with a headroom of %.2f×", p, c.Key, *c.Headroom)
			}
			var bottleneck *engine.Requirement
			for i := range c.Requirements {
				if c.Requirements[i].Kind == c.Bottleneck {
					bottleneck = &c.Requirements[i]
				}
			}
			if bottleneck == nil || bottleneck.Verdict != engine.Fail {
				t.Errorf("%v: %s fails, but its bottleneck %q does not", p, c.Key, c.Bottleneck)
			}
			switch {
			case c.AtMost:
				atMost++
				seenAtMost = true
				if c.Headroom == nil || bottleneck == nil || bottleneck.AtMost == nil || *c.Headroom != *bottleneck.AtMost {
					t.Errorf("%v: %s: a headroom at most without its requirement's figure", p, c.Key)
				}
			case c.Headroom != nil && seenAtMost:
				t.Errorf("%v: %s (headroom known) ranked after a failure known only on its known figures", p, c.Key)
			}
		}
		if fails == 0 || atMost == 0 {
			t.Errorf("%v: %d failures, %d on known figures: the rule was not exercised", p, fails, atMost)
		}
	}
}

// A group answers per part number: no row fails on the TLS session's RAM
// while a member of its group holds it; a row whose members differ names
// those that cannot hold it (JSON short_of_session_ram) and stands for
// the rest, whose smallest RAM its RAM left counts from.
func TestAGroupAnswersPerPartNumber(t *testing.T) {
	ix := index(t)
	for _, p := range []workload.Params{
		{"tls-rate": "1", "tls-role": "client"},
		{"tls-rate": "0.0167", "tls-role": "client", "loads": "tls", "mcu": "STM32F373"},
	} {
		split := 0
		for _, c := range ix.Rank(parse(t, settingtest.Schema.Complete(p))).Candidates {
			g, session := c.Group, int64(0)
			for _, r := range c.Requirements {
				if r.Session != nil {
					session = max(r.Session.Bytes, r.PeakBytes) // the handshake's peak
				}
			}
			if g == nil || session == 0 || c.Memory == nil {
				continue
			}
			if g.RAM[1] >= session && c.Memory.PartRAMBytes < session && c.Memory.PartRAMBytes > 0 {
				t.Errorf("%v: %s counts its RAM from %d B, below the session's %d B, though members hold %d B", p, c.Key, c.Memory.PartRAMBytes, session, g.RAM[1])
			}
			if len(c.Short) > 0 {
				split++
				if len(c.Qualifying) == 0 {
					t.Errorf("%v: %s names members short of the session and none that hold it", p, c.Key)
				}
				for _, m := range g.List {
					if slices.Contains(c.Short, m.Part) && m.RAMBytes >= session || slices.Contains(c.Qualifying, m.Part) && m.RAMBytes < session {
						t.Errorf("%v: %s: member %s (%d B) on the wrong side of the session's %d B", p, c.Key, m.Part, m.RAMBytes, session)
					}
				}
			}
		}
		if split == 0 {
			t.Errorf("%v: no group answered per part number: the rule was not exercised", p)
		}
	}
}

// Every build with a figure for some operation of the workload is a row
// (pass, fail or unknown, showing what it knows); only a build with none
// is listed apart. On the first visit, Bare_Test builds with a signature
// and no ECDHE figure are UNKNOWN rows.
func TestEveryBuildWithAFigureIsARow(t *testing.T) {
	res := index(t).Rank(parse(t, settingtest.Schema.Complete(workload.FirstVisit)))
	for _, c := range res.NoFigure {
		for _, r := range c.Requirements {
			for _, tm := range r.Terms {
				if !tm.Missing {
					t.Errorf("%s is listed apart, but has a figure for %s", c.Key, tm.Op)
				}
			}
		}
	}
	unknown := 0
	for _, c := range res.Candidates {
		if c.Verdict == engine.Unknown {
			unknown++
			if len(c.Missing) == 0 {
				t.Errorf("%s: unknown, missing nothing", c.Key)
			}
		}
	}
	if unknown == 0 || res.Counts.Unknown != unknown || res.Counts.NoFigure != len(res.NoFigure) {
		t.Errorf("%d unknown rows (counted %d), %d listed apart (counted %d)", unknown, res.Counts.Unknown, len(res.NoFigure), res.Counts.NoFigure)
	}
}

// What is known adds up: no TLS row passes on a part whose RAM is below
// the session's bound plus the working memory it shows for the
// certificate flight (a lent ML-DSA-65 verification's stack on a 32 KiB
// STM32G441 or H503 failed to count before).
func TestRAMAtThePeakAddsTheStack(t *testing.T) {
	res := index(t).Rank(parse(t, workload.Params{"tls-rate": "1", "tls-role": "client", "tls-kex": "x25519mlkem768", "tls-sig": "ml-dsa-65"}))
	checked := 0
	for _, c := range res.Candidates {
		if c.Memory == nil || c.LentStackBytes == nil || c.Verdict != engine.Pass {
			continue
		}
		for _, r := range c.Requirements {
			if r.Session == nil {
				continue
			}
			checked++
			if need := r.Session.Bytes + *c.LentStackBytes; c.Memory.PartRAMBytes < need || r.PeakBytes < r.Session.Bytes {
				t.Errorf("%s passes with %d B of RAM, a peak of %d B; session %d B + stack %d B", c.Key, c.Memory.PartRAMBytes, r.PeakBytes, r.Session.Bytes, *c.LentStackBytes)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no passing row with a lent stack: the rule was not exercised")
	}
}
