package views

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// RootSigBox is what the page holds of a root signature text box: the
// edit mode's and the compare view's pass it down whole.
type RootSigBox struct {
	Text    string // the text the page set, or last compiled
	Version uint32 // 1 (1.0), 2 (1.1), 3 (1.2)
	Rev     int    // changes when the page sets Text
	Err     *RootSigError
	// Suggested: Text is dxscope's suggestion for shaders that carry no
	// root signature (decode.SuggestRootSignature), said above the box.
	Suggested bool
}

// RootSigInput is a root signature as HLSL text: the text box, the version
// it compiles to, a button, and the compile error drawn at its place. The
// edit mode's root signature editor (prefix "rs") and the compare view's
// pipeline root signature (prefix "pipe-rs") are both one.
type RootSigInput struct {
	app.Compo
	Prefix string // the elements' IDs: Prefix+"-text", "-version", "-apply", "-error"
	Box    RootSigBox
	Button string // the button's label
	Title  string // what the button does
	Act    string // the action the button sends, with a RootSigRequest

	seenRev int
	mounted bool
}

// OnMount remembers the text the text box starts with.
func (r *RootSigInput) OnMount(ctx app.Context) { r.seenRev, r.mounted = r.Box.Rev, true }

// OnUpdate writes text the page set into the text box: a text box keeps
// what the user typed over its child text, so its value is set.
func (r *RootSigInput) OnUpdate(ctx app.Context) {
	if r.mounted && r.Box.Rev != r.seenRev {
		r.seenRev = r.Box.Rev
		text, id := r.Box.Text, r.Prefix+"-text"
		ctx.Defer(func(ctx app.Context) {
			if el := app.Window().GetElementByID(id); el.Truthy() {
				el.Set("value", text)
			}
		})
	}
}

// Render draws the text box, the version and the button, then the error.
func (r *RootSigInput) Render() app.UI {
	b := &r.Box
	lines := strings.Count(b.Text, "\n") + 3
	return app.Elem("div").Class("rs-input").Body(
		app.If(b.Suggested, func() app.UI {
			return app.Elem("p").ID(r.Prefix + "-suggested").Class("edit-lesson rs-suggested").Text(model.LessonSuggestedRootSig)
		}),
		app.Elem("textarea").ID(r.Prefix+"-text").Class("rs-text").Attr("rows", min(max(lines, 4), 16)).Spellcheck(false).Text(b.Text),
		app.Elem("div").Class("edit-row").Body(
			app.Elem("label").Attr("for", r.Prefix+"-version").Text("Version "),
			app.Elem("select").ID(r.Prefix+"-version").Body(
				app.Range([]uint32{1, 2, 3}).Slice(func(i int) app.UI {
					v := uint32(i + 1)
					return app.Elem("option").Attr("value", fmt.Sprint(v)).Attr("selected", v == b.Version).Text(fmt.Sprintf("1.%d", i))
				}),
			),
			app.Elem("button").ID(r.Prefix+"-apply").Class("edit-btn").Text(r.Button).Title(r.Title).OnClick(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(r.Act, readRootSig(r.Prefix, *b, false))
			}),
		),
		app.If(b.Err != nil, func() app.UI { return r.errorAt() }),
	)
}

// readRootSig is the text and version the boxes of prefix hold now (box's
// when they are not on the page).
func readRootSig(prefix string, box RootSigBox, force bool) RootSigRequest {
	req := RootSigRequest{Text: box.Text, Version: box.Version, Force: force}
	if el := app.Window().GetElementByID(prefix + "-text"); el.Truthy() {
		req.Text = el.Get("value").String()
	}
	if el := app.Window().GetElementByID(prefix + "-version"); el.Truthy() {
		// strconv, not fmt.Sscan: the scanner is 55 KB of app.wasm for this one read.
		if v, err := strconv.ParseUint(strings.TrimSpace(el.Get("value").String()), 10, 32); err == nil {
			req.Version = uint32(v)
		}
	}
	return req
}

// errorAt draws a compile error under the text: the line it is on and a
// caret under its column.
func (r *RootSigInput) errorAt() app.UI {
	e := r.Box.Err
	line := ""
	if ls := strings.Split(r.Box.Text, "\n"); e.Line >= 1 && e.Line <= len(ls) {
		line = strings.ReplaceAll(ls[e.Line-1], "\t", " ")
	}
	caret := strings.Repeat(" ", max(e.Col-1, 0)) + "^"
	return app.Elem("div").ID(r.Prefix+"-error").Class("rs-error").DataSet("line", e.Line).DataSet("col", e.Col).Body(
		app.Elem("p").Text(fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)),
		app.Elem("pre").Class("rs-error-at").Text(line+"\n"+caret),
	)
}
