package model

import "github.com/dxscope/dxscope/decode/text"

// TextDump is one text form of a part, from decode/text's dumps: the text a
// dxscope command prints, shown in the part's Text tab and downloadable.
type TextDump struct {
	Command string // "psv": `dxscope psv FILE` prints the same text
	Title   string
	Ext     string // the download name's ending ("psv.txt")
	Text    string
}

// MaxDumpShown is how much of a dump the Text tab draws; the download has all
// of it. A hostile module's listing runs to megabytes, which one <pre> could
// hold but the browser would lay out slowly.
const MaxDumpShown = 1 << 20

// HasDumps reports whether the part has a text form, without writing it.
func (pv *PartView) HasDumps() bool {
	return pv.m != nil && pv.m.File != nil && len(text.DumpsOf(pv.m.File, pv.Part)) > 0
}

// Dumps writes the part's text forms (the container's part list for the
// header), on first use: a module's listing is the largest text on the page.
func (pv *PartView) Dumps() []TextDump {
	if pv.dumps != nil || pv.m == nil || pv.m.File == nil {
		return pv.dumps
	}
	pv.dumps = []TextDump{}
	for _, d := range text.DumpsOf(pv.m.File, pv.Part) {
		pv.dumps = append(pv.dumps, TextDump{Command: d.Command, Title: d.Title, Ext: d.Ext, Text: d.Text(pv.m.File, pv.Part)})
	}
	return pv.dumps
}
