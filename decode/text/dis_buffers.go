package text

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/llvm/ir"
)

// Buffer definitions as dxc -dumpbin prints them: each cbuffer's layout
// from !dx.typeAnnotations (dxil.TypeAnnotations: field names, component
// types, matrix shapes, cbuffer offsets) over the LLVM struct types.

// opnd is operand i of tuple n as a metadata id, or -1 for null or none.
func opnd(n *ir.Metadata, i int) int64 {
	if id, ok := n.Operand(i); ok {
		return int64(id)
	}
	return -1
}

// mdAt is module-level metadata id ref, or nil (-1 is null).
func mdAt(m *ir.Module, ref int64) *ir.Metadata {
	if ref < 0 {
		return nil
	}
	return m.MD(nil, uint32(ref))
}

// mdInt reads metadata ref holding an integer constant.
func mdInt(m *ir.Module, ref int64) (uint32, bool) {
	e := mdAt(m, ref)
	if e == nil || e.Code != ir.MetadataValue {
		return 0, false
	}
	v, ok := m.ConstInt(nil, e.Value)
	return uint32(v), ok
}

func mdNode(m *ir.Module, ref int64) *ir.Metadata {
	e := mdAt(m, ref)
	if e == nil || e.Code != ir.MetadataNode {
		return nil
	}
	return e
}

func mdString(m *ir.Module, ref int64) string {
	if e := mdAt(m, ref); e != nil && e.Code == ir.MetadataString {
		return e.Str
	}
	return ""
}

// mdValueType returns the type of the value metadata ref wraps.
func mdValueType(m *ir.Module, ref int64) uint32 {
	e := mdAt(m, ref)
	if e == nil || e.Code != ir.MetadataValue {
		return ir.NoType
	}
	return e.Type
}

var hlslMinPrecisionNames = [...]string{"unknown", "bool", "min16i", "min16ui", "int", "uint", "int64_t", "uint64_t",
	"min16float", "float", "double", "snorm_min16f", "unorm_min16f", "snorm_float", "unorm_float", "snorm_double",
	"unorm_double", "int8_t_packed", "uint8_t_packed"}

var hlslNativeNames = [...]string{"unknown", "bool", "int16_t", "uint16_t", "int", "uint", "int64_t", "uint64_t",
	"half", "float", "double", "snorm_half", "unorm_half", "snorm_float", "unorm_float", "snorm_double",
	"unorm_double", "int8_t_packed", "uint8_t_packed"}

type bufPrinter struct {
	dl      *dataLayout // nil: cbuffer layout (offsets from the annotations)
	m       *ir.Module
	ann     map[uint32]*dxil.StructAnnotation
	minPrec bool
	// noSemicolon closes struct layouts as DXC before commit count 2167
	// does: "} Name" without ";", "/* empty struct */" at the struct's
	// indent.
	noSemicolon bool
	out         []string
	depth       int
	// A struct's fields are printed as RDEF's member lists are (repeats):
	// a few bytes of types, each of fields of the next, would print
	// fanout^depth lines.
	structs repeats[uint32]
}

func (b *bufPrinter) add(s string) {
	b.out = append(b.out, s)
	b.structs.line()
}

// enter starts printing the fields of struct t (n of them) and returns how
// to end it; when they are not to be printed, the line to print instead.
func (b *bufPrinter) enter(t uint32, n int) (leave func(), ref string, ok bool) {
	leave, open, ok := b.structs.enter(t)
	if ok {
		return leave, "", true
	}
	name := "struct " + b.structName(t) + " (type " + strconv.Itoa(int(t)) + ")"
	if open {
		return nil, "… (the " + strconv.Itoa(n) + " fields of " + name + ", being printed above)", false
	}
	return nil, "… (same as " + name + " above: " + strconv.Itoa(n) + " fields)", false
}

func (b *bufPrinter) compName(c uint32) string {
	names := hlslNativeNames[:]
	if b.minPrec {
		names = hlslMinPrecisionNames[:]
	}
	if int(c) < len(names) {
		return names[c]
	}
	return "invalid"
}

func (b *bufPrinter) structName(t uint32) string {
	if st := b.m.TypeAt(t); st != nil {
		return Safe(st.Name)
	}
	return ""
}

func (b *bufPrinter) structLayout(t uint32, varName string, offset uint32, indent, offsetIndent int, size uint32) {
	b.depth++
	defer func() { b.depth-- }()
	pad := strings.Repeat(" ", indent)
	b.add(";" + pad + "struct " + b.structName(t))
	b.add(";" + pad + "{")
	b.add(";")
	fi := indent + 4
	sa := b.ann[t]
	st := b.m.TypeAt(t)
	if sa == nil || st == nil {
		at := fi
		if b.noSemicolon {
			at = indent
		}
		if size == 0 {
			b.add(";" + strings.Repeat(" ", at) + "/* empty struct */")
		} else {
			b.add(";" + strings.Repeat(" ", at) + "[" + strconv.Itoa(int(size)) + " x i8] (type annotation not present)")
		}
	} else if leave, ref, ok := b.enter(t, min(len(st.Elems), len(sa.Fields))); !ok {
		b.add(";" + strings.Repeat(" ", fi) + ref)
	} else {
		defer leave()
		var offs []uint64
		if b.dl != nil {
			offs, _, _ = b.dl.structLayout(t, 0)
		}
		for i, e := range st.Elems {
			if i >= len(sa.Fields) || b.depth > 16 {
				break
			}
			fo := offset + sa.Fields[i].CBufferOffset
			if b.dl != nil && i < len(offs) {
				fo = offset + uint32(offs[i])
			}
			b.fieldLayout(e, sa.Fields[i], fo, fi, offsetIndent-4, 0)
		}
	}
	b.add(";" + pad)
	closing := varName + ";"
	if b.noSemicolon {
		closing = varName
	}
	line := ";" + pad + "} " + ljust(closing, offsetIndent-2) + "; Offset:" + rjust(strconv.Itoa(int(offset)), 5)
	if size != 0 {
		line += " Size: " + rjust(strconv.Itoa(int(size)), 5)
	}
	b.add(line)
	b.add(";")
}

func (b *bufPrinter) fieldLayout(t uint32, fa dxil.FieldAnnotation, offset uint32, indent, offsetIndent int, size uint32) {
	m := b.m
	tt := m.TypeAt(t)
	if tt == nil {
		return
	}
	if tt.Kind == ir.TypeStruct && !fa.HasMatrix {
		b.structLayout(t, fa.Name, offset, indent, offsetIndent, 0)
		return
	}
	elt := t
	arraySize, levels := uint32(0), 0
	if tt.Kind == ir.TypeArray {
		arraySize = 1
		for {
			et := m.TypeAt(elt)
			if et == nil || et.Kind != ir.TypeArray || len(et.Elems) == 0 {
				break
			}
			arraySize *= uint32(et.Count)
			elt = et.Elems[0]
			levels++
		}
	}
	if fa.HasMatrix {
		switch fa.Orientation {
		case dxil.MatrixRowMajor:
			if fa.Rows != 0 {
				arraySize /= fa.Rows
			}
		case dxil.MatrixColumnMajor:
			if fa.Cols != 0 {
				arraySize /= fa.Cols
			}
		}
		if et := m.TypeAt(elt); et != nil && et.Kind == ir.TypeVector && len(et.Elems) > 0 {
			elt = et.Elems[0]
		}
		if levels == 1 {
			arraySize = 0
		}
	}
	if et := m.TypeAt(elt); et != nil && et.Kind == ir.TypeStruct {
		name := fa.Name
		if arraySize != 0 {
			name += "[" + strconv.Itoa(int(arraySize)) + "]"
		}
		b.structLayout(elt, name+";", offset, indent, offsetIndent, 0)
		return
	}
	// The type and name (PrintTypeAndName): arrays stripped from the field's own type.
	base := t
	for {
		bt := m.TypeAt(base)
		if bt == nil || bt.Kind != ir.TypeArray || len(bt.Elems) == 0 {
			break
		}
		base = bt.Elems[0]
	}
	comp := b.compName(fa.CompType)
	s := comp
	if fa.HasMatrix {
		prefix := map[dxil.MatrixOrientation]string{dxil.MatrixRowMajor: "row_major ", dxil.MatrixColumnMajor: "column_major "}[fa.Orientation]
		s = prefix + comp + strconv.Itoa(int(fa.Rows)) + "x" + strconv.Itoa(int(fa.Cols))
	} else if bt := m.TypeAt(base); bt != nil && bt.Kind == ir.TypeVector {
		s = comp + strconv.Itoa(int(bt.Count))
	}
	s += " " + fa.Name
	if arraySize != 0 {
		s += "[" + strconv.Itoa(int(arraySize)) + "]"
	}
	s += ";"
	line := ";" + strings.Repeat(" ", indent) + ljust(s, offsetIndent) + "; Offset:" + rjust(strconv.Itoa(int(offset)), 5)
	if size != 0 {
		line += " Size: " + rjust(strconv.Itoa(int(size)), 5)
	}
	b.add(line)
}

// resourceRecord is one resource of !dx.resources: its class (0 SRV, 1 UAV,
// 2 CBV) and its record, which has at least the 7 operands read here.
type resourceRecord struct {
	class int
	r     *ir.Metadata
}

// resourceRecords lists the records of the classes asked for, in the
// module's order (each !dx.resources entry, then the classes in turn).
func resourceRecords(m *ir.Module, classes ...int) []resourceRecord {
	var out []resourceRecord
	for _, id := range m.Named("dx.resources") {
		n := m.MD(nil, id)
		if n == nil || n.Code != ir.MetadataNode || n.NumOperands() <= slices.Max(classes) {
			continue
		}
		for _, class := range classes {
			list := mdNode(m, opnd(n, class))
			if list == nil {
				continue
			}
			for i := range list.NumOperands() {
				if r := mdNode(m, opnd(list, i)); r != nil && r.NumOperands() >= 7 {
					out = append(out, resourceRecord{class, r})
				}
			}
		}
	}
	return out
}

// symbolType is the type a resource's symbol points at, with one array
// level unwrapped (a cbuffer array), or every level (a structured buffer's).
func symbolType(m *ir.Module, ref int64, everyArray bool) uint32 {
	t := mdValueType(m, ref)
	if pt := m.TypeAt(t); pt != nil && pt.Kind == ir.TypePointer && len(pt.Elems) > 0 {
		t = pt.Elems[0]
	}
	for {
		at := m.TypeAt(t)
		if at == nil || at.Kind != ir.TypeArray || len(at.Elems) == 0 {
			return t
		}
		t = at.Elems[0]
		if !everyArray {
			return t
		}
	}
}

// block prints a cbuffer or tbuffer: its name, then its layout between
// braces, or what stands in for it when the type has no annotation.
func (b *bufPrinter) block(kind, name string, t, size uint32, missing string) {
	b.add("; " + kind + " " + name)
	b.add("; {")
	b.add(";")
	if b.ann[t] == nil {
		b.add(";   " + missing)
		b.add(";")
	} else {
		b.structLayout(t, name, 0, 3, 50, size)
	}
	b.add("; }")
	b.add(";")
}

// bufferDefinitions prints each cbuffer of !dx.resources with its layout,
// then the structured buffers (SRVs, then UAVs) and tbuffers, as DXC's
// PrintStructBufferDefinition and PrintTBufferDefinition do.
func bufferDefinitions(m *ir.Module, minPrec bool, st DXCStyle) []string {
	ann := dxil.TypeAnnotations(m)
	for _, sa := range ann {
		for i := range sa.Fields {
			sa.Fields[i].Name = Safe(sa.Fields[i].Name) // a name from the file, printed in a comment line
		}
	}
	b := &bufPrinter{m: m, ann: ann, minPrec: minPrec, noSemicolon: !st.StructSemicolon}
	for _, cb := range resourceRecords(m, 2) {
		size, _ := mdInt(m, opnd(cb.r, 6))
		b.block("cbuffer", Safe(mdString(m, opnd(cb.r, 2))), symbolType(m, opnd(cb.r, 1), false), size,
			"["+strconv.Itoa(int(size))+" x i8] (type annotation not present)")
	}
	for _, res := range resourceRecords(m, 0, 1) {
		kind, _ := mdInt(m, opnd(res.r, 6))
		name := Safe(mdString(m, opnd(res.r, 2)))
		t := symbolType(m, opnd(res.r, 1), true)
		if st := m.TypeAt(t); st == nil || st.Kind != ir.TypeStruct {
			continue
		}
		switch {
		case dxil.ResourceKind(kind) == dxil.ResourceKindStructuredBuffer:
			b.structuredBuffer(name, t)
		case dxil.ResourceKind(kind) == dxil.ResourceKindTBuffer && res.class == 0:
			var size uint32
			if sa := b.ann[t]; sa != nil {
				size = sa.Size
			}
			b.block("tbuffer", name, t, size, "(type annotation not present)")
		}
	}
	return b.out
}

func (b *bufPrinter) structuredBuffer(name string, cls uint32) {
	m := b.m
	dl := newDataLayout(m)
	b.add("; Resource bind info for " + name)
	b.add("; {")
	b.add(";")
	st := m.TypeAt(cls)
	ret := ir.NoType
	if len(st.Elems) > 0 {
		ret = st.Elems[0]
	}
	rt := m.TypeAt(ret)
	if rt == nil || rt.Kind != ir.TypeStruct {
		if sa := b.ann[cls]; sa == nil || len(sa.Fields) == 0 {
			b.add(";   [" + strconv.FormatUint(dl.allocSize(cls, 0), 10) + " x i8] (type annotation not present)")
		} else {
			fa := sa.Fields[0]
			fa.Name = "$Element"
			b.fieldLayout(ret, fa, 0, 3, 50, uint32(dl.allocSize(cls, 0)))
		}
		b.add(";")
	} else {
		if b.ann[ret] == nil {
			b.add(";   [" + strconv.FormatUint(dl.allocSize(ret, 0), 10) + " x i8] (type annotation not present)")
		} else {
			b.dl = dl
			b.structLayout(ret, "$Element", 0, 3, 50, uint32(dl.allocSize(ret, 0)))
			b.dl = nil
		}
	}
	b.add("; }")
	b.add(";")
}

// dataLayout answers LLVM DataLayout's size and alignment questions for the
// module's layout string (DXIL: "e-m:e-p:32:32-i1:32-i8:32-i16:32-…").
type dataLayout struct {
	m     *ir.Module
	align map[string]uint64 // "i16", "f32", "v128", "p" → ABI alignment in bytes
	memo  map[uint32]typeLayout
}

func newDataLayout(m *ir.Module) *dataLayout {
	d := &dataLayout{m: m, memo: map[uint32]typeLayout{}, align: map[string]uint64{"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 4, "f16": 2, "f32": 4, "f64": 8, "v64": 8, "v128": 16, "p": 8}}
	for _, spec := range strings.Split(m.DataLayout, "-") {
		parts := strings.Split(spec, ":")
		if len(parts) < 2 || len(parts[0]) == 0 {
			continue
		}
		abi, err := strconv.ParseUint(parts[1], 10, 32)
		if err != nil {
			continue
		}
		switch parts[0][0] {
		case 'i', 'f', 'v':
			d.align[parts[0]] = abi / 8
		case 'p':
			if len(parts) >= 3 {
				if a, err := strconv.ParseUint(parts[2], 10, 32); err == nil {
					d.align["p"] = a / 8
					d.align["psize"] = abi / 8
				}
			}
		}
	}
	return d
}

// floatBits is the width of each floating-point type; the data layout names
// their alignments f16, f32, f64.
var floatBits = map[ir.TypeKind]uint64{ir.TypeHalf: 16, ir.TypeFloat: 32, ir.TypeDouble: 64}

func alignTo(v, a uint64) uint64 {
	if a <= 1 {
		return v
	}
	return (v + a - 1) / a * a
}

// typeAt is type t, or nil when there is none or the types nest deeper
// than any real one (a hostile module's types may refer to themselves).
func (d *dataLayout) typeAt(t uint32, depth int) *ir.Type {
	if depth > 32 {
		return nil
	}
	return d.m.TypeAt(t)
}

// typeLayout is a type's size in bits and ABI alignment in bytes.
type typeLayout struct{ bits, align uint64 }

// layout answers LLVM's getTypeSizeInBits and getABITypeAlignment for type t,
// once per type: nested structs reach the same types many times over.
func (d *dataLayout) layout(t uint32, depth int) typeLayout {
	if l, ok := d.memo[t]; ok {
		return l
	}
	tt := d.typeAt(t, depth)
	if tt == nil {
		return typeLayout{0, 1}
	}
	l := typeLayout{0, 1}
	switch tt.Kind {
	case ir.TypeInt:
		l.bits, l.align = uint64(tt.Width), 4
		if a, ok := d.align["i"+strconv.Itoa(int(tt.Width))]; ok {
			l.align = a
		}
	case ir.TypeHalf, ir.TypeFloat, ir.TypeDouble:
		l.bits = floatBits[tt.Kind]
		l.align = d.align["f"+strconv.FormatUint(l.bits, 10)]
	case ir.TypePointer:
		l.bits, l.align = 64, d.align["p"]
		if s, ok := d.align["psize"]; ok {
			l.bits = s * 8
		}
	case ir.TypeVector:
		natural := uint64(1)
		if len(tt.Elems) > 0 {
			l.bits = d.layout(tt.Elems[0], depth+1).bits * tt.Count
			natural = d.allocSize(tt.Elems[0], depth+1) * tt.Count
		}
		if a, ok := d.align["v"+strconv.FormatUint(l.bits, 10)]; ok {
			l.align = a
		} else {
			// LLVM's default: natural alignment, rounded up to a power of two.
			l.align = 1
			for l.align < natural {
				l.align <<= 1
			}
		}
	case ir.TypeArray:
		if len(tt.Elems) > 0 {
			l.bits = d.allocSize(tt.Elems[0], depth+1) * tt.Count * 8
			l.align = d.layout(tt.Elems[0], depth+1).align
		}
	case ir.TypeStruct:
		_, size, a := d.structLayout(t, depth+1)
		l.bits, l.align = size*8, a
	}
	d.memo[t] = l
	return l
}

// allocSize is the bytes a value of type t takes in memory (getTypeAllocSize).
func (d *dataLayout) allocSize(t uint32, depth int) uint64 {
	l := d.layout(t, depth)
	return alignTo((l.bits+7)/8, l.align)
}

// structLayout returns the field offsets, size and alignment of a struct (StructLayout).
func (d *dataLayout) structLayout(t uint32, depth int) ([]uint64, uint64, uint64) {
	tt := d.typeAt(t, depth)
	if tt == nil {
		return nil, 0, 1
	}
	var offs []uint64
	off, al := uint64(0), uint64(1)
	for _, e := range tt.Elems {
		a := uint64(1)
		if !tt.Packed {
			a = d.layout(e, depth+1).align
		}
		off = alignTo(off, a)
		offs = append(offs, off)
		off += d.allocSize(e, depth+1)
		al = max(al, a)
	}
	return offs, alignTo(off, al), al
}
