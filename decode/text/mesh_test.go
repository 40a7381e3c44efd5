package text

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
)

// TestPSVMeshRuntimeInfoAsDXC prints the hand-built v4 mesh PSV0
// (decode's TestMeshPSVVersion4 writes it) and requires DXC's
// PrintPSVRuntimeInfo lines in DXC's order: the stage, the topology in lower
// case, NumThreads, NumBytesGroupSharedMemory; the stage union's fields after.
func TestPSVMeshRuntimeInfoAsDXC(t *testing.T) {
	f, err := decode.Parse(corpus.RepoFile(t, "testdata/containers/mesh-shader-psv-v4.dxbc"))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	WritePSV(&b, f.Part("PSV0").PSVInfo)
	want := []string{"PSVRuntimeInfo:", " Mesh Shader", " MeshOutputTopology=triangle", " NumThreads=(32,1,1)",
		" NumBytesGroupSharedMemory: 8192", " MaxOutputVertices=64", " MaxOutputPrimitives=126", " PayloadSizeInBytes=16",
		" GroupSharedBytesUsed=4", " GroupSharedBytesDependentOnViewID=0", " MinimumExpectedWaveLaneCount: 0 (unused)"}
	lines := strings.Split(b.String(), "\n")
	if len(lines) < len(want)+1 || strings.Join(lines[1:len(want)+1], "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant after the first line\n%s", b.String(), strings.Join(want, "\n"))
	}
	if strings.Count(b.String(), "NumBytesGroupSharedMemory") != 1 {
		t.Errorf("NumBytesGroupSharedMemory printed %d times", strings.Count(b.String(), "NumBytesGroupSharedMemory"))
	}
}

// TestDXILEntryMeshState prints the entry table of a corpus mesh shader
// (HLSL: [numthreads(32,1,1)], [outputtopology("triangle")], out vertices
// v[3], out indices i[32]) and of an amplification shader (a 4-byte payload).
func TestDXILEntryMeshState(t *testing.T) {
	for _, c := range []struct{ rel, want string }{
		{"real/HansKristian-Work__vkd3d-proton/d3d12_mesh_shader.c__ms_culling.dxil",
			"    signatures: 0 in, 1 out, 1 primitive\n    numthreads [32 1 1]\n    mesh output: max vertices 3, max primitives 32, topology triangle, payload 0 bytes\n"},
		{"real/HansKristian-Work__vkd3d-proton/d3d12_mesh_shader.c__as_code.dxil",
			"    numthreads [1 1 1]\n    payload 4 bytes\n"},
	} {
		f := parseFile(t, c.rel)
		var b bytes.Buffer
		WriteModule(&b, f.Part("DXIL"))
		if !strings.Contains(b.String(), c.want) || strings.Contains(b.String(), "MSState =") || strings.Contains(b.String(), "ASState =") {
			t.Errorf("%s: entry table\n%s\nwant it to hold\n%s", c.rel, b.String(), c.want)
		}
	}
}
