package decode

import (
	"encoding/binary"
	"fmt"
	"iter"
)

// The LLVM bitstream container (llvm/docs/BitCodeFormat.rst): a stream of
// abbreviation ids of the current block's width, opening blocks, closing them,
// defining abbreviations and writing records either unabbreviated (VBR6
// fields) or through an abbreviation.

// Builtin abbreviation ids.
const (
	bcEndBlock      = 0
	bcEnterSubblock = 1
	bcDefineAbbrev  = 2
	bcUnabbrevRec   = 3
)

// Abbreviation operand encodings (the 3-bit field of DEFINE_ABBREV).
const (
	abbrevLiteral = 0 // not an encoding in the stream: the isLiteral bit
	abbrevFixed   = 1
	abbrevVBR     = 2
	abbrevArray   = 3
	abbrevChar6   = 4
	abbrevBlob    = 5
)

// Bounds that keep hostile input cheap.
const (
	bcMaxDepth      = 32       // block nesting
	bcMaxAbbrevOps  = 256      // operands in one abbreviation
	bcMaxRecordOps  = 1 << 22  // operands in one record
	bcMaxZeroWidth  = 1 << 16  // array elements that take no bits (Fixed(0))
	bcMaxAbbrevs    = 1 << 16  // abbreviations defined in one block
	bcMaxBlobBytes  = 64 << 20 // a blob can never exceed the stream anyway
	bcMaxVBRChunks  = 70       // a VBR value is at most 64 bits
	bcMaxAbbrevWide = 32       // abbreviation id width
	bcMaxRecords    = 1 << 21  // records in one stream (DXC writes one per ~9 bytes: this is ~18 MB of bitcode)
)

type abbrevOp struct {
	enc uint8
	val uint64 // literal value, or the width of Fixed/VBR
}

type abbrev struct{ ops []abbrevOp }

// bitstream reads bits LSB-first from 32-bit little-endian words.
type bitstream struct {
	b   []byte
	pos uint64 // bit position
	end uint64 // bit limit (the current block's end)
	err error
}

type bitError struct {
	bit uint64
	msg string
}

func (e *bitError) Error() string { return e.msg }

func (s *bitstream) fail(format string, args ...any) {
	if s.err == nil {
		s.err = &bitError{s.pos, fmt.Sprintf(format, args...)}
	}
	s.pos = s.end
}

// read returns the next n bits (n ≤ 64).
func (s *bitstream) read(n uint) uint64 {
	if s.err != nil {
		return 0
	}
	if n == 0 {
		return 0
	}
	if s.pos+uint64(n) > s.end {
		s.fail("the stream ends inside a %d-bit field", n)
		return 0
	}
	i := s.pos >> 3
	sh := uint(s.pos & 7)
	var v uint64
	if i+8 <= uint64(len(s.b)) && n+sh <= 64 {
		v = binary.LittleEndian.Uint64(s.b[i:]) >> sh
	} else {
		// Slow path near the end or for wide unaligned fields.
		for k := uint(0); k < n; {
			byt := uint64(s.b[(s.pos+uint64(k))>>3]) >> ((s.pos + uint64(k)) & 7)
			take := 8 - uint((s.pos+uint64(k))&7)
			v |= byt << k
			k += take
		}
	}
	if n < 64 {
		v &= 1<<n - 1
	}
	s.pos += uint64(n)
	return v
}

// vbr reads a variable bit rate value of chunk width n (2 ≤ n ≤ 32).
func (s *bitstream) vbr(n uint) uint64 {
	hi := uint64(1) << (n - 1)
	var v uint64
	var shift uint
	for i := 0; ; i++ {
		c := s.read(n)
		if s.err != nil {
			return 0
		}
		if shift < 64 {
			v |= (c & (hi - 1)) << shift
		}
		if c&hi == 0 {
			return v
		}
		shift += n - 1
		if shift > 64+n || i > bcMaxVBRChunks {
			s.fail("a VBR%d value runs past 64 bits", n)
			return 0
		}
	}
}

func (s *bitstream) align32() {
	p := (s.pos + 31) &^ 31
	if p > s.end {
		s.fail("the stream ends before a 32-bit boundary")
		return
	}
	s.pos = p
}

// bcRecord is one record as read from the stream.
type bcRecord struct {
	Code   uint32
	Abbrev uint32 // 3 for unabbreviated records
	Start  uint64 // bit offset of the abbreviation id
	End    uint64
	Ops    []uint64
	Blob   []byte
}

// bcBlock is one block with its records and sub-blocks, in stream order
// within each kind (records before nested blocks is not guaranteed: Order
// tells how they interleave where that matters).
type bcBlock struct {
	ID          uint32
	AbbrevWidth uint32
	Start, End  uint64 // bits: from the ENTER_SUBBLOCK id to after END_BLOCK (or the declared end)
	DeclaredEnd uint64
	Records     []bcRecord
	Blocks      []*bcBlock
	Abbrevs     int // DEFINE_ABBREV records in the block itself
	Closed      bool
}

// functionBlocks yields a module block's FUNCTION_BLOCKs numbered in order:
// the k-th holds the body of the k-th function defined with one.
func (b *bcBlock) functionBlocks() iter.Seq2[int, *bcBlock] {
	return func(yield func(int, *bcBlock) bool) {
		k := 0
		for _, sb := range b.Blocks {
			if sb.ID != blockFunction {
				continue
			}
			if !yield(k, sb) {
				return
			}
			k++
		}
	}
}

// constants yields the records of a CONSTANTS_BLOCK but SETTYPE, each with
// the type the SETTYPE before it set (NoType before the first).
func (b *bcBlock) constants() iter.Seq2[uint32, bcRecord] {
	return func(yield func(uint32, bcRecord) bool) {
		cur := NoType
		for _, rec := range b.Records {
			if rec.Code == 1 { // SETTYPE
				if len(rec.Ops) > 0 {
					cur = uint32(rec.Ops[0])
				}
				continue
			}
			if !yield(cur, rec) {
				return
			}
		}
	}
}

// bcParser builds the block tree; blockinfo holds the abbreviations BLOCKINFO
// gives each block id.
type bcParser struct {
	s         bitstream
	blockinfo map[uint32][]abbrev
	ops       []uint64    // every record's operands, appended in stream order
	scratch   []uint64    // one record's values while it is read
	recStack  []bcPending // records of the open blocks; each block takes its own when it ends
	records   int
	blobAt    uint64 // byte offset of the blob readAbbreviated read last
}

// bcPending is a record while its block is open. It holds no pointers, so
// the stack of them costs the garbage collector nothing; the block's
// bcRecords are made from them, with slices into ops, when the block ends.
type bcPending struct {
	Code, Abbrev     uint32
	Start, End       uint64
	opsOff, opsLen   uint32
	blobOff, blobLen uint32
	hasBlob          bool
}

// finish turns pending records into the block's records. Slices taken from
// ops stay valid even when later appends move ops: the old array is kept.
func (p *bcParser) finish(pend []bcPending) []bcRecord {
	out := make([]bcRecord, len(pend))
	for i, q := range pend {
		r := &out[i]
		r.Code, r.Abbrev, r.Start, r.End = q.Code, q.Abbrev, q.Start, q.End
		if q.opsLen > 0 {
			r.Ops = p.ops[q.opsOff : q.opsOff+q.opsLen : q.opsOff+q.opsLen]
		}
		if q.hasBlob {
			r.Blob = p.s.b[q.blobOff : q.blobOff+q.blobLen]
		}
	}
	return out
}

// parseStream reads top-level blocks until the stream ends (bits after the
// magic). The top-level abbreviation width is 2.
func (p *bcParser) parseStream() []*bcBlock {
	var top []*bcBlock
	for p.s.err == nil && p.s.end-p.s.pos >= 32 {
		start := p.s.pos
		id := p.s.read(2)
		if p.s.err != nil {
			break
		}
		if id != bcEnterSubblock {
			// Trailing zero words are padding some writers add; anything else is garbage.
			p.s.pos = start
			if allZeroBits(&p.s) {
				break
			}
			p.s.fail("expected a block at the top level, found abbreviation id %d", id)
			break
		}
		b := p.parseBlock(start, 0, nil)
		if b != nil {
			top = append(top, b)
		}
	}
	return top
}

func allZeroBits(s *bitstream) bool {
	for i := s.pos >> 3; i < s.end>>3 && i < uint64(len(s.b)); i++ {
		if s.b[i] != 0 {
			return false
		}
	}
	return true
}

// parseBlock reads a block whose ENTER_SUBBLOCK id (at bit start) was just read.
func (p *bcParser) parseBlock(start uint64, depth int, parent *bcBlock) *bcBlock {
	s := &p.s
	id := s.vbr(8)
	width := s.vbr(4)
	s.align32()
	words := s.read(32)
	if s.err != nil {
		return nil
	}
	if id > 1<<20 {
		s.fail("block id %d is implausible", id)
		return nil
	}
	if width < 2 || width > bcMaxAbbrevWide {
		s.fail("block %s has abbreviation width %d (must be 2 to 32)", blockName(uint32(id)), width)
		return nil
	}
	b := &bcBlock{ID: uint32(id), AbbrevWidth: uint32(width), Start: start}
	end := s.pos + words*32
	if words > uint64(len(s.b))*8/32 || end > s.end {
		s.fail("block %s claims %d words, past the end of the enclosing data", blockName(b.ID), words)
		return b
	}
	b.DeclaredEnd = end
	if depth >= bcMaxDepth {
		s.fail("blocks nest deeper than %d", bcMaxDepth)
		return b
	}
	outerEnd := s.end
	s.end = end
	mark := len(p.recStack)
	defer func() {
		s.end = outerEnd
		if b.End == 0 {
			b.End = s.pos
		}
		if len(p.recStack) > mark {
			b.Records = p.finish(p.recStack[mark:])
		}
		p.recStack = p.recStack[:mark]
	}()

	// The block's abbreviations: those BLOCKINFO gave its id (shared, not
	// copied: a file may define 65,536 of them and open 10,000 blocks),
	// then its own.
	inherited := p.blockinfo[b.ID]
	var abbrevs []abbrev
	var curBID int64 = -1 // BLOCKINFO: the block id SETBID selected
	for s.err == nil {
		at := s.pos
		code := s.read(uint(width))
		if s.err != nil {
			break
		}
		switch code {
		case bcEndBlock:
			s.align32()
			b.End = s.pos
			b.Closed = true
			return b
		case bcEnterSubblock:
			sub := p.parseBlock(at, depth+1, b)
			if sub != nil {
				b.Blocks = append(b.Blocks, sub)
			}
			if s.err != nil {
				return b
			}
		case bcDefineAbbrev:
			a := p.readAbbrev()
			if s.err != nil {
				return b
			}
			if b.ID == 0 {
				if curBID < 0 {
					s.fail("BLOCKINFO defines an abbreviation before any SETBID record")
					return b
				}
				if p.blockinfo == nil {
					p.blockinfo = map[uint32][]abbrev{}
				}
				if len(p.blockinfo[uint32(curBID)]) >= bcMaxAbbrevs {
					s.fail("more than %d abbreviations for one block", bcMaxAbbrevs)
					return b
				}
				p.blockinfo[uint32(curBID)] = append(p.blockinfo[uint32(curBID)], a)
			} else {
				if len(inherited)+len(abbrevs) >= bcMaxAbbrevs {
					s.fail("more than %d abbreviations in one block", bcMaxAbbrevs)
					return b
				}
				abbrevs = append(abbrevs, a)
			}
			b.Abbrevs++
		default:
			rec := bcPending{Abbrev: uint32(code), Start: at}
			ops := p.scratch[:0]
			first := 0 // operands before this index are not stored (the code)
			if code == bcUnabbrevRec {
				c := s.vbr(6)
				n := s.vbr(6)
				if s.err != nil {
					return b
				}
				if n > (s.end-s.pos)/6 || n > bcMaxRecordOps {
					s.fail("an unabbreviated record claims %d operands, more than the block can hold", n)
					return b
				}
				rec.Code = uint32(c)
				for i := uint64(0); i < n; i++ {
					ops = append(ops, s.vbr(6))
				}
			} else {
				k := int(code) - 4
				if k >= len(inherited)+len(abbrevs) {
					s.fail("abbreviation id %d is not defined in block %s (%d defined)", code, blockName(b.ID), len(inherited)+len(abbrevs))
					return b
				}
				var def abbrev
				if k < len(inherited) {
					def = inherited[k]
				} else {
					def = abbrevs[k-len(inherited)]
				}
				var blob []byte
				ops, blob = p.readAbbreviated(def, ops)
				if s.err != nil {
					return b
				}
				if len(ops) == 0 {
					s.fail("a record through abbreviation %d has no code", code)
					return b
				}
				rec.Code = uint32(ops[0])
				first = 1
				if blob != nil {
					rec.hasBlob = true
					rec.blobOff = uint32(p.blobAt)
					rec.blobLen = uint32(len(blob))
				}
			}
			p.scratch = ops[:0]
			if s.err != nil {
				return b
			}
			if p.records >= bcMaxRecords {
				s.fail("more than %d records: the rest of the stream is not decoded", bcMaxRecords)
				return b
			}
			vals := ops[first:]
			// Literal operands take no bits, so only this keeps a hostile stream's operands bounded.
			if uint64(len(p.ops)+len(vals)) > uint64(len(s.b))*8+uint64(p.records)+1024 {
				s.fail("the records hold more operands than the stream has bits (abbreviations made of literals)")
				return b
			}
			rec.opsOff, rec.opsLen = uint32(len(p.ops)), uint32(len(vals))
			p.ops = append(p.ops, vals...)
			rec.End = s.pos
			if b.ID == 0 && rec.Code == 1 { // SETBID
				if len(vals) < 1 {
					s.fail("SETBID without a block id")
					return b
				}
				curBID = int64(uint32(vals[0]))
			}
			p.recStack = append(p.recStack, rec)
			p.records++
		}
	}
	return b
}

func (p *bcParser) readAbbrev() abbrev {
	s := &p.s
	n := s.vbr(5)
	if n > bcMaxAbbrevOps || n > (s.end-s.pos) {
		s.fail("an abbreviation claims %d operands", n)
		return abbrev{}
	}
	a := abbrev{ops: make([]abbrevOp, 0, n)}
	for i := uint64(0); i < n && s.err == nil; i++ {
		if s.read(1) == 1 {
			a.ops = append(a.ops, abbrevOp{abbrevLiteral, s.vbr(8)})
			continue
		}
		enc := uint8(s.read(3))
		switch enc {
		case abbrevFixed, abbrevVBR:
			w := s.vbr(5)
			if enc == abbrevFixed && w > 64 {
				s.fail("a Fixed operand of width %d (at most 64)", w)
			}
			if enc == abbrevVBR && w > 32 {
				s.fail("a VBR operand of width %d (at most 32)", w)
			}
			if enc == abbrevVBR && w == 1 {
				s.fail("a VBR operand of width 1 cannot hold a value")
			}
			if w == 0 {
				// LLVM reads Fixed(0) and VBR(0) as the literal 0.
				a.ops = append(a.ops, abbrevOp{abbrevLiteral, 0})
				continue
			}
			a.ops = append(a.ops, abbrevOp{enc, w})
		case abbrevArray, abbrevChar6, abbrevBlob:
			a.ops = append(a.ops, abbrevOp{enc, 0})
		default:
			s.fail("unknown abbreviation operand encoding %d", enc)
		}
	}
	for i, op := range a.ops {
		switch op.enc {
		case abbrevArray:
			if i != len(a.ops)-2 {
				s.fail("an Array operand must be the second to last of its abbreviation")
			} else if e := a.ops[i+1].enc; e == abbrevArray || e == abbrevBlob {
				s.fail("an Array's element cannot be an Array or a Blob")
			}
		case abbrevBlob:
			if i != len(a.ops)-1 {
				s.fail("a Blob operand must be the last of its abbreviation")
			}
		}
	}
	return a
}

func (p *bcParser) scalar(op abbrevOp) uint64 {
	switch op.enc {
	case abbrevLiteral:
		return op.val
	case abbrevFixed:
		return p.s.read(uint(op.val))
	case abbrevVBR:
		return p.s.vbr(uint(op.val))
	case abbrevChar6:
		return uint64(bcChar6[p.s.read(6)])
	}
	p.s.fail("operand encoding %d is not a scalar", op.enc)
	return 0
}

const bcChar6 = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._"

// elemBits is the fewest bits one element of the encoding takes.
func elemBits(op abbrevOp) uint64 {
	switch op.enc {
	case abbrevFixed, abbrevVBR:
		return op.val
	case abbrevChar6:
		return 6
	}
	return 0
}

func (p *bcParser) readAbbreviated(a abbrev, ops []uint64) ([]uint64, []byte) {
	s := &p.s
	var blob []byte
	for i := 0; i < len(a.ops) && s.err == nil; i++ {
		op := a.ops[i]
		switch op.enc {
		case abbrevArray:
			n := s.vbr(6)
			elt := a.ops[i+1]
			eb := elemBits(elt)
			if s.err != nil {
				return ops, nil
			}
			if (eb > 0 && n > (s.end-s.pos)/eb) || (eb == 0 && n > bcMaxZeroWidth) || n > bcMaxRecordOps {
				s.fail("an array claims %d elements, more than the block can hold", n)
				return ops, nil
			}
			for j := uint64(0); j < n && s.err == nil; j++ {
				ops = append(ops, p.scalar(elt))
			}
			return ops, blob
		case abbrevBlob:
			n := s.vbr(6)
			s.align32()
			if s.err != nil {
				return ops, nil
			}
			if n > (s.end-s.pos)/8 || n > bcMaxBlobBytes {
				s.fail("a blob claims %d bytes, more than the block can hold", n)
				return ops, nil
			}
			st := s.pos >> 3
			blob = s.b[st : st+n]
			p.blobAt = st
			s.pos += n * 8
			s.align32()
		default:
			ops = append(ops, p.scalar(op))
		}
	}
	return ops, blob
}
