package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/dxscope/dxscope/decode/diff"
)

func TestDiffCommandExitCodes(t *testing.T) {
	const vk = "real/HansKristian-Work__vkd3d-proton/"
	a, b := corpusPath(t, vk+"d3d12_root_signature.c__deny_ps_rootsig.dxbc"), corpusPath(t, vk+"d3d12_root_signature.c__deny_ps_rootsig1.dxbc")
	lib5, lib6 := corpusPath(t, vk+"d3d12_raytracing.c__rt_lib_dxil__v5.dxil"), corpusPath(t, vk+"d3d12_raytracing.c__rt_lib_dxil__v6.dxil")
	notContainer := filepath.Join(t.TempDir(), "x.bin")
	os.WriteFile(notContainer, []byte("not a container at all, just text"), 0o644)
	for _, tc := range []struct {
		name string
		args []string
		want int
		out  string
	}{
		{"identical", []string{"diff", a, a}, 0, "identical: 68 bytes, 1 parts"},
		{"differ", []string{"diff", a, b}, 1, "~ RTS0 #0  24 bytes, changed"},
		{"json anywhere", []string{"diff", "--json", a, b}, 1, `"Status": "changed"`},
		{"one file", []string{"diff", a}, 2, ""},
		{"missing file", []string{"diff", a, filepath.Join(t.TempDir(), "no-such-file")}, 2, ""},
		{"not a container", []string{"diff", a, notContainer}, 2, ""},
		{"unknown flag", []string{"diff", "--bogus", a, b}, 2, ""},
		// The code as text: the one function, renamed from its mangled name,
		// is paired with the other build's and shows one changed line.
		{"text", []string{"diff", "--text", lib5, lib6}, 1, "@@ -1,4 +1,4 @@ @\"\\01?main@@YAXXZ\" → @main\n-define void @\"\\01?main@@YAXXZ\"() #0 {\n+define void @main() #0 {\n"},
		{"text identical", []string{"diff", "--text", lib5, lib5}, 0, "--- " + lib5 + "\n+++ " + lib5 + "\n"},
		{"text without code", []string{"diff", "--text", a, b}, 2, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(tc.args...)
			if code != tc.want {
				t.Errorf("exit %d, want %d; stderr %s", code, tc.want, errs)
			}
			wantAll(t, out, tc.out)
			if tc.want == 2 && errs == "" {
				t.Error("exit 2 without a message on stderr")
			}
		})
	}
}

func TestDiffCommandJSONReadsBack(t *testing.T) {
	a := corpusPath(t, "real/microsoft__DirectXTK/PostProcess_PSCopy.inc__PostProcess_PSCopy.dxbc")
	b := corpusPath(t, "real/microsoft__DirectXTK12/PostProcess_PSCopy.inc__PostProcess_PSCopy.dxbc")
	code, out, errs := runCmd("diff", a, b, "--json")
	if code != 1 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var c diff.Comparison
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatalf("--json output is not a Comparison: %v", err)
	}
	// MANIFEST.tsv: ISGN OSGN SHDR (D3D11) vs ISGN OSGN SHEX RTS0 (D3D12).
	if c.Counts.Identical != 2 || c.Counts.Removed != 1 || c.Counts.Added != 2 {
		t.Errorf("counts %+v, want 2 identical, 1 removed, 2 added", c.Counts)
	}
}
