package decode

// Parts whose layout no public document gives: they are described for people
// and shown raw.
func init() {
	RegisterPart(PartKind{Name: "PRIV", Title: "private data", About: "Arbitrary bytes added by a tool (dxc -setprivate writes them); neither compiler nor the runtime interprets them. Must be the last part.", Unique: true})
	RegisterPart(PartKind{Name: "DXBC", Title: "DXBC bytecode", About: "A nested DXBC token stream, as listed by the DXContainer document."})
	RegisterPart(PartKind{Name: "XNAS", Title: "Xbox shader data", About: "Platform-specific shader data written by Xbox toolchains; undocumented."})
	RegisterPart(PartKind{Name: "XNAP", Title: "Xbox shader data", About: "Platform-specific shader data written by Xbox toolchains; undocumented."})
	RegisterPart(PartKind{Name: "FX10", Title: "effect", About: "A Direct3D 10/11 effect (fx_4/fx_5) binary."})
	RegisterPart(PartKind{Name: "CXIL", Title: "unknown", About: "A part name seen in LLVM tests only."})
}
