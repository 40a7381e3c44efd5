package decode

// RootSignature is a decoded RTS0 root signature. Stub: filled in by the RTS0 work.
type RootSignature struct{}

// decodeRootSignature reads a serialized root signature from r (an RTS0 part,
// or the bytes of an RDAT root-signature subobject).
func decodeRootSignature(r *reader) *RootSignature { r.raw("Data", r.len()); return nil }

func decodeRootSignaturePart(p *Part, r *reader) { p.RootSignature = decodeRootSignature(r) }
