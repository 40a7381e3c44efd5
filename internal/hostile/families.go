package hostile

// Family is a hostile input that grows with k: Make(k) is its input at size
// k, and K a size the tests measure it at (the middle of the three sizes
// its own test takes, or as large again where a fixed part would hide the
// growth). Families lists every family, for sweeps that run one operation
// over all of them (the CLI's commands: cmd/dxscope
// TestEveryCommandOnEveryFamily).
type Family struct {
	Name string
	Make func(k int) []byte
	K    int
}

// Families are the families of this package, each at its K.
var Families = []Family{
	{"SharedMembersRDEF", func(k int) []byte { return SharedMembersRDEF(k, k) }, 2048},
	{"NestedTypesRDEF", func(k int) []byte { return NestedTypesRDEF(4, k) }, 128},
	{"SharedRanges", func(k int) []byte { return SharedRanges(k, k) }, 1024},
	{"RDATSharedRootSignature", func(k int) []byte { return RDATSharedRootSignature(k, k/4, k/4) }, 256},
	{"SharedFunctionType", func(k int) []byte { return SharedFunctionType(8*k, k) }, 1024},
	{"ZlibSRCI", func(k int) []byte { return ZlibSRCI(k << 20) }, 4},
	{"SharedModulePDB", func(k int) []byte { return SPDBShader(SharedModulePDB(k, k)) }, 512},
	{"SharedSourcePDB", func(k int) []byte { return SPDBShader(SharedSourcePDB(k, 8*k)) }, 1024},
	{"InlineSitesPDB", func(k int) []byte { return SPDBShader(InlineSitesPDB(k, k)) }, 1024},
	{"PieceNamesPDB", func(k int) []byte { return SPDBShader(PieceNamesPDB(k, k, 64)) }, 256},
	{"MSFManyStreams", func(k int) []byte { return SPDBShader(MSFManyStreams(k)) }, 32768},
	{"MSFSharedBlocks", func(k int) []byte { return SPDBShader(MSFSharedBlocks(k, k)) }, 256},
	{"SharedSourceSDBG", func(k int) []byte { return SharedSourceSDBG(k, 16*k) }, 1024},
	{"SharedNameDBUG", func(k int) []byte { return SharedNameDBUG(k, 4096) }, 1024},
	{"SharedEntryMetadata", func(k int) []byte { return SharedEntryMetadata(k, k, false) }, 1024},
	{"SharedEntryMetadataSame", func(k int) []byte { return SharedEntryMetadata(k, k, true) }, 2048},
	{"SignaturesBesideCode", SignaturesBesideCode, 256},
	{"ModulesBesideSignature", func(k int) []byte { return ModulesBesideSignature(k, k) }, 256},
	{"RDEFsBesideBindings", RDEFsBesideBindings, 256},
	{"ModulesAfterModule", ModulesAfterModule, 256},
	{"ModulesBesideSTAT", ModulesBesideSTAT, 256},
	{"ViewIDState", func(k int) []byte { return ViewIDState(k, 1024) }, 1024},
	{"RDATSharedResources", func(k int) []byte { return RDATSharedResources(k, k) }, 512},
	{"LibrarySharedResources", func(k int) []byte { return LibrarySharedResources(k, k) }, 512},
	{"LibraryEntries", func(k int) []byte { return LibraryEntries(k, k) }, 512},
	{"SharedTypeName", func(k int) []byte { return SharedTypeName(k, k) }, 1024},
	{"SharedEntryFunction", func(k int) []byte { return SharedEntryFunction(k, k) }, 1024},
	{"SharedProperties", func(k int) []byte { return SharedProperties(256, k) }, 256},
	{"TypedMetadata", func(k int) []byte { return TypedMetadata(k, 64) }, 256},
	{"NestedParts", func(k int) []byte { return NestedParts(k, 16*k) }, 512},
	{"OverlappingParts", func(k int) []byte { return OverlappingParts(k, 16*k) }, 512},
	{"PartsAtOneOffset", PartsAtOneOffset, 4096},
	{"OffsetsAtOneSHEX", func(k int) []byte { return OffsetsAtOnePart(Part{"SHEX", MovProgram(k)}, k) }, 1024},
	{"SharedDefaultsRDEF", func(k int) []byte { return SharedDefaultsRDEF(k, 40*k) }, 256},
	{"SharedIndices", func(k int) []byte { return dxilContainer(SharedIndicesBitcode(k, k)) }, 1024},
	{"SharedArguments", func(k int) []byte { return SharedArguments(k, k) }, 256},
	{"TypeScan", func(k int) []byte { return TypeScan(8*k, k) }, 2048},
	{"AttributeList", func(k int) []byte { return AttributeList(k, k) }, 1024},
	{"AllocaBodies", func(k int) []byte { return AllocaBodies(k, k, 0) }, 256},
	{"ZlibPDBI", func(k int) []byte { return ZlibPDBI(k << 15) }, 1},
	{"ZlibPartsSRCI", ZlibPartsSRCI, 32},
	{"ZlibPartsPDBI", ZlibPartsPDBI, 32},
	{"SharedResourceName", func(k int) []byte { return dxilContainer(SharedResourceNameBitcode(k, k)) }, 1024},
	{"StringConstant", func(k int) []byte { return dxilContainer(StringConstantBitcode(1, k)) }, 4096},
	{"LongName", func(k int) []byte { return dxilContainer(LongNameBitcode(k, k)) }, 1024},
	{"MDString", func(k int) []byte { return dxilContainer(MDStringBitcode(k, k)) }, 1024},
	{"UncoveredBindingsRDEF", UncoveredBindingsRDEF, 2048},
	{"OtherStreamRows", OtherStreamRows, 64},
	{"DamagedParts", DamagedParts, 2048},
	{"PatchSignaturesAlone", PatchSignaturesAlone, 2048},
	{"PSVsBeforeProgram", PSVsBeforeProgram, 256},
	{"SourceLines", func(k int) []byte { return SourceLines(k, k, 16) }, 1024},
	{"LongFileName", func(k int) []byte { return dxilContainer(LongFileNameBitcode(k, k)) }, 1024},
	{"SameNamedSources", func(k int) []byte { return dxilContainer(SameNamedSourcesBitcode(k)) }, 1024},
	{"SharedSourceContents", func(k int) []byte { return SharedSourceContents(k, 16*k) }, 512},
	{"ShaderMessageSHEX", ShaderMessageSHEX, 1024},
	{"NestedStructsDXIL", func(k int) []byte { return NestedStructsDXIL(4, k, false) }, 64},
	{"NestedStructsDXILSelf", func(k int) []byte { return NestedStructsDXIL(4, k, true) }, 64},
	{"FieldAnnotations", func(k int) []byte { return FieldAnnotations(k, k, 4) }, 256},
	{"DebugValues", func(k int) []byte { return dxilContainer(DebugValuesBitcode(k)) }, 2048},
	{"DebugValuesOfOne", func(k int) []byte { return dxilContainer(DebugValuesOfOneBitcode(k, k)) }, 1024},
	{"ManyElementsISGN", ManyElementsISGN, 2048},
	{"LongNamePSV", LongNamePSV, 1 << 18},
	{"ManyNamesRDEF", func(k int) []byte { return ManyNamesRDEF(k, 64*k) }, 2048},
	{"RDAT", func(k int) []byte { return RDAT(k << 10) }, 128},
	{"SharedPartContainer", func(k int) []byte { return SharedPartContainer(k, 4096) }, 4096},
}
