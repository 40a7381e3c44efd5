package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dxscope/dxscope/decode"
)

func TestRDATCommandDumpsContainerAndRawBlob(t *testing.T) {
	path := corpusPath(t, "real/HansKristian-Work__vkd3d-proton/d3d12_raytracing.c__rt_lib_dxil__v7.dxil")
	want := []string{
		"RecordTable (stride = 44 bytes) FunctionTable[4]",
		`UnmangledName: "RayClosestHitAABB"`,
		`Resources: [0, 3] {"RW1", "RW4"}`,
		"ShaderKind: ClosestHit",
		`Exports: {"thg", "phg", "RayGen"}`,
		"DanglingReferences: 0",
	}
	// The dump on standard output, the problems on standard error.
	code, out, errs := runCmd("rdat", path)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	wantAll(t, out, want...)
	wantAll(t, errs, "Problems: 0 errors, 0 warnings, 0 notes")

	// The same part as a bare blob, as dxa -dumprdat accepts it.
	b, _ := os.ReadFile(path)
	f, err := decode.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	blob := filepath.Join(t.TempDir(), "rdat.bin")
	os.WriteFile(blob, f.Part("RDAT").Data(), 0o644)
	code, out, errs = runCmd("rdat", blob)
	if code != 0 {
		t.Fatalf("blob: exit %d", code)
	}
	wantAll(t, out, want...)
	wantAll(t, errs, "Problems: 0 errors, 0 warnings, 0 notes")
}

func TestRDATCommandShowsNodes(t *testing.T) {
	path := corpusPath(t, "real/HansKristian-Work__vkd3d-proton/two_level_broadcast.h__two_level_broadcast_code_dxil.dxil")
	wantAll(t, runOK(t, "rdat", path), "LaunchType: Broadcasting", "ID: EntryNode[0]", "MaxDispatchGrid: [256, 1, 1]",
		"Output[1]: NodeOutput (Output | ReadWrite) {MaxRecords=8")
}

func TestRDEFCommand(t *testing.T) {
	// Expected values from the FXC listing beside the file.
	path := corpusPath(t, "real/microsoft__DirectX-Graphics-Samples/presentPS.hlsl.h__g_presentPS.dxbc")
	wantAll(t, runOK(t, "rdef", path), "Creator: Microsoft (R) HLSL Shader Compiler 10.1", "cbuffer RootConstants",
		"float standardNits;", "// Offset:    4 Size:     4", "g_scene", "D3D_SRV_DIMENSION_TEXTURE2D")
	if code, _, _ := runCmd("rdef", corpusPath(t, "real/HansKristian-Work__vkd3d-proton/dummy_raygen.h__dummy_raygen_code_dxil.dxil")); code != 1 {
		t.Errorf("a DXIL library has no RDEF: exit %d, want 1", code)
	}
}
