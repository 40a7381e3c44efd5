package reflect_test

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/reflect"
	"github.com/dxscope/dxscope/internal/corpus"
	"gopkg.in/yaml.v3"
)

func TestMain(m *testing.M) { corpus.Main(m) }

// reflected is one corpus container and its reflection.
type reflected struct {
	e corpus.Entry
	f *decode.File
	r *reflect.Reflection
}

func reflectCorpus(t *testing.T) []reflected {
	t.Helper()
	var out []reflected
	for _, e := range corpus.Entries(t) {
		f, err := decode.Parse(e.Bytes(t))
		if err != nil {
			continue
		}
		out = append(out, reflected{e, f, reflect.Reflect(f)})
	}
	return out
}

// listingType is how the listings spell a D3D_SHADER_INPUT_TYPE, as FXC's and
// DXC's listings in the corpus spell them.
var listingType = map[string]string{"D3D_SIT_CBUFFER": "cbuffer", "D3D_SIT_TBUFFER": "tbuffer", "D3D_SIT_TEXTURE": "texture",
	"D3D_SIT_SAMPLER": "sampler", "D3D_SIT_UAV_RWTYPED": "UAV", "D3D_SIT_STRUCTURED": "texture", "D3D_SIT_UAV_RWSTRUCTURED": "UAV",
	"D3D_SIT_BYTEADDRESS": "texture", "D3D_SIT_UAV_RWBYTEADDRESS": "UAV", "D3D_SIT_UAV_APPEND_STRUCTURED": "UAV",
	"D3D_SIT_UAV_CONSUME_STRUCTURED": "UAV", "D3D_SIT_UAV_RWSTRUCTURED_WITH_COUNTER": "UAV"}

// Reflection against the compilers' own listings: FXC's Buffer Definitions
// (each constant buffer's variables: name, offset, size) and Resource
// Bindings (name, type, bind point, count, space), DXC's Resource Bindings
// header likewise.
func TestReflectionMatchesListings(t *testing.T) {
	var files, shortened, buffers, vars, binds, dxc int
	for _, x := range reflectCorpus(t) {
		if strings.Contains(strings.Join(x.r.Absent, " "), "type trees") {
			t.Errorf("%s: the type trees were cut: the budget is too small for real files", x.e.Rel)
		}
		text := x.e.ListingText(t)
		if text == "" || x.r.Container == "" {
			continue
		}
		l := corpus.ParseListing(text)
		if !l.Full {
			shortened++
			continue
		}
		files++
		if l.DXC {
			dxc++
		}
		var bad []string
		if !l.DXC { // DXC's listing header has no variables to compare
			if len(l.Buffers) != len(x.r.ConstantBuffers) {
				bad = append(bad, fmt.Sprintf("%d constant buffers, the listing %d", len(x.r.ConstantBuffers), len(l.Buffers)))
			}
			for i := 0; i < len(l.Buffers) && i < len(x.r.ConstantBuffers); i++ {
				lb, cb := l.Buffers[i], x.r.ConstantBuffers[i]
				buffers++
				kind := map[string]string{"D3D_CT_CBUFFER": "cbuffer", "D3D_CT_TBUFFER": "tbuffer", "D3D_CT_RESOURCE_BIND_INFO": "resource bind info"}[cb.Desc.TypeName]
				if lb.Name != cb.Desc.Name || lb.Kind != kind {
					bad = append(bad, fmt.Sprintf("buffer %d is %s %s, the listing's %s %s", i, kind, cb.Desc.Name, lb.Kind, lb.Name))
				}
				if len(lb.Vars) != len(cb.Variables) {
					bad = append(bad, fmt.Sprintf("%s: %d variables, the listing %d", cb.Desc.Name, len(cb.Variables), len(lb.Vars)))
					continue
				}
				for j, l := range lb.Vars {
					v := cb.Variables[j].Desc
					vars++
					// Name, offset and size: the type's spelling is RDEF's test.
					lv := [3]any{l.Name, l.Offset, l.Size}
					if got := ([3]any{v.Name, v.StartOffset, v.Size}); got != lv {
						bad = append(bad, fmt.Sprintf("%s: variable %+v, the listing's %+v", cb.Desc.Name, got, lv))
					}
				}
			}
		}
		if len(l.Bindings) != len(x.r.BoundResources) {
			bad = append(bad, fmt.Sprintf("%d bound resources, the listing %d", len(x.r.BoundResources), len(l.Bindings)))
		} else {
			for i, l := range l.Bindings {
				b := x.r.BoundResources[i]
				binds++
				typ := listingType[b.TypeName]
				count := fmt.Sprint(b.BindCount)
				if b.BindCount == 0 || b.BindCount == 0xFFFFFFFF {
					count = "unbounded"
				}
				lb := [5]any{l.Name, l.Type, l.Point, l.Space, l.Count}
				got := [5]any{b.Name, typ, b.BindPoint, b.Space, count}
				if got != lb {
					bad = append(bad, fmt.Sprintf("binding %d is %+v, the listing's %+v", i, got, lb))
				}
			}
		}
		if len(bad) > 0 {
			t.Errorf("%s disagrees with its listing:\n  %s", x.e.Rel, strings.Join(bad, "\n  "))
		}
	}
	t.Logf("%d listings compared (%d DXC), %d shortened upstream without tables: %d constant buffers, %d variables, %d bindings",
		files, dxc, shortened, buffers, vars, binds)
	if files == 0 {
		corpus.Skip(t, "corpus", "no listings in the corpus")
	}
}

// The reflection's bindings of every DXIL shader against PSV0's, which DXC
// writes from the module separately from the metadata reflection reads, and
// a library's per-function bindings against RDAT's resource table.
func TestDXILBindingsMatchPSV0AndRDAT(t *testing.T) {
	psvType := map[string][]decode.PSVResourceType{
		"D3D_SIT_CBUFFER": {2}, "D3D_SIT_SAMPLER": {1}, "D3D_SIT_TEXTURE": {3}, "D3D_SIT_TBUFFER": {3},
		"D3D_SIT_STRUCTURED": {5}, "D3D_SIT_BYTEADDRESS": {4}, "D3D_SIT_RTACCELERATIONSTRUCTURE": {4},
		"D3D_SIT_UAV_RWTYPED": {6}, "D3D_SIT_UAV_FEEDBACKTEXTURE": {6}, "D3D_SIT_UAV_RWBYTEADDRESS": {7},
		"D3D_SIT_UAV_RWSTRUCTURED": {8}, "D3D_SIT_UAV_RWSTRUCTURED_WITH_COUNTER": {9},
	}
	var shaders, binds, libs, fns, fnBinds int
	for _, x := range reflectCorpus(t) {
		if x.r.Container != "DXIL" {
			continue
		}
		if x.r.LibraryDesc != nil {
			libs++
			rd := x.f.Part("RDAT").RuntimeData
			for i, fn := range x.r.Functions {
				fns++
				rec := rd.FunctionTable.Records[i]
				if fn.Desc.Name != rec.Name || len(fn.BoundResources) != len(rec.Resources) {
					t.Errorf("%s: function %d is %s with %d bindings; RDAT's %s has %d", x.e.Rel, i, fn.Desc.Name, len(fn.BoundResources), rec.Name, len(rec.Resources))
					continue
				}
				names := map[string]bool{}
				for _, n := range rec.ResourceNames {
					names[n] = true
				}
				for _, b := range fn.BoundResources {
					fnBinds++
					if !names[b.Name] {
						t.Errorf("%s: %s binds %q, which RDAT does not list for it", x.e.Rel, fn.Desc.Name, b.Name)
					}
				}
			}
			continue
		}
		p := x.f.Part("PSV0")
		if p == nil || p.PSVInfo == nil || x.r.BoundResources == nil {
			continue
		}
		shaders++
		res := p.PSVInfo.Resources
		if len(res) != len(x.r.BoundResources) {
			t.Errorf("%s: %d bound resources, PSV0 %d", x.e.Rel, len(x.r.BoundResources), len(res))
			continue
		}
		for i, b := range x.r.BoundResources {
			binds++
			r := res[i]
			count := uint32(0)
			if !r.Unbounded() {
				count = r.UpperBound - r.LowerBound + 1
			} else if b.TypeName == "D3D_SIT_CBUFFER" {
				count = 0xFFFFFFFF
			}
			okType := false
			for _, want := range psvType[b.TypeName] {
				okType = okType || r.Type == want
			}
			if !okType || b.BindPoint != r.LowerBound || b.BindCount != count || b.Space != r.Space {
				t.Errorf("%s: binding %d %q is %s at %d×%d space %d; PSV0's is %s at %d-%d space %d", x.e.Rel, i, b.Name, b.TypeName, b.BindPoint, b.BindCount, b.Space, r.Type, r.LowerBound, r.UpperBound, r.Space)
			}
		}
	}
	t.Logf("%d DXIL shaders, %d bindings agree with PSV0; %d libraries, %d functions, %d function bindings agree with RDAT", shaders, binds, libs, fns, fnBinds)
}

// LLVM's names (DXContainerConstants.def) for the numbers D3D12 reports,
// as obj2yaml prints them.
var (
	llvmSystemValue = map[string]uint32{"Undefined": 0, "Position": 1, "ClipDistance": 2, "CullDistance": 3, "RenderTargetArrayIndex": 4,
		"ViewPortArrayIndex": 5, "VertexID": 6, "PrimitiveID": 7, "InstanceID": 8, "IsFrontFace": 9, "SampleIndex": 10,
		"FinalQuadEdgeTessfactor": 11, "FinalQuadInsideTessfactor": 12, "FinalTriEdgeTessfactor": 13, "FinalTriInsideTessfactor": 14,
		"FinalLineDetailTessfactor": 15, "FinalLineDensityTessfactor": 16, "Barycentrics": 23, "ShadingRate": 24, "CullPrimitive": 25,
		"Target": 64, "Depth": 65, "Coverage": 66, "DepthGE": 67, "DepthLE": 68, "StencilRef": 69, "InnerCoverage": 70}
	llvmCompType = map[string]uint32{"Unknown": 0, "UInt32": 1, "SInt32": 2, "Float32": 3, "UInt16": 4, "SInt16": 5,
		"Float16": 6, "UInt64": 7, "SInt64": 8, "Float64": 9}
	llvmMinPrecision = map[string]uint32{"Default": 0, "Float16": 1, "Float2_8": 2, "Reserved": 3, "SInt16": 4, "UInt16": 5,
		"Any16": 0xf0, "Any10": 0xf1}
)

// Signature parameters against obj2yaml-19's, for every container it reads
// that has a DXIL-style signature part (LLVM reads no other).
func TestSignatureParametersMatchObj2yaml(t *testing.T) {
	tool := corpus.Tool(t, "llvm-19", "obj2yaml-19")
	var xs []reflected
	for _, x := range reflectCorpus(t) {
		if x.e.Obj2yaml == "ok" && (x.f.Part("ISG1") != nil || x.f.Part("OSG1") != nil || x.f.Part("PSG1") != nil) {
			xs = append(xs, x)
		}
	}
	paths := make([]string, len(xs))
	for i, x := range xs {
		paths[i] = x.e.Path
	}
	docs := make([]*corpus.Obj2yamlSignatures, len(xs))
	corpus.RunEach(tool, paths, func(i int, out []byte, err error) {
		if err != nil {
			t.Errorf("%s: obj2yaml-19: %v", xs[i].e.Rel, err)
			return
		}
		var d corpus.Obj2yamlSignatures
		if err := yaml.Unmarshal(out, &d); err != nil {
			t.Errorf("%s: %v", xs[i].e.Rel, err)
			return
		}
		docs[i] = &d
	})
	var files, params int
	for i, x := range xs {
		d := docs[i]
		if d == nil {
			continue
		}
		files++
		lists := map[string][]reflect.SignatureParameter{"ISG1": x.r.InputParameters, "OSG1": x.r.OutputParameters, "PSG1": x.r.PatchConstantParameters}
		for _, p := range d.Parts {
			got, ok := lists[p.Name]
			if !ok || p.Signature == nil {
				continue
			}
			if len(got) != len(p.Signature.Parameters) {
				t.Errorf("%s %s: %d parameters, obj2yaml %d", x.e.Rel, p.Name, len(got), len(p.Signature.Parameters))
				continue
			}
			for j, w := range p.Signature.Parameters {
				params++
				g := got[j]
				want := reflect.SignatureParameter{SemanticName: w.Name, SemanticIndex: w.Index, Register: w.Register,
					SystemValueType: llvmSystemValue[w.SystemValue], ComponentType: llvmCompType[w.CompType], Mask: w.Mask,
					ReadWriteMask: w.ExclusiveMask, Stream: w.Stream, MinPrecision: llvmMinPrecision[w.MinPrecision]}
				g.SystemValueName, g.ComponentTypeName, g.MinPrecisionName, g.Source = "", "", "", ""
				if g != want {
					t.Errorf("%s %s[%d]: %+v, obj2yaml %+v", x.e.Rel, p.Name, j, g, want)
				}
				if got[j].Source != p.Name {
					t.Errorf("%s %s[%d]: source %q", x.e.Rel, p.Name, j, got[j].Source)
				}
			}
		}
	}
	t.Logf("%d files, %d signature parameters agree with obj2yaml-19", files, params)
}

var (
	numthreadsRE  = regexp.MustCompile(`\[numthreads\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)\]`)
	entryAfterRE  = regexp.MustCompile(`^\s*(?:\[[^\]]*\]\s*)*\s*(?:void|[A-Za-z_]\w*)\s+([A-Za-z_]\w*)\s*\(`)
	threadGroupRE = regexp.MustCompile(`(?m)^\s*dcl_thread_group (\d+), (\d+), (\d+)\s*$`)
)

// sourceThreadGroups reads the HLSL's [numthreads(x, y, z)] attributes with
// the function each precedes.
func sourceThreadGroups(src string) map[string][3]uint32 {
	out := map[string][3]uint32{}
	for _, m := range numthreadsRE.FindAllStringSubmatchIndex(src, -1) {
		var v [3]uint32
		for k := 0; k < 3; k++ {
			n, _ := strconv.Atoi(src[m[2+2*k]:m[3+2*k]])
			v[k] = uint32(n)
		}
		if e := entryAfterRE.FindStringSubmatch(src[m[1]:]); e != nil {
			out[e[1]] = v
		}
	}
	return out
}

// threadGroupExceptions are corpus files whose HLSL beside them is not the
// source they were compiled from, with the reason.
var threadGroupExceptions = map[string]string{
	"real/HansKristian-Work__vkd3d-proton/d3d12_mesh_shader.c__ms_system_values.dxil": "the HLSL beside it says numthreads(1,1,8); the module's MSState and PSV0 both say 8, 1, 1: the test file's source changed after the binary was made",
}

// Thread-group sizes against the listings' dcl_thread_group and the HLSL's
// [numthreads] beside the corpus files (the entry's, or the only one).
func TestThreadGroupSizesMatchSources(t *testing.T) {
	var fromListing, fromHLSL, functions int
	for _, x := range reflectCorpus(t) {
		if m := threadGroupRE.FindStringSubmatch(x.e.ListingText(t)); m != nil {
			want := fmt.Sprintf("%s, %s, %s", m[1], m[2], m[3])
			if tg := x.r.ThreadGroupSize; tg == nil || fmt.Sprintf("%d, %d, %d", tg.X, tg.Y, tg.Z) != want {
				t.Errorf("%s: thread group %+v, the listing's dcl_thread_group %s", x.e.Rel, tg, want)
			}
			fromListing++
		}
		p := x.e.HLSL()
		if p == "" {
			continue
		}
		if why, ok := threadGroupExceptions[x.e.Rel]; ok {
			t.Logf("exception %s: %s", x.e.Rel, why)
			continue
		}
		src := readText(t, p)
		groups := sourceThreadGroups(src)
		if len(groups) == 0 {
			continue
		}
		check := func(what string, tg *reflect.ThreadGroupSize, want [3]uint32) {
			if tg == nil || [3]uint32{tg.X, tg.Y, tg.Z} != want {
				t.Errorf("%s %s: thread group %+v, the HLSL's numthreads %v", x.e.Rel, what, tg, want)
			}
		}
		switch {
		case x.r.Functions != nil:
			for _, fn := range x.r.Functions {
				if want, ok := groups[decode.Unmangled(fn.Desc.Name)]; ok {
					check(fn.Desc.Name, fn.ThreadGroupSize, want)
					functions++
				}
			}
		case x.r.Desc != nil:
			entry := x.f.Identity().Entry
			want, ok := groups[entry]
			if !ok && len(groups) == 1 && entry == "" {
				for _, v := range groups {
					want, ok = v, true
				}
			}
			if ok {
				check("entry "+entry, x.r.ThreadGroupSize, want)
				fromHLSL++
			}
		}
	}
	t.Logf("thread-group sizes: %d against listings, %d shaders and %d library functions against their HLSL", fromListing, fromHLSL, functions)
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// FXC writes a geometry or tessellation shader's facts twice: in STAT and in
// the bytecode's declarations. The reflection reads STAT, and the
// declarations when STAT is gone (here: the same container without it);
// both readings agree over the corpus.
func TestStageFactsFromSTATMatchTheDeclarations(t *testing.T) {
	var files, fields int
	for _, x := range reflectCorpus(t) {
		// suspect/ holds assembler output, whose STAT nothing fills in.
		if x.r.Container != "DXBC" || x.f.Part("STAT") == nil || x.r.Desc == nil || !strings.HasPrefix(x.e.Rel, "real/") {
			continue
		}
		stage := x.r.Requirements.Target[:2]
		if stage != "gs" && stage != "hs" && stage != "ds" {
			continue
		}
		c, err := edit.Load(x.f)
		if err != nil {
			continue
		}
		c.Remove("STAT")
		b, err := c.Bytes(edit.Keep)
		if err != nil {
			t.Fatalf("%s: %v", x.e.Rel, err)
		}
		g, err := decode.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		fromDecl := reflect.Reflect(g).Desc
		files++
		for _, k := range []struct {
			name       string
			stat, decl *uint32
		}{
			{"GSOutputTopology", x.r.Desc.GSOutputTopology, fromDecl.GSOutputTopology},
			{"InputPrimitive", x.r.Desc.InputPrimitive, fromDecl.InputPrimitive},
			{"GSMaxOutputVertexCount", x.r.Desc.GSMaxOutputVertexCount, fromDecl.GSMaxOutputVertexCount},
			{"cControlPoints", x.r.Desc.ControlPoints, fromDecl.ControlPoints},
			{"HSOutputPrimitive", x.r.Desc.HSOutputPrimitive, fromDecl.HSOutputPrimitive},
			{"HSPartitioning", x.r.Desc.HSPartitioning, fromDecl.HSPartitioning},
			{"TessellatorDomain", x.r.Desc.TessellatorDomain, fromDecl.TessellatorDomain},
		} {
			if k.decl == nil {
				continue // not declared by this stage
			}
			fields++
			if k.stat == nil || *k.stat != *k.decl || fromDecl.Sources[k.name] == "STAT" {
				stat := "nothing"
				if k.stat != nil {
					stat = fmt.Sprint(*k.stat)
				}
				t.Errorf("%s %s: STAT says %s, the declarations %d (from %s)", x.e.Rel, k.name, stat, *k.decl, fromDecl.Sources[k.name])
			}
		}
	}
	t.Logf("%d FXC geometry/hull/domain shaders, %d facts agree between STAT and the declarations", files, fields)
}

// DXC writes a geometry or tessellation shader's facts into the entry's
// metadata (what the reflection reads) and into PSV0 separately; they agree
// over the corpus.
func TestDXILStageFactsMatchPSV0(t *testing.T) {
	var files, fields int
	for _, x := range reflectCorpus(t) {
		p := x.f.Part("PSV0")
		if x.r.Container != "DXIL" || x.r.Desc == nil || p == nil || p.PSVInfo == nil {
			continue
		}
		i, d := p.PSVInfo, x.r.Desc
		type pair struct {
			name string
			got  *uint32
			want uint32
		}
		var pairs []pair
		switch {
		case i.GS != nil:
			pairs = []pair{{"InputPrimitive", d.InputPrimitive, uint32(i.GS.InputPrimitive)}, {"GSOutputTopology", d.GSOutputTopology, uint32(i.GS.OutputTopology)}}
			if i.Version >= 1 {
				pairs = append(pairs, pair{"GSMaxOutputVertexCount", d.GSMaxOutputVertexCount, uint32(i.MaxVertexCount)})
			}
		case i.HS != nil:
			pairs = []pair{{"cControlPoints", d.ControlPoints, i.HS.OutputControlPointCount}, {"TessellatorDomain", d.TessellatorDomain, uint32(i.HS.TessellatorDomain)},
				{"HSOutputPrimitive", d.HSOutputPrimitive, uint32(i.HS.TessellatorOutputPrimitive)}, {"InputPrimitive", d.InputPrimitive, 7 + i.HS.InputControlPointCount}}
		case i.DS != nil:
			pairs = []pair{{"cControlPoints", d.ControlPoints, i.DS.InputControlPointCount}, {"TessellatorDomain", d.TessellatorDomain, uint32(i.DS.TessellatorDomain)}}
		default:
			continue
		}
		files++
		for _, pr := range pairs {
			fields++
			if pr.got == nil || *pr.got != pr.want {
				t.Errorf("%s %s: %v from %s, PSV0 says %d", x.e.Rel, pr.name, pr.got, d.Sources[pr.name], pr.want)
			}
		}
	}
	t.Logf("%d DXIL geometry/hull/domain shaders, %d facts agree with PSV0", files, fields)
}
