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
