package text

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// Buffer definitions as dxc -dumpbin prints them: each cbuffer's layout
// from !dx.typeAnnotations (field names, component types, matrix shapes,
// cbuffer offsets) over the LLVM struct types.

type fieldAnn struct {
	name       string
	offset     uint32
	compType   uint32
	hasMatrix  bool
	rows, cols uint32
	orient     uint32
}

type structAnn struct {
	size   uint32
	fields []fieldAnn
}

// mdInt reads a metadata id+1 operand holding an integer constant.
func mdInt(m *decode.IRModule, op uint64) (uint32, bool) {
	if op == 0 {
		return 0, false
	}
	e := m.MD(nil, uint32(op-1))
	if e == nil || e.Code != decode.MDValue {
		return 0, false
	}
	v, ok := m.ConstInt(nil, e.Value)
	return uint32(v), ok
}

func mdNode(m *decode.IRModule, op uint64) *decode.IRMetadata {
	if op == 0 {
		return nil
	}
	e := m.MD(nil, uint32(op-1))
	if e == nil || e.Code != decode.MDNode {
		return nil
	}
	return e
}

func mdString(m *decode.IRModule, op uint64) string {
	if op == 0 {
		return ""
	}
	if e := m.MD(nil, uint32(op-1)); e != nil && e.Code == decode.MDString {
		return e.Str
	}
	return ""
}

// mdValueType returns the type of the value a metadata operand wraps.
func mdValueType(m *decode.IRModule, op uint64) uint32 {
	if op == 0 {
		return decode.NoType
	}
	e := m.MD(nil, uint32(op-1))
	if e == nil || e.Code != decode.MDValue {
		return decode.NoType
	}
	return e.Type
}

func namedMD(m *decode.IRModule, name string) []uint32 {
	for _, n := range m.NamedMetadata {
		if n.Name == name {
			return n.Nodes
		}
	}
	return nil
}

func typeAnnotations(m *decode.IRModule) map[uint32]*structAnn {
	out := map[uint32]*structAnn{}
	for _, id := range namedMD(m, "dx.typeAnnotations") {
		n := m.MD(nil, id)
		if n == nil || n.Code != decode.MDNode || len(n.Ops) == 0 {
			continue
		}
		if tag, _ := mdInt(m, n.Ops[0]); tag != 0 {
			continue
		}
		for i := 1; i+1 < len(n.Ops); i += 2 {
			t := mdValueType(m, n.Ops[i])
			sn := mdNode(m, n.Ops[i+1])
			if t == decode.NoType || sn == nil || len(sn.Ops) == 0 {
				continue
			}
			sa := &structAnn{}
			sa.size, _ = mdInt(m, sn.Ops[0])
			nf := 0
			if st := m.IRTypeAt(t); st != nil {
				nf = len(st.Elems)
			}
			for k := 1; k < len(sn.Ops) && k <= nf; k++ {
				fn := mdNode(m, sn.Ops[k])
				var fa fieldAnn
				if fn != nil {
					for j := 0; j+1 < len(fn.Ops); j += 2 {
						tag, _ := mdInt(m, fn.Ops[j])
						switch tag {
						case 2:
							if mn := mdNode(m, fn.Ops[j+1]); mn != nil && len(mn.Ops) == 3 {
								fa.hasMatrix = true
								fa.rows, _ = mdInt(m, mn.Ops[0])
								fa.cols, _ = mdInt(m, mn.Ops[1])
								fa.orient, _ = mdInt(m, mn.Ops[2])
							}
						case 3:
							fa.offset, _ = mdInt(m, fn.Ops[j+1])
						case 6:
							fa.name = Safe(mdString(m, fn.Ops[j+1])) // a name from the file, printed in a comment line
						case 7:
							fa.compType, _ = mdInt(m, fn.Ops[j+1])
						}
					}
				}
				sa.fields = append(sa.fields, fa)
			}
			out[t] = sa
		}
	}
	return out
}

var hlslMinPrecisionNames = [...]string{"unknown", "bool", "min16i", "min16ui", "int", "uint", "int64_t", "uint64_t",
	"min16float", "float", "double", "snorm_min16f", "unorm_min16f", "snorm_float", "unorm_float", "snorm_double",
	"unorm_double", "int8_t_packed", "uint8_t_packed"}

var hlslNativeNames = [...]string{"unknown", "bool", "int16_t", "uint16_t", "int", "uint", "int64_t", "uint64_t",
	"half", "float", "double", "snorm_half", "unorm_half", "snorm_float", "unorm_float", "snorm_double",
	"unorm_double", "int8_t_packed", "uint8_t_packed"}

type bufPrinter struct {
	dl      *dataLayout // nil: cbuffer layout (offsets from the annotations)
	m       *decode.IRModule
	ann     map[uint32]*structAnn
	minPrec bool
	out     []string
	depth   int
}

func (b *bufPrinter) add(s string) { b.out = append(b.out, s) }

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
	if st := b.m.IRTypeAt(t); st != nil {
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
	st := b.m.IRTypeAt(t)
	if sa == nil || st == nil {
		if size == 0 {
			b.add(";" + strings.Repeat(" ", fi) + "/* empty struct */")
		} else {
			b.add(";" + strings.Repeat(" ", fi) + "[" + strconv.Itoa(int(size)) + " x i8] (type annotation not present)")
		}
	} else {
		var offs []uint64
		if b.dl != nil {
			offs, _, _ = b.dl.structLayout(t, 0)
		}
		for i, e := range st.Elems {
			if i >= len(sa.fields) || b.depth > 16 {
				break
			}
			fo := offset + sa.fields[i].offset
			if b.dl != nil && i < len(offs) {
				fo = offset + uint32(offs[i])
			}
			b.fieldLayout(e, sa.fields[i], fo, fi, offsetIndent-4, 0)
		}
	}
	b.add(";" + pad)
	line := ";" + pad + "} " + ljust(varName+";", offsetIndent-2) + "; Offset:" + rjust(strconv.Itoa(int(offset)), 5)
	if size != 0 {
		line += " Size: " + rjust(strconv.Itoa(int(size)), 5)
	}
	b.add(line)
	b.add(";")
}

func (b *bufPrinter) fieldLayout(t uint32, fa fieldAnn, offset uint32, indent, offsetIndent int, size uint32) {
	m := b.m
	tt := m.IRTypeAt(t)
	if tt == nil {
		return
	}
	if tt.Kind == decode.IRTypeStruct && !fa.hasMatrix {
		b.structLayout(t, fa.name, offset, indent, offsetIndent, 0)
		return
	}
	elt := t
	arraySize, levels := uint32(0), 0
	if tt.Kind == decode.IRTypeArray {
		arraySize = 1
		for {
			et := m.IRTypeAt(elt)
			if et == nil || et.Kind != decode.IRTypeArray || len(et.Elems) == 0 {
				break
			}
			arraySize *= uint32(et.Count)
			elt = et.Elems[0]
			levels++
		}
	}
	if fa.hasMatrix {
		switch fa.orient {
		case 1:
			if fa.rows != 0 {
				arraySize /= fa.rows
			}
		case 2:
			if fa.cols != 0 {
				arraySize /= fa.cols
			}
		}
		if et := m.IRTypeAt(elt); et != nil && et.Kind == decode.IRTypeVector && len(et.Elems) > 0 {
			elt = et.Elems[0]
		}
		if levels == 1 {
			arraySize = 0
		}
	}
	if et := m.IRTypeAt(elt); et != nil && et.Kind == decode.IRTypeStruct {
		name := fa.name
		if arraySize != 0 {
			name += "[" + strconv.Itoa(int(arraySize)) + "]"
		}
		b.structLayout(elt, name+";", offset, indent, offsetIndent, 0)
		return
	}
	// The type and name (PrintTypeAndName): arrays stripped from the field's own type.
	base := t
	for {
		bt := m.IRTypeAt(base)
		if bt == nil || bt.Kind != decode.IRTypeArray || len(bt.Elems) == 0 {
			break
		}
		base = bt.Elems[0]
	}
	comp := b.compName(fa.compType)
	s := comp
	if fa.hasMatrix {
		prefix := map[uint32]string{1: "row_major ", 2: "column_major "}[fa.orient]
		s = prefix + comp + strconv.Itoa(int(fa.rows)) + "x" + strconv.Itoa(int(fa.cols))
	} else if bt := m.IRTypeAt(base); bt != nil && bt.Kind == decode.IRTypeVector {
		s = comp + strconv.Itoa(int(bt.Count))
	}
	s += " " + fa.name
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
	r     *decode.IRMetadata
}

// resourceRecords lists the records of the classes asked for, in the
// module's order (each !dx.resources entry, then the classes in turn).
func resourceRecords(m *decode.IRModule, classes ...int) []resourceRecord {
	var out []resourceRecord
	for _, id := range namedMD(m, "dx.resources") {
		n := m.MD(nil, id)
		if n == nil || n.Code != decode.MDNode || len(n.Ops) <= slices.Max(classes) {
			continue
		}
		for _, class := range classes {
			list := mdNode(m, n.Ops[class])
			if list == nil {
				continue
			}
			for _, op := range list.Ops {
				if r := mdNode(m, op); r != nil && len(r.Ops) >= 7 {
					out = append(out, resourceRecord{class, r})
				}
			}
		}
	}
	return out
}

// symbolType is the type a resource's symbol points at, with one array
// level unwrapped (a cbuffer array), or every level (a structured buffer's).
func symbolType(m *decode.IRModule, op uint64, everyArray bool) uint32 {
	t := mdValueType(m, op)
	if pt := m.IRTypeAt(t); pt != nil && pt.Kind == decode.IRTypePointer && len(pt.Elems) > 0 {
		t = pt.Elems[0]
	}
	for {
		at := m.IRTypeAt(t)
		if at == nil || at.Kind != decode.IRTypeArray || len(at.Elems) == 0 {
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
func bufferDefinitions(m *decode.IRModule, minPrec bool) []string {
	b := &bufPrinter{m: m, ann: typeAnnotations(m), minPrec: minPrec}
	for _, cb := range resourceRecords(m, 2) {
		size, _ := mdInt(m, cb.r.Ops[6])
		b.block("cbuffer", Safe(mdString(m, cb.r.Ops[2])), symbolType(m, cb.r.Ops[1], false), size,
			"["+strconv.Itoa(int(size))+" x i8] (type annotation not present)")
	}
	for _, res := range resourceRecords(m, 0, 1) {
		kind, _ := mdInt(m, res.r.Ops[6])
		name := Safe(mdString(m, res.r.Ops[2]))
		t := symbolType(m, res.r.Ops[1], true)
		if st := m.IRTypeAt(t); st == nil || st.Kind != decode.IRTypeStruct {
			continue
		}
		switch {
		case kind == 12:
			b.structuredBuffer(name, t)
		case kind == 15 && res.class == 0:
			var size uint32
			if sa := b.ann[t]; sa != nil {
				size = sa.size
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
	st := m.IRTypeAt(cls)
	ret := decode.NoType
	if len(st.Elems) > 0 {
		ret = st.Elems[0]
	}
	rt := m.IRTypeAt(ret)
	if rt == nil || rt.Kind != decode.IRTypeStruct {
		if sa := b.ann[cls]; sa == nil || len(sa.fields) == 0 {
			b.add(";   [" + strconv.FormatUint(dl.allocSize(cls, 0), 10) + " x i8] (type annotation not present)")
		} else {
			fa := sa.fields[0]
			fa.name = "$Element"
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
	m     *decode.IRModule
	align map[string]uint64 // "i16", "f32", "v128", "p" → ABI alignment in bytes
	memo  map[uint32]typeLayout
}

func newDataLayout(m *decode.IRModule) *dataLayout {
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
var floatBits = map[decode.IRTypeKind]uint64{decode.IRTypeHalf: 16, decode.IRTypeFloat: 32, decode.IRTypeDouble: 64}

func alignTo(v, a uint64) uint64 {
	if a <= 1 {
		return v
	}
	return (v + a - 1) / a * a
}

// typeAt is type t, or nil when there is none or the types nest deeper
// than any real one (a hostile module's types may refer to themselves).
func (d *dataLayout) typeAt(t uint32, depth int) *decode.IRType {
	if depth > 32 {
		return nil
	}
	return d.m.IRTypeAt(t)
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
	case decode.IRTypeInt:
		l.bits, l.align = uint64(tt.Width), 4
		if a, ok := d.align["i"+strconv.Itoa(int(tt.Width))]; ok {
			l.align = a
		}
	case decode.IRTypeHalf, decode.IRTypeFloat, decode.IRTypeDouble:
		l.bits = floatBits[tt.Kind]
		l.align = d.align["f"+strconv.FormatUint(l.bits, 10)]
	case decode.IRTypePointer:
		l.bits, l.align = 64, d.align["p"]
		if s, ok := d.align["psize"]; ok {
			l.bits = s * 8
		}
	case decode.IRTypeVector:
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
	case decode.IRTypeArray:
		if len(tt.Elems) > 0 {
			l.bits = d.allocSize(tt.Elems[0], depth+1) * tt.Count * 8
			l.align = d.layout(tt.Elems[0], depth+1).align
		}
	case decode.IRTypeStruct:
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
