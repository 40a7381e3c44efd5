package ir

import (
	"strings"

	"github.com/dxscope/dxscope/decode/llvm/bitstream"
)

// ForLLVM19 returns a copy of DXIL bitcode whose data layout modern LLVM
// tools accept (they refuse DXIL's "i8:32" and "i16:32": "Invalid ABI
// alignment, i8 must be naturally aligned"), rewriting those characters in
// place. It reports false when the layout cannot be rewritten without
// changing the bitstream's size. The reference tests use it to hand
// llvm-dis-19 and llvm-bcanalyzer-19 the bitcode the decoders read.
func ForLLVM19(bc []byte) ([]byte, bool) {
	var mod *Block
	for _, b := range bitstream.Parse(bc, nil).Blocks {
		if b.ID == ModuleBlockID {
			mod = b
			break
		}
	}
	if mod == nil {
		return nil, false
	}
	for _, rec := range mod.Records {
		if rec.Code != ModuleCodeDataLayout || rec.Abbrev != bitstream.UnabbrevRecord {
			continue
		}
		dl := opsText(rec.Ops)
		nd := strings.Replace(dl, "i8:32", "i8:08", 1)
		nd = strings.Replace(nd, "i16:32", "i16:16", 1)
		if len(nd) != len(dl) || len(dl) != len(rec.Ops) {
			return nil, false
		}
		out := append([]byte(nil), bc...)
		pos := rec.Start + uint64(mod.AbbrevWidth) + vbrWidth(uint64(rec.Code), 6) + vbrWidth(uint64(len(rec.Ops)), 6)
		for i, o := range rec.Ops {
			w := vbrWidth(o, 6)
			if nd[i] != dl[i] {
				if vbrWidth(uint64(nd[i]), 6) != w {
					return nil, false
				}
				putVBR(out, pos, uint64(nd[i]), 6)
			}
			pos += w
		}
		return out, true
	}
	return nil, false
}

func vbrWidth(v uint64, n uint) uint64 {
	bits := uint64(n)
	for v >= 1<<(n-1) {
		v >>= n - 1
		bits += uint64(n)
	}
	return bits
}

func putVBR(b []byte, pos, v uint64, n uint) {
	hi := uint64(1) << (n - 1)
	for {
		c := v & (hi - 1)
		v >>= n - 1
		if v != 0 {
			c |= hi
		}
		for k := uint(0); k < n; k++ {
			bit := pos + uint64(k)
			if c>>k&1 != 0 {
				b[bit>>3] |= 1 << (bit & 7)
			} else {
				b[bit>>3] &^= 1 << (bit & 7)
			}
		}
		pos += uint64(n)
		if v == 0 {
			return
		}
	}
}
