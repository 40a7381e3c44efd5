package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/reflect"
	"github.com/dxscope/dxscope/internal/corpus"
)

// dxscope reflect on an FXC pixel shader whose listing FXC wrote: the
// buffer and bindings its header lists, the signatures, each with its part.
func TestReflectCommand(t *testing.T) {
	path := corpusPath(t, "real/microsoft__DirectX-Graphics-Samples/presentPS.hlsl.h__g_presentPS.dxbc")
	out := runOK(t, "reflect", path)
	wantAll(t, out,
		"Reflection of a DXBC container (ps_5_0)\n",
		"  Creator                      Microsoft (R) HLSL Shader Compiler 10.1  [RDEF]\n",
		"  RootConstants  D3D_CT_CBUFFER, size 16, 2 variables",
		"    standardNits             offset    0 size     4",
		"    displayCurve             offset    4 size     4",
		"  g_scene                  D3D_SIT_TEXTURE",
		"Input parameters (2):  [ISGN]\n",
		"  TEXCOORD                 0        1 D3D_NAME_UNDEFINED",
		"  Shader model 5.0  [SHEX]",
	)

	code, js, _ := runCmd("reflect", "--json", path)
	if code != 0 {
		t.Fatalf("reflect --json exits %d", code)
	}
	var got reflect.Reflection
	if err := json.Unmarshal([]byte(js), &got); err != nil {
		t.Fatalf("reflect --json: %v", err)
	}
	if len(got.BoundResources) != 4 || got.BoundResources[3].Name != "RootConstants" || got.BoundResources[3].Source != "RDEF" {
		t.Errorf("reflect --json bindings: %+v", got.BoundResources)
	}
	if got.Desc == nil || got.Desc.Sources["InstructionCount"] != "STAT" || *got.Desc.InstructionCount != 76 {
		t.Errorf("reflect --json desc: %+v", got.Desc)
	}

	if code, _, _ := runCmd("reflect"); code != 2 {
		t.Errorf("reflect without a file exits %d, want 2", code)
	}
	if code, _, _ := runCmd("reflect", "--bogus", path); code != 2 {
		t.Errorf("reflect --bogus exits %d, want 2", code)
	}
}

// dxscope parts prints the requirements after the digest line; a compute
// library's shader model comes from RDAT.
func TestPartsPrintsTheRequirements(t *testing.T) {
	path := corpusPath(t, "real/HansKristian-Work__vkd3d-proton/basic.h__basic_code_dxil.dxil")
	out := runOK(t, "parts", path)
	wantAll(t, out, "Digest: valid\nRequirements: shader model 6.8 (Agility SDK 1.613.0 on Windows 10 1909 and later)\n")
}

// check --problems lists a container's problems under its line, each
// naming the validator rule it breaks; without the flag the line is alone.
func TestCheckListsRuleProblems(t *testing.T) {
	_, b := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/basic.h__basic_code_dxil.dxil")
	f, err := decode.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	c, err := edit.Load(f)
	if err != nil {
		t.Fatal(err)
	}
	c.Remove("RDAT")
	out, err := c.Bytes(edit.Retail)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "no-rdat.dxil")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	_, plain, _ := runCmd("check", path)
	if strings.Count(plain, "\n") != 1 || !strings.Contains(plain, "\tproblems\t0\t1\t") {
		t.Errorf("check without --problems:\n%s", plain)
	}
	_, listed, _ := runCmd("check", "--problems", path)
	wantAll(t, listed, "\twarning at 0x", "(container): CONTAINER.PARTMISSING: a library needs an RDAT part")
	_, js, _ := runCmd("check", "--problems", "--json", path)
	wantAll(t, js, `"Rule":"CONTAINER.PARTMISSING"`)
	_, clean, _ := runCmd("check", "--json", path)
	if strings.Contains(clean, `"problems":[`) || strings.Contains(clean, `"Rule":`) {
		t.Errorf("check --json without --problems lists problems: %s", clean)
	}
}
