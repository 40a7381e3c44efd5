package views

import (
	"fmt"

	"github.com/dustin/go-humanize"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ActCopyText asks the page to copy a text (value: CopyRequest) and say so
// in the share bar.
const ActCopyText = "dx-copy-text"

// CopyRequest is a text to copy and the words that say it was copied.
type CopyRequest struct{ Text, Done string }

// TextDumps shows a part's text forms, each as the dxscope command prints
// it, with buttons to download or copy the whole text.
type TextDumps struct {
	app.Compo
	Dumps    []model.TextDump
	FileBase string // the download names start with it
}

// Render draws one section per dump.
func (d *TextDumps) Render() app.UI {
	return app.Elem("div").ID("text-dumps").Body(app.Range(d.Dumps).Slice(func(i int) app.UI { return d.dump(d.Dumps[i]) }))
}

func (d *TextDumps) dump(t model.TextDump) app.UI {
	name := d.FileBase + "." + t.Ext
	cut := ""
	if t.Cut {
		cut = fmt.Sprintf("The text stops after %s here; dxscope %s FILE prints all of it.", humanize.IBytes(uint64(len(t.Text))), t.Command)
	}
	id := "dump-" + t.Command
	return app.Elem("section").ID(id).Class("text-dump").DataSet("command", t.Command).Body(
		app.Elem("div").Class("dump-head").Body(
			app.Elem("h3").Text(t.Title),
			app.Elem("code").Class("dump-command").Title("the command line tool prints the same text").Text("dxscope "+t.Command+" FILE"),
			app.Elem("button").ID(id+"-download").Text("Download "+name).OnClick(func(ctx app.Context, e app.Event) {
				Download(name, "text/plain", []byte(t.Text))
			}, app.EventScope(id)),
			app.Elem("button").ID(id+"-copy").Text("Copy").OnClick(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(ActCopyText, CopyRequest{Text: t.Text, Done: "copied the " + t.Command + " text"})
			}, app.EventScope(id)),
		),
		app.Elem("pre").Class("dump-text").Text(t.Text),
		app.If(cut != "", func() app.UI { return app.Elem("p").Class("muted").Text(cut) }),
	)
}
