package gcpace

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// percent reads the collector's percent without setting it.
func percent() int64 {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// TestStartSetsThenAfterTheFirstCollection checks both percents: first
// until a collection, then the other once one has run.
func TestStartSetsThenAfterTheFirstCollection(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	Start(1000, 400)
	if got := percent(); got != 1000 {
		t.Fatalf("before a collection the percent is %d, want 1000", got)
	}
	deadline := time.Now().Add(10 * time.Second)
	for percent() != 400 {
		if time.Now().After(deadline) {
			t.Fatalf("after collections the percent is %d, want 400", percent())
		}
		runtime.GC() // the cleanup runs in a goroutine of its own, after the collection
		time.Sleep(5 * time.Millisecond)
	}
}
