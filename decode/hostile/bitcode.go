package hostile

// bits writes an LLVM bitstream (LLVM's BitCodeFormat document): fields
// least significant bit first, VBR chunks, 32-bit aligned block lengths.
type bits struct {
	b []byte
	n uint64
}

func (w *bits) emit(v uint64, width uint) {
	for i := uint(0); i < width; i++ {
		if w.n/8 >= uint64(len(w.b)) {
			w.b = append(w.b, 0)
		}
		if v>>i&1 != 0 {
			w.b[w.n/8] |= 1 << (w.n % 8)
		}
		w.n++
	}
}

func (w *bits) vbr(v uint64, width uint) {
	hi := uint64(1) << (width - 1)
	for v >= hi {
		w.emit(v&(hi-1)|hi, width)
		v >>= width - 1
	}
	w.emit(v, width)
}

func (w *bits) align32() {
	for w.n%32 != 0 {
		w.emit(0, 1)
	}
}

// The bitstream's builtin abbreviation IDs.
const (
	endBlock      = 0
	enterSubblock = 1
	defineAbbrev  = 2
	unabbrevRec   = 3
)

// enter opens block id and returns where its length word is.
func (w *bits) enter(width uint, id uint64, newWidth uint) int {
	w.emit(enterSubblock, width)
	w.vbr(id, 8)
	w.vbr(uint64(newWidth), 4)
	w.align32()
	at := int(w.n / 8)
	w.emit(0, 32)
	return at
}

// exit closes the block whose length word is at lenAt.
func (w *bits) exit(width uint, lenAt int) {
	w.emit(endBlock, width)
	w.align32()
	le.PutUint32(w.b[lenAt:], uint32((len(w.b)-lenAt-4)/4))
}

// BlockInfoBitcode is a bitstream whose BLOCKINFO block defines abbrevs
// abbreviations (each one fixed 1-bit field) for block id 11, followed by
// blocks empty blocks of that id inside a module block: every block
// inherits the whole list.
func BlockInfoBitcode(abbrevs, blocks int) []byte {
	w := &bits{}
	for _, c := range []byte("BC\xc0\xde") {
		w.emit(uint64(c), 8)
	}
	mod := w.enter(2, 8, 3)
	bi := w.enter(3, 0, 2)
	w.emit(unabbrevRec, 2) // SETBID 11
	w.vbr(1, 6)
	w.vbr(1, 6)
	w.vbr(11, 6)
	for range abbrevs {
		w.emit(defineAbbrev, 2)
		w.vbr(1, 5)  // one operand
		w.emit(0, 1) // not a literal
		w.emit(1, 3) // fixed
		w.vbr(1, 5)  // 1 bit wide
	}
	w.exit(2, bi)
	for range blocks {
		c := w.enter(3, 11, 2)
		w.exit(2, c)
	}
	w.exit(3, mod)
	return w.b
}

// BlockInfo is a container whose DXIL part (a vertex shader, shader model
// 6.0) holds BlockInfoBitcode(abbrevs, blocks).
func BlockInfo(abbrevs, blocks int) []byte {
	bc := BlockInfoBitcode(abbrevs, blocks)
	var p []byte
	p = le.AppendUint32(p, 1<<16|0x60)
	p = le.AppendUint32(p, uint32(24+len(bc))/4)
	p = append(p, "DXIL"...)
	p = le.AppendUint32(p, 0x100)
	p = le.AppendUint32(p, 16)
	p = le.AppendUint32(p, uint32(len(bc)))
	return Container(Part{"DXIL", append(p, bc...)})
}
