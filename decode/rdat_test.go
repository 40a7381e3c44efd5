package decode

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// ---- a small RDAT writer for hand-made blobs ----

type rdatPartSpec struct {
	typ  uint32
	body []byte
}

func rdatWords(v ...uint32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

// rdatTableBody is a RuntimeDataTableHeader followed by the records' words.
func rdatTableBody(count, stride uint32, words ...uint32) []byte {
	return append(rdatWords(count, stride), rdatWords(words...)...)
}

func buildRDAT(version uint32, parts ...rdatPartSpec) []byte {
	out := rdatWords(version, uint32(len(parts)))
	off := uint32(8 + 4*len(parts))
	var body []byte
	for _, p := range parts {
		out = append(out, rdatWords(off)...)
		chunk := append(rdatWords(p.typ, uint32(len(p.body))), p.body...)
		body = append(body, chunk...)
		off += uint32(len(chunk))
	}
	return append(out, body...)
}

func rdatStrings(ss ...string) []byte {
	var b []byte
	for _, s := range ss {
		b = append(b, s...)
		b = append(b, 0)
	}
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	return b
}

func rdCountSev(ps []Problem, sev Severity) int {
	n := 0
	for _, p := range ps {
		if p.Severity == sev {
			n++
		}
	}
	return n
}

func rdProblemText(ps []Problem) string {
	var s []string
	for _, p := range ps {
		s = append(s, p.String())
	}
	return strings.Join(s, "\n")
}

// ---- corpus ----

// rdatParts decodes every corpus file with an RDAT part.
func rdatCorpus(t *testing.T) ([]corpus.Entry, []*File) { return corpusWith(t, "RDAT") }

func TestRDATCorpusDecodesWithEveryReferenceResolved(t *testing.T) {
	files, decoded := rdatCorpus(t)
	ok := 0
	for i, f := range decoded {
		e := files[i]
		p := f.Part("RDAT")
		var errs []string
		for _, q := range f.Problems {
			if q.Part == "RDAT" && q.Severity >= Warning {
				errs = append(errs, q.String())
			}
		}
		if p.RuntimeData == nil {
			errs = append(errs, "RDAT did not decode")
		} else {
			errs = append(errs, checkRDATReferences(p.RuntimeData)...)
			if p.RuntimeData.DanglingReferences != 0 {
				errs = append(errs, "decoder counted dangling references")
			}
		}
		for _, s := range p.Spans {
			if s.Kind == SpanUnknown {
				errs = append(errs, "unclaimed bytes at "+s.Path)
			}
		}
		if len(errs) > 0 {
			t.Errorf("%s:\n  %s", e.Rel, strings.Join(errs, "\n  "))
			continue
		}
		ok++
	}
	t.Logf("%d/%d corpus files with RDAT decode with no warning or error, every byte claimed and every reference resolved", ok, len(decoded))
	if len(decoded) == 0 {
		corpus.Skip(t, "RDAT part", "no file of this corpus has an RDAT part")
	}
}

// checkRDATReferences re-resolves every raw reference from the raw tables
// (StringBuffer starts, IndexArrays, row counts) instead of trusting the
// decoder's resolved fields, and compares.
func checkRDATReferences(d *RuntimeData) []string {
	var bad []string
	starts := map[uint32]string{}
	if d.StringBuffer != nil {
		for _, s := range d.StringBuffer.Strings {
			starts[s.Offset] = s.Value
		}
	}
	str := func(what string, off uint32, got string) {
		if off == rdatNull {
			return
		}
		want, ok := starts[off]
		if !ok {
			bad = append(bad, what+": string offset not the start of a string")
		} else if want != got {
			bad = append(bad, what+": resolved to "+got+", buffer has "+want)
		}
	}
	arr := func(what string, ref uint32, got []uint32) {
		if ref == rdatNull {
			if len(got) != 0 {
				bad = append(bad, what+": null reference resolved to elements")
			}
			return
		}
		if int(ref) >= len(d.IndexArrays) || int(ref)+1+int(d.IndexArrays[ref]) > len(d.IndexArrays) {
			bad = append(bad, what+": index array reference out of range")
			return
		}
		want := d.IndexArrays[ref+1 : ref+1+d.IndexArrays[ref]]
		if len(want) != len(got) || (len(want) > 0 && !reflect.DeepEqual(want, got)) {
			bad = append(bad, what+": index array mismatch")
		}
	}
	rows := func(what string, v []uint32, n int) {
		for _, r := range v {
			if int(r) >= n {
				bad = append(bad, what+": row out of range")
			}
		}
	}
	count := func(n int, present bool) int {
		if !present {
			return 0
		}
		return n
	}
	nRes, nNodeID := d.ResourceTable.Len(), 0
	nIOA, nFA := d.NodeShaderIOAttribTable.Len(), d.NodeShaderFuncAttribTable.Len()
	nIO, nNSI := d.IONodeTable.Len(), d.NodeShaderInfoTable.Len()
	if d.ResourceTable != nil {
		for _, r := range d.ResourceTable.Records {
			str("resource name", r.NameOffset, r.Name)
		}
	}
	if d.NodeIDTable != nil {
		nNodeID = count(len(d.NodeIDTable.Records), true)
		for _, r := range d.NodeIDTable.Records {
			str("node ID name", r.NameOffset, r.Name)
		}
	}
	if d.FunctionTable != nil {
		for _, f := range d.FunctionTable.Records {
			str("function name", f.NameOffset, f.Name)
			str("unmangled name", f.UnmangledNameOffset, f.UnmangledName)
			arr("resources", f.ResourcesRef, f.Resources)
			rows("resources", f.Resources, nRes)
			if f.FunctionDependenciesRef != rdatNull {
				arr("dependencies", f.FunctionDependenciesRef, nil)
			}
			if f.FunctionInfo2 != nil && f.Node != nil && int(*f.Node) >= nNSI {
				bad = append(bad, "function node row out of range")
			}
		}
	}
	if d.NodeShaderInfoTable != nil {
		for _, n := range d.NodeShaderInfoTable.Records {
			arr("node attribs", n.AttribsRef, n.Attribs)
			rows("node attribs", n.Attribs, nFA)
			arr("node outputs", n.OutputsRef, n.Outputs)
			rows("node outputs", n.Outputs, nIO)
			arr("node inputs", n.InputsRef, n.Inputs)
			rows("node inputs", n.Inputs, nIO)
		}
	}
	if d.IONodeTable != nil {
		for _, n := range d.IONodeTable.Records {
			arr("io attribs", n.AttribsRef, n.Attribs)
			rows("io attribs", n.Attribs, nIOA)
		}
	}
	if d.NodeShaderFuncAttribTable != nil {
		for _, a := range d.NodeShaderFuncAttribTable.Records {
			if (a.ID != nil && int(*a.ID) >= nNodeID) || (a.ShareInputOf != nil && int(*a.ShareInputOf) >= nNodeID) {
				bad = append(bad, "func attrib node ID out of range")
			}
			if a.NumThreads != nil {
				arr("NumThreads", a.Value, a.NumThreads)
			}
			if a.MaxDispatchGrid != nil {
				arr("MaxDispatchGrid", a.Value, a.MaxDispatchGrid)
			}
		}
	}
	if d.NodeShaderIOAttribTable != nil {
		for _, a := range d.NodeShaderIOAttribTable.Records {
			if a.OutputID != nil && int(*a.OutputID) >= nNodeID {
				bad = append(bad, "OutputID out of range")
			}
		}
	}
	if d.SubobjectTable != nil {
		for _, s := range d.SubobjectTable.Records {
			str("subobject name", s.NameOffset, s.Name)
			if s.HitGroup != nil {
				str("AnyHit", s.HitGroup.AnyHitOffset, s.HitGroup.AnyHit)
				str("ClosestHit", s.HitGroup.ClosestHitOffset, s.HitGroup.ClosestHit)
				str("Intersection", s.HitGroup.IntersectionOffset, s.HitGroup.Intersection)
			}
			if a := s.SubobjectToExportsAssociation; a != nil {
				str("association subobject", a.SubobjectOffset, a.Subobject)
				if int(a.ExportsRef) >= len(d.IndexArrays) {
					bad = append(bad, "exports reference out of range")
				} else {
					for i, off := range d.IndexArrays[a.ExportsRef+1 : a.ExportsRef+1+d.IndexArrays[a.ExportsRef]] {
						str("export", off, a.Exports[i])
					}
				}
			}
			if rs := s.RootSignature; rs != nil && int64(rs.Data.Offset)+int64(rs.Data.Size) > int64(len(d.RawBytes)) {
				bad = append(bad, "root signature bytes outside RawBytes")
			}
		}
	}
	return bad
}

const rdatVkd3dProton = "real/HansKristian-Work__vkd3d-proton/"

func rdatOf(t *testing.T, rel string) *RuntimeData {
	t.Helper()
	f, err := Parse(corpus.Bytes(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	p := f.Part("RDAT")
	if p == nil || p.RuntimeData == nil {
		t.Fatalf("%s: no decoded RDAT", rel)
	}
	return p.RuntimeData
}

// rdatHandFunction is what the HLSL source beside the file (or xxd of the part)
// says about one function.
type rdatHandFunction struct {
	unmangled string
	kind      string
	resources []string
}

// TestRDATLibrariesReadByHand checks functions, kinds, resources and
// subobjects against the .hlsl.txt sources beside two raytracing libraries.
func TestRDATLibrariesReadByHand(t *testing.T) {
	tests := []struct {
		file       string
		resources  []string // ResourceTable names, in order (register order u0..)
		functions  []rdatHandFunction
		subobjects []string // Kind:Name
	}{
		{
			// Four ray-generation shaders, each writing two of U0..U3.
			file:      rdatVkd3dProton + "d3d12_raytracing.c__rt_lib_dxil__v2.dxil",
			resources: []string{"U0", "U1", "U2", "U3"},
			functions: []rdatHandFunction{
				{"Entry1", "RayGeneration", []string{"U0", "U3"}},
				{"Entry2", "RayGeneration", []string{"U1", "U3"}},
				{"Entry3", "RayGeneration", []string{"U1", "U2"}},
				{"Entry4", "RayGeneration", []string{"U1", "U3"}},
			},
		},
		{
			// Hit groups, root signatures and associations declared in HLSL.
			file:      rdatVkd3dProton + "d3d12_raytracing.c__rt_lib_dxil__v7.dxil",
			resources: []string{"RW1", "RW2", "RW3", "RW4"},
			functions: []rdatHandFunction{
				{"RayClosestHit", "ClosestHit", []string{"RW1", "RW3"}},
				{"RayClosestHitAABB", "ClosestHit", []string{"RW1", "RW4"}},
				{"RayIntersect", "Intersection", []string{"RW4"}},
				{"RayGen", "RayGeneration", []string{"RW1", "RW2"}},
			},
			subobjects: []string{"RaytracingShaderConfig:config", "RaytracingPipelineConfig:pconfig",
				"GlobalRootSignature:grs", "GlobalRootSignature:grs_dummy", "LocalRootSignature:lrs_raygen",
				"LocalRootSignature:lrs_other1", "LocalRootSignature:lrs_other2", "HitGroup:thg", "HitGroup:phg",
				"SubobjectToExportsAssociation:exports1", "SubobjectToExportsAssociation:exports2",
				"SubobjectToExportsAssociation:exports3", "SubobjectToExportsAssociation:exports4"},
		},
	}
	for _, tc := range tests {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			d := rdatOf(t, tc.file)
			var res []string
			for _, r := range d.ResourceTable.Records {
				res = append(res, r.Name)
				if r.ClassName != "UAV" || r.KindName != "StructuredBuffer" {
					t.Errorf("resource %s is %s %s, the source declares RWStructuredBuffer", r.Name, r.ClassName, r.KindName)
				}
			}
			if !reflect.DeepEqual(res, tc.resources) {
				t.Errorf("resources %v, want %v", res, tc.resources)
			}
			if len(d.FunctionTable.Records) != len(tc.functions) {
				t.Fatalf("%d functions, want %d", len(d.FunctionTable.Records), len(tc.functions))
			}
			for i, want := range tc.functions {
				f := d.FunctionTable.Records[i]
				if f.UnmangledName != want.unmangled || f.ShaderKindName != want.kind || !reflect.DeepEqual(f.ResourceNames, want.resources) {
					t.Errorf("function %d = %s %s %v, want %s %s %v", i, f.UnmangledName, f.ShaderKindName, f.ResourceNames, want.unmangled, want.kind, want.resources)
				}
				if !strings.Contains(f.Name, want.unmangled) {
					t.Errorf("mangled name %q does not contain %q", f.Name, want.unmangled)
				}
				if f.ShaderStageFlag != 1<<uint32(f.ShaderKind) {
					t.Errorf("%s: ShaderStageFlag 0x%x, want 1<<ShaderKind", f.UnmangledName, f.ShaderStageFlag)
				}
			}
			var subs []string
			if d.SubobjectTable != nil {
				for _, s := range d.SubobjectTable.Records {
					subs = append(subs, s.KindName+":"+s.Name)
				}
			}
			if !reflect.DeepEqual(subs, tc.subobjects) {
				t.Errorf("subobjects %v, want %v", subs, tc.subobjects)
			}
		})
	}

	// Details of v7 from its source: config = {4, 8}; pconfig = {1};
	// phg = {"", "RayClosestHitAABB", "RayIntersect"}; exports1 = {"grs", "thg;phg;RayGen"}.
	d := rdatOf(t, rdatVkd3dProton+"d3d12_raytracing.c__rt_lib_dxil__v7.dxil")
	s := d.SubobjectTable.Records
	if c := s[0].RaytracingShaderConfig; c == nil || c.MaxPayloadSizeInBytes != 4 || c.MaxAttributeSizeInBytes != 8 {
		t.Errorf("config = %+v, want {4 8}", c)
	}
	if c := s[1].RaytracingPipelineConfig; c == nil || c.MaxTraceRecursionDepth != 1 {
		t.Errorf("pconfig = %+v, want {1}", c)
	}
	if h := s[8].HitGroup; h == nil || h.TypeName != "ProceduralPrimitive" || h.AnyHit != "" || h.ClosestHit != "RayClosestHitAABB" || h.Intersection != "RayIntersect" {
		t.Errorf("phg = %+v", h)
	}
	if h := s[7].HitGroup; h == nil || h.TypeName != "Triangle" || h.ClosestHit != "RayClosestHit" {
		t.Errorf("thg = %+v", h)
	}
	if a := s[9].SubobjectToExportsAssociation; a == nil || a.Subobject != "grs" || !reflect.DeepEqual(a.Exports, []string{"thg", "phg", "RayGen"}) {
		t.Errorf("exports1 = %+v", a)
	}
	// "UAV(u0)": a version-1.1 root signature of one root UAV parameter: 24-byte
	// header, 12-byte parameter, 12-byte descriptor = 48 bytes; its second
	// dword (NumParameters) is 1 and the parameter type (dword 6) is 4 = UAV.
	rs := s[2].RootSignature
	if rs == nil || rs.Data.Size != 48 {
		t.Fatalf("grs root signature = %+v, want 48 bytes", rs)
	}
	raw := d.RawBytes[rs.Data.Offset : rs.Data.Offset+rs.Data.Size]
	if binary.LittleEndian.Uint32(raw[4:]) != 1 || binary.LittleEndian.Uint32(raw[24:]) != 4 {
		t.Errorf("grs bytes %x do not hold one root UAV parameter", raw)
	}
}

// TestRDATWorkGraphReadByHand checks a work-graph library against its bytes
// (read with xxd: StringBuffer "\0RWBuf0\0RWBuf1\0EntryNode\0Broadcast0\0Broadcast1\0",
// IndexArrays [3 8 1 1][3 256 1 1][3 0 1 2][1 0]..., NodeShaderInfo rows
// {1,0,...}) and the vkd3d-proton test it comes from: EntryNode broadcasts to
// Broadcast0 and Broadcast1 through two NodeOutputs.
func TestRDATWorkGraphReadByHand(t *testing.T) {
	d := rdatOf(t, rdatVkd3dProton+"two_level_broadcast.h__two_level_broadcast_code_dxil.dxil")
	if got := d.Summary(); got != "3 functions, 2 resources, 0 subobjects, 3 nodes" {
		t.Errorf("summary %q", got)
	}
	if d.FunctionTable.RecordType != "RuntimeDataFunctionInfo2" || d.FunctionTable.RecordStride != 52 {
		t.Errorf("function table is %s stride %d, want RuntimeDataFunctionInfo2 stride 52", d.FunctionTable.RecordType, d.FunctionTable.RecordStride)
	}
	wantFn := []rdatHandFunction{{"EntryNode", "Node", []string{}}, {"Broadcast0", "Node", []string{"RWBuf0"}}, {"Broadcast1", "Node", []string{"RWBuf1"}}}
	for i, w := range wantFn {
		f := d.FunctionTable.Records[i]
		if f.Name != w.unmangled || f.ShaderKindName != w.kind || !reflect.DeepEqual(f.ResourceNames, w.resources) {
			t.Errorf("function %d = %s %s %v, want %v", i, f.Name, f.ShaderKindName, f.ResourceNames, w)
		}
		if f.MinShaderTarget != 0xf0068 || f.MinShaderTargetName != "lib_6_8" || f.ShaderStageFlag != 0x8000 {
			t.Errorf("%s: MinShaderTarget 0x%x %s, stage 0x%x", f.Name, f.MinShaderTarget, f.MinShaderTargetName, f.ShaderStageFlag)
		}
		if f.Node == nil || *f.Node != uint32(i) {
			t.Errorf("%s: node row %v, want %d", f.Name, f.Node, i)
		}
	}
	if r := d.ResourceTable.Records[1]; r.Name != "RWBuf1" || r.ClassName != "UAV" || r.KindName != "StructuredBuffer" || r.LowerBound != 1 || r.UpperBound != 1 || r.ID != 1 {
		t.Errorf("resource 1 = %+v", r)
	}
	if len(d.Nodes) != 3 {
		t.Fatalf("%d resolved nodes, want 3", len(d.Nodes))
	}
	entry := d.Nodes[0]
	if entry.Function != "EntryNode" || entry.LaunchType != "Broadcasting" || entry.ID != "EntryNode[0]" ||
		!reflect.DeepEqual(entry.NumThreads, []uint32{8, 1, 1}) || !reflect.DeepEqual(entry.MaxDispatchGrid, []uint32{256, 1, 1}) {
		t.Errorf("entry node = %+v", entry)
	}
	if len(entry.Inputs) != 1 || entry.Inputs[0].Kind != "DispatchNodeInputRecord" || entry.Inputs[0].Attributes["RecordSizeInBytes"] != "20" {
		t.Errorf("entry inputs = %+v", entry.Inputs)
	}
	if len(entry.Outputs) != 2 {
		t.Fatalf("entry outputs = %+v", entry.Outputs)
	}
	for i, want := range []string{"Broadcast0[0]", "Broadcast1[0]"} {
		o := entry.Outputs[i]
		if o.Kind != "NodeOutput" || o.Attributes["OutputID"] != want || o.Attributes["MaxRecords"] != "8" || o.Attributes["RecordSizeInBytes"] != "12" {
			t.Errorf("entry output %d = %+v, want NodeOutput to %s with MaxRecords 8, 12-byte records", i, o, want)
		}
	}
	for i, n := range d.Nodes[1:] {
		want := []string{"Broadcast0[0]", "Broadcast1[0]"}[i]
		if n.ID != want || !reflect.DeepEqual(n.MaxDispatchGrid, []uint32{1024, 1, 1}) || len(n.Outputs) != 0 || len(n.Inputs) != 1 {
			t.Errorf("node %s = %+v", want, n)
		}
	}
	// IOFlagsAndKind 0x61 = Input | DispatchRecord; 0x6 = Output | ReadWrite (DXIL 1.8 NodeIOKind).
	if io := d.IONodeTable.Records[0]; io.IOFlagsAndKind != 0x61 || io.IOKindName != "DispatchNodeInputRecord" {
		t.Errorf("IONode 0 = %+v", io)
	}
	if io := d.IONodeTable.Records[1]; io.IOFlagsAndKind != 0x6 || io.IOKindName != "NodeOutput" || io.IOFlagsNames.String() != "Output | ReadWrite" {
		t.Errorf("IONode 1 = %+v", io)
	}
	// IO attribute 1 is RecordDispatchGrid 0x00150000: ByteOffset 0, 1 component of type 5 (U32).
	if g := d.NodeShaderIOAttribTable.Records[1].RecordDispatchGrid; g == nil || g.ByteOffset != 0 || g.NumComponents != 1 || g.ComponentTypeName != "U32" {
		t.Errorf("RecordDispatchGrid = %+v", g)
	}
}

// ---- hand-made blobs: rules and damage ----

func TestRDATFramingAndTableRules(t *testing.T) {
	names := rdatStrings("", "res", "fn")
	resRec := []uint32{1, 12, 0, 0, 0, 0, 1, 0} // UAV StructuredBuffer "res"
	tests := []struct {
		name       string
		blob       []byte
		errors     int
		warnings   int
		notes      int
		check      func(t *testing.T, d *RuntimeData)
		wantSubstr string
	}{
		{
			name: "valid resource table",
			blob: buildRDAT(0x10, rdatPartSpec{1, names}, rdatPartSpec{3, rdatTableBody(1, 32, resRec...)}),
			check: func(t *testing.T, d *RuntimeData) {
				if d.ResourceTable.Records[0].Name != "res" || d.ResourceTable.Records[0].KindName != "StructuredBuffer" {
					t.Errorf("resource %+v", d.ResourceTable.Records[0])
				}
			},
		},
		{
			name:  "stride larger than the record keeps a tail",
			blob:  buildRDAT(0x10, rdatPartSpec{1, names}, rdatPartSpec{3, rdatTableBody(1, 36, append(resRec, 0xdead)...)}),
			notes: 1, wantSubstr: "4 more than",
			check: func(t *testing.T, d *RuntimeData) {
				if len(d.ResourceTable.Records) != 1 || d.ResourceTable.Records[0].Name != "res" {
					t.Errorf("records %+v", d.ResourceTable.Records)
				}
			},
		},
		{
			name:   "stride smaller than the record is an error",
			blob:   buildRDAT(0x10, rdatPartSpec{1, names}, rdatPartSpec{3, rdatTableBody(1, 28, resRec[:7]...)}),
			errors: 1, wantSubstr: "smaller than the 32 bytes",
		},
		{
			name:     "dangling string reference",
			blob:     buildRDAT(0x10, rdatPartSpec{1, names}, rdatPartSpec{3, rdatTableBody(1, 32, 1, 12, 0, 0, 0, 0, 99, 0)}),
			warnings: 1, wantSubstr: "string offset 99",
			check: func(t *testing.T, d *RuntimeData) {
				if d.DanglingReferences != 1 {
					t.Errorf("DanglingReferences %d", d.DanglingReferences)
				}
			},
		},
		{
			name: "dangling resource row and index array",
			blob: buildRDAT(0x10, rdatPartSpec{1, names}, rdatPartSpec{2, rdatWords(1, 5, 7)},
				rdatPartSpec{3, rdatTableBody(1, 32, resRec...)},
				// Resources -> index array 0 = [5] (no row 5); FunctionDependencies -> element 2 (count 7, overruns).
				rdatPartSpec{4, rdatTableBody(1, 44, 5, 5, 0, 2, 6, 0, 0, 0, 0, 64, 0x60063)}),
			warnings: 2, wantSubstr: "row 5 of ResourceTable",
		},
		{
			name:   "old version",
			blob:   buildRDAT(0x0f),
			errors: 1, wantSubstr: "version is 0xf",
		},
		{
			name:     "unknown part type kept raw",
			blob:     buildRDAT(0x10, rdatPartSpec{1, names}, rdatPartSpec{0x99, rdatWords(1, 2)}),
			notes:    1,
			warnings: 0, wantSubstr: "not one this decoder knows",
		},
		{
			name:   "part count larger than the data",
			blob:   append(rdatWords(0x10, 0xFFFFFFFF), rdatWords(16)...),
			errors: 2, wantSubstr: "PartCount is 4294967295",
		},
		{
			name:   "record count larger than the part",
			blob:   buildRDAT(0x10, rdatPartSpec{1, names}, rdatPartSpec{3, rdatTableBody(0x10000000, 32, resRec...)}),
			errors: 1, wantSubstr: "268435456 records",
		},
		{
			name: "PDB info group tables",
			blob: buildRDAT(0x10,
				rdatPartSpec{1, rdatStrings("", "a.hlsl", "float4 main() : SV_Target { return 0; }", "-E", "main", "x.pdb")},
				rdatPartSpec{2, rdatWords(1, 0, 2, 48, 51)},
				rdatPartSpec{5, []byte{1, 2, 3, 4}},
				rdatPartSpec{0x10002, rdatTableBody(1, 8, 1, 8)},
				rdatPartSpec{0x10001, rdatTableBody(1, 44, 0, rdatNull, 2, 0, 4, 56, 0, 0, 0, 0, 0)}),
			check: func(t *testing.T, d *RuntimeData) {
				p := d.DxilPdbInfoTable.Records[0]
				if !reflect.DeepEqual(p.Sources, []uint32{0}) || d.DxilPdbInfoSourceTable.Records[0].Name != "a.hlsl" ||
					p.PdbName != "x.pdb" || p.Hash.String() != "01020304" || !reflect.DeepEqual(p.ArgPairs, []string{"-E", "main"}) {
					t.Errorf("pdb info %+v", p)
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, probs, spans := ParseRuntimeData(tc.blob)
			if rdCountSev(probs, Error) != tc.errors || rdCountSev(probs, Warning) != tc.warnings || rdCountSev(probs, Note) != tc.notes {
				t.Errorf("got %d errors, %d warnings, %d notes; want %d, %d, %d:\n%s", rdCountSev(probs, Error), rdCountSev(probs, Warning),
					rdCountSev(probs, Note), tc.errors, tc.warnings, tc.notes, rdProblemText(probs))
			}
			if tc.wantSubstr != "" && !strings.Contains(rdProblemText(probs), tc.wantSubstr) {
				t.Errorf("no problem mentions %q:\n%s", tc.wantSubstr, rdProblemText(probs))
			}
			for _, s := range spans {
				if s.Off < 0 || s.End() > int64(len(tc.blob)) {
					t.Errorf("span %+v outside the %d-byte blob", s, len(tc.blob))
				}
			}
			if tc.check != nil {
				if d == nil {
					t.Fatal("no RuntimeData")
				}
				tc.check(t, d)
			}
			if _, err := json.Marshal(d); err != nil {
				t.Errorf("JSON: %v", err)
			}
		})
	}
}

// TestRDATExperimentalStageTables builds a pixel-shader FunctionInfo2 whose
// union points into PSInfoTable, whose input list names a SignatureElement.
func TestRDATExperimentalStageTables(t *testing.T) {
	blob := buildRDAT(0x10,
		rdatPartSpec{1, rdatStrings("", "TEXCOORD", "main")},
		rdatPartSpec{2, rdatWords(1, 0)},
		// SemanticName "TEXCOORD", indices [0], kind Arbitrary, F32, Linear, row 1, 2 cols from col 1, usage 0x3.
		rdatPartSpec{13, rdatTableBody(1, 16, 1, 0, 0x01020900, 0x00000305)},
		rdatPartSpec{15, rdatTableBody(1, 8, 0, rdatNull)},
		rdatPartSpec{4, rdatTableBody(1, 52, 10, 10, rdatNull, rdatNull, 0, 0, 0, 0, 0, 1, 0x60, 0x00040000, 0)},
		rdatPartSpec{1, rdatStrings("again")})
	d, probs, _ := ParseRuntimeData(blob)
	if rdCountSev(probs, Error) != 0 || rdCountSev(probs, Warning) != 1 || rdCountSev(probs, Note) != 1 ||
		!strings.Contains(rdProblemText(probs), "a second StringBuffer") || !strings.Contains(rdProblemText(probs), "experimental") {
		t.Errorf("problems:\n%s", rdProblemText(probs))
	}
	se := d.SignatureElementTable.Records[0]
	if se.SemanticName != "TEXCOORD" || se.ComponentTypeName != "F32" || se.InterpolationModeName != "Linear" ||
		se.StartRow != 1 || se.Cols != 2 || se.StartCol != 1 || se.UsageMask != 3 || len(se.SemanticIndices) != 1 {
		t.Errorf("signature element %+v", se)
	}
	ps := d.PSInfoTable.Records[0].Fields
	if len(ps) != 2 || ps[0].Name != "SigInputElements" || len(ps[0].Rows) != 1 || ps[0].Rows[0] != 0 || ps[1].Value != rdatNull {
		t.Errorf("PSInfo %+v", ps)
	}
	fn := d.FunctionTable.Records[0]
	if fn.ShaderKindName != "Pixel" || fn.FunctionInfo2 == nil || fn.PS == nil || *fn.PS != 0 || fn.ShaderFlagsNames.String() != "DepthOutput" || fn.MinShaderTargetName != "ps_6_0" {
		t.Errorf("function %+v", fn)
	}
}

// TestRDATJSONUsesDXCNames checks the JSON keys against the names dxa
// -dumprdat prints (RDAT_LibraryTypes.inl field names).
func TestRDATJSONUsesDXCNames(t *testing.T) {
	d := rdatOf(t, rdatVkd3dProton+"d3d12_raytracing.c__rt_lib_dxil__v2.dxil")
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	fn := m["FunctionTable"].(map[string]any)["Records"].([]any)[0].(map[string]any)
	for _, k := range []string{"Name", "UnmangledName", "Resources", "FunctionDependencies", "ShaderKind", "ShaderKindName",
		"PayloadSizeInBytes", "AttributeSizeInBytes", "FeatureInfo1", "FeatureInfo2", "ShaderStageFlag", "MinShaderTarget"} {
		if _, ok := fn[k]; !ok {
			t.Errorf("function JSON lacks %s", k)
		}
	}
	if fn["ShaderKind"].(float64) != 7 || fn["ShaderKindName"] != "RayGeneration" {
		t.Errorf("ShaderKind %v %v", fn["ShaderKind"], fn["ShaderKindName"])
	}
}

// TestRDATPrefixesNeverPanic decodes every prefix of every corpus RDAT part.
func TestRDATPrefixesNeverPanic(t *testing.T) {
	_, decoded := rdatCorpus(t)
	n := 0
	for _, f := range decoded {
		data := f.Part("RDAT").Data()
		// Every prefix through the header and offsets, then every 5th.
		for i := 0; i <= len(data); i += map[bool]int{true: 1, false: 5}[i < 64] {
			d, probs, spans := ParseRuntimeData(data[:i])
			rdNoInternalError(t, probs)
			for _, s := range spans {
				if s.Off < 0 || s.End() > int64(i) {
					t.Fatalf("prefix %d: span %+v out of bounds", i, s)
				}
			}
			_ = d
			n++
		}
	}
	t.Logf("%d prefixes decoded without a panic", n)
}

func rdNoInternalError(t testing.TB, probs []Problem) {
	for _, p := range probs {
		if strings.Contains(p.Message, "internal decoder error") {
			t.Fatalf("decoder panicked: %s", p)
		}
	}
}

func FuzzRDAT(f *testing.F) {
	if dir, ok := corpus.Dir(); ok {
		if es, err := corpus.Read(dir); err == nil {
			for _, e := range es {
				if !e.Has("RDAT") {
					continue
				}
				b, err := os.ReadFile(e.Path)
				if err != nil {
					continue
				}
				if cf, err := Parse(b); err == nil {
					f.Add(cf.Part("RDAT").Data())
				}
			}
		}
	}
	f.Add(buildRDAT(0x10, rdatPartSpec{1, rdatStrings("", "a")}, rdatPartSpec{2, rdatWords(1, 0)},
		rdatPartSpec{3, rdatTableBody(1, 32, 1, 12, 0, 0, 0, 0, 1, 0)},
		rdatPartSpec{4, rdatTableBody(1, 52, 1, 1, 0, rdatNull, 15, 0, 0, 0, 0, 0x8000, 0xf0068, 0, 0)},
		rdatPartSpec{11, rdatTableBody(1, 20, 1, 0, rdatNull, rdatNull, rdatNull)}))
	for _, b := range hostile.Seeds() {
		if d := hostile.PartData(b, "RDAT"); d != nil {
			f.Add(d)
		}
	}
	warmJSON()
	f.Fuzz(func(t *testing.T, b []byte) {
		defer corpus.CheckAlloc(t, corpus.DecodeAlloc, len(b))()
		d, probs, spans := ParseRuntimeData(b)
		rdNoInternalError(t, probs)
		for _, s := range spans {
			if s.Off < 0 || s.Size < 0 || s.End() > int64(len(b)) {
				t.Fatalf("span %+v outside the %d-byte input", s, len(b))
			}
		}
		if d != nil {
			if _, err := json.Marshal(d); err != nil {
				t.Fatalf("JSON: %v", err)
			}
		}
	})
}

func BenchmarkRDAT(b *testing.B) {
	benchPart(b, rdatVkd3dProton+"two_level_empty_node.h__two_level_empty_node_code_dxil.dxil", "RDAT", func(d []byte) { ParseRuntimeData(d) })
}

// benchPart times a part decoder on one corpus file's part.
func benchPart(b *testing.B, rel, part string, decode func([]byte)) {
	_, data := corpus.File(b, rel)
	f, _ := Parse(data)
	p := f.Part(part)
	if p == nil {
		b.Fatalf("%s has no %s", rel, part)
	}
	b.SetBytes(int64(len(p.Data())))
	for i := 0; i < b.N; i++ {
		decode(p.Data())
	}
}

// TestRDATSharedIndexArrayIsBounded: many records naming one huge index array
// must not resolve it again and again without bound.
func TestRDATSharedIndexArrayIsBounded(t *testing.T) {
	n := rdatResolveBudget/2 + 10
	idx := make([]uint32, n+1)
	idx[0] = uint32(n)
	var recs []uint32
	for i := 0; i < 3; i++ {
		recs = append(recs, 0x61, 0) // IONode: DispatchNodeInputRecord, Attribs -> index array 0
	}
	blob := buildRDAT(0x10, rdatPartSpec{2, rdatWords(idx...)},
		rdatPartSpec{8, rdatTableBody(1, 8, 2, 1)},
		rdatPartSpec{10, rdatTableBody(3, 8, recs...)})
	d, probs, _ := ParseRuntimeData(blob)
	if rdCountSev(probs, Warning) != 1 || !strings.Contains(rdProblemText(probs), "kept as raw values only") {
		t.Errorf("problems:\n%s", rdProblemText(probs))
	}
	if len(d.IONodeTable.Records[0].Attribs) != n || d.IONodeTable.Records[2].Attribs == nil {
		t.Errorf("first record resolved %d attribs", len(d.IONodeTable.Records[0].Attribs))
	}
}
