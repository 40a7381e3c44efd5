package dxil

import "github.com/dxscope/dxscope/decode/llvm/ir"

// StructAnnotation is one struct's entry of !dx.typeAnnotations
// (DxilStructAnnotation): its size and, per field, what HLSL said of it.
type StructAnnotation struct {
	Size   uint32
	Fields []FieldAnnotation // one per struct field, in order (no more than the struct has)
}

// FieldAnnotation is a struct field's annotation (DxilFieldAnnotation).
type FieldAnnotation struct {
	Name          string
	CBufferOffset uint32
	CompType      uint32 // DXIL::ComponentType
	HasMatrix     bool
	Rows, Cols    uint32            // HasMatrix: the matrix shape
	Orientation   MatrixOrientation // HasMatrix
}

// MatrixOrientation is DXIL::MatrixOrientation.
type MatrixOrientation uint32

// Matrix orientations.
const (
	MatrixUndefined MatrixOrientation = iota
	MatrixRowMajor
	MatrixColumnMajor
)

// The type system's tags (kDxilTypeSystem*Tag, kDxilFieldAnnotation*Tag).
const (
	typeSystemStructTag = 0

	fieldMatrixTag        = 2
	fieldCBufferOffsetTag = 3
	fieldNameTag          = 6
	fieldCompTypeTag      = 7
)

// TypeAnnotations reads the struct annotations of !dx.typeAnnotations,
// by struct type id.
func TypeAnnotations(m *ir.Module) map[uint32]*StructAnnotation {
	// Operands are module-level metadata ids (-1: null).
	at := func(ref int64) *ir.Metadata {
		if ref < 0 {
			return nil
		}
		return m.MD(nil, uint32(ref))
	}
	op := func(n *ir.Metadata, i int) int64 {
		if id, ok := n.Operand(i); ok {
			return int64(id)
		}
		return -1
	}
	num := func(ref int64) uint32 {
		if e := at(ref); e != nil && e.Code == ir.MetadataValue {
			v, _ := m.ConstInt(nil, e.Value)
			return uint32(v)
		}
		return 0
	}
	node := func(ref int64) *ir.Metadata {
		if e := at(ref); e != nil && e.Code == ir.MetadataNode {
			return e
		}
		return nil
	}
	// A field annotation is read once however many fields name it, and a
	// (struct, annotation) pair once however often the list repeats it:
	// read per reference, pairs × fields × operands cost cubic time (15 KB
	// took four minutes).
	fields := map[int64]FieldAnnotation{}
	field := func(ref int64) FieldAnnotation {
		if fa, ok := fields[ref]; ok {
			return fa
		}
		var fa FieldAnnotation
		if fn := node(ref); fn != nil {
			for j := 0; j+1 < fn.NumOperands(); j += 2 {
				v := op(fn, j+1)
				switch num(op(fn, j)) {
				case fieldMatrixTag: // !{rows, cols, orientation}
					if mn := node(v); mn != nil && mn.NumOperands() == 3 {
						fa.HasMatrix = true
						fa.Rows, fa.Cols = num(op(mn, 0)), num(op(mn, 1))
						fa.Orientation = MatrixOrientation(num(op(mn, 2)))
					}
				case fieldCBufferOffsetTag:
					fa.CBufferOffset = num(v)
				case fieldNameTag:
					if e := at(v); e != nil && e.Code == ir.MetadataString {
						fa.Name = e.Str
					}
				case fieldCompTypeTag:
					fa.CompType = num(v)
				}
			}
		}
		fields[ref] = fa
		return fa
	}
	type pair struct {
		t  uint32
		sn int64
	}
	read := map[pair]bool{}
	out := map[uint32]*StructAnnotation{}
	for _, id := range m.Named("dx.typeAnnotations") {
		n := m.MD(nil, id)
		if n == nil || n.Code != ir.MetadataNode || n.NumOperands() == 0 || num(op(n, 0)) != typeSystemStructTag {
			continue
		}
		// !{i32 0, %struct.T undef, !{size, field annotations...}, ...}
		for i := 1; i+1 < n.NumOperands(); i += 2 {
			t := ir.NoType
			if e := at(op(n, i)); e != nil && e.Code == ir.MetadataValue {
				t = e.Type
			}
			sn := node(op(n, i+1))
			if t == ir.NoType || sn == nil || sn.NumOperands() == 0 {
				continue
			}
			p := pair{t, op(n, i+1)}
			if read[p] {
				continue // the same annotation again: out[t] holds it
			}
			read[p] = true
			sa := &StructAnnotation{Size: num(op(sn, 0))}
			nf := 0
			if st := m.TypeAt(t); st != nil {
				nf = len(st.Elems)
			}
			for k := 1; k < sn.NumOperands() && k <= nf; k++ {
				sa.Fields = append(sa.Fields, field(op(sn, k)))
			}
			out[t] = sa
		}
	}
	return out
}
