// Keyboard navigation of the inspector (page.State.Key decides what a key does).
package app

import (
	"github.com/dxscope/dxscope/app/page"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// onKey turns a key into a page operation: keys in text fields and
// buttons, and keys with modifiers, belong to the browser.
func (in *Inspector) onKey(ctx app.Context, e app.Event) {
	target := e.Get("target")
	tag := ""
	if target.Truthy() {
		tag = target.Get("tagName").String()
	}
	command := (e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool()) && !e.Get("altKey").Bool()
	if command && tag != "INPUT" && tag != "TEXTAREA" {
		// Ctrl+Z / Ctrl+Shift+Z in edit mode; a text field keeps its own.
		in.flush(ctx)
		if fx, ok := in.state().CommandKey(e.Get("key").String(), e.Get("shiftKey").Bool()); ok {
			e.PreventDefault()
			in.apply(ctx, fx)
			return
		}
	}
	if tag == "INPUT" || tag == "TEXTAREA" || tag == "BUTTON" || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
		ctx.PreventUpdate()
		return
	}
	in2 := func(sel string) bool {
		return target.Truthy() && target.Get("closest").Truthy() && target.Call("closest", sel).Truthy()
	}
	where := page.Elsewhere
	switch {
	case in2("#part-list"):
		where = page.InPartList
	case in2("#tree"):
		where = page.InTree
	}
	in.flush(ctx)
	fx, handled := in.state().Key(e.Get("key").String(), where)
	if !handled {
		ctx.PreventUpdate()
		return
	}
	e.PreventDefault()
	in.apply(ctx, fx)
}

// listenOnBody answers the page's keys when no element of the page has the
// focus: after a click on plain text the document's body has it, and a key
// there never reaches #app's handler. Only keys that need no preventDefault
// reach State.Key from there (as Elsewhere: no arrows), so the state is read
// on the UI goroutine, after the event.
func (in *Inspector) listenOnBody(ctx app.Context) {
	in.bodyKeys = app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) == 0 {
			return nil
		}
		e := args[0]
		target := e.Get("target")
		if !target.Truthy() {
			return nil
		}
		if tag := target.Get("tagName").String(); tag != "BODY" && tag != "HTML" {
			return nil
		}
		command := (e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool()) && !e.Get("altKey").Bool()
		if !command && (e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool()) {
			return nil
		}
		key, shift := e.Get("key").String(), e.Get("shiftKey").Bool()
		if command {
			// The browser's own undo does nothing on the page's body.
			ctx.Dispatch(func(ctx app.Context) {
				in.flush(ctx)
				if fx, ok := in.state().CommandKey(key, shift); ok {
					in.apply(ctx, fx)
				} else {
					ctx.PreventUpdate()
				}
			})
			return nil
		}
		ctx.Dispatch(func(ctx app.Context) {
			in.flush(ctx)
			fx, handled := in.state().Key(key, page.Elsewhere)
			if !handled {
				ctx.PreventUpdate()
				return
			}
			in.apply(ctx, fx)
		})
		return nil
	})
	app.Window().Get("document").Call("addEventListener", "keydown", in.bodyKeys)
}

// OnDismount removes the document's listener, so a page mounted again does
// not answer each key twice.
func (in *Inspector) OnDismount() {
	if in.bodyKeys != nil {
		app.Window().Get("document").Call("removeEventListener", "keydown", in.bodyKeys)
		in.bodyKeys.Release()
		in.bodyKeys = nil
	}
}

func focus(id string) {
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Call("focus")
	}
}

// focusQuietly focuses an element without scrolling the page to it.
func focusQuietly(id string) {
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Call("focus", map[string]any{"preventScroll": true})
	}
}

func scrollIntoView(id string) {
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Call("scrollIntoView", map[string]any{"block": "nearest"})
	}
}

// keys lists every key the page answers, for the ? panel.
var keys = [][2]string{
	{"↑ / ↓ or k / j", "previous / next part (in the part list) or tree node (in the tree)"},
	{"→ / ←", "open / close a tree node; from the part list, → goes into the tree"},
	{"Enter", "open or close a tree node; from the part list, go into the tree"},
	{"Home / End", "first / last tree node"},
	{"[ / ]", "previous / next part, from anywhere"},
	{"h", "show the selected bytes in the hex view"},
	{"g", "go to an offset"},
	{"Ctrl+Z / Ctrl+Shift+Z (⌘ on a Mac)", "undo / redo an edit, in edit mode"},
	{"?", "this list (Esc closes it)"},
}

// keysPanel is the ? panel listing every key.
func (in *Inspector) keysPanel() app.UI {
	return keysHelp(in.state().CloseKeys)
}

func keysHelp(close func()) app.UI {
	rows := make([]app.UI, len(keys))
	for i, k := range keys {
		rows[i] = app.Tr().Body(app.Th().Body(app.Kbd().Text(k[0])), app.Td().Text(k[1]))
	}
	return app.Div().ID("keys-help").Class("keys-help").Role("dialog").Aria("label", "keyboard keys").Body(
		app.H2().Text("Keys"),
		app.Table().Body(app.TBody().Body(rows...)),
		app.Button().ID("keys-close").Text("Close").OnClick(func(ctx app.Context, e app.Event) { close() }),
	)
}
