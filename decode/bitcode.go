package decode

// Module is what was read from the DXIL bitcode. Stub: filled in by the bitcode work.
type Module struct{}

// decodeModule reads LLVM bitcode from r (the bitcode of a DXIL or ILDB part).
func decodeModule(r *reader) *Module { r.raw("Bitcode", r.len()); return nil }
