package deflate

// bitWriter packs bits least significant first, as deflate orders them.
type bitWriter struct {
	buf []byte
	acc uint64 // bits not yet in buf, the first in bit 0
	n   uint   // how many
}

// writeBits writes the n (at most 16) low bits of v.
func (w *bitWriter) writeBits(v uint64, n uint) {
	w.acc |= v << w.n
	w.n += n
	if w.n >= 32 {
		w.buf = append(w.buf, byte(w.acc), byte(w.acc>>8), byte(w.acc>>16), byte(w.acc>>24))
		w.acc >>= 32
		w.n -= 32
	}
}

// align pads with zero bits to a byte boundary and moves the whole bytes to buf.
func (w *bitWriter) align() {
	w.n = (w.n + 7) &^ 7
	for ; w.n > 0; w.n -= 8 {
		w.buf = append(w.buf, byte(w.acc))
		w.acc >>= 8
	}
	w.acc = 0
}

func (w *bitWriter) flush() []byte {
	w.align()
	return w.buf
}

const maxStored = 65535 // bytes in one stored block (LEN is 16 bits)

// storedBits is what stored(n bytes) would write from the current bit.
func (w *bitWriter) storedBits(n int) int {
	pad := (8 - (w.n+3)%8) % 8
	chunks := max(1, (n+maxStored-1)/maxStored)
	return 3 + int(pad) + 32 + (chunks-1)*(8+32) + 8*n
}

// stored writes raw as stored blocks (RFC 1951 3.2.4), the last one final
// when final is set.
func (w *bitWriter) stored(raw []byte, final bool) {
	for {
		n := min(len(raw), maxStored)
		last := n == len(raw)
		w.writeBits(boolBit(final && last), 3) // BTYPE 00
		w.align()
		w.buf = append(w.buf, byte(n), byte(n>>8), ^byte(n), ^byte(n>>8))
		w.buf = append(w.buf, raw[:n]...)
		raw = raw[n:]
		if last {
			return
		}
	}
}

// ---- the dynamic block's header (RFC 1951 3.2.7) ----

// codeLenOrder is the order in which the code-length code's lengths are sent.
var codeLenOrder = [numCodeLen]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// header is a dynamic block's code lengths, run-length encoded with the
// code-length alphabet (0–15 a length, 16 repeat the previous 3–6 times,
// 17 and 18 zeros 3–10 and 11–138 times) and that alphabet's own code.
type header struct {
	hlit, hdist, hclen int
	syms               []uint16 // code-length symbols, the extra bits' value above bit 8
	cl                 code
	clLen              [numCodeLen]uint8
}

var clExtra = [numCodeLen]uint{16: 2, 17: 3, 18: 7}

func newHeader(litLen, distLen []uint8) *header {
	h := &header{hlit: 257, hdist: 1, hclen: 4}
	for i, l := range litLen {
		if l > 0 {
			h.hlit = max(h.hlit, i+1)
		}
	}
	for i, l := range distLen {
		if l > 0 {
			h.hdist = max(h.hdist, i+1)
		}
	}
	// One sequence: a run may cross from the literal/length lengths into
	// the distance lengths.
	seq := append(append(make([]uint8, 0, h.hlit+h.hdist), litLen[:h.hlit]...), distLen[:h.hdist]...)
	add := func(sym, extra int) { h.syms = append(h.syms, uint16(sym|extra<<8)) }
	for i := 0; i < len(seq); {
		v := seq[i]
		r := 1
		for i+r < len(seq) && seq[i+r] == v {
			r++
		}
		i += r
		if v == 0 {
			for r >= 11 {
				k := min(r, 138)
				add(18, k-11)
				r -= k
			}
			if r >= 3 {
				add(17, r-3)
				r = 0
			}
		} else {
			add(int(v), 0)
			r--
			for r >= 3 {
				k := min(r, 6)
				add(16, k-3)
				r -= k
			}
		}
		for ; r > 0; r-- {
			add(int(v), 0)
		}
	}
	var freq [numCodeLen]int
	for _, s := range h.syms {
		freq[s&0xff]++
	}
	ensureTwo(freq[:])
	codeLengths(freq[:], h.clLen[:], maxCodeBits)
	h.cl.assign(h.clLen[:])
	for i, s := range codeLenOrder {
		if h.clLen[s] > 0 {
			h.hclen = max(h.hclen, i+1)
		}
	}
	return h
}

// bits is the header's size in bits.
func (h *header) bits() int {
	n := 5 + 5 + 4 + 3*h.hclen
	for _, s := range h.syms {
		n += int(h.clLen[s&0xff]) + int(clExtra[s&0xff])
	}
	return n
}

func (h *header) write(w *bitWriter) {
	w.writeBits(uint64(h.hlit-257), 5)
	w.writeBits(uint64(h.hdist-1), 5)
	w.writeBits(uint64(h.hclen-4), 4)
	for _, s := range codeLenOrder[:h.hclen] {
		w.writeBits(uint64(h.clLen[s]), 3)
	}
	for _, s := range h.syms {
		c := s & 0xff
		w.writeBits(uint64(h.cl.bits[c]), uint(h.cl.len[c]))
		if n := clExtra[c]; n > 0 {
			w.writeBits(uint64(s>>8), n)
		}
	}
}
