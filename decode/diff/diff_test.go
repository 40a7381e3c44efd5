package diff_test

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/diff"
	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// corpusFile reads one corpus file by its path under real/, skipping without the corpus.
func corpusFile(t testing.TB, rel string) []byte {
	t.Helper()
	return corpus.Bytes(t, "real/"+rel)
}

func mustParse(t testing.TB, b []byte) *decode.File {
	t.Helper()
	f, err := decode.Parse(b)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return f
}

func partDiff(t *testing.T, c *diff.Comparison, name string) diff.Part {
	t.Helper()
	for _, d := range c.Parts {
		if d.Name == name {
			return d
		}
	}
	t.Fatalf("no entry for part %s in %+v", name, c.Parts)
	return diff.Part{}
}

func fieldDiff(d diff.Part, path string) (diff.Field, bool) {
	for _, f := range d.Fields {
		if f.Path == path {
			return f, true
		}
	}
	return diff.Field{}, false
}

func headerDiff(c *diff.Comparison, path string) (diff.Field, bool) {
	for _, f := range c.Header {
		if f.Path == path {
			return f, true
		}
	}
	return diff.Field{}, false
}

func statuses(c *diff.Comparison) string {
	var s []string
	for _, d := range c.Parts {
		s = append(s, d.Status.String()[:1]+":"+d.Name)
	}
	return strings.Join(s, " ")
}

const (
	waveRange64    = "HansKristian-Work__vkd3d-proton/cs_wave_size_range_64.h__cs_wave_size_range_64_code_dxil.dxil"
	waveRange64128 = "HansKristian-Work__vkd3d-proton/cs_wave_size_range_64_128.h__cs_wave_size_range_64_128_code_dxil.dxil"
	denyPSRootSig  = "HansKristian-Work__vkd3d-proton/d3d12_root_signature.c__deny_ps_rootsig.dxbc"
	denyPSRootSig1 = "HansKristian-Work__vkd3d-proton/d3d12_root_signature.c__deny_ps_rootsig1.dxbc"
	fillLitDXIL    = "bkaradzic__bgfx/fs_debugdraw_fill_lit.bin.h__fs_debugdraw_fill_lit_dxil__off25.dxil"
	stippleDXIL    = "bkaradzic__bgfx/fs_debugdraw_lines_stipple.bin.h__fs_debugdraw_lines_stipple_dxil__off12.dxil"
	copyTK11       = "microsoft__DirectXTK/PostProcess_PSCopy.inc__PostProcess_PSCopy.dxbc"
	copyTK12       = "microsoft__DirectXTK12/PostProcess_PSCopy.inc__PostProcess_PSCopy.dxbc"
	hoistDXBC      = "HansKristian-Work__vkd3d-proton/cbv_hoisting.h__cbv_hoisting_code_dxbc.dxbc"
	hoistDXIL      = "HansKristian-Work__vkd3d-proton/cbv_hoisting.h__cbv_hoisting_code_dxil.dxil"
)

func TestDiffSameFileIsIdentical(t *testing.T) {
	b := corpusFile(t, fillLitDXIL)
	c := diff.Compare(mustParse(t, b), mustParse(t, append([]byte(nil), b...)))
	if !c.Identical || len(c.Header) != 0 || !c.Bytes.Same() {
		t.Fatalf("same bytes not identical: %+v", c)
	}
	if c.Counts.Identical != 7 || c.Counts.Changed+c.Counts.Added+c.Counts.Removed+c.Counts.Moved != 0 {
		t.Errorf("counts %+v, want 7 identical parts (manifest: SFI0 ISG1 OSG1 PSV0 ILDN HASH DXIL)", c.Counts)
	}
}

// Two builds of the same compute shader differing in [WaveSize(64)] vs
// [WaveSize(64,128)]: cmp -l shows the digest, one PSV0 byte at 0x88 (64 → 128),
// the HASH digest (0xfc-0x10b) and one bitcode byte at 0x4c0 (0x4b → 0xcb).
func TestDiffCorpusWaveSizeRange(t *testing.T) {
	a := mustParse(t, corpusFile(t, waveRange64))
	b := mustParse(t, corpusFile(t, waveRange64128))
	c := diff.Compare(a, b)
	if c.Identical {
		t.Fatal("reported identical")
	}
	if got, want := statuses(c), "i:SFI0 i:ISG1 i:OSG1 c:PSV0 c:HASH c:DXIL"; got != want {
		t.Errorf("parts %q, want %q", got, want)
	}
	if len(c.Header) != 1 || c.Header[0].Path != "Header/Hash" {
		t.Errorf("header diffs %+v, want only Header/Hash (both digests valid, same size)", c.Header)
	}

	psv := partDiff(t, c, "PSV0")
	if psv.Bytes == nil || psv.Bytes.First != 0x18 || psv.Bytes.FirstA != 0x88 || psv.Bytes.FirstB != 0x88 || psv.Bytes.Differ != 1 {
		t.Errorf("PSV0 byte diff %+v, want 1 byte at part offset 0x18 (file 0x88)", psv.Bytes)
	}
	if a.Part("PSV0").PSVInfo != nil {
		// obj2yaml-19: MaximumWaveLaneCount 64 in A, 128 in B.
		f, ok := fieldDiff(psv, "PSV0/MaximumWaveLaneCount")
		if !ok || f.A.Value != "64" || f.B.Value != "128" || f.A.Off != 0x88 || f.B.Off != 0x88 {
			t.Errorf("PSV0/MaximumWaveLaneCount diff %+v (found %v), want 64 → 128 at 0x88; all: %+v", f, ok, psv.Fields)
		}
		if len(psv.Fields) != 1 {
			t.Errorf("PSV0 has %d field diffs, want 1: %+v", len(psv.Fields), psv.Fields)
		}
	}

	hash := partDiff(t, c, "HASH")
	f, ok := fieldDiff(hash, "HASH/Digest")
	// Digests as obj2yaml-19 prints them.
	if !ok || f.A.Value != `"7a24b6d4d0ecd030a95cec0171129259"` || f.B.Value != `"f0250193967ff6ee37c4c4788684b007"` {
		t.Errorf("HASH/Digest diff %+v (found %v)", f, ok)
	}
	// The 16 bytes at 0xfc differ in every position (cmp -l).
	if f.A.Off != 0xfc || f.A.Size != 16 || f.B.Off != 0xfc {
		t.Errorf("HASH/Digest at A 0x%x+%d B 0x%x, want 0xfc+16", f.A.Off, f.A.Size, f.B.Off)
	}

	dxil := partDiff(t, c, "DXIL")
	if dxil.Bytes == nil || dxil.Bytes.FirstA != 0x4c0 || dxil.Bytes.Differ != 1 {
		t.Errorf("DXIL byte diff %+v, want 1 byte at 0x4c0", dxil.Bytes)
	}
	if f, ok := fieldDiff(dxil, "DXIL/DXIL"); ok && (f.A.Off != 0x4c0 || f.A.Size != 1 || f.B.Off != 0x4c0) {
		t.Errorf("bitcode diff placed at A 0x%x+%d B 0x%x, want 0x4c0+1", f.A.Off, f.A.Size, f.B.Off)
	}
}

// A version 1.0 and a version 1.1 root signature, otherwise the same: one byte
// at 0x2c (RTS0 Version 1 → 2, xxd).
func TestDiffCorpusRootSignatureVersion(t *testing.T) {
	a := mustParse(t, corpusFile(t, denyPSRootSig))
	b := mustParse(t, corpusFile(t, denyPSRootSig1))
	c := diff.Compare(a, b)
	rts := partDiff(t, c, "RTS0")
	if rts.Status != diff.PartChanged || rts.Bytes == nil || rts.Bytes.First != 0 || rts.Bytes.FirstA != 0x2c || rts.Bytes.Differ != 1 {
		t.Fatalf("RTS0 %+v bytes %+v, want changed, 1 byte at 0x2c", rts, rts.Bytes)
	}
	if a.Part("RTS0").RootSignature != nil {
		f, ok := fieldDiff(rts, "RTS0/Version")
		if !ok || !strings.HasPrefix(f.A.Value, "1") || !strings.HasPrefix(f.B.Value, "2") || f.A.Off != 0x2c {
			t.Errorf("RTS0/Version diff %+v (found %v), want 1 → 2 at 0x2c; all %+v", f, ok, rts.Fields)
		}
	}
}

// The same effect shader built by FXC for D3D11 (SHDR, SM4.0) and for D3D12
// (SHEX + RTS0, SM5.1). Sizes and part lists from MANIFEST.tsv.
func TestDiffCorpusDirectXTK11Vs12(t *testing.T) {
	c := diff.Compare(mustParse(t, corpusFile(t, copyTK11)), mustParse(t, corpusFile(t, copyTK12)))
	if got, want := statuses(c), "i:ISGN i:OSGN r:SHDR a:SHEX a:RTS0"; got != want {
		t.Errorf("parts %q, want %q", got, want)
	}
	for path, want := range map[string][2]string{
		"Header/FileSize":  {"292", "460"},
		"Header/PartCount": {"3", "4"},
	} {
		f, ok := headerDiff(c, path)
		if !ok || f.A.Value != want[0] || f.B.Value != want[1] {
			t.Errorf("%s: %+v (found %v), want %s → %s", path, f, ok, want[0], want[1])
		}
	}
	if f, _ := headerDiff(c, "Header/FileSize"); f.A.Off != 24 || f.A.Size != 4 {
		t.Errorf("FileSize at 0x%x+%d, want 0x18+4", f.A.Off, f.A.Size)
	}
	if c.Counts.Moved != 0 {
		t.Errorf("%d moved, want 0", c.Counts.Moved)
	}
}

// vkd3d-proton's header holds the shader as DXBC and as DXIL: no part in common.
func TestDiffCorpusDXBCVsDXIL(t *testing.T) {
	c := diff.Compare(mustParse(t, corpusFile(t, hoistDXBC)), mustParse(t, corpusFile(t, hoistDXIL)))
	if c.Counts.Removed != 3 || c.Counts.Added != 6 || c.Counts.Identical+c.Counts.Changed != 0 {
		t.Errorf("counts %+v, want 3 removed (ISGN OSGN SHEX), 6 added (SFI0 ISG1 OSG1 PSV0 HASH DXIL)", c.Counts)
	}
}

// Two bgfx shaders from different DXC settings: one with STAT, one with ILDN.
func TestDiffCorpusStatVsDebugName(t *testing.T) {
	c := diff.Compare(mustParse(t, corpusFile(t, stippleDXIL)), mustParse(t, corpusFile(t, fillLitDXIL)))
	if got, want := statuses(c), "i:SFI0 c:ISG1 i:OSG1 c:PSV0 r:STAT a:ILDN c:HASH c:DXIL"; got != want {
		t.Errorf("parts %q, want %q", got, want)
	}
	isg := partDiff(t, c, "ISG1")
	if !isg.Resized || isg.A.Size != 132 || isg.B.Size != 128 {
		t.Errorf("ISG1 %+v, want resized 132 → 128 (obj2yaml sizes)", isg)
	}
	if c.Counts.Moved != 0 {
		t.Errorf("%d moved: a part replaced by another of a different name is not a move", c.Counts.Moved)
	}
}

// patch returns a copy of b with b[off] = v and the container digest recomputed,
// so the only reported difference besides the digest is the patched field.
func patch(b []byte, sign bool, edits map[int]byte) []byte {
	c := append([]byte(nil), b...)
	for off, v := range edits {
		c[off] = v
	}
	if sign {
		sum := decode.Checksum(c[20:binary.LittleEndian.Uint32(c[24:])])
		copy(c[4:20], sum[:])
	}
	return c
}

func TestDiffPatchedPSVByte(t *testing.T) {
	orig := corpusFile(t, waveRange64)
	a := mustParse(t, orig)
	b := mustParse(t, patch(orig, true, map[int]byte{0x88: 32})) // MaximumWaveLaneCount 64 → 32
	c := diff.Compare(a, b)
	if got, want := statuses(c), "i:SFI0 i:ISG1 i:OSG1 c:PSV0 i:HASH i:DXIL"; got != want {
		t.Errorf("parts %q, want %q", got, want)
	}
	psv := partDiff(t, c, "PSV0")
	if psv.Bytes.First != 0x18 || psv.Bytes.Differ != 1 {
		t.Errorf("PSV0 bytes %+v, want 1 at 0x18", psv.Bytes)
	}
	if a.Part("PSV0").PSVInfo != nil {
		f, ok := fieldDiff(psv, "PSV0/MaximumWaveLaneCount")
		if !ok || f.A.Value != "64" || f.B.Value != "32" || f.A.Off != 0x88 || f.A.Size != 4 {
			t.Errorf("PSV0/MaximumWaveLaneCount %+v (found %v), want 64 → 32 at 0x88+4; all %+v", f, ok, psv.Fields)
		}
	} else if len(psv.Fields) != 0 {
		t.Errorf("undecoded PSV0 reported fields %+v", psv.Fields)
	}
	if _, ok := headerDiff(c, "Digest/Status"); ok {
		t.Error("digest status reported changed after re-signing")
	}
}

func TestDiffPatchedSignatureMask(t *testing.T) {
	orig := corpusFile(t, fillLitDXIL)
	// ISG1 data at 0x54; 8-byte header, 32-byte elements, Mask at +24:
	// element 1 (TEXCOORD0, Mask 7 in obj2yaml) has its mask at 0x94.
	if orig[0x94] != 7 {
		t.Fatalf("byte at 0x94 is %d, not TEXCOORD0's mask 7", orig[0x94])
	}
	a := mustParse(t, orig)
	c := diff.Compare(a, mustParse(t, patch(orig, false, map[int]byte{0x94: 15})))
	isg := partDiff(t, c, "ISG1")
	if isg.Status != diff.PartChanged || isg.Bytes.FirstA != 0x94 || isg.Bytes.Differ != 1 {
		t.Errorf("ISG1 %v bytes %+v, want 1 byte at 0x94", isg.Status, isg.Bytes)
	}
	if a.Part("ISG1").Signature != nil {
		f, ok := fieldDiff(isg, "ISG1/Parameters/1/Mask")
		if !ok || f.A.Value != "7" || f.B.Value != "15" || f.A.Off != 0x94 {
			t.Errorf("ISG1/Parameters/1/Mask %+v (found %v), want 7 → 15 at 0x94; all %+v", f, ok, isg.Fields)
		}
	}
	// Not re-signed: the digest no longer matches.
	f, ok := headerDiff(c, "Digest/Status")
	if !ok || f.A.Value != "valid" || f.B.Value != "mismatch" {
		t.Errorf("Digest/Status %+v (found %v), want valid → mismatch", f, ok)
	}
	if _, ok := headerDiff(c, "Header/Hash"); ok {
		t.Error("stored hash reported changed, but only the content was patched")
	}
}

func TestDiffPatchedHashDigest(t *testing.T) {
	orig := corpusFile(t, waveRange64)
	// HASH data at 0xf8: Flags u32, then the 16-byte digest at 0xfc.
	c := diff.Compare(mustParse(t, orig), mustParse(t, patch(orig, true, map[int]byte{0x100: 0xff})))
	hash := partDiff(t, c, "HASH")
	f, ok := fieldDiff(hash, "HASH/Digest")
	if !ok || f.A.Value != `"7a24b6d4d0ecd030a95cec0171129259"` || f.B.Value != `"7a24b6d4ffecd030a95cec0171129259"` {
		t.Fatalf("HASH/Digest %+v (found %v)", f, ok)
	}
	if f.A.Off != 0x100 || f.A.Size != 1 || f.B.Off != 0x100 {
		t.Errorf("HASH/Digest placed at 0x%x+%d, want the changed byte 0x100+1", f.A.Off, f.A.Size)
	}
	if len(hash.Fields) != 1 {
		t.Errorf("HASH fields %+v, want only Digest", hash.Fields)
	}
}

// rebuild writes a signed container holding the parts of f in the given order.
func rebuild(f *decode.File, order []int) []byte {
	n := len(order)
	size := decode.HeaderSize + 4*n
	for _, i := range order {
		size += decode.PartHeaderSize + len(f.Parts[i].Data())
	}
	out := make([]byte, decode.HeaderSize+4*n, size)
	copy(out, decode.Magic)
	binary.LittleEndian.PutUint16(out[20:], 1)
	binary.LittleEndian.PutUint32(out[24:], uint32(size))
	binary.LittleEndian.PutUint32(out[28:], uint32(n))
	for k, i := range order {
		p := f.Parts[i]
		binary.LittleEndian.PutUint32(out[decode.HeaderSize+4*k:], uint32(len(out)))
		out = append(out, p.Name...)
		out = binary.LittleEndian.AppendUint32(out, uint32(len(p.Data())))
		out = append(out, p.Data()...)
	}
	sum := decode.Checksum(out[20:])
	copy(out[4:20], sum[:])
	return out
}

func TestDiffDroppedPart(t *testing.T) {
	a := mustParse(t, corpusFile(t, fillLitDXIL)) // SFI0 ISG1 OSG1 PSV0 ILDN HASH DXIL
	b := mustParse(t, rebuild(a, []int{0, 1, 2, 3, 5, 6}))
	ea, wa, _ := decode.CountProblems(a.Problems)
	eb, wb, _ := decode.CountProblems(b.Problems)
	if ea+wa != 0 || eb+wb != 0 {
		t.Fatalf("errors or warnings before or after rebuilding: %v / %v", a.Problems, b.Problems)
	}
	c := diff.Compare(a, b)
	if got, want := statuses(c), "i:SFI0 i:ISG1 i:OSG1 i:PSV0 r:ILDN i:HASH i:DXIL"; got != want {
		t.Errorf("parts %q, want %q", got, want)
	}
	if c.Counts.Moved != 0 {
		t.Errorf("%d moved: parts shifted by a removal did not move", c.Counts.Moved)
	}
	il := partDiff(t, c, "ILDN")
	if il.B != nil || il.A.Index != 4 || il.A.Size != 44 {
		t.Errorf("ILDN entry %+v, want A #4, 44 bytes, no B", il)
	}
	hash := partDiff(t, c, "HASH")
	if hash.A.Index != 5 || hash.B.Index != 4 || hash.A.Offset == hash.B.Offset {
		t.Errorf("HASH sides %+v %+v, want #5 → #4 at a new offset", hash.A, hash.B)
	}
	pc, ok := headerDiff(c, "Header/PartCount")
	if !ok || pc.A.Value != "7" || pc.B.Value != "6" {
		t.Errorf("PartCount %+v", pc)
	}
}

func TestDiffSwappedPartsMoved(t *testing.T) {
	a := mustParse(t, corpusFile(t, fillLitDXIL))
	b := mustParse(t, rebuild(a, []int{0, 2, 1, 3, 4, 5, 6})) // OSG1 before ISG1
	c := diff.Compare(a, b)
	if c.Counts.Moved != 1 || c.Counts.Changed != 0 || c.Counts.Identical != 7 {
		t.Fatalf("counts %+v, want 7 identical, exactly 1 moved", c.Counts)
	}
	var moved []string
	for _, d := range c.Parts {
		if d.Moved {
			moved = append(moved, d.Name)
		}
	}
	if moved[0] != "ISG1" && moved[0] != "OSG1" {
		t.Errorf("moved %v, want ISG1 or OSG1", moved)
	}
}

func TestDiffAddedPartPlacedAfterItsPredecessor(t *testing.T) {
	b := mustParse(t, corpusFile(t, fillLitDXIL))
	a := mustParse(t, rebuild(b, []int{0, 1, 2, 3, 5, 6}))
	c := diff.Compare(a, b)
	if got, want := statuses(c), "i:SFI0 i:ISG1 i:OSG1 i:PSV0 a:ILDN i:HASH i:DXIL"; got != want {
		t.Errorf("parts %q, want %q", got, want)
	}
}

// A number printed with a "<Key>Name" companion is reported once, with both.
func TestDiffNamedNumberReportedOnce(t *testing.T) {
	orig := corpusFile(t, fillLitDXIL)
	a := mustParse(t, orig)
	// ProgramVersion's high 16 bits are the shader kind: Pixel (0) → Vertex (1).
	at := int(a.Part("DXIL").DataOffset) + 2
	if orig[at] != 0 {
		t.Fatalf("shader kind byte at 0x%x is %d, want 0 (Pixel)", at, orig[at])
	}
	c := diff.Compare(a, mustParse(t, patch(orig, true, map[int]byte{at: 1})))
	dxil := partDiff(t, c, "DXIL")
	f, ok := fieldDiff(dxil, "DXIL/ShaderKind")
	if !ok || f.A.Value != "0 (Pixel)" || f.B.Value != "1 (Vertex)" {
		t.Errorf("DXIL/ShaderKind %+v (found %v), want 0 (Pixel) → 1 (Vertex)", f, ok)
	}
	if _, ok := fieldDiff(dxil, "DXIL/ShaderKindName"); ok {
		t.Error("ShaderKindName reported separately")
	}
	if f.A.Off < a.Part("DXIL").DataOffset || f.A.Off > int64(at) || f.A.Off+f.A.Size <= int64(at) {
		t.Errorf("ShaderKind placed at 0x%x+%d, which does not cover the changed byte 0x%x", f.A.Off, f.A.Size, at)
	}
}

func TestPositionalKey(t *testing.T) {
	for key, want := range map[string]bool{
		"Spans": true, "DataOffset": true, "Offset": true, "NameOffset": true, "RootParametersOffset": true,
		"PartOffsets": true, "BitcodeStart": true, "DXILOffset": true,
		"StartOffset": false, "ByteOffset": false, "OffsetInDescriptorsFromTableStart": false,
		"Index": false, "Mask": false, "Name": false,
	} {
		if got := diff.PositionalKey(key); got != want {
			t.Errorf("PositionalKey(%q) = %v, want %v", key, got, want)
		}
	}
}

func TestDiffTextAndJSON(t *testing.T) {
	orig := corpusFile(t, waveRange64)
	c := diff.Compare(mustParse(t, orig), mustParse(t, patch(orig, true, map[int]byte{0x100: 0xff})))
	var sb strings.Builder
	text.WriteComparison(&sb, c)
	out := sb.String()
	for _, want := range []string{
		"  = SFI0 #0  8 bytes, identical\n",
		"  ~ HASH #4  20 bytes, changed\n",
		`HASH / Digest: "7a24b6d4d0ecd030a95cec0171129259" → "7a24b6d4ffecd030a95cec0171129259"   [A 0x100+1, B 0x100+1]`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	js, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var back diff.Comparison
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatalf("Comparison JSON does not read back: %v", err)
	}
	if len(back.Parts) != len(c.Parts) || back.Parts[4].Status != diff.PartChanged || back.Parts[4].Fields[0].Kind != diff.FieldChanged {
		t.Errorf("JSON round trip lost data: %s", js)
	}
}

// FuzzDiff compares a corpus file with a mutated copy: never a panic, every
// reported offset inside its file, and Identical exactly when the bytes are equal.
func FuzzDiff(f *testing.F) {
	if _, ok := corpus.Dir(); ok {
		for _, rel := range []string{waveRange64, fillLitDXIL, copyTK12, denyPSRootSig} {
			f.Add(corpusFile(f, rel), uint16(0x88), byte(1))
		}
	}
	f.Add([]byte("DXBC\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x20\x00\x00\x00\x00\x00\x00\x00"), uint16(0), byte(0))
	f.Add(hostile.NestedParts(64, 256), uint16(300), byte(1))
	f.Add(hostile.OverlappingParts(16, 64), uint16(100), byte(1))
	f.Fuzz(func(t *testing.T, b []byte, at uint16, x byte) {
		fa, err := decode.Parse(b)
		if err != nil {
			return
		}
		m := append([]byte(nil), b...)
		if len(m) > 0 {
			m[int(at)%len(m)] ^= x
		}
		fb, err := decode.Parse(m)
		if err != nil {
			return
		}
		c := diff.Compare(fa, fb)
		if c.Identical != (x == 0 || len(b) == 0) {
			t.Fatalf("Identical = %v with xor %d", c.Identical, x)
		}
		check := func(s diff.FieldSide, n int) {
			if s.Off >= 0 && (s.Off > int64(n) || s.Off+s.Size > int64(n)) {
				t.Fatalf("side %+v outside the %d-byte file", s, n)
			}
		}
		for _, d := range c.Parts {
			for _, fd := range d.Fields {
				check(fd.A, len(b))
				check(fd.B, len(m))
			}
		}
		for _, fd := range c.Header {
			check(fd.A, len(b))
			check(fd.B, len(m))
		}
	})
}

func BenchmarkDiff(b *testing.B) {
	orig := corpusFile(b, fillLitDXIL)
	fa := mustParse(b, orig)
	fb := mustParse(b, patch(orig, true, map[int]byte{0x94: 15}))
	b.SetBytes(int64(len(orig)))
	for b.Loop() {
		diff.Compare(fa, fb)
	}
}

// Every corpus file against a copy with one byte flipped in the middle of its
// largest part: the diff must name exactly that part and that byte, and call
// every other part identical.
func TestDiffCorpusOneByteFlips(t *testing.T) {
	es := corpus.Entries(t)
	ok, skipped := 0, 0
	for _, e := range es {
		b := e.Bytes(t)
		a := mustParse(t, b)
		var big *decode.Part
		for _, p := range a.Parts {
			if big == nil || len(p.Data()) > len(big.Data()) {
				big = p
			}
		}
		if big == nil || len(big.Data()) == 0 {
			skipped++ // no part with data: nothing to flip
			continue
		}
		at := big.DataOffset + int64(len(big.Data())/2)
		m := append([]byte(nil), b...)
		m[at] ^= 0x40
		c := diff.Compare(a, mustParse(t, m))
		bad := ""
		for _, d := range c.Parts {
			if d.A == nil || d.B == nil {
				bad = fmt.Sprintf("%s is %v", d.Name, d.Status)
				continue
			}
			want := diff.PartIdentical
			if d.A.Index == big.Index {
				want = diff.PartChanged
				if d.Bytes == nil || d.Bytes.FirstA != at || d.Bytes.FirstB != at || d.Bytes.Differ != 1 {
					bad = fmt.Sprintf("%s bytes %+v, want 1 at 0x%x", d.Name, d.Bytes, at)
				}
			}
			if d.Status != want {
				bad = fmt.Sprintf("%s #%d is %v, want %v", d.Name, d.A.Index, d.Status, want)
			}
		}
		if c.Identical || c.Counts.Changed != 1 || c.Counts.Added+c.Counts.Removed+c.Counts.Moved != 0 {
			bad += fmt.Sprintf(" counts %+v", c.Counts)
		}
		if bad != "" {
			t.Errorf("%s: flip at 0x%x: %s", e.Rel, at, bad)
			continue
		}
		ok++
	}
	t.Logf("%d/%d corpus files: a one-byte flip is reported in the right part at the right offset (%d without part data)", ok, len(es)-skipped, skipped)
}

// The summary says first what a person checks first: which shader, then its
// interface and validation data, then code, then sizes and hashes.
func TestDiffSaysTheMeaningfulChangeFirst(t *testing.T) {
	example := func(name string) *decode.File { return mustParse(t, corpus.RepoFile(t, "web/examples/"+name)) }
	// Two different example shaders (project-made, in web/examples).
	c := diff.Compare(example("vertex.dxbc"), example("compute.dxbc"))
	want := []string{"stage: Vertex → Compute", "shader model: vs_6_0 → cs_6_6", `entry point: "VSMain" → "CSMain"`}
	for i, w := range want {
		if i >= len(c.Changes) || c.Changes[i].Text != w {
			t.Fatalf("change %d = %+v, want %q", i, c.Changes[i], w)
		}
	}
	if last := c.Changes[len(c.Changes)-1]; last.Topic != "sizes" {
		t.Errorf("last change %+v, want the sizes", last)
	}
	// Two DXC builds of one shader that differ in the wave size range: the
	// PSV0 field first, the code after it, the hash last but the sizes.
	c = diff.Compare(mustParse(t, corpusFile(t, waveRange64)), mustParse(t, corpusFile(t, waveRange64128)))
	topics := []string{}
	for _, ch := range c.Changes {
		topics = append(topics, ch.Topic)
	}
	if strings.Join(topics, ",") != "pipeline state,instructions,other" || c.Changes[0].Path != "PSV0/MaximumWaveLaneCount" {
		t.Errorf("changes %+v", c.Changes)
	}
	// No two changes say the same thing.
	seen := map[string]bool{}
	for _, ch := range c.Changes {
		if seen[ch.Text] {
			t.Errorf("said twice: %s", ch.Text)
		}
		seen[ch.Text] = true
	}
}

// TestDiffDXILBuildsOfOneLibrary: builds of one library by successive
// versions of a test (different entry points, stages, shader models) compare
// with the meaningful change first, no label twice in a part, the module's
// differences placed inside the bitcode (not on the program header), and
// the blocks' statistics folded into one line after the rest.
func TestDiffDXILBuildsOfOneLibrary(t *testing.T) {
	const vk = "HansKristian-Work__vkd3d-proton/d3d12_raytracing.c__rt_lib_dxil__"
	versions := []string{"v2", "v3", "v5", "v6", "v7"}
	for i := 0; i+1 < len(versions); i++ {
		a := mustParse(t, corpusFile(t, vk+versions[i]+".dxil"))
		b := mustParse(t, corpusFile(t, vk+versions[i+1]+".dxil"))
		c := diff.Compare(a, b)
		name := versions[i] + "→" + versions[i+1]
		if len(c.Changes) == 0 {
			t.Fatalf("%s: no change listed", name)
		}
		if first := c.Changes[0].Topic; first == "sizes" || first == "other" || first == "instructions" {
			t.Errorf("%s: the first change is %q", name, c.Changes[0].Text)
		}
		d := partDiff(t, c, "DXIL")
		if d.Status != diff.PartChanged {
			continue
		}
		pa, pb := a.Part("DXIL"), b.Part("DXIL")
		inBitcode := func(p *decode.Part, s diff.FieldSide) bool {
			return s.Off >= p.Program.BitcodeStart && s.Off < p.Program.BitcodeStart+int64(len(p.Program.DXIL))
		}
		seen := map[string]bool{}
		folded := -1
		for k, f := range d.Fields {
			if seen[f.Path] {
				t.Errorf("%s: %q labels two differences", name, f.Path)
			}
			seen[f.Path] = true
			if strings.HasPrefix(f.Path, "DXIL/Module/Blocks") {
				if f.Kind != diff.FieldFolded || folded >= 0 {
					t.Errorf("%s: block statistics not folded into one line: %s", name, f.Text())
				}
				folded = k
			}
			// Values read from the module (entry points, metadata, records)
			// have no field in the file: they point into the bitcode.
			for _, prefix := range []string{"DXIL/EntryPoints", "DXIL/Functions", "DXIL/Metadata", "DXIL/NamedMetadata", "DXIL/Module/"} {
				if strings.HasPrefix(f.Path, prefix) && (!inBitcode(pa, f.A) || !inBitcode(pb, f.B)) {
					t.Errorf("%s: %s placed at A 0x%x, B 0x%x, outside the bitcode", name, f.Path, f.A.Off, f.B.Off)
				}
			}
		}
		if folded >= 0 && d.Fields[folded].A.Value == "0" {
			t.Errorf("%s: an empty fold", name)
		}
	}
}
