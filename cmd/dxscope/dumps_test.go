package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/internal/corpus"
)

// The page's Text tab shows decode/text's dumps; each dump command of the
// CLI prints exactly those texts for the parts it covers on standard output,
// and nothing else (the parts' problems go to standard error). Checked over
// the whole corpus, so a dump changed for one side only fails here.
func TestCommandsPrintThePagesTexts(t *testing.T) {
	for _, args := range textCommands {
		if c := strings.Join(args, " "); !hasDump(c) {
			t.Errorf("dxscope %s prints a text the page cannot show: no decode/text dump of that name", c)
		}
	}
	checked := map[string]int{}
	es := corpus.Entries(t)
	for _, e := range es {
		b, err := os.ReadFile(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := decode.Parse(b)
		if err != nil {
			continue
		}
		for _, args := range textCommands {
			c := strings.Join(args, " ")
			d, _ := text.DumpNamed(c)
			var want strings.Builder
			for _, p := range coveredParts(c, f) {
				if d.Whole || p != nil && d.Has(f, p) {
					want.WriteString(d.Text(f, p))
				}
			}
			if want.Len() == 0 {
				continue
			}
			var out, errb bytes.Buffer
			run(append(args[:len(args):len(args)], e.Path), &out, &errb)
			if out.String() != want.String() {
				t.Errorf("%s: dxscope %s prints what the page does not show (%d bytes vs the page's %d)", e.Rel, c, out.Len(), want.Len())
				continue
			}
			checked[c]++
		}
	}
	t.Logf("files checked per command: %v", checked)
	// Each command must have run on every kind of part the corpus has (its
	// manifest's part lists say which); inputlayout needs an input signature.
	for c, parts := range map[string][]string{"dis": {"DXIL"}, "asm": {"SHEX", "SHDR"}, "psv": {"PSV0"},
		"rootsig --cpp": {"RTS0"}, "inputlayout": {"ISGN", "ISG1"}} {
		has := slices.ContainsFunc(es, func(e corpus.Entry) bool { return slices.ContainsFunc(parts, e.Has) })
		if has && checked[c] == 0 {
			t.Errorf("the corpus has %v parts, yet dxscope %s was never compared: %v", parts, c, checked)
		}
	}
}

func hasDump(command string) bool {
	_, ok := text.DumpNamed(command)
	return ok
}

// coveredParts are the parts a command prints, in its order: the whole
// container (nil) for parts, the first part for the one-part commands, the
// debug module first for dis (as dxc -dumpbin), every part for the others.
func coveredParts(command string, f *decode.File) []*decode.Part {
	d, _ := text.DumpNamed(command)
	switch command {
	case "parts", "reflect":
		return []*decode.Part{nil}
	case "dis":
		if p := f.Part("ILDB"); p != nil && d.Has(f, p) {
			return []*decode.Part{p}
		}
		if p := f.Part("DXIL"); p != nil {
			return []*decode.Part{p}
		}
		return nil
	case "psv", "rootsig", "rootsig --cpp", "rdef", "asm":
		for _, p := range f.Parts {
			if d.Has(f, p) {
				return []*decode.Part{p}
			}
		}
		return nil
	}
	return f.Parts
}

// TestPSVDump checks the dxa-style dump of a corpus hull shader whose PSV0
// bytes were read by hand: InputOutputMap[0] is 1, 2, 4, 8 (SV_Position
// passes through), InputPatchMap is all zero, 6 patch-constant vectors.
func TestPSVDump(t *testing.T) {
	path := corpusPath(t, "real/HansKristian-Work__vkd3d-proton/dcl_index_range_hs.h__dcl_index_range_hs_code_dxil.dxil")
	out := runOK(t, "psv", path)
	wantAll(t, out,
		" Hull Shader\n",
		" Domain=Quad\n",
		" OutputPrimitive=TriangleCW\n",
		" SigPatchConstOrPrimVectors: 6\n",
		" EntryFunctionName: main\n",
		"  SemanticName:  (system value SV_TessFactor)\n  SemanticIndex: 0 1 2 3\n",
		"  Inputs[0] influencing Outputs[0] : 0\n",
		"  Inputs[3] influencing Outputs[0] : 3\n",
		"  SV_Position0.w -> SV_Position0.w\n",
		"  Inputs[3] influencing PatchConstantOutputs :  None\n",
	)
	if strings.Contains(out, "Problems:") {
		t.Errorf("unexpected problems:\n%s", out)
	}
}

// TestRootSigCommandPrintsTheSource: the corpus file compiled from
// "RootFlags(DENY_VERTEX_SHADER_ROOT_ACCESS), SRV(t13)" prints those clauses.
func TestRootSigCommandPrintsTheSource(t *testing.T) {
	path := corpusPath(t, "real/HansKristian-Work__vkd3d-proton/d3d12_root_signature.c__srv_rootsig.dxbc")
	wantAll(t, runOK(t, "rootsig", path),
		"// RTS0: v1.0, 1 parameter, no static samplers",
		"-T rootsig_1_0",
		`"RootFlags(DENY_VERTEX_SHADER_ROOT_ACCESS)," \`,
		`"SRV(t13, space = 0, visibility = SHADER_VISIBILITY_ALL)"`,
	)
	if code, _, _ := runCmd("rootsig", filepath.Join(filepath.Dir(path), "..", "..", "MANIFEST.tsv")); code == 0 {
		t.Error("a file that is not a container exits 0")
	}
}

// TestDXILCommandPrintsCensus runs `dxscope dxil` on the corpus file that has
// DXC's listing beside it; the listing calls dx.op.storeOutput with opcode 5 once.
func TestDXILCommandPrintsCensus(t *testing.T) {
	path := corpusPath(t, "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil")
	wantAll(t, runOK(t, "dxil", path), "Shader model: ps_6_0", "Entry points: 1", "  main (Pixel)", "StoreOutput", "MODULE_BLOCK (id 8)", "FUNCTION_BLOCK (id 12)")
	if code, _, _ := runCmd("dxil"); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
}

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

// TestAsmPrintsTheListing runs "dxscope asm" on a corpus file whose FXC
// listing is beside it and checks the first code lines against that listing.
func TestAsmPrintsTheListing(t *testing.T) {
	for _, e := range corpus.Entries(t) {
		if !e.Has("SHDR") || e.Listing() == "" || !strings.Contains(e.Rel, "DirectXTK/") {
			continue
		}
		var out, errs bytes.Buffer
		if code := run([]string{"asm", "--code", e.Path}, &out, &errs); code != 0 {
			t.Fatalf("exit %d: %s", code, errs.String())
		}
		listing, err := os.ReadFile(e.Listing())
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) < 3 || !strings.HasSuffix(lines[0], "_4_0") {
			t.Fatalf("output %q", out.String())
		}
		for _, l := range lines[1:3] {
			if !strings.Contains(string(listing), "\n"+l+"\n") {
				t.Errorf("line %q is not in the listing %s", l, e.Listing())
			}
		}
		return
	}
	t.Skip("no DirectXTK file with a listing in the corpus")
}

// TestAsmPrintsTheWholeListing checks that plain "dxscope asm" prints the
// FXC header and the level-9 section that the listing beside the file has.
func TestAsmPrintsTheWholeListing(t *testing.T) {
	for _, e := range corpus.Entries(t) {
		if !e.Has("Aon9") || e.Listing() == "" {
			continue
		}
		var out, errs bytes.Buffer
		if code := run([]string{"asm", e.Path}, &out, &errs); code != 0 {
			t.Fatalf("exit %d: %s", code, errs.String())
		}
		listing, err := os.ReadFile(e.Listing())
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"Generated by Microsoft (R)", "Input signature:", "Level9 shader bytecode:", "approximately", "Approximately"} {
			if !strings.Contains(out.String(), want) || !strings.Contains(string(listing), want) {
				t.Errorf("%q missing from the output or the listing %s", want, e.Listing())
			}
		}
		if !strings.Contains(errs.String(), "spelling:") {
			t.Errorf("stderr does not say which spelling rule applied: %q", errs.String())
		}
		return
	}
	t.Skip("no file with an Aon9 part and a listing in the corpus")
}

func TestAsmWithoutBytecode(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "*.dxbc")
	if err != nil {
		t.Fatal(err)
	}
	// A container with no parts: header only.
	hdr := make([]byte, 32)
	copy(hdr, "DXBC")
	hdr[20], hdr[24] = 1, 32
	f.Write(hdr)
	f.Close()
	var out, errs bytes.Buffer
	if code := run([]string{"asm", f.Name()}, &out, &errs); code != 1 || !strings.Contains(errs.String(), "no SHDR or SHEX") {
		t.Errorf("exit %d, stderr %q", code, errs.String())
	}
}

// TestDisCommandPrintsDXCListing runs `dxscope dis` on the corpus file with
// DXC's listing beside it: the output is that listing; --no-header starts at
// the IR.
func TestDisCommandPrintsDXCListing(t *testing.T) {
	path := corpusPath(t, "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil")
	want, err := os.ReadFile(path + ".listing.txt")
	if err != nil {
		t.Skip("corpus file missing: skipping")
	}
	if out := runOK(t, "dis", path); out != strings.ReplaceAll(string(want), "\r\n", "\n") {
		t.Errorf("dis output differs from DXC's listing:\n%s", out)
	}
	if out := runOK(t, "dis", "--no-header", path); !strings.HasPrefix(out, "target datalayout = ") {
		t.Errorf("--no-header output starts %q", out[:min(60, len(out))])
	}
	if code, _, _ := runCmd("dis"); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
}

// A part cut short: every dump of it names the values its bytes do not
// hold (decode.Part.Absent), on stdout for the reports (rdef, rdat, dxil,
// psv) and on stderr where stdout is a language (rootsig's HLSL, asm's FXC
// listing, dis's LLVM assembly). RTS0 decodes a root parameter only whole,
// so a cut RTS0 has no absent values to name.
func TestDumpsNameAbsentValues(t *testing.T) {
	for _, c := range []struct {
		file, part, cmd string
		at              int64 // the cut, in the part's data
		stdout          bool
	}{
		{"real/microsoft__DirectX-Graphics-Samples/EdgeDetectPixelShader.hlsl.h__g_EdgeDetectPixelShader__v2.dxbc", "RDEF", "rdef", 100, true},
		{"real/microsoft__DirectX-Graphics-Samples/EdgeDetectPixelShader.hlsl.h__g_EdgeDetectPixelShader__v2.dxbc", "SHEX", "asm", 6, false},
	} {
		raw := corpus.Bytes(t, c.file)
		f, err := decode.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		p := f.Part(c.part)
		// Cut the file inside the part's data (its last part, or the parts
		// after it are lost too).
		cut := raw[:p.DataOffset+c.at]
		g, _ := decode.Parse(cut)
		q := g.Part(c.part)
		if q == nil || len(q.Absent) == 0 {
			t.Fatalf("%s cut at %d: %s has no absent values", c.file, len(cut), c.part)
		}
		path := filepath.Join(t.TempDir(), "cut.dxbc")
		if err := os.WriteFile(path, cut, 0o644); err != nil {
			t.Fatal(err)
		}
		_, out, errOut := runCmd(c.cmd, path)
		where, other := errOut, out
		if c.stdout {
			where, other = out, errOut
		}
		want := fmt.Sprintf("Absent: %d values are not in the file", len(q.Absent))
		if !strings.Contains(where, want) || !strings.Contains(where, "  "+q.Absent[0]+"\n") {
			t.Errorf("%s of %s cut short: %q and its first path %s missing from its %s", c.cmd, c.part, want, q.Absent[0], map[bool]string{true: "stdout", false: "stderr"}[c.stdout])
		}
		if strings.Contains(other, "Absent:") {
			t.Errorf("%s: the absent list is also on the other stream", c.cmd)
		}
	}
}

// TestInputLayoutCommand: inputlayout prints the example vertex shader's
// two inputs (POSITION Float32 mask 7, TEXCOORD Float32 mask 3, as
// testdata/examples/vertex.yaml writes them for yaml2obj) as
// D3D12_INPUT_ELEMENT_DESCs on standard output;
// another stage has no input layout (exit 1, said on standard error).
func TestInputLayoutCommand(t *testing.T) {
	code, out, errs := runCmd("inputlayout", filepath.Join("..", "..", "web", "examples", "vertex.dxbc"))
	for _, line := range []string{
		`    { "POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, D3D12_APPEND_ALIGNED_ELEMENT, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0 },` + "\n",
		`    { "TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, D3D12_APPEND_ALIGNED_ELEMENT, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0 },` + "\n",
	} {
		if code != 0 || errs != "" || !strings.Contains(out, line) {
			t.Errorf("inputlayout vertex.dxbc: exit %d, %q; no line %q in\n%s", code, errs, line, out)
		}
	}
	code, out, errs = runCmd("inputlayout", filepath.Join("..", "..", "web", "examples", "pixel.dxbc"))
	if code != 1 || out != "" || !strings.Contains(errs, "is not a vertex shader with an input signature (stage: Pixel)") {
		t.Errorf("inputlayout pixel.dxbc: exit %d, %q, %q", code, out, errs)
	}
}
