package diff

import (
	"bytes"
	"math/bits"
	"math/rand/v2"
)

// stretchHashes tells whether two stretches of two files hold the same
// bytes without reading them: polynomial (Rabin-Karp) hashes modulo the
// prime 2^61-1 of every prefix that ends on a multiple of hashStep, made
// once per file, so a stretch's hash costs at most 2 × hashStep bytes and a
// few multiplications whatever its length. It answers the pairs of parts
// past the byte comparisons' budget that sit at different offsets in the
// two files: 4,096 parts over one run of bytes would otherwise each be read
// whole. The base is drawn at random for every comparison, so no file can
// be built to make two different stretches collide (the chance that they do
// is below length / 2^61).
type stretchHashes struct {
	base   uint64
	a, b   []byte
	pa, pb []uint64 // prefix hashes at every hashStep bytes
}

const (
	hashStep   = 64
	hashModulo = 1<<61 - 1
)

func newStretchHashes(a, b []byte) *stretchHashes {
	h := &stretchHashes{base: 256 + rand.Uint64N(hashModulo-512), a: a, b: b}
	h.pa, h.pb = h.prefixes(a), h.prefixes(b)
	return h
}

// same reports whether x, the bytes at offA in the first file, and y, at
// offB in the second, are equal.
func (h *stretchHashes) same(x, y []byte, offA, offB int64) bool {
	n := len(x)
	if n != len(y) {
		return false
	}
	if offA < 0 || offB < 0 || offA > int64(len(h.a)-n) || offB > int64(len(h.b)-n) {
		return bytes.Equal(x, y) // not views of the files: read them
	}
	return h.stretch(h.a, h.pa, int(offA), n) == h.stretch(h.b, h.pb, int(offB), n)
}

func (h *stretchHashes) prefixes(data []byte) []uint64 {
	p := make([]uint64, 1, len(data)/hashStep+1)
	var acc uint64
	for i, c := range data {
		acc = h.extend(acc, c)
		if (i+1)%hashStep == 0 {
			p = append(p, acc)
		}
	}
	return p
}

// prefix is the hash of data[:end].
func (h *stretchHashes) prefix(data []byte, p []uint64, end int) uint64 {
	acc := p[end/hashStep]
	for _, c := range data[end/hashStep*hashStep : end] {
		acc = h.extend(acc, c)
	}
	return acc
}

// stretch is the hash of data[off:off+n]: prefix(off+n) less prefix(off)
// shifted n places.
func (h *stretchHashes) stretch(data []byte, p []uint64, off, n int) uint64 {
	lo := mulMod(h.prefix(data, p, off), powMod(h.base, uint64(n)))
	return addMod(h.prefix(data, p, off+n), hashModulo-lo)
}

func (h *stretchHashes) extend(acc uint64, c byte) uint64 {
	return addMod(mulMod(acc, h.base), uint64(c)+1)
}

func addMod(x, y uint64) uint64 {
	s := x + y            // both at most 2^61-1: no overflow
	for s >= hashModulo { // twice at most; 2^61-1 itself stands for 0
		s -= hashModulo
	}
	return s
}

// mulMod is x × y modulo 2^61-1, for x, y below it: the 122-bit product's
// high part folds onto its low 61 bits, as 2^61 is 1 modulo the prime.
func mulMod(x, y uint64) uint64 {
	hi, lo := bits.Mul64(x, y)
	return addMod(hi<<3|lo>>61, lo&hashModulo)
}

func powMod(x, n uint64) uint64 {
	r := uint64(1)
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			r = mulMod(r, x)
		}
		x = mulMod(x, x)
	}
	return r
}
