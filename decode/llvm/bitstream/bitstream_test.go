package bitstream

import (
	"encoding/binary"
	"reflect"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/hostile"
)

// bitWriter is internal/hostile's bitstream writer, written from the
// BitCodeFormat document rather than from the reader; the functions below add
// the operand kinds only these tests need.
type bitWriter = hostile.Bits

// defineAbbrev writes DEFINE_ABBREV; ops use the reader's AbbrevOp for brevity.
func defineAbbrev(w *bitWriter, width uint, ops ...AbbrevOp) {
	w.Emit(DefineAbbrev, width)
	w.VBR(uint64(len(ops)), 5)
	for _, o := range ops {
		if o.Enc == Literal {
			w.Emit(1, 1)
			w.VBR(o.Val, 8)
			continue
		}
		w.Emit(0, 1)
		w.Emit(uint64(o.Enc), 3)
		if o.Enc == Fixed || o.Enc == VBR {
			w.VBR(o.Val, 5)
		}
	}
}

const char6Test = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._"

// abbreviated writes a record through abbreviation id with the given ops
// layout: scalars in order, an array takes all remaining values, a blob
// takes blob.
func abbreviated(w *bitWriter, width uint, id uint64, ops []AbbrevOp, vals []uint64, blob []byte) {
	w.Emit(id, width)
	scalar := func(o AbbrevOp, v uint64) {
		switch o.Enc {
		case Fixed:
			w.Emit(v, uint(o.Val))
		case VBR:
			w.VBR(v, uint(o.Val))
		case Char6:
			w.Emit(uint64(strings.IndexByte(char6Test, byte(v))), 6)
		}
	}
	k := 0
	for i := 0; i < len(ops); i++ {
		o := ops[i]
		switch o.Enc {
		case Literal:
			k++ // the value is implied
		case Array:
			rest := vals[k:]
			w.VBR(uint64(len(rest)), 6)
			for _, v := range rest {
				scalar(ops[i+1], v)
			}
			return
		case Blob:
			w.VBR(uint64(len(blob)), 6)
			w.Align32()
			for _, c := range blob {
				w.Emit(uint64(c), 8)
			}
			w.Align32()
		default:
			scalar(o, vals[k])
			k++
		}
	}
}

func bcMagic() *bitWriter { return hostile.NewBitcode() }

func parseBits(t testing.TB, b []byte) ([]*Block, error) {
	t.Helper()
	s := Parse(b, nil)
	if s.Err != nil {
		return s.Blocks, s.Err
	}
	return s.Blocks, nil
}

// TestBitstreamAbbreviationOperands writes one record per operand kind through
// an abbreviation and reads it back.
func TestBitstreamAbbreviationOperands(t *testing.T) {
	lit := func(v uint64) AbbrevOp { return AbbrevOp{Literal, v} }
	fixed := func(n uint64) AbbrevOp { return AbbrevOp{Fixed, n} }
	vbr := func(n uint64) AbbrevOp { return AbbrevOp{VBR, n} }
	array := AbbrevOp{Array, 0}
	char6 := AbbrevOp{Char6, 0}
	blob := AbbrevOp{Blob, 0}
	tests := []struct {
		name     string
		ops      []AbbrevOp
		vals     []uint64 // code first
		blob     []byte
		wantCode uint32
		wantOps  []uint64
	}{
		{"literal code and fixed", []AbbrevOp{lit(7), fixed(3), fixed(64)}, []uint64{7, 5, 1<<63 | 12345}, nil, 7, []uint64{5, 1<<63 | 12345}},
		{"fixed 1 bit", []AbbrevOp{lit(2), fixed(1), fixed(1)}, []uint64{2, 1, 0}, nil, 2, []uint64{1, 0}},
		{"vbr small and large", []AbbrevOp{fixed(4), vbr(6), vbr(8), vbr(32)}, []uint64{9, 31, 1000000, 1<<64 - 1}, nil, 9, []uint64{31, 1000000, 1<<64 - 1}},
		{"array of fixed 8", []AbbrevOp{lit(3), array, fixed(8)}, []uint64{3, 'd', 'x', 'i', 'l'}, nil, 3, []uint64{'d', 'x', 'i', 'l'}},
		{"array of vbr6", []AbbrevOp{lit(3), array, vbr(6)}, []uint64{3, 1, 70, 5000}, nil, 3, []uint64{1, 70, 5000}},
		{"empty array", []AbbrevOp{lit(3), array, vbr(6)}, []uint64{3}, nil, 3, nil},
		{"array of char6", []AbbrevOp{lit(19), array, char6}, append([]uint64{19}, hostile.Chars("dx.types.Handle_9")...), nil, 19, hostile.Chars("dx.types.Handle_9")},
		{"blob", []AbbrevOp{lit(1), vbr(6), blob}, []uint64{1, 42}, []byte("hello, blob"), 1, []uint64{42}},
		{"empty blob", []AbbrevOp{lit(1), blob}, []uint64{1}, []byte{}, 1, nil},
		{"literal operand after code", []AbbrevOp{fixed(5), lit(99), vbr(4)}, []uint64{4, 99, 3}, nil, 4, []uint64{99, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := bcMagic()
			at := w.Enter(2, 8, 4)
			defineAbbrev(w, 4, tc.ops...)
			abbreviated(w, 4, 4, tc.ops, tc.vals, tc.blob)
			w.Unabbrev(4, 77, 1, 2, 3) // a record after it must still line up
			w.Exit(4, at)
			top, err := parseBits(t, w.B)
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			if len(top) != 1 || len(top[0].Records) != 2 {
				t.Fatalf("got %d blocks, want 1 with 2 records", len(top))
			}
			r := top[0].Records[0]
			if r.Code != tc.wantCode || !reflect.DeepEqual(r.Ops, tc.wantOps) {
				t.Errorf("record = code %d ops %v, want code %d ops %v", r.Code, r.Ops, tc.wantCode, tc.wantOps)
			}
			if tc.blob != nil && string(r.Blob) != string(tc.blob) {
				t.Errorf("blob = %q, want %q", r.Blob, tc.blob)
			}
			if r.Abbrev != 4 {
				t.Errorf("abbrev id = %d, want 4", r.Abbrev)
			}
			if n := top[0].Records[1]; n.Code != 77 || !reflect.DeepEqual(n.Ops, []uint64{1, 2, 3}) {
				t.Errorf("next record = %d %v, want 77 [1 2 3]", n.Code, n.Ops)
			}
			if !top[0].Closed || top[0].End != uint64(len(w.B))*8 {
				t.Errorf("block closed %v at bit %d, want closed at %d", top[0].Closed, top[0].End, len(w.B)*8)
			}
		})
	}
}

// TestBitstreamBlockInfoAbbreviations: abbreviations BLOCKINFO defines for a
// block id come first (ids 4, 5, ...) in every block of that id, before the
// block's own.
func TestBitstreamBlockInfoAbbreviations(t *testing.T) {
	w := bcMagic()
	mod := w.Enter(2, 8, 3)
	bi := w.Enter(3, 0, 2)
	w.Unabbrev(2, 1, 11) // SETBID 11 (CONSTANTS_BLOCK)
	defineAbbrev(w, 2, AbbrevOp{Literal, 4}, AbbrevOp{VBR, 8})
	defineAbbrev(w, 2, AbbrevOp{Literal, 1}, AbbrevOp{Fixed, 5})
	w.Unabbrev(2, 2, 'c', 's', 't') // BLOCKNAME: a record, not an abbreviation
	w.Exit(2, bi)
	c := w.Enter(3, 11, 4)
	defineAbbrev(w, 4, AbbrevOp{Literal, 20}, AbbrevOp{Fixed, 2}) // id 6
	abbreviated(w, 4, 4, []AbbrevOp{{Literal, 4}, {VBR, 8}}, []uint64{4, 300}, nil)
	abbreviated(w, 4, 5, []AbbrevOp{{Literal, 1}, {Fixed, 5}}, []uint64{1, 17}, nil)
	abbreviated(w, 4, 6, []AbbrevOp{{Literal, 20}, {Fixed, 2}}, []uint64{20, 3}, nil)
	w.Exit(4, c)
	w.Exit(3, mod)
	top, err := parseBits(t, w.B)
	if err != nil {
		t.Fatal(err)
	}
	m := top[0]
	if len(m.Blocks) != 2 || m.Blocks[0].ID != 0 || m.Blocks[1].ID != 11 {
		t.Fatalf("blocks = %+v", m.Blocks)
	}
	if got := m.Blocks[0]; len(got.Records) != 2 || got.Abbrevs != 2 {
		t.Errorf("BLOCKINFO: %d records %d abbrevs, want 2 and 2", len(got.Records), got.Abbrevs)
	}
	cst := m.Blocks[1]
	want := []struct {
		code uint32
		op   uint64
	}{{4, 300}, {1, 17}, {20, 3}}
	if len(cst.Records) != 3 {
		t.Fatalf("%d records, want 3", len(cst.Records))
	}
	for i, wr := range want {
		r := cst.Records[i]
		if r.Code != wr.code || len(r.Ops) != 1 || r.Ops[0] != wr.op {
			t.Errorf("record %d = %d %v, want %d [%d]", i, r.Code, r.Ops, wr.code, wr.op)
		}
	}
	if cst.Abbrevs != 1 {
		t.Errorf("constants block defines %d abbreviations itself, want 1", cst.Abbrevs)
	}
}

// TestBitstreamRejectsBadInput: each malformed stream stops with an error
// instead of reading garbage.
func TestBitstreamRejectsBadInput(t *testing.T) {
	// inBlock writes body inside one block (id 8, abbreviation width 3):
	// the frame most of the malformed streams need.
	inBlock := func(body func(w *bitWriter)) func(w *bitWriter) {
		return func(w *bitWriter) {
			at := w.Enter(2, 8, 3)
			body(w)
			w.Exit(3, at)
		}
	}
	tests := []struct {
		name  string
		build func(w *bitWriter)
		want  string
	}{
		{"fixed wider than 64", inBlock(func(w *bitWriter) {
			defineAbbrev(w, 3, AbbrevOp{Fixed, 65})
		}), "Fixed operand of width 65"},
		{"vbr wider than 32", inBlock(func(w *bitWriter) {
			defineAbbrev(w, 3, AbbrevOp{VBR, 33})
		}), "VBR operand of width 33"},
		{"undefined abbreviation", inBlock(func(w *bitWriter) {
			w.Emit(5, 3)
		}), "abbreviation id 5 is not defined"},
		{"array longer than the block", inBlock(func(w *bitWriter) {
			defineAbbrev(w, 3, AbbrevOp{Literal, 1}, AbbrevOp{Array, 0}, AbbrevOp{Fixed, 8})
			w.Emit(4, 3)
			w.VBR(1000000, 6)
		}), "array claims 1000000 elements"},
		{"blob longer than the block", inBlock(func(w *bitWriter) {
			defineAbbrev(w, 3, AbbrevOp{Literal, 1}, AbbrevOp{Blob, 0})
			w.Emit(4, 3)
			w.VBR(4096, 6)
		}), "blob claims 4096 bytes"},
		{"array not second to last", inBlock(func(w *bitWriter) {
			defineAbbrev(w, 3, AbbrevOp{Array, 0}, AbbrevOp{Fixed, 8}, AbbrevOp{Fixed, 8})
		}), "Array operand must be the second to last"},
		{"block length past the end", func(w *bitWriter) {
			at := w.Enter(2, 8, 3)
			w.Exit(3, at)
			binary.LittleEndian.PutUint32(w.B[at:], 1000)
		}, "claims 1000 words"},
		{"unabbreviated record with too many operands", inBlock(func(w *bitWriter) {
			w.Emit(UnabbrevRecord, 3)
			w.VBR(1, 6)
			w.VBR(1<<30, 6)
		}), "claims 1073741824 operands"},
		{"abbreviation width 1", func(w *bitWriter) {
			at := w.Enter(2, 8, 1)
			w.Exit(1, at)
		}, "abbreviation width 1"},
		{"deep nesting", func(w *bitWriter) {
			ats := []int{w.Enter(2, 8, 3)}
			for i := 0; i < 40; i++ {
				ats = append(ats, w.Enter(3, 8, 3))
			}
			for i := len(ats) - 1; i >= 0; i-- {
				w.Exit(3, ats[i])
			}
		}, "nest deeper than 32"},
		{"define abbrev in blockinfo before setbid", func(w *bitWriter) {
			at := w.Enter(2, 0, 2)
			defineAbbrev(w, 2, AbbrevOp{Fixed, 3})
			w.Exit(2, at)
		}, "before any SETBID"},
		{"literal-only records", inBlock(func(w *bitWriter) {
			lits := make([]AbbrevOp, 200)
			for i := range lits {
				lits[i] = AbbrevOp{Literal, 1}
			}
			defineAbbrev(w, 3, lits...)
			for i := 0; i < 4000; i++ {
				w.Emit(4, 3) // 3 bits, 199 operands each
			}
		}), "more operands than the stream has bits"},
		{"endless vbr", inBlock(func(w *bitWriter) {
			w.Emit(UnabbrevRecord, 3)
			for i := 0; i < 30; i++ {
				w.Emit(0x3f, 6)
			}
		}), "runs past 64 bits"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := bcMagic()
			tc.build(w)
			_, err := parseBits(t, w.B)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestVBRChunks: 27 = 0b11011 as VBR3 is three chunks of two value bits,
// least significant first, each with the continuation bit on top: 111, 110,
// 001. Stream bits fill each byte from bit 0, so byte 0 is 0b01_110_111.
func TestVBRChunks(t *testing.T) {
	s := reader{b: []byte{0b01_110_111, 0}, end: 16}
	if v := s.vbr(3); v != 27 || s.pos != 9 {
		t.Errorf("vbr3 = %d after %d bits, want 27 after 9", v, s.pos)
	}
}
