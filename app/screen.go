// Screen: what the page shows, named once. The main area shows exactly one
// screen; a selected part shows one of its tabs; the next opened file is
// either a new file or the one to compare with. Each is one field of the
// Inspector with a type of its own, so no combination of flags decides what
// is on the page.
package app

// screen is what the main area shows.
type screen int

const (
	screenWelcome  screen = iota // no file: what dxscope does and how to start
	screenDemo                   // #demo=grid: the special views with made-up data
	screenFile                   // in.model: a container, or the containers found inside a file
	screenCompare                // in.model against in.share.cmp's file
	screenDatabase               // the open databases (in.db), in.model is nil
)

// partTab is which of a part's views is shown.
type partTab int

const (
	tabOwnView partTab = iota // the part's own view (a table, a listing, facts)
	tabTree                   // the generic tree of every decoded field
	tabText                   // the part's text forms, as the CLI prints them
)

// tabNames are the link's tab= values; the own view, the default, has none.
var tabNames = map[partTab]string{tabTree: "tree", tabText: "text"}

// openAs is what the next file the user opens becomes.
type openAs int

const (
	openAsNew      openAs = iota // it replaces the shown file
	openAsCompared               // it is compared with the shown file
)

// closeFile goes back to the page without a file: the databases when they
// are shown, else the welcome.
func (in *Inspector) closeFile() {
	in.model, in.share.cmp = nil, nil
	if in.screen != screenDatabase {
		in.screen = screenWelcome
	}
}

// comparing reports whether the compare view is what the page shows.
func (in *Inspector) comparing() bool {
	return in.screen == screenCompare && in.share.cmp != nil && in.model != nil
}
