package derive

import (
	"slices"
	"testing"

	"cryptosizer/app/dataset"
	"cryptosizer/app/dataset/registry"
)

// TestRuntimeListsAreTheRegistry holds the names the browser and the CLI
// use without the sources' readers (dataset.Lenders, MeasuredFlags) to
// the registry: a source added here and not there fails.
func TestRuntimeListsAreTheRegistry(t *testing.T) {
	var lenders, flags []string
	for _, cs := range CycleSources {
		lenders = append(lenders, cs.Name())
	}
	for _, ms := range MeasuredSources {
		for _, l := range ms.Libraries() {
			if !slices.Contains(flags, l.Flag) && !slices.Contains(registry.Sources.LibraryFlags(), l.Flag) {
				flags = append(flags, l.Flag)
			}
		}
	}
	if !slices.Equal(lenders, dataset.Lenders) {
		t.Errorf("dataset.Lenders = %q, the registry's cycle-count sources are %q", dataset.Lenders, lenders)
	}
	if !slices.Equal(flags, dataset.MeasuredFlags) {
		t.Errorf("dataset.MeasuredFlags = %q, the registry's measured sources measure %q", dataset.MeasuredFlags, flags)
	}
}
