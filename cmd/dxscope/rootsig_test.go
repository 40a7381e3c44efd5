package main

import (
	"path/filepath"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// TestRootSigCommandPrintsTheSource: the corpus file compiled from
// "RootFlags(DENY_VERTEX_SHADER_ROOT_ACCESS), SRV(t13)" prints those clauses.
func TestRootSigCommandPrintsTheSource(t *testing.T) {
	path, _ := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/d3d12_root_signature.c__srv_rootsig.dxbc")
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
