package model

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/decode/text"
)

// GridData is a dependency matrix as the grid draws it: Cells[r][c] says
// row r affects column c. Sentence has two %s verbs (row label, column
// label), e.g. "input %s affects output %s"; NotSentence is used for cells
// that are not set.
type GridData struct {
	Title       string
	Rows        []string
	Cols        []string
	Cells       [][]bool
	Sentence    string
	NotSentence string
	// RowTitles and ColTitles hold a label's whole name where Rows or Cols
	// had to shorten it (nil when none was): the hover text.
	RowTitles, ColTitles []string

	// Where each cell's bit is: row r's mask is WordsPerRow 32-bit words
	// from word r*WordsPerRow of the table at TableOff (absolute; the demo
	// grid has none: Words is 0), whose words' paths are Table/k.
	Table       string
	TableOff    int64
	Words       int
	WordsPerRow int
}

// Bit returns the byte that holds cell (r, c)'s bit, for selecting it.
func (g *GridData) Bit(r, c int) (ByteRange, bool) {
	if r < 0 || c < 0 || r >= len(g.Rows) || c >= len(g.Cols) {
		return ByteRange{}, false
	}
	k := r*g.WordsPerRow + c>>5
	if k >= g.Words {
		return ByteRange{}, false
	}
	bit := c & 31
	return ByteRange{Off: g.TableOff + 4*int64(k) + int64(bit>>3), Size: 1,
		Path: fmt.Sprintf("%s/%d bit %d (%s)", g.Table, k, bit, g.Describe(r, c))}, true
}

// MaxLabel is how many characters of a name from the file a grid label
// shows: a 5,000-character element name must not widen the grid.
const MaxLabel = 40

// BigGrid is the cell count above which the grid is drawn as an image
// (one pixel per cell, scaled) rather than as vector squares with labels.
// 128 × 128 components is the most a legal PSV0 describes.
const BigGrid = 128 * 128

// Big reports whether the grid is drawn as an image.
func (g *GridData) Big() bool { return len(g.Rows)*len(g.Cols) > BigGrid }

// SetCount is how many cells are set.
func (g *GridData) SetCount() int {
	n := 0
	for _, row := range g.Cells {
		for _, v := range row {
			if v {
				n++
			}
		}
	}
	return n
}

// shortLabels makes labels safe to show (control and bidi characters
// escaped) and shortens long ones in the middle, so "NAME….y" keeps its
// component; the whole names become titles.
func shortLabels(labels []string) ([]string, []string) {
	var titles []string
	for i, l := range labels {
		short := text.SafeCap(l, 2048) // names are capped at 1,024 already
		if r := []rune(short); len(r) > MaxLabel {
			short = string(r[:MaxLabel-10]) + "…" + string(r[len(r)-9:])
		}
		if short != l {
			if titles == nil {
				titles = append([]string(nil), labels...)
			}
			titles[i] = text.SafeCap(l, 2048)
			labels[i] = short
		}
	}
	return labels, titles
}

// Set reports whether cell (r, c) is set, false outside the matrix.
func (g *GridData) Set(r, c int) bool {
	return r >= 0 && r < len(g.Cells) && c >= 0 && c < len(g.Cells[r]) && g.Cells[r][c]
}

// RowTitle and ColTitle are a label's hover text: its whole name.
func (g *GridData) RowTitle(r int) string { return titleOf(g.Rows, g.RowTitles, r) }
func (g *GridData) ColTitle(c int) string { return titleOf(g.Cols, g.ColTitles, c) }

func titleOf(labels, titles []string, i int) string {
	if i < len(titles) {
		return titles[i]
	}
	return labels[i]
}

// Describe returns the sentence for one cell.
func (g *GridData) Describe(r, c int) string {
	if r < 0 || r >= len(g.Rows) || c < 0 || c >= len(g.Cols) {
		return ""
	}
	if g.Set(r, c) {
		return fmt.Sprintf(g.Sentence, g.Rows[r], g.Cols[c])
	}
	ns := g.NotSentence
	if ns == "" {
		ns = "%s does not affect %s"
	}
	return fmt.Sprintf(ns, g.Rows[r], g.Cols[c])
}

// GridsFromPSV builds PSV0's ViewID and dependency grids from its typed
// value: rows and columns are signature components named by the elements
// that occupy them, cells are the tables' bits, and each cell knows the
// byte its bit is in. base moves the decoder's offsets to the hex view's.
func GridsFromPSV(info *decode.PSVInfo, base int64) []*GridData {
	if info == nil {
		return nil
	}
	in := componentLabels(info, decode.PSVSigInput, 0, int(info.SigInputVectors), "v")
	pc := componentLabels(info, decode.PSVSigPatchOrPrim, 0, int(info.SigPatchConstOrPrimVectors), "p")
	out := func(stream int) []string {
		return componentLabels(info, decode.PSVSigOutput, stream, int(info.SigOutputVectors[stream]), "o")
	}
	viewID := []string{"ViewID"}
	var grids []*GridData
	add := func(g *GridData) {
		if g != nil {
			grids = append(grids, g)
		}
	}
	for s, m := range info.ViewIDOutputMasks {
		if m != nil && info.SigOutputVectors[s] > 0 {
			add(maskGrid(streamTitle("ViewID → outputs", s), m.Name, m.Words, m.Offset+base, viewID, out(s), "%s affects output %s"))
		}
	}
	if m := info.ViewIDPatchOrPrimMask; m != nil && len(pc) > 0 {
		add(maskGrid("ViewID → patch constants / primitive outputs", m.Name, m.Words, m.Offset+base, viewID, pc, "%s affects %s"))
	}
	for s, t := range info.InputToOutput {
		if t != nil && info.SigOutputVectors[s] > 0 {
			add(maskGrid(streamTitle("Inputs → outputs", s), t.Name, t.Words, t.Offset+base, in, out(s), "input %s affects output %s"))
		}
	}
	if t := info.InputToPatch; t != nil {
		add(maskGrid("Inputs → patch constants", t.Name, t.Words, t.Offset+base, in, pc, "input %s affects patch constant %s"))
	}
	if t := info.PatchToOutput; t != nil {
		add(maskGrid("Patch constants → outputs", t.Name, t.Words, t.Offset+base, pc, out(0), "patch constant %s affects output %s"))
	}
	return grids
}

func streamTitle(title string, s int) string {
	if s > 0 {
		return fmt.Sprintf("%s (stream %d)", title, s)
	}
	return title
}

// componentLabels names each of vectors×4 components of a signature (outputs:
// of one stream) by the element there ("TEXCOORD0.y", "SV_Position0.x"),
// else by register ("v3.y").
func componentLabels(info *decode.PSVInfo, sig decode.PSVSigKind, stream, vectors int, prefix string) []string {
	labels := make([]string, vectors*4)
	for c := range labels {
		if e, idx, ok := info.ComponentElement(sig, stream, c); ok {
			// One copy per element however long the name: each component's label repeats it.
			labels[c] = fmt.Sprintf("%s%d.%c", text.SafeCap(e.Semantic(), 1024), idx, "xyzw"[c%4])
		} else {
			labels[c] = fmt.Sprintf("%s%d.%c", prefix, c/4, "xyzw"[c%4])
		}
	}
	return labels
}

// maskGrid is a grid over a table of words: one mask of (cols/4 + 7)/8 words
// per row, bit k&31 of word k>>5 for column k.
func maskGrid(title, table string, words []uint32, off int64, rows, cols []string, sentence string) *GridData {
	if len(rows) == 0 || len(cols) == 0 || len(words) == 0 {
		return nil
	}
	md := (len(cols)/4 + 7) >> 3
	g := &GridData{Title: title, Sentence: sentence,
		NotSentence: strings.Replace(sentence, " affects ", " does not affect ", 1),
		Table:       "PSVInfo/" + report.IndexPath(table), TableOff: off, Words: len(words), WordsPerRow: md}
	g.Rows, g.RowTitles = shortLabels(append([]string(nil), rows...))
	g.Cols, g.ColTitles = shortLabels(append([]string(nil), cols...))
	g.Cells = make([][]bool, len(rows))
	for r := range g.Cells {
		g.Cells[r] = make([]bool, len(cols))
		for c := range cols {
			k := r*md + c>>5
			g.Cells[r][c] = k < len(words) && words[k]&(1<<(c&31)) != 0
		}
	}
	return g
}
