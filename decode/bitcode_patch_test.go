package decode

import "strings"

// vbrBits is how many bits a value takes as VBR with chunk width n.
func vbrBits(v uint64, n uint) uint64 {
	bits := uint64(n)
	for v >= 1<<(n-1) {
		v >>= n - 1
		bits += uint64(n)
	}
	return bits
}

// patchDataLayout rewrites DXIL's data layout in place so that LLVM 19 will
// read the module ("i8:32" → "i8:08", "i16:32" → "i16:16": DXIL aligns i8 and
// i16 to 32 bits, which LLVM 19 refuses). Only an unabbreviated DATALAYOUT
// record is patched: its characters are VBR6 and the replacements keep every
// operand's width. The copy is for the reference tool only.
func patchDataLayout(bc []byte) ([]byte, bool) {
	p := &bcParser{s: bitstream{b: bc, pos: 32, end: uint64(len(bc)) * 8}}
	top := p.parseStream()
	mod := findBlock(top, blockModule)
	if mod == nil {
		return nil, false
	}
	for _, rec := range mod.Records {
		if rec.Code != 3 || rec.Abbrev != bcUnabbrevRec {
			continue
		}
		dl := opsText(rec.Ops)
		nd := strings.Replace(dl, "i8:32", "i8:08", 1)
		nd = strings.Replace(nd, "i16:32", "i16:16", 1)
		if len(nd) != len(dl) {
			return nil, false
		}
		out := append([]byte(nil), bc...)
		pos := rec.Start + uint64(mod.AbbrevWidth) + vbrBits(uint64(rec.Code), 6) + vbrBits(uint64(len(rec.Ops)), 6)
		for i, o := range rec.Ops {
			w := vbrBits(o, 6)
			if nd[i] != dl[i] {
				if vbrBits(uint64(nd[i]), 6) != w {
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
