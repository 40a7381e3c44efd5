package model

// What each edit means for the runtime, shown beside the edit controls
// (docs/edit.md, "What each edit means for the runtime", and docs/web.md
// say the same with their sources).

// removeLessons says what removing a part of that name changes.
var removeLessons = map[string]string{
	"STAT": "Reflection only: the runtime never reads STAT. DXC's ID3D12ShaderReflection reads it in preference to the DXIL part (whose names were stripped at compile time), so without it constant-buffer and resource names are gone; tools that build their bindings from reflection break, the shader runs the same.",
	"RDEF": "Reflection only: FXC's D3DReflect reads RDEF for constant buffers and bindings. The runtime does not; tools that build their bindings from reflection break.",
	"ILDB": "Debug information: PIX and RenderDoc lose source-level debugging unless they find the PDB ILDN names. The runtime does not read it.",
	"SDBG": "Debug information (FXC): no source-level debugging from the container. The runtime does not read it.",
	"SPDB": "The PDB FXC embeds with /Zi: no source-level debugging from the container. The runtime does not read it.",
	"ILDN": "The debug name: the PDB file a debugger looks for. The runtime does not read it.",
	"PRIV": "Private data: nothing but the tool that wrote it reads it.",
	"RTS0": "An application that creates its root signature from the shader's bytes (CreateRootSignature given the shader) gets none; one that supplies its own root signature is unaffected.",
	"DXIL": "The program: without it the runtime refuses the shader.",
	"PSV0": "Pipeline state validation: the runtime reads PSV0 to check the shader against the pipeline; without it the runtime refuses the shader (and LLVM cannot read PSV0 without DXIL).",
	"SFI0": "The features the shader needs: DXC's validator requires it; the runtime refuses a shader without it.",
	"ISG1": "The input signature: the runtime links stages by it; without it the runtime refuses the shader.",
	"OSG1": "The output signature: the runtime links stages by it; without it the runtime refuses the shader.",
	"PSG1": "The patch-constant signature: the runtime links stages by it; without it the runtime refuses the shader.",
	"ISGN": "The input signature: the runtime links stages by it; without it the runtime refuses the shader.",
	"OSGN": "The output signature: the runtime links stages by it; without it the runtime refuses the shader.",
	"SHEX": "The program: without it the runtime refuses the shader.",
	"SHDR": "The program: without it the runtime refuses the shader.",
	"HASH": "The shader's own hash (of its program), which tools and PIX use to name it; the container digest is separate.",
	"RDAT": "A library's runtime data (functions, resources, subobjects): the runtime cannot use a library without it.",
}

// RemoveLesson says what removing a part of that name means for the runtime.
func RemoveLesson(name string) string {
	if l, ok := removeLessons[name]; ok {
		return l
	}
	return "The runtime may or may not read this part: dxscope does not know; the edit is allowed, for experiments."
}

// Digest lessons: what each signature means when the runtime loads the shader.
const (
	LessonSign          = "The digest says the bytes are the ones signed, nothing more: signing does not validate the shader."
	LessonSignRetail    = "Retail: the checksum DXC's validator writes (ComputeHashRetail over bytes 20 to the end). The runtime verifies it and takes it as the validator's word that the shader is valid; it does not validate again."
	LessonSignBypass    = "BYPASS (sixteen 01 bytes): from Agility SDK 1.615 the runtime skips the digest check for released shader models, developer mode or not; older runtimes take it for a wrong digest and refuse the shader. The debug layer validates such shaders."
	LessonSignPreview   = "PREVIEW_BYPASS (sixteen 02 bytes): runs only in developer mode with the experimental shader models feature enabled (DXC writes it for preview shader models). An all-zero digest is refused by runtimes from 1.615."
	LessonKeepDigest    = "Each edit re-signs with the variant the file had (a retail file stays retail, a debug one debug); a bypass or unsigned digest stays as it was."
	LessonRootSigChange = "The runtime checks the root signature against every shader of a pipeline when it creates the pipeline state, as DXC's validator does: each binding the shader uses must lie in one range of its type and space, visible to the shader's stage; root descriptors hold only raw or structured buffers; no DENY_*_SHADER_ROOT_ACCESS flag may deny the stage. A mismatch fails pipeline creation."
	// LessonPipelineRootSig is what giving a compared pair's pipeline a root
	// signature of its own means (the compare view's linkage).
	LessonPipelineRootSig = "Give the root signature your application creates the pipeline with (HLSL, as in a [RootSignature(...)] attribute; the text starts as the one the first shader carries, else the next's, else dxscope's suggestion) to check the shaders as D3D12 does then; an empty text goes back to the shaders' own. `dxscope link FILES… --rootsig RS` checks the same."
	// LessonPipeline says what the pipeline view checks.
	LessonPipeline = "The shaders opened together, in the order a graphics pipeline runs them, checked as D3D12 checks them when it creates the pipeline state: one shader of each stage, each stage's outputs feeding the next one's inputs, and every binding in the root signature. `dxscope link` with the same files prints the same."
	// LessonSuggestedRootSig says where a root signature the page wrote for
	// shaders that carry none comes from, and what it leaves to the user.
	LessonSuggestedRootSig = "dxscope wrote this root signature from what the shaders bind (PSV0, RDEF or the program's declarations): every register is covered; one bound by one stage is visible to that stage only, one bound by several to all; a constant buffer of one register is a root CBV, the rest sit in descriptor tables, samplers apart. It sets no flags, root constants or static samplers: those are your application's to choose. `dxscope rootsig --suggest` writes the same."
)
