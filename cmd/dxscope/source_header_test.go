package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// header writes containers as the C arrays of an -Fh header file.
func header(t *testing.T, arrays ...corpus.CArray) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "shader.h")
	if err := os.WriteFile(p, corpus.CHeader(false, arrays...), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSourceHeaders: a header of one C array reads as its container (and
// says so on stderr), one of several names them as PATH@NAME, PATH@NAME
// reads that one, and check lists each.
func TestSourceHeaders(t *testing.T) {
	a, err := os.ReadFile(valid)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(vertex)
	if err != nil {
		t.Fatal(err)
	}
	_, wantA, _ := runCmd("parts", valid)
	_, wantB, _ := runCmd("parts", vertex)

	one := header(t, corpus.CArray{Name: "g_main", Bytes: a})
	code, out, errs := runCmd("parts", one)
	if code != 0 || out != wantA || !strings.Contains(errs, "the container of the C array g_main (line 5") {
		t.Errorf("parts of a one-array header: exit %d, stderr %q, output equal to the container's: %v", code, errs, out == wantA)
	}

	two := header(t, corpus.CArray{Name: "g_a", Bytes: a}, corpus.CArray{Name: "g_b", Bytes: b})
	code, out, errs = runCmd("parts", two)
	if code != 1 || out != "" || !strings.Contains(errs, "2 C arrays spell containers") || !strings.Contains(errs, two+"@g_b  line ") {
		t.Errorf("parts of a two-array header: exit %d, output %q, stderr %q", code, out, errs)
	}
	if code, out, _ = runCmd("parts", two+"@g_b"); code != 0 || out != wantB {
		t.Errorf("parts PATH@g_b: exit %d, output equal to vertex.dxbc's: %v", code, out == wantB)
	}
	if code, _, errs = runCmd("parts", two+"@g_c"); code == 0 || !strings.Contains(errs, "no C array named g_c") {
		t.Errorf("parts PATH@g_c: exit %d, stderr %q", code, errs)
	}
	code, out, _ = runCmd("check", two)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], two+"@g_a\t") || !strings.HasPrefix(lines[1], two+"@g_b\t") {
		t.Errorf("check of a two-array header: exit %d, %q", code, out)
	}
}

// An FXC PDB (fxc /Fd) reads as the SPDB part of a container made for it,
// saying so on stderr; the container is signed and its PDB is decoded.
func TestFXCPDBReads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shader.pdb")
	if err := os.WriteFile(path, hostile.SharedSourcePDB(2, 64), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd("parts", path)
	if code != 0 || !strings.Contains(errs, "a program database without a shader container, as fxc /Fd writes one") ||
		!strings.Contains(out, "#0 - SPDB  offset 0x24") || !strings.Contains(out, "program database: ") || !strings.Contains(out, "Digest: valid") {
		t.Errorf("parts of an FXC PDB: exit %d, stderr %q\n%s", code, errs, out)
	}
	// Its sources are listed though no code maps them.
	if code, out, errs := runCmd("sources", path); code != 0 || !strings.HasPrefix(out, "0\t") || !strings.Contains(out, "a.hlsl\t64 bytes\tSPDB") {
		t.Errorf("sources of an FXC PDB: exit %d, stderr %q\n%s", code, errs, out)
	}
}
