package decode

// ResourceDefinitions is the decoded FXC RDEF part. Stub: filled in by the RDEF work.
type ResourceDefinitions struct{}

func decodeResourceDefinitions(p *Part, r *reader) { r.raw("Data", r.len()) }
