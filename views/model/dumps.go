package model

import (
	"strings"
	"unicode/utf8"

	"github.com/dxscope/dxscope/decode/text"
)

// TextDump is one text form of a part, from decode/text's dumps: the text a
// dxscope command prints, shown in the part's Text tab and downloadable.
type TextDump struct {
	Command string // "psv": `dxscope psv FILE` prints the same text
	Title   string
	Ext     string // the download name's ending ("psv.txt")
	Text    string
	Cut     bool // the text stops at MaxDumpText; the command prints all of it
	Pages   []TextPage
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
		td.Pages = TextPages(td.Text, TextPageLines, TextPageBytes)
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

// The Text tab draws a text a page at a time, a page of at most
// TextPageLines lines and TextPageBytes bytes: more than any real shader's
// text (the corpus's largest is 148 KB in 2,754 lines), so only a hostile
// file's is paged. A 2 MiB text laid out in one <pre> raised the page's
// heap by 17–62 MB (docs/performance.md); a text of a few very long lines
// needs the byte bound.
const (
	TextPageLines = 4096
	TextPageBytes = 256 << 10
)

// TextPage is a page of a text: its bytes [Start, End), and the lines
// (counted from 1) its first and its last byte are on. A line longer than a
// page spans pages, so a page may start or end inside a line.
type TextPage struct{ Start, End, FirstLine, LastLine int }

// TextPages cuts text into pages of at most maxLines lines and maxBytes
// bytes, each ending at a line's end but where one line alone is longer than
// maxBytes: that line is cut before a UTF-8 sequence's first byte. The pages
// cover the text in order; an empty text has none. It reads each byte at
// most twice (a line that does not fit is read again on the next page).
func TextPages(text string, maxLines, maxBytes int) []TextPage {
	maxLines, maxBytes = max(maxLines, 1), max(maxBytes, utf8.UTFMax)
	var pages []TextPage
	line := 1 // the line of the byte at start
	for start := 0; start < len(text); {
		limit := min(len(text), start+maxBytes)
		end, breaks := start, 0
		for end < len(text) && breaks < maxLines {
			nl := strings.IndexByte(text[end:limit], '\n')
			if nl < 0 {
				if limit == len(text) {
					end = limit // the last line, without a line break
				}
				break
			}
			end, breaks = end+nl+1, breaks+1
		}
		if end == start {
			end = runeCut(text, start, limit)
		}
		last := line + breaks
		if text[end-1] == '\n' {
			last--
		}
		pages = append(pages, TextPage{Start: start, End: end, FirstLine: line, LastLine: last})
		start, line = end, line+breaks
	}
	return pages
}

// runeCut is where a line longer than a page, from start, is cut at limit
// (< len(text)): before the UTF-8 sequence that limit falls in. Bytes that
// are not UTF-8 are cut anywhere.
func runeCut(text string, start, limit int) int {
	for end := limit; end > start && end > limit-utf8.UTFMax; end-- {
		if utf8.RuneStart(text[end]) {
			return end
		}
	}
	return limit
}
