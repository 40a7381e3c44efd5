package decode_test

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// Checking a root signature of k ranges against k bindings none of them
// covers (setrootsig, addpart RTS0 and the page's editor call it without
// container_rules' estimate) looked at every range for every binding: k =
// 16,384, 32,768 and 65,536 (0.85, 1.7 and 3.4 MB) took 0.72, 2.2 and 7.9 s.
// The ranges looked at are now budgeted (maxCoverWork), the bindings past it
// are counted in one Warning, and the cost is linear: 0.17, 0.37 and 0.66 s.
// Time is not asserted; what is: the check stops with its Warning, and
// allocation per input byte stays flat.
func TestRootSignatureCoverOfManyBindingsIsBudgeted(t *testing.T) {
	var perByte []float64
	for _, k := range []int{2048, 4096, 8192} {
		c := hostile.UncoveredBindingsRDEF(k)
		rs := hostile.SharedRangesRTS0(1, k)
		f, err := decode.Parse(c)
		if err != nil {
			t.Fatal(err)
		}
		var ps []decode.Problem
		alloc, d := corpus.Cost(func() { ps = f.RootSignatureCovers(rs) })
		perByte = append(perByte, float64(alloc)/float64(len(c)+len(rs)))
		t.Logf("k=%d, %d+%d bytes: %v, %d bytes allocated, %d problems", k, len(c), len(rs), d, alloc, len(ps))
		said := false
		for _, p := range ps {
			said = said || p.Severity == decode.Warning && strings.Contains(p.Message, "were not checked")
		}
		if !said || len(ps) >= k {
			t.Errorf("k=%d: %d problems, and the bindings left unchecked are not said (%v)", k, len(ps), said)
		}
	}
	if perByte[2] > 1.25*perByte[0]+1 {
		t.Errorf("allocation per input byte grows with the input: %.1f", perByte)
	}
}
