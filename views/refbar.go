package views

import (
	"fmt"
	"strconv"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// refBar lists a clicked value's (or register's) definition and uses above
// a code listing, each a click away (goLine shows a line, label names it as
// the listing does; nil: "line N"); × calls clear.
func refBar(ref *model.Ref, label func(int) string, goLine func(app.Context, int), clear func()) app.UI {
	if label == nil {
		label = func(i int) string { return strconv.Itoa(i + 1) }
	}
	if ref == nil {
		return app.Elem("div").Class("refs hidden")
	}
	items := []app.UI{app.Elem("span").Class("refs-name").Text(model.Shown(ref.Name))}
	switch {
	case ref.Def >= 0:
		def, what := ref.Def, " defined on line "
		if ref.Scope != "" {
			what = " written at "
		}
		items = append(items, app.Text(what), app.Elem("button").Class("ref-go ref-go-def").Text(label(def)).
			OnClick(func(ctx app.Context, e app.Event) { goLine(ctx, def) }))
	case ref.Scope != "":
		items = append(items, app.Text(" is not written earlier in "+ref.Scope+" (its value comes from before a branch, a loop or the start)"))
	default:
		items = append(items, app.Text(" has no definition in the listing (a parameter or a name)"))
	}
	uses := fmt.Sprintf("; %d uses", ref.Count)
	if ref.Scope != "" {
		uses = fmt.Sprintf("; %d reads of that value in %s", ref.Count, ref.Scope)
	}
	items = append(items, app.Text(uses))
	if ref.Count > 0 {
		items = append(items, app.Text(":"))
	}
	const shown = 40
	for k, u := range ref.Uses {
		if k == shown {
			items = append(items, app.Text(fmt.Sprintf(" … and %d more (search finds them)", ref.Count-shown)))
			break
		}
		u := u
		items = append(items, app.Text(" "), app.Elem("button").Class("ref-go ref-go-use").Text(label(u)).
			OnClick(func(ctx app.Context, e app.Event) { goLine(ctx, u) }))
	}
	items = append(items, app.Text(" "), app.Elem("button").Class("ref-close").Text("×").Title("Clear").
		OnClick(func(ctx app.Context, e app.Event) { clear() }))
	return app.Elem("div").Class("refs").Body(items...)
}

// refMarks is the CSS classes a listing gives the lines of a value's
// definition and uses.
func refMarks(ref *model.Ref) map[int]string {
	m := map[int]string{}
	for _, u := range ref.Uses {
		m[u] = " ref-use"
	}
	if ref.Def >= 0 {
		m[ref.Def] = " ref-def"
	}
	return m
}

// tempOrdinal is which of its line's r#/x# tokens a clicked register token
// is (as model.RegisterRefs.Of counts them), or -1 for any other target.
func tempOrdinal(t, line app.Value) int {
	if _, _, ok := model.TempName(t.Get("textContent").String()); !ok {
		return -1
	}
	regs := line.Call("querySelectorAll", ".tok-reg")
	n := 0
	for k := 0; k < regs.Length(); k++ {
		r := regs.Index(k)
		if r.Equal(t) {
			return n
		}
		if _, _, ok := model.TempName(r.Get("textContent").String()); ok {
			n++
		}
	}
	return -1
}
