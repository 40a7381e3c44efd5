package dxil

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// buildModule writes a tiny DXIL-like module by hand: a dx.op declaration,
// main with three dx.op calls around a value-defining instruction, integer
// constants, !dx.shaderModel and !dx.entryPoints, and names in the module VST.
func buildModule() []byte {
	w, mod := hostile.NewModule()

	ty := w.Enter(3, 17, 4)
	w.Unabbrev(4, 1, 5)        // NUMENTRY
	w.Unabbrev(4, 2)           // 0 void
	w.Unabbrev(4, 7, 32)       // 1 i32
	w.Unabbrev(4, 21, 0, 0, 1) // 2 void (i32)
	w.Unabbrev(4, 21, 0, 0)    // 3 void ()
	w.Unabbrev(4, 8, 3, 0)     // 4 void ()*
	w.Exit(4, ty)

	w.Unabbrev(3, 2, hostile.Chars("dxil-ms-dx")...)
	w.Unabbrev(3, 8, 2, 0, 1, 0) // value 0: declare void @dx.op.storeOutput(i32)
	w.Unabbrev(3, 8, 3, 0, 0, 0) // value 1: define void @main()

	cst := w.Enter(3, 11, 4)
	w.Unabbrev(4, 1, 1)    // SETTYPE i32
	w.Unabbrev(4, 4, 5<<1) // value 2: i32 5
	w.Unabbrev(4, 4, 7<<1) // value 3: i32 7
	w.Unabbrev(4, 4, 6<<1) // value 4: i32 6
	w.Unabbrev(4, 2)       // value 5: i32 0 (NULL)
	w.Exit(4, cst)

	md := w.Enter(3, 15, 3)
	w.Unabbrev(3, 1, hostile.Chars("ps")...) // !0
	w.Unabbrev(3, 2, 1, 4)                   // !1 = i32 6
	w.Unabbrev(3, 2, 1, 5)                   // !2 = i32 0
	w.Unabbrev(3, 3, 1, 2, 3)                // !3 = !{!"ps", i32 6, i32 0}
	w.Unabbrev(3, 4, hostile.Chars("dx.shaderModel")...)
	w.Unabbrev(3, 10, 3)
	w.Unabbrev(3, 1, hostile.Chars("main")...) // !4
	w.Unabbrev(3, 2, 4, 1)                     // !5 = void ()* @main
	w.Unabbrev(3, 3, 6, 5, 0, 0, 0)            // !6 = !{@main, !"main", null, null, null}
	w.Unabbrev(3, 4, hostile.Chars("dx.entryPoints")...)
	w.Unabbrev(3, 10, 6)
	w.Exit(3, md)

	vst := w.Enter(3, 14, 4)
	w.Unabbrev(4, 1, append([]uint64{0}, hostile.Chars("dx.op.storeOutput.f32")...)...)
	w.Unabbrev(4, 1, append([]uint64{1}, hostile.Chars("main")...)...)
	w.Exit(4, vst)

	fn := w.Enter(3, 12, 4)
	w.Unabbrev(4, 1, 1)                  // DECLAREBLOCKS 1
	w.Unabbrev(4, 34, 0, 1<<15, 2, 6, 4) // call @dx.op(i32 5): next value 6, callee 0, arg 2
	w.Unabbrev(4, 2, 4, 3, 0)            // %6 = add i32 6, 7 (defines value 6)
	w.Unabbrev(4, 34, 0, 1<<15, 2, 7, 5) // call @dx.op(i32 5): next value 7
	w.Unabbrev(4, 34, 0, 1<<15, 2, 7, 4) // call @dx.op(i32 7)
	w.Unabbrev(4, 10)                    // ret void
	w.Exit(4, fn)
	w.Exit(3, mod)
	return w.B
}

func decodeBitcodeBytes(b []byte) (*Module, *report.Sink) {
	s := &report.Sink{}
	return Decode(b, 0, "DXIL/Bitcode", "DXIL", s), s
}

// TestHandBuiltModule reads names, the shader model, the entry point and the
// census from a module written operand by operand.
func TestHandBuiltModule(t *testing.T) {
	m, s := decodeBitcodeBytes(buildModule())
	for _, p := range s.Problems {
		t.Errorf("problem: %s", p)
	}
	if m.Triple != "dxil-ms-dx" || m.Version != 1 {
		t.Errorf("triple %q version %d", m.Triple, m.Version)
	}
	if len(m.Functions) != 2 || m.Functions[0].Name != "dx.op.storeOutput.f32" || m.Functions[1].Name != "main" || !m.Functions[0].Declaration {
		t.Errorf("functions = %+v", m.Functions)
	}
	if m.ShaderModel == nil || *m.ShaderModel != (ShaderModel{"ps", 6, 0}) {
		t.Errorf("shader model = %+v", m.ShaderModel)
	}
	if len(m.EntryPoints) != 1 || m.EntryPoints[0].Name != "main" || m.EntryPoints[0].Function != "main" || m.EntryPoints[0].ShaderKind != "Pixel" {
		t.Errorf("entry points = %+v", m.EntryPoints)
	}
	want := []OpCount{{Opcode: 5, Name: "StoreOutput", Count: 2}, {Opcode: 7, Name: "Saturate", Count: 1}}
	got := append([]OpCount(nil), m.DXOps...)
	for i := range got {
		got[i].Offset = 0
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("census = %+v, want %+v", got, want)
	}
	if m.Functions[1].DXOpCalls != 3 || m.Functions[1].Instructions != 5 {
		t.Errorf("main: %d dx.op calls, %d instructions; want 3 and 5", m.Functions[1].DXOpCalls, m.Functions[1].Instructions)
	}
	if got := m.Summary(); got != "ps_6_0, 1 entry point, 0 resources, 3 dx.op calls" {
		t.Errorf("summary = %q", got)
	}
}

// TestModuleSpansNameBlocks: each block gets a span with the block's path;
// repeated sibling blocks are indexed.
func TestModuleSpansNameBlocks(t *testing.T) {
	b := buildModule()
	_, s := decodeBitcodeBytes(b)
	want := map[string]bool{
		"DXIL/Bitcode/MODULE_BLOCK":                 false,
		"DXIL/Bitcode/MODULE_BLOCK/TYPE_BLOCK_ID":   false,
		"DXIL/Bitcode/MODULE_BLOCK/FUNCTION_BLOCK":  false,
		"DXIL/Bitcode/MODULE_BLOCK/METADATA_BLOCK":  false,
		"DXIL/Bitcode/MODULE_BLOCK/CONSTANTS_BLOCK": false,
		"DXIL/Bitcode/Magic":                        false,
	}
	for _, sp := range s.Spans {
		if _, ok := want[sp.Path]; ok {
			want[sp.Path] = true
		}
		if sp.Off < 0 || sp.End() > int64(len(b)) {
			t.Errorf("span %s [%d,%d) outside the %d bytes", sp.Path, sp.Off, sp.End(), len(b))
		}
		if sp.Path == "DXIL/Bitcode/MODULE_BLOCK" && (sp.Off != 4 || sp.End() != int64(len(b))) {
			t.Errorf("MODULE_BLOCK span [%d,%d), want [4,%d)", sp.Off, sp.End(), len(b))
		}
	}
	for p, ok := range want {
		if !ok {
			t.Errorf("no span %s", p)
		}
	}
}

// TestBitcodeWrapperHeader: the optional wrapper (magic 0x0B17C0DE, offset,
// size) is read and the bitcode inside it decoded.
func TestBitcodeWrapperHeader(t *testing.T) {
	bc := buildModule()
	w := make([]byte, 20, 20+len(bc))
	put := func(i int, v uint32) { w[i], w[i+1], w[i+2], w[i+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24) }
	put(0, 0x0B17C0DE)
	put(8, 20)
	put(12, uint32(len(bc)))
	w = append(w, bc...)
	m, s := decodeBitcodeBytes(w)
	if m.Wrapper == nil || m.Wrapper.Offset != 20 || int(m.Wrapper.Size) != len(bc) {
		t.Fatalf("wrapper = %+v", m.Wrapper)
	}
	if len(m.DXOps) != 2 {
		t.Errorf("census through the wrapper = %+v", m.DXOps)
	}
	for _, p := range s.Problems {
		t.Errorf("problem: %s", p)
	}
	// A wrapper pointing outside the data is an Error, not a panic.
	put(12, 1<<30)
	_, s = decodeBitcodeBytes(w)
	if e, _, _ := report.CountProblems(s.Problems); e != 1 {
		t.Errorf("bad wrapper: %d errors, want 1: %v", e, s.Problems)
	}
}

// TestDXOpNamesFromDXC spot-checks the table against DxilConstants.h.
func TestDXOpNamesFromDXC(t *testing.T) {
	for op, name := range map[uint32]string{
		0: "TempRegLoad", 5: "StoreOutput", 7: "Saturate", 60: "Sample", 68: "BufferLoad", 93: "ThreadId",
		139: "RawBufferLoad", 160: "CreateHandleForLib", 216: "AnnotateHandle", 217: "CreateHandleFromBinding",
		222: "QuadVote", 225: "TextureStoreSample", 226: "Reserved0", 237: "Reserved11",
		238: "AllocateNodeOutputRecords", 253: "GetRemainingRecursionLevels", 257: "StartInstanceLocation",
		99999: "DXOp(99999)",
	} {
		if got := OpName(op); got != name {
			t.Errorf("OpName(%d) = %q, want %q", op, got, name)
		}
	}
	model := func(op uint32) string {
		a, b, _ := OpMinShaderModel(op)
		return fmt.Sprintf("%d.%d", a, b)
	}
	if model(238) != "6.8" || model(137) != "6.1" || model(5) != "6.0" {
		t.Errorf("min models: 238 %s, 137 %s, 5 %s", model(238), model(137), model(5))
	}
}

// TestCheckModule: each disagreement between the metadata, the program
// header and the opcode table is reported.
func TestCheckModule(t *testing.T) {
	ps60 := Header{Kind: Pixel, Major: 6, Minor: 0, DXILMajor: 1, DXILMinor: 0}
	tests := []struct {
		name string
		h    Header
		m    *Module
		want []string
	}{
		{"agreeing", ps60, &Module{ShaderModel: &ShaderModel{"ps", 6, 0}, DXILVersion: &Version{1, 0}, DXOps: []OpCount{{Opcode: 5, Count: 1}}}, nil},
		{"kind differs", ps60, &Module{ShaderModel: &ShaderModel{"vs", 6, 0}}, []string{"metadata says vs_6_0 but the program header says ps_6_0"}},
		{"model differs", ps60, &Module{ShaderModel: &ShaderModel{"ps", 6, 5}}, []string{"shader model 6.5 but the program header says 6.0"}},
		{"dxil version differs", ps60, &Module{ShaderModel: &ShaderModel{"ps", 6, 0}, DXILVersion: &Version{1, 2}}, []string{"DXIL 1.2 but the program header says 1.0"}},
		{"opcode too new", ps60, &Module{ShaderModel: &ShaderModel{"ps", 6, 0}, DXOps: []OpCount{{Opcode: 216, Count: 2}}}, []string{"AnnotateHandle (opcode 216) needs shader model 6.6"}},
		{"opcode in the wrong stage", ps60, &Module{ShaderModel: &ShaderModel{"ps", 6, 0}, DXOps: []OpCount{{Opcode: 93, Count: 1}}}, []string{"ThreadId (opcode 93) is not allowed in Pixel shaders"}},
		{"reserved opcode", ps60, &Module{ShaderModel: &ShaderModel{"ps", 6, 0}, DXOps: []OpCount{{Opcode: 230, Count: 1}}}, []string{"which DXC reserves (Reserved4)"}},
		{"unknown opcode", ps60, &Module{ShaderModel: &ShaderModel{"ps", 6, 0}, DXOps: []OpCount{{Opcode: 5000, Count: 1}}}, []string{"opcode 5000, which no DXC version defines"}},
		{"library skips stage checks", Header{Kind: Library, Major: 6, Minor: 8}, &Module{ShaderModel: &ShaderModel{"lib", 6, 8}, DXOps: []OpCount{{Opcode: 93, Count: 1}, {Opcode: 238, Count: 1}}}, nil},
		{"unknown kind", ps60, &Module{ShaderModel: &ShaderModel{"zz", 6, 0}}, []string{`shader kind "zz"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &report.Sink{}
			Check(tc.h, tc.m, 0, "DXIL", s)
			if len(s.Problems) != len(tc.want) {
				t.Fatalf("problems = %v, want %d", s.Problems, len(tc.want))
			}
			for i, w := range tc.want {
				if !strings.Contains(s.Problems[i].Message, w) {
					t.Errorf("problem %q does not say %q", s.Problems[i].Message, w)
				}
			}
		})
	}
}

// checkSpans asserts every span lies inside the n decoded bytes.
func checkBitcodeSpans(t testing.TB, s *report.Sink, n int) {
	for _, sp := range s.Spans {
		if sp.Off < 0 || sp.Size < 0 || sp.End() > int64(n) {
			t.Fatalf("span %s [%d,%d) outside the %d bytes", sp.Path, sp.Off, sp.End(), n)
		}
	}
}

// TestBitcodePrefixesNeverPanic decodes every prefix of a few corpus modules
// (and of the hand-built one): each must end with problems, not a panic or a hang.
func TestBitcodePrefixesNeverPanic(t *testing.T) {
	inputs := [][]byte{buildModule()}
	if bcs := corpusBitcodeQuick(t); len(bcs) > 0 {
		inputs = append(inputs, bcs...)
	}
	for _, bc := range inputs {
		step := max(1, len(bc)/1500)
		for n := 0; n <= len(bc); n += step {
			m, s := decodeBitcodeBytes(bc[:n])
			if m == nil {
				t.Fatalf("prefix %d: nil module", n)
			}
			checkBitcodeSpans(t, s, n)
		}
	}
}

// TestBitcodeBitFlipsNeverPanic flips random bits in corpus modules.
func TestBitcodeBitFlipsNeverPanic(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, bc := range corpusBitcodeQuick(t) {
		for i := 0; i < 300; i++ {
			c := append([]byte(nil), bc...)
			for k := 0; k < 1+rng.Intn(4); k++ {
				j := 4 + rng.Intn(len(c)-4)
				c[j] ^= 1 << rng.Intn(8)
			}
			_, s := decodeBitcodeBytes(c)
			checkBitcodeSpans(t, s, len(c))
		}
	}
}

// corpusBitcodeQuick returns three corpus modules: the smallest, a middle one and the largest.
func corpusBitcodeQuick(t testing.TB) [][]byte {
	var paths []corpus.Entry
	for _, e := range corpus.Available() {
		if e.Has("DXIL") {
			paths = append(paths, e)
		}
	}
	if len(paths) == 0 {
		return nil
	}
	small, big := paths[0], paths[0]
	for _, e := range paths {
		if e.Size < small.Size {
			small = e
		}
		if e.Size > big.Size {
			big = e
		}
	}
	return dxilBitcode(t, []corpus.Entry{small, paths[len(paths)/2], big})
}

// FuzzBitcode decodes arbitrary bytes as bitcode: no panic, spans in
// bounds, and no more allocated than the input's size allows.
func FuzzBitcode(f *testing.F) {
	f.Add(buildModule())
	f.Add([]byte("BC\xc0\xde"))
	f.Add([]byte("BC\xc0\xde\x35\x14\x00\x00\x05\x00\x00\x00"))
	for _, bc := range corpusBitcodeQuick(f) {
		f.Add(bc)
	}
	f.Add(hostile.FunctionTypeBitcode(256, 32))        // one function type many declarations name
	f.Add(hostile.EntryMetadataBitcode(64, 64, false)) // entry points naming one signature list
	f.Add(hostile.EntryMetadataBitcode(64, 64, true))  // one entry and one element named again and again
	// A mesh and an amplification shader, whose MSState/ASState tuples the
	// mutations then reshape.
	if _, ok := corpus.Dir(); ok {
		for _, rel := range []string{"real/HansKristian-Work__vkd3d-proton/d3d12_mesh_shader.c__ms_culling.dxil",
			"real/HansKristian-Work__vkd3d-proton/d3d12_mesh_shader.c__as_code.dxil"} {
			if bc, ok := corpus.DXILBitcode(corpus.Bytes(f, rel)); ok {
				f.Add(bc)
			}
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		defer corpus.CheckAlloc(t, corpus.DecodeAlloc, len(b))()
		m, s := decodeBitcodeBytes(b)
		if m == nil {
			t.Fatal("nil module")
		}
		checkBitcodeSpans(t, s, len(b))
		for _, o := range m.DXOps {
			if o.Count <= 0 {
				t.Fatalf("census entry with count %d", o.Count)
			}
		}
	})
}
