//go:build unix

package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO would block a reader forever: it is refused before it is opened.
func TestRankImportFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"rank", "--import", fifo}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "not a regular file") {
		t.Errorf("FIFO: exit %d, %s", code, errb.String())
	}
}
