package main

import (
	"encoding/json"
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
	if !r.Adjacent || len(r.Rows) != 3 || len(r.Problems) != 2 || r.Problems[0].Rule != "LINK.MISSING" || r.Problems[0].Semantic != "Color0" || r.Problems[0].Severity != "error" {
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
		len(p.Problems) != 1 || p.Problems[0].Rule != "LINK.PIPELINE" {
		t.Errorf("pipeline --json: %+v", p)
	}
	if code, _, errs := runCmd("link", dir+"vs.dxbc", dir+"vs.dxbc", dir+"vs.dxbc", dir+"vs.dxbc", dir+"vs.dxbc", dir+"vs.dxbc"); code != 2 || !strings.Contains(errs, "unexpected argument") {
		t.Errorf("six files: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := runCmd("link", dir+"vs.dxbc"); code != 2 || errs == "" {
		t.Errorf("one file: exit %d, stderr %q", code, errs)
	}
}
