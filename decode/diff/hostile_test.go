package diff_test

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/diff"
	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// A container may list its parts over one run of bytes: k parts, each
// starting inside the last and running to the end of the file
// (hostile.NestedParts). Compared with another, every pair was checked for
// equality and then compared byte by byte over the rest of the file: k × n
// bytes read (at k = 2,048, 155 KB: 285 MB). The byte comparisons now read
// at most 64 KiB more than the two files hold. Past that, a pair at one
// offset in both files (the file and an edited copy) is answered from the
// files' differing bytes, listed once; a pair at different offsets (here
// the other file lists one part more, so every part sits 4 bytes later) is
// left Uncompared, and the text says why.
func TestComparisonOfNestedPartsReadsTheFilesOnce(t *testing.T) {
	for _, k := range []int{512, 1024, 2048} {
		a := hostile.NestedParts(k, 64*k)
		edited := append([]byte(nil), a...)
		edited[len(edited)-1] ^= 1
		fa := mustParse(t, a)

		// The edited copy: every pair differs in its last byte, and says so.
		var c *diff.Comparison
		_, d := corpus.Cost(func() { c = diff.Compare(fa, mustParse(t, edited)) })
		t.Logf("k=%d, %d bytes, with an edited copy: compared in %v", k, len(a), d)
		for _, p := range c.Parts {
			if b := p.Bytes; p.Status != diff.PartChanged || b == nil || p.Uncompared || b.Differ != 1 || b.First != b.LenA-1 || b.FirstA != int64(len(a)-1) {
				t.Fatalf("k=%d: part #%d: %v, bytes %+v, uncompared %v", k, p.A.Index, p.Status, p.Bytes, p.Uncompared)
			}
		}

		// A file of one part more: every pair 4 bytes apart.
		b := hostile.NestedParts(k+1, 64*k)
		_, d = corpus.Cost(func() { c = diff.Compare(fa, mustParse(t, b)) })
		read, uncompared := 0, 0
		for _, p := range c.Parts {
			switch {
			case p.Bytes != nil:
				read += max(p.Bytes.LenA, p.Bytes.LenB)
			case p.Uncompared:
				uncompared++
			}
			if p.Status == diff.PartChanged && p.Bytes == nil && !p.Uncompared {
				t.Fatalf("k=%d: changed part #%d has neither a byte comparison nor Uncompared", k, p.A.Index)
			}
		}
		t.Logf("k=%d, %d and %d bytes: compared in %v, %d bytes read by the parts' byte comparisons, %d parts left uncompared", k, len(a), len(b), d, read, uncompared)
		if read > diff.MaxCompareSlack+len(a)+len(b) {
			t.Errorf("k=%d: the byte comparisons read %d bytes of files of %d and %d", k, read, len(a), len(b))
		}
		if uncompared == 0 {
			t.Errorf("k=%d: no part is marked Uncompared", k)
		}
		var out strings.Builder
		text.WriteComparison(&out, c)
		if !strings.Contains(out.String(), "bytes: "+diff.UncomparedText) {
			t.Errorf("k=%d: the text does not say which parts were not compared", k)
		}
	}
}

// Parts listed over one run of bytes, against the same parts shift bytes
// later (hostile.ShiftedNestedParts): every pair holds equal bytes at
// different offsets, and each was checked with bytes.Equal, k × n bytes
// read. Past the byte budget such a pair is now checked through hashes of
// the two files' stretches, made once: the time per byte stays flat, every
// pair is still found identical, and with one byte changed every pair is
// found changed.
func TestEqualPartsAtOtherOffsetsCostTheirSize(t *testing.T) {
	hostile.FlatPerByte(t, "equal parts 4 bytes apart", []int{64, 256, 1024}, 2.5, "ns", func(k int) (int, float64) {
		a, b := hostile.NestedParts(k, 4096*k), hostile.ShiftedNestedParts(k, 4096*k, 4)
		fa, fb := mustParse(t, a), mustParse(t, b)
		var c *diff.Comparison
		d := hostile.Fastest(3, func() { c = diff.Compare(fa, fb) })
		for _, p := range c.Parts {
			if p.Status != diff.PartIdentical || p.Uncompared {
				t.Fatalf("k=%d: part #%d: %v, uncompared %v; want identical", k, p.A.Index, p.Status, p.Uncompared)
			}
		}
		b[len(b)-1] ^= 1
		c = diff.Compare(fa, mustParse(t, b))
		for _, p := range c.Parts {
			if p.Status != diff.PartChanged {
				t.Fatalf("k=%d: with B's last byte changed, part #%d is %v", k, p.A.Index, p.Status)
			}
		}
		t.Logf("k=%d, %d bytes: %v", k, len(a), d)
		return len(a), float64(d.Nanoseconds())
	})
}
