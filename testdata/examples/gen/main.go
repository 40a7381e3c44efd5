// Command gen writes the two examples that hold code: web/examples/pixel.dxbc,
// a DXIL pixel shader, and web/examples/pixel-sm5.dxbc, the same shader as
// FXC's shader model 5 tokens. The other examples teach the container, PSV0
// and the signatures; these show a disassembly, the dx.op census and an FXC
// listing whose lines select their bytes.
//
// Both are written from the formats' own encodings, not taken from any
// compiler's output: the bitcode record by record as LLVM 3.7 lays it out
// (LLVMBitCodes.h; internal/hostile's bitstream writer), the tokens as
// d3d10TokenizedProgramFormat.hpp describes them. Both are this HLSL (a
// pixel shader drawing a soft disc) lowered by hand the way DXC and FXC lower
// such code; no compiler was run:
//
//	float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
//	    float2 d = uv - 0.5;
//	    float v = saturate(1 - sqrt(dot(d, d)) * 2);
//	    return float4(v, v * v, uv.x, 1);
//	}
//
// The DXIL shader's other parts (SFI0, the signatures, PSV0) are written
// by yaml2obj-19 from pixel.yaml; gen adds the DXIL part and signs the
// container. build.sh runs it:
//
//	go run ./testdata/examples/gen FRAME OUTDIR
package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/llvm/ir"
	"github.com/dxscope/dxscope/decode/sm4"
	"github.com/dxscope/dxscope/internal/hostile"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: gen FRAME OUTDIR (FRAME: pixel.yaml built by yaml2obj-19)")
		os.Exit(2)
	}
	frame, err := os.ReadFile(os.Args[1])
	check(err)
	dxil, err := pixelDXIL(frame)
	check(err)
	sm5, err := pixelSM5()
	check(err)
	check(os.WriteFile(filepath.Join(os.Args[2], "pixel.dxbc"), dxil, 0o644))
	check(os.WriteFile(filepath.Join(os.Args[2], "pixel-sm5.dxbc"), sm5, 0o644))
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

var le = binary.LittleEndian

// --- DXIL ---

// The type table, by index.
const (
	tVoid = iota
	tI8
	tI32
	tFloat
	tMain      // void ()
	tLoadInput // float (i32, i32, i32, i8, i32)
	tStore     // void (i32, i32, i32, i8, float)
	tDot2      // float (i32, float, float, float, float)
	tUnary     // float (i32, float)
	tMainPtr   // the functions' pointer types, in the same order
	tLoadPtr
	tStorePtr
	tDot2Ptr
	tUnaryPtr
	tMetadata
	typeCount
)

// The module's functions, by value id: main, then the dx.op declarations.
const (
	fMain = iota
	fLoadInput
	fStore
	fDot2
	fUnary
	functionCount
)

var functions = [functionCount]struct {
	name string
	ty   uint64
}{
	{"main", tMain},
	{"dx.op.loadInput.f32", tLoadInput},
	{"dx.op.storeOutput.f32", tStore},
	{"dx.op.dot2.f32", tDot2},
	{"dx.op.unary.f32", tUnary},
}

// The dx.op opcodes the shader calls (DXIL.rst's operation table).
const (
	opLoadInput   = 4
	opStoreOutput = 5
	opSaturate    = 7
	opSqrt        = 24
	opDot2        = 54
)

// LLVM's binary opcodes (on floats: fadd, fsub, fmul) and the fast-math
// flags DXC writes: every one of LLVM 3.7's, which it prints as "fast".
const (
	binAdd   = 0
	binSub   = 1
	binMul   = 2
	fastMath = 0x1f
)

// constant is a module-level constant: an integer or float of a type, or
// undef.
type constant struct {
	ty    uint64
	bits  uint64
	undef bool
}

// The constants, in the order the constants block lists them (their value
// ids follow the functions').
var constants = []constant{
	{ty: tI32, bits: opLoadInput}, {ty: tI32, bits: 1}, {ty: tI32, bits: 0}, {ty: tI32, bits: opDot2},
	{ty: tI32, bits: opSqrt}, {ty: tI32, bits: opSaturate}, {ty: tI32, bits: opStoreOutput}, {ty: tI32, bits: 6}, {ty: tI32, bits: 8},
	{ty: tI32, undef: true},
	{ty: tI8, bits: 0}, {ty: tI8, bits: 1}, {ty: tI8, bits: 2}, {ty: tI8, bits: 3}, {ty: tI8, bits: 4},
	{ty: tI8, bits: 9}, {ty: tI8, bits: 16},
	{ty: tFloat, bits: uint64(math.Float32bits(-0.5))}, {ty: tFloat, bits: uint64(math.Float32bits(2))},
	{ty: tFloat, bits: uint64(math.Float32bits(1))},
}

// value is a constant's value id.
func value(c constant) uint64 {
	for i, k := range constants {
		if k == c {
			return uint64(functionCount + i)
		}
	}
	panic(fmt.Sprintf("no constant %+v", c))
}

func i32(v uint64) uint64    { return value(constant{ty: tI32, bits: v}) }
func i8(v uint64) uint64     { return value(constant{ty: tI8, bits: v}) }
func f32(v float32) uint64   { return value(constant{ty: tFloat, bits: uint64(math.Float32bits(v))}) }
func undef(ty uint64) uint64 { return value(constant{ty: ty, undef: true}) }

// body collects main's instruction records. Operands are relative to the
// value the instruction defines (the module's VERSION 1).
type body struct {
	recs [][]uint64
	next uint64 // the next instruction's value id
}

func (b *body) rel(id uint64) uint64 { return b.next - id }

func (b *body) emit(defines bool, code uint64, ops ...uint64) uint64 {
	b.recs = append(b.recs, append([]uint64{code}, ops...))
	id := b.next
	if defines {
		b.next++
	}
	return id
}

// call calls a dx.op function, its type explicit (bit 15 of the calling
// convention operand).
func (b *body) call(fn int, args ...uint64) uint64 {
	ops := []uint64{0, 1 << 15, functions[fn].ty, b.rel(uint64(fn))}
	for _, a := range args {
		ops = append(ops, b.rel(a))
	}
	return b.emit(fn != fStore, ir.FuncCodeInstCall, ops...)
}

func (b *body) binop(opcode, x, y uint64) uint64 {
	return b.emit(true, ir.FuncCodeInstBinop, b.rel(x), b.rel(y), opcode, fastMath)
}

// mainBody is the HLSL above as DXC lowers it.
func mainBody() *body {
	b := &body{next: functionCount + uint64(len(constants))}
	u := b.call(fLoadInput, i32(opLoadInput), i32(1), i32(0), i8(0), undef(tI32))
	v := b.call(fLoadInput, i32(opLoadInput), i32(1), i32(0), i8(1), undef(tI32))
	dx := b.binop(binAdd, u, f32(-0.5))
	dy := b.binop(binAdd, v, f32(-0.5))
	dot := b.call(fDot2, i32(opDot2), dx, dy, dx, dy)
	r := b.call(fUnary, i32(opSqrt), dot)
	r2 := b.binop(binMul, r, f32(2))
	s := b.binop(binSub, f32(1), r2)
	disc := b.call(fUnary, i32(opSaturate), s)
	sq := b.binop(binMul, disc, disc)
	for i, out := range []uint64{disc, sq, u, f32(1)} {
		b.call(fStore, i32(opStoreOutput), i32(0), i32(0), i8(uint64(i)), out)
	}
	b.emit(false, ir.FuncCodeInstRet)
	return b
}

// bitcode is the module: types, functions, constants, metadata, the
// symbol table and main's body.
func bitcode() []byte {
	w, mod := hostile.NewModule()
	types(w)
	w.Unabbrev(3, ir.ModuleCodeTriple, hostile.Chars("dxil-ms-dx")...)
	w.Unabbrev(3, ir.ModuleCodeDataLayout, hostile.Chars("e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64")...)
	for i, f := range functions {
		proto := uint64(1)
		if i == fMain {
			proto = 0
		}
		// [type, callingconv, isproto, linkage, paramattr, alignment,
		// section, visibility, gc, unnamed_addr]
		w.Unabbrev(3, ir.ModuleCodeFunction, f.ty, 0, proto, 0, 0, 0, 0, 0, 0, 0)
	}
	cb := w.Enter(3, ir.ConstantsBlockID, 4)
	cur := uint64(math.MaxUint64)
	for _, c := range constants {
		if c.ty != cur {
			w.Unabbrev(4, ir.CstCodeSetType, c.ty)
			cur = c.ty
		}
		switch {
		case c.undef:
			w.Unabbrev(4, ir.CstCodeUndef)
		case c.ty == tFloat:
			w.Unabbrev(4, ir.CstCodeFloat, c.bits)
		default:
			w.Unabbrev(4, ir.CstCodeInteger, c.bits<<1) // signed VBR: the sign in bit 0
		}
	}
	w.Exit(4, cb)
	metadata(w)
	vst := w.Enter(3, ir.ValueSymtabBlockID, 4)
	for i, f := range functions {
		w.Unabbrev(4, ir.VSTCodeEntry, append([]uint64{uint64(i)}, hostile.Chars(f.name)...)...)
	}
	w.Exit(4, vst)
	fb := w.Enter(3, ir.FunctionBlockID, 4)
	w.Unabbrev(4, ir.FuncCodeDeclareBlocks, 1)
	for _, r := range mainBody().recs {
		w.Unabbrev(4, r[0], r[1:]...)
	}
	w.Exit(4, fb)
	w.Exit(3, mod)
	return w.B
}

// types writes TYPE_BLOCK_ID_NEW in the order of the t* constants.
func types(w *hostile.Bits) {
	tb := w.Enter(3, ir.TypeBlockIDNew, 4)
	w.Unabbrev(4, ir.TypeCodeNumEntry, typeCount)
	fn := func(ret uint64, params ...uint64) {
		w.Unabbrev(4, ir.TypeCodeFunction, append([]uint64{0, ret}, params...)...) // not vararg
	}
	w.Unabbrev(4, ir.TypeCodeVoid)
	w.Unabbrev(4, ir.TypeCodeInteger, 8)
	w.Unabbrev(4, ir.TypeCodeInteger, 32)
	w.Unabbrev(4, ir.TypeCodeFloat)
	fn(tVoid)
	fn(tFloat, tI32, tI32, tI32, tI8, tI32)
	fn(tVoid, tI32, tI32, tI32, tI8, tFloat)
	fn(tFloat, tI32, tFloat, tFloat, tFloat, tFloat)
	fn(tFloat, tI32, tFloat)
	for t := tMain; t <= tUnary; t++ {
		w.Unabbrev(4, ir.TypeCodePointer, uint64(t), 0)
	}
	w.Unabbrev(4, ir.TypeCodeMetadata)
	w.Exit(4, tb)
}

// metadata writes what DXC's metadata says of this shader: the DXIL,
// validator and shader model versions and the entry point with its
// signatures (each element: id, name, component type 9 (f32), semantic
// kind, indices, interpolation, rows, columns, start row, start column,
// properties).
func metadata(w *hostile.Bits) {
	md := w.Enter(3, ir.MetadataBlockID, 4)
	var n uint64 // metadata defined so far; an operand names node k as k+1
	def := func(code uint64, ops ...uint64) uint64 {
		w.Unabbrev(4, code, ops...)
		n++
		return n
	}
	str := func(s string) uint64 { return def(ir.MetadataString, hostile.Chars(s)...) }
	val := func(ty, id uint64) uint64 { return def(ir.MetadataValue, ty, id) }
	node := func(ops ...uint64) uint64 { return def(ir.MetadataNode, ops...) }
	named := func(name string, node uint64) {
		w.Unabbrev(4, ir.MetadataName, hostile.Chars(name)...)
		w.Unabbrev(4, ir.MetadataNamedNode, node-1) // named nodes list ids, not ids+1
	}
	const null = 0
	ident := node(str("dxscope example (hand-assembled)"))
	version := node(val(tI32, i32(1)), val(tI32, i32(0)))
	valver := node(val(tI32, i32(1)), val(tI32, i32(8))) // 1.8 writes PSV0 version 3
	model := node(str("ps"), val(tI32, i32(6)), val(tI32, i32(0)))
	index0 := node(val(tI32, i32(0)))
	elem := func(id uint64, name string, kind, interp, cols, row uint64) uint64 {
		return node(val(tI32, i32(id)), str(name), val(tI8, i8(9)), val(tI8, i8(kind)), index0,
			val(tI8, i8(interp)), val(tI32, i32(1)), val(tI8, i8(cols)), val(tI32, i32(row)), val(tI8, i8(0)), null)
	}
	// Semantic kinds 3 (position) and 16 (target); interpolation 4 (linear
	// noperspective) and 2 (linear).
	pos := elem(0, "SV_Position", 3, 4, 4, 0)
	uv := elem(1, "TEXCOORD", 0, 2, 2, 1)
	target := elem(0, "SV_Target", 16, 0, 4, 0)
	sigs := node(node(pos, uv), node(target), null)
	entry := node(val(tMainPtr, fMain), str("main"), sigs, null, null)
	named("llvm.ident", ident)
	named("dx.version", version)
	named("dx.valver", valver)
	named("dx.shaderModel", model)
	named("dx.entryPoints", entry)
	w.Exit(4, md)
}

// pixelDXIL adds the DXIL part to the frame yaml2obj built and signs it.
func pixelDXIL(frame []byte) ([]byte, error) {
	f, err := decode.Parse(frame)
	if err != nil {
		return nil, fmt.Errorf("the frame: %w", err)
	}
	c, err := edit.Load(f)
	if err != nil {
		return nil, err
	}
	if err := c.Set("DXIL", hostile.Program(0, bitcode())); err != nil { // 0: a pixel shader
		return nil, err
	}
	return c.Bytes(edit.Retail)
}

// --- SM5 ---

// The operand token's fields (d3d10TokenizedProgramFormat.hpp): component
// count, selection mode and its bits, register file, index dimension.
const (
	comp1, comp4 = 1, 2
	selMask      = 0 << 2
	selSwizzle   = 1 << 2
	selSelect1   = 2 << 2
	xyxx         = 0 | 1<<2 // a swizzle: two bits a component, x first
	saturate     = 1 << 13  // the opcode token's _sat
)

func otok(ncomp, sel, bits uint32, t sm4.OperandType, dims uint32) uint32 {
	return ncomp | sel | bits<<4 | uint32(t)<<12 | dims<<20
}

// dst writes register i of file t through a mask; src reads it through a
// swizzle, scalar one component of it.
func dst(t sm4.OperandType, mask, i uint32) []uint32 {
	return []uint32{otok(comp4, selMask, mask, t, 1), i}
}
func src(t sm4.OperandType, swizzle, i uint32) []uint32 {
	return []uint32{otok(comp4, selSwizzle, swizzle, t, 1), i}
}
func scalar(t sm4.OperandType, comp, i uint32) []uint32 {
	return []uint32{otok(comp4, selSelect1, comp, t, 1), i}
}

// imm is an immediate: one value, or four.
func imm(v ...float32) []uint32 {
	n := uint32(comp1)
	if len(v) == 4 {
		n = comp4
	}
	out := []uint32{otok(n, 0, 0, sm4.OperandImmediate32, 0)}
	for _, f := range v {
		out = append(out, math.Float32bits(f))
	}
	return out
}

// inst is an instruction: the opcode token, its length filled in, then the
// operands.
func inst(op sm4.Opcode, extra uint32, operands ...[]uint32) []uint32 {
	out := []uint32{0}
	for _, o := range operands {
		out = append(out, o...)
	}
	out[0] = uint32(op) | extra | uint32(len(out))<<24
	return out
}

// pixelSM5 is the shader as FXC writes it for ps_5_0 with reflection
// stripped (-Qstrip_reflect, as bgfx ships its shaders): ISGN, OSGN, SHEX.
func pixelSM5() ([]byte, error) {
	const (
		tmp, in, out = sm4.OperandTemp, sm4.OperandInput, sm4.OperandOutput
		x, y, z, w   = 1, 2, 4, 8 // write masks
	)
	code := [][]uint32{
		inst(sm4.OpDclGlobalFlags, 1<<11),              // refactoringAllowed
		inst(sm4.OpDclInputPS, 2<<11, dst(in, x|y, 1)), // linear
		inst(sm4.OpDclOutput, 0, dst(out, x|y|z|w, 0)),
		inst(sm4.OpDclTemps, 0, []uint32{1}),
		inst(sm4.OpAdd, 0, dst(tmp, x|y, 0), src(in, xyxx, 1), imm(-0.5, -0.5, 0, 0)),
		inst(sm4.OpDp2, 0, dst(tmp, x, 0), src(tmp, xyxx, 0), src(tmp, xyxx, 0)),
		inst(sm4.OpSqrt, 0, dst(tmp, x, 0), scalar(tmp, 0, 0)),
		inst(sm4.OpMad, saturate, dst(tmp, x, 0), scalar(tmp, 0, 0), imm(-2), imm(1)),
		inst(sm4.OpMul, 0, dst(out, y, 0), scalar(tmp, 0, 0), scalar(tmp, 0, 0)),
		inst(sm4.OpMov, 0, dst(out, x, 0), scalar(tmp, 0, 0)),
		inst(sm4.OpMov, 0, dst(out, z, 0), scalar(in, 0, 1)),
		inst(sm4.OpMov, 0, dst(out, w, 0), imm(1)),
		inst(sm4.OpRet, 0),
	}
	var words []uint32
	for _, c := range code {
		words = append(words, c...)
	}
	shex := le.AppendUint32(nil, 0<<16|5<<4|0) // a pixel shader, 5.0
	shex = le.AppendUint32(shex, uint32(2+len(words)))
	for _, v := range words {
		shex = le.AppendUint32(shex, v)
	}
	c := edit.New()
	for _, p := range []struct {
		name string
		data []byte
	}{
		{"ISGN", signature(element{"SV_POSITION", 1, 0, 0xf, 0}, element{"TEXCOORD", 0, 1, 0x3, 0x3})},
		{"OSGN", signature(element{"SV_TARGET", 0, 0, 0xf, 0})},
		{"SHEX", shex},
	} {
		if err := c.Set(p.name, p.data); err != nil {
			return nil, err
		}
	}
	return c.Bytes(edit.Retail)
}

// element is one ISGN/OSGN element, a 32-bit float.
type element struct {
	name      string
	sysValue  uint32 // D3D_NAME
	register  uint32
	mask, use uint8 // components present; read (inputs) or never written (outputs)
}

// signature encodes ISGN/OSGN: a count, the offset of the elements (8),
// 24 bytes an element, then the names, padded with 0xab as FXC pads them.
func signature(elems ...element) []byte {
	b := le.AppendUint32(nil, uint32(len(elems)))
	b = le.AppendUint32(b, 8)
	names := 8 + 24*len(elems)
	var strs []byte
	for _, e := range elems {
		b = le.AppendUint32(b, uint32(names+len(strs)))
		strs = append(append(strs, e.name...), 0)
		b = le.AppendUint32(b, 0) // semantic index
		b = le.AppendUint32(b, e.sysValue)
		b = le.AppendUint32(b, 3) // float32
		b = le.AppendUint32(b, e.register)
		b = append(b, e.mask, e.use, 0, 0)
	}
	b = append(b, strs...)
	for len(b)%4 != 0 {
		b = append(b, 0xab)
	}
	return b
}
