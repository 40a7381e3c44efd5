package decode

// ShaderBytecode is a decoded SM4/SM5 token stream (SHDR/SHEX). Stub: filled in by the disassembler work.
type ShaderBytecode struct{}

func decodeShaderBytecode(p *Part, r *reader) { r.raw("Data", r.len()) }
