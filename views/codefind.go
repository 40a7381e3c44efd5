package views

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// lineFind is a code listing's search: the listings draw only the lines
// near the scrolled window, so the browser's own find misses most of them.
// It finds the lines whose text holds the query (ignoring case) and steps
// through them; the listing scrolls to the one shown.
type lineFind struct {
	query   string
	matches []int // line indexes, ascending
	cur     int   // matches[cur] is the line shown; -1 before the first step
}

// search finds the query among n lines.
func (f *lineFind) search(n int, text func(int) string) {
	f.matches, f.cur = f.matches[:0], -1
	q := strings.ToLower(strings.TrimSpace(f.query))
	if q == "" {
		return
	}
	for i := 0; i < n; i++ {
		if strings.Contains(strings.ToLower(text(i)), q) {
			f.matches = append(f.matches, i)
		}
	}
}

// step moves to the next (dir 1) or previous (dir -1) match and returns
// its line.
func (f *lineFind) step(dir int) (int, bool) {
	if len(f.matches) == 0 {
		return -1, false
	}
	f.cur = ((f.cur+dir)%len(f.matches) + len(f.matches)) % len(f.matches)
	return f.matches[f.cur], true
}

// line is the line the search shows, or -1.
func (f *lineFind) line() int {
	if f.cur < 0 || f.cur >= len(f.matches) {
		return -1
	}
	return f.matches[f.cur]
}

func (f *lineFind) status() string {
	switch {
	case strings.TrimSpace(f.query) == "":
		return ""
	case len(f.matches) == 0:
		return "not found"
	case f.cur < 0:
		return strconv.Itoa(len(f.matches)) + " lines"
	}
	return strconv.Itoa(f.cur+1) + " of " + strconv.Itoa(len(f.matches))
}

// form draws the search box; go moves to a match (dir 0: the first after
// a new query) and shows it.
//
// The handlers ask for the lines when they run: go-app keeps the handlers of
// a first render, so a count or text captured then would outlive the lines
// (a listing printed whole after its head was shown).
func (f *lineFind) form(id string, count func() int, text func(int) string, goTo func(ctx app.Context, line int)) app.UI {
	move := func(ctx app.Context, dir int) {
		if i, ok := f.step(dir); ok {
			goTo(ctx, i)
		}
	}
	return app.Elem("div").Class("code-find").Role("search").Body(
		app.Elem("input").ID(id+"-find").Attr("type", "search").Class("code-find-input").Attr("placeholder", "Find in the listing").
			Aria("label", "find in the listing").Attr("value", f.query).
			OnInput(func(ctx app.Context, e app.Event) {
				f.query = ctx.JSSrc().Get("value").String()
				f.search(count(), text)
				move(ctx, 1)
			}).
			OnKeyDown(func(ctx app.Context, e app.Event) {
				if e.Get("key").String() != "Enter" {
					ctx.PreventUpdate()
					return
				}
				e.PreventDefault()
				dir := 1
				if e.Get("shiftKey").Bool() {
					dir = -1
				}
				move(ctx, dir)
			}),
		app.Elem("button").ID(id+"-find-prev").Class("code-find-step").Title("previous match (Shift+Enter)").Text("↑").
			OnClick(func(ctx app.Context, e app.Event) { move(ctx, -1) }),
		app.Elem("button").ID(id+"-find-next").Class("code-find-step").Title("next match (Enter)").Text("↓").
			OnClick(func(ctx app.Context, e app.Event) { move(ctx, 1) }),
		app.Elem("span").ID(id+"-find-status").Class("code-find-status").Aria("live", "polite").Text(f.status()),
	)
}
