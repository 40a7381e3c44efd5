package decode

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// DXC's validator runs VerifyRootSignatureWithShaderPSV on every shader it
// signs that carries an RTS0 part, so every such corpus shader's own root
// signature covers its bindings: the check must agree.
func TestCorpusRootSignaturesCoverTheirShaders(t *testing.T) {
	es := corpus.Entries(t)
	checked, fromPSV, fromRDEF, fromProgram, bindings := 0, 0, 0, 0, 0
	for _, e := range es {
		if !e.Has("RTS0") || !(e.Has("PSV0") || e.Has("RDEF") || e.Has("SHEX") || e.Has("SHDR")) {
			continue
		}
		f := parseFile(t, e.Path)
		ps := f.RootSignatureCovers(f.Part("RTS0").Data())
		for _, p := range ps {
			t.Errorf("%s: %s", e.Rel, p)
		}
		b, from := f.shaderBindings()
		bindings += len(b)
		switch from {
		case "PSV0":
			fromPSV++
		case "RDEF":
			fromRDEF++
		case "SHEX", "SHDR":
			fromProgram++
		}
		checked++
	}
	t.Logf("%d corpus shaders with their own root signature checked (%d by PSV0, %d by RDEF, %d by their program's declarations), %d bindings, all covered", checked, fromPSV, fromRDEF, fromProgram, bindings)
	// The manifest's part lists say whether the corpus has shaders whose
	// reflection was stripped, which only their declarations describe.
	stripped := slices.ContainsFunc(es, func(e corpus.Entry) bool {
		return e.Has("RTS0") && (e.Has("SHEX") || e.Has("SHDR")) && !e.Has("RDEF") && !e.Has("PSV0")
	})
	if checked > 100 && (stripped && fromProgram == 0 || bindings < checked) {
		t.Errorf("%d shaders read by their declarations, %d bindings: the declarations were not read", fromProgram, bindings)
	}
}

// A root signature 1.1 built by hand for the tests below.
type tRange struct{ typ, num, base, space uint32 } // typ: 0 SRV, 1 UAV, 2 CBV, 3 Sampler
type tParam struct {
	kind, vis, reg, space uint32 // kind: 0 table, 1 constants, 2 CBV, 3 SRV, 4 UAV
	ranges                []tRange
}
type tSampler struct{ reg, space, vis uint32 }

func buildRTS0(flags uint32, params []tParam, samplers []tSampler) []byte {
	var b []byte
	u32 := func(v ...uint32) {
		for _, x := range v {
			b = binary.LittleEndian.AppendUint32(b, x)
		}
	}
	u32(2, uint32(len(params)), 24, uint32(len(samplers)), 0, flags)
	headers := len(b)
	b = append(b, make([]byte, 12*len(params))...)
	for i, p := range params {
		at := headers + 12*i
		binary.LittleEndian.PutUint32(b[at:], p.kind)
		binary.LittleEndian.PutUint32(b[at+4:], p.vis)
		binary.LittleEndian.PutUint32(b[at+8:], uint32(len(b)))
		switch p.kind {
		case 0:
			u32(uint32(len(p.ranges)), uint32(len(b)+8))
			for _, r := range p.ranges {
				u32(r.typ, r.num, r.base, r.space, 0, 0xFFFFFFFF)
			}
		case 1:
			u32(p.reg, p.space, 4)
		default:
			u32(p.reg, p.space, 0)
		}
	}
	binary.LittleEndian.PutUint32(b[16:], uint32(len(b)))
	for _, s := range samplers {
		u32(21, 1, 1, 1, 0, 16, 4, 2, 0, 0x7f7fffff, s.reg, s.space, s.vis)
	}
	return b
}

// Hand-checked cases on two corpus shaders whose bindings their listings
// show: a pixel shader (bgfx fs_rsm_combine: b0, s0-s4, t0-t4, all space 0)
// and a compute shader (vkd3d-proton byte_offset_descriptors: t0 structured,
// t1 raw, t2 typed, t3 structured, t4 raw, t5 typed, u0 structured with
// counter, u1 raw, u2 typed, u3 with counter, u4 raw, u5 typed, u6 raw), and
// for arrays a compute shader (vkd3d-proton
// structured_buffer_address_wrapping: t0-t7 and t0 space1 structured,
// u0-u3, u4-u7, … u28-u31 structured arrays, u32).
func TestRootSignatureCoversHandChecked(t *testing.T) {
	_, ps := corpus.File(t, "real/bkaradzic__bgfx/shaders__dxil__fs_rsm_combine.bin__offde.dxil")
	_, cs := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/byte_offset_descriptors.h__byte_offset_descriptors_code_dxil.dxil")
	_, sb := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/structured_buffer_address_wrapping.h__structured_buffer_address_wrapping_code_dxil.dxil")
	const all, pixel, vertex = 0, 5, 1
	psTables := []tParam{
		{kind: 2, vis: all, reg: 0},
		{kind: 0, vis: pixel, ranges: []tRange{{0, 5, 0, 0}}},
		{kind: 0, vis: pixel, ranges: []tRange{{3, 5, 0, 0}}},
	}
	csAll := []tParam{{kind: 0, vis: all, ranges: []tRange{{0, 6, 0, 0}, {1, 7, 0, 0}}}}
	for _, c := range []struct {
		name   string
		shader []byte
		rs     []byte
		want   []string // a substring of each error, in order
	}{
		{"ps: root CBV, tables of t0-t4 and s0-s4 for the pixel stage", ps, buildRTS0(0, psTables, nil), nil},
		{"ps: static samplers instead of a sampler table", ps, buildRTS0(0, psTables[:2], []tSampler{{0, 0, pixel}, {1, 0, all}, {2, 0, pixel}, {3, 0, pixel}, {4, 0, pixel}}), nil},
		{"ps: the sampler table for the vertex stage", ps, buildRTS0(0, []tParam{psTables[0], psTables[1], {kind: 0, vis: vertex, ranges: []tRange{{3, 5, 0, 0}}}}, nil),
			[]string{"register(s0, space0)", "register(s1, space0)", "register(s2, space0)", "register(s3, space0)", "register(s4, space0)"}},
		{"ps: t0-t3 only", ps, buildRTS0(0, []tParam{psTables[0], {kind: 0, vis: pixel, ranges: []tRange{{0, 4, 0, 0}}}, psTables[2]}, nil),
			[]string{"register(t4, space0) (SRVTyped"}},
		{"ps: the CBV in space 1", ps, buildRTS0(0, []tParam{{kind: 2, vis: all, reg: 0, space: 1}, psTables[1], psTables[2]}, nil),
			[]string{"register(b0, space0)"}},
		{"ps: root constants serve a CBV", ps, buildRTS0(0, []tParam{{kind: 1, vis: pixel, reg: 0}, psTables[1], psTables[2]}, nil), nil},
		{"ps: DENY_PIXEL_SHADER_ROOT_ACCESS", ps, buildRTS0(0x20, psTables, nil), []string{"DenyPixelShaderRootAccess"}},
		{"ps: DENY_VERTEX_SHADER_ROOT_ACCESS does not matter", ps, buildRTS0(0x2, psTables, nil), nil},
		{"cs: one table visible to all", cs, buildRTS0(0, csAll, nil), nil},
		{"cs: the table visible to the pixel stage only", cs, buildRTS0(0, []tParam{{kind: 0, vis: pixel, ranges: csAll[0].ranges}}, nil),
			[]string{"t0", "t1", "t2", "t3", "t4", "t5", "u0", "u1", "u2", "u3", "u4", "u5", "u6"}},
		{"cs: root SRV and UAV descriptors for every register", cs, buildRTS0(0, []tParam{
			{kind: 3, reg: 0}, {kind: 3, reg: 1}, {kind: 3, reg: 2}, {kind: 3, reg: 3}, {kind: 3, reg: 4}, {kind: 3, reg: 5},
			{kind: 4, reg: 0}, {kind: 4, reg: 1}, {kind: 4, reg: 2}, {kind: 4, reg: 3}, {kind: 4, reg: 4}, {kind: 4, reg: 5}, {kind: 4, reg: 6}}, nil),
			[]string{"register(t2, space0) (SRVTyped", "register(t5, space0) (SRVTyped", "register(u0, space0) (UAVStructuredWithCounter", "register(u2, space0) (UAVTyped", "register(u3, space0) (UAVStructuredWithCounter", "register(u5, space0) (UAVTyped"}},
		// u0-u3 is one binding (an array of four): a range must hold all four.
		{"cs: a range holds half of an array", sb, buildRTS0(0, []tParam{{kind: 0, ranges: []tRange{{0, 8, 0, 0}, {0, 1, 0, 1}, {1, 2, 0, 0}, {1, 31, 2, 0}}}}, nil),
			[]string{"register(u0, space0) (UAVStructured: register space 0, 4 descriptor(s) from register 0)"}},
		// Unbounded SRVs and UAVs, a table each: a range appended after an
		// unbounded one in the same table is refused before any binding is
		// checked (TestRootSignatureVerifiedFirst).
		{"cs: an unbounded range", cs, buildRTS0(0, []tParam{{kind: 0, ranges: []tRange{{0, 0xFFFFFFFF, 0, 0}}}, {kind: 0, ranges: []tRange{{1, 0xFFFFFFFF, 0, 0}}}}, nil), nil},
	} {
		f, err := Parse(c.shader)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range f.RootSignatureCovers(c.rs) {
			if p.Severity != Error {
				t.Errorf("%s: %s", c.name, p)
				continue
			}
			got = append(got, p.Message)
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: %d errors, want %d:\n  %s", c.name, len(got), len(c.want), strings.Join(got, "\n  "))
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(got[i], w) {
				t.Errorf("%s: error %d is %q, want it to name %q", c.name, i, got[i], w)
			}
		}
	}
}

// D3D12's answers for a pipeline created with a root signature of its own,
// from vkd3d-proton's tests/d3d12_root_signature.c (d01924b6), whose compute
// shader is the corpus file below (u0 and u1 raw, its own root signature
// "UAV(u1), UAV(u0)"): test_root_signature_priority creates it with root
// UAVs u0 and u1 (S_OK: the given one is used), and
// test_missing_bindings_root_signature with root UAVs u10 and u1
// (E_INVALIDARG). The program's reflection is stripped: its declarations say
// what it binds.
func TestRootSignatureGivenAsD3D12Decides(t *testing.T) {
	_, cs := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/d3d12_root_signature.c__cs_code.dxbc")
	f, err := Parse(cs)
	if err != nil {
		t.Fatal(err)
	}
	if f.Part("RDEF") != nil || f.Part("RTS0") == nil {
		t.Fatal("the corpus file is not the stripped shader with its own root signature the test describes")
	}
	for _, c := range []struct {
		name    string
		rs      []byte
		created bool
		want    string
	}{
		{"root UAVs u0, u1 (test_root_signature_priority)", buildRTS0(0, []tParam{{kind: 4, reg: 0}, {kind: 4, reg: 1}}, nil), true, ""},
		{"root UAVs u10, u1 (test_missing_bindings_root_signature)", buildRTS0(0, []tParam{{kind: 4, reg: 10}, {kind: 4, reg: 1}}, nil), false,
			"register(u0, space0) (UAVRaw: register space 0, 1 descriptor(s) from register 0) is not fully bound"},
	} {
		var errs []string
		for _, p := range f.RootSignatureCovers(c.rs) {
			if p.Severity == Error {
				errs = append(errs, p.Message)
			}
		}
		switch {
		case c.created && len(errs) > 0:
			t.Errorf("%s: D3D12 creates the pipeline, but: %q", c.name, errs)
		case !c.created && (len(errs) != 1 || !strings.HasPrefix(errs[0], c.want)):
			t.Errorf("%s: D3D12 refuses the pipeline; errors %q, want one starting %q", c.name, errs, c.want)
		}
	}
	if bad := RootSignatureErrors(buildRTS0(0, []tParam{{kind: 4, reg: 0}}, nil)[:8]); len(bad) == 0 {
		t.Error("RootSignatureErrors: a root signature cut after 8 bytes has no error")
	}
	if bad := RootSignatureErrors(f.Part("RTS0").Data()); len(bad) != 0 {
		t.Errorf("RootSignatureErrors: the shader's own root signature: %v", bad)
	}
}

func TestRootSignatureCoversWhatCannotBeChecked(t *testing.T) {
	rs := buildRTS0(0, nil, nil)
	_, lib := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/basic.h__basic_code_dxil.dxil")
	f, _ := Parse(lib)
	if ps := f.RootSignatureCovers(rs); len(ps) != 1 || ps[0].Severity != Error || !strings.Contains(ps[0].Message, "library") {
		t.Errorf("library: %v", ps)
	}
	f, _ = Parse(buildContainer(testPart{"SFI0", le64(0)}))
	if ps := f.RootSignatureCovers(rs); len(ps) != 1 || ps[0].Severity != Warning {
		t.Errorf("no PSV0 or RDEF: %v", ps)
	}
	if ps := f.RootSignatureCovers([]byte{9, 0, 0, 0}); len(ps) == 0 || ps[0].Severity != Error {
		t.Errorf("a root signature that does not decode: %v", ps)
	}
}

// A shader whose reflection was stripped is checked against a root
// signature by its program's declarations: where FXC's RDEF is there too,
// both name the same bindings (type, space, range), append and consume
// buffers' counters included.
func TestProgramDeclarationsMatchRDEF(t *testing.T) {
	files, sm51 := 0, 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("RDEF") || !(e.Has("SHEX") || e.Has("SHDR")) {
			continue
		}
		f := parseFile(t, e.Path)
		rdef, from := f.shaderBindings()
		var prog *Part
		for _, n := range []string{"SHEX", "SHDR"} {
			if p := f.Part(n); p != nil && p.Bytecode != nil && p.Bytecode.Program != nil {
				prog = p
			}
		}
		if from != "RDEF" || prog == nil {
			continue
		}
		if pr := prog.Bytecode.Program; pr.Major == 5 && pr.Minor == 1 {
			sm51++
		}
		key := func(bs []PSVResourceBindInfo) string {
			var out []string
			for _, b := range bs {
				out = append(out, fmt.Sprintf("%s space%d [%d, %d]", b.Type, b.Space, b.LowerBound, b.UpperBound))
			}
			sort.Strings(out)
			return strings.Join(out, "; ")
		}
		if got, want := key(declaredBindings(prog.Bytecode.Program)), key(rdef); got != want {
			t.Errorf("%s: declared %s; RDEF %s", e.Rel, got, want)
		}
		files++
	}
	t.Logf("%d FXC shaders with RDEF (%d SM 5.1): their declarations name RDEF's bindings", files, sm51)
	if files > 0 && files < 100 {
		t.Errorf("only %d shaders compared", files)
	}
}
