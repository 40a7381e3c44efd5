package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
)

// copyTo copies a file into dir and returns the copy's path.
func copyTo(t *testing.T, dir, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, filepath.Base(path))
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// decodeFile decodes a file the test wrote, failing the test if it cannot.
func decodeFile(t *testing.T, path string) *decode.File {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := decode.Parse(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f
}

// partNames lists a file's parts in order.
func partNames(f *decode.File) string {
	var s []string
	for _, p := range f.Parts {
		s = append(s, p.Name)
	}
	return strings.Join(s, " ")
}

// Each strip option on a corpus file that has its parts: the parts DXC (or
// D3DStripShader) removes are gone, the rest are there, the digest is valid.
func TestStripRemovesWhatTheCompilersRemove(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		rel, flag, want, says string
	}{
		// DXC's -Qstrip_debug removes ILDB and keeps ILDN, the PDB's name.
		{"real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil", "--debug", "SFI0 ISG1 OSG1 PSV0 ILDN HASH DXIL", "--debug removes ILDB ("},
		{"real/microsoft__DirectX-Graphics-Samples/gradientPS.hlsl.h__g_gradientPS.dxbc", "--debug", "RDEF ISGN OSGN SHEX STAT", "--debug removes SPDB ("},
		{"real/emtee40__wine-vkd3d/hlsl_d3d12.c__test_blob_part2.dxbc", "--reflect", "ISGN OSGN PCSG SHEX SDBG", "--reflect removes STAT (148 bytes), RDEF (112 bytes)"},
		{"real/microsoft__DirectX-Graphics-Samples/gradientPS.hlsl.h__g_gradientPS.dxbc", "--priv", "RDEF ISGN OSGN SHEX STAT SPDB", "--priv: no PRIV part, nothing to strip"},
		{"real/HansKristian-Work__vkd3d-proton/cs_null_root_signature.h__cs_null_root_signature_code_dxbc.dxbc", "--rootsig", "ISGN OSGN SHEX", "--rootsig removes RTS0 (72 bytes)"},
	} {
		src := corpusPath(t, c.rel)
		out := filepath.Join(dir, "out")
		code, _, errs := runCmd("strip", c.flag, src, "-o", out)
		if code != 0 {
			t.Errorf("strip %s %s: exit %d: %s", c.flag, c.rel, code, errs)
			continue
		}
		f := decodeFile(t, out)
		if got := partNames(f); got != c.want || f.Digest.Status != decode.DigestValid {
			t.Errorf("strip %s %s: parts %s, digest %s; want %s, valid", c.flag, c.rel, got, f.Digest.Status, c.want)
		}
		wantAll(t, errs, c.says, "digest valid")
	}
}

// A command that writes a container says where: -o OUT, -o - or
// --in-place, and never overwrites its input otherwise.
func TestEditingCommandsRefuseToOverwriteTheInput(t *testing.T) {
	dir := t.TempDir()
	src := copyTo(t, dir, corpusPath(t, "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil"))
	orig, _ := os.ReadFile(src)
	for _, args := range [][]string{
		{"strip", "--debug", src, "-o", src},
		{"remove-part", src, "ILDN", "-o", filepath.Join(dir, ".", filepath.Base(src))},
		{"sign", src, "-o", src},
		{"strip", "--debug", src},
	} {
		code, _, errs := runCmd(args...)
		if code == 0 || !strings.Contains(errs, "--in-place") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
		if now, _ := os.ReadFile(src); !bytes.Equal(now, orig) {
			t.Fatalf("%v changed the input", args)
		}
	}
	// To standard output: the same bytes as to a file.
	out := filepath.Join(dir, "out")
	runOK(t, "strip", "--debug", src, "-o", out)
	toFile, _ := os.ReadFile(out)
	if got := runOK(t, "strip", "--debug", src, "-o", "-"); got != string(toFile) {
		t.Errorf("-o - wrote %d bytes, -o OUT %d", len(got), len(toFile))
	}
	// In place.
	runOK(t, "strip", "--debug", "--in-place", src)
	if now, _ := os.ReadFile(src); !bytes.Equal(now, toFile) {
		t.Errorf("--in-place wrote something else than -o")
	}
	if code, _, errs := runCmd("strip", "--debug", "--in-place", "-"); code == 0 || !strings.Contains(errs, "standard input") {
		t.Errorf("--in-place on stdin: %d %q", code, errs)
	}
}

// dxc -extractrootsignature writes RTS0 alone in a container with a zero
// digest; signed, that container is the one the compiler wrote for a root
// signature compiled on its own: every such corpus file comes back byte for
// byte.
func TestExtractRootSigRebuildsRootSignatureContainers(t *testing.T) {
	es := corpus.Entries(t)
	same := 0
	for _, e := range es {
		if strings.Join(e.Parts, " ") != "RTS0" || e.Digest != "ok" {
			continue
		}
		code, out, errs := runCmd("extractrootsig", e.Path, "--digest", "retail", "-o", "-")
		want, _ := os.ReadFile(e.Path)
		if code != 0 || out != string(want) {
			t.Errorf("%s: exit %d, %d bytes, want the file's %d: %s", e.Rel, code, len(out), len(want), errs)
			continue
		}
		_, out, _ = runCmd("extractrootsig", e.Path, "-o", "-")
		zeroed := bytes.Clone(want)
		clear(zeroed[4:20])
		if out != string(zeroed) {
			t.Errorf("%s: without --digest the result is not the file with a zero digest", e.Rel)
			continue
		}
		same++
	}
	t.Logf("%d root-signature containers of the corpus rebuilt byte for byte from their RTS0", same)
	if same == 0 && slices.ContainsFunc(es, func(e corpus.Entry) bool { return strings.Join(e.Parts, " ") == "RTS0" && e.Digest == "ok" }) {
		t.Error("no root-signature container of the corpus was rebuilt")
	}
	code, _, errs := runCmd("extractrootsig", valid, "-o", "-")
	if code != 1 || !strings.Contains(errs, "no RTS0 part") {
		t.Errorf("a container without RTS0: %d %q", code, errs)
	}
}

// coveringRootSignature builds a root signature 1.1 (visible to all stages)
// with a descriptor table for each binding of the shader, holding exactly
// its registers: what a shader needs, made without the root signature
// compiler.
func coveringRootSignature(f *decode.File) []byte {
	var ranges [][4]uint32 // range type, count, base, space
	if p := f.Part("PSV0"); p != nil && p.PSVInfo != nil {
		for _, b := range p.PSVInfo.Resources {
			n := uint32(0xFFFFFFFF)
			if !b.Unbounded() {
				n = b.UpperBound - b.LowerBound + 1
			}
			rt := map[decode.PSVResourceType]uint32{1: 3, 2: 2, 3: 0, 4: 0, 5: 0, 6: 1, 7: 1, 8: 1, 9: 1}[b.Type]
			ranges = append(ranges, [4]uint32{rt, n, b.LowerBound, b.Space})
		}
	}
	var b []byte
	u32 := func(v ...uint32) {
		for _, x := range v {
			b = binary.LittleEndian.AppendUint32(b, x)
		}
	}
	u32(2, uint32(len(ranges)), 24, 0, 0, 0)
	at := len(b)
	b = append(b, make([]byte, 12*len(ranges))...)
	for i, r := range ranges {
		binary.LittleEndian.PutUint32(b[at+12*i+8:], uint32(len(b)))
		u32(1, uint32(len(b)+8))
		u32(r[0], r[1], r[2], r[3], 0, 0)
	}
	binary.LittleEndian.PutUint32(b[16:], uint32(len(b)))
	return b
}

// setrootsig on every corpus shader with PSV0: a root signature that
// covers its bindings is written (no new problem, digest as before, every
// other part the same bytes, the RTS0 the bytes given); one that covers
// nothing is refused unless --force whenever the shader binds anything.
func TestSetRootSigOnTheCorpus(t *testing.T) {
	es := corpus.Entries(t)
	dir := t.TempDir()
	set, refused, forced, unalignedRTS0 := 0, 0, 0, 0
	var yamlFiles []string
	var yamlWant []*decode.File
	empty := filepath.Join(dir, "empty.rts0")
	os.WriteFile(empty, []byte{2, 0, 0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0}, 0o644)
	for _, e := range es {
		if !e.Has("PSV0") || e.Digest != "ok" {
			continue
		}
		f := decodeFile(t, e.Path)
		rs := coveringRootSignature(f)
		rsPath := filepath.Join(dir, "rs")
		os.WriteFile(rsPath, rs, 0o644)
		out := filepath.Join(dir, "out")
		code, _, errs := runCmd("setrootsig", e.Path, rsPath, "-o", out)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", e.Rel, code, errs)
			continue
		}
		g := decodeFile(t, out)
		var ps []decode.Problem
		for _, p := range newProblems(f, g) {
			// In a file an old validator laid out unaligned, the new part
			// goes where it falls, as DXC's container builder puts it.
			if p.Severity == decode.Note && p.Part == "RTS0" && strings.Contains(p.Message, "not a multiple of 4") && unalignedLayout(f) {
				unalignedRTS0++
				continue
			}
			ps = append(ps, p)
		}
		if len(ps) > 0 || g.Digest.Status != decode.DigestValid || g.Part("RTS0") == nil || !bytes.Equal(g.Part("RTS0").Data(), rs) {
			t.Errorf("%s: new problems %v, digest %s", e.Rel, ps, g.Digest.Status)
			continue
		}
		if e.Obj2yaml == "ok" {
			p := filepath.Join(dir, fmt.Sprintf("set%d.dxil", len(yamlFiles)))
			os.Rename(out, p)
			yamlFiles = append(yamlFiles, p)
			yamlWant = append(yamlWant, g)
		}
		for _, p := range f.Parts {
			if q := g.Part(p.Name); p.Name != "RTS0" && (q == nil || !bytes.Equal(q.Data(), p.Data())) {
				t.Errorf("%s: %s changed", e.Rel, p.Name)
			}
		}
		set++
		if len(f.Part("PSV0").PSVInfo.Resources) == 0 {
			continue
		}
		if code, _, errs := runCmd("setrootsig", e.Path, empty, "-o", out); code != 1 || !strings.Contains(errs, "not fully bound") {
			t.Errorf("%s: an empty root signature: exit %d %q", e.Rel, code, errs)
			continue
		}
		refused++
		if code, _, _ := runCmd("setrootsig", e.Path, empty, "--force", "-o", out); code == 0 && decodeFile(t, out).Part("RTS0") != nil {
			forced++
		}
	}
	read := obj2yamlReads(t, yamlFiles, yamlWant)
	t.Logf("setrootsig: %d corpus shaders given a covering root signature (%d laid out unaligned by an old validator, where RTS0 goes where it falls), obj2yaml-19 read %d/%d of those it reads the original of; an empty one refused for %d that bind resources, written with --force for %d", set, unalignedRTS0, read, len(yamlFiles), refused, forced)
}

// unalignedLayout says whether f has a part that starts unaligned or whose
// size would make the next one.
func unalignedLayout(f *decode.File) bool {
	for _, p := range f.Parts {
		if p.Offset%4 != 0 || (p.Name != "PRIV" && p.Size%4 != 0) {
			return true
		}
	}
	return false
}

// obj2yamlReads runs obj2yaml-19 on each file and checks the part table it
// reads against the decoded file; it returns how many it read.
func obj2yamlReads(t *testing.T, paths []string, want []*decode.File) int {
	if len(paths) == 0 {
		return 0
	}
	tool := corpus.Tool(t, "llvm-19", "obj2yaml-19")
	var mu sync.Mutex
	read := 0
	corpus.RunEach(tool, paths, func(i int, out []byte, err error) {
		if err != nil {
			t.Errorf("%s: obj2yaml-19 does not read it: %v", paths[i], err)
			return
		}
		var doc struct {
			Header struct {
				FileSize    uint32  `yaml:"FileSize"`
				PartOffsets []int64 `yaml:"PartOffsets"`
			} `yaml:"Header"`
			Parts []struct {
				Name string `yaml:"Name"`
				Size uint32 `yaml:"Size"`
			} `yaml:"Parts"`
		}
		if err := yaml.Unmarshal(out, &doc); err != nil {
			t.Errorf("%s: %v", paths[i], err)
			return
		}
		f := want[i]
		ok := doc.Header.FileSize == f.Header.FileSize && len(doc.Parts) == len(f.Parts) && len(doc.Header.PartOffsets) == len(f.Parts)
		for j := 0; ok && j < len(f.Parts); j++ {
			ok = doc.Parts[j].Name == f.Parts[j].Name && doc.Parts[j].Size == f.Parts[j].Size && doc.Header.PartOffsets[j] == f.Parts[j].Offset
		}
		if !ok {
			t.Errorf("%s: obj2yaml-19 reads %+v", paths[i], doc)
			return
		}
		mu.Lock()
		read++
		mu.Unlock()
	})
	return read
}

func TestSetRootSigTakesAContainerOrText(t *testing.T) {
	shader := corpusPath(t, "real/HansKristian-Work__vkd3d-proton/cs_null_root_signature.h__cs_null_root_signature_code_dxbc.dxbc")
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	want, _ := os.ReadFile(shader)
	// Its own root signature, given as the container it is in.
	runOK(t, "setrootsig", shader, shader, "-o", out)
	if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
		t.Errorf("setting a shader's own root signature changed the file")
	}
	// The same root signature as the HLSL text dxscope rootsig prints of it,
	// compiled at the version that printout names.
	hlsl := filepath.Join(dir, "rs.hlsl")
	printed := runOK(t, "rootsig", shader)
	os.WriteFile(hlsl, []byte(printed), 0o644)
	version := "1.0"
	if strings.Contains(printed, "rootsig_1_1") {
		version = "1.1"
	}
	runOK(t, "setrootsig", shader, hlsl, "--version", version, "-o", out)
	if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
		t.Errorf("setting a shader's own root signature from its HLSL text changed the file")
	}
	os.WriteFile(hlsl, []byte("RootFlags(0), CBV(b0,"), 0o644)
	if code, _, errs := runCmd("setrootsig", shader, hlsl, "-o", out); code != 1 || !strings.Contains(errs, "HLSL root-signature text: 1:") {
		t.Errorf("bad HLSL text: %d %q", code, errs)
	}
}

// sign says it does not validate; by default it keeps the variant a file
// has (the debug-signed test-assembler files stay debug-signed).
func TestSign(t *testing.T) {
	dir := t.TempDir()
	debug := corpusPath(t, "suspect/microsoft__DirectXShaderCompiler/test__dxbc2dxil-asm__cs3.dxbc")
	out := filepath.Join(dir, "out")
	code, _, errs := runCmd("sign", debug, "-o", out)
	if code != 0 || !strings.Contains(errs, "signing does not validate the shader") {
		t.Fatalf("sign: %d %q", code, errs)
	}
	want, _ := os.ReadFile(debug)
	if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
		t.Errorf("re-signing a debug-signed file changed it")
	}
	for flag, st := range map[string]decode.DigestStatus{"--retail": decode.DigestValid, "--debug": decode.DigestDebug, "--bypass": decode.DigestBypass, "--preview-bypass": decode.DigestPreviewBypass} {
		runOK(t, "sign", flag, debug, "-o", out)
		if g := decodeFile(t, out); g.Digest.Status != st {
			t.Errorf("sign %s: %s", flag, g.Digest.Status)
		}
	}
	if code, _, _ := runCmd("sign", "--bypass", "--retail", debug, "-o", out); code != 2 {
		t.Errorf("two digests: exit %d", code)
	}
}

// add-part adds PRIV last, unpadded (as dxc -setprivate); remove-part
// takes it out again; an RTS0 given to add-part is checked like setrootsig's.
func TestAddAndRemovePart(t *testing.T) {
	dir := t.TempDir()
	src := corpusPath(t, "real/bkaradzic__bgfx/shaders__dxil__fs_rsm_combine.bin__offde.dxil")
	priv := filepath.Join(dir, "priv")
	os.WriteFile(priv, []byte("abcde"), 0o644)
	withPriv := filepath.Join(dir, "with")
	runOK(t, "add-part", src, "PRIV", priv, "-o", withPriv)
	f := decodeFile(t, withPriv)
	if partNames(f) != "SFI0 ISG1 OSG1 PSV0 ILDN HASH DXIL PRIV" || string(f.Part("PRIV").Data()) != "abcde" || f.Digest.Status != decode.DigestValid || len(f.Problems) != 0 {
		t.Errorf("add-part PRIV: %s %q %s %v", partNames(f), f.Part("PRIV").Data(), f.Digest.Status, f.Problems)
	}
	back := filepath.Join(dir, "back")
	runOK(t, "strip", "--priv", withPriv, "-o", back)
	want, _ := os.ReadFile(src)
	if got, _ := os.ReadFile(back); !bytes.Equal(got, want) {
		t.Errorf("adding PRIV and stripping it is not the original")
	}
	runOK(t, "remove-part", withPriv, "PRIV", "-o", back)
	if got, _ := os.ReadFile(back); !bytes.Equal(got, want) {
		t.Errorf("adding PRIV and removing it is not the original")
	}
	if code, _, errs := runCmd("remove-part", src, "RTS0", "-o", back); code != 1 || !strings.Contains(errs, "has no RTS0 part") {
		t.Errorf("removing a missing part: %d %q", code, errs)
	}
	rs := filepath.Join(dir, "rs")
	os.WriteFile(rs, []byte{2, 0, 0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0}, 0o644)
	if code, _, errs := runCmd("add-part", src, "RTS0", rs, "-o", back); code != 1 || !strings.Contains(errs, "not fully bound") {
		t.Errorf("add-part RTS0 that covers nothing: %d %q", code, errs)
	}
	if code, _, errs := runCmd("add-part", src, "PRIVATE", priv, "-o", back); code != 2 || !strings.Contains(errs, "four characters") {
		t.Errorf("a long name: %d %q", code, errs)
	}
}
