package dxil

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// TestOpTableIsGenerated runs the generator over ops.csv and requires the
// committed optable.go byte for byte, so `go generate` leaves the tree as
// it is and nobody edits the generated file by hand.
func TestOpTableIsGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the generator")
	}
	out := filepath.Join(t.TempDir(), "optable.go")
	corpus.WatchSources(t, "ops.csv", "internal/gen")
	cmd := exec.Command("go", "run", "./internal/gen", "ops.csv", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./internal/gen: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("optable.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("optable.go differs from what internal/gen makes of ops.csv: run go generate ./decode/dxil")
	}
	if len(opTable) != 347 {
		t.Errorf("%d operations in the table", len(opTable))
	}
}

// TestOpTableFromDXC spot-checks shader models and stage masks against
// DXC's OP::GetMinShaderModelAndMask (DxilOperations.cpp).
func TestOpTableFromDXC(t *testing.T) {
	for _, c := range []struct {
		op           uint32
		major, minor int
		allowed, not []ShaderKind
	}{
		{60, 6, 0, []ShaderKind{Pixel, Compute, Library, Mesh, Amplification, Node}, []ShaderKind{Vertex, Geometry, Hull, Domain}}, // Sample
		{82, 6, 0, []ShaderKind{Pixel}, []ShaderKind{Vertex, Compute}},                                                             // Discard
		{93, 6, 0, []ShaderKind{Compute, Mesh, Amplification, Node}, []ShaderKind{Pixel, Library}},                                 // ThreadId
		{168, 6, 5, []ShaderKind{Mesh}, []ShaderKind{Amplification}},                                                               // SetMeshOutputCounts
		{216, 6, 6, []ShaderKind{Pixel, Vertex, RayGeneration}, nil},                                                               // AnnotateHandle: every kind
		{238, 6, 8, []ShaderKind{Node}, []ShaderKind{Compute}},                                                                     // AllocateNodeOutputRecords
	} {
		o, ok := lookupOp(c.op)
		if !ok || int(o.MinMajor) != c.major || int(o.MinMinor) != c.minor {
			t.Errorf("opcode %d: %+v, want shader model %d.%d", c.op, o, c.major, c.minor)
		}
		for _, k := range c.allowed {
			if !o.Stages.allows(k) {
				t.Errorf("%s (opcode %d) is not allowed in %s", o.Name, c.op, k)
			}
		}
		for _, k := range c.not {
			if o.Stages.allows(k) {
				t.Errorf("%s (opcode %d) is allowed in %s", o.Name, c.op, k)
			}
		}
	}
	if a, ok := OpArgNames(5); !ok || a != "outputSigId,rowIndex,colIndex,value" {
		t.Errorf("StoreOutput's arguments: %q", a)
	}
}

// TestDXIL19And110Ops holds the operations DXIL 1.9 and 1.10 added to
// DxilConstants.h's numbers at DXC 9a3e225 (enum class OpCode, and
// ExperimentalOps in table 0x8000): shader execution reordering, native
// vectors, linear algebra; and which of them are experimental.
func TestDXIL19And110Ops(t *testing.T) {
	for _, c := range []struct {
		op           uint32
		name         string
		major, minor int
		experimental bool
	}{
		{258, "AllocateRayQuery2", 6, 9, false},
		{262, "HitObject_TraceRay", 6, 9, false},
		{268, "MaybeReorderThread", 6, 9, false},
		{289, "HitObject_Attributes", 6, 9, false},
		{303, "RawBufferVectorLoad", 6, 9, false},
		{304, "RawBufferVectorStore", 6, 9, false},
		{309, "VectorReduceAnd", 6, 9, false},
		{311, "FDot", 6, 9, false},
		{0x80000001, "GetGroupWaveIndex", 6, 10, true},
		{0x8000000b, "LinAlgMatrixMultiplyAccumulate", 6, 10, true},
		{0x80000017, "LinAlgMatrixMultiply", 6, 10, true},
		{0x8000001a, "LinAlgMatVecMulAdd", 6, 10, true},
		{0x8000001d, "LinAlgMatrixOuterProduct", 6, 10, true},
	} {
		a, b, ok := OpMinShaderModel(c.op)
		if !ok || OpName(c.op) != c.name || a != c.major || b != c.minor || OpExperimental(c.op) != c.experimental {
			t.Errorf("opcode %#x: %s %d.%d experimental %t, want %s %d.%d %t", c.op, OpName(c.op), a, b, OpExperimental(c.op), c.name, c.major, c.minor, c.experimental)
		}
	}
	if OpExperimental(60) { // Sample
		t.Error("Sample is experimental")
	}
}
