package decode

import "github.com/dxscope/dxscope/decode/llvm/ir"

// PartIR decodes the bitcode of a DXIL, ILDB or DXIL-style STAT part
// completely (for disassembly), or returns nil when the part has no bitcode.
// The part's Module, its summary, comes from the same reader at Parse.
func PartIR(p *Part) *ir.Module {
	if p == nil || p.Program == nil || len(p.Program.DXIL) == 0 {
		return nil
	}
	base := p.DataOffset + 8 + int64(p.Program.DXILOffset)
	return ir.Decode(p.Program.DXIL, base, p.Name)
}

// StatIR is the IR of f's STAT part (DXC's reflection copy of the module:
// the disassembly header of every DXIL part reads its buffer definitions
// from it), decoded on first use and kept with the file, so that a file of
// thousands of DXIL parts beside a large STAT decodes it once, not once per
// header. nil when f has no STAT module. The IR is only read by its users.
func (f *File) StatIR() *ir.Module {
	f.statOnce.Do(func() {
		if st := f.Part("STAT"); st != nil && st.Module != nil {
			f.statIR = PartIR(st)
		}
	})
	return f.statIR
}
