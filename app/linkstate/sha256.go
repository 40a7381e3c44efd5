package linkstate

import (
	"encoding/binary"
	"encoding/hex"
	"math/bits"
)

// sum256 is SHA-256 (FIPS 180-4). The page computes it for every file it
// opens (sha=); it is written here rather than taken from crypto/sha256
// because that package brings the whole FIPS 140 module into app.wasm
// through its initialisers (a DRBG, AES-GCM, SHA-3, HMAC and their self
// tests: about 40 KB of brotli), none of which the page uses. The rounds
// are written out in one function: the page's packages build without
// inlining (app/serve), and a call per round would cost more than the
// round. TestSum256 checks it against crypto/sha256.
func sum256(data []byte) [32]byte {
	d := NewDigest(data)
	d.Step(len(data))
	return d.sum()
}

// Digest is the SHA-256 of one byte slice, computed in steps: a page that
// hashes a file of a gigabyte in one call stops answering for as long as
// that takes (30 s in headless Chromium on a loaded two-core VM), where a
// step of a few megabytes between frames keeps it live.
type Digest struct {
	data []byte
	h    [8]uint32
	done int // bytes hashed so far, whole blocks
}

// NewDigest starts the SHA-256 of data; data must not change until Sum.
func NewDigest(data []byte) *Digest {
	return &Digest{data: data, h: [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}}
}

// Of reports whether d hashes exactly this slice (the same bytes in memory).
func (d *Digest) Of(data []byte) bool {
	return len(d.data) == len(data) && (len(data) == 0 || &d.data[0] == &data[0])
}

// Data returns the bytes d hashes.
func (d *Digest) Data() []byte { return d.data }

// Step hashes up to n more bytes, whole blocks, and reports whether every
// whole block is hashed (what is left, the padding, is Sum's).
func (d *Digest) Step(n int) bool {
	full := len(d.data) &^ 63
	end := min(full, d.done+max(n, 64)&^63)
	// In pieces: a browser compiles a function well only once it has run
	// for a while, and code that is running keeps the version it started
	// with, so one call over 50 MB would run all of it in the first, slow
	// version (six times slower under V8).
	for d.done < end {
		next := min(end, d.done+64<<10)
		sha256Blocks(&d.h, d.data[d.done:next])
		d.done = next
	}
	return d.done == full
}

// Sum hashes what is left and returns the lowercase hex SHA-256, as sha=
// carries it.
func (d *Digest) Sum() string {
	d.Step(len(d.data))
	sum := d.sum()
	return hex.EncodeToString(sum[:])
}

// sum pads the last bytes (after Step has hashed every whole block): 0x80,
// zeros, and the length in bits, to a whole block or two.
func (d *Digest) sum() [32]byte {
	h := d.h
	var tail [128]byte
	rest := copy(tail[:], d.data[d.done:])
	tail[rest] = 0x80
	end := 64
	if rest >= 56 {
		end = 128
	}
	binary.BigEndian.PutUint64(tail[end-8:end], uint64(len(d.data))<<3)
	sha256Blocks(&h, tail[:end])
	var out [32]byte
	for i, v := range h {
		binary.BigEndian.PutUint32(out[4*i:], v)
	}
	return out
}

// sha256K are the round constants.
var sha256K = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

// sha256Blocks runs the compression function over p, whole 64-byte blocks.
func sha256Blocks(h *[8]uint32, p []byte) {
	var w [64]uint32
	h0, h1, h2, h3, h4, h5, h6, h7 := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	for ; len(p) >= 64; p = p[64:] {
		for i := 0; i < 16; i++ {
			j := i * 4
			w[i] = uint32(p[j])<<24 | uint32(p[j+1])<<16 | uint32(p[j+2])<<8 | uint32(p[j+3])
		}
		for i := 16; i < 64; i++ {
			v1 := w[i-2]
			t1 := bits.RotateLeft32(v1, -17) ^ bits.RotateLeft32(v1, -19) ^ (v1 >> 10)
			v2 := w[i-15]
			t2 := bits.RotateLeft32(v2, -7) ^ bits.RotateLeft32(v2, -18) ^ (v2 >> 3)
			w[i] = t1 + w[i-7] + t2 + w[i-16]
		}
		a, b, c, d, e, f, g, hh := h0, h1, h2, h3, h4, h5, h6, h7
		for i := 0; i < 64; i++ {
			t1 := hh + (bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)) + ((e & f) ^ (^e & g)) + sha256K[i] + w[i]
			t2 := (bits.RotateLeft32(a, -2) ^ bits.RotateLeft32(a, -13) ^ bits.RotateLeft32(a, -22)) + ((a & b) ^ (a & c) ^ (b & c))
			hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
		}
		h0 += a
		h1 += b
		h2 += c
		h3 += d
		h4 += e
		h5 += f
		h6 += g
		h7 += hh
	}
	h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7] = h0, h1, h2, h3, h4, h5, h6, h7
}
