package views

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// AfterPaint calls f in a task after the browser's next paint (a frame,
// then a task).
func AfterPaint(f func()) {
	var frame, task app.Func
	task = app.FuncOf(func(this app.Value, args []app.Value) any {
		task.Release()
		f()
		return nil
	})
	frame = app.FuncOf(func(this app.Value, args []app.Value) any {
		frame.Release()
		app.Window().Call("setTimeout", task, 0)
		return nil
	})
	app.Window().Call("requestAnimationFrame", frame)
}
