// The share bar: the link, its length, copying it, and the prompt for a
// file a link names by hash.
package app

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/views"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// copyLink copies the address bar's link.
func (in *Inspector) copyLink(ctx app.Context) {
	in.apply(ctx, in.state().Note())
	href := app.Window().Get("location").Get("href").String()
	in.copyText(ctx, href, "copied")
}

// copyText puts text on the clipboard and says so in the share bar.
func (in *Inspector) copyText(ctx app.Context, text, done string) {
	ctx = in.stableCtx(ctx)
	nav := app.Window().Get("navigator")
	clip := nav.Get("clipboard")
	fallback := func(ctx app.Context) {
		if copyByCommand(text) {
			in.copied = done
		} else {
			in.copied = "could not copy: select the address bar and copy it"
		}
	}
	if !clip.Truthy() {
		fallback(ctx)
		return
	}
	var then, fail app.Func
	release := func() { then.Release(); fail.Release() }
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		defer release()
		ctx.Dispatch(func(ctx app.Context) { in.copied = done })
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		defer release()
		ctx.Dispatch(fallback)
		return nil
	})
	clip.Call("writeText", text).Call("then", then).Call("catch", fail)
}

// copyByCommand copies through a hidden text area, for browsers that refuse
// the asynchronous clipboard (no focus, no permission).
func copyByCommand(text string) bool {
	doc := app.Window().Get("document")
	ta := doc.Call("createElement", "textarea")
	ta.Set("value", text)
	ta.Get("style").Set("position", "fixed")
	ta.Get("style").Set("opacity", "0")
	doc.Get("body").Call("appendChild", ta)
	ta.Call("select")
	ok := doc.Call("execCommand", "copy").Bool()
	ta.Call("remove")
	return ok
}

// shareUI is the share bar with the link's messages, under the summary.
func (in *Inspector) shareUI() app.UI {
	// The compared file's picker comes first, so it keeps its place (and its
	// element) whatever messages come and go after it.
	st := in.state()
	items := []app.UI{views.HiddenFileInput("compare-input", in.onPickCompare)}
	if e := st.Link.Err; e != "" {
		items = append(items, app.Elem("p").ID("link-error").Class("status link-error").Role("alert").Text(e))
	}
	if n := st.Link.Note; n != "" {
		items = append(items, app.Elem("p").ID("link-note").Class("status link-note").Text(n))
	}
	if p := st.Link.Pending; p != nil {
		items = append(items, in.prompt(p))
	}
	if m := st.Model; m != nil {
		pname := ""
		if pv := st.PartView(); pv != nil {
			pname = pv.Name
		}
		bitcode := false
		if m.File != nil {
			_, err := decode.ExtractPart(m.File, "dxil")
			bitcode = err == nil
		}
		items = append(items, &views.ShareBar{
			Copied: in.copied, Embedded: st.Link.Embedded, LinkLen: st.Link.Len,
			PartName: pname, Bitcode: bitcode, Selection: st.Sel.Size, HasModel: m.File != nil,
			Compare: st.Comparing() || st.Pipelining(), CompareMode: st.Next == page.OpenAsCompared,
		})
	}
	return app.Elem("div").Class("share").Body(items...)
}

// prompt asks for the file (or compared file) a link names by hash.
func (in *Inspector) prompt(p *linkstate.State) app.UI {
	var what, name, sha string
	var size int64
	switch {
	case p.SHA256 != "":
		what, name, sha, size = "file", p.Name, p.SHA256, p.Size
	case p.CompareSHA256 != "" && in.state().Model != nil:
		what, name, sha, size = "compared file", p.Compare, p.CompareSHA256, p.CompareSize
	default:
		// A deep link without a file.
		sel := p.Field
		if sel == "" {
			sel = p.Part
		}
		if sel == "" {
			sel = "a view"
		}
		return app.Elem("p").ID("link-prompt").Class("status link-prompt").Text(
			fmt.Sprintf("This link selects %s: open a file and it is shown there.", sel))
	}
	if name == "" {
		name = "the file"
	}
	sizeText := "unknown size"
	if size > 0 {
		sizeText = model.SizeText(size)
	}
	input := "file-input"
	if what == "compared file" {
		input = "compare-input"
	}
	if what == "file" && p.Tab == "pipeline" && len(p.Stages) > 0 && len(p.StageSHA256) == len(p.Stages) {
		all := model.Shown(strings.Join(append([]string{name}, p.Stages...), ", "))
		return app.Elem("div").ID("link-prompt").Class("status link-prompt").Body(
			app.Elem("p").Text(fmt.Sprintf("This link shows a pipeline of %d shaders (%s), too large to travel in the link. Open your copies, one at a time or together, to see it; each is checked against the link's SHA-256 first. Nothing is uploaded.",
				len(p.Stages)+1, all)),
			views.FileButton(input, "button", "prompt-open", "", "Open the shaders…"),
		)
	}
	return app.Elem("div").ID("link-prompt").Class("status link-prompt").Body(
		app.Elem("p").Body(
			app.Text(fmt.Sprintf("This link shows %s, %s, which was too large to travel in the link. Open your copy of %s to see the view; it is checked against the link's SHA-256 (%s…) first. Nothing is uploaded.",
				name, sizeText, name, sha[:16])),
		),
		views.FileButton(input, "button", "prompt-open", "", "Open "+name+"…"),
	)
}
