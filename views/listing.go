package views

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ListingBlock shows lines of a compiler listing as a foldable block: the
// comment block FXC writes above the code, the level-9 listing or RDEF's
// text (CodeView draws SHDR/SHEX instructions). A line made of bytes
// selects them (or its tree node) when clicked.
type ListingBlock struct {
	app.Compo
	ID       string
	Title    string
	Lines    []model.ListingLine
	Open     bool       // unfolded when first drawn
	Selected model.Span // the page's selection: the line of exactly these bytes is selected

	page     pageWindow
	selected int // the line Selected names, -1 for none
}

// OnMount takes the page's requests to bring the selected line into view.
func (b *ListingBlock) OnMount(ctx app.Context) {
	b.page.size = ListingPage
	b.OnUpdate(ctx)
	ctx.Handle(ActRevealCode, func(ctx app.Context, a app.Action) {
		if b.selected < 0 {
			ctx.PreventUpdate()
			return
		}
		b.page.show(b.selected)
		id := b.lineID(b.selected)
		ctx.Defer(func(app.Context) { revealLine(id) })
	})
}

// OnUpdate finds the line of the selected bytes.
func (b *ListingBlock) OnUpdate(ctx app.Context) {
	followRows(&b.page, b.Lines)
	b.selected = -1
	if b.Selected.Size <= 0 {
		return
	}
	for i, l := range b.Lines {
		if l.Size == b.Selected.Size && l.Off == b.Selected.Off {
			b.selected = i
			return
		}
	}
}

func (b *ListingBlock) lineID(i int) string { return fmt.Sprintf("%s-line-%d", b.ID, i) }

// revealLine brings a line into view: inside its scrolled box and, when
// the box is off screen, the box into the page's viewport.
func revealLine(id string) {
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Call("scrollIntoView", map[string]any{"block": "nearest"})
	}
}

// Render draws the block. Its lines are one piece of HTML with one click
// handler for them all: a listing of a few hundred lines built as go-app
// elements, each with a handler of its own, cost a level-9 shader's open
// more than the rest of the page (docs/performance.md).
func (b *ListingBlock) Render() app.UI {
	first, end := b.page.bounds(len(b.Lines))
	d := app.Elem("details").Class("listing-block").Body(
		app.Elem("summary").Text(fmt.Sprintf("%s (%d lines)", b.Title, len(b.Lines))),
		b.page.bar("", "lines", len(b.Lines)),
		app.Elem("div").Class("listing-box").On("click", b.onClick).Body(app.Raw(b.linesHTML(first, end))),
	)
	if b.Open {
		d = d.Attr("open", true)
	}
	return d
}

// linesHTML draws lines [first, end). A line made of bytes carries its
// index (data-i) for onClick, its offset (data-off) and what a click does.
func (b *ListingBlock) linesHTML(first, end int) string {
	var s strings.Builder
	s.WriteString(`<div class="listing-lines"`)
	if b.ID != "" {
		s.WriteString(` id="` + escapeHTML(b.ID) + `"`)
	}
	s.WriteString(`>`)
	for i := first; i < end; i++ {
		l := b.Lines[i]
		s.WriteString(`<div class="listing-line listing-comment`)
		if i == b.selected {
			s.WriteString(` selected`)
		}
		s.WriteString(`"`)
		if b.ID != "" {
			s.WriteString(` id="` + escapeHTML(b.lineID(i)) + `"`)
		}
		title := ""
		switch {
		case l.Part >= 0:
			title = l.Path + ": click to select it"
		case l.Size > 0:
			title = strings.TrimPrefix(fmt.Sprintf("%s, 0x%x, %d bytes: click to see them", l.Path, l.Off, l.Size), ", ")
		}
		if title != "" {
			fmt.Fprintf(&s, ` data-i="%d" data-off="%d" title="%s"`, i, l.Off, escapeHTML(title))
		}
		s.WriteString(`>`)
		s.WriteString(escapeHTML(l.Text))
		s.WriteString(`</div>`)
	}
	s.WriteString(`</div>`)
	return s.String()
}

// onClick selects what the clicked line shows: its field's tree node, or
// its bytes.
func (b *ListingBlock) onClick(ctx app.Context, e app.Event) {
	ctx.PreventUpdate() // the selection comes back through Selected
	t := e.Get("target")
	if !t.Truthy() || t.Get("closest").IsUndefined() {
		return
	}
	line := t.Call("closest", "[data-i]")
	if !line.Truthy() {
		return
	}
	i, err := strconv.Atoi(line.Get("dataset").Get("i").String())
	if err != nil || i < 0 || i >= len(b.Lines) {
		return
	}
	switch l := b.Lines[i]; {
	case l.Part >= 0:
		ctx.NewActionWithValue(ActSelectField, FieldRef{Part: l.Part, Path: l.Path, Off: l.Off, Size: l.Size})
	case l.Size > 0:
		ctx.NewActionWithValue(ActGoto, l.Off)
	}
}

// level9Listing is the Aon9 part's view: its listing, open.
func level9Listing(pv *model.PartView, sel Selection) []app.UI {
	if len(pv.Level9) == 0 {
		return nil
	}
	return []app.UI{app.Elem("div").Class("special listing").Body(
		app.Elem("h3").Text("Level9 (D3D9) listing"),
		&ListingBlock{ID: "level9", Title: "Aon9 as FXC lists it", Lines: pv.Level9, Open: true, Selected: sel.Span},
	)}
}

// shaderListing is an SHDR/SHEX part's view: FXC's header comments, folded,
// then the instructions, one line each.
func shaderListing(pv *model.PartView, sel Selection) []app.UI {
	code := pv.CodeListing()
	if code == nil {
		return nil
	}
	out := []app.UI{}
	if len(pv.FXCHeader) > 0 {
		out = append(out, &ListingBlock{Title: "FXC listing header", Lines: pv.FXCHeader})
	}
	return append(out, &CodeView{ID: "listing", Title: code.Title, Spelling: code.Spelling, Lines: code.Lines, Selected: sel.Span, Marks: sel.Marks, Code: code})
}

// spellingNote says under a listing's title whose spellings its lines
// follow (the version the file names, or that it names none), with the
// spellings that decided in its title.
func spellingNote(rule string) app.UI {
	if rule == "" {
		return nil
	}
	short, _, _ := strings.Cut(rule, ": ")
	short, _, _ = strings.Cut(short, "; ")
	if strings.HasPrefix(short, "no ") {
		short += ": today's spellings"
	} else {
		short = "as " + short + " printed it"
	}
	return app.Elem("p").Class("code-spelling").Title("Compilers changed how they print some lines between releases: " + rule + ".").
		Text("Spelled " + short + ".")
}
