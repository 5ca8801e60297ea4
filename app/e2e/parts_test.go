package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The parts view, without a workload: every part number of ST's data,
// searched, sorted and two parts side by side.
func TestPartsViewSearchSortCompare(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), waitReady(1),
		chromedp.Click(chromedp.ID("parts-open")),
		poll(`document.querySelectorAll('#parts tr.part').length === 100`, 20*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	count := text(ctx, t, `document.getElementById('parts-count').textContent`)
	total, _ := strconv.Atoi(strings.Fields(count)[2])
	if total < 2000 || !strings.HasPrefix(count, strconv.Itoa(total)+" of ") {
		t.Fatalf("count line %q", count)
	}
	err = chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("parts-query"), "U5 LQFP"),
		poll(`!document.getElementById('parts-count').textContent.startsWith('`+strconv.Itoa(total)+` ')`, 10*time.Second),
		chromedp.Click(chromedp.ID("parts-sort-flash")), chromedp.Click(chromedp.ID("parts-sort-flash")),
		poll(`document.querySelector('th[aria-sort=descending] #parts-sort-flash') !== null`, 5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	rows := eval1[[]string](ctx, t, `[...document.querySelectorAll('#parts tr.part')].map(r => [...r.cells].slice(0, 6).map(c => c.textContent).join('|'))`)
	if len(rows) < 2 {
		t.Fatalf("U5 LQFP: %d rows", len(rows))
	}
	for _, r := range rows {
		c := strings.Split(r, "|")
		if !strings.HasPrefix(c[0], "STM32U5") || !strings.HasPrefix(c[5], "LQFP") {
			t.Errorf("U5 LQFP shows %q", r)
		}
	}
	if first, last := strings.Split(rows[0], "|")[3], strings.Split(rows[len(rows)-1], "|")[3]; first != "4 MiB" || first == last {
		t.Errorf("flash descending: first %q, last %q", first, last)
	}
	// Two parts side by side; what differs is marked.
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#parts tr.part:nth-child(1) input.pick`)),
		chromedp.Click(chromedp.CSS(`#parts tr.part:nth-last-child(1) input.pick`)),
		poll(`document.querySelectorAll('#parts-compare thead th').length === 3`, 5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	// The boxes ticked are the rows' parts as the search shows them (the
	// rows showed other parts before it: a box acts on what it shows).
	picked := eval1[[]string](ctx, t, `[...document.querySelectorAll('#parts-compare thead th')].slice(1).map(h => h.firstChild.textContent.trim())`)
	firstPart, lastPart := strings.Split(rows[0], "|")[0], strings.Split(rows[len(rows)-1], "|")[0]
	if strings.Join(picked, ",") != firstPart+","+lastPart {
		t.Errorf("ticked the first and last rows, %s and %s; compared %v", firstPart, lastPart, picked)
	}
	differs := eval1[[]string](ctx, t, `[...document.querySelectorAll('#parts-compare tr.differs th')].map(h => h.firstChild.textContent)`)
	if !strings.Contains(strings.Join(differs, ","), "Flash") {
		t.Errorf("rows marked as differing: %v", differs)
	}
}

// An estimated group's details list its part numbers; with filters on
// part numbers in force, the ones that pass all of them are marked and
// the row says how many.
func TestGroupDetailsMarkQualifyingMembers(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?tls-rate=1&package=WLCSP&min-temp=105&basis=estimated&loads=tls"), waitReady(1),
		chromedp.Click(chromedp.CSS(`#results[data-client="true"] tr.row`)),
		poll(`!!document.querySelector('table.members')`, 20*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	part := text(ctx, t, `document.querySelector('tr.row').textContent`)
	marked := eval1[[]string](ctx, t, `[...document.querySelectorAll('table.members tr.qualifies td:first-child')].map(c => c.textContent)`)
	cells := eval1[[]string](ctx, t, `[...document.querySelectorAll('table.members tr.qualifies')].map(r => r.cells[3].textContent + '|' + r.cells[4].textContent)`)
	if len(marked) == 0 || !strings.Contains(part, strconv.Itoa(len(marked))+" of ×") {
		t.Fatalf("row %q, marked members %v", part, marked)
	}
	for _, c := range cells {
		pkg, temp, _ := strings.Cut(c, "|")
		deg, _ := strconv.ParseFloat(strings.TrimSuffix(temp, " °C"), 64)
		if !strings.HasPrefix(pkg, "WLCSP") || deg < 105 {
			t.Errorf("a marked member is %q", c)
		}
	}
	if d := text(ctx, t, `document.querySelector('.details').textContent`); !strings.Contains(d, "Estimated: nobody measured") {
		t.Errorf("details of an estimate: %.200q", d)
	}
}

// A build without post-quantum figures takes them from pqm4, and says so
// in its row and details; pqc-from=none takes that away.
func TestBorrowedPostQuantumIsLabelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	link := s.base + "/?fw-size=256KiB&fw-sig=ml-dsa-65&fw-deadline=1s&loads=firmware"
	err := chromedp.Do(ctx, chromedp.Navigate(link), waitReady(1))
	if err != nil {
		t.Fatal(err)
	}
	rows := eval1[[]string](ctx, t, `[...document.querySelectorAll('tr.row:not([hidden])')].map(r => r.textContent)`)
	lent := 0
	for _, r := range rows {
		if strings.Contains(r, "ML-DSA-65 from pqm4 m4f") {
			lent++
		}
	}
	if lent == 0 {
		t.Fatalf("no row says it borrows ML-DSA-65 from pqm4: %.300q", rows)
	}
	err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`tr.row:nth-child(1)`)), poll(`!!document.querySelector('.details')`, 10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	d := text(ctx, t, `document.querySelector('.details').textContent`)
	for _, want := range []string{"from pqm4 m4f", "Stack of lent operations", "cycles ÷"} {
		if !strings.Contains(d, want) {
			t.Errorf("the details lack %q: %.400q", want, d)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(link+"&pqc-from=none"), waitReady(1)); err != nil {
		t.Fatal(err)
	}
	if body := text(ctx, t, `document.getElementById('results').textContent`); strings.Contains(body, "from pqm4") {
		t.Error("pqc-from=none still shows figures from pqm4")
	}
}

// Energy and memory in the page: the energy chart draws the ranges, and a
// candidate's details say its energy, how it was made, and the RAM left.
func TestEnergyChartAndDetails(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?tls-rate=1&supply=1.8&loads=tls&objective=energy"), waitReady(1),
		chartsDrawn(`(() => { const i = window.echarts && echarts.getInstanceByDom(document.getElementById('chart-energy')); return !!i && i.getOption().series.length === 2 })()`))
	if err != nil {
		t.Fatal(err)
	}
	span := eval1[[]float64](ctx, t, `echarts.getInstanceByDom(document.getElementById('chart-energy')).getOption().series[1].data.map(d => d.value)`)
	if len(span) == 0 || span[0] <= 0 {
		t.Errorf("energy ranges %v", span)
	}
	err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`tr.row:nth-child(1)`)), poll(`!!document.querySelector('.details p.budget')`, 10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	d := text(ctx, t, `[...document.querySelectorAll('.details p.budget')].map(p => p.textContent).join(' ')`)
	for _, want := range []string{"Energy (estimated)", "at 1.8 V", "per hour", "RAM left for the application", "On the wire"} {
		if !strings.Contains(d, want) {
			t.Errorf("the details lack %q: %.500q", want, d)
		}
	}
}
