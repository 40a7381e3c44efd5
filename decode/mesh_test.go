package decode

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/internal/corpus"
)

// meshV4PSV is a mesh shader's PSV0 at version 4 (DXC writes it for
// validator 1.10, the SM 6.10 preview): numthreads (32,1,1), 64 vertices,
// 126 primitives, triangles, a 16-byte payload, 4 groupshared bytes of
// which none depend on ViewID, 8192 bytes of groupshared memory in the v4
// field. Offsets are DxilPipelineStateValidation.h's (PSVRuntimeInfo0..4).
func meshV4PSV() testPSV {
	info := newRT(56).v1(dxil.Mesh, 0, 1, 2, 0, 1, 1, 0, [4]uint8{1, 0, 0, 0}). // SigPrimVectors 1, MS1.MeshOutputTopology 2 (triangle)
											u32(0, 4).u32(4, 0).u32(8, 16).u16(12, 64).u16(14, 126). // MS: GroupSharedBytesUsed, …DependentOnViewID, PayloadSizeInBytes, MaxOutputVertices, MaxOutputPrimitives
											u32(16, 0).u32(20, 0xFFFFFFFF).                          // wave lane counts
											u8(26, 2).                                               // MS1.MeshOutputTopology: triangle
											u32(36, 32).u32(40, 1).u32(44, 1).                       // NumThreads
											u32(48, 1).                                              // EntryFunctionName: "main"
											u32(52, 8192)                                            // NumBytesGroupSharedMemory
	return testPSV{
		info:     info,
		strings:  "\x00main\x00\x00\x00",
		indices:  []uint32{0},
		elemSize: 16,
		elems: [][]byte{
			sigEl(0, 0, 1, 0, 4, 0, true, 3, 3, 4, 0, 0), // SV_Position0, vertex output row 0
			sigEl(0, 0, 1, 0, 1, 0, true, 0, 1, 1, 0, 0), // a per-primitive output row 0.x
		},
		dwords: nil, // no ViewID; mesh shaders have no input→output table
	}
}

// emptySignature is a signature part with no elements.
func emptySignature(name string) testPart {
	b := binary.LittleEndian.AppendUint32(nil, 0)
	b = binary.LittleEndian.AppendUint32(b, 8)
	return testPart{name, b}
}

// meshV4Container is a mesh shader container built by hand (LLVM 19's
// yaml2obj writes PSV0 only up to version 3): ISG1, OSG1, PSG1, the v4
// PSV0 and a DXIL program header whose bitcode is a stand-in.
func meshV4Container() []byte {
	return buildContainer(emptySignature("ISG1"), emptySignature("OSG1"), emptySignature("PSG1"),
		testPart{"PSV0", meshV4PSV().bytes()}, programPart(dxil.Mesh))
}

// TestMeshPSVVersion4 decodes the hand-built v4 mesh PSV0 field by field
// and keeps it as testdata/containers/mesh-shader-psv-v4.dxbc, so the page
// tests and the lessons see a PSV v4 record.
func TestMeshPSVVersion4(t *testing.T) {
	b := golden(t, filepath.Join(containersDir, "mesh-shader-psv-v4.dxbc"), meshV4Container())
	f, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	p := f.Part("PSV0")
	if p == nil || p.PSVInfo == nil {
		t.Fatal("no PSV0")
	}
	for _, pr := range f.Problems {
		if pr.Part == "PSV0" && pr.Severity >= Warning {
			t.Errorf("PSV0 problem: %s", pr)
		}
	}
	i := p.PSVInfo
	if i.Version != 4 || !i.IsStage(dxil.Mesh) || i.MS == nil {
		t.Fatalf("version %d stage %s MS %v", i.Version, i.ShaderStage, i.MS)
	}
	got := []uint32{i.MS.GroupSharedBytesUsed, i.MS.GroupSharedBytesDependentOnViewID, i.MS.PayloadSizeInBytes,
		uint32(i.MS.MaxOutputVertices), uint32(i.MS.MaxOutputPrimitives), uint32(i.MeshOutputTopology),
		i.NumThreadsX, i.NumThreadsY, i.NumThreadsZ, i.NumBytesGroupSharedMemory}
	want := []uint32{4, 0, 16, 64, 126, 2, 32, 1, 1, 8192}
	if !equalU32(got, want) {
		t.Errorf("fields %v, want %v", got, want)
	}
	if i.EntryName != "main" || i.MeshOutputTopology.String() != "Triangle" {
		t.Errorf("entry %q topology %s", i.EntryName, i.MeshOutputTopology)
	}
	for _, path := range []string{"PSVInfo/NumBytesGroupSharedMemory", "PSVInfo/MaxOutputPrimitives", "PSVInfo/MeshOutputTopology"} {
		if !hasSpan(p, path, SpanField) {
			t.Errorf("no field span %s", path)
		}
	}
	if got := f.DescribePartIn(f.Part("PSG1")).Title; got != "primitive signature" {
		t.Errorf("PSG1 of a mesh shader is titled %q", got)
	}
	if got := f.DescribePartIn(f.Part("OSG1")).Title; got != "output signature" {
		t.Errorf("OSG1 is titled %q", got)
	}
}

// TestPSG1TitleFollowsTheStage: PSG1 stays the patch-constant signature of
// hull and domain shaders.
func TestPSG1TitleFollowsTheStage(t *testing.T) {
	for kind, want := range map[dxil.ShaderKind]string{dxil.Hull: "patch-constant signature", dxil.Domain: "patch-constant signature", dxil.Mesh: "primitive signature"} {
		f, err := Parse(buildContainer(emptySignature("PSG1"), programPart(kind)))
		if err != nil {
			t.Fatal(err)
		}
		if got := f.DescribePartIn(f.Part("PSG1")).Title; got != want {
			t.Errorf("%s: PSG1 titled %q, want %q", kind, got, want)
		}
	}
}

func equalU32(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestNewFlagValuesAgainstHeaders holds the tables this package names new
// values with to the headers' numbers (DXC 9a3e225 DxilConstants.h;
// hlsl-specs 7ba7618 proposal 0045 for AllowClusteredGeometry).
func TestNewFlagValuesAgainstHeaders(t *testing.T) {
	if got := report.BitNames(0x100|0x200|0x400|0x800, raytracingPipelineFlagNames); strings.Join(got, " ") != "SkipTriangles SkipProceduralPrimitives AllowOpacityMicromaps AllowClusteredGeometry" {
		t.Errorf("RaytracingPipelineFlags names %v", got)
	}
	// Bits 0-33 named: 31 SampleCmpGradientOrBias (0x80000000), 32
	// ExtendedCommandInfo (0x100000000), 33 LinearAlgebra (0x200000000, DXC
	// pull request 8884); 34 undefined.
	if len(featureBits) != 34 || FeatureFlagName(31) != "SampleCmpWithGradientOrBias" || FeatureFlagName(32) != "ExtendedCommandInfo" ||
		FeatureFlagName(33) != "LinearAlgebra" || FeatureFlagName(34) != "Bit34" {
		t.Errorf("SFI0 bits: %d named, 31 %s, 32 %s, 33 %s, 34 %s", len(featureBits), FeatureFlagName(31), FeatureFlagName(32), FeatureFlagName(33), FeatureFlagName(34))
	}
	// DXIL::ComponentType: PackedU8x32 18, I8 19, F8_E5M2 22, BFloat16 23.
	for v, name := range map[int]string{18: "PackedU8x32", 19: "I8", 20: "U8", 21: "F8_E4M3FN", 22: "F8_E5M2", 23: "BFloat16"} {
		if dxilComponentTypeNames[v] != name {
			t.Errorf("component type %d is %s, want %s", v, dxilComponentTypeNames[v], name)
		}
	}
}

// hlslMeshFacts reads what a mesh or amplification shader's HLSL declares.
var (
	reNumThreads = regexp.MustCompile(`\[numthreads\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)\]`)
	reTopology   = regexp.MustCompile(`\[outputtopology\("(\w+)"\)\]`)
	reVertices   = regexp.MustCompile(`out\s+vertices\s+\w+\s+\w+\s*\[\s*(\d+)\s*\]`)
	reIndices    = regexp.MustCompile(`out\s+indices\s+\w+\s+\w+\s*\[\s*(\d+)\s*\]`)
)

// hlslDisagrees are corpus files whose HLSL beside them is not what the
// bytes were compiled from, with what differs.
var hlslDisagrees = map[string]string{
	// The source says [numthreads(1,1,8)]; the module's MSState and PSV0 both
	// say (8,1,1): the array in vkd3d-proton's test was compiled from another
	// revision of the shader text.
	"real/HansKristian-Work__vkd3d-proton/d3d12_mesh_shader.c__ms_system_values.dxil": "numthreads",
}

// TestMeshAndAmplificationCorpus holds every corpus mesh and amplification
// shader's MSState/ASState (as dxil decodes it) against PSV0's stage union
// and, where the HLSL is beside the file, against the source's
// [numthreads], [outputtopology] and the out vertices/indices array sizes.
// The corpus has no compiler listings for these stages (their sources are
// C arrays without the -Fh comment block), so the HLSL is the independent
// truth.
func TestMeshAndAmplificationCorpus(t *testing.T) {
	if _, ok := corpus.Dir(); !ok {
		t.Skip("no corpus")
	}
	var files, withHLSL, facts, psvFacts int
	for _, e := range corpus.Entries(t) {
		if e.Stage != "ms" && e.Stage != "as" {
			continue
		}
		files++
		f, err := Parse(e.Bytes(t))
		if err != nil {
			t.Errorf("%s: %v", e.Rel, err)
			continue
		}
		var ep *dxil.EntryPoint
		for _, p := range f.Parts {
			if p.Name == "DXIL" && p.Module != nil && len(p.Module.EntryPoints) > 0 {
				ep = &p.Module.EntryPoints[0]
			}
		}
		if ep == nil || (e.Stage == "ms") != (ep.MeshState != nil) || (e.Stage == "as") != (ep.AmpState != nil) {
			t.Errorf("%s: entry %+v has no %s state", e.Rel, ep, e.Stage)
			continue
		}
		threads, payload := []uint32(nil), uint32(0)
		if ms := ep.MeshState; ms != nil {
			threads, payload = ms.NumThreads, ms.PayloadSize
		} else {
			threads, payload = ep.AmpState.NumThreads, ep.AmpState.PayloadSize
		}
		if !equalU32(threads, ep.NumThreads) {
			t.Errorf("%s: NumThreads %v, state %v", e.Rel, ep.NumThreads, threads)
		}
		if p := f.Part("PSV0"); p != nil && p.PSVInfo != nil {
			i := p.PSVInfo
			got := []uint32{i.NumThreadsX, i.NumThreadsY, i.NumThreadsZ}
			want := threads
			if ms := ep.MeshState; ms != nil && i.MS != nil {
				got = append(got, uint32(i.MS.MaxOutputVertices), uint32(i.MS.MaxOutputPrimitives), uint32(i.MeshOutputTopology), i.MS.PayloadSizeInBytes)
				want = append(append([]uint32{}, threads...), ms.MaxVertexCount, ms.MaxPrimitiveCount, uint32(ms.OutputTopology), payload)
			} else if i.AS != nil {
				got = append(got, i.AS.PayloadSizeInBytes)
				want = append(append([]uint32{}, threads...), payload)
			}
			if !equalU32(got, want) {
				t.Errorf("%s: PSV0 %v, MSState/ASState %v", e.Rel, got, want)
			}
			psvFacts += len(want)
		}
		src, err := readText(e.HLSL())
		if err != nil {
			continue
		}
		withHLSL++
		if m := reNumThreads.FindStringSubmatch(src); m != nil && hlslDisagrees[e.Rel] == "" {
			facts++
			if want := []uint32{atoi(m[1]), atoi(m[2]), atoi(m[3])}; !equalU32(threads, want) {
				t.Errorf("%s: numthreads %v, the HLSL's %v", e.Rel, threads, want)
			}
		}
		ms := ep.MeshState
		if ms == nil {
			continue
		}
		if m := reTopology.FindStringSubmatch(src); m != nil {
			facts++
			if ms.OutputTopology.String() != m[1] {
				t.Errorf("%s: topology %s, the HLSL's %s", e.Rel, ms.OutputTopology, m[1])
			}
		}
		// An array the shader never declares is a count of 0.
		for _, c := range []struct {
			re   *regexp.Regexp
			got  uint32
			what string
		}{{reVertices, ms.MaxVertexCount, "max vertices"}, {reIndices, ms.MaxPrimitiveCount, "max primitives"}} {
			want := uint32(0)
			if m := c.re.FindStringSubmatch(src); m != nil {
				want = atoi(m[1])
			}
			facts++
			if c.got != want {
				t.Errorf("%s: %s %d, the HLSL's %d", e.Rel, c.what, c.got, want)
			}
		}
	}
	t.Logf("%d mesh/amplification shaders: MSState/ASState matches PSV0 in %d facts; %d have their HLSL beside them: %d facts (numthreads, topology, max vertices and primitives) match it", files, psvFacts, withHLSL, facts)
	if files == 0 {
		corpus.Skip(t, "mesh or amplification shader", "no mesh or amplification shader in this corpus")
	}
}

func readText(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}

func atoi(s string) uint32 {
	v, _ := strconv.ParseUint(s, 10, 32)
	return uint32(v)
}
