// Command cryptosizer answers "which STM32 board, acceleration and crypto
// library can carry this workload?" from the bundled dataset.
//
//	cryptosizer dataset [--format json|table] [--mcu S] [--op S] [--library S]
//	cryptosizer rank [workload flags] [--format table|json|csv]
//	cryptosizer parts [filters] [--format table|json|csv]
//	cryptosizer validate [--format table|json] [--checks]
//
// Exit status: 0 on success (also when no candidate passes), 2 for bad
// input, 1 for anything else.
package main

import (
	"fmt"
	"io"
	"os"

	"cryptosizer/app/dataset"
	"cryptosizer/app/workload"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: cryptosizer <command> [flags]

commands:
  dataset   print the bundled measurements (--format json|table, --mcu, --op, --library)
  rank      rank boards × library builds against a workload (see cryptosizer rank -h)
  parts     list every STM32 microcontroller with ST's facts and its group (see cryptosizer parts -h)
  validate  estimate every measured build as if unmeasured and say how close the estimates come
`

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	// The form's fields, composed once from the registered sources'
	// libraries and lenders; only rank reads a workload.
	sc := workload.NewSchema(dataset.LibraryFlags(), dataset.Lenders...)
	switch args[0] {
	case "dataset":
		return cmdDataset(args[1:], stdout, stderr)
	case "rank":
		return cmdRank(sc, args[1:], stdout, stderr)
	case "parts":
		return cmdParts(args[1:], stdout, stderr)
	case "validate":
		return cmdValidate(args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "cryptosizer: unknown command %q\n%s", args[0], usage)
	return 2
}
