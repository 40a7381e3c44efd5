package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/corpus"
)

func rdatCorpusFile(t *testing.T, rel string) string {
	t.Helper()
	dir, ok := corpus.Dir()
	if !ok {
		corpus.Skip(t, "corpus", "corpus not found at %s: skipping", dir)
	}
	return filepath.Join(dir, rel)
}

func TestRDATCommandDumpsContainerAndRawBlob(t *testing.T) {
	path := rdatCorpusFile(t, "real/HansKristian-Work__vkd3d-proton/d3d12_raytracing.c__rt_lib_dxil__v7.dxil")
	want := []string{
		"RecordTable (stride = 44 bytes) FunctionTable[4]",
		`UnmangledName: "RayClosestHitAABB"`,
		`Resources: [0, 3] {"RW1", "RW4"}`,
		"ShaderKind: ClosestHit",
		`Exports: {"thg", "phg", "RayGen"}`,
		"DanglingReferences: 0",
		"Problems: 0 errors, 0 warnings, 0 notes",
	}
	var out, errb bytes.Buffer
	if code := run([]string{"rdat", path}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, w := range want {
		if !strings.Contains(out.String(), w) {
			t.Errorf("rdat output lacks %q", w)
		}
	}

	// The same part as a bare blob, as dxa -dumprdat accepts it.
	b, _ := os.ReadFile(path)
	f, err := decode.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	blob := filepath.Join(t.TempDir(), "rdat.bin")
	os.WriteFile(blob, f.Part("RDAT").Data(), 0o644)
	out.Reset()
	if code := run([]string{"rdat", blob}, &out, &errb); code != 0 {
		t.Fatalf("raw blob: exit %d: %s", code, errb.String())
	}
	for _, w := range want {
		if !strings.Contains(out.String(), w) {
			t.Errorf("raw-blob output lacks %q", w)
		}
	}
}

func TestRDATCommandShowsNodes(t *testing.T) {
	path := rdatCorpusFile(t, "real/HansKristian-Work__vkd3d-proton/two_level_broadcast.h__two_level_broadcast_code_dxil.dxil")
	var out, errb bytes.Buffer
	if code := run([]string{"rdat", path}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, w := range []string{"LaunchType: Broadcasting", "ID: EntryNode[0]", "MaxDispatchGrid: [256, 1, 1]",
		"Output[1]: NodeOutput (Output | ReadWrite) {MaxRecords=8"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("rdat output lacks %q:\n%s", w, out.String())
		}
	}
}

func TestRDEFCommand(t *testing.T) {
	// Expected values from the FXC listing beside the file.
	path := rdatCorpusFile(t, "real/microsoft__DirectX-Graphics-Samples/presentPS.hlsl.h__g_presentPS.dxbc")
	var out, errb bytes.Buffer
	if code := run([]string{"rdef", path}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, w := range []string{"Creator: Microsoft (R) HLSL Shader Compiler 10.1", "cbuffer RootConstants",
		"float standardNits;", "// Offset:    4 Size:     4", "g_scene", "D3D_SRV_DIMENSION_TEXTURE2D"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("rdef output lacks %q:\n%s", w, out.String())
		}
	}
	if code := run([]string{"rdef", rdatCorpusFile(t, "real/HansKristian-Work__vkd3d-proton/dummy_raygen.h__dummy_raygen_code_dxil.dxil")}, &out, &errb); code != 1 {
		t.Errorf("a DXIL library has no RDEF: exit %d, want 1", code)
	}
}
