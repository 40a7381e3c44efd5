package ir

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// TestMain ends the run with one line naming what was missing (the corpus, LLVM 19).
func TestMain(m *testing.M) { corpus.Main(m) }

// signed writes v as a signed VBR operand (sign in the low bit).
func signed(v int64) uint64 {
	if v < 0 {
		return uint64(-v)<<1 | 1
	}
	return uint64(v) << 1
}

// handModule writes, operand by operand from LLVM 3.7's writer, a module
// with every kind of constant DXIL uses, metadata of each shape and a body
// that calls a declaration:
//
//	%struct.S = type { i32, float }
//	@g = internal constant %struct.S { i32 -7, float 1.0 }
//	@p = global i32* getelementptr inbounds (%struct.S, %struct.S* @g, i32 0, i32 0)
//	declare void @dx.op.f(i32, float)
//	define void @main() { call void @dx.op.f(i32 5, float bitcast (i32 1 to float)); ret void }
func handModule() []byte {
	w, mod := hostile.NewModule()
	ty := w.Enter(3, TypeBlockIDNew, 4)
	w.Unabbrev(4, TypeCodeNumEntry, 10)
	w.Unabbrev(4, TypeCodeVoid)        // 0 void
	w.Unabbrev(4, TypeCodeInteger, 32) // 1 i32
	w.Unabbrev(4, TypeCodeFloat)       // 2 float
	w.Unabbrev(4, TypeCodeStructName, hostile.Chars("struct.S")...)
	w.Unabbrev(4, TypeCodeStructNamed, 0, 1, 2) // 3 %struct.S
	w.Unabbrev(4, TypeCodePointer, 3, 0)        // 4 %struct.S*
	w.Unabbrev(4, TypeCodePointer, 1, 0)        // 5 i32*
	w.Unabbrev(4, TypeCodeFunction, 0, 0, 1, 2) // 6 void (i32, float)
	w.Unabbrev(4, TypeCodeFunction, 0, 0)       // 7 void ()
	w.Unabbrev(4, TypeCodePointer, 5, 0)        // 8 i32**
	w.Unabbrev(4, TypeCodeArray, 3, 1)          // 9 [3 x i32]
	w.Exit(4, ty)
	w.Unabbrev(3, ModuleCodeTriple, hostile.Chars("dxil-ms-dx")...)
	// Values 0-3: @g, @p, @dx.op.f, @main; module constants from 4.
	w.Unabbrev(3, ModuleCodeGlobalVar, 4, 1, 5+1, 3) // @g: ptr type 4, constant, init value 5, internal
	w.Unabbrev(3, ModuleCodeGlobalVar, 8, 0, 9+1, 0) // @p: i32**, init value 9
	w.Unabbrev(3, ModuleCodeFunction, 6, 0, 1, 0)    // declare @dx.op.f
	w.Unabbrev(3, ModuleCodeFunction, 7, 0, 0, 0)    // define @main
	cst := w.Enter(3, ConstantsBlockID, 4)
	w.Unabbrev(4, CstCodeSetType, 1)
	w.Unabbrev(4, CstCodeInteger, signed(-7)) // 4: i32 -7
	w.Unabbrev(4, CstCodeSetType, 3)
	w.Unabbrev(4, CstCodeAggregate, 4, 6) // 5: { i32 -7, float 1.0 }
	w.Unabbrev(4, CstCodeSetType, 2)
	w.Unabbrev(4, CstCodeFloat, uint64(math.Float32bits(1))) // 6: float 1.0
	w.Unabbrev(4, CstCodeSetType, 1)
	w.Unabbrev(4, CstCodeNull)       // 7: i32 0
	w.Unabbrev(4, CstCodeInteger, 1) // 8: i32 "-0", the minimum
	w.Unabbrev(4, CstCodeSetType, 5)
	w.Unabbrev(4, CstCodeCEInboundsGEP, 3, 4, 0, 1, 7, 1, 7) // 9: getelementptr inbounds (%struct.S, %struct.S* @g, i32 0, i32 0)
	w.Unabbrev(4, CstCodeSetType, 9)
	w.Unabbrev(4, CstCodeData, 1, 2, 3)                   // 10: [3 x i32] [1, 2, 3]
	w.Unabbrev(4, CstCodeCString, hostile.Chars("hi")...) // 11: c"hi\00" (typed [3 x i32] here: the test reads the bytes)
	w.Exit(4, cst)
	md := w.Enter(3, MetadataBlockID, 3)
	w.Unabbrev(3, MetadataString, hostile.Chars("ps")...) // !0
	w.Unabbrev(3, MetadataValue, 1, 4)                    // !1 = i32 -7
	w.Unabbrev(3, MetadataNode, 1, 0, 2)                  // !2 = !{!"ps", null, i32 -7}
	w.Unabbrev(3, MetadataName, hostile.Chars("dx.test")...)
	w.Unabbrev(3, MetadataNamedNode, 2)
	w.Unabbrev(3, MetadataBasicType, 0, 0x24, 1, 32, 32, 5) // !3 = !DIBasicType(name: "ps", size: 32, align: 32, encoding: DW_ATE_signed)
	w.Exit(3, md)
	vst := w.Enter(3, ValueSymtabBlockID, 4)
	w.Unabbrev(4, VSTCodeEntry, append([]uint64{0}, hostile.Chars("g")...)...)
	w.Unabbrev(4, VSTCodeEntry, append([]uint64{1}, hostile.Chars("p")...)...)
	w.Unabbrev(4, VSTCodeEntry, append([]uint64{2}, hostile.Chars("dx.op.f")...)...)
	w.Unabbrev(4, VSTCodeEntry, append([]uint64{3}, hostile.Chars("main")...)...)
	w.Exit(4, vst)
	fn := w.Enter(3, FunctionBlockID, 4)
	w.Unabbrev(4, FuncCodeDeclareBlocks, 1)
	fc := w.Enter(4, ConstantsBlockID, 4)
	w.Unabbrev(4, CstCodeSetType, 1)
	w.Unabbrev(4, CstCodeInteger, signed(5)) // 12: i32 5
	w.Unabbrev(4, CstCodeSetType, 2)
	w.Unabbrev(4, CstCodeCECast, 11, 1, 8) // 13: bitcast (i32 "-0" to float)
	w.Exit(4, fc)
	// call: [attrs, cc with explicit type, fnty, callee (relative), args (relative)]; next value 14
	w.Unabbrev(4, FuncCodeInstCall, 0, 1<<15, 6, 14-2, 14-12, 14-13)
	w.Unabbrev(4, FuncCodeInstRet)
	w.Exit(4, fn)
	w.Exit(3, mod)
	return w.B
}

// TestHandBuiltModule reads types, named globals, every constant as a
// typed value, metadata and a call from a module written by hand.
func TestHandBuiltModule(t *testing.T) {
	m := Decode(handModule(), 0, "DXIL")
	for _, p := range m.Problems {
		t.Errorf("problem: %s", p)
	}
	if m.Version != 1 || m.Triple != "dxil-ms-dx" || len(m.Types) != 10 {
		t.Fatalf("version %d, triple %q, %d types", m.Version, m.Triple, len(m.Types))
	}
	if s := m.Types[3]; s.Kind != TypeStruct || !s.Named || s.Name != "struct.S" || !slices.Equal(s.Elems, []uint32{1, 2}) {
		t.Errorf("struct type = %+v", s)
	}
	names := []string{}
	for _, g := range m.Globals {
		names = append(names, g.Name)
	}
	for _, f := range m.Functions {
		names = append(names, f.Name)
	}
	if !slices.Equal(names, []string{"g", "p", "dx.op.f", "main"}) {
		t.Errorf("global names = %q", names)
	}
	if g := m.Globals[0]; !g.Constant || g.ValueType != 3 || g.Type != 4 || g.Init != 5 || g.Linkage != 3 {
		t.Errorf("@g = %+v", g)
	}
	c := func(id uint32) *Constant {
		v := m.Value(&m.Functions[1], id)
		if v == nil || v.Kind != ValueConstant {
			t.Fatalf("value %d is %+v, not a constant", id, v)
		}
		return v.Const
	}
	if x := c(4); x.Code != CstCodeInteger || x.Int != -7 {
		t.Errorf("i32 -7 = %+v", x)
	}
	if x := c(5); x.Code != CstCodeAggregate || !slices.Equal(x.Operands, []uint32{4, 6}) {
		t.Errorf("aggregate = %+v", x)
	}
	if x := c(6); x.Code != CstCodeFloat || math.Float32frombits(uint32(x.Bits)) != 1 {
		t.Errorf("float = %+v", x)
	}
	if n, ok := m.ConstInt(nil, 7); !ok || n != 0 {
		t.Errorf("null i32 reads as %d, %v", n, ok)
	}
	if n, ok := m.ConstInt(nil, 8); !ok || n != math.MinInt64 {
		t.Errorf(`"-0" reads as %d, %v; LLVM reads the minimum`, n, ok)
	}
	if x := c(9); !x.IsGEP() || !x.InBounds || x.SourceType != 3 || !slices.Equal(x.Operands, []uint32{0, 7, 7}) {
		t.Errorf("getelementptr = %+v", x)
	}
	if x := c(10); x.Code != CstCodeData || !slices.Equal(x.Data, []uint64{1, 2, 3}) {
		t.Errorf("data = %+v", x)
	}
	if x := c(11); x.Code != CstCodeString || x.Str != "hi\x00" {
		t.Errorf("cstring = %+v", x)
	}
	if x := c(13); x.Code != CstCodeCECast || x.Opcode != 11 || !slices.Equal(x.Operands, []uint32{8}) {
		t.Errorf("cast = %+v", x)
	}
	if nodes := m.Named("dx.test"); !slices.Equal(nodes, []uint32{2}) {
		t.Fatalf("!dx.test = %v", nodes)
	}
	n := m.MD(nil, 2)
	var ops []int64
	for i := range n.NumOperands() {
		id, ok := n.Operand(i)
		if !ok {
			ops = append(ops, -1)
			continue
		}
		ops = append(ops, int64(id))
	}
	if n.Code != MetadataNode || !slices.Equal(ops, []int64{0, -1, 1}) {
		t.Errorf("node = %+v with operands %v", n, ops)
	}
	if v := m.MD(nil, 1); v.Code != MetadataValue || v.Type != 1 || v.Value != 4 {
		t.Errorf("value metadata = %+v", v)
	}
	name, fields, ok := m.MD(nil, 3).DINode()
	want := []DIField{{Name: "tag", Kind: DITag, Value: 0x24, Has: true, Default: 36, HasDefault: true},
		{Name: "name", Kind: DIString, Value: 1, Has: true, SkipZero: true},
		{Name: "size", Kind: DIUint, Value: 32, Has: true, SkipZero: true},
		{Name: "align", Kind: DIUint, Value: 32, Has: true, SkipZero: true},
		{Name: "encoding", Kind: DIEncoding, Value: 5, Has: true, SkipZero: true}}
	if !ok || name != "DIBasicType" || !reflect.DeepEqual(fields, want) {
		t.Errorf("DI node = %s %+v", name, fields)
	}
	f := &m.Functions[1]
	if !f.HasBody || len(f.Blocks) != 1 || len(f.Insts) != 2 {
		t.Fatalf("main: %d blocks, %d instructions", len(f.Blocks), len(f.Insts))
	}
	call := f.Insts[0]
	if callee, ok := call.Callee(); !ok || callee != 2 || !slices.Equal(call.Args, []uint32{12, 13, 2}) || call.Value != -1 {
		t.Errorf("call = %+v", call)
	}
	if op, ok := m.ConstInt(f, call.Args[0]); !ok || op != 5 {
		t.Errorf("the call's first argument reads as %d, %v", op, ok)
	}
}

// TestTypePrinterSyntaxes spells one type table in both syntaxes.
func TestTypePrinterSyntaxes(t *testing.T) {
	wide := make([]uint32, 20)
	for i := range wide {
		wide[i] = 1
	}
	m := &Module{Types: []Type{
		{Kind: TypeVoid},           // 0
		{Kind: TypeInt, Width: 32}, // 1
		{Kind: TypeStruct, Named: true, Name: "class.T<float, 4>", Elems: []uint32{1}}, // 2
		{Kind: TypePointer, Elems: []uint32{2}, AddrSpace: 3},                          // 3
		{Kind: TypeFunction, Elems: []uint32{0, 3}, VarArg: true},                      // 4
		{Kind: TypeStruct, Named: true, Elems: []uint32{1}},                            // 5: unnamed identified
		{Kind: TypeStruct, Elems: wide},                                                // 6: 20 fields
		{Kind: TypeStruct, Named: true, Name: "loop", Elems: []uint32{8}},              // 7
		{Kind: TypePointer, Elems: []uint32{7}},                                        // 8
		{Kind: TypeOther, Code: TypeCodeToken},                                         // 9
		{Kind: TypePointer},                                                            // 10: no pointee
	}}
	m.found, m.numbered = true, map[uint32]int{5: 0}
	asm := NewTypePrinter(m, AsmSyntax)
	sum := NewTypePrinter(m, SummarySyntax)
	for _, c := range []struct {
		id        uint32
		asm, summ string
	}{
		{2, `%"class.T<float, 4>"`, "%class.T<float, 4> = type { i32 }"},
		{3, `%"class.T<float, 4>" addrspace(3)*`, "%class.T<float, 4> addrspace(3)*"},
		{4, `void (%"class.T<float, 4>" addrspace(3)*, ...)`, "void (%class.T<float, 4> addrspace(3)*, ...)"},
		{5, "%0", "{ i32 }"},
		{6, "{ i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32 }",
			"{ i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, … }"},
		{8, "%loop*", "%loop*"},
		{9, "<unknown type>", "TOKEN"},
		{10, "<?>*", "ptr"},
		{99, "<type 99>", "type#99"},
	} {
		if got := asm.Type(c.id); got != c.asm {
			t.Errorf("type %d in AsmSyntax = %q, want %q", c.id, got, c.asm)
		}
		if got := sum.Type(c.id); got != c.summ {
			t.Errorf("type %d in SummarySyntax = %q, want %q", c.id, got, c.summ)
		}
	}
	if got := asm.Definition(7); got != "{ %loop* }" {
		t.Errorf("definition of %%loop = %q", got)
	}
}

// TestSelfReferringTypesStayCheap: a type table whose every type refers to
// the one before it twice costs a bounded text in both syntaxes.
func TestSelfReferringTypesStayCheap(t *testing.T) {
	m := &Module{Types: []Type{{Kind: TypeInt, Width: 8}}}
	for i := 1; i < 2000; i++ {
		m.Types = append(m.Types, Type{Kind: TypeStruct, Elems: []uint32{uint32(i - 1), uint32(i - 1)}})
	}
	m.found = true
	for _, s := range []TypeSyntax{AsmSyntax, SummarySyntax} {
		p := NewTypePrinter(m, s)
		if got := p.Type(1999); len(got) > 1<<13 {
			t.Errorf("syntax %d: %d bytes", s, len(got))
		}
	}
}
