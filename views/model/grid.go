package model

import (
	"fmt"
	"strings"

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
	// from word r*WordsPerRow; WordOffs holds each word's absolute offset
	// (nil when the grid is not read from a file, as the demo).
	WordsPerRow int
	WordOffs    []int64
	WordPaths   []string
	words       []*Node
}

// Bit returns the byte that holds cell (r, c)'s bit, for selecting it.
func (g *GridData) Bit(r, c int) (ByteRange, bool) {
	if r < 0 || c < 0 || r >= len(g.Rows) || c >= len(g.Cols) {
		return ByteRange{}, false
	}
	k := r*g.WordsPerRow + c>>5
	if k >= len(g.WordOffs) || g.WordOffs[k] < 0 {
		return ByteRange{}, false
	}
	bit := c & 31
	return ByteRange{Off: g.WordOffs[k] + int64(bit>>3), Size: 1,
		Path: fmt.Sprintf("%s bit %d (%s)", g.WordPaths[k], bit, g.Describe(r, c))}, true
}

// locate finds each mask word's bytes (spans are absolute in the model).
func (g *GridData) locate(t *Tree, spans Spans) {
	g.WordOffs = make([]int64, len(g.words))
	g.WordPaths = make([]string, len(g.words))
	for i, n := range g.words {
		g.WordOffs[i] = -1
		if sp, ok := spans.ByPath(t.SpanOf(n)); ok && sp.Size == 4 {
			g.WordOffs[i], g.WordPaths[i] = sp.Off, sp.Path
		}
	}
	g.words = nil
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

// maskDwords is how many 32-bit words a mask over vectors×4 components takes.
func maskDwords(vectors int) int { return (vectors + 7) >> 3 }

// componentLabels names each of vectors×4 components from signature
// elements ("TEXCOORD0.y"), falling back to prefix+row ("v3.y").
func componentLabels(elements *Node, vectors int, prefix string) []string {
	labels := make([]string, vectors*4)
	for i := range labels {
		labels[i] = fmt.Sprintf("%s%d.%c", prefix, i/4, "xyzw"[i%4])
	}
	if elements == nil {
		return labels
	}
	for _, e := range elements.Children {
		if a := e.Child("Allocated"); a != nil && a.Text() == "false" {
			continue
		}
		name := e.Child("Name").Text()
		if name == "" {
			if k := enumText(e, "Kind"); k != "" && k != "Arbitrary" {
				name = "SV_" + k
			}
		}
		// One copy per element, however long the name: each component's
		// label repeats it.
		name = text.SafeCap(name, 1024)
		startRow, _ := e.Child("StartRow").Int()
		startCol, _ := e.Child("StartCol").Int()
		cols, _ := e.Child("Cols").Int()
		idx := e.Child("Indices")
		rows := 1
		if idx != nil && len(idx.Children) > 0 {
			rows = len(idx.Children)
		} else if v, ok := e.Child("Rows").Int(); ok {
			rows = int(v)
		}
		for r := 0; r < rows; r++ {
			si := int64(r)
			if idx != nil && r < len(idx.Children) {
				si, _ = idx.Children[r].Int()
			}
			for c := startCol; c < startCol+cols && c < 4; c++ {
				k := (int(startRow)+r)*4 + int(c)
				if k >= 0 && k < len(labels) {
					labels[k] = fmt.Sprintf("%s%d.%c", name, si, "xyzw"[c])
				}
			}
		}
	}
	return labels
}

// ioGrid builds a grid from a dependency table: one mask of outVecs×4 bits
// per input component.
func ioGrid(title string, table *Node, inLabels, outLabels []string, sentence string) *GridData {
	if table == nil || len(inLabels) == 0 || len(outLabels) == 0 {
		return nil
	}
	words := make([]uint32, len(table.Children))
	for i, w := range table.Children {
		v, _ := w.Int()
		words[i] = uint32(v)
	}
	md := maskDwords(len(outLabels) / 4)
	g := &GridData{Title: title, Sentence: sentence,
		NotSentence: strings.Replace(sentence, " affects ", " does not affect ", 1), WordsPerRow: md, words: table.Children}
	g.Rows, g.RowTitles = shortLabels(append([]string(nil), inLabels...))
	g.Cols, g.ColTitles = shortLabels(append([]string(nil), outLabels...))
	g.Cells = make([][]bool, len(inLabels))
	for r := range g.Cells {
		g.Cells[r] = make([]bool, len(outLabels))
		for c := range outLabels {
			k := r*md + c>>5
			g.Cells[r][c] = k < len(words) && words[k]&(1<<(c&31)) != 0
		}
	}
	return g
}

// GridsFromPSV reads PSV0's input→output (and patch-constant) dependency
// tables from its tree, as obj2yaml names them (InputOutputMap, InputPatchMap,
// PatchOutputMap). It returns nothing while PSV0 is kept raw.
func GridsFromPSV(t *Tree) []*GridData {
	if t == nil {
		return nil
	}
	psv := t.Root.Child("PSVInfo")
	if psv == nil {
		return nil
	}
	inVec, _ := psv.Child("SigInputVectors").Int()
	var outVec [4]int
	if ov := psv.Child("SigOutputVectors"); ov != nil {
		for i, c := range ov.Children {
			if i < 4 {
				v, _ := c.Int()
				outVec[i] = int(v)
			}
		}
	}
	pcVec, ok := psv.Child("SigPatchConstOrPrimVectors").Int()
	if !ok {
		pcVec, _ = psv.Child("SigPrimVectors").Int() // mesh shaders
	}
	in := componentLabels(psv.Child("SigInputElements"), int(inVec), "v")
	pcEl := psv.Child("SigPatchOrPrimElements")
	var grids []*GridData
	pc := componentLabels(pcEl, int(pcVec), "p")
	// ViewID masks: one row, "does this output component depend on the view?"
	viewID := []string{"ViewID"}
	if m := psv.Child("OutputVectorMasks"); m != nil {
		for s, mask := range m.Children {
			if s >= 4 || outVec[s] == 0 || len(mask.Children) == 0 {
				continue
			}
			out := componentLabels(filterStream(psv.Child("SigOutputElements"), s), outVec[s], "o")
			title := "ViewID → outputs"
			if s > 0 {
				title += fmt.Sprintf(" (stream %d)", s)
			}
			if g := ioGrid(title, mask, viewID, out, "%s affects output %s"); g != nil {
				grids = append(grids, g)
			}
		}
	}
	if m := psv.Child("PatchOrPrimMasks"); m != nil && len(m.Children) > 0 && pcVec > 0 {
		if g := ioGrid("ViewID → patch constants / primitive outputs", m, viewID, pc, "%s affects %s"); g != nil {
			grids = append(grids, g)
		}
	}
	if m := psv.Child("InputOutputMap"); m != nil {
		for s, table := range m.Children {
			if s >= 4 || outVec[s] == 0 || len(table.Children) == 0 {
				continue
			}
			out := componentLabels(filterStream(psv.Child("SigOutputElements"), s), outVec[s], "o")
			title := "Inputs → outputs"
			if s > 0 {
				title += fmt.Sprintf(" (stream %d)", s)
			}
			if g := ioGrid(title, table, in, out, "input %s affects output %s"); g != nil {
				grids = append(grids, g)
			}
		}
	}
	if m := psv.Child("InputPatchMap"); m != nil && len(m.Children) > 0 {
		if g := ioGrid("Inputs → patch constants", m, in, pc, "input %s affects patch constant %s"); g != nil {
			grids = append(grids, g)
		}
	}
	if m := psv.Child("PatchOutputMap"); m != nil && len(m.Children) > 0 {
		out := componentLabels(psv.Child("SigOutputElements"), outVec[0], "o")
		if g := ioGrid("Patch constants → outputs", m, pc, out, "patch constant %s affects output %s"); g != nil {
			grids = append(grids, g)
		}
	}
	return grids
}

// filterStream keeps stream-s elements (all of them when no element has a
// Stream key), as a synthetic node.
func filterStream(elements *Node, s int) *Node {
	if elements == nil {
		return nil
	}
	out := &Node{Kind: KindArray}
	for _, e := range elements.Children {
		if v, ok := e.Child("Stream").Int(); ok && int(v) != s {
			continue
		}
		out.Children = append(out.Children, e)
	}
	return out
}
