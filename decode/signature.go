package decode

// Signature is a decoded I/O signature part. Stub: filled in by the signature work.
type Signature struct{}

func decodeSignature(p *Part, r *reader) { r.raw("Data", r.len()) }
