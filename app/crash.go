package app

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A Go panic anywhere in the page (our decoders and views, or go-app's own
// code) unwinds go-app's event loop and would end the program: the page
// would look alive and answer nothing. Run catches it, keeps what the page
// was doing, and starts the page again, which then says what happened.

// crashReport is a panic the page survived.
type crashReport struct {
	Message string // the panic value
	Where   string // the first frames of ours (or go-app's) that panicked
	Input   string // the file being opened or shown, name and size
	Link    string // the address, whose fragment is dropped on restart
}

var (
	lastCrash *crashReport
	crashes   int
	// busyWith names the input the page is working on, for the report.
	busyWith string
)

// build decodes a file for the page, noting it as the input of any panic.
func build(name string, data []byte, off int64) *model.Model {
	busyWith = fmt.Sprintf("%s (%d bytes", text.SafeCap(name, 120), len(data))
	if off > 0 {
		busyWith += fmt.Sprintf(", the container at 0x%x", off)
	}
	busyWith += ")"
	return model.Build(name, data, off)
}

// maxRestarts stops a page that panics on every start from spinning.
const maxRestarts = 20

// Run routes and runs the page in the browser, restarting it after a panic.
func Run() {
	Register()
	for {
		p := runOnce()
		if p == nil {
			return
		}
		crashes++
		if crashes > maxRestarts {
			panic(p.Message)
		}
		lastCrash = p
		app.Log("dxscope: recovered from a panic, restarting the page:", p.Message, "\n", p.Where)
		// The link in the address bar may be what panicked: start without it.
		if loc := app.Window().Get("location"); loc.Truthy() {
			app.Window().Get("history").Call("replaceState", nil, "", loc.Get("pathname").String())
		}
	}
}

func runOnce() (p *crashReport) {
	defer func() {
		if r := recover(); r != nil {
			p = &crashReport{Message: text.SafeCap(fmt.Sprint(r), 300), Where: panicFrames(debug.Stack()), Input: busyWith}
			if loc := app.Window().Get("location"); loc.Truthy() {
				p.Link = text.SafeCap(loc.Get("href").String(), 200)
			}
		}
	}()
	app.RunWhenOnBrowser()
	return nil
}

// panicFrames keeps the function names of the stack from the panic down,
// without Go's runtime and the recovery itself: enough to report the bug.
func panicFrames(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	var out []string
	after := false
	for _, l := range lines {
		if strings.HasPrefix(l, "panic(") {
			after = true
			continue
		}
		// go-app's loader re-raises what it caught: not where it began.
		if !after || strings.HasPrefix(l, "\t") || l == "" || strings.Contains(l, "RunWhenOnBrowser.func") {
			continue
		}
		if i := strings.LastIndex(l, "("); i > 0 {
			l = l[:i]
		}
		out = append(out, l)
		if len(out) == 6 {
			break
		}
	}
	return strings.Join(out, " ← ")
}

// crashBanner tells the user the page restarted after a bug, with what it
// was given, so the bug can be reported; it goes when the user closes it.
func (in *Inspector) crashBanner() app.UI {
	c := lastCrash
	if c == nil {
		return nil
	}
	msg := "dxscope hit a bug and restarted itself: " + c.Message + "."
	var detail []app.UI
	if c.Input != "" {
		detail = append(detail, app.Elem("li").Text("The last file given to the page: "+c.Input+"."))
	}
	if c.Link != "" {
		detail = append(detail, app.Elem("li").Body(app.Text("The address was "), app.Elem("code").Text(c.Link)))
	}
	if c.Where != "" {
		detail = append(detail, app.Elem("li").Body(app.Text("In "), app.Elem("code").Text(c.Where)))
	}
	return app.Elem("div").ID("crash").Class("crash").Aria("role", "alert").Body(
		app.Elem("p").Text(msg+" The page works again; open a file or an example."),
		app.Elem("ul").Body(detail...),
		app.Elem("button").Text("Dismiss").OnClick(func(ctx app.Context, e app.Event) { lastCrash = nil }),
	)
}
