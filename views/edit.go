package views

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The edit mode's actions.
const (
	ActEditToggle   = "dx-edit-toggle"   // edit mode on or off
	ActEditRemove   = "dx-edit-remove"   // value: int, the part list index of the part to remove
	ActEditSign     = "dx-edit-sign"     // value: string, a digest name (retail, bypass, preview-bypass)
	ActEditRootSig  = "dx-edit-rootsig"  // value: RootSigRequest
	ActEditUndo     = "dx-edit-undo"     // undo the last edit
	ActEditRedo     = "dx-edit-redo"     // make the last undone edit again
	ActEditCompare  = "dx-edit-compare"  // the compare view: the original against the edited container
	ActEditDownload = "dx-edit-download" // download the edited container
	ActEditField    = "dx-edit-field"    // value: string, the selected field's new value
)

// RootSigRequest is the root signature text to compile and apply.
type RootSigRequest struct {
	Text    string
	Version uint32 // 1 (1.0), 2 (1.1), 3 (1.2)
	Force   bool   // apply it even though it does not cover the shader
}

// RootSigError is a root signature text's compile error, for drawing at its place.
type RootSigError struct {
	Line, Col int
	Msg       string
}

// CoverLine is one finding of the root signature's coverage check.
type CoverLine struct {
	Severity string // error, warning, note
	Message  string
}

// EditPanel is the edit mode's controls: the edits made, undo and redo,
// signing, the comparison, the download, and the root signature as HLSL
// text. Each control says what its edit means for the runtime.
type EditPanel struct {
	app.Compo

	Edits        []string // the edits made, oldest first
	CanUndo      bool
	CanRedo      bool
	Done, Err    string      // what the last operation did, or why it was refused
	Digest       string      // the edited container's digest status
	Part         string      // the selected part's name ("" for the header)
	RS           RootSigBox  // the root signature text box (Suggested: the container carries no RTS0)
	RSCover      []CoverLine // the coverage check's findings
	RSRefused    bool
	RSCovered    bool // the text last applied covers every binding the shader uses
	HasRootSig   bool // the container has RTS0
	DownloadName string
	FieldPath    string        // the selected tree node when it can be written back ("" for none)
	FieldValue   string        // its value
	FieldWhy     string        // why the selected node cannot be written back
	FieldEnum    []FieldChoice // the values the decoder names, for an enumeration
	FieldFlags   []FieldChoice // the bits the decoder names, for flags
}

// Render draws the controls.
func (p *EditPanel) Render() app.UI {
	btn := func(id, label, title string, enabled bool, onClick app.EventHandler) app.HTMLElem {
		return app.Elem("button").ID(id).Class("edit-btn").Text(label).Title(title).Attr("disabled", !enabled).OnClick(onClick)
	}
	action := func(name string, v any) app.EventHandler {
		return func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(name, v) }
	}
	sign := func(d, label, lesson string) app.UI {
		return btn("edit-sign-"+d, label, lesson, true, action(ActEditSign, d))
	}
	partLesson := ""
	if p.Part != "" && p.Part != model.HeaderPart {
		partLesson = "Removing " + model.Shown(p.Part) + ": " + model.RemoveLesson(p.Part)
	}
	return app.Elem("section").ID("edit-panel").Class("edit-panel").Aria("label", "edit the container").Body(
		app.Elem("div").Class("edit-row").Body(
			app.Elem("strong").Text("Editing"),
			app.Elem("span").Class("edit-note").Text(" — in this browser only; nothing is uploaded. "+model.LessonKeepDigest),
		),
		app.Elem("div").Class("edit-row").Body(
			btn("edit-undo", "Undo", "undo the last edit", p.CanUndo, action(ActEditUndo, nil)),
			btn("edit-redo", "Redo", "make the last undone edit again", p.CanRedo, action(ActEditRedo, nil)),
			app.Elem("span").Class("edit-sep").Text("Sign:"),
			sign("retail", "Retail", model.LessonSignRetail),
			sign("bypass", "Bypass", model.LessonSignBypass),
			sign("preview-bypass", "Preview bypass", model.LessonSignPreview),
			app.Elem("span").Class("edit-sep").Text("·"),
			btn("edit-compare", "Compare with the original", "the compare view: the file as opened against the edited one", len(p.Edits) > 0, action(ActEditCompare, nil)),
			btn("edit-download", "Download", "save the edited container as "+p.DownloadName, true, action(ActEditDownload, nil)),
			btn("edit-done", "Done", "leave edit mode; the edited file stays shown", true, action(ActEditToggle, nil)),
		),
		app.Elem("p").Class("edit-lesson").Text("Digest now: "+p.Digest+". "+model.LessonSign),
		app.If(p.Err != "", func() app.UI { return app.Elem("p").ID("edit-error").Class("edit-error").Text(p.Err) }),
		app.If(p.Done != "" && p.Err == "", func() app.UI { return app.Elem("p").ID("edit-done-msg").Class("edit-done").Text(p.Done) }),
		app.If(len(p.Edits) > 0, func() app.UI {
			return app.Elem("ol").ID("edit-list").Class("edit-list").Body(
				app.Range(p.Edits).Slice(func(i int) app.UI { return app.Elem("li").Text(p.Edits[i]) }),
			)
		}),
		p.field(),
		app.If(partLesson != "", func() app.UI { return app.Elem("p").ID("edit-part-lesson").Class("edit-lesson").Text(partLesson) }),
		p.rootSig(),
	)
}

// rootSig is the root signature editor.
func (p *EditPanel) rootSig() app.UI {
	verb := "Replace RTS0"
	if !p.HasRootSig {
		verb = "Add RTS0"
	}
	return app.Elem("details").ID("rs-editor").Class("rs-editor").Attr("open", true).Body(
		app.Elem("summary").Text("Root signature (HLSL)"),
		app.Elem("p").Class("edit-lesson").Text(model.LessonRootSigChange),
		&RootSigInput{Prefix: "rs", Box: p.RS, Button: verb, Act: ActEditRootSig},
		app.If(len(p.RSCover) > 0, func() app.UI {
			return app.Elem("div").ID("rs-cover").Class("rs-cover").Body(
				app.Elem("p").Text("Checked against the shader's bindings:"),
				app.Elem("ul").Body(app.Range(p.RSCover).Slice(func(i int) app.UI {
					pr := p.RSCover[i]
					return app.Elem("li").Class("rs-cover-item sev-" + pr.Severity).Text(pr.Severity + ": " + pr.Message)
				})),
			)
		}),
		app.If(p.RSCovered, func() app.UI {
			return app.Elem("p").ID("rs-covered").Class("edit-done").Text("Checked against the shader's bindings: every resource it binds lies in a range of this root signature visible to its stage.")
		}),
		app.If(p.RSRefused, func() app.UI {
			return app.Elem("p").Class("edit-row").Body(
				app.Text("The runtime will refuse this root signature with this shader. "),
				app.Elem("button").ID("rs-force").Class("edit-btn").Text("Apply anyway").OnClick(func(ctx app.Context, e app.Event) {
					ctx.NewActionWithValue(ActEditRootSig, readRootSig("rs", p.RS, true))
				}),
			)
		}),
	)
}

// FieldChoice is one named value of an enumeration, or one named bit.
type FieldChoice = model.FieldChoice

// field is the selected tree number's editor, or why it has none. The text
// box holds the number written; an enumeration's list and the flags' boxes
// only fill it in.
func (p *EditPanel) field() app.UI {
	switch {
	case p.FieldPath != "":
		return app.Elem("div").ID("field-editor").Class("edit-row").Body(
			app.Elem("label").Attr("for", "field-value").Body(app.Text("Field "), app.Elem("code").Text(p.FieldPath), app.Text(" = ")),
			p.enumList(),
			app.Elem("input").ID("field-value").Class("field-value").Attr("type", "text").Attr("value", p.FieldValue).Attr("size", 14),
			app.Elem("button").ID("field-set").Class("edit-btn").Text("Set").
				Title("write this value into the field's bytes (decimal or 0x hex), re-sign, and keep it only if the decoder reads it back").
				OnClick(func(ctx app.Context, e app.Event) {
					v := p.FieldValue
					if el := app.Window().GetElementByID("field-value"); el.Truthy() {
						v = el.Get("value").String()
					}
					ctx.NewActionWithValue(ActEditField, v)
				}),
			p.flagBoxes(),
			app.Elem("span").Class("edit-note").Text("Changing a field changes what the runtime reads there; the decoder's problems below say what no longer fits."),
		)
	case p.FieldWhy != "":
		return app.Elem("p").ID("field-why").Class("edit-note").Text("Field: " + p.FieldWhy + ".")
	}
	return app.Elem("p").Class("edit-note").Text("Select a number or a named value (an enumeration) in the Tree tab to change it.")
}

// enumList offers an enumeration's named values; choosing one puts its
// number in the text box.
func (p *EditPanel) enumList() app.UI {
	if len(p.FieldEnum) == 0 {
		return nil
	}
	cur, _ := strconv.ParseUint(p.FieldValue, 0, 64)
	opts := make([]app.UI, len(p.FieldEnum))
	for i, c := range p.FieldEnum {
		opts[i] = app.Elem("option").Attr("value", strconv.FormatUint(c.Value, 10)).Attr("selected", c.Value == cur).Text(fmt.Sprintf("%s (%d)", c.Name, c.Value))
	}
	return app.Elem("select").ID("field-enum").Class("field-enum").Title("the values the decoder names").Body(opts...).
		OnChange(func(ctx app.Context, e app.Event) {
			ctx.PreventUpdate()
			setFieldText(ctx.JSSrc().Get("value").String())
		})
}

// flagBoxes offers a flags field's named bits; ticking one sets or clears
// its bit of the number in the text box (bits nobody named are kept).
func (p *EditPanel) flagBoxes() app.UI {
	if len(p.FieldFlags) == 0 {
		return nil
	}
	cur, _ := strconv.ParseUint(p.FieldValue, 0, 64)
	boxes := make([]app.UI, len(p.FieldFlags))
	for i, c := range p.FieldFlags {
		bit := c.Value
		id := "field-flag-" + strconv.FormatUint(bit, 16)
		boxes[i] = app.Elem("label").Class("field-flag").Attr("for", id).Body(
			app.Elem("input").ID(id).Attr("type", "checkbox").Attr("checked", cur&bit != 0).DataSet("bit", bit).
				OnChange(func(ctx app.Context, e app.Event) {
					ctx.PreventUpdate()
					el := app.Window().GetElementByID("field-value")
					if !el.Truthy() {
						return
					}
					v, err := strconv.ParseUint(strings.TrimSpace(el.Get("value").String()), 0, 64)
					if err != nil {
						v = cur
					}
					if ctx.JSSrc().Get("checked").Bool() {
						v |= bit
					} else {
						v &^= bit
					}
					setFieldText(fmt.Sprintf("0x%x", v))
				}),
			app.Text(fmt.Sprintf(" %s (0x%x)", c.Name, bit)))
	}
	return app.Elem("div").ID("field-flags").Class("field-flags").Body(boxes...)
}

func setFieldText(v string) {
	if el := app.Window().GetElementByID("field-value"); el.Truthy() {
		el.Set("value", v)
	}
}
