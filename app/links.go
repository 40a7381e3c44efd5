package app

import (
	"strings"
	"time"

	"github.com/dxscope/dxscope/views"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// writeHistory puts a link in the address bar: a new history entry (push)
// or over the current one. It writes the fragment itself rather than through
// go-app's navigation, which parses and prints the whole address (the file
// rides in it: tens of kilobytes) several times and walks every component
// for each entry (about 12 ms of an open in a sampled profile,
// docs/performance.md). go-app's record of the last address goes stale, so
// listenPopState answers Back and Forward. The entry's state holds the link
// too; the address is short instead when one is given (flush). It holds
// the entry's place in the page's history as well (entryOf).
func (in *Inspector) writeHistory(frag, short string, push bool) {
	method := "replaceState"
	if push {
		method = "pushState"
		in.entry++
	}
	addr := frag
	if short != "" {
		addr = short
	}
	state := app.Window().Get("Object").New()
	state.Set("link", frag)
	state.Set("entry", in.entry)
	app.Window().Get("history").Call(method, state, "", "#"+addr)
}

// entryOf returns the place of the history entry shown, as writeHistory
// counted it: 0 for an entry the page did not write (the one it was loaded
// with, or a fragment typed into the address bar).
func entryOf() int {
	if st := app.Window().Get("history").Get("state"); st.Truthy() {
		if e := st.Get("entry"); e.Type() == app.TypeNumber {
			return e.Int()
		}
	}
	return 0
}

// returnAfterDrop answers a Back or Forward pressed while the view shown
// waited for its link (noteAfterPaint): its entry is not written yet, so
// the browser went from the entry before it, the one the address bar held,
// and one too far. The page goes back to that entry and shows it: Back from
// a file returns to the file before it however soon it is pressed. at is
// the place of the entry the browser went to. It reports whether it did;
// the view left gets no entry of its own.
func (in *Inspector) returnAfterDrop(ctx app.Context, at int) bool {
	if !in.linkPending || at == in.entry {
		return false
	}
	in.linkPending = false
	in.noteSeq++
	in.returning, in.returnTo, in.returnBy = true, in.entry, time.Now().Add(time.Second)
	in.state().LinkDropped()
	app.Window().Get("history").Call("go", in.entry-at)
	ctx.PreventUpdate()
	return true
}

// linkOfEntry returns the link of the history entry shown: its state's
// when the page wrote one there, else the address's fragment (a link
// pasted, typed or opened). short reports an address that is not the link.
func linkOfEntry() (link string, short bool) {
	addr := strings.TrimPrefix(app.Window().Get("location").Get("hash").String(), "#")
	if st := app.Window().Get("history").Get("state"); st.Truthy() {
		if l := st.Get("link"); l.Type() == app.TypeString && l.String() != addr {
			return l.String(), true
		}
	}
	return addr, false
}

// restoreAddress writes the link into the address bar of an entry that
// held its short form, once the page has been still for linkDelay: the
// address is what people copy.
func (in *Inspector) restoreAddress(ctx app.Context, link string) {
	seq := in.noteSeq
	in.stableCtx(ctx).After(linkDelay, func(ctx app.Context) {
		ctx.PreventUpdate()
		if seq == in.noteSeq && !in.linkPending && in.state().Link.Written() == link {
			in.writeHistory(link, "", false)
		}
	})
}

// writeLink writes the link of the view as it is, when nothing else
// changed (after a paint, after scrolling): the share bar, which shows the
// link, is told. Its caller keeps the rest of the page from being drawn
// again, with one PreventUpdate: go-app counts an update per Dispatch and
// takes one back per PreventUpdate, so a second one would cancel another
// update of the same frame (an opened file once stayed unshown so).
func (in *Inspector) writeLink(ctx app.Context) {
	in.apply(ctx, in.state().Note())
	l := in.state().Link
	ctx.NewActionWithValue(views.ActLinkWritten, views.LinkFacts{Embedded: l.Embedded, Len: l.Len})
}

// listenPopState applies the link on Back and Forward and when the user edits
// the fragment. go-app answers popstate too, but not when the address equals
// the last one it wrote itself, which writeHistory leaves behind; the state
// applies a fragment once, so the second of the two answers changes nothing.
func (in *Inspector) listenPopState(ctx app.Context) {
	in.popState = app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(in.OnNav)
		return nil
	})
	app.Window().Call("addEventListener", "popstate", in.popState)
}

// onHexRow keeps row= current while scrolling, written once scrolling stops.
func (in *Inspector) onHexRow(ctx app.Context, r views.HexRow) {
	ctx.PreventUpdate()
	st := in.state()
	if r.View != "" || st.Model == nil {
		return
	}
	st.HexRow(r.Row)
	in.rowTick++
	tick := in.rowTick
	ctx.After(300*time.Millisecond, func(ctx app.Context) {
		ctx.PreventUpdate()
		if tick == in.rowTick {
			in.writeLink(ctx)
		}
	})
}
