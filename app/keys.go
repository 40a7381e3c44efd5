// Keyboard navigation of the inspector (page.State.Key decides what a key does).
package app

import (
	"github.com/dxscope/dxscope/app/page"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// keyPress is what the page reads of a keydown event.
type keyPress struct {
	key      string
	shift    bool
	command  bool // Ctrl or ⌘, without Alt: the page's undo and redo in edit mode
	modified bool // Ctrl, ⌘ or Alt: the browser's, unless a command the page answers
}

func readKey(e app.Value) keyPress {
	ctrl, meta, alt := e.Get("ctrlKey").Bool(), e.Get("metaKey").Bool(), e.Get("altKey").Bool()
	return keyPress{key: e.Get("key").String(), shift: e.Get("shiftKey").Bool(),
		command: (ctrl || meta) && !alt, modified: ctrl || meta || alt}
}

// answerKey carries out what the page does with a key pressed where (the
// state decides: State.CommandKey, State.Key); false when the key is the
// browser's.
func (in *Inspector) answerKey(ctx app.Context, k keyPress, where page.KeyPlace) bool {
	in.flush(ctx)
	var fx page.Effects
	handled := false
	switch {
	case k.command:
		fx, handled = in.state().CommandKey(k.key, k.shift)
	case !k.modified:
		fx, handled = in.state().Key(k.key, where)
	}
	if !handled {
		ctx.PreventUpdate()
		return false
	}
	in.apply(ctx, fx)
	return true
}

// onKey answers a key pressed inside the page: text fields keep every key
// (their own undo included), buttons every key but the page's commands.
func (in *Inspector) onKey(ctx app.Context, e app.Event) {
	target := e.Get("target")
	tag := ""
	if target.Truthy() {
		tag = target.Get("tagName").String()
	}
	k := readKey(e.Value)
	if tag == "INPUT" || tag == "TEXTAREA" || tag == "BUTTON" && !k.command {
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
	if in.answerKey(ctx, k, where) {
		e.PreventDefault()
	}
}

// listenOnBody answers the page's keys when no element of the page has the
// focus: after a click on plain text the document's body has it, and a key
// there never reaches #app's handler. The keys answered there need no
// preventDefault (Elsewhere has no arrows; the body has no undo of its
// own), so the state is read on the UI goroutine, after the event.
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
		k := readKey(e)
		if k.modified && !k.command {
			return nil
		}
		ctx.Dispatch(func(ctx app.Context) { in.answerKey(ctx, k, page.Elsewhere) })
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
	if in.popState != nil {
		app.Window().Call("removeEventListener", "popstate", in.popState)
		in.popState.Release()
		in.popState = nil
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
		rows[i] = app.Elem("tr").Body(app.Elem("th").Body(app.Elem("kbd").Text(k[0])), app.Elem("td").Text(k[1]))
	}
	return app.Elem("div").ID("keys-help").Class("keys-help").Role("dialog").Aria("label", "keyboard keys").Body(
		app.Elem("h2").Text("Keys"),
		app.Elem("table").Body(app.Elem("tbody").Body(rows...)),
		app.Elem("button").ID("keys-close").Text("Close").OnClick(func(ctx app.Context, e app.Event) { close() }),
	)
}
