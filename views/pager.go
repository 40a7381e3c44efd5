package views

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ListingPage is how many lines of a listing one page draws: more than any
// real shader has, so only a file made to be large is paged. A page of a
// part's text (model.TextPages) holds as many.
const ListingPage = model.TextPageLines

// PageSize is how many rows a long list (parts, problems, containers found
// inside a file) draws at once: a file may claim 100,000 parts, and the
// page must draw what fits on a screen, not what the file claims.
const PageSize = 200

// pageWindow is the first row of a page of a list of n rows, and where the
// page ends. Components call follow from OnMount and OnUpdate, when their
// rows arrive; rendering only reads it.
type pageWindow struct {
	size  int // rows per page; 0 is PageSize
	first int
	of    any // what the rows were the last time: a new list starts at its first page
	// turn, when set, is what the buttons call: the page is the page
	// state's (a text's page is in the link), not the window's own.
	turn func(ctx app.Context, first int)
}

// follow starts another list (of: its first element's address, or the
// value that holds it) at its first page.
func (w *pageWindow) follow(of any) {
	if of != w.of {
		w.of, w.first = of, 0
	}
}

// followRows is follow for a slice of rows: another first element is
// another list.
func followRows[T any](w *pageWindow, rows []T) {
	var of *T
	if len(rows) > 0 {
		of = &rows[0]
	}
	w.follow(of)
}

func (w *pageWindow) per() int {
	if w.size > 0 {
		return w.size
	}
	return PageSize
}

func (w *pageWindow) bounds(n int) (int, int) {
	first := w.first
	if first >= n || first < 0 {
		first = 0
	}
	return first, min(n, first+w.per())
}

// show moves the window to the page holding row i.
func (w *pageWindow) show(i int) {
	if i >= 0 && (i < w.first || i >= w.first+w.per()) {
		w.first = i / w.per() * w.per()
	}
}

// bar draws "rows a–b of n" with buttons to the other pages, or nothing when
// every row fits on one.
func (w *pageWindow) bar(id, noun string, n int) app.UI {
	if n <= w.per() {
		return nil
	}
	first, end := w.bounds(n)
	return w.barSaying(id, fmt.Sprintf("%s %d–%d of %d", noun, first+1, end, n), n)
}

// barSaying is bar with its own words for where the page is: a page of a
// text is a row whose lines the words name.
func (w *pageWindow) barSaying(id, where string, n int) app.UI {
	per := w.per()
	if n <= per {
		return nil
	}
	first, end := w.bounds(n)
	// go-app keeps a button's handler while its function is the same code,
	// whatever it captured: the scope names the page a button goes to, so
	// a handler is replaced when its page changes.
	step := func(to int) (app.EventHandler, app.EventOption) {
		return func(ctx app.Context, e app.Event) {
			if w.turn != nil {
				w.turn(ctx, to)
			} else {
				w.first = to
			}
		}, app.EventScope(fmt.Sprint(to))
	}
	last := (n - 1) / per * per
	bar := app.Elem("div").Class("pager")
	if id != "" {
		bar = bar.ID(id)
	}
	return bar.Body(
		app.Elem("button").Class("pager-first").Text("«").Title("first page").Attr("disabled", first == 0).OnClick(step(0)),
		app.Elem("button").Class("pager-prev").Text("‹").Title("previous page").Attr("disabled", first == 0).OnClick(step(max(0, first-per))),
		app.Elem("span").Class("pager-where").Text(where),
		app.Elem("button").Class("pager-next").Text("›").Title("next page").Attr("disabled", end >= n).OnClick(step(first+per)),
		app.Elem("button").Class("pager-last").Text("»").Title("last page").Attr("disabled", end >= n).OnClick(step(last)),
	)
}
