package model

import "github.com/dxscope/dxscope/decode"

// Table is one table of a part's purpose-built view (RDAT's function table,
// an RDEF constant buffer, ...): every row selects the bytes of the record it
// shows, and a cell that names other records links to them.
type Table struct {
	ID      string // the element id, unique on the page
	Part    int    // the part's index in Model.Parts (rows' Node are its tree's)
	Title   string
	Columns []string
	Rows    []TableRow
}

// TableRow is one record: its cells and its bytes (absolute offsets).
type TableRow struct {
	Cells     []TableCell
	Off, Size int64
	Node      int // the record's node in the part's tree (-1: none; select Off instead)
}

// TableCell is a cell's text, or, when Refs is set, the records it names.
type TableCell struct {
	Text string
	Refs []TableRef
}

// TableRef names another record (a row of this or another table): a click
// selects its bytes.
type TableRef struct {
	Text string
	Off  int64 // -1: the name matches no record of the file
	Node int   // the record's tree node, or -1
}

// Cells makes a row's cells from plain texts.
func Cells(texts ...string) []TableCell {
	out := make([]TableCell, len(texts))
	for i, t := range texts {
		out[i] = TableCell{Text: t}
	}
	return out
}

// spanFinder returns where a field of the part's value is (absolute offset
// and size) by its path under the value's key ("Parameters/2",
// "FunctionTable/Records/0"); a path with no span gives the whole part's data.
func (pv *PartView) spanFinder() func(path string) (int64, int64) {
	key := pv.valueKey()
	return func(path string) (int64, int64) {
		if s, ok := pv.Span(key + path); ok {
			return s.Off, s.Size
		}
		return pv.Offset + 8, int64(len(pv.Part.Data()))
	}
}

// valueKey is the JSON key of the part's registered value and a slash
// ("RootSignature/"), what its span paths start with; "" for a raw part.
func (pv *PartView) valueKey() string {
	if k := decode.LookupPart(pv.Name); k != nil && k.Key != "" {
		return k.Key + "/"
	}
	return ""
}

// locator is spanFinder that also names the field's tree node (-1: none),
// so a row selects the whole record in the tree and the bytes.
func (pv *PartView) locator() func(path string) (off, size int64, node int) {
	where, key := pv.spanFinder(), pv.valueKey()
	tree := pv.Tree()
	return func(path string) (int64, int64, int) {
		off, size := where(path)
		if tree != nil {
			if n, ok := tree.bySpan[key+path]; ok {
				return off, size, n.ID
			}
		}
		return off, size, -1
	}
}
