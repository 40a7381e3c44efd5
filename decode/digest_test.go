package decode

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// DXC's unittests/DxilHash/DxilHashTest.cpp (FixHashValueTest) lists the
// retail hash of these strings as four little-endian words.
func TestChecksumMatchesDXCUnitTest(t *testing.T) {
	for _, c := range []struct {
		in   string
		want [4]uint32
	}{
		{"", [4]uint32{0xf6600d14, 0xbae275b7, 0xd4be4a4e, 0xa1e9b201}},
		{"abcdefghijklmnopqrstuvwxyzabcdef" + "abcdefghijklmnopqrstuvwxyzghijkl" + "abcdefghijklmnopqrstuvwxyzmnopqr" + "abcdefghijklmnopqrstuvwxyzstuvwx" + "abcdefghijklmnopqrstuvwxyzyzabcd", [4]uint32{0x00830fe6, 0xd8d8a035, 0xe6d62794, 0x016629df}},
		{strings.Repeat("a", 160), [4]uint32{0xa5e5a0bb, 0xd96dd9f8, 0x0b4b7191, 0xd63aa54a}},
		{strings.Repeat("z", 160), [4]uint32{0x58ed1b7a, 0x90ede58b, 0xf9ad857c, 0x5440e613}},
		{strings.Repeat("ab", 80), [4]uint32{0xf4fc06fc, 0x0bbd9ef7, 0x765ae0f7, 0x52a55925}},
	} {
		sum := Checksum([]byte(c.in))
		var got [4]uint32
		for i := range got {
			got[i] = binary.LittleEndian.Uint32(sum[i*4:])
		}
		if got != c.want {
			t.Errorf("Checksum(%d bytes) = %08x, DXC's test says %08x", len(c.in), got, c.want)
		}
	}
}

// The debug variant differs from the retail one only in the final block, on
// both of its paths, and names its own status.
func TestChecksumDebugDiffersFromRetail(t *testing.T) {
	for _, n := range []int{0, 55, 56, 64, 119, 120} {
		b := make([]byte, n)
		if Checksum(b) == ChecksumDebug(b) {
			t.Errorf("%d bytes: the debug and retail variants agree", n)
		}
	}
}

// The DXC test assembler (%testasm, test/dxbc2dxil-asm) signs its containers
// with the debug variant: every such corpus file must be recognised as debug,
// and no other corpus file is. The manifest calls these digests BAD: it was
// made checking the retail variant only.
func TestCorpusDebugDigests(t *testing.T) {
	es := corpus.Entries(t)
	debug := 0
	for _, e := range es {
		f := parseFile(t, e.Path)
		isTestAsm := strings.Contains(e.Note, "%testasm")
		if got := f.Digest.Status == DigestDebug; got != isTestAsm {
			t.Errorf("%s: digest %s (a DXC test-assembler file: %v)", e.Rel, f.Digest.Status, isTestAsm)
		}
		if f.Digest.Status == DigestDebug {
			debug++
		}
	}
	t.Logf("%d corpus files signed with the debug variant", debug)
	if debug == 0 {
		// Each file was held to its note above; a corpus without the test
		// assembler's files has nothing more to show.
		corpus.Skip(t, "%testasm file", "no DXC test-assembler file in this corpus")
	}
}

func TestReservedDigests(t *testing.T) {
	for _, c := range []struct {
		hash [16]byte
		want DigestStatus
	}{
		{BypassDigest, DigestBypass},
		{PreviewBypassDigest, DigestPreviewBypass},
		{[16]byte{}, DigestUnsigned},
		{[16]byte{3}, DigestMismatch},
	} {
		b := twoParts()
		copy(b[4:20], c.hash[:])
		f, err := Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		if f.Digest.Status != c.want {
			t.Errorf("%x: %s, want %s", c.hash, f.Digest.Status, c.want)
		}
		warned := false
		for _, p := range f.Problems {
			warned = warned || p.Severity >= Warning
		}
		if warned != (c.want == DigestMismatch) {
			t.Errorf("%x: warned %v: %v", c.hash, warned, f.Problems)
		}
	}
	b := twoParts()
	sum := ChecksumDebug(b[DigestStart:])
	copy(b[4:], sum[:])
	if f, _ := Parse(b); f.Digest.Status != DigestDebug {
		t.Errorf("debug-signed: %s", f.Digest.Status)
	}
}
