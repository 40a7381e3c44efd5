// Package bitstream reads the LLVM bitstream container (LLVM's
// docs/BitCodeFormat.rst): a stream of abbreviation ids of the current
// block's width that open blocks, close them, define abbreviations and write
// records either unabbreviated (VBR6 fields) or through an abbreviation,
// with BLOCKINFO sharing abbreviations between blocks of one id.
//
// It knows nothing of what the blocks and records mean (that is
// decode/llvm/ir): Parse returns the tree of blocks with each record's code,
// operands and bit range, and where reading stopped. Like LLVM's
// BitstreamReader beside its BitcodeReader.
//
// Hostile streams cost time and memory linear in their size: every count is
// checked against the bits that remain before it sizes anything, nesting and
// abbreviations are bounded, and BLOCKINFO abbreviations are shared by the
// blocks that use them, never copied per block.
package bitstream

import (
	"encoding/binary"
	"fmt"
	"sync"
)

// The builtin abbreviation ids every block has.
const (
	EndBlock       = 0
	EnterSubblock  = 1
	DefineAbbrev   = 2
	UnabbrevRecord = 3
)

// BlockInfoID is the id of the BLOCKINFO block, the one block id the
// bitstream itself defines; SETBID is its record that selects the block id
// the abbreviations after it are for.
const (
	BlockInfoID          = 0
	BlockInfoCodeSetBID  = 1
	BlockInfoCodeName    = 2 // BLOCKNAME
	BlockInfoCodeRecName = 3 // SETRECORDNAME
)

// Encoding is how one operand of an abbreviation is written (the 3-bit
// field of DEFINE_ABBREV; Literal is the operand's isLiteral bit).
type Encoding uint8

// Operand encodings.
const (
	Literal Encoding = 0 // not an encoding in the stream: the isLiteral bit
	Fixed   Encoding = 1
	VBR     Encoding = 2
	Array   Encoding = 3
	Char6   Encoding = 4
	Blob    Encoding = 5
)

// Bounds that keep hostile input cheap.
const (
	MaxDepth       = 32       // block nesting
	MaxAbbrevOps   = 256      // operands in one abbreviation
	MaxRecordOps   = 1 << 22  // operands in one record
	maxZeroWidth   = 1 << 16  // array elements that take no bits (Fixed(0))
	MaxAbbrevs     = 1 << 16  // abbreviations defined for one block
	maxBlobBytes   = 64 << 20 // a blob can never exceed the stream anyway
	maxVBRChunks   = 70       // a VBR value is at most 64 bits
	maxAbbrevWidth = 32       // abbreviation id width
	MaxRecords     = 1 << 21  // records in one stream (DXC writes one per ~9 bytes: this is ~18 MB of bitcode)
)

// RecordLimit is how many records a stream of n bytes may hold: 16,384 and
// one per two bytes, at most MaxRecords. An abbreviation of literals makes
// a record of four bits, two a byte, and every reader above keeps a
// record's worth of structure for each (a module of 4-bit GLOBALVARs: 1.6 KB
// allocated per record, a 384 KB file 676 MB of the page's heap). Real
// streams hold far fewer: the corpus's densest 0.17 per byte (one per 6
// bytes, arithmetic-heavy code), and no instruction LLVM writes takes under
// about 16 bits with its operands.
func RecordLimit(n int) int { return min(MaxRecords, 16384+n/2) }

// AbbrevOp is one operand of an abbreviation definition.
type AbbrevOp struct {
	Enc Encoding
	Val uint64 // the literal value, or the width of Fixed and VBR
}

type abbrev struct{ ops []AbbrevOp }

// Record is one record as read from the stream.
type Record struct {
	Code   uint32
	Abbrev uint32 // the abbreviation id it was written with (UnabbrevRecord for none)
	Start  uint64 // bit offset of the abbreviation id
	End    uint64 // bit offset just past the record
	Ops    []uint64
	Blob   []byte
}

// Abbreviated says whether the record was written through an abbreviation.
func (r *Record) Abbreviated() bool { return r.Abbrev != UnabbrevRecord }

// Block is one block with its records and sub-blocks, each kind in stream
// order (how records and nested blocks interleave is not kept).
type Block struct {
	ID          uint32
	AbbrevWidth uint32
	Start, End  uint64 // bits: from the ENTER_SUBBLOCK id to after END_BLOCK (or where reading stopped)
	DeclaredEnd uint64 // the end its length word declares
	Records     []Record
	Blocks      []*Block
	Abbrevs     int  // DEFINE_ABBREV records in the block itself
	Closed      bool // END_BLOCK was read
}

// Error is where and why reading stopped.
type Error struct {
	Bit uint64 // bit offset in the stream
	Msg string
}

func (e *Error) Error() string { return e.Msg }

// Stream is a parsed bitstream.
type Stream struct {
	Blocks  []*Block // the top-level blocks
	Records int      // records in the whole stream
	Err     *Error   // nil when the whole stream was read
}

// Parse reads the top-level blocks of b, a bitstream whose first 32 bits
// are its magic (not checked here), until the stream ends or turns bad.
// blockName names block ids in error messages (nil: by number).
func Parse(b []byte, blockName func(id uint32) string) *Stream {
	p := &parser{s: reader{b: b, pos: 32, end: uint64(len(b)) * 8}, blockName: blockName, maxRecs: RecordLimit(len(b))}
	// The open-block record stack is scratch space: reuse it across streams.
	if st, ok := recStackPool.Get().(*[]pending); ok {
		p.recStack = (*st)[:0]
	}
	p.ops = make([]uint64, 0, len(b)/2+64)
	st := &Stream{Blocks: p.parseStream(), Records: p.records}
	if cap(p.recStack) <= 1<<16 {
		s := p.recStack[:0]
		recStackPool.Put(&s)
	}
	st.Err = p.s.err
	return st
}

var recStackPool sync.Pool

// reader reads bits LSB-first from 32-bit little-endian words.
type reader struct {
	b   []byte
	pos uint64 // bit position
	end uint64 // bit limit (the current block's end)
	err *Error
}

func (s *reader) fail(format string, args ...any) {
	if s.err == nil {
		s.err = &Error{s.pos, fmt.Sprintf(format, args...)}
	}
	s.pos = s.end
}

// read returns the next n bits (n ≤ 64).
func (s *reader) read(n uint) uint64 {
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
func (s *reader) vbr(n uint) uint64 {
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
		if shift > 64+n || i > maxVBRChunks {
			s.fail("a VBR%d value runs past 64 bits", n)
			return 0
		}
	}
}

func (s *reader) align32() {
	p := (s.pos + 31) &^ 31
	if p > s.end {
		s.fail("the stream ends before a 32-bit boundary")
		return
	}
	s.pos = p
}

// parser builds the block tree; blockinfo holds the abbreviations BLOCKINFO
// gives each block id.
type parser struct {
	s         reader
	blockName func(uint32) string
	blockinfo map[uint32][]abbrev
	ops       []uint64  // every record's operands, appended in stream order
	scratch   []uint64  // one record's values while it is read
	recStack  []pending // records of the open blocks; each block takes its own when it ends
	records   int
	maxRecs   int    // RecordLimit of the stream
	blobAt    uint64 // byte offset of the blob readAbbreviated read last
}

func (p *parser) name(id uint32) string {
	if p.blockName != nil {
		return p.blockName(id)
	}
	return fmt.Sprintf("BLOCK%d", id)
}

// pending is a record while its block is open. It holds no pointers, so
// the stack of them costs the garbage collector nothing; the block's
// Records are made from them, with slices into ops, when the block ends.
type pending struct {
	Code, Abbrev     uint32
	Start, End       uint64
	opsOff, opsLen   uint32
	blobOff, blobLen uint32
	hasBlob          bool
}

// finish turns pending records into the block's records. Slices taken from
// ops stay valid even when later appends move ops: the old array is kept.
func (p *parser) finish(pend []pending) []Record {
	out := make([]Record, len(pend))
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
func (p *parser) parseStream() []*Block {
	var top []*Block
	for p.s.err == nil && p.s.end-p.s.pos >= 32 {
		start := p.s.pos
		id := p.s.read(2)
		if p.s.err != nil {
			break
		}
		if id != EnterSubblock {
			// Trailing zero words are padding some writers add; anything else is garbage.
			p.s.pos = start
			if allZeroBits(&p.s) {
				break
			}
			p.s.fail("expected a block at the top level, found abbreviation id %d", id)
			break
		}
		b := p.parseBlock(start, 0)
		if b != nil {
			top = append(top, b)
		}
	}
	return top
}

func allZeroBits(s *reader) bool {
	for i := s.pos >> 3; i < s.end>>3 && i < uint64(len(s.b)); i++ {
		if s.b[i] != 0 {
			return false
		}
	}
	return true
}

// parseBlock reads a block whose ENTER_SUBBLOCK id (at bit start) was just read.
func (p *parser) parseBlock(start uint64, depth int) *Block {
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
	if width < 2 || width > maxAbbrevWidth {
		s.fail("block %s has abbreviation width %d (must be 2 to 32)", p.name(uint32(id)), width)
		return nil
	}
	// End stays at Start for a block whose body is not read.
	b := &Block{ID: uint32(id), AbbrevWidth: uint32(width), Start: start, End: start}
	end := s.pos + words*32
	if words > uint64(len(s.b))*8/32 || end > s.end {
		s.fail("block %s claims %d words, past the end of the enclosing data", p.name(b.ID), words)
		return b
	}
	b.DeclaredEnd = end
	if depth >= MaxDepth {
		s.fail("blocks nest deeper than %d", MaxDepth)
		return b
	}
	outerEnd := s.end
	s.end = end
	mark := len(p.recStack)
	defer func() {
		s.end = outerEnd
		if !b.Closed {
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
		case EndBlock:
			s.align32()
			b.End = s.pos
			b.Closed = true
			return b
		case EnterSubblock:
			sub := p.parseBlock(at, depth+1)
			if sub != nil {
				b.Blocks = append(b.Blocks, sub)
			}
			if s.err != nil {
				return b
			}
		case DefineAbbrev:
			a := p.readAbbrev()
			if s.err != nil {
				return b
			}
			if b.ID == BlockInfoID {
				if curBID < 0 {
					s.fail("BLOCKINFO defines an abbreviation before any SETBID record")
					return b
				}
				if p.blockinfo == nil {
					p.blockinfo = map[uint32][]abbrev{}
				}
				if len(p.blockinfo[uint32(curBID)]) >= MaxAbbrevs {
					s.fail("more than %d abbreviations for one block", MaxAbbrevs)
					return b
				}
				p.blockinfo[uint32(curBID)] = append(p.blockinfo[uint32(curBID)], a)
			} else {
				if len(inherited)+len(abbrevs) >= MaxAbbrevs {
					s.fail("more than %d abbreviations in one block", MaxAbbrevs)
					return b
				}
				abbrevs = append(abbrevs, a)
			}
			b.Abbrevs++
		default:
			rec := pending{Abbrev: uint32(code), Start: at}
			ops := p.scratch[:0]
			first := 0 // operands before this index are not stored (the code)
			if code == UnabbrevRecord {
				c := s.vbr(6)
				n := s.vbr(6)
				if s.err != nil {
					return b
				}
				if n > (s.end-s.pos)/6 || n > MaxRecordOps {
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
					s.fail("abbreviation id %d is not defined in block %s (%d defined)", code, p.name(b.ID), len(inherited)+len(abbrevs))
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
			if p.records >= p.maxRecs {
				s.fail("more than %d records in %d bytes (at most 16,384 and one per two bytes): the rest of the stream is not decoded", p.maxRecs, len(s.b))
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
			if b.ID == BlockInfoID && rec.Code == BlockInfoCodeSetBID {
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

func (p *parser) readAbbrev() abbrev {
	s := &p.s
	n := s.vbr(5)
	if n > MaxAbbrevOps || n > (s.end-s.pos) {
		s.fail("an abbreviation claims %d operands", n)
		return abbrev{}
	}
	a := abbrev{ops: make([]AbbrevOp, 0, n)}
	for i := uint64(0); i < n && s.err == nil; i++ {
		if s.read(1) == 1 {
			a.ops = append(a.ops, AbbrevOp{Literal, s.vbr(8)})
			continue
		}
		enc := Encoding(s.read(3))
		switch enc {
		case Fixed, VBR:
			w := s.vbr(5)
			if enc == Fixed && w > 64 {
				s.fail("a Fixed operand of width %d (at most 64)", w)
			}
			if enc == VBR && w > 32 {
				s.fail("a VBR operand of width %d (at most 32)", w)
			}
			if enc == VBR && w == 1 {
				s.fail("a VBR operand of width 1 cannot hold a value")
			}
			if w == 0 {
				// LLVM reads Fixed(0) and VBR(0) as the literal 0.
				a.ops = append(a.ops, AbbrevOp{Literal, 0})
				continue
			}
			a.ops = append(a.ops, AbbrevOp{enc, w})
		case Array, Char6, Blob:
			a.ops = append(a.ops, AbbrevOp{enc, 0})
		default:
			s.fail("unknown abbreviation operand encoding %d", enc)
		}
	}
	for i, op := range a.ops {
		switch op.Enc {
		case Array:
			if i != len(a.ops)-2 {
				s.fail("an Array operand must be the second to last of its abbreviation")
			} else if e := a.ops[i+1].Enc; e == Array || e == Blob {
				s.fail("an Array's element cannot be an Array or a Blob")
			}
		case Blob:
			if i != len(a.ops)-1 {
				s.fail("a Blob operand must be the last of its abbreviation")
			}
		}
	}
	return a
}

func (p *parser) scalar(op AbbrevOp) uint64 {
	switch op.Enc {
	case Literal:
		return op.Val
	case Fixed:
		return p.s.read(uint(op.Val))
	case VBR:
		return p.s.vbr(uint(op.Val))
	case Char6:
		return uint64(Char6Alphabet[p.s.read(6)])
	}
	p.s.fail("operand encoding %d is not a scalar", op.Enc)
	return 0
}

// Char6Alphabet is the characters a Char6 operand encodes, by value.
const Char6Alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._"

// elemBits is the fewest bits one element of the encoding takes.
func elemBits(op AbbrevOp) uint64 {
	switch op.Enc {
	case Fixed, VBR:
		return op.Val
	case Char6:
		return 6
	}
	return 0
}

func (p *parser) readAbbreviated(a abbrev, ops []uint64) ([]uint64, []byte) {
	s := &p.s
	var blob []byte
	for i := 0; i < len(a.ops) && s.err == nil; i++ {
		op := a.ops[i]
		switch op.Enc {
		case Array:
			n := s.vbr(6)
			elt := a.ops[i+1]
			eb := elemBits(elt)
			if s.err != nil {
				return ops, nil
			}
			if (eb > 0 && n > (s.end-s.pos)/eb) || (eb == 0 && n > maxZeroWidth) || n > MaxRecordOps {
				s.fail("an array claims %d elements, more than the block can hold", n)
				return ops, nil
			}
			for j := uint64(0); j < n && s.err == nil; j++ {
				ops = append(ops, p.scalar(elt))
			}
			return ops, blob
		case Blob:
			n := s.vbr(6)
			s.align32()
			if s.err != nil {
				return ops, nil
			}
			if n > (s.end-s.pos)/8 || n > maxBlobBytes {
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
