package decode

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/dxil"
)

// parsePSV builds a container from parts and returns the decoded PSV0 part
// and the problems reported for it.
func parsePSV(t testing.TB, parts ...testPart) (*Part, []Problem) {
	t.Helper()
	f, err := Parse(buildContainer(parts...))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	var probs []Problem
	for _, p := range f.Problems {
		if p.Part == "PSV0" {
			probs = append(probs, p)
			if strings.Contains(p.Message, "internal decoder error") {
				t.Fatalf("decoder panicked: %s", p)
			}
		}
	}
	p := f.Part("PSV0")
	if p == nil || p.PSVInfo == nil {
		t.Fatalf("no decoded PSV0 part")
	}
	return p, probs
}

func worst(probs []Problem) Severity {
	w := Severity(-1)
	for _, p := range probs {
		if p.Severity > w {
			w = p.Severity
		}
	}
	return w
}

func requireClean(t *testing.T, probs []Problem) {
	t.Helper()
	for _, p := range probs {
		if p.Severity >= Warning {
			t.Errorf("unexpected problem: %s", p)
		}
	}
}

func TestPSVVersionFromSize(t *testing.T) {
	tests := []struct {
		size    int
		version int
		worst   Severity // -1: no problem
		tail    int
	}{
		{24, 0, -1, 0},
		{36, 1, -1, 0},
		{48, 2, -1, 0},
		{52, 3, -1, 0},
		{56, 4, -1, 0},
		{40, 1, Warning, 4},
		{64, 4, Note, 8},
		{20, 0, Error, 0},
		{0, 0, Error, 0},
		{38, 0, Error, 0},
	}
	for _, tc := range tests {
		info := newRT(tc.size)
		if tc.size >= 36 {
			info.v1(5, 0, 0, 0, 0, 0, 0, 0, [4]uint8{})
		}
		p, probs := parsePSV(t, testPart{"PSV0", testPSV{info: info, strings: "\x00\x00\x00\x00"}.bytes()}, programPart(5))
		got := p.PSVInfo
		if worst(probs) != tc.worst {
			t.Errorf("size %d: worst problem %v, want %v (%v)", tc.size, worst(probs), tc.worst, probs)
		}
		if tc.worst == Error {
			if got.Complete {
				t.Errorf("size %d: decoded as complete", tc.size)
			}
			continue
		}
		if got.Version != tc.version || len(got.UnknownRuntimeInfo) != tc.tail || !got.Complete {
			t.Errorf("size %d: version %d tail %d complete %t, want %d %d true", tc.size, got.Version, len(got.UnknownRuntimeInfo), got.Complete, tc.version, tc.tail)
		}
		if tc.tail > 0 && !hasSpan(p, "PSVInfo/UnknownRuntimeInfo", SpanUnknown) {
			t.Errorf("size %d: no unknown span for the runtime-info tail", tc.size)
		}
	}
}

func hasSpan(p *Part, path string, kind SpanKind) bool {
	for _, s := range p.Spans {
		if s.Path == path && s.Kind == kind {
			return true
		}
	}
	return false
}

// TestPSVVersion0StageUnion builds a 24-byte (v0) runtime info for every stage
// with a union member; the stage comes from the DXIL program header, placed
// after PSV0 (header read raw) and before it (header decoded first).
func TestPSVVersion0StageUnion(t *testing.T) {
	tests := []struct {
		kind dxil.ShaderKind
		fill func(rtInfo)
		want PSVInfo
	}{
		{1, func(r rtInfo) { r.u8(0, 1) }, PSVInfo{VS: &PSVVSInfo{OutputPositionPresent: 1}}},
		{3, func(r rtInfo) { r.u32(0, 3).u32(4, 4).u32(8, 2).u32(12, 3) },
			PSVInfo{HS: &PSVHSInfo{InputControlPointCount: 3, OutputControlPointCount: 4, TessellatorDomain: 2, TessellatorOutputPrimitive: 3}}},
		{4, func(r rtInfo) { r.u32(0, 16).u8(4, 1).u32(8, 3) },
			PSVInfo{DS: &PSVDSInfo{InputControlPointCount: 16, OutputPositionPresent: 1, TessellatorDomain: 3}}},
		{2, func(r rtInfo) { r.u32(0, 7).u32(4, 5).u32(8, 9).u8(12, 1) },
			PSVInfo{GS: &PSVGSInfo{InputPrimitive: 7, OutputTopology: 5, OutputStreamMask: 9, OutputPositionPresent: 1}}},
		{0, func(r rtInfo) { r.u8(0, 1).u8(1, 1) }, PSVInfo{PS: &PSVPSInfo{DepthOutput: 1, SampleFrequency: 1}}},
		{13, func(r rtInfo) { r.u32(0, 256).u32(4, 64).u32(8, 32).u16(12, 64).u16(14, 126) },
			PSVInfo{MS: &PSVMSInfo{GroupSharedBytesUsed: 256, GroupSharedBytesDependentOnViewID: 64, PayloadSizeInBytes: 32, MaxOutputVertices: 64, MaxOutputPrimitives: 126}}},
		{14, func(r rtInfo) { r.u32(0, 48) }, PSVInfo{AS: &PSVASInfo{PayloadSizeInBytes: 48}}},
	}
	for _, tc := range tests {
		for _, first := range []bool{false, true} {
			info := newRT(24).u32(16, 32).u32(20, 64)
			tc.fill(info)
			psv := testPart{"PSV0", testPSV{info: info}.bytes()}
			parts := []testPart{psv, programPart(tc.kind)}
			if first {
				parts = []testPart{programPart(tc.kind), psv}
			}
			p, probs := parsePSV(t, parts...)
			requireClean(t, probs)
			got := p.PSVInfo
			if got.Version != 0 || !got.StageKnown || got.ShaderStage != tc.kind || got.StageSource != "DXIL" {
				t.Errorf("%s: version %d stage %v known %t from %q", tc.kind, got.Version, got.ShaderStage, got.StageKnown, got.StageSource)
			}
			if got.MinimumWaveLaneCount != 32 || got.MaximumWaveLaneCount != 64 {
				t.Errorf("%s: wave lanes %d-%d, want 32-64", tc.kind, got.MinimumWaveLaneCount, got.MaximumWaveLaneCount)
			}
			w := tc.want
			if !reflect.DeepEqual(got.VS, w.VS) || !reflect.DeepEqual(got.HS, w.HS) || !reflect.DeepEqual(got.DS, w.DS) ||
				!reflect.DeepEqual(got.GS, w.GS) || !reflect.DeepEqual(got.PS, w.PS) || !reflect.DeepEqual(got.MS, w.MS) || !reflect.DeepEqual(got.AS, w.AS) {
				t.Errorf("%s: union decoded as VS %+v HS %+v DS %+v GS %+v PS %+v MS %+v AS %+v", tc.kind, got.VS, got.HS, got.DS, got.GS, got.PS, got.MS, got.AS)
			}
		}
	}
}

func TestPSVVersion0WithoutProgramKeepsUnionRaw(t *testing.T) {
	p, probs := parsePSV(t, testPart{"PSV0", testPSV{info: newRT(24).u8(0, 1)}.bytes()})
	if p.PSVInfo.StageKnown || worst(probs) != Warning || !hasSpan(p, "PSVInfo/StageInfo", SpanRaw) {
		t.Errorf("stage known %t, problems %v", p.PSVInfo.StageKnown, probs)
	}
}

func TestPSVComputeUnionNotZeroIsNote(t *testing.T) {
	info := newRT(36).v1(5, 0, 0, 0, 0, 0, 0, 0, [4]uint8{}).u8(3, 1)
	_, probs := parsePSV(t, testPart{"PSV0", testPSV{info: info}.bytes()})
	if worst(probs) != Note {
		t.Errorf("problems %v, want one note", probs)
	}
}

// version4PSV is a compute shader with a runtime info of size bytes (56 or more).
func version4PSV(size int) testPSV {
	info := newRT(size).v1(5, 0, 0, 0, 0, 0, 0, 0, [4]uint8{}).u32(16, 32).u32(20, 32).
		u32(36, 8).u32(40, 4).u32(44, 1).u32(48, 1).u32(52, 4096)
	return testPSV{info: info, strings: "\x00main\x00\x00\x00",
		stride: 24, resources: [][]uint32{{8, 0, 0, 0xFFFFFFFF, 12, 1}, {2, 3, 1, 1, 13, 0}}}
}

// TestPSVVersion4 checks the 56-byte record: LLVM 19 reads it as v3 and never
// shows NumBytesGroupSharedMemory.
func TestPSVVersion4(t *testing.T) {
	psv := version4PSV(56)
	p, probs := parsePSV(t, testPart{"PSV0", psv.bytes()})
	requireClean(t, probs)
	got := p.PSVInfo
	if got.Version != 4 || got.NumBytesGroupSharedMemory != 4096 || got.EntryName != "main" ||
		got.NumThreadsX != 8 || got.NumThreadsY != 4 || got.NumThreadsZ != 1 || got.MinimumWaveLaneCount != 32 {
		t.Errorf("decoded %+v", got)
	}
	want := []PSVResourceBindInfo{
		{Type: 8, Space: 0, LowerBound: 0, UpperBound: 0xFFFFFFFF, Kind: 12, Flags: 1, HasKindAndFlags: true},
		{Type: 2, Space: 3, LowerBound: 1, UpperBound: 1, Kind: 13, Flags: 0, HasKindAndFlags: true},
	}
	for i := range want {
		want[i].Offset = got.Resources[i].Offset
	}
	if !reflect.DeepEqual(got.Resources, want) {
		t.Errorf("resources %+v", got.Resources)
	}
	if got.Resources[0].Type.String() != "UAVStructured" || got.Resources[0].Kind.String() != "StructuredBuffer" ||
		got.Resources[0].Flags.String() != "UsedByAtomic64" || !got.Resources[0].Unbounded() {
		t.Errorf("names %s %s %s", got.Resources[0].Type, got.Resources[0].Kind, got.Resources[0].Flags)
	}
	if !strings.Contains(p.Summary, "Compute") || !strings.Contains(p.Summary, "main") || !strings.Contains(p.Summary, "2 resources") {
		t.Errorf("summary %q", p.Summary)
	}
}

func TestPSVResourceStride(t *testing.T) {
	tests := []struct {
		stride  uint32
		rec     []uint32
		worst   Severity
		unknown int
	}{
		{16, []uint32{1, 0, 2, 2}, -1, 0},
		{24, []uint32{1, 0, 2, 2, 14, 0}, -1, 0},
		{32, []uint32{1, 0, 2, 2, 14, 0, 7, 7}, Note, 8},
		{12, []uint32{1, 0, 2}, Error, 0},
	}
	for _, tc := range tests {
		psv := testPSV{info: newRT(24), stride: tc.stride, resources: [][]uint32{tc.rec}}
		p, probs := parsePSV(t, testPart{"PSV0", psv.bytes()}, programPart(0))
		if worst(probs) != tc.worst {
			t.Errorf("stride %d: problems %v", tc.stride, probs)
		}
		if tc.worst == Error {
			continue
		}
		r := p.PSVInfo.Resources
		if len(r) != 1 || r[0].Type != 1 || r[0].LowerBound != 2 || r[0].UpperBound != 2 || len(r[0].Unknown) != tc.unknown ||
			r[0].HasKindAndFlags != (tc.stride >= 24) {
			t.Errorf("stride %d: resources %+v", tc.stride, r)
		}
	}
}

// meshViewIDPSV is a mesh shader with ViewID and primitive outputs: DXC reads
// a primitive ViewID mask after the output mask; LLVM 19 does not.
func meshViewIDPSV() testPSV {
	info := newRT(52).v1(13, 1, 2, 2, 0, 2, 2, 0, [4]uint8{2, 0, 0, 0}).
		u16(12, 3).u16(14, 1).u32(36, 32).u32(40, 1).u32(44, 1).u32(48, 1)
	// strings: "" @0, "main" @1, "COLOR" @6, "LAYER" @12, "NORMAL" @18
	return testPSV{
		info:     info,
		strings:  "\x00main\x00COLOR\x00LAYER\x00NORMAL\x00\x00\x00\x00",
		indices:  []uint32{0},
		elemSize: 16,
		elems: [][]byte{
			sigEl(0, 0, 1, 0, 4, 0, true, 3, 3, 4, 0, 0),  // SV_Position0 row 0
			sigEl(6, 0, 1, 1, 4, 0, true, 0, 3, 2, 0, 0),  // COLOR0 row 1
			sigEl(12, 0, 1, 0, 1, 0, true, 0, 1, 1, 0, 0), // LAYER0 prim row 0.x
			sigEl(18, 0, 1, 1, 3, 0, true, 0, 3, 1, 0, 0), // NORMAL0 prim row 1.xyz
		},
		dwords: []uint32{0x30, 0x10}, // outputs: COLOR0.x,y; primitives: NORMAL0.x
	}
}

func TestPSVMeshViewIDPrimitiveMask(t *testing.T) {
	p, probs := parsePSV(t, testPart{"PSV0", meshViewIDPSV().bytes()})
	requireClean(t, probs)
	info := p.PSVInfo
	if info.TrailingBytes != 0 || !info.Complete {
		t.Fatalf("trailing %d complete %t", info.TrailingBytes, info.Complete)
	}
	if info.MeshOutputTopology != 2 || info.SigPatchConstOrPrimVectors != 2 || info.MS == nil || info.MS.MaxOutputVertices != 3 {
		t.Errorf("mesh fields: %+v %+v", info, info.MS)
	}
	m := info.ViewIDOutputMasks[0]
	if m == nil || !reflect.DeepEqual(m.Components(), []int{4, 5}) {
		t.Fatalf("output mask %+v", m)
	}
	if got := info.ComponentLabel(PSVSigOutput, 5); got != "COLOR0.y" {
		t.Errorf("label %q", got)
	}
	pm := info.ViewIDPatchOrPrimMask
	if pm == nil || !reflect.DeepEqual(pm.Components(), []int{4}) {
		t.Fatalf("primitive mask %+v", pm)
	}
	if got := info.ComponentLabel(PSVSigPatchOrPrim, 4); got != "NORMAL0.x" {
		t.Errorf("primitive label %q", got)
	}
	if got := info.ComponentLabel(PSVSigPatchOrPrim, 0); got != "LAYER0.x" {
		t.Errorf("primitive label %q", got)
	}
	if info.InputToOutput[0] != nil {
		t.Errorf("mesh shaders have no input→output table")
	}
}

// geometryStreamsPSV is a geometry shader writing two streams, with ViewID.
func geometryStreamsPSV() testPSV {
	info := newRT(36).v1(2, 1, 6, 0, 2, 2, 0, 2, [4]uint8{1, 1, 0, 0}).
		u32(0, 3).u32(4, 5).u32(8, 3).u8(12, 1)
	return testPSV{
		info:     info,
		strings:  "\x00TEXCOORD\x00\x00\x00",
		indices:  []uint32{0},
		elemSize: 16,
		elems: [][]byte{
			sigEl(0, 0, 1, 0, 4, 0, true, 3, 3, 4, 0, 0), // in SV_Position0
			sigEl(1, 0, 1, 1, 2, 0, true, 0, 3, 2, 0, 0), // in TEXCOORD0.xy
			sigEl(0, 0, 1, 0, 4, 0, true, 3, 3, 4, 0, 0), // out SV_Position0, stream 0
			sigEl(1, 0, 1, 0, 2, 0, true, 0, 3, 2, 0, 1), // out TEXCOORD0.xy, stream 1
		},
		dwords: []uint32{
			0x0, 0x3, // ViewID: stream 0 none, stream 1 TEXCOORD0.xy
			1, 2, 4, 8, 0, 0, 0, 0, // stream 0: position passes through
			0, 0, 0, 0, 1, 2, 0, 0, // stream 1: TEXCOORD0.x → .x, .y → .y
		},
	}
}

func TestPSVGeometryStreams(t *testing.T) {
	psv := geometryStreamsPSV()
	p, probs := parsePSV(t, testPart{"PSV0", psv.bytes()})
	requireClean(t, probs)
	got := p.PSVInfo
	if got.GS == nil || got.GS.InputPrimitive.String() != "Triangle" || got.GS.OutputTopology.String() != "TriangleStrip" || got.GS.OutputStreamMask != 3 || got.MaxVertexCount != 6 {
		t.Errorf("GS fields %+v max %d", got.GS, got.MaxVertexCount)
	}
	if !got.Complete || got.TrailingBytes != 0 {
		t.Fatalf("complete %t trailing %d", got.Complete, got.TrailingBytes)
	}
	if m := got.ViewIDOutputMasks[1]; m == nil || !m.Has(0) || !m.Has(1) || m.Has(2) || got.ViewIDOutputMasks[0].Has(0) {
		t.Errorf("stream masks %+v %+v", got.ViewIDOutputMasks[0], got.ViewIDOutputMasks[1])
	}
	if !got.ViewIDDependent(PSVSigOutput, 1, PSVComponent(0, 1)) || got.ViewIDDependent(PSVSigOutput, 0, PSVComponent(0, 1)) {
		t.Errorf("ViewIDDependent disagrees with the stream masks")
	}
	if len(got.Masks()) != 2 || len(got.Tables()) != 2 || got.Tables()[1].Name != "InputOutputMap[1]" {
		t.Errorf("masks %d tables %d", len(got.Masks()), len(got.Tables()))
	}
	t1 := got.InputToOutput[1]
	if t1 == nil || !t1.Depends(4, 0) || !t1.Depends(5, 1) || t1.Depends(4, 1) || t1.Stream != 1 {
		t.Fatalf("stream 1 table %+v", t1)
	}
	if l := got.StreamComponentLabel(PSVSigOutput, 1, 1); l != "TEXCOORD0.y" {
		t.Errorf("stream 1 label %q", l)
	}
	if l := got.StreamComponentLabel(PSVSigOutput, 0, 1); l != "SV_Position0.y" {
		t.Errorf("stream 0 label %q", l)
	}
	if l := got.ComponentLabel(PSVSigInput, 5); l != "TEXCOORD0.y" {
		t.Errorf("input label %q", l)
	}
	t0 := got.InputToOutput[0]
	for in := 0; in < 8; in++ {
		for out := 0; out < 4; out++ {
			if t0.Depends(in, out) != (in == out) {
				t.Errorf("stream 0: Depends(%d,%d) = %t", in, out, t0.Depends(in, out))
			}
		}
	}
}

// domainPatchPSV is a domain shader with a patch-constant→output table.
func domainPatchPSV() testPSV {
	info := newRT(48).v1(4, 0, 4, 0, 1, 2, 3, 1, [4]uint8{2, 0, 0, 0}).u32(0, 4).u8(4, 1).u32(8, 3)
	return testPSV{
		info:     info,
		strings:  "\x00TEXCOORD\x00PATCH\x00",
		indices:  []uint32{0, 0, 1, 2, 3},
		elemSize: 16,
		elems: [][]byte{
			sigEl(0, 0, 1, 0, 4, 0, true, 3, 3, 4, 0, 0),  // in SV_Position0
			sigEl(0, 0, 1, 0, 4, 0, true, 3, 3, 4, 0, 0),  // out SV_Position0
			sigEl(1, 0, 1, 1, 2, 0, true, 0, 3, 2, 0, 0),  // out TEXCOORD0.xy
			sigEl(0, 1, 4, 0, 1, 3, true, 25, 3, 0, 0, 0), // pc SV_TessFactor0-3 .w rows 0-3
			sigEl(0, 0, 1, 3, 1, 2, true, 26, 3, 0, 0, 0), // pc SV_InsideTessFactor0 row 3.z
			sigEl(10, 0, 1, 0, 3, 0, true, 0, 3, 0, 0, 0), // pc PATCH0.xyz row 0
		},
		dwords: append([]uint32{1, 2, 4, 8}, // inputs → outputs (1 input vector, 1 dword per component)
			0x10, 0x20, 0, 0, // PATCH0.x → TEXCOORD0.x, .y → .y
			0, 0, 0, 0,
			0, 0, 0, 0,
			0, 0, 0x1, 0x3), // SV_InsideTessFactor0 → SV_Position.x; SV_TessFactor3 → .x.y
	}
}

func TestPSVDomainPatchToOutput(t *testing.T) {
	psv := domainPatchPSV()
	p, probs := parsePSV(t, testPart{"PSV0", psv.bytes()})
	requireClean(t, probs)
	got := p.PSVInfo
	pt := got.PatchToOutput
	if pt == nil || pt.InputVectors != 4 || pt.OutputVectors != 2 || len(pt.Words) != 16 {
		t.Fatalf("patch table %+v", pt)
	}
	checks := []struct {
		in, out int
		want    bool
	}{{0, 4, true}, {1, 5, true}, {0, 5, false}, {14, 0, true}, {15, 1, true}, {15, 0, true}, {14, 1, false}}
	for _, c := range checks {
		if pt.Depends(c.in, c.out) != c.want {
			t.Errorf("Depends(%d,%d) = %t", c.in, c.out, !c.want)
		}
	}
	labels := map[int]string{3: "SV_TessFactor0.w", 7: "SV_TessFactor1.w", 15: "SV_TessFactor3.w", 14: "SV_InsideTessFactor0.z", 1: "PATCH0.y", 13: "[3].y"}
	for comp, want := range labels {
		if got := got.ComponentLabel(PSVSigPatchOrPrim, comp); got != want {
			t.Errorf("patch component %d: %q, want %q", comp, got, want)
		}
	}
	if e := got.SigPatchOrPrimElements[0]; !reflect.DeepEqual(e.Indices, []uint32{0, 1, 2, 3}) || e.Kind.String() != "TessFactor" {
		t.Errorf("tess factor element %+v", e)
	}
	if got.InputToOutput[0] == nil || !got.InputToOutput[0].Depends(3, 3) {
		t.Errorf("input table %+v", got.InputToOutput[0])
	}
}

func TestPSVBadReferencesAreProblems(t *testing.T) {
	info := newRT(36).v1(1, 0, 0, 0, 1, 0, 0, 1, [4]uint8{})
	psv := testPSV{info: info, strings: "\x00AB\x00", indices: []uint32{0}, elemSize: 16,
		elems:  [][]byte{sigEl(40, 5, 2, 0, 4, 0, true, 0, 3, 2, 0, 0)},
		dwords: nil}
	p, probs := parsePSV(t, testPart{"PSV0", psv.bytes()})
	var name, index bool
	for _, pr := range probs {
		name = name || strings.Contains(pr.Message, "SemanticName offset 40")
		index = index || strings.Contains(pr.Message, "semantic indexes from entry 5")
	}
	if !name || !index {
		t.Errorf("problems %v", probs)
	}
	if e := p.PSVInfo.SigInputElements[0]; e.Name != "" || len(e.Indices) != 0 {
		t.Errorf("element %+v", e)
	}
}

func TestPSVStringTableRules(t *testing.T) {
	info := newRT(36).v1(1, 0, 0, 0, 0, 0, 0, 0, [4]uint8{})
	for _, tc := range []struct {
		strings string
		msg     string
	}{{"\x00ab", "not NUL"}, {"\x00ab\x00\x00", "not a multiple of 4"}} {
		_, probs := parsePSV(t, testPart{"PSV0", testPSV{info: info, strings: tc.strings}.bytes()})
		found := false
		for _, p := range probs {
			found = found || strings.Contains(p.Message, tc.msg)
		}
		if !found {
			t.Errorf("%q: problems %v", tc.strings, probs)
		}
	}
}

func TestPSVElementSize(t *testing.T) {
	info := newRT(36).v1(1, 0, 0, 0, 1, 0, 0, 1, [4]uint8{})
	el := sigEl(0, 0, 1, 0, 4, 0, true, 3, 3, 4, 0, 0)
	for _, tc := range []struct {
		size  uint32
		worst Severity
	}{{16, -1}, {20, Note}, {12, Error}} {
		e := el
		if tc.size > 16 {
			e = append(append([]byte{}, el...), 9, 9, 9, 9)
		} else if tc.size < 16 {
			e = el[:12]
		}
		p, probs := parsePSV(t, testPart{"PSV0", testPSV{info: info, strings: "\x00\x00\x00\x00", indices: []uint32{0}, elemSize: tc.size, elems: [][]byte{e}}.bytes()})
		if worst(probs) != tc.worst {
			t.Errorf("size %d: %v", tc.size, probs)
		}
		if tc.size == 20 && (len(p.PSVInfo.SigInputElements) != 1 || len(p.PSVInfo.SigInputElements[0].Unknown) != 4 || p.PSVInfo.SigInputElements[0].Kind != 3) {
			t.Errorf("size 20: %+v", p.PSVInfo.SigInputElements)
		}
	}
}

func TestPSVUnallocatedElement(t *testing.T) {
	info := newRT(36).v1(0, 0, 0, 0, 0, 1, 0, 0, [4]uint8{})
	psv := testPSV{info: info, strings: "\x00\x00\x00\x00", indices: []uint32{0}, elemSize: 16,
		elems: [][]byte{sigEl(0, 0, 1, 0, 1, 0, false, 17, 3, 0, 0, 0)}}
	p, probs := parsePSV(t, testPart{"PSV0", psv.bytes()})
	requireClean(t, probs)
	e := p.PSVInfo.SigOutputElements[0]
	if e.Allocated || e.StartRow != -1 || e.StartCol != -1 || e.Kind.String() != "Depth" || e.Semantic() != "SV_Depth" {
		t.Errorf("element %+v", e)
	}
}

func TestPSVSemanticKindUsesDXILNumbering(t *testing.T) {
	want := map[PSVSemanticKind]string{30: "CullPrimitive", 31: "StartVertexLocation", 32: "StartInstanceLocation", 33: "Invalid", 34: "PSVSemanticKind(34)"}
	for k, w := range want {
		if k.String() != w {
			t.Errorf("%d: %s, want %s", k, k, w)
		}
	}
}

func TestPSVTrailingBytesReported(t *testing.T) {
	psv := testPSV{info: newRT(24), tail: []byte{1, 2, 3, 4}}
	p, probs := parsePSV(t, testPart{"PSV0", psv.bytes()}, programPart(1))
	if worst(probs) != Warning || p.PSVInfo.TrailingBytes != 4 || !hasSpan(p, "PSVInfo/Trailing", SpanUnknown) {
		t.Errorf("problems %v trailing %d", probs, p.PSVInfo.TrailingBytes)
	}
}

// TestPSVSpansClaimEveryByte checks that a well-formed part leaves no byte unclaimed.
func TestPSVSpansClaimEveryByte(t *testing.T) {
	for name, psv := range map[string]testPSV{"mesh": meshViewIDPSV()} {
		p, _ := parsePSV(t, testPart{"PSV0", psv.bytes()})
		for _, s := range p.Spans {
			if s.Kind == SpanUnknown {
				t.Errorf("%s: unclaimed bytes %+v", name, s)
			}
		}
	}
}

// hullViewIDPSV is a hull shader with ViewID: DXC and LLVM both read its
// patch-constant ViewID mask, then the input→patch-constant table.
func hullViewIDPSV() testPSV {
	info := newRT(48).v1(3, 1, 2, 0, 1, 1, 2, 1, [4]uint8{1, 0, 0, 0}).u32(0, 1).u32(4, 1).u32(8, 1).u32(12, 2)
	return testPSV{
		info:     info,
		strings:  "\x00PATCH\x00\x00",
		indices:  []uint32{0, 0, 1},
		elemSize: 16,
		elems: [][]byte{
			sigEl(0, 0, 1, 0, 4, 0, true, 3, 3, 4, 0, 0),  // in SV_Position0
			sigEl(0, 0, 1, 0, 4, 0, true, 3, 3, 4, 0, 0),  // out SV_Position0
			sigEl(0, 1, 2, 0, 1, 3, true, 25, 3, 0, 0, 0), // pc SV_TessFactor0-1 .w
			sigEl(1, 0, 1, 0, 2, 0, true, 0, 3, 0, 0, 0),  // pc PATCH0.xy
		},
		dwords: []uint32{
			0x2,        // ViewID → SV_Position0.y
			0x1,        // ViewID → PATCH0.x
			1, 2, 4, 8, // SV_Position passes through
			0x1, 0, 0, 0x80, // SV_Position0.x → PATCH0.x; .w → SV_TessFactor1.w
		},
	}
}

func TestPSVHullViewIDPatchMask(t *testing.T) {
	p, probs := parsePSV(t, testPart{"PSV0", hullViewIDPSV().bytes()})
	requireClean(t, probs)
	info := p.PSVInfo
	if !info.Complete || info.TrailingBytes != 0 || info.HS == nil || info.HS.TessellatorDomain.String() != "IsoLine" || info.HS.TessellatorOutputPrimitive.String() != "Line" {
		t.Fatalf("decoded %+v HS %+v", info, info.HS)
	}
	if pm := info.ViewIDPatchOrPrimMask; pm == nil || !reflect.DeepEqual(pm.Components(), []int{0}) || info.ComponentLabel(PSVSigPatchOrPrim, 0) != "PATCH0.x" {
		t.Errorf("patch mask %+v", pm)
	}
	ip := info.InputToPatch
	if ip == nil || !ip.Depends(0, 0) || !ip.Depends(3, 7) || ip.Depends(1, 0) || info.ComponentLabel(PSVSigPatchOrPrim, 7) != "SV_TessFactor1.w" {
		t.Errorf("input→patch table %+v", ip)
	}
}
