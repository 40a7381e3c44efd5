package decode

// RuntimeData is the decoded RDAT part. Stub: filled in by the RDAT work.
type RuntimeData struct{}

// decodeRuntimeData reads an RDAT blob (the RDAT part, or the inflated PDBI payload).
func decodeRuntimeData(r *reader) *RuntimeData { r.raw("Data", r.len()); return nil }

func decodeRuntimeDataPart(p *Part, r *reader) { p.RuntimeData = decodeRuntimeData(r) }
