package diff

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// differing answers what compareBytes answers for any two stretches at one
// offset of two files: the comparison of parts listed over one run of bytes
// relies on it past its byte budget. The files run to several of its
// counting steps, the changes few (a first difference blocks away) or many.
func TestDifferingAnswersAsCompareBytes(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	for range 4000 {
		a := make([]byte, 1+rng.Intn(5*differStep))
		for i := range a {
			a[i] = byte(rng.Intn(3))
		}
		b := append(append([]byte(nil), a...), make([]byte, rng.Intn(8))...)
		b = b[:1+rng.Intn(len(b))]
		for range rng.Intn([]int{6, 100}[rng.Intn(2)]) {
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

// stretchHashes answers as bytes.Equal: stretches of files of a few byte
// values at random offsets, equal ones planted at other offsets (a stretch
// copied, one byte changed or not), lengths across the hash step.
func TestStretchHashesAnswerAsBytesEqual(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	equal := 0
	for range 4000 {
		a := make([]byte, 1+rng.Intn(300))
		for i := range a {
			a[i] = byte(rng.Intn(2))
		}
		b := make([]byte, 1+rng.Intn(300))
		for i := range b {
			b[i] = byte(rng.Intn(2))
		}
		offA := rng.Intn(len(a))
		n := rng.Intn(min(len(a)-offA, len(b)) + 1)
		offB := rng.Intn(len(b) - n + 1)
		if rng.Intn(2) == 0 {
			copy(b[offB:], a[offA:offA+n])
			if n > 0 && rng.Intn(3) == 0 {
				b[offB+rng.Intn(n)] ^= 1
			}
		}
		h := newStretchHashes(a, b)
		x, y := a[offA:offA+n], b[offB:offB+n]
		want := bytes.Equal(x, y)
		if got := h.same(x, y, int64(offA), int64(offB)); got != want {
			t.Fatalf("%x at %d / %x at %d, %d bytes: %v, bytes.Equal says %v", a, offA, b, offB, n, got, want)
		}
		if want {
			equal++
		}
		if h.same(x, b[offB:offB+n/2], int64(offA), int64(offB)) && n > 0 {
			t.Fatalf("stretches of %d and %d bytes found the same", n, n/2)
		}
	}
	if equal < 1000 {
		t.Errorf("only %d of 4,000 stretches were equal: the test plants too few", equal)
	}
}

// Two files that differ in every byte: differing keeps counts, not
// positions. Listing each differing position allocated 49 times the files
// (102 MB for 2 MB, the list growing as it went); now 270 KB.
func TestDifferingHoldsAFractionOfTheFiles(t *testing.T) {
	const n = 2 << 20
	a, b := bytes.Repeat([]byte{1}, n), bytes.Repeat([]byte{2}, n)
	var d *differing
	held, _ := corpus.Cost(func() { d = newDiffering(a, b) })
	t.Logf("%d bytes allocated for two files of %d", held, n)
	if held > n/4 {
		t.Errorf("differing allocated %d bytes for files of %d", held, n)
	}
	if got := d.compare(100, 1000, 1000); got.Differ != 1000 || got.First != 0 {
		t.Errorf("compare: %+v", got)
	}
}
