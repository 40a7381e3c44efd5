package model

import (
	"encoding/binary"
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/decode/diff"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// The compare view's byte marks (DiffMarks) walked every changed pair over
// its claimed size and marked every part on one side over its own. k parts
// listed over one run of bytes (hostile.NestedParts) cost k × n: 334, 1,141
// and 1,605 ns per input byte at k = 512, 1,024 and 2,048 changed, 259, 498
// and 969 removed. A part claiming more than the file holds was walked over
// its claim: one 16 KB part claiming 16, 32 and 64 MiB, 503, 1,006 and
// 2,045 ns per byte, and 256 parts claiming 1 GiB each in a 17 KB file
// (hostile.OverlappingParts) did not finish in ten minutes. The marks now
// walk the pairs diff compared, over the bytes they hold, pairs at one
// distance apart over the union of their stretches, and mark one-sided
// parts through a count of the parts open at each byte: 2-6 ns per byte at
// every size. Marking allocates the same either way, so the
// measure is time: the best of five runs at each size, at most 2.5 times
// the smallest size's per byte at the largest.
func TestDiffMarksCostTheFilesSize(t *testing.T) {
	for _, c := range []struct {
		name string
		a, b func(k int) []byte
		ks   []int
	}{
		{"k nested parts, each changed", func(k int) []byte { return hostile.NestedParts(k, 16*k) }, nil, []int{512, 1024, 2048}},
		{"k nested parts, each removed", func(k int) []byte { return hostile.NestedParts(k, 16*k) },
			func(k int) []byte { return hostile.Container() }, []int{512, 1024, 2048}},
		{"k nested parts against k+1, each 4 bytes later", func(k int) []byte { return hostile.NestedParts(k, 16*k) },
			func(k int) []byte { return hostile.NestedParts(k+1, 16*k) }, []int{512, 1024, 2048}},
		{"a part of 16 KB claiming k MiB", claimingPart, nil, []int{16, 32, 64}},
	} {
		var perByte []float64
		for _, k := range c.ks {
			a := c.a(k)
			var b []byte
			if c.b != nil {
				b = c.b(k)
			} else {
				b = append([]byte(nil), a...)
				b[len(b)-1] ^= 1
			}
			ma, mb := Build("a.dxbc", a, 0), Build("b.dxbc", b, 0)
			cmp := diff.Compare(ma.File, mb.File)
			best := time.Duration(1 << 62)
			var marksA []bool
			for range 5 {
				_, d := corpus.Cost(func() { marksA, _ = DiffMarks(cmp, a, b, 0, 0) })
				best = min(best, d)
			}
			if !marksA[len(a)-1] && !strings.Contains(c.name, "later") { // A's last byte differs from B's, or B has no part holding it
				t.Errorf("%s, k=%d: the last byte of A, which differs, is not marked", c.name, k)
			}
			perByte = append(perByte, float64(best.Nanoseconds())/float64(len(a)+len(b)))
			t.Logf("%s, k=%d: %d + %d bytes marked in %v at best (%.1f ns per input byte)", c.name, k, len(a), len(b), best, perByte[len(perByte)-1])
		}
		hostile.Flat(t, c.name, perByte, 2.5, "ns")
	}
}

// claimingPart is a container of one 16 KB part whose header claims k MiB.
func claimingPart(k int) []byte {
	c := hostile.Container(hostile.Part{Name: "PRIV", Data: make([]byte, 16<<10)})
	binary.LittleEndian.PutUint32(c[len(c)-16<<10-4:], uint32(k)<<20)
	return c
}
