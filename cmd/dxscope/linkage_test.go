package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// dxscope link on the fixtures of Microsoft's signature example: exit 0
// and "links" for PSInWorks, in either order; exit 1 and each broken rule
// for PSInFails; stdout carries the text, stderr nothing.
func TestLinkCommand(t *testing.T) {
	const dir = "../../testdata/linkage/"
	code, out, errs := runCmd("link", dir+"vs.dxbc", dir+"ps-works.dxbc")
	if code != 0 || errs != "" {
		t.Fatalf("works: exit %d, stderr %q", code, errs)
	}
	wantAll(t, out,
		"Vertex (OSG1) → Pixel (ISG1): links\n",
		"SV_Position0   0 xyzw Float32   SV_Position0   0 xyzw Float32  ok\n",
		"Normal0        1 xyz  Float32   Normal0        1 xyz  Float32  ok\n",
		"  note LINK.UNREAD: 1 of the vertex shader's outputs is not read by the pixel shader (Texcoord0)\n")
	code, swapped, _ := runCmd("link", dir+"ps-works.dxbc", dir+"vs.dxbc")
	if code != 0 || !strings.Contains(swapped, "(the files were given later stage first)") {
		t.Errorf("works, pixel shader first: exit %d\n%s", code, swapped)
	}
	code, out, _ = runCmd("link", dir+"vs.dxbc", dir+"ps-fails.dxbc")
	if code != 1 {
		t.Errorf("fails: exit %d", code)
	}
	wantAll(t, out,
		"Vertex (OSG1) → Pixel (ISG1): does not link (2 errors)\n",
		"Normal0        0 xyz  Float32   Normal0        1 xyz  Float32  LINK.REGISTER\n",
		"  error LINK.REGISTER: Normal0 is written to register 1 but read from register 0:")
	code, out, _ = runCmd("link", "--json", dir+"vs.dxbc", dir+"ps-missing.dxbc")
	var r struct {
		Adjacent bool
		Rows     []struct{ Rules []string }
		Problems []struct{ Severity, Rule, Semantic string }
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 1 {
		t.Fatalf("--json: exit %d, %v", code, err)
	}
	// The fixtures carry no root signature: the last problem notes it.
	if !r.Adjacent || len(r.Rows) != 3 || len(r.Problems) != 3 || r.Problems[0].Rule != "LINK.MISSING" || r.Problems[0].Semantic != "Color0" || r.Problems[0].Severity != "error" ||
		r.Problems[2].Rule != "LINK.NOROOTSIG" || r.Problems[2].Severity != "note" {
		t.Errorf("--json: %+v", r)
	}
	// A whole pipeline, in any order.
	code, out, errs = runCmd("link", dir+"ps-works.dxbc", dir+"vs.dxbc", dir+"gs.dxbc")
	if code != 0 || errs != "" {
		t.Errorf("pipeline: exit %d, stderr %q", code, errs)
	}
	wantAll(t, out,
		"Pipeline: "+dir+"vs.dxbc → "+dir+"gs.dxbc → "+dir+"ps-works.dxbc: links\n",
		"Earlier: "+dir+"vs.dxbc\nLater:   "+dir+"gs.dxbc\nVertex (OSG1) → Geometry (ISG1): links\n",
		"Texcoord0      2 xy   Float32   Texcoord0      2 xy   Float32  ok\n",
		"Earlier: "+dir+"gs.dxbc\nLater:   "+dir+"ps-works.dxbc\nGeometry (OSG1) → Pixel (ISG1): links\n")
	code, out, _ = runCmd("link", "--json", dir+"vs.dxbc", dir+"ps-fails.dxbc", dir+"vs.dxbc")
	var p struct {
		Files    []string
		Order    []int
		Pairs    []struct{ Adjacent bool }
		Problems []struct{ Rule, Message string }
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil || code != 1 {
		t.Fatalf("pipeline --json: exit %d, %v", code, err)
	}
	if len(p.Files) != 3 || p.Files[2] != dir+"ps-fails.dxbc" || !slices.Equal(p.Order, []int{0, 2, 1}) || len(p.Pairs) != 2 || p.Pairs[0].Adjacent ||
		len(p.Problems) != 2 || p.Problems[0].Rule != "LINK.PIPELINE" || p.Problems[1].Rule != "LINK.NOROOTSIG" {
		t.Errorf("pipeline --json: %+v", p)
	}
	if code, _, errs := runCmd("link", dir+"vs.dxbc", dir+"vs.dxbc", dir+"vs.dxbc", dir+"vs.dxbc", dir+"vs.dxbc", dir+"vs.dxbc"); code != 2 || !strings.Contains(errs, "unexpected argument") {
		t.Errorf("six files: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := runCmd("link", dir+"vs.dxbc"); code != 2 || errs == "" {
		t.Errorf("one file: exit %d, stderr %q", code, errs)
	}
}

// dxscope link --rootsig: the pipeline's own root signature, given as HLSL
// root-signature text, decides (decode/linkage's
// TestPipelineGivenItsRootSignature holds the rule to D3D12's answers): the
// page's vertex shader and a vkd3d-proton pixel shader binding b0 and t0
// link with "CBV(b0), DescriptorTable(SRV(t0))" and not with "CBV(b0)";
// a root signature that is no root signature is refused before any check.
func TestLinkCommandWithRootSignature(t *testing.T) {
	vs := "../../web/examples/vertex.dxbc"
	ps := corpusPath(t, "real/HansKristian-Work__vkd3d-proton/d3d12_shaders.c__ps_code_dxil__v5.dxil")
	tmp := t.TempDir()
	rs := func(name, text string) string {
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	code, out, errs := runCmd("link", vs, ps, "--rootsig", rs("b0.hlsl", "CBV(b0)"))
	if code != 1 || errs != "" {
		t.Errorf("CBV(b0): exit %d, stderr %q", code, errs)
	}
	wantAll(t, out, "  error LINK.ROOTSIG: with the pipeline's root signature, the pixel shader: register(t0, space0) (SRVTyped: register space 0, 1 descriptor(s) from register 0) is not fully bound")
	code, out, errs = runCmd("link", "--rootsig", rs("b0t0.hlsl", "CBV(b0), DescriptorTable(SRV(t0))"), "--version", "1.0", ps, vs, "--json")
	var r struct{ Problems []struct{ Rule string } }
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 || errs != "" {
		t.Fatalf("CBV(b0), DescriptorTable(SRV(t0)) --json: exit %d, %v, stderr %q", code, err, errs)
	}
	if slices.ContainsFunc(r.Problems, func(p struct{ Rule string }) bool { return p.Rule == "LINK.ROOTSIG" }) {
		t.Errorf("CBV(b0), DescriptorTable(SRV(t0)): %+v", r.Problems)
	}
	if code, out, errs := runCmd("link", vs, ps, "--rootsig", rs("bad.hlsl", "CBV(")); code != 2 || out != "" || !strings.Contains(errs, "bad.hlsl: neither a container") {
		t.Errorf("a root signature that does not parse: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, errs := runCmd("link", vs, ps, "--rootsig", rs("b0.hlsl", "CBV(b0)"), "--version", "2.0"); code != 2 || !strings.Contains(errs, "--version") {
		t.Errorf("--version 2.0: exit %d, stderr %q", code, errs)
	}
	// One compute shader is a pipeline of its own: vkd3d-proton's
	// test_root_signature_priority creates it with root UAVs u0 and u1,
	// test_missing_bindings_root_signature refuses it with u10 and u1.
	cs := corpusPath(t, "real/HansKristian-Work__vkd3d-proton/d3d12_root_signature.c__cs_code.dxbc")
	if code, out, _ := runCmd("link", cs, "--rootsig", rs("u0u1.hlsl", "UAV(u0), UAV(u1)")); code != 0 || !strings.HasSuffix(out, ": links\n") {
		t.Errorf("compute, UAV(u0), UAV(u1): exit %d\n%s", code, out)
	}
	code, out, _ = runCmd("link", cs, "--rootsig", rs("u10u1.hlsl", "UAV(u10), UAV(u1)"))
	if code != 1 {
		t.Errorf("compute, UAV(u10), UAV(u1): exit %d", code)
	}
	wantAll(t, out, ": does not link\n", "  error LINK.ROOTSIG: with the pipeline's root signature, the compute shader: register(u0, space0) (UAVRaw")
	if code, _, errs := runCmd("link", cs); code != 2 || !strings.Contains(errs, "only with --rootsig") {
		t.Errorf("one file without --rootsig: exit %d, stderr %q", code, errs)
	}
}
