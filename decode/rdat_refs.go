package decode

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
)

// Resolving references between RDAT tables, reporting the dangling ones,
// and linking names for display once every table is read.

func (c *rdatCtx) dangling(rr *binread.Reader, pos int, format string, args ...any) {
	c.d.DanglingReferences++
	rr.ProblemAt(Warning, pos, "", format, args...)
}

// stringAt returns the NUL-terminated string at byte offset off of the StringBuffer.
func (c *rdatCtx) stringAt(off uint32) (string, bool) {
	if !c.hasStr {
		return "", false
	}
	if c.strtab.Data == nil {
		c.strtab.Data = c.str
	}
	s, ok := c.strtab.At(off)
	if !ok {
		return "", false
	}
	return c.strtab.Name(s), true
}

func (c *rdatCtx) readString(rr *binread.Reader, name string) (string, uint32) {
	pos := rr.Pos
	v := rr.U32(name)
	if rr.Failed || v == rdatNull {
		return "", v
	}
	s, ok := c.stringAt(v)
	if !ok {
		if !c.hasStr {
			c.dangling(rr, pos, "%s refers to string offset %d, but there is no StringBuffer", rr.FieldName(rr.Join(name)), v)
		} else {
			c.dangling(rr, pos, "%s refers to string offset %d, which is not the start of a NUL-terminated string in the %d-byte StringBuffer", rr.FieldName(rr.Join(name)), v, len(c.str))
		}
	}
	return s, v
}

// indexArray returns the elements of the index array at element ref.
func (c *rdatCtx) indexArray(ref uint32) ([]uint32, bool) {
	if !c.hasIdx || int64(ref) >= int64(len(c.idx)) {
		return nil, false
	}
	n := c.idx[ref]
	if int64(ref)+1+int64(n) > int64(len(c.idx)) {
		return nil, false
	}
	return c.idx[ref+1 : ref+1+n], true
}

func (c *rdatCtx) resolveIndexArray(rr *binread.Reader, pos int, name string, ref uint32) []uint32 {
	if ref == rdatNull {
		return nil
	}
	a, ok := c.indexArray(ref)
	if !ok {
		c.dangling(rr, pos, "%s refers to index array %d, which does not fit in the %d-element IndexArrays", rr.FieldName(rr.Join(name)), ref, len(c.idx))
		return nil
	}
	if len(a) > c.budget {
		if !c.overBudget {
			c.overBudget = true
			rr.ProblemAt(Warning, pos, "", "the references of this RDAT resolve to more than %d elements in total; %s and later references are kept as raw values only", c.limit, rr.FieldName(rr.Join(name)))
		}
		return nil
	}
	c.budget -= len(a)
	return a[:len(a):len(a)]
}

func (c *rdatCtx) readIndexArray(rr *binread.Reader, name string) ([]uint32, uint32) {
	pos := rr.Pos
	ref := rr.U32(name)
	if rr.Failed {
		return nil, ref
	}
	return c.resolveIndexArray(rr, pos, name, ref), ref
}

func (c *rdatCtx) readStringArray(rr *binread.Reader, name string) ([]string, uint32) {
	pos := rr.Pos
	ref := rr.U32(name)
	if rr.Failed || ref == rdatNull {
		return []string{}, ref
	}
	a := c.resolveIndexArray(rr, pos, name, ref)
	out := make([]string, 0, len(a))
	for i, off := range a {
		s, ok := c.stringAt(off)
		if !ok {
			c.dangling(rr, pos, "%s[%d] refers to string offset %d, outside the StringBuffer", rr.FieldName(rr.Join(name)), i, off)
		}
		if !c.chargeName(s, func() string { return rr.FieldName(rr.Join(name)) }) {
			break
		}
		out = append(out, s)
	}
	return out, ref
}

// chargeName takes a resolved name out of the budget: every name copied into
// a list is written out again by each consumer (JSON, the page's tree), so a
// name costs by its length, one unit per 4 bytes. Past the budget, lists
// stop and the part says where, once; where is asked only then (a name
// made per element cost more than the element).
func (c *rdatCtx) chargeName(s string, where func() string) bool {
	cost := 1 + len(s)/4
	if cost > c.budget {
		if !c.overBudget {
			c.overBudget = true
			c.r.Problem(Warning, "the references of this RDAT resolve to more than %d elements and name bytes/4 in total; lists from %s on are cut there (the raw references are kept)", c.limit, where())
		}
		return false
	}
	c.budget -= cost
	return true
}

func (c *rdatCtx) rowCount(t RuntimeDataPartType) (uint32, bool) {
	tab := c.tables[t]
	if tab == nil {
		return 0, false
	}
	return tab.count, true
}

func (c *rdatCtx) checkRow(rr *binread.Reader, pos int, name string, row uint32, t RuntimeDataPartType) bool {
	if row == rdatNull {
		return true
	}
	n, ok := c.rowCount(t)
	if !ok {
		c.dangling(rr, pos, "%s refers to row %d of %s, but there is no %s", rr.FieldName(rr.Join(name)), row, t, t)
		return false
	}
	if row >= n {
		c.dangling(rr, pos, "%s refers to row %d of %s, which has %d rows", rr.FieldName(rr.Join(name)), row, t, n)
		return false
	}
	return true
}

func (c *rdatCtx) readRecordArray(rr *binread.Reader, name string, t RuntimeDataPartType) ([]uint32, uint32) {
	pos := rr.Pos
	ref := rr.U32(name)
	if rr.Failed || ref == rdatNull {
		return []uint32{}, ref
	}
	a := c.resolveIndexArray(rr, pos, name, ref)
	rows, ok := c.rowCount(t)
	for i, row := range a {
		// Named only when it dangles: records sharing one list check it
		// once each, and a name per element cost more than the list.
		if row != rdatNull && (!ok || row >= rows) {
			c.checkRow(rr, pos, fmt.Sprintf("%s[%d]", name, i), row, t)
		}
	}
	if a == nil {
		a = []uint32{}
	}
	return a, ref
}

// readBytes reads a BYTES field and returns the RawBytes range it names.
// Each consumer writes the bytes out again for every field naming them
// (JSON as hex, the page's tree), so once the fields have copied as many
// bytes as the RDAT holds they take from the budget; past it, a field keeps
// its reference and no bytes.
func (c *rdatCtx) readBytes(rr *binread.Reader, name string) (HexBytes, BytesRef, bool) {
	b, ref, ok := c.rawRange(rr, name)
	if !ok {
		return b, ref, ok
	}
	if n := len(b); n <= c.bytesLeft {
		c.bytesLeft -= n
	} else if cost := 1 + (n-c.bytesLeft)/4; cost <= c.budget {
		c.budget -= cost
		c.bytesLeft = 0
	} else {
		if !c.overBudget {
			c.overBudget = true
			c.r.Problem(Warning, "the references of this RDAT resolve to more than %d elements and name bytes/4 in total; byte fields from %s on keep their reference without their bytes", c.limit, rr.Join(name))
		}
		return HexBytes{}, ref, false
	}
	return b, ref, true
}

// rawRange reads a BYTES field and returns the RawBytes range it names.
func (c *rdatCtx) rawRange(rr *binread.Reader, name string) (HexBytes, BytesRef, bool) {
	pos := rr.Pos
	rr.Begin(name, "BytesRef")
	b := BytesRef{rr.U32("Offset"), rr.U32("Size")}
	rr.End()
	if rr.Failed || b.Size == 0 {
		return HexBytes{}, b, false
	}
	if !c.hasRaw || int64(b.Offset)+int64(b.Size) > int64(len(c.raw)) {
		c.dangling(rr, pos, "%s names bytes 0x%x+%d of RawBytes, which holds %d bytes", rr.FieldName(rr.Join(name)), b.Offset, b.Size, len(c.raw))
		return HexBytes{}, b, false
	}
	return HexBytes(c.raw[b.Offset : b.Offset+b.Size]), b, true
}

// ---- linking for display ----

// link fills the added name fields and the resolved node list once every table is read.
func (c *rdatCtx) link() {
	d := c.d
	if d.FunctionTable != nil {
		for i := range d.FunctionTable.Records {
			f := &d.FunctionTable.Records[i]
			f.ResourceNames = []string{}
			for _, row := range f.Resources {
				name := d.resourceName(row)
				if !c.chargeName(name, func() string { return fmt.Sprintf("FunctionTable[%d].ResourceNames", i) }) {
					break
				}
				f.ResourceNames = append(f.ResourceNames, name)
			}
		}
	}
	if d.NodeShaderFuncAttribTable != nil {
		for i := range d.NodeShaderFuncAttribTable.Records {
			a := &d.NodeShaderFuncAttribTable.Records[i]
			if a.ID != nil {
				a.IDName = d.nodeIDName(*a.ID)
			}
			if a.ShareInputOf != nil {
				a.ShareInputOfName = d.nodeIDName(*a.ShareInputOf)
			}
		}
	}
	if d.NodeShaderIOAttribTable != nil {
		for i := range d.NodeShaderIOAttribTable.Records {
			a := &d.NodeShaderIOAttribTable.Records[i]
			if a.OutputID != nil {
				a.OutputIDName = d.nodeIDName(*a.OutputID)
			}
		}
	}
	if d.FunctionTable != nil && d.NodeShaderInfoTable != nil {
		for _, f := range d.FunctionTable.Records {
			if f.FunctionInfo2 == nil || f.Node == nil || *f.Node >= uint32(len(d.NodeShaderInfoTable.Records)) {
				continue
			}
			ns := d.NodeShaderInfoTable.Records[*f.Node]
			cost := len(ns.Attribs) + len(ns.Inputs) + len(ns.Outputs)
			if cost > c.budget {
				c.r.Problem(Note, "too many node references to resolve for display; the node list stops before %s", f.Name)
				break
			}
			c.budget -= cost
			d.Nodes = append(d.Nodes, d.resolveNode(f.Name, ns, &c.budget))
		}
	}
}

func (d *RuntimeData) resourceName(row uint32) string {
	if d.ResourceTable == nil || row >= uint32(len(d.ResourceTable.Records)) {
		return fmt.Sprintf("<missing resource %d>", row)
	}
	return d.ResourceTable.Records[row].Name
}

func (d *RuntimeData) nodeIDName(row uint32) string {
	if d.NodeIDTable == nil || row >= uint32(len(d.NodeIDTable.Records)) {
		return fmt.Sprintf("<missing node ID %d>", row)
	}
	n := d.NodeIDTable.Records[row]
	return fmt.Sprintf("%s[%d]", n.Name, n.Index)
}

func (d *RuntimeData) resolveNode(fn string, ns NodeShaderInfo, budget *int) ResolvedNode {
	n := ResolvedNode{Function: fn, LaunchType: ns.LaunchTypeName, GroupSharedBytesUsed: ns.GroupSharedBytesUsed,
		Inputs: []ResolvedIONode{}, Outputs: []ResolvedIONode{}}
	if d.NodeShaderFuncAttribTable != nil {
		for _, row := range ns.Attribs {
			if row >= uint32(len(d.NodeShaderFuncAttribTable.Records)) {
				continue
			}
			a := d.NodeShaderFuncAttribTable.Records[row]
			switch {
			case a.ID != nil:
				n.ID = a.IDName
			case a.ShareInputOf != nil:
				n.ShareInputOf = a.ShareInputOfName
			case a.NumThreads != nil:
				n.NumThreads = a.NumThreads
			case a.DispatchGrid != nil:
				n.DispatchGrid = a.DispatchGrid
			case a.MaxDispatchGrid != nil:
				n.MaxDispatchGrid = a.MaxDispatchGrid
			case a.MaxRecursionDepth != nil:
				n.MaxRecursionDepth = a.MaxRecursionDepth
			}
		}
	}
	io := func(rows []uint32) []ResolvedIONode {
		out := []ResolvedIONode{}
		if d.IONodeTable == nil {
			return out
		}
		for _, row := range rows {
			if row >= uint32(len(d.IONodeTable.Records)) {
				continue
			}
			ion := d.IONodeTable.Records[row]
			if len(ion.Attribs) > *budget {
				break
			}
			*budget -= len(ion.Attribs)
			r := ResolvedIONode{Kind: ion.IOKindName, Flags: ion.IOFlagsNames, Attributes: map[string]string{}}
			if d.NodeShaderIOAttribTable != nil {
				for _, ar := range ion.Attribs {
					if ar < uint32(len(d.NodeShaderIOAttribTable.Records)) {
						a := d.NodeShaderIOAttribTable.Records[ar]
						r.Attributes[a.AttribKindName] = a.ValueText()
					}
				}
			}
			out = append(out, r)
		}
		return out
	}
	n.Inputs = io(ns.Inputs)
	n.Outputs = io(ns.Outputs)
	return n
}

// ValueText renders the attribute's value for display.
func (a NodeShaderIOAttrib) ValueText() string {
	switch {
	case a.OutputID != nil:
		return a.OutputIDName
	case a.RecordDispatchGrid != nil:
		g := a.RecordDispatchGrid
		return fmt.Sprintf("ByteOffset %d, %s x%d", g.ByteOffset, g.ComponentTypeName, g.NumComponents)
	}
	return fmt.Sprint(a.Value)
}

// ValueText renders the attribute's value for display.
func (a NodeShaderFuncAttrib) ValueText() string {
	switch {
	case a.ID != nil:
		return a.IDName
	case a.ShareInputOf != nil:
		return a.ShareInputOfName
	case a.NumThreads != nil:
		return rdatJoinU32(a.NumThreads)
	case a.DispatchGrid != nil:
		return rdatJoinU32(a.DispatchGrid)
	case a.MaxDispatchGrid != nil:
		return rdatJoinU32(a.MaxDispatchGrid)
	}
	return fmt.Sprint(a.Value)
}

func rdatJoinU32(v []uint32) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}
