package browser

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// WhenNear calls near once, when the component's element (ctx) comes
// within margin of the view (IntersectionObserver's rootMargin: "100% 0px
// 100% 0px" is a screen above or below it), or at once where the browser
// cannot tell (no IntersectionObserver, or no element). near runs in the
// observer's callback: the caller dispatches to its component from there.
func WhenNear(ctx app.Context, margin string, near func()) {
	var cb app.Func
	var obs app.Value
	done := false
	finish := func() {
		if done {
			return
		}
		done = true
		if obs != nil {
			_ = Try("watching the view", func() { obs.Call("disconnect") })
		}
		if cb != nil {
			cb.Release()
		}
		near()
	}
	cb = app.FuncOf(func(_ app.Value, args []app.Value) any {
		hit := false
		err := Try("watching the view", func() {
			entries := args[0]
			for i := 0; i < entries.Length(); i++ {
				hit = hit || entries.Index(i).Get("isIntersecting").Bool()
			}
		})
		if hit || err != nil {
			finish()
		}
		return nil
	})
	err := Try("watching the view", func() {
		ctor, el := win().Get("IntersectionObserver"), ctx.JSSrc()
		if !ctor.Truthy() || !el.Truthy() {
			panic("no IntersectionObserver")
		}
		obs = ctor.New(cb, map[string]any{"rootMargin": margin})
		obs.Call("observe", el)
	})
	if err != nil {
		finish()
	}
}
