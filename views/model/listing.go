package model

import (
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

// ListingLine is one line of a compiler listing and the bytes it came from,
// as hex-view offsets (Size 0: the line is made of no bytes, e.g. a title).
type ListingLine struct {
	Text string
	Path string // the span path of the value the line shows, in its part
	Off  int64
	Size int64
	// Part is the part whose tree holds Path (-1: none; the line selects
	// Off instead). The node is looked up when the line is clicked: finding
	// it when the listing is made built the part's whole tree (12 ms of
	// every level-9 shader opened, for a listing nobody had clicked yet).
	Part int
}

func listingLines(m *Model, ls []text.Line, base int64) []ListingLine {
	// Header lines name small parts (RDEF, signatures, STAT, Aon9): a click
	// selects the whole value's tree node, not its first field. The first
	// such part of each name, found once: a file may list 4,096 parts.
	small := map[string]int{}
	for _, pv := range m.Parts[1:] {
		if _, seen := small[pv.Name]; !seen && pv.Part != nil && pv.Part.Bytecode == nil {
			small[pv.Name] = pv.Index
		}
	}
	out := make([]ListingLine, len(ls))
	for i, l := range ls {
		out[i] = ListingLine{Text: l.Text, Path: l.Path, Off: l.Off, Size: l.Size, Part: -1}
		if l.Size > 0 {
			out[i].Off += base
		}
		if k, ok := small[l.Part]; ok && l.Path != "" {
			out[i].Part = k
		}
	}
	return out
}

// addListings gives SHDR/SHEX views the comment block FXC writes above the
// code (header, signatures, level-9 section) and Aon9 views their level-9
// listing, made when LoadSpecials first shows the part.
func addListings(m *Model, f *decode.File, base int64) {
	// The listing is the file's, the same whichever bytecode part shows it:
	// it is made once, and each part name's header once and shared (a file
	// may list thousands of SHEX parts beside thousands of signatures, and
	// a listing per part was parts × signatures lines).
	var fs *text.FXCStyle
	var ls []text.Line
	heads := map[string][]ListingLine{}
	for _, pv := range m.Parts[1:] {
		pv := pv
		switch {
		case pv.Part != nil && pv.Part.Bytecode != nil:
			if fs == nil {
				st := text.ChooseFXCStyle(f)
				fs = &st
			}
			pv.fxcStyle, pv.fxcRule = &fs.Style, fs.Rule
			pv.loadListing = func() {
				if h, ok := heads[pv.Name]; ok {
					pv.FXCHeader = h
					return
				}
				if ls == nil {
					all, cut := text.FXCListingUpTo(f, MaxDumpText)
					ls = cutLine(all, cut, "asm")
				}
				// The header is the comments before this part's code, and
				// the level-9 section among them, whose code FXC writes bare.
				var head []text.Line
				level9 := false
				for _, l := range ls {
					if l.Part == pv.Name && l.Path == "Bytecode/Version" {
						break
					}
					switch {
					case l.Text == "// Level9 shader bytecode:":
						level9 = true
					case level9 && strings.HasPrefix(l.Text, "// approximately"):
						level9 = false
					case !level9 && !strings.HasPrefix(l.Text, "//"):
						continue
					}
					head = append(head, l)
				}
				pv.FXCHeader = listingLines(m, head, base)
				heads[pv.Name] = pv.FXCHeader
			}
		case pv.Part != nil && pv.Part.Level9 != nil:
			pv.loadListing = func() { pv.Level9 = listingLines(m, text.Level9Listing(pv.Part.Level9), base) }
		}
	}
}

// cutLine ends a listing that stopped at MaxDumpText with a line saying
// where the rest is.
func cutLine(ls []text.Line, cut bool, command string) []text.Line {
	if !cut {
		return ls
	}
	return append(ls, text.Line{Text: "// … the page stops this listing at " + SizeText(MaxDumpText) + "; dxscope " + command + " FILE prints all of it"})
}
