package views

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// PageSize is how many rows a long list (parts, problems, containers found
// inside a file) draws at once: a file may claim 100,000 parts, and the
// page must draw what fits on a screen, not what the file claims.
const PageSize = 200

// pageWindow is the first row of a page of a list of n rows, and where the
// page ends.
type pageWindow struct{ first int }

func (w *pageWindow) bounds(n int) (int, int) {
	if w.first >= n || w.first < 0 {
		w.first = 0
	}
	return w.first, min(n, w.first+PageSize)
}

// show moves the window to the page holding row i.
func (w *pageWindow) show(i int) {
	if i >= 0 && (i < w.first || i >= w.first+PageSize) {
		w.first = i / PageSize * PageSize
	}
}

// bar draws "rows a–b of n" with buttons to the other pages, or nothing when
// every row fits on one.
func (w *pageWindow) bar(id, noun string, n int) app.UI {
	if n <= PageSize {
		return nil
	}
	first, end := w.bounds(n)
	step := func(to int) app.EventHandler {
		return func(ctx app.Context, e app.Event) { w.first = to }
	}
	last := (n - 1) / PageSize * PageSize
	return app.Div().ID(id).Class("pager").Body(
		app.Button().Class("pager-first").Text("«").Title("first page").Disabled(first == 0).OnClick(step(0)),
		app.Button().Class("pager-prev").Text("‹").Title("previous page").Disabled(first == 0).OnClick(step(max(0, first-PageSize))),
		app.Span().Class("pager-where").Text(fmt.Sprintf("%s %d–%d of %d", noun, first+1, end, n)),
		app.Button().Class("pager-next").Text("›").Title("next page").Disabled(end >= n).OnClick(step(first+PageSize)),
		app.Button().Class("pager-last").Text("»").Title("last page").Disabled(end >= n).OnClick(step(last)),
	)
}
