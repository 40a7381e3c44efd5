package pdb

import (
	"fmt"
	"sort"

	"github.com/dxscope/dxscope/decode/binread"
)

// CodeLine is the source position of the code at one offset, after the
// inline sites: the line of the function whose code it is.
type CodeLine struct {
	Offset uint32 // byte offset in the code (FXC: from the start of SHDR/SHEX)
	File   string // the file's name as the name table has it
	Line   uint32
	Column uint16 // 0: none
	// Inlined names the functions the code was inlined from, outermost
	// first (empty for the entry point's own code).
	Inlined []string `json:",omitempty"`
}

// Function is a function of the module: the entry point, and each inline site.
type Function struct {
	Name       string
	CodeOffset uint32 // the entry point's first instruction
	CodeSize   uint32
}

// Entry returns the module's entry point function (its S_GPROC32), or false.
func (m *Module) Entry() (Function, bool) {
	for _, s := range m.Symbols {
		if s.Proc != nil {
			return Function{Name: s.Proc.Name, CodeOffset: s.Proc.CodeOffset, CodeSize: s.Proc.CodeSize}, true
		}
	}
	return Function{}, false
}

// fileNames maps each DEBUG_S_FILECHKSMS entry's offset to its file name.
func (f *File) fileNames(m *Module) map[uint32]string {
	out := map[uint32]string{}
	for _, s := range m.Subsections {
		for _, c := range s.FileChecksums {
			name, _ := f.Names.Name(c.FileNameOffset)
			out[c.Offset] = name
		}
	}
	return out
}

// maxAnnotationOps bounds the binary annotations decoded per inline site
// (each takes at least a byte, so the bytes bound them already; this
// bounds the locations kept).
const maxAnnotationOps = 1 << 16

// inlineRange is a stretch of code an inline site's annotations give a line to.
type inlineRange struct {
	start, end uint32
	line       uint32
	column     uint16
}

// CodeView's BinaryAnnotationOpcode: the steps of an inline site's line
// program (cvinfo.h).
const (
	baInvalid                       = 0 // ends the list; padding may follow
	baCodeOffset                    = 1
	baChangeCodeOffsetBase          = 2
	baChangeCodeOffset              = 3
	baChangeCodeLength              = 4
	baChangeFile                    = 5
	baChangeLineOffset              = 6
	baChangeLineEndDelta            = 7
	baChangeRangeKind               = 8
	baChangeColumnStart             = 9
	baChangeColumnEndDelta          = 10
	baChangeCodeOffsetAndLineOffset = 11
	baChangeCodeLengthAndCodeOffset = 12
	baChangeColumnEnd               = 13
)

// decodeAnnotations reads an S_INLINESITE's binary annotations (cvinfo.h's
// BinaryAnnotationOpcode) into code ranges with lines relative to the
// inlinee's first line. base is the enclosing function's first code offset.
func decodeAnnotations(b []byte, base uint32) []inlineRange {
	var out []inlineRange
	pos := 0
	next := func() (uint32, bool) { // CVUncompressData
		if pos >= len(b) {
			return 0, false
		}
		c := b[pos]
		switch {
		case c&0x80 == 0:
			pos++
			return uint32(c), true
		case c&0xC0 == 0x80:
			if pos+2 > len(b) {
				return 0, false
			}
			v := uint32(c&0x3F)<<8 | uint32(b[pos+1])
			pos += 2
			return v, true
		case c&0xE0 == 0xC0:
			if pos+4 > len(b) {
				return 0, false
			}
			v := uint32(c&0x1F)<<24 | uint32(b[pos+1])<<16 | uint32(b[pos+2])<<8 | uint32(b[pos+3])
			pos += 4
			return v, true
		}
		return 0, false
	}
	signed := func(v uint32) int32 { // DecodeSignedInt32
		if v&1 != 0 {
			return -int32(v >> 1)
		}
		return int32(v >> 1)
	}
	var offsetBase, length uint32
	offset := base
	var line int32
	var col uint16 = 1
	emit := func() {
		if len(out) >= maxAnnotationOps {
			return
		}
		start := offsetBase + offset
		// The previous range with no length ends where this one starts.
		if n := len(out); n > 0 && out[n-1].end == out[n-1].start {
			out[n-1].end = start
		}
		out = append(out, inlineRange{start: start, end: start + length, line: uint32(line), column: col})
		length = 0
	}
	for pos < len(b) {
		op, ok := next()
		if !ok || op == baInvalid {
			break
		}
		p1, ok := next()
		if !ok {
			break
		}
		switch op {
		case baCodeOffset:
			offset = p1
		case baChangeCodeOffsetBase:
			offsetBase = p1
		case baChangeCodeOffset:
			offset += p1
			emit()
		case baChangeCodeLength: // the previous range's length
			if n := len(out); n > 0 && out[n-1].end == out[n-1].start {
				out[n-1].end += p1
			}
			offset += p1
		case baChangeFile: // inline sites of one file only (FXC)
		case baChangeLineOffset:
			line += signed(p1)
		case baChangeLineEndDelta, baChangeRangeKind, baChangeColumnEndDelta, baChangeColumnEnd:
		case baChangeColumnStart:
			col = uint16(p1)
		case baChangeCodeOffsetAndLineOffset:
			offset += p1 & 0xF
			line += signed(p1 >> 4)
			emit()
		case baChangeCodeLengthAndCodeOffset:
			p2, ok := next()
			if !ok {
				return out
			}
			length = p1
			offset += p2
			emit()
		default:
			return out
		}
	}
	return out
}

// MaxInlineVisits bounds how many inline sites give one code offset its
// line: nested sites each do, and FXC nests them a few deep; crafted sites
// that each cover all the code would cost sites × lines.
const MaxInlineVisits = 64

// CodeLines returns, for each code offset the line tables name, its file,
// line and column, with the code of inlined functions given the lines of
// the function it came from (as the compiler's own listing prints them),
// sorted by offset. A module's inline sites apply to the offsets its own
// line tables name, each offset taking at most MaxInlineVisits of them;
// full counts the offsets that took that many (later sites naming them
// were not applied).
func (f *File) CodeLines() (lines []CodeLine, full int) {
	at := map[uint32]int{} // offset → index in lines
	var visits []uint8
	var module []int32 // per line: the last module (from 1) whose tables name it
	funcs := f.funcNames()
	for mi := range f.Modules {
		m := &f.Modules[mi]
		names := f.fileNames(m)
		var mine []int32 // the lines this module's tables name
		for _, s := range m.Subsections {
			if s.Lines == nil {
				continue
			}
			for _, b := range s.Lines.Blocks {
				file := names[b.FileChecksumOffset]
				for j, e := range b.Lines {
					off := s.Lines.CodeOffset + e.Offset
					i, ok := at[off]
					if !ok {
						i = len(lines)
						at[off] = i
						lines = append(lines, CodeLine{Offset: off})
						visits = append(visits, 0)
						module = append(module, 0)
					}
					if module[i] != int32(mi+1) {
						module[i] = int32(mi + 1)
						mine = append(mine, int32(i))
					}
					c := &lines[i]
					// The statement entry comes first, the expression's after: the last one wins, as its column is the closer one.
					c.File, c.Line = file, e.Line
					if j < len(b.Columns) {
						c.Column = b.Columns[j].Start
					}
				}
			}
		}
		// Inline sites, outermost first: each gives its code the lines of its function.
		inlinees := map[uint32]InlineeSourceLine{}
		for _, s := range m.Subsections {
			if s.InlineeLines != nil {
				for _, e := range s.InlineeLines.Entries {
					inlinees[e.Inlinee] = e
				}
			}
		}
		entry, _ := m.Entry()
		sort.Slice(mine, func(i, j int) bool { return lines[mine[i]].Offset < lines[mine[j]].Offset })
		// next[i] leads to the first of mine from i on that can take another site.
		next := make([]int32, len(mine)+1)
		for i := range next {
			next[i] = int32(i)
		}
		find := func(i int) int {
			root := i
			for int(next[root]) != root {
				root = int(next[root])
			}
			for int(next[i]) != root {
				next[i], i = int32(root), int(next[i])
			}
			return root
		}
		for _, s := range m.Symbols {
			in := s.InlineSite
			if in == nil {
				continue
			}
			src, ok := inlinees[in.Inlinee]
			if !ok {
				continue
			}
			file := names[src.FileID]
			name := funcs[in.Inlinee]
			if name == "" {
				name = fmt.Sprintf("function 0x%x", in.Inlinee)
			}
			for _, r := range decodeAnnotations(in.Annotations, entry.CodeOffset) {
				i := sort.Search(len(mine), func(i int) bool { return lines[mine[i]].Offset >= r.start })
				for i = find(i); i < len(mine); i = find(i + 1) {
					k := mine[i]
					c := &lines[k]
					if c.Offset >= r.end && c.Offset != r.start {
						break
					}
					c.File, c.Line, c.Column = file, src.SourceLineNum+r.line, r.column
					if n := len(c.Inlined); n == 0 || c.Inlined[n-1] != name {
						c.Inlined = append(c.Inlined, name)
					}
					if visits[k]++; visits[k] == MaxInlineVisits {
						next[i] = int32(i + 1)
						full++
					}
				}
			}
		}
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].Offset < lines[j].Offset })
	return lines, full
}

// Variable is one piece of a variable and the register it lives in over a
// stretch of code (an S_LOCAL and one of its S_DEFRANGE_HLSL records).
type Variable struct {
	Name     string // the piece as the compiler's listing names it: "input.position.x", "<PSMain return value>.x", "m1"
	Variable string // the variable's own name
	Type     string // the variable's type name ("float3", "PSInput"), "" when the type stream has none
	Function string // the function it belongs to (the inlined function for its locals)

	Parameter   bool // a parameter of its function
	ReturnValue bool // its function's return value

	RegisterType uint16 // SM4/5 operand type (0 r#, 1 v#, 2 o#, 3 x#, …)
	Register     uint32 // register index
	Component    uint8  // 0-3: x, y, z, w
	Indices      int    // how many register indices the record has (2: x#[n], GS inputs)

	Start, End uint32        // the code offsets it holds for: [Start, End)
	Gaps       []DefRangeGap `json:",omitempty"`

	Module, Symbol int // the module and its S_DEFRANGE_HLSL's index in Symbols
}

// Variables returns every piece of every variable the modules place, in
// the order of their records (the order the compiler's listing prints them).
// short counts the pieces whose name or type stopped at a bound (a name of
// binread.MaxNameLen bytes, 32 levels of members, 16 of arrays, the
// members a file may walk): only a crafted file reaches one.
func (f *File) Variables() (out []Variable, short int) {
	funcs := f.funcNames()
	walk := f.newPieceWalk()
	for mi := range f.Modules {
		m := &f.Modules[mi]
		var local *LocalSym
		var scope []string
		for si, s := range m.Symbols {
			switch {
			case s.Proc != nil:
				scope = append(scope, s.Proc.Name)
			case s.InlineSite != nil:
				name := funcs[s.InlineSite.Inlinee]
				if name == "" {
					name = fmt.Sprintf("function 0x%x", s.InlineSite.Inlinee)
				}
				scope = append(scope, name)
			case s.Kind == S_END || s.Kind == S_INLINESITE_END:
				if len(scope) > 0 {
					scope = scope[:len(scope)-1]
				}
			case s.Local != nil:
				local = s.Local
			case s.DefRange != nil && local != nil:
				d := s.DefRange
				v := Variable{Variable: local.Name, Parameter: local.Flags&1 != 0, ReturnValue: local.Flags&0x80 != 0,
					RegisterType: d.RegisterType, Indices: len(d.RegisterOffsets),
					Start: d.RangeStart, End: d.RangeStart + uint32(d.RangeLength), Gaps: d.Gaps, Module: mi, Symbol: si}
				if len(scope) > 0 {
					v.Function = scope[len(scope)-1]
				}
				var cutType, cutName bool
				v.Type, cutType = f.typeName(local.Type)
				piece := f.pieceName(local.Type, uint64(d.OffsetParent), uint64(d.SizeInParent), walk)
				v.Name, cutName = local.Name+piece.name, piece.cut
				if cutType || cutName {
					short++
				}
				if n := len(d.RegisterOffsets); n > 0 {
					ro := d.RegisterOffsets[n-1]
					if d.RegisterType == 3 { // indexable temps: the register, no component
						v.Register = ro
					} else {
						v.Register, v.Component = ro/16, uint8(ro%16/4)
					}
				}
				out = append(out, v)
			}
		}
	}
	return out, short
}

// resolve follows modifiers to the type they modify: its index, and its
// record (nil for a built-in type).
func (f *File) resolve(ti uint32) (uint32, *TypeRecord) {
	for depth := 0; depth < 16; depth++ {
		t := f.Types.Record(ti)
		if t == nil || t.Modifier == nil {
			return ti, t
		}
		ti = t.Modifier.Type
	}
	return ti, nil
}

// simpleTypeNames are the built-in types HLSL uses (cvinfo.h's T_*).
var simpleTypeNames = map[uint32]string{0x40: "float", 0x41: "double", 0x46: "half", 0x74: "int", 0x75: "uint",
	0x30: "bool", 0x10: "int8_t", 0x20: "uint8_t", 0x11: "int16_t", 0x21: "uint16_t", 0x12: "int", 0x22: "uint", 0x03: "void"}

// typeName is a type's name; cut reports a name stopped at 16 array levels.
func (f *File) typeName(ti uint32) (name string, cut bool) {
	// An array's name is its element type's with "[]"; an array of itself
	// (a crafted file) stops at 16 levels.
	suffix := ""
	for depth := 0; depth < 16; depth++ {
		var t *TypeRecord
		ti, t = f.resolve(ti)
		if ti < TypeIndexBegin {
			return simpleTypeNames[ti&0xFF] + suffix, false
		}
		switch {
		case t == nil:
			return suffix, false
		case t.Vector != nil:
			return t.Vector.Name + suffix, false
		case t.Matrix != nil:
			return t.Matrix.Name + suffix, false
		case t.Structure != nil:
			return t.Structure.Name + suffix, false
		case t.Array != nil:
			ti = t.Array.ElementType
		case t.StridedArray != nil:
			ti = t.StridedArray.ElementType
		default:
			return suffix, false
		}
		suffix += "[]"
	}
	return suffix, true
}

// typeSize is a type's size in bytes (0 when unknown).
func (f *File) typeSize(ti uint32) uint64 {
	ti, t := f.resolve(ti)
	if ti < TypeIndexBegin {
		switch ti & 0xFF {
		case 0x41:
			return 8
		case 0x10, 0x20:
			return 1
		case 0x11, 0x21:
			return 2
		}
		return 4
	}
	switch {
	case t == nil:
	case t.Vector != nil:
		return t.Vector.Size
	case t.Matrix != nil:
		return t.Matrix.Size
	case t.Structure != nil:
		return t.Structure.Size
	case t.Array != nil:
		return t.Array.Size
	case t.StridedArray != nil:
		return t.StridedArray.Size
	}
	return 0
}

// pieceName names the bytes [off, off+size) of a variable of type ti as
// FXC's listings do: struct members by name, vector components as .x-.w,
// matrix elements as ._mRC, array elements as [i]. A piece that is the
// whole value adds nothing.
func (f *File) pieceName(ti uint32, off, size uint64, w *pieceWalk) piece {
	k := pieceKey{ti, off, size}
	if p, ok := w.names[k]; ok {
		return p
	}
	p := f.walkPiece(ti, off, size, w)
	w.names[k] = p
	return p
}

// piece is a piece's name; cut reports that naming it stopped at a bound.
type piece struct {
	name string
	cut  bool
}

// pieceWalk bounds what naming the pieces of one file's variables costs:
// the members it may still walk, and the names made so far (a piece named
// before is named the same again). Real structs have dozens of members; a
// crafted struct of thousands, the last of them the struct itself, named
// by thousands of pieces, walked thousands of members at each of 32
// levels for each piece, and made each name 32 member names long.
type pieceWalk struct {
	members int
	names   map[pieceKey]piece
}

type pieceKey struct {
	ti        uint32
	off, size uint64
}

// newPieceWalk allows walking a million members plus 64 per byte of the file.
func (f *File) newPieceWalk() *pieceWalk {
	n := 0
	if f.m != nil && f.m.r != nil {
		n = len(f.m.r.Data)
	}
	return &pieceWalk{members: 1<<20 + 64*n, names: map[pieceKey]piece{}}
}

// walkPiece names the piece as pieceName says; a name stops growing at
// binread.MaxNameLen bytes, and a walk out of members stops where it is.
func (f *File) walkPiece(ti uint32, off, size uint64, w *pieceWalk) piece {
	name := ""
	for depth := 0; depth < 32 && len(name) < binread.MaxNameLen; depth++ {
		whole := f.typeSize(ti)
		if off == 0 && (size >= whole || whole == 0) {
			return piece{name: name}
		}
		_, t := f.resolve(ti)
		switch {
		case t == nil: // a scalar
			return piece{name: name}
		case t.Vector != nil:
			if t.Vector.Count == 0 {
				return piece{name: name}
			}
			elem := max(t.Vector.Size/uint64(t.Vector.Count), 1)
			i := off / elem
			if i < 4 {
				return piece{name: name + "." + string("xyzw"[i])}
			}
			return piece{name: name + fmt.Sprintf("[%d]", i)}
		case t.Matrix != nil:
			m := t.Matrix
			if m.Rows == 0 || m.Columns == 0 {
				return piece{name: name}
			}
			stride := uint64(m.MajorStride)
			if stride == 0 {
				stride = 16
			}
			row, col := off/stride, off%stride/4
			if m.Attributes&1 == 0 { // column major: each stride is a column
				row, col = col, row
			}
			return piece{name: name + fmt.Sprintf("._m%d%d", row, col)}
		case t.Structure != nil:
			fl := f.Types.Record(t.Structure.FieldList)
			if fl == nil {
				return piece{name: name}
			}
			found := false
			for k, mem := range fl.FieldList {
				if w.members--; w.members < 0 {
					return piece{name, true}
				}
				end := f.typeSize(mem.Type)
				if end == 0 {
					// FXC writes a zero size for some members: they run to the next member or the end.
					if k+1 < len(fl.FieldList) {
						end = fl.FieldList[k+1].Offset - mem.Offset
					} else {
						end = whole - mem.Offset
					}
				}
				if off >= mem.Offset && off < mem.Offset+end {
					name += "." + mem.Name
					off -= mem.Offset
					ti = mem.Type
					found = true
					break
				}
			}
			if !found {
				return piece{name: name}
			}
		case t.Array != nil || t.StridedArray != nil:
			elemType, stride := uint32(0), uint64(0)
			if t.Array != nil {
				elemType = t.Array.ElementType
				stride = f.typeSize(elemType)
			} else {
				elemType, stride = t.StridedArray.ElementType, uint64(t.StridedArray.Stride)
			}
			if stride == 0 {
				return piece{name: name}
			}
			name += fmt.Sprintf("[%d]", off/stride)
			off %= stride
			ti = elemType
		default:
			return piece{name: name}
		}
	}
	return piece{name, true} // 32 levels, or binread.MaxNameLen bytes
}

// funcNames maps the IPI stream's LF_FUNC_ID records, by type index, to the
// function names they carry (inline sites name their function this way).
func (f *File) funcNames() map[uint32]string {
	funcs := map[uint32]string{}
	if f.IDs != nil {
		for _, t := range f.IDs.Records {
			if t.FuncID != nil {
				funcs[t.Index] = t.FuncID.Name
			}
		}
	}
	return funcs
}
