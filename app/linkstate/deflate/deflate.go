// Package deflate writes raw deflate streams (RFC 1951) for the share link's
// f= and c= values.
//
// It exists for the page's size: compress/flate's writer (its compressor,
// Huffman bit writer and encoders) is about 75 KB of wasm code, and the page
// only ever compresses one small file at a time into memory. The reader
// stays compress/flate's (the decoder inflates zlib parts anyway, and links
// made by older pages must open), so this package only writes.
//
// The encoder is written from the RFC: LZ77 over a 32 KiB window with hash
// chains of bounded length and lazy matching (one position of look-ahead, as
// a "best compression" level does), then each block of tokens written as the
// smallest of a dynamic Huffman block (optimal codes limited to 15 bits,
// and 7 for the code-length code), a fixed Huffman block or stored bytes.
// Time and memory are linear in the input: every position walks at most
// maxChain chain links, and the tables are of fixed size (384 KB a call,
// garbage after it).
package deflate

import (
	"encoding/binary"
	"math/bits"
)

const (
	windowSize = 1 << 15
	windowMask = windowSize - 1
	maxDist    = windowSize - 1 // one short of the RFC's 32768 keeps every chain link in the window (see insert)
	minMatch   = 3
	maxMatch   = 258

	hashBits = 15
	hashSize = 1 << hashBits

	// maxChain bounds the links followed per position: the time bound.
	// 256 is a sixteenth of compress/flate's best level: over the corpus
	// it costs 76 bytes in 2 MB against 1,024, and 256 KiB of two letters
	// (every chain at its bound) takes a third of the time. goodMatch
	// quarters it once a match that long is in hand; niceMatch ends the
	// search (no longer match can be written).
	maxChain  = 256
	goodMatch = 32
	niceMatch = maxMatch
	// farMatch: a 3-byte match further back than this costs more bits than
	// its three literals in practice, so it is dropped.
	farMatch = 4096

	// blockTokens is how many tokens a block holds before it is written:
	// small enough that the Huffman codes follow the data, large enough
	// that a dynamic header (about 60–90 bytes) is paid rarely.
	blockTokens = 1 << 14

	endBlock    = 256
	numLitLen   = 286 // 0–255 literals, 256 end of block, 257–285 lengths
	numDist     = 30
	numCodeLen  = 19
	maxBits     = 15 // the RFC's limit for literal/length and distance codes
	maxCodeBits = 7  // and for the code-length code
)

// A token is a literal byte (below 1<<31) or a match: bit 31 set, the
// length less 3 in bits 16–23, the distance less 1 in bits 0–14.
type token uint32

func literal(b byte) token { return token(b) }
func match(length, dist int) token {
	return token(1<<31 | uint32(length-minMatch)<<16 | uint32(dist-1))
}

// Compress returns data as one raw deflate stream (no zlib or gzip wrapper).
func Compress(data []byte) []byte {
	e := encoder{data: data}
	e.out.buf = make([]byte, 0, len(data)/2+64)
	e.run()
	return e.out.flush()
}

type encoder struct {
	data []byte
	head [hashSize]int32   // the latest position with each 4-byte hash, -1 for none
	prev [windowSize]int32 // per position (mod the window): the previous one with its 4-byte hash
	// last3 is the latest position with each 3-byte hash. The chains hash
	// 4 bytes, so they hold few false candidates in data of repeated words
	// (a DXBC token stream is mostly 00 00 00 xx); a 3-byte match is
	// worth its bits only close by, so the latest position is enough.
	last3 [hashSize]int32

	tokens     []token
	blockStart int // the input the pending tokens cover: data[blockStart:covered]
	covered    int
	litFreq    [numLitLen]int
	distFreq   [numDist]int

	out bitWriter
}

func hash4(b []byte) uint32 {
	return (binary.LittleEndian.Uint32(b) * 0x9E3779B1) >> (32 - hashBits)
}

func hash3(b []byte) uint32 {
	v := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16
	return (v * 0x9E3779B1) >> (32 - hashBits)
}

// insert links position i into its hash chain and returns the previous
// position with its first 3 bytes' hash (-1 for none). Every position is
// inserted in order, so prev[i&windowMask] is overwritten only once i is a
// whole window behind: a chain followed within maxDist never reads a stale
// link.
func (e *encoder) insert(i int) (near3 int) {
	near3 = -1
	if i+3 <= len(e.data) {
		h := hash3(e.data[i:])
		near3 = int(e.last3[h])
		e.last3[h] = int32(i)
	}
	if i+4 <= len(e.data) {
		h := hash4(e.data[i:])
		e.prev[i&windowMask] = e.head[h]
		e.head[h] = int32(i)
	} else {
		e.prev[i&windowMask] = -1
	}
	return near3
}

// matchLen is how many of the first limit bytes of a and b agree.
func matchLen(a, b []byte, limit int) int {
	n := 0
	for n+8 <= limit {
		if x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:]); x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		n += 8
	}
	for n < limit && a[n] == b[n] {
		n++
	}
	return n
}

// longest returns the longest earlier match for position i (already
// inserted) that is longer than have, or 0; near3 is the latest earlier
// position with i's 3-byte hash.
func (e *encoder) longest(i, have, near3 int) (length, dist int) {
	d := e.data
	limit := min(maxMatch, len(d)-i)
	if limit < minMatch {
		return 0, 0
	}
	chain := maxChain
	if have >= goodMatch {
		chain >>= 2
	}
	best := max(have, minMatch-1)
	cur := d[i : i+limit]
	cand := int(e.prev[i&windowMask])
	for ; chain > 0 && cand >= 0 && i-cand <= maxDist; chain-- {
		// The byte just past the best so far decides most candidates at once.
		if best < limit && d[cand+best] == cur[best] {
			if n := matchLen(d[cand:], cur, limit); n > best {
				best, length, dist = n, n, i-cand
				if n >= niceMatch || n == limit {
					break
				}
			}
		}
		next := int(e.prev[cand&windowMask])
		if next >= cand {
			break
		}
		cand = next
	}
	if best < 4 && near3 >= 0 && i-near3 <= farMatch && matchLen(d[near3:], cur, 3) == 3 {
		return 3, i - near3
	}
	return length, dist
}

// run finds the matches with lazy evaluation: a match found at i is only
// taken if the match at i+1 is not longer; otherwise i goes as a literal.
func (e *encoder) run() {
	for i := range e.head {
		e.head[i] = -1
		e.last3[i] = -1
	}
	d := e.data
	e.tokens = make([]token, 0, min(len(d), blockTokens)+1)
	prevLen, prevDist := 0, 0
	pending := false // d[i-1] is not yet written: a literal or the start of prevLen
	i := 0
	for i < len(d) {
		near3 := e.insert(i)
		length, dist := 0, 0
		if prevLen < maxMatch {
			length, dist = e.longest(i, prevLen, near3)
		}
		switch {
		case pending && prevLen >= minMatch && length <= prevLen:
			e.add(match(prevLen, prevDist), i-1+prevLen)
			end := i - 1 + prevLen
			for j := i + 1; j < end; j++ {
				e.insert(j)
			}
			i = end
			pending, prevLen = false, 0
		case pending:
			e.add(literal(d[i-1]), i)
			prevLen, prevDist = length, dist
			i++
		default:
			pending, prevLen, prevDist = true, length, dist
			i++
		}
	}
	if pending {
		e.add(literal(d[len(d)-1]), len(d))
	}
	e.writeBlock(true)
}

// add appends a token covering the input up to end, writing a block when
// it is full.
func (e *encoder) add(t token, end int) {
	e.tokens = append(e.tokens, t)
	e.covered = end
	if t < 1<<31 {
		e.litFreq[t]++
	} else {
		e.litFreq[lengthCode(int(t>>16&0xff))]++
		e.distFreq[distCode(int(t&0x7fff))]++
	}
	if len(e.tokens) >= blockTokens && end < len(e.data) {
		e.writeBlock(false)
	}
}

// lengthCode is the literal/length symbol of a match length less 3 (0–255).
func lengthCode(l int) int {
	switch {
	case l < 8:
		return 257 + l
	case l == 255:
		return 285
	}
	e := bits.Len(uint(l)) - 3 // extra bits: lengths 11–18 have 1, 227–257 have 5
	return 257 + 4*e + l>>e
}

// lengthExtra is the number of extra bits of literal/length symbol c.
func lengthExtra(c int) int {
	if c < 265 || c == 285 {
		return 0
	}
	return (c - 261) / 4
}

// distCode is the distance symbol of a distance less 1 (0–32767).
func distCode(d int) int {
	if d < 4 {
		return d
	}
	hb := bits.Len(uint(d)) - 1
	return 2*hb + d>>(hb-1)&1
}

// distExtra is the number of extra bits of distance symbol c.
func distExtra(c int) int {
	if c < 4 {
		return 0
	}
	return c/2 - 1
}

// ---- blocks ----

// writeBlock writes the pending tokens as the cheapest of the three block
// types and starts a new block.
func (e *encoder) writeBlock(final bool) {
	e.litFreq[endBlock]++
	raw := e.data[e.blockStart:e.covered]

	var litLen [numLitLen]uint8
	var distLen [numDist]uint8
	// Two used symbols at least: a code of one symbol is a degenerate case
	// some decoders refuse. The extra symbol costs nothing but a header bit.
	lit := e.litFreq
	ensureTwo(lit[:])
	dist := e.distFreq
	ensureTwo(dist[:])
	codeLengths(lit[:], litLen[:], maxBits)
	codeLengths(dist[:], distLen[:], maxBits)
	h := newHeader(litLen[:], distLen[:])

	extra := 0
	for c := 257; c < numLitLen; c++ {
		extra += e.litFreq[c] * lengthExtra(c)
	}
	for c, f := range e.distFreq {
		extra += f * distExtra(c)
	}
	dynBits := 3 + h.bits() + extra
	fixBits := 3 + extra
	for c, f := range e.litFreq {
		dynBits += f * int(litLen[c])
		fixBits += f * int(fixedLitLen(c))
	}
	for c, f := range e.distFreq {
		dynBits += f * int(distLen[c])
		fixBits += f * 5
	}
	storedBits := e.out.storedBits(len(raw))

	switch {
	case storedBits <= dynBits && storedBits <= fixBits:
		e.out.stored(raw, final)
	case fixBits <= dynBits:
		e.out.writeBits(boolBit(final)|1<<1, 3)
		e.writeTokens(&fixed.lit, &fixed.dist)
	default:
		e.out.writeBits(boolBit(final)|2<<1, 3)
		h.write(&e.out)
		var c codes
		c.lit.assign(litLen[:])
		c.dist.assign(distLen[:])
		e.writeTokens(&c.lit, &c.dist)
	}

	e.tokens = e.tokens[:0]
	e.blockStart = e.covered
	e.litFreq = [numLitLen]int{}
	e.distFreq = [numDist]int{}
}

func boolBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// ensureTwo gives a count of 1 to the first unused symbols until two are used.
func ensureTwo(freq []int) {
	used := 0
	for _, f := range freq {
		if f > 0 {
			used++
		}
	}
	for i := 0; used < 2 && i < len(freq); i++ {
		if freq[i] == 0 {
			freq[i] = 1
			used++
		}
	}
}

func (e *encoder) writeTokens(lit *code, dist *code) {
	w := &e.out
	for _, t := range e.tokens {
		if t < 1<<31 {
			w.writeBits(uint64(lit.bits[t]), uint(lit.len[t]))
			continue
		}
		l := int(t >> 16 & 0xff)
		lc := lengthCode(l)
		w.writeBits(uint64(lit.bits[lc]), uint(lit.len[lc]))
		if n := lengthExtra(lc); n > 0 {
			w.writeBits(uint64(l)&(1<<n-1), uint(n))
		}
		d := int(t & 0x7fff)
		dc := distCode(d)
		w.writeBits(uint64(dist.bits[dc]), uint(dist.len[dc]))
		if n := distExtra(dc); n > 0 {
			w.writeBits(uint64(d)&(1<<n-1), uint(n))
		}
	}
	w.writeBits(uint64(lit.bits[endBlock]), uint(lit.len[endBlock]))
}

// ---- Huffman codes ----

// code is a canonical Huffman code: each symbol's length and its bits,
// reversed, as the bit writer sends them (least significant first).
type code struct {
	len  []uint8
	bits []uint16
}

type codes struct{ lit, dist code }

// assign gives each symbol its canonical code for the lengths (RFC 1951
// 3.2.2): shorter codes first, equal lengths in symbol order.
func (c *code) assign(lengths []uint8) {
	c.len = lengths
	c.bits = make([]uint16, len(lengths))
	var count [maxBits + 1]int
	for _, l := range lengths {
		count[l]++
	}
	count[0] = 0
	var next [maxBits + 1]int
	v := 0
	for l := 1; l <= maxBits; l++ {
		v = (v + count[l-1]) << 1
		next[l] = v
	}
	for s, l := range lengths {
		if l > 0 {
			c.bits[s] = uint16(bits.Reverse16(uint16(next[l])) >> (16 - l))
			next[l]++
		}
	}
}

var fixed = func() (c codes) {
	var lit [288]uint8
	for s := range lit {
		lit[s] = fixedLitLen(s)
	}
	var dist [30]uint8
	for s := range dist {
		dist[s] = 5
	}
	c.lit.assign(lit[:])
	c.dist.assign(dist[:])
	return c
}()

func fixedLitLen(s int) uint8 {
	switch {
	case s < 144:
		return 8
	case s < 256:
		return 9
	case s < 280:
		return 7
	}
	return 8
}

// item is a symbol or a package of two items, in codeLengths.
type item struct {
	w    uint32 // a block's counts sum to less than 1<<31
	a, b int32  // a package's two items (indices); for a symbol a is -1-symbol
}

// codeLengths sets the optimal code lengths of at most limit bits for the
// symbol counts (0 for an unused symbol), by package-merge: the cheapest
// 2n-2 items of the list built by pairing the items of the level below
// (packages) and merging them with the symbols, limit-1 times, hold each
// symbol as many times as its code is long. At least two counts are > 0.
func codeLengths(freq []int, lengths []uint8, limit int) {
	var syms []item
	for s, f := range freq {
		lengths[s] = 0
		if f > 0 {
			syms = append(syms, item{w: uint32(f), a: int32(-1 - s)})
		}
	}
	sortItems(syms)
	n := len(syms)
	nodes := make([]item, 0, n*limit) // n symbols, fewer than n packages per level
	nodes = append(nodes, syms...)
	level := make([]int32, n) // indices into nodes, cheapest first
	for i := range level {
		level[i] = int32(i)
	}
	next := make([]int32, 0, 2*n)
	for range limit - 1 {
		next = next[:0]
		si, pi := 0, 0
		np := len(level) / 2
		for si < n || pi < np {
			if pi < np {
				a, b := level[2*pi], level[2*pi+1]
				w := nodes[a].w + nodes[b].w
				if si >= n || w < syms[si].w {
					nodes = append(nodes, item{w: w, a: a, b: b})
					next = append(next, int32(len(nodes)-1))
					pi++
					continue
				}
			}
			next = append(next, int32(si))
			si++
		}
		level, next = next, level
	}
	// Count the symbols in the chosen items (depth-first, with a stack).
	stack := append([]int32(nil), level[:2*n-2]...)
	for len(stack) > 0 {
		it := nodes[stack[len(stack)-1]]
		stack = stack[:len(stack)-1]
		if it.a < 0 {
			lengths[-1-it.a]++
		} else {
			stack = append(stack, it.a, it.b)
		}
	}
}

// sortItems sorts by weight, stably (insertion sort: at most 286 items).
func sortItems(s []item) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].w < s[j-1].w; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
