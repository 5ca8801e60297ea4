// Package lazyre compiles a regular expression on its first use rather than
// at package init: in the browser every init runs before the first render,
// and most of the parsers' expressions serve only the import path.
package lazyre

import (
	"regexp"
	"sync"
)

// New returns a function that compiles expr once, on its first call, and
// then returns the same *regexp.Regexp. Like regexp.MustCompile it panics on
// an invalid expression; the package tests call every one of them.
func New(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
