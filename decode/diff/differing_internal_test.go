package diff

import (
	"math/rand"
	"testing"
)

// differing answers what compareBytes answers for any two stretches at one
// offset of two files: the comparison of parts listed over one run of bytes
// relies on it past its byte budget.
func TestDifferingAnswersAsCompareBytes(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	for range 2000 {
		a := make([]byte, 1+rng.Intn(64))
		for i := range a {
			a[i] = byte(rng.Intn(3))
		}
		b := append(append([]byte(nil), a...), make([]byte, rng.Intn(8))...)
		b = b[:1+rng.Intn(len(b))]
		for range rng.Intn(6) {
			b[rng.Intn(len(b))] = byte(rng.Intn(3))
		}
		d := newDiffering(a, b)
		off := rng.Intn(min(len(a), len(b)))
		la, lb := rng.Intn(len(a)-off+1), rng.Intn(len(b)-off+1)
		want := compareBytes(a[off:off+la], b[off:off+lb], int64(off), int64(off))
		if got := d.compare(int64(off), la, lb); got != want {
			t.Fatalf("%x / %x at %d, %d and %d bytes: %+v, compareBytes says %+v", a, b, off, la, lb, got, want)
		}
	}
}
