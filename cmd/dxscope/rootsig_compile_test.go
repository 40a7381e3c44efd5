package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// withStdin runs the CLI in-process with in as its standard input.
func withStdin(in []byte, args ...string) (int, string, string) {
	stdin = bytes.NewReader(in)
	defer func() { stdin = os.Stdin }()
	return runCmd(args...)
}

// TestRootSigCompileRoundTrip feeds what `dxscope rootsig` prints for every
// corpus RTS0 part back to `dxscope rootsig --compile` with the version it
// names, and compares with the part's bytes as `dxscope extract` writes them.
func TestRootSigCompileRoundTrip(t *testing.T) {
	n, same := 0, 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("RTS0") {
			continue
		}
		n++
		listing := runOK(t, "rootsig", e.Path)
		version := ""
		for _, v := range []string{"1.0", "1.1", "1.2"} {
			if strings.Contains(listing, "-T rootsig_"+strings.ReplaceAll(v, ".", "_")) {
				version = v
			}
		}
		code, got, errs := withStdin([]byte(listing), "rootsig", "--compile", "--version", version, "-")
		if code != 0 {
			t.Errorf("%s: exit %d: %s", e.Rel, code, errs)
			continue
		}
		if want := runOK(t, "extract", e.Path, "RTS0"); got != want {
			t.Errorf("%s: rootsig --compile wrote %d bytes, not the part's %d", e.Rel, len(got), len(want))
			continue
		}
		same++
	}
	t.Logf("%d/%d corpus root signatures: dxscope rootsig | dxscope rootsig --compile gives the part's bytes", same, n)
}

// TestRootSigCompileFlagsAndErrors: -o, the default version, and how
// mistakes are reported (FILE:LINE:COL on stderr, exit 1; usage, exit 2).
func TestRootSigCompileFlagsAndErrors(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.rs")
	os.WriteFile(good, []byte("#define RS \"CBV(b0, space = 1)\"\n"), 0o644)
	bad := filepath.Join(dir, "bad.rs")
	os.WriteFile(bad, []byte("CBV(b0,\n  space = x)"), 0o644)

	// 1.1 unless told: a 12-byte root descriptor with its flags word.
	want11 := "\x02\x00\x00\x00\x01\x00\x00\x00\x18\x00\x00\x00\x00\x00\x00\x00\x30\x00\x00\x00\x00\x00\x00\x00" +
		"\x02\x00\x00\x00\x00\x00\x00\x00\x24\x00\x00\x00" + "\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00"
	if got := runOK(t, "rootsig", "--compile", good); got != want11 {
		t.Errorf("default version: got % x\nwant % x", got, want11)
	}
	if got := runOK(t, "rootsig", good, "--compile", "-o", "-", "--version", "rootsig_1_1"); got != want11 {
		t.Errorf("-o -, rootsig_1_1: got % x", got)
	}
	out := filepath.Join(dir, "out.rts0")
	if got := runOK(t, "rootsig", "--compile", "--version=1.0", good, "-o", out); got != "" {
		t.Errorf("-o OUT also wrote %q to stdout", got)
	}
	if b, _ := os.ReadFile(out); len(b) != 24+12+8 || b[0] != 1 {
		t.Errorf("-o OUT, 1.0: % x", b)
	}

	for _, c := range []struct {
		args   []string
		stdin  string
		code   int
		stderr string
	}{
		{[]string{"--compile", bad}, "", 1, bad + ":2:11: expected an unsigned integer after space =, found 'x'\n"},
		{[]string{"--compile", "-"}, "StaticSampler(s0, flags = 0)", 1, "<stdin>:1:19: static sampler flags cannot be given in root signature 1.1 (they exist from 1.2)\n"},
		{[]string{"--compile", "--version", "1.2", "-"}, "StaticSampler(s0, flags = 0)", 0, ""},
		{[]string{"--compile", "--version", "2.0", good}, "", 2, "dxscope: --version \"2.0\": the root signature versions are 1.0, 1.1 and 1.2\n"},
		{[]string{"--compile", "--strict", good}, "", 2, "dxscope rootsig: flag provided but not defined: -strict\nusage: dxscope rootsig FILE [--cpp] | --compile [--version 1.0|1.1|1.2] TEXTFILE [-o OUT] | --suggest [--cpp [--version V]] FILE [FILE...]\n"},
		{[]string{"--compile"}, "", 2, "dxscope rootsig: missing an argument\nusage: dxscope rootsig FILE [--cpp] | --compile [--version 1.0|1.1|1.2] TEXTFILE [-o OUT] | --suggest [--cpp [--version V]] FILE [FILE...]\n"},
		{[]string{"--compile", filepath.Join(dir, "missing.rs")}, "", 1, "dxscope: stat " + filepath.Join(dir, "missing.rs") + ": no such file or directory\n"},
		// DXC's compiler verifies what it compiled: b0 root constants for
		// all stages and for the vertex stage overlap, a table mixes a
		// sampler with an SRV (errors, nothing written); D3D12's 64 DWORDs
		// it does not count (a warning, the bytes).
		{[]string{"--compile", "-"}, "RootConstants(num32BitConstants=4, b0), RootConstants(num32BitConstants=8, b0, visibility=SHADER_VISIBILITY_VERTEX)", 1,
			"<stdin>: error: root parameter 1 (visibility Vertex, b0) overlaps root parameter 0 (visibility All, b0): D3D12 refuses a root signature whose bindings claim one register for a stage that sees both (as DXC's root signature validator does)\n"},
		{[]string{"--compile", "-"}, "DescriptorTable(SRV(t0), Sampler(s0))", 1,
			"<stdin>: error: descriptor table 0 mixes sampler ranges with CBV/SRV/UAV ranges (D3D12 keeps them in separate heaps and rejects such a table)\n"},
		{[]string{"--compile", "-", "-o", filepath.Join(dir, "65.rts0")}, "RootConstants(num32BitConstants=65, b0)", 0,
			"<stdin>: warning: the root parameters cost 65 DWORDs, more than the 64 D3D12 allows (a descriptor table costs 1, a root descriptor 2, each root constant 1): CreateRootSignature refuses this root signature\n"},
	} {
		code, _, errs := withStdin([]byte(c.stdin), append([]string{"rootsig"}, c.args...)...)
		if code != c.code || errs != c.stderr {
			t.Errorf("rootsig %s: exit %d, stderr %q; want %d, %q", strings.Join(c.args, " "), code, errs, c.code, c.stderr)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "65.rts0")); len(b) != 24+12+12 {
		t.Errorf("65 root constants: %d bytes written, want the 48 of one Constants32Bit parameter", len(b))
	}
}

// TestRootSigSuggest: rootsig --suggest prints a root signature that
// serves the shaders given (decode.SuggestRootSignature, held to every
// corpus shader there), which link --rootsig then takes without a
// LINK.ROOTSIG; link notes a pair that carries none. A library cannot be
// served (exit 1), no file is a usage error (exit 2).
func TestRootSigSuggest(t *testing.T) {
	present, _ := corpus.File(t, "real/microsoft__DirectX-Graphics-Samples/presentPS.hlsl.h__g_presentPS.dxbc")
	want := "CBV(b0, visibility = SHADER_VISIBILITY_PIXEL),\n" +
		"DescriptorTable(SRV(t0, numDescriptors = 2), visibility = SHADER_VISIBILITY_PIXEL),\n" +
		"DescriptorTable(Sampler(s0), visibility = SHADER_VISIBILITY_PIXEL)\n"
	if code, out, errs := runCmd("rootsig", "--suggest", present); code != 0 || out != want || errs != "" {
		t.Errorf("presentPS: exit %d, %q, %q; want %q", code, out, errs, want)
	}

	ps, _ := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/d3d12_shaders.c__ps_code_dxil__v5.dxil")
	vs := filepath.Join("..", "..", "web", "examples", "vertex.dxbc")
	if _, out, _ := runCmd("link", vs, ps); !strings.Contains(out, "note LINK.NOROOTSIG") {
		t.Errorf("link without a root signature: no note:\n%s", out)
	}
	code, text, errs := runCmd("rootsig", ps, "--suggest", vs) // flags anywhere, files in any order
	if code != 0 || errs != "" || !strings.Contains(text, "CBV(b0),\n") {
		t.Fatalf("exit %d, %q, %q", code, text, errs)
	}
	rs := filepath.Join(t.TempDir(), "suggested.rs")
	os.WriteFile(rs, []byte(text), 0o644)
	if code, out, errs := runCmd("link", vs, ps, "--rootsig", rs); code != 0 || strings.Contains(out, "LINK.ROOTSIG") || strings.Contains(out, "LINK.NOROOTSIG") {
		t.Errorf("link --rootsig with the suggestion: exit %d\n%s%s", code, out, errs)
	}

	// --cpp: the same suggestion as D3D12's structures of --version: the
	// table of two SRVs and the sampler table, 1.0's range without flags.
	code, cpp, errs := runCmd("rootsig", "--suggest", present, "--cpp", "--version", "1.0")
	for _, line := range []string{
		"    static const D3D12_DESCRIPTOR_RANGE ranges1[] = {\n        { D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 2, 0, 0, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND },\n",
		"    params[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;\n",
		"    params[2].DescriptorTable.pDescriptorRanges = ranges2;\n    params[2].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;\n",
		"    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_0;\n",
	} {
		if code != 0 || errs != "" || !strings.Contains(cpp, line) {
			t.Errorf("--suggest --cpp --version 1.0: exit %d, %q; no line %q in\n%s", code, errs, line, cpp)
		}
	}

	lib, _ := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/d3d12_raytracing.c__rt_lib_dxil__v9.dxil")
	if code, out, errs := runCmd("rootsig", "--suggest", "--cpp", lib); code != 1 || out != "" || !strings.Contains(errs, "library") {
		t.Errorf("a library, --cpp: exit %d, %q, %q", code, out, errs)
	}
	if code, out, errs := runCmd("rootsig", "--suggest", lib); code != 1 || out != "" || !strings.Contains(errs, "library") {
		t.Errorf("a library: exit %d, %q, %q", code, out, errs)
	}
	if code, _, _ := runCmd("rootsig", "--suggest"); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
}

// TestSetRootSigSuggest: setrootsig --suggest gives a shader the root
// signature rootsig --suggest writes for it, compiled at --version; the
// container it writes decodes with a valid digest and an RTS0 that covers
// the shader (no problem of the container rules, which check RTS0 against
// the bindings). RS and --suggest together, or neither, are usage errors.
func TestSetRootSigSuggest(t *testing.T) {
	present, _ := corpus.File(t, "real/microsoft__DirectX-Graphics-Samples/presentPS.hlsl.h__g_presentPS.dxbc")
	out := filepath.Join(t.TempDir(), "p.dxbc")
	code, _, errs := runCmd("setrootsig", present, "--suggest", "--version", "1.0", "-o", out)
	if code != 0 || !strings.Contains(errs, "--suggest: CBV(b0, visibility = SHADER_VISIBILITY_PIXEL), DescriptorTable(SRV(t0, numDescriptors = 2)") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got := runOK(t, "check", out); !strings.HasPrefix(got, out+"\tok\t0\t0\t0\tvalid") {
		t.Errorf("check: %q", got)
	}
	listing := runOK(t, "rootsig", out)
	for _, want := range []string{"// RTS0: v1.0, 3 parameters", "// cost: 4 of 64 DWORDs", `"CBV(b0, space = 0, visibility = SHADER_VISIBILITY_PIXEL),"`} {
		if !strings.Contains(listing, want) {
			t.Errorf("rootsig of the result has no %q:\n%s", want, listing)
		}
	}
	for _, args := range [][]string{{present, "rs.hlsl", "--suggest", "-o", out}, {present, "-o", out}} {
		if code, _, _ := runCmd(append([]string{"setrootsig"}, args...)...); code != 2 {
			t.Errorf("setrootsig %q: exit %d, want 2", args, code)
		}
	}
}
