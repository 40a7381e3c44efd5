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
// starting inside the last and running to the end of the file. Compared with
// a copy whose last byte differs, every pair changed, and each was compared
// byte by byte over the rest of the file: k × n bytes read (at k = 2,048,
// 155 KB: 285 MB). The byte comparisons now read at most as many bytes as
// the two files hold and 64 KiB more; the pairs past that are marked
// Uncompared, and the text says why.
func TestComparisonOfNestedPartsReadsTheFilesOnce(t *testing.T) {
	for _, k := range []int{512, 1024, 2048} {
		a := hostile.NestedParts(k, 64*k)
		b := append([]byte(nil), a...)
		b[len(b)-1] ^= 1
		var c *diff.Comparison
		_, d := corpus.Cost(func() { c = diff.Compare(mustParse(t, a), mustParse(t, b)) })
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
		t.Logf("k=%d, %d bytes: compared in %v, %d bytes read by the parts' byte comparisons, %d parts left uncompared", k, len(a), d, read, uncompared)
		if read > diff.MaxCompareSlack+len(a)+len(b) {
			t.Errorf("k=%d: the byte comparisons read %d bytes of two files of %d", k, read, len(a))
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
