package decode

import (
	"math/rand"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/internal/corpus"
)

// TestCorpusMutationsNeverPanic changes a few random bytes of every corpus
// file, many times over: no decoder may panic (the container recovers and
// reports "internal decoder error") or take long.
func TestCorpusMutationsNeverPanic(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	n, slow := 0, 0
	for _, e := range corpus.Entries(t) {
		b, _ := os.ReadFile(e.Path)
		for k := 0; k < 8; k++ {
			m := append([]byte(nil), b...)
			for j := 0; j < 1+rng.Intn(4); j++ {
				i := 32 + rng.Intn(max(1, len(m)-32))
				if i < len(m) {
					m[i] = byte(rng.Intn(256))
				}
			}
			st := time.Now()
			f, err := Parse(m)
			if d := time.Since(st); d > 200*time.Millisecond {
				slow++
				t.Logf("%s mutation %d took %v", e.Rel, k, d)
			}
			n++
			if err != nil {
				continue
			}
			for _, p := range f.Problems {
				if strings.HasPrefix(p.Message, "internal decoder error") {
					t.Errorf("%s: %s", e.Rel, p)
				}
			}
		}
	}
	t.Logf("%d mutated files decoded, %d took over 200 ms", n, slow)
}
