//go:build js

package main

import "syscall/js"

// main offers cryptosizerRead(request) → reply to web/import-worker.js,
// then waits for its calls.
func main() {
	js.Global().Set("cryptosizerRead", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return reply("")
		}
		return reply(args[0].String())
	}))
	select {}
}
