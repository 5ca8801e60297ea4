package registry

import (
	"slices"
	"testing"

	"cryptosizer/app/dataset"
)

// TestNamesAreTheRegistry holds the names the web app uses without the
// sources' readers (dataset.SourceFlags, dataset.Pastes) to the sources
// themselves: a source added here and not there fails.
func TestNamesAreTheRegistry(t *testing.T) {
	if got := Sources.LibraryFlags(); !slices.Equal(got, dataset.SourceFlags) {
		t.Errorf("dataset.SourceFlags = %q, the registry's sources say %q", dataset.SourceFlags, got)
	}
	if got := Sources.Pastes(); got != dataset.Pastes {
		t.Errorf("dataset.Pastes = %q,\nthe registry's sources say %q", dataset.Pastes, got)
	}
}
