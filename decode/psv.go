package decode

// PSVInfo is the decoded PSV0 part (pipeline state validation). Stub: filled in by the PSV0 work.
type PSVInfo struct{}

func decodePSV0(f *File, p *Part, r *reader) { r.raw("Data", r.len()) }
