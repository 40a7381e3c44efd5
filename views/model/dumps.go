package model

import "github.com/dxscope/dxscope/decode/text"

// TextDump is one text form of a part, from decode/text's dumps: the text a
// dxscope command prints, shown in the part's Text tab and downloadable.
type TextDump struct {
	Command string // "psv": `dxscope psv FILE` prints the same text
	Title   string
	Ext     string // the download name's ending ("psv.txt")
	Text    string
	Cut     bool // the text stops at MaxDumpText; the command prints all of it
}

// MaxDumpText is how much of a text the page writes, shows and downloads. Real
// shaders' texts are kilobytes; a hostile file's can run to tens of megabytes
// (dependency tables of four million cells), which a page should neither build
// nor lay out in one <pre>.
const MaxDumpText = 2 << 20

// MaxDumpTexts is how much the texts of one file's parts write together.
// A part's text may print what belongs to the file (the DXIL disassembly's
// header: the signatures, PSV0, the resources), so a file of thousands of
// parts made thousands of copies of it; past this the page makes no more
// texts (each says it stops, and the command prints it). A text is written
// as it is made and stops at its cap, so making one costs its length and
// the decoding it reads; the texts of a file cost a few times its size
// together. The corpus's largest file's texts hold 155 KB together.
const MaxDumpTexts = 2 * MaxDumpText

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
		// A text of the file is made once for all its parts: once per part
		// was parts × the file (thousands of SHEX parts).
		if td, ok := pv.m.fileDumps[d.Command]; ok && d.OfFile {
			pv.dumps = append(pv.dumps, td)
			continue
		}
		td := TextDump{Command: d.Command, Title: d.Title, Ext: d.Ext, Cut: true}
		if left := MaxDumpTexts - pv.m.dumpsWritten; left > 0 {
			td.Text, td.Cut = d.TextUpTo(pv.m.File, pv.Part, min(MaxDumpText, left))
			pv.m.dumpsWritten += len(td.Text)
		}
		if d.OfFile {
			if pv.m.fileDumps == nil {
				pv.m.fileDumps = map[string]TextDump{}
			}
			pv.m.fileDumps[d.Command] = td
		}
		pv.dumps = append(pv.dumps, td)
	}
	return pv.dumps
}
