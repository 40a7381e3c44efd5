package views

import (
	"fmt"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ActCopyText asks the page to copy a text (value: CopyRequest) and say so
// in the share bar.
const ActCopyText = "dx-copy-text"

// CopyRequest is a text to copy and the words that say it was copied.
type CopyRequest struct{ Text, Done string }

// ActTextPage asks the page to show another page of a text (value: TextPageRef).
const ActTextPage = "dx-text-page"

// TextPageRef is a page (from 0) of the text a dxscope command prints.
type TextPageRef struct {
	Command string
	Page    int
}

// TextDumps shows a part's text forms, each as the dxscope command prints
// it, with buttons to download or copy the whole text.
type TextDumps struct {
	app.Compo
	Dumps    []model.TextDump
	FileBase string         // the download names start with it
	Pages    map[string]int // the page (from 0) each text shows, by its command
}

// Render draws one section per dump.
func (d *TextDumps) Render() app.UI {
	return app.Elem("div").ID("text-dumps").Body(app.Range(d.Dumps).Slice(func(i int) app.UI {
		return &TextForm{Dump: &d.Dumps[i], FileBase: d.FileBase, Page: d.Pages[d.Dumps[i].Command], page: pageWindow{size: 1}}
	}))
}

// TextForm is one text form of a part: its command, buttons to download or
// copy the whole text, and the text a page (model.TextPages) at a time: a
// hostile file's 2 MiB text in one <pre> cost tens of MB of heap to lay out.
type TextForm struct {
	app.Compo
	Dump     *model.TextDump
	FileBase string
	Page     int // the page shown: the page state's, in the link

	page pageWindow // a row per page of the text
}

// OnMount and OnUpdate show the page the state says; the pager's buttons
// ask for another (ActTextPage).
func (f *TextForm) OnMount(ctx app.Context) {
	f.page.turn = func(ctx app.Context, to int) {
		ctx.NewActionWithValue(ActTextPage, TextPageRef{Command: f.Dump.Command, Page: to})
	}
	f.OnUpdate(ctx)
}
func (f *TextForm) OnUpdate(ctx app.Context) { f.page.first = f.Page }

// Render draws the section; a text of one page is drawn whole, with no bar.
func (f *TextForm) Render() app.UI {
	t := f.Dump
	name := f.FileBase + "." + t.Ext
	cut := ""
	if t.Cut {
		cut = fmt.Sprintf("The text stops after %s here; dxscope %s FILE prints all of it.", humanize.IBytes(uint64(len(t.Text))), t.Command)
	}
	id := "dump-" + strings.ReplaceAll(t.Command, " --", "-") // "rootsig --cpp": dump-rootsig-cpp
	shown, bar := t.Text, app.UI(nil)
	if n := len(t.Pages); n > 1 {
		i, _ := f.page.bounds(n)
		pg := t.Pages[i]
		shown = t.Text[pg.Start:pg.End]
		where := fmt.Sprintf("lines %d–%d of %d", pg.FirstLine, pg.LastLine, t.Pages[n-1].LastLine)
		if pg.FirstLine == pg.LastLine {
			where = fmt.Sprintf("line %d of %d", pg.FirstLine, t.Pages[n-1].LastLine)
		}
		bar = f.page.barSaying(id+"-pager", where, n)
	}
	// The buttons read the text when clicked: go-app keeps a handler of the
	// same code and scope, and another part's text may have the same id.
	return app.Elem("section").ID(id).Class("text-dump").DataSet("command", t.Command).Body(
		app.Elem("div").Class("dump-head").Body(
			app.Elem("h3").Text(t.Title),
			app.Elem("code").Class("dump-command").Title("the command line tool prints the same text").Text("dxscope "+t.Command+" FILE"),
			app.Elem("button").ID(id+"-download").Title("Download "+name).Text("Download "+name).OnClick(func(ctx app.Context, e app.Event) {
				Download(f.FileBase+"."+f.Dump.Ext, "text/plain", []byte(f.Dump.Text))
			}, app.EventScope(id)),
			app.Elem("button").ID(id+"-copy").Text("Copy").OnClick(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(ActCopyText, CopyRequest{Text: f.Dump.Text, Done: "copied the " + f.Dump.Command + " text"})
			}, app.EventScope(id)),
		),
		bar,
		app.Elem("pre").Class("dump-text").Text(shown),
		app.If(cut != "", func() app.UI { return app.Elem("p").Class("muted").Text(cut) }),
	)
}
