package decode

import (
	"fmt"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/pdb"
)

// SPDB is FXC's debug information (/Zi): a whole PDB, an MSF 7.00 file,
// inside the part. decode/pdb reads it; its spans are offsets in the file.
func init() {
	RegisterPart(PartKind{Name: "SPDB", Title: "shader PDB",
		About: "FXC's debug information (/Zi): a program database (an MSF 7.00 multi-stream file) with the HLSL source files, " +
			"line tables mapping each instruction to its source line, the functions inlined into it and where each variable lives; " +
			"LLVM's PDB documentation describes the container and streams, Microsoft's cvinfo.h the HLSL records.",
		Unique: true, KnownLayout: true, Key: "PDB", Decode: partOnly(decodeSPDB), Summary: spdbSummary})
}

func decodeSPDB(p *Part, r *binread.Reader) {
	p.PDB = pdb.Decode(r)
}

func spdbSummary(p *Part) string {
	d := p.PDB
	if d == nil || d.Directory == nil {
		return "program database (MSF 7.00), unreadable"
	}
	s := fmt.Sprintf("program database: %d streams", len(d.Directory.Streams))
	if n := len(d.Sources); n > 0 {
		s += fmt.Sprintf(", %d source files", n)
	}
	if n := len(d.Modules); n > 0 {
		s += fmt.Sprintf(", %d modules", n)
	}
	return s
}
