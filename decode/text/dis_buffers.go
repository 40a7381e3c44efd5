package text

import (
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
							fa.name = mdString(m, fn.Ops[j+1])
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
		return st.Name
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
		for i, e := range st.Elems {
			if i >= len(sa.fields) || b.depth > 16 {
				break
			}
			b.fieldLayout(e, sa.fields[i], offset+sa.fields[i].offset, fi, offsetIndent-4, 0)
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

// bufferDefinitions prints each cbuffer of !dx.resources with its layout.
func bufferDefinitions(m *decode.IRModule, minPrec bool) []string {
	b := &bufPrinter{m: m, ann: typeAnnotations(m), minPrec: minPrec}
	for _, id := range namedMD(m, "dx.resources") {
		n := m.MD(nil, id)
		if n == nil || n.Code != decode.MDNode || len(n.Ops) < 3 {
			continue
		}
		list := mdNode(m, n.Ops[2])
		if list == nil {
			continue
		}
		for _, op := range list.Ops {
			cb := mdNode(m, op)
			if cb == nil || len(cb.Ops) < 7 {
				continue
			}
			name := mdString(m, cb.Ops[2])
			size, _ := mdInt(m, cb.Ops[6])
			t := mdValueType(m, cb.Ops[1])
			if pt := m.IRTypeAt(t); pt != nil && pt.Kind == decode.IRTypePointer && len(pt.Elems) > 0 {
				t = pt.Elems[0]
			}
			if at := m.IRTypeAt(t); at != nil && at.Kind == decode.IRTypeArray && len(at.Elems) > 0 {
				t = at.Elems[0]
			}
			b.add("; cbuffer " + name)
			b.add("; {")
			b.add(";")
			if b.ann[t] == nil {
				b.add(";   [" + strconv.Itoa(int(size)) + " x i8] (type annotation not present)")
				b.add(";")
			} else {
				b.structLayout(t, name, 0, 3, 50, size)
			}
			b.add("; }")
			b.add(";")
		}
	}
	return b.out
}
