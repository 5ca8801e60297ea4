// Package style holds the tests that keep the code's shape: short
// functions, and domain packages free of I/O and of the browser. It has
// no code of its own.
package style
