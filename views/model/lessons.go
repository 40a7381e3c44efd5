package model

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// The teaching text: one lesson per field of the format, found by the
// field's path (see Teach). Written from the LLVM DXContainer document, HLSL
// proposals 0012 and 0028, the D3D11/D3D12 headers' structures as DXC, FXC
// and the runtime use them, and the project's constants reference
// (the shared reference's constants.md); LessonSource names the document of
// each family.

// lessons is the one table of teaching text, most specific patterns first.
var lessons = concat(tokenLessons, statLessons, bitcodeLessons, baseLessons, rootSignatureLessons(), moreLessons, pdbLessons, sdbgLessons)

var baseLessons = []Lesson{
	// Container header.
	{"Header", "Container header", "The fixed 32-byte header every DirectX container starts with, followed by the part offset table.", "Readers check the magic, the version (1.0) and that FileSize and the offset table fit in the file."},
	{"Header/Magic", "Magic", "The four bytes 'DXBC' that mark a DirectX shader container, for DXBC (FXC) and DXIL (DXC) shaders alike.", "Anything else is not a container; dxscope then scans the file for containers inside it."},
	{"Header/Hash", "Container digest", "A 16-byte checksum of the container, checked by the D3D runtime before it accepts the shader.", "It covers the bytes from offset 20 (the version) to FileSize. The algorithm is MD5's rounds with a different final block: the bit count goes first in the last block and (byteCount<<1)|1 last. All zero means unsigned; sixteen 0x02 bytes is DXC's preview-model bypass."},
	{"Header/Version", "Container version", "The container format version, major then minor (two 16-bit values).", "Every known writer uses 1.0; DXC rejects a major version other than 1."},
	{"Header/Version/Major", "Major version", "The container format's major version.", "Must be 1."},
	{"Header/Version/Minor", "Minor version", "The container format's minor version.", "0 in every known file."},
	{"Header/FileSize", "FileSize", "The size of the whole container in bytes, header included (ContainerSizeInBytes).", "DXC requires it to equal the end of the last part exactly and to be at most 0x80000000; bytes after it are not part of the container."},
	{"Header/PartCount", "PartCount", "How many parts the container has; the offset table that follows has this many 32-bit entries.", "32 + 4 × PartCount must fit within FileSize."},
	{"Header/PartOffsets", "Part offset table", "One 32-bit absolute file offset per part, pointing at that part's 8-byte header.", "DXC expects parts contiguous and in table order; LLVM only requires increasing offsets."},
	{"Header/PartOffsets[]", "Part offset", "The absolute offset of one part header in the file.", "It must leave room for the 8-byte part header before FileSize."},
	{"Digest/Status", "Digest status", "Whether the stored digest matches the checksum dxscope computed: valid (the retail checksum), debug (the debug variant, which the runtime accepts only with the debug layer on), bypass (sixteen 0x01 bytes: BYPASS, loaded unvalidated by runtimes from Agility SDK 1.615 for released shader models), preview-bypass (sixteen 0x02 bytes: PREVIEW_BYPASS, loaded only in developer mode with experimental shader models), unsigned (all zero: since Agility SDK 1.615 the runtime refuses it, except for legacy preview shaders) or mismatch (changed after signing).", ""},
	{"Digest/Computed", "Computed digest", "The container checksum computed over bytes 20..FileSize, to compare with the stored one.", ""},
	{"Gap", "Bytes in no part", "Bytes between the header, the offset table and the parts that no part claims.", "DXC writes parts back to back; a gap means the file was built or edited by another tool."},
	{"Trailing", "Bytes after FileSize", "Bytes after the size the header declares; they are not part of the container.", ""},

	// Part header.
	{"PartHeader", "Part header", "Eight bytes before every part's data: its four-character name and its size.", "The data follows immediately; since validator 1.7 DXC pads every part except PRIV to a multiple of 4 bytes."},
	{"Name", "Part name (FourCC)", "Four ASCII characters naming what the part holds, e.g. DXIL, PSV0, ISG1.", "Parts with unknown names are kept raw. DXIL, SFI0, HASH, PSV0, RTS0, ILDB, ILDN, PRIV, VERS and SRCI may appear only once."},
	{"Size", "Part size", "The number of data bytes after this 8-byte header.", "The part must end within FileSize."},
	{"Unknown", "Unclaimed bytes", "Bytes of the part that no decoded field covers.", "Shown so nothing is skipped silently: padding, data from a newer format version, or damage."},
	{"*/**/*Padding", "Padding", "Zero bytes that round a structure up to an alignment.", ""},
	{"Data", "Raw data", "The part's bytes, kept raw because dxscope does not decode this part (yet) or could not.", ""},

	// HASH, SFI0.
	{"Hash/Flags", "Shader hash flags", "Bit 0 (IncludesSource) says the hash was computed over the source too (compiled with -Zss).", "Other bits are undefined."},
	{"Hash/Digest", "Shader hash", "An MD5 identifying the shader for tools such as PIX and for driver caches; unlike the container digest it is plain MD5.", ""},
	{"Flags", "Shader feature flags", "A 64-bit set of optional device features the shader needs (doubles, wave operations, 64-bit atomics, ...).", "Bits 0–33 are required features; bit 33, LinearAlgebra (SM 6.10's matrix operations), is experimental: DXC sets it from September 2026 and only preview runtimes know it. Bits 40 and 41 (uses derivatives, requires group) are informational and the runtime ignores them. Bits 34–39 are not defined by any compiler source yet: a set one is shown as BitN."},

	// Program header (DXIL, ILDB, STAT).
	{"Program", "Program header", "24 bytes before the DXIL bitcode: stage and shader model, size, the 'DXIL' magic, DXIL version, and where the bitcode is.", "The bitcode starts at 8 + BitcodeOffset from the start of the part and must fit in it."},
	{"Program/ShaderKind", "Shader kind", "The stage, from the program version word (ShaderKind << 16) | (Major << 4) | Minor.", "ShaderKind: 0 Pixel, 1 Vertex, 2 Geometry, 3 Hull, 4 Domain, 5 Compute, 6 Library, 7–12 ray tracing, 13 Mesh, 14 Amplification, 15 Node."},
	{"Program/MajorVersion", "Shader model major", "The shader model's major number (6 in vs_6_0), from the program version word.", ""},
	{"Program/MinorVersion", "Shader model minor", "The shader model's minor number (0 in vs_6_0), from the program version word.", ""},
	{"Program/DXILMinorVersion", "DXIL minor version", "The DXIL version's minor number: 8 for DXIL 1.8.", ""},
	{"Program/Size", "Program size", "The size of the program, header included, in 32-bit words.", "Times four it must not exceed the part size."},
	{"Program/DxilMagic", "DXIL magic", "The four bytes 'DXIL' that open the bitcode header.", ""},
	{"Program/DXILMajorVersion", "DXIL major version", "The DXIL version's major number, from the word (Major << 8) | Minor: 1 for DXIL 1.8.", ""},
	{"Program/DXILOffset", "Bitcode offset", "Where the LLVM bitcode starts, counted from the 'DXIL' magic (normally 16).", ""},
	{"Program/DXILSize", "Bitcode size", "The size of the LLVM bitcode in bytes.", ""},
	{"*/Bitcode", "LLVM bitcode", "The shader as an LLVM 3.7 bitcode module; it starts with 'BC' 0xC0DE.", ""},

	// Signatures.
	{"Signature/ParamCount", "Element count", "How many signature elements follow.", ""},
	{"Signature/ParamOffset", "Element offset", "Where the first element starts, from the start of the part data (8 in every known file).", ""},
	{"Signature/Parameters[]/NameOffset", "Semantic name offset", "An offset to the element's NUL-terminated semantic name (POSITION, SV_Target, ...), from the start of the part data.", "System values start with SV_."},
	{"Signature/Parameters[]/Index", "Semantic index", "The number after the semantic name: TEXCOORD3 has index 3.", ""},
	{"Signature/Parameters[]/SystemValue", "System value", "Which system value (D3D_NAME) the element is: 0 none, 1 position, 64 target, 65 depth, ...", "FXC writes 0 for SV_Target, SV_Depth and SV_Coverage outputs."},
	{"Signature/Parameters[]/CompType", "Component type", "The data type of each component: 1 uint, 2 int, 3 float, and 16/64-bit variants.", ""},
	{"Signature/Parameters[]/Register", "Register", "The register the element lives in (v#/o#).", "0xFFFFFFFF means no register: depth, coverage, stencil and similar outputs."},
	{"Signature/Parameters[]/Mask", "Component mask", "Which of x, y, z, w the element occupies: x=1, y=2, z=4, w=8.", ""},
	{"Signature/Parameters[]/ExclusiveMask", "Used mask", "For inputs, the components the shader always reads; for outputs, the components it never writes.", "dumpbin's 'Used' column shows the read mask for inputs and the complement of the never-writes mask for outputs."},
	{"Signature/Parameters[]/MinPrecision", "Minimum precision", "The precision the element may be computed at: 0 default, 1 16-bit float, 2 10-bit float, 4 16-bit int, 5 16-bit uint.", ""},
	{"Signature/Parameters[]/Stream", "Stream", "The geometry-shader output stream (0–3) the element belongs to.", ""},

	// PSV0.
	{"PSVInfo", "Pipeline state validation", "What the D3D12 runtime checks when it creates a pipeline: stage info, resources, signature elements, ViewID masks and input-to-output dependencies.", "The first word is the size of PSVRuntimeInfo, and the size says the version: 24 bytes is v0, 36 v1, 48 v2, 52 v3, 56 v4. Readers must accept a larger size and read the prefix they know."},
	{"PSVInfo/**/ShaderStage", "Shader stage", "The stage as DXIL::ShaderKind: 0 Pixel, 1 Vertex, 2 Geometry, 3 Hull, 4 Domain, 5 Compute, 13 Mesh, 14 Amplification.", "Present from PSV v1."},
	{"PSVInfo/**/MinimumWaveLaneCount", "Minimum wave lanes", "The smallest wave size the shader works with (0: no requirement).", ""},
	{"PSVInfo/**/MaximumWaveLaneCount", "Maximum wave lanes", "The largest wave size the shader works with (0xFFFFFFFF: no requirement).", "When minimum equals maximum the shader was compiled with [WaveSize(N)]."},
	{"PSVInfo/**/UsesViewID", "Uses ViewID", "Whether the shader reads SV_ViewID (view instancing); then per-output ViewID masks follow the elements.", ""},
	{"PSVInfo/**/SigInputVectors", "Input vectors", "How many 4-component input rows the signature packs into.", "The input-to-output table has one row per input component: 4 × SigInputVectors rows."},
	{"PSVInfo/**/SigOutputVectors", "Output vectors", "How many 4-component output rows each of the four streams uses.", "Masks over outputs take (vectors + 7) / 8 words: one bit per component."},
	{"PSVInfo/**/NumThreads*", "Thread group size", "The [numthreads(x, y, z)] of a compute, mesh or amplification shader.", "Present from PSV v2."},
	{"PSVInfo/**/NumBytesGroupSharedMemory", "Groupshared memory size", "PSV v4: the groupshared memory the compute, mesh or amplification shader's thread group uses, in bytes, for the runtime to check against the device's limit (HLSL proposal 0049, variable groupshared memory).", "Experimental: DXC writes PSV v4 only for validator 1.10 and later, which goes with the SM 6.10 preview; no released compiler writes it yet."},
	{"PSVInfo/**/EntryName", "Entry function name", "The name of the shader's entry function, as an offset into the PSV0 string table.", "Present from PSV v3 (validator 1.8, HLSL proposal 0012)."},
	{"PSVInfo/**/EntryFunctionName", "Entry function name", "The name of the shader's entry function, as an offset into the PSV0 string table.", "Present from PSV v3 (validator 1.8, HLSL proposal 0012)."},
	{"PSVInfo/**/Resources", "Resource bindings", "One record per resource the shader binds: type, space, register range and (v2+) kind and flags.", "The record size is given once before the records (16 bytes before v2, 24 after)."},
	{"PSVInfo/SigInputElementCount", "Input element count", "How many input signature elements the PSV0 signature section holds (a byte of PSVRuntimeInfo1).", "It sizes SigInputElements; DXC writes the same elements as the ISG1 part."},
	{"PSVInfo/SigOutputElementCount", "Output element count", "How many output signature elements the PSV0 signature section holds (a byte of PSVRuntimeInfo1).", "It sizes SigOutputElements."},
	{"PSVInfo/SigPatchConstOrPrimElementCount", "Patch-constant or primitive element count", "How many patch-constant (hull, domain) or per-primitive (mesh) elements follow the outputs (a byte of PSVRuntimeInfo1).", "It sizes SigPatchOrPrimElements."},
	{"PSVInfo/**/SigInputElements", "Input elements", "The packed input signature: name, semantic indexes, rows, columns and type of each element.", "Elements are 16 bytes (or the size written before them); the names are offsets into the string table, the indexes into the semantic index table."},
	{"PSVInfo/**/SigOutputElements", "Output elements", "The packed output signature, one record per element.", ""},
	{"PSVInfo/**/Cols", "Columns", "How many components (1–4) the element uses in each row.", "Stored in the low 4 bits of a byte whose bits 4–5 are the start column and bit 6 says the element is allocated."},
	{"PSVInfo/**/StartRow", "Start row", "The first signature row (vector) the element occupies.", "Meaningful only for allocated elements."},
	{"PSVInfo/**/InputOutputMap", "Input-to-output dependencies", "For every input component, a bit mask of the output components whose value it can affect.", "Each row is (outputVectors + 7) / 8 words; input component c of vector v is row 4v + c; output component k is bit k & 31 of word k >> 5."},
	{"PSVInfo/**/OutputVectorMasks", "ViewID output masks", "The output components whose value depends on SV_ViewID.", ""},

	// RTS0.
	{"RootSignature", "Root signature", "The root signature compiled with the shader: parameters (tables, constants, root descriptors), static samplers and flags.", "Version 1 is 1.0, 2 is 1.1 (adds descriptor and range flags), 3 is 1.2 (adds static sampler flags)."},

	// Other small parts.
	{"DebugName/**", "Debug name", "The file name of the PDB holding this shader's debug information.", "The part must be exactly align4(4 + NameLength + 1) bytes."},
	{"CompilerVersion/**", "Compiler version", "The version, commit count and commit hash of the DXC build that wrote the container.", ""},
}

func concat(ls ...[]Lesson) []Lesson {
	var out []Lesson
	for _, l := range ls {
		out = append(out, l...)
	}
	return out
}

// rootSignatureLessons are the RTS0 fields, said once and reached both in
// RTS0 and in a root signature an RDAT subobject holds.
func rootSignatureLessons() []Lesson {
	fields := []Lesson{
		{"Version", "Root signature version", "The serialized root signature's version: 1 is 1.0, 2 is 1.1, 3 is 1.2.", "1.1 adds descriptor and range flags; 1.2 adds static sampler flags."},
		{"NumRootParameters", "Root parameter count", "How many root parameters the signature has; their 12-byte headers start at RootParametersOffset.", "The runtime allows at most 64 DWORDs of root arguments: a table costs 1, a root descriptor 2, each 32-bit constant 1."},
		{"RootParametersOffset", "Root parameters offset", "Where the root parameter headers start, from the start of the serialized root signature.", ""},
		{"NumStaticSamplers", "Static sampler count", "How many static samplers the signature declares.", ""},
		{"StaticSamplersOffset", "Static samplers offset", "Where the static sampler records start, from the start of the serialized root signature.", ""},
		{"Flags", "Root signature flags", "D3D12_ROOT_SIGNATURE_FLAGS: 0x1 allow input-assembler input layout, 0x2–0x20 deny vertex/hull/domain/geometry/pixel root access, 0x40 allow stream output, 0x80 local root signature, then amplification/mesh denies and heap-direct indexing.", "A local root signature (0x80) must not set the input-layout or deny flags."},
		{"Parameters[]/ParameterType", "Parameter type", "D3D12_ROOT_PARAMETER_TYPE: 0 descriptor table, 1 32-bit constants, 2 CBV, 3 SRV, 4 UAV.", ""},
		{"Parameters[]/ShaderVisibility", "Shader visibility", "Which stage can see the parameter: 0 all, 1 vertex, 2 hull, 3 domain, 4 geometry, 5 pixel, 6 amplification, 7 mesh.", ""},
		{"Parameters[]/PayloadOffset", "Parameter payload offset", "Where the parameter's body (the table, constants or descriptor) is, from the start of the serialized root signature.", ""},
		{"Parameters[]/Constants/ShaderRegister", "Constants register", "The b register the root constants bind to.", ""},
		{"Parameters[]/Constants/RegisterSpace", "Constants register space", "The register space of the root constants' b register.", ""},
		{"Parameters[]/Constants/Num32BitValues", "32-bit constant count", "How many 32-bit values the root constants hold (RootConstants(num32BitConstants=N)).", "Each costs one of the 64 root DWORDs."},
		{"Parameters[]/Descriptor/ShaderRegister", "Descriptor register", "The register (b, t or u by the parameter type) the root descriptor binds to.", ""},
		{"Parameters[]/Descriptor/RegisterSpace", "Descriptor register space", "The register space of the root descriptor.", ""},
		{"Parameters[]/Descriptor/Flags", "Root descriptor flags", "Root signature 1.1's D3D12_ROOT_DESCRIPTOR_FLAGS: 0x2 data volatile, 0x4 data static while set at execute, 0x8 data static.", "Present only from version 1.1; 0 means the 1.1 default for the descriptor type."},
		{"Parameters[]/Table/NumRanges", "Range count", "How many descriptor ranges the table has.", ""},
		{"Parameters[]/Table/RangesOffset", "Ranges offset", "Where the table's range records start, from the start of the serialized root signature.", ""},
		{"Parameters[]/Table/Ranges[]/RangeType", "Range type", "D3D12_DESCRIPTOR_RANGE_TYPE: 0 SRV, 1 UAV, 2 CBV, 3 sampler.", "A table may not mix samplers with other ranges."},
		{"Parameters[]/Table/Ranges[]/NumDescriptors", "Descriptor count", "How many descriptors the range spans.", "0xFFFFFFFF means unbounded (to the end of the heap); only the last range of a space may be unbounded."},
		{"Parameters[]/Table/Ranges[]/BaseShaderRegister", "Base register", "The first register of the range (t, u, b or s by the range type).", ""},
		{"Parameters[]/Table/Ranges[]/RegisterSpace", "Range register space", "The register space of the range.", ""},
		{"Parameters[]/Table/Ranges[]/Flags", "Descriptor range flags", "Root signature 1.1's D3D12_DESCRIPTOR_RANGE_FLAGS: 0x1 descriptors volatile, 0x2 data volatile, 0x4 data static while set at execute, 0x8 data static, 0x10000 descriptors static keeping buffer bounds checks.", "Present only from version 1.1."},
		{"Parameters[]/Table/Ranges[]/OffsetInDescriptorsFromTableStart", "Offset in table", "Where the range starts in the table, in descriptors.", "0xFFFFFFFF (D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND) means right after the previous range."},
		{"Samplers[]/Filter", "Sampler filter", "D3D12_FILTER: min/mag/mip point or linear, anisotropic, comparison and min/max reduction variants.", ""},
		{"Samplers[]/AddressU", "Address mode U", "D3D12_TEXTURE_ADDRESS_MODE for u: 1 wrap, 2 mirror, 3 clamp, 4 border, 5 mirror once.", ""},
		{"Samplers[]/AddressV", "Address mode V", "D3D12_TEXTURE_ADDRESS_MODE for v: 1 wrap, 2 mirror, 3 clamp, 4 border, 5 mirror once.", ""},
		{"Samplers[]/AddressW", "Address mode W", "D3D12_TEXTURE_ADDRESS_MODE for w: 1 wrap, 2 mirror, 3 clamp, 4 border, 5 mirror once.", ""},
		{"Samplers[]/MipLODBias", "Mip LOD bias", "A float added to the computed mip level.", "Must lie in [-16, 15.99]."},
		{"Samplers[]/MaxAnisotropy", "Max anisotropy", "The anisotropy clamp for anisotropic filters (1–16).", ""},
		{"Samplers[]/ComparisonFunc", "Comparison function", "D3D12_COMPARISON_FUNC for comparison filters: 1 never, 2 less, 3 equal, 4 less-equal, 5 greater, 6 not-equal, 7 greater-equal, 8 always.", ""},
		{"Samplers[]/BorderColor", "Border color", "D3D12_STATIC_BORDER_COLOR: 0 transparent black, 1 opaque black, 2 opaque white (1.2 adds the _UINT variants).", ""},
		{"Samplers[]/MinLOD", "Min LOD", "The lowest mip level the sampler may use (a float).", ""},
		{"Samplers[]/MaxLOD", "Max LOD", "The highest mip level the sampler may use (a float).", "3.402823466e+38 (D3D12_FLOAT32_MAX) means no limit."},
		{"Samplers[]/ShaderRegister", "Sampler register", "The s register of the static sampler.", ""},
		{"Samplers[]/RegisterSpace", "Sampler register space", "The register space of the static sampler.", ""},
		{"Samplers[]/ShaderVisibility", "Sampler visibility", "Which stage can see the sampler: 0 all, 1 vertex, 2 hull, 3 domain, 4 geometry, 5 pixel, 6 amplification, 7 mesh.", ""},
	}
	var out []Lesson
	for _, f := range fields {
		if strings.Contains(f.Pattern, "/") { // a parameter's or sampler's field: no other part has these names
			f.Pattern = "R*/**/" + f.Pattern
			out = append(out, f)
			continue
		}
		a, b := f, f
		a.Pattern = "RootSignature/" + f.Pattern
		b.Pattern = "RuntimeData/SubobjectTable/Records[]/RootSignature/RootSignature/" + f.Pattern
		out = append(out, a, b)
	}
	return out
}

// moreLessons cover the rest of every part family the corpus holds.
var moreLessons = []Lesson{
	// IFCE: FXC's class linkage (dynamic shader linkage).
	{"Interfaces", "Interfaces (class linkage)", "FXC's class-linkage data for a shader model 5 shader that calls through HLSL interfaces: the class types and class instances it was compiled against, and for each interface slot the class types it may hold and the function table each one calls.", "The application picks a class instance per slot when it sets the shader (ID3D11ClassLinkage, D3D11 only: D3D12 has no dynamic linkage). The SHEX part's dcl_function_body, dcl_function_table and dcl_interface declarations are the code's side of the same tables."},
	{"Interfaces/ClassInstanceCount", "Class instance count", "How many class instance records follow the class type records.", "Zero when the shader declares no class instances of its own (the application creates them)."},
	{"Interfaces/ClassTypeCount", "Class type count", "How many class type records the part holds.", "FXC's listing numbers the types 0, 1, … in this order: that number is a slot's type ID."},
	{"Interfaces/InterfaceSlotRecordCount", "Interface slot records", "How many interface slot records the part holds: one per interface variable.", "Fewer than InterfaceSlotCount when a variable is an array of interfaces."},
	{"Interfaces/InterfaceSlotCount", "Interface slots", "How many interface slots the shader has in all: the sum of the records' spans.", "The number FXC's listing prints in 'Interface slots, N total'."},
	{"Interfaces/ClassInstanceOffset", "Class instances offset", "Where the class instance records start, from the start of the part.", "Right after the class type records in every file seen."},
	{"Interfaces/ClassTypeOffset", "Class types offset", "Where the class type records (12 bytes each) start, from the start of the part.", ""},
	{"Interfaces/InterfaceSlotOffset", "Interface slots offset", "Where the interface slot records (16 bytes each) start, from the start of the part.", "FXC leaves 8 bytes between the 28-byte header and the records whose values vary from file to file."},
	{"Interfaces/ClassTypes[]", "Class type", "One class type: its name and what one of its instances needs.", "12 bytes."},
	{"Interfaces/ClassTypes[]/NameOffset", "Name offset", "Where the class's name (a NUL-terminated string) starts, from the start of the part.", ""},
	{"Interfaces/ClassTypes[]/Name", "Class name", "The HLSL class's name.", ""},
	{"Interfaces/ClassTypes[]/Reserved", "Reserved", "A 16-bit word after the name offset.", "0 in every file seen; the listing's ID column is the record's position, not this word."},
	{"Interfaces/ClassTypes[]/ConstantBufferStride", "CB stride", "How many 16-byte constant-buffer registers an instance of the class takes.", "The listing's 'CB Stride' column."},
	{"Interfaces/ClassTypes[]/Texture", "Textures", "How many textures an instance of the class uses.", ""},
	{"Interfaces/ClassTypes[]/Sampler", "Samplers", "How many samplers an instance of the class uses.", ""},
	{"Interfaces/ClassInstances[]", "Class instance", "A global of a class type the shader declares, and where its data lives.", "16 bytes."},
	{"Interfaces/ClassInstances[]/NameOffset", "Name offset", "Where the instance's name starts, from the start of the part.", ""},
	{"Interfaces/ClassInstances[]/Name", "Instance name", "The HLSL name of the class instance.", ""},
	{"Interfaces/ClassInstances[]/Type", "Class type", "Which class type the instance is (its position among the class types).", ""},
	{"Interfaces/ClassInstances[]/Reserved", "Reserved", "A 16-bit word after the type.", "1 in every file seen."},
	{"Interfaces/ClassInstances[]/ConstantBuffer", "Constant buffer", "The constant buffer (cb#) that holds the instance's data.", ""},
	{"Interfaces/ClassInstances[]/ConstantBufferOffset", "CB offset", "Where in that constant buffer the instance's data starts, in 16-byte registers.", ""},
	{"Interfaces/ClassInstances[]/Texture", "Texture", "The first texture register the instance uses.", "0xFFFF (the listing's '-') when it uses none."},
	{"Interfaces/ClassInstances[]/Sampler", "Sampler", "The first sampler register the instance uses.", "0xFFFF (the listing's '-') when it uses none."},
	{"Interfaces/Slots[]", "Interface slot record", "One interface variable (fp# in the code): the slots it spans, the class types it may hold and the function table each calls.", "16 bytes; the records' spans add up to InterfaceSlotCount, and a record's first slot is the sum of the spans before it."},
	{"Interfaces/Slots[]/SlotSpan", "Slot span", "How many slots the variable takes: 1, or its array size.", "Equals the array size of the dcl_interface that declares it."},
	{"Interfaces/Slots[]/Count", "Type count", "How many class types the slot may hold: the length of both ID lists.", ""},
	{"Interfaces/Slots[]/TypeIDsOffset", "Type IDs offset", "Where the slot's 16-bit class type IDs start, from the start of the part.", "FXC pads the list with 0xAB bytes to 4 bytes."},
	{"Interfaces/Slots[]/TableIDsOffset", "Table IDs offset", "Where the slot's 32-bit function table numbers start, from the start of the part.", ""},
	{"Interfaces/Slots[]/TypeIDs[]", "Type ID", "A class type the slot may hold.", "The listing's 'Type ID' row."},
	{"Interfaces/Slots[]/TableIDs[]", "Table ID", "The function table (ft#) the code calls for the class type in the same position.", "The listing's 'Table ID' row; the dcl_interface of the slot lists the same tables."},
	// Signatures (ISG1 OSG1 PSG1 ISGN OSGN OSG5 PCSG).
	{"Signature/Strings[]", "Semantic name", "A NUL-terminated semantic name (POSITION, SV_Target, ...) that elements point at by offset.", "Elements with the same name share one string."},

	// Unused words.
	{"*/**/*Unused", "Unused bytes", "Bytes the structure reserves that no field of this shader uses: the rest of a union, or a reserved word.", "Writers put zero; readers ignore them."},

	// DXIL bitcode records (DXIL, ILDB, STAT).
	{"*/Bitcode/Magic", "Bitcode magic", "The bytes 'BC' 0xC0DE that open an LLVM bitcode stream.", "DXIL bitcode starts with them directly, without the 0x0B17C0DE wrapper."},
	{"*/Bitcode/**/DATALAYOUT[]", "Data layout", "One character of the module's data layout string: sizes and alignments of the types (MODULE_CODE_DATALAYOUT).", "DXIL fixes it: little-endian, 32-bit pointers; DXC writes one string for min-precision and another for native 16-bit types."},
	{"*/Bitcode/**/CONSTANTS_BLOCK/DATA[]", "Constant data element", "One element of a constant array or vector (CST_CODE_DATA).", ""},
	{"*/Bitcode/**/CONSTANTS_BLOCK/STRING[]", "Constant string character", "One character of a constant character array (CST_CODE_STRING).", ""},
	{"*/Bitcode/**/FUNCTION_BLOCK/INST_CALL[]", "Call instruction operand", "An operand of a call (FUNC_CODE_INST_CALL): attributes, calling convention, the callee and its arguments as relative value numbers.", "In DXIL most calls go to dx.op.* intrinsics whose first argument is the opcode."},
	{"*/Bitcode/**/FUNCTION_BLOCK/INST_PHI[]", "Phi instruction operand", "An operand of a phi node: its type, then pairs of incoming value and predecessor block.", "Incoming values are signed VBR, relative to the instruction's own number."},
	{"*/Bitcode/**/KIND[]", "Metadata kind", "A character (or the ID) of a metadata kind name (METADATA_KIND): dbg, tbaa, dx.controlflow.hints, ...", ""},
	{"*/Bitcode/**/METADATA_BLOCK[]/STRING[]", "Metadata string character", "One character of a metadata string (METADATA_STRING): names such as dx.shaderModel, entry points and resource names.", ""},
	{"*/Bitcode/**/METADATA_BLOCK/STRING[]", "Metadata string character", "One character of a metadata string (METADATA_STRING): names such as dx.shaderModel, entry points and resource names.", "A module whose metadata kinds are not in a METADATA_BLOCK of their own (DXC's LLVM 3.7 writes them in a second one) has one metadata block."},
	{"*/Bitcode/**/PARAMATTR_GROUP_BLOCK_ID/ENTRY[]", "Attribute group", "An operand of an attribute group (PARAMATTR_GRP_CODE_ENTRY): its ID, the parameter it applies to, then attributes such as nounwind and readnone.", ""},
	{"*/Bitcode/**/TYPE_BLOCK_ID/STRUCT_NAME[]", "Struct name character", "One character of the name of the next named struct type (TYPE_CODE_STRUCT_NAME), e.g. dx.types.Handle.", ""},
	{"*/Bitcode/**/VALUE_SYMTAB/ENTRY[]", "Symbol table entry", "An operand of a module symbol (VST_CODE_ENTRY): the value's ID, then its name's characters.", "DXIL names its functions here, e.g. dx.op.loadInput.f32 and the entry point."},

	// SHDR/SHEX.
	{"Bytecode/Version", "Program version token", "The first token of an SM4/5 program: the program type in bits 16–31 (0 pixel, 1 vertex, 2 geometry, 3 hull, 4 domain, 5 compute), the major version in bits 4–7 and the minor in bits 0–3.", ""},
	{"Bytecode/LengthInDwords", "Program length", "The length of the whole token stream in 32-bit tokens, the version and length tokens included.", "Four times it must fit in the part."},

	// FXC STAT.
	{"Statistics/Fields[]/Value", "Statistic", "One counter of D3D11_SHADER_DESC as FXC stores it, past the positions any header names.", "The counters are at fixed positions; dxscope names each by its position."},

	// SRCI.
	{"SourceInfo/Header/AlignedSizeInBytes", "Source info size", "The size of the whole source info, rounded up to 4 bytes.", ""},
	{"SourceInfo/Header/Flags", "Source info flags", "Reserved flags of the source info header.", "Zero in every known file."},
	{"SourceInfo/Header/SectionCount", "Section count", "How many sections follow: source names, source contents, compile arguments.", ""},
	{"SourceInfo/*/SectionHeader/AlignedSizeInBytes", "Section size", "The section's size, its header included, rounded up to 4 bytes: the next section starts after it.", ""},
	{"SourceInfo/*/SectionHeader/Flags", "Section flags", "Reserved flags of a section.", "Zero in every known file."},
	{"SourceInfo/*/SectionHeader/Type", "Section type", "What the section holds: 0 source contents, 1 source names, 2 compile arguments.", ""},
	{"SourceInfo/*/SectionHeader", "Section header", "The 8 bytes every section starts with: its size, flags and type.", ""},
	{"SourceInfo/*/Header/Flags", "Section payload flags", "Reserved flags of the section's own header.", "Zero in every known file."},
	{"SourceInfo/*/Header/Count", "Entry count", "How many entries (files, or argument pairs) the section holds.", ""},
	{"SourceInfo/*/Header/EntriesSizeInBytes", "Entries size", "The size of the section's entries as stored (compressed, for zlib-compressed contents).", ""},
	{"SourceInfo/Contents/Header/AlignedSizeInBytes", "Contents size", "The size of the contents' header and entries, rounded up to 4 bytes.", ""},
	{"SourceInfo/Contents/Header/UncompressedEntriesSizeInBytes", "Uncompressed size", "The size of the contents' entries once inflated.", ""},
	{"SourceInfo/Contents/Header/Type", "Compression", "How the contents are stored: 0 as is, 1 zlib (deflate).", ""},
	{"SourceInfo/Args/Header/SizeInBytes", "Arguments size", "The size of the argument strings after this header.", ""},
	{"SourceInfo/*/Header", "Section payload header", "The header of the section's payload: its flags, entry count and sizes.", ""},
	{"SourceInfo/*/Entries[]/AlignedSizeInBytes", "Entry size", "The entry's size, its header included, rounded up to 4 bytes.", ""},
	{"SourceInfo/*/Entries[]/Flags", "Entry flags", "Reserved flags of an entry.", "Zero in every known file."},
	{"SourceInfo/Names/Entries[]/NameSizeInBytes", "Name length", "The length of the file name in bytes, its terminating NUL included.", ""},
	{"SourceInfo/*/Entries[]/ContentSizeInBytes", "Content length", "The length of the file's text in bytes, its terminating NUL included.", ""},
	{"SourceInfo/Names/Entries[]/FileName", "Source file name", "The name of a source file the shader was compiled from; the main file comes first.", ""},
	{"SourceInfo/Contents/Entries[]/FileContent", "Source text", "The text of a source file, in the order of the names; inflated first when the contents are compressed.", "Compressed contents have no bytes of their own in the file: selecting one shows the compressed entries."},
	{"SourceInfo/Contents/Entries", "Source file texts", "The files' texts, one entry each (zlib-compressed as a whole when the header says so).", ""},
	{"SourceInfo/Args/Args[]/Arg", "Compile option", "The name of an option dxc was run with (E, T, Zi, ...), NUL-terminated.", ""},
	{"SourceInfo/Args/Args[]/Value", "Compile option value", "The option's value (the entry name for E, the profile for T), NUL-terminated; empty for a flag.", ""},
	{"SourceInfo/Args/Args[]", "Compile argument", "One option and its value, as two NUL-terminated strings.", ""},

	// PSV0: PSVRuntimeInfo and the tables after it.
	{"PSVInfo/RuntimeInfoSize", "Runtime info size", "The size of the PSVRuntimeInfo structure that follows; it says the PSV version.", "24 bytes is v0, 36 v1, 48 v2, 52 v3, 56 v4; a reader takes the prefix it knows and skips the rest."},
	{"PSVInfo/DepthOutput", "Writes depth", "Pixel shader: 1 when it writes SV_Depth (or a conservative depth).", ""},
	{"PSVInfo/SampleFrequency", "Sample frequency", "Pixel shader: 1 when it runs once per sample (it reads SV_SampleIndex or has sample-interpolated inputs).", ""},
	{"PSVInfo/OutputPositionPresent", "Writes position", "Vertex, domain or geometry shader: 1 when it writes SV_Position.", ""},
	{"PSVInfo/InputControlPointCount", "Input control points", "Hull or domain shader: the number of control points in an input patch.", ""},
	{"PSVInfo/OutputControlPointCount", "Output control points", "Hull shader: the number of control points it writes per patch ([outputcontrolpoints(N)]).", ""},
	{"PSVInfo/TessellatorDomain", "Tessellator domain", "Hull or domain shader: DXIL::TessellatorDomain, 1 isoline, 2 tri, 3 quad.", ""},
	{"PSVInfo/TessellatorOutputPrimitive", "Tessellator output primitive", "Hull shader: DXIL::TessellatorOutputPrimitive, 1 point, 2 line, 3 triangle clockwise, 4 triangle counter-clockwise.", ""},
	{"PSVInfo/InputPrimitive", "Input primitive", "Geometry shader: DXIL::InputPrimitive, 1 point, 2 line, 3 triangle, 6 line with adjacency, 7 triangle with adjacency, 8 and up patches of 1–32 points.", ""},
	{"PSVInfo/OutputTopology", "Output topology", "Geometry shader: DXIL::PrimitiveTopology of what it emits, 1 point list, 3 line strip, 5 triangle strip.", ""},
	{"PSVInfo/OutputStreamMask", "Output streams", "Geometry shader: one bit per output stream it writes (streams 0–3).", ""},
	{"PSVInfo/MaxVertexCount", "Max vertex count", "Geometry shader: its [maxvertexcount(N)].", "Present from PSV v1."},
	{"PSVInfo/MeshOutputTopology", "Mesh output topology", "Mesh shader: DXIL::MeshOutputTopology, 1 line, 2 triangle.", ""},
	{"PSVInfo/MaxOutputVertices", "Max output vertices", "Mesh shader: the vertex count of out vertices[N].", "At most 256."},
	{"PSVInfo/MaxOutputPrimitives", "Max output primitives", "Mesh shader: the primitive count of out indices[N].", "At most 256."},
	{"PSVInfo/PayloadSizeInBytes", "Payload size", "Amplification or mesh shader: the size of the payload passed from the amplification shader to the mesh shaders.", "At most 16 KB; the mesh shader's must match the amplification shader's."},
	{"PSVInfo/GroupSharedBytesUsed", "Groupshared bytes", "Mesh shader: the groupshared memory it uses.", "Present from PSV v1."},
	{"PSVInfo/GroupSharedBytesDependentOnViewID", "ViewID-dependent groupshared bytes", "Mesh shader: how many of its groupshared bytes depend on SV_ViewID.", ""},
	{"PSVInfo/ResourceCount", "Resource count", "How many resource binding records follow.", ""},
	{"PSVInfo/ResourceStride", "Resource record size", "The size of one resource record: 16 bytes before PSV v2, 24 after (adds kind and flags).", "A reader steps by this size and reads the prefix it knows."},
	{"PSVInfo/Resources[]/Type", "Resource type", "PSVResourceType: 1 sampler, 2 CBV, 3 SRV typed, 4 SRV raw, 5 SRV structured, 6 UAV typed, 7 UAV raw, 8 UAV structured, 9 UAV structured with counter.", ""},
	{"PSVInfo/Resources[]/Space", "Register space", "The register space of the binding (space1 in register(t3, space1)).", ""},
	{"PSVInfo/Resources[]/LowerBound", "First register", "The first register of the binding.", ""},
	{"PSVInfo/Resources[]/UpperBound", "Last register", "The last register of the binding, inclusive.", "0xFFFFFFFF means unbounded (an array without a size)."},
	{"PSVInfo/Resources[]/Kind", "Resource kind", "DXIL::ResourceKind: 1 Texture1D, 2 Texture2D, ..., 10 TypedBuffer, 11 RawBuffer, 12 StructuredBuffer, 13 CBuffer, 14 Sampler, 16 RTAccelerationStructure, ...", "Present from PSV v2."},
	{"PSVInfo/Resources[]/Flags", "Resource flags", "PSVResourceFlags: bit 0 the resource is used by a 64-bit atomic.", "Present from PSV v2."},
	{"PSVInfo/StringTableSize", "String table size", "The size in bytes of the string table that follows.", "DXC pads it to a multiple of 4; the LLVM document's 32-byte alignment is not what real files do."},
	{"PSVInfo/StringTable[]", "Name string", "One NUL-terminated name of the string table.", ""},
	{"PSVInfo/SigPatchOrPrimElements", "Patch-constant or primitive elements", "Hull or domain shader: the packed patch-constant signature; mesh shader: the per-primitive outputs. One record per element.", ""},
	{"PSVInfo/StringTable", "String table", "The NUL-terminated names (semantic names, the entry name) that elements refer to by offset.", ""},
	{"PSVInfo/SemanticIndexTableEntries", "Semantic index count", "How many 32-bit entries the semantic index table has.", ""},
	{"PSVInfo/SemanticIndexTable[]", "Semantic index", "One semantic index; an element's Indices field points at its first one, and an element of N rows uses N in a row.", ""},
	{"PSVInfo/SignatureElementSize", "Element record size", "The size of one signature element record (16 bytes).", "Present only when there are elements."},
	{"PSVInfo/SigPrimVectors", "Primitive vectors", "Mesh shader: how many 4-component rows its per-primitive outputs pack into.", ""},
	{"PSVInfo/SigPatchConstOrPrimVectors", "Patch-constant or primitive vectors", "Hull or domain shader: the patch-constant signature's rows; mesh shader: the per-primitive outputs' rows.", ""},
	{"PSVInfo/SigOutputVectors[]", "Output vectors of a stream", "How many 4-component output rows one of the four streams uses.", "Masks over outputs take (vectors + 7) / 8 words: one bit per component."},
	{"PSVInfo/**/Name", "Element name", "The element's semantic name as an offset into the string table.", ""},
	{"PSVInfo/**/Indices", "Semantic indices", "Where the element's first semantic index is, as an index into the semantic index table.", ""},
	{"PSVInfo/**/Rows", "Rows", "How many signature rows the element occupies (an array or matrix takes several).", ""},
	{"PSVInfo/**/ColsAndStart", "Columns and start column", "Bits 0–3 the columns (1–4), bits 4–5 the start column, bit 6 the element is allocated to a register.", ""},
	{"PSVInfo/**/ComponentType", "Component type", "DxilProgramSigCompType, the signature's own numbering (not DXIL::ComponentType): 0 unknown, 1 uint32, 2 sint32, 3 float32, 4 uint16, 5 sint16, 6 float16, 7 uint64, 8 sint64, 9 float64.", "Booleans are stored as uint32 (as unknown by validators before 1.5). The 8-bit and float8/bfloat16 types of SM 6.9 and 6.10 have no signature type."},
	{"PSVInfo/**/Kind", "Semantic kind", "DXIL::SemanticKind: 0 arbitrary, 1 VertexID, 2 InstanceID, 3 Position, 4 RenderTargetArrayIndex, ..., 16 Target, 17 Depth, ...", ""},
	{"PSVInfo/**/Interpolation", "Interpolation mode", "DXIL::InterpolationMode: 0 undefined, 1 constant, 2 linear, 3 linear centroid, 4 linear noperspective, 5 linear noperspective centroid, 6 linear sample, 7 linear noperspective sample.", ""},
	{"PSVInfo/**/DynamicMaskAndStream", "Dynamic index mask and stream", "Bits 0–3 the components indexed dynamically, bits 4–5 the geometry-shader output stream.", ""},
	{"PSVInfo/**/Reserved", "Reserved", "A reserved byte of the element record.", "Zero."},
	{"PSVInfo/InputOutputMap/**", "Input-to-output dependencies", "For every input component, a bit mask of the output components whose value it can affect, one table per stream.", "Each row is (outputVectors + 7) / 8 words; input component c of vector v is row 4v + c; output component k is bit k & 31 of word k >> 5."},
	{"PSVInfo/OutputVectorMasks/**", "ViewID output masks", "Per stream, the output components whose value depends on SV_ViewID.", ""},
	{"PSVInfo/PatchOutputMap/**", "Patch-constant-to-output dependencies", "Domain shader: for every patch-constant input component, the output components it can affect.", ""},
	{"PSVInfo/InputPatchMap/**", "Input-to-patch-constant dependencies", "Hull shader: for every input component, the patch-constant output components it can affect.", ""},

	// RDAT.
	{"RuntimeData/Version", "RDAT version", "The runtime data format version: 0x10 (RDAT_Version_10) in every DXC build that writes RDAT.", ""},
	{"RuntimeData/PartCount", "Sub-part count", "How many sub-parts (string buffer, index arrays, raw bytes, record tables) follow.", ""},
	{"RuntimeData/PartOffsets", "Sub-part offsets", "One 32-bit offset per sub-part, from the start of the RDAT data.", ""},
	{"RuntimeData/PartOffsets[]", "Sub-part offset", "Where one sub-part's 8-byte header is, from the start of the RDAT data.", ""},
	{"RuntimeData/Parts[]/Type", "Sub-part type", "RuntimeDataPartType: 1 StringBuffer, 2 IndexArrays, 3 ResourceTable, 4 FunctionTable, 5 RawBytes, 6 SubobjectTable, 7 and up the node and signature tables.", "A reader skips a type it does not know."},
	{"RuntimeData/Parts[]/Size", "Sub-part size", "The bytes after the sub-part's 8-byte header.", "A multiple of 4."},
	{"RuntimeData/StringBuffer/Strings[]", "String", "A NUL-terminated UTF-8 string; records refer to it by its byte offset in the buffer.", ""},
	{"RuntimeData/IndexArrays", "Index arrays", "Lists of 32-bit values, each a count followed by that many values; a record refers to a list by the element index of its count.", ""},
	{"RuntimeData/IndexArrays[]", "Index array element", "One 32-bit value of the index arrays: a list's count, or one of its values.", ""},
	{"RuntimeData/SubobjectTable/Records[]/RootSignature/Data/Offset", "Root signature bytes offset", "Where the serialized root signature starts in the RawBytes sub-part.", ""},
	{"RuntimeData/SubobjectTable/Records[]/RootSignature/Data/Size", "Root signature bytes size", "The size of the serialized root signature in RawBytes.", ""},
	{"RuntimeData/RawBytes", "Raw bytes", "Byte blobs records refer to by offset and size (serialized root signatures, hashes, PDB data).", ""},
	{"RuntimeData/*Table/Records[]", "Record", "One record of the table, RecordStride bytes; its references name rows of other tables, strings and index arrays.", ""},
	{"RuntimeData/*Table/RecordCount", "Record count", "How many records the table holds.", ""},
	{"RuntimeData/*Table/RecordStride", "Record size", "The size of one record of the table.", "Newer DXC builds write larger records (RuntimeDataFunctionInfo2 is 52 bytes, the first version 44); a reader takes the prefix it knows."},
	{"RuntimeData/ResourceTable/Records[]/Class", "Resource class", "DXIL::ResourceClass: 0 SRV, 1 UAV, 2 CBuffer, 3 Sampler.", ""},
	{"RuntimeData/ResourceTable/Records[]/Kind", "Resource kind", "DXIL::ResourceKind: 2 Texture2D, 10 TypedBuffer, 11 RawBuffer, 12 StructuredBuffer, 13 CBuffer, 14 Sampler, 16 RTAccelerationStructure, ...", ""},
	{"RuntimeData/ResourceTable/Records[]/ID", "Range ID", "The resource's ID within its class in the module (the ID dx.op.createHandle uses).", ""},
	{"RuntimeData/ResourceTable/Records[]/Space", "Register space", "The register space of the binding.", ""},
	{"RuntimeData/ResourceTable/Records[]/LowerBound", "First register", "The first register of the binding.", ""},
	{"RuntimeData/ResourceTable/Records[]/UpperBound", "Last register", "The last register of the binding, inclusive.", "0xFFFFFFFF means unbounded."},
	{"RuntimeData/ResourceTable/Records[]/Name", "Resource name", "The resource's HLSL name, as an offset into the string buffer.", ""},
	{"RuntimeData/ResourceTable/Records[]/Flags", "Resource flags", "RDAT::DxilResourceFlag: globally coherent, has counter, rasterizer ordered, dynamic indexing, atomic64 use, ...", ""},
	{"RuntimeData/FunctionTable/Records[]/Name", "Function name", "The function's mangled name (\\x01?Name@@...), as an offset into the string buffer.", ""},
	{"RuntimeData/FunctionTable/Records[]/UnmangledName", "Unmangled name", "The function's HLSL name, as an offset into the string buffer.", ""},
	{"RuntimeData/FunctionTable/Records[]/Resources", "Resources used", "The resources the function uses, as a reference to an index array of ResourceTable rows.", ""},
	{"RuntimeData/FunctionTable/Records[]/FunctionDependencies", "Functions called", "The functions this one calls, as a reference to an index array of string offsets (their mangled names).", "A library is linkable only when every name here is defined somewhere."},
	{"RuntimeData/FunctionTable/Records[]/ShaderKind", "Shader kind", "DXIL::ShaderKind of the function: 6 library (not an entry), 7 ray generation, 8 intersection, 9 any hit, 10 closest hit, 11 miss, 12 callable, 15 node, ...", ""},
	{"RuntimeData/FunctionTable/Records[]/PayloadSizeInBytes", "Payload size", "Ray-tracing shaders: the size of the ray payload (or the callable shader's parameter).", ""},
	{"RuntimeData/FunctionTable/Records[]/AttributeSizeInBytes", "Attribute size", "Intersection, any-hit and closest-hit shaders: the size of the hit attributes.", "At most 32 bytes (D3D12_RAYTRACING_MAX_ATTRIBUTE_SIZE_IN_BYTES)."},
	{"RuntimeData/FunctionTable/Records[]/FeatureInfo1", "Feature flags (low)", "Bits 0–31 of the shader feature flags the function needs, as SFI0 numbers them.", ""},
	{"RuntimeData/FunctionTable/Records[]/FeatureInfo2", "Feature flags (high)", "Bits 32–63 of the shader feature flags the function needs.", ""},
	{"RuntimeData/FunctionTable/Records[]/ShaderStageFlag", "Usable stages", "One bit per DXIL::ShaderKind the function may be called from.", ""},
	{"RuntimeData/FunctionTable/Records[]/MinShaderTarget", "Minimum shader target", "The lowest target the function can run in: (kind << 16) | (major << 4) | minor.", ""},
	{"RuntimeData/FunctionTable/Records[]/MinimumExpectedWaveLaneCount", "Minimum wave lanes", "The smallest wave size the function works with (0: any).", "From RuntimeDataFunctionInfo2."},
	{"RuntimeData/FunctionTable/Records[]/MaximumExpectedWaveLaneCount", "Maximum wave lanes", "The largest wave size the function works with (0: any).", "From RuntimeDataFunctionInfo2."},
	{"RuntimeData/FunctionTable/Records[]/ShaderFlags", "Function shader flags", "RDAT::DxilShaderFlags: output position present, depth output, sample frequency, uses view ID, node program entry, ...", "From RuntimeDataFunctionInfo2."},
	{"RuntimeData/FunctionTable/Records[]/Union", "Stage info reference", "A reference whose meaning depends on ShaderKind: for a node shader a NodeShaderInfoTable row.", ""},
	{"RuntimeData/FunctionTable/Records[]/Node", "Node shader info", "The NodeShaderInfoTable row describing this node shader.", ""},
	{"RuntimeData/SubobjectTable/Records[]/Kind", "Subobject kind", "DXIL::SubobjectKind: 0 state object config, 1 global root signature, 2 local root signature, 8 subobject-to-exports association, 9 ray-tracing shader config, 10 ray-tracing pipeline config, 11 hit group, 12 ray-tracing pipeline config 1.", ""},
	{"RuntimeData/SubobjectTable/Records[]/Name", "Subobject name", "The subobject's HLSL name, as an offset into the string buffer.", ""},
	{"RuntimeData/SubobjectTable/Records[]/HitGroup/Type", "Hit group type", "0 triangles, 1 procedural primitive (has an intersection shader).", ""},
	{"RuntimeData/SubobjectTable/Records[]/HitGroup/AnyHit", "Any-hit shader", "The any-hit shader's export name (empty: none).", ""},
	{"RuntimeData/SubobjectTable/Records[]/HitGroup/ClosestHit", "Closest-hit shader", "The closest-hit shader's export name (empty: none).", ""},
	{"RuntimeData/SubobjectTable/Records[]/HitGroup/Intersection", "Intersection shader", "The intersection shader's export name; only procedural hit groups have one.", ""},
	{"RuntimeData/SubobjectTable/Records[]/RaytracingShaderConfig/MaxPayloadSizeInBytes", "Max payload size", "The largest ray payload of the shaders the config applies to.", ""},
	{"RuntimeData/SubobjectTable/Records[]/RaytracingShaderConfig/MaxAttributeSizeInBytes", "Max attribute size", "The largest hit attributes of the shaders the config applies to.", "At most 32 bytes."},
	{"RuntimeData/SubobjectTable/Records[]/RaytracingPipelineConfig/MaxTraceRecursionDepth", "Max recursion depth", "How deep TraceRay may recurse.", "0–31."},
	{"RuntimeData/SubobjectTable/Records[]/SubobjectToExportsAssociation/Subobject", "Associated subobject", "The name of the subobject being associated with exports.", ""},
	{"RuntimeData/SubobjectTable/Records[]/SubobjectToExportsAssociation/Exports", "Exports", "The exports the subobject applies to, as a reference to an index array of string offsets.", ""},
	{"RuntimeData/NodeIDTable/Records[]/Name", "Node name", "A work-graph node's name, as an offset into the string buffer.", ""},
	{"RuntimeData/NodeIDTable/Records[]/Index", "Node array index", "The index within the node array ([NodeID(\"name\", index)]).", ""},
	{"RuntimeData/NodeShaderFuncAttribTable/Records[]/AttribKind", "Node attribute kind", "RDAT::NodeFuncAttribKind: 1 ID, 2 NumThreads, 3 ShareInputOf, 4 DispatchGrid, 5 MaxRecursionDepth, 6 LocalRootArgumentsTableIndex, 7 MaxDispatchGrid.", ""},
	{"RuntimeData/NodeShaderFuncAttribTable/Records[]/ID", "Node ID", "The node's NodeIDTable row.", ""},
	{"RuntimeData/NodeShaderFuncAttribTable/Records[]/NumThreads", "Thread group size", "The node shader's [numthreads(x, y, z)], as a reference to an index array.", ""},
	{"RuntimeData/NodeShaderFuncAttribTable/Records[]/DispatchGrid", "Dispatch grid", "A broadcasting node's fixed [NodeDispatchGrid(x, y, z)].", ""},
	{"RuntimeData/NodeShaderFuncAttribTable/Records[]/MaxDispatchGrid", "Max dispatch grid", "A broadcasting node's [NodeMaxDispatchGrid(x, y, z)], when its records carry SV_DispatchGrid.", ""},
	{"RuntimeData/NodeShaderFuncAttribTable/Records[]/MaxRecursionDepth", "Max recursion depth", "The node's [NodeMaxRecursionDepth(N)].", ""},
	{"RuntimeData/NodeShaderFuncAttribTable/Records[]/LocalRootArgumentsTableIndex", "Local root arguments index", "The node's [NodeLocalRootArgumentsTableIndex(N)].", ""},
	{"RuntimeData/NodeShaderIOAttribTable/Records[]/AttribKind", "Node I/O attribute kind", "RDAT::NodeAttribKind: 1 OutputID, 2 MaxRecords, 3 MaxRecordsSharedWith, 4 RecordSizeInBytes, 5 RecordDispatchGrid, 6 OutputArraySize, 7 AllowSparseNodes, 8 RecordAlignmentInBytes, 9 MaxRecordsPerNode.", ""},
	{"RuntimeData/NodeShaderIOAttribTable/Records[]/OutputID", "Output node", "The NodeIDTable row of the node an output targets.", ""},
	{"RuntimeData/NodeShaderIOAttribTable/Records[]/MaxRecords", "Max records", "The output's [MaxRecords(N)]: how many records one thread group may write.", ""},
	{"RuntimeData/NodeShaderIOAttribTable/Records[]/MaxRecordsSharedWith", "Max records shared with", "The output whose MaxRecords budget this one shares ([MaxRecordsSharedWith(name)]).", ""},
	{"RuntimeData/NodeShaderIOAttribTable/Records[]/RecordSizeInBytes", "Record size", "The size of the records the input or output carries.", ""},
	{"RuntimeData/NodeShaderIOAttribTable/Records[]/RecordDispatchGrid/ByteOffset", "Dispatch grid offset", "Where SV_DispatchGrid sits in the input record, in bytes.", ""},
	{"RuntimeData/NodeShaderIOAttribTable/Records[]/RecordDispatchGrid/ComponentNumAndType", "Dispatch grid type", "Bits 0–1 the component count of SV_DispatchGrid, bits 2–15 its DXIL::ComponentType.", ""},
	{"RuntimeData/NodeShaderIOAttribTable/Records[]/OutputArraySize", "Output array size", "The size of an output node array ([NodeArraySize(N)]).", ""},
	{"RuntimeData/NodeShaderIOAttribTable/Records[]/AllowSparseNodes", "Allow sparse nodes", "1 when the output array may have missing nodes ([AllowSparseNodes]).", ""},
	{"RuntimeData/NodeShaderIOAttribTable/Records[]/RecordAlignmentInBytes", "Record alignment", "The alignment of the records.", ""},
	{"RuntimeData/IONodeTable/Records[]/IOFlagsAndKind", "I/O flags and kind", "Bits 0–6 DXIL::NodeIOKind (input or output, record or empty, thread/group/dispatch), the bits above DXIL::NodeIOFlags.", ""},
	{"RuntimeData/IONodeTable/Records[]/Attribs", "I/O attributes", "The input's or output's attributes, as a reference to an index array of NodeShaderIOAttribTable rows.", ""},
	{"RuntimeData/NodeShaderInfoTable/Records[]/LaunchType", "Launch type", "DXIL::NodeLaunchType: 1 broadcasting, 2 coalescing, 3 thread.", ""},
	{"RuntimeData/NodeShaderInfoTable/Records[]/GroupSharedBytesUsed", "Groupshared bytes", "The groupshared memory the node shader uses.", ""},
	{"RuntimeData/NodeShaderInfoTable/Records[]/Attribs", "Node attributes", "The node's attributes, as a reference to an index array of NodeShaderFuncAttribTable rows.", ""},
	{"RuntimeData/NodeShaderInfoTable/Records[]/Outputs", "Node outputs", "The node's outputs, as a reference to an index array of IONodeTable rows.", ""},
	{"RuntimeData/NodeShaderInfoTable/Records[]/Inputs", "Node inputs", "The node's inputs, as a reference to an index array of IONodeTable rows.", ""},

	// RDEF.
	{"ResourceDefs/ConstantBuffers[]", "Constant buffer", "One constant buffer (D3D11_SHADER_BUFFER_DESC): its name, variables, size, flags and type.", "24 bytes; its variables are 40-byte records at VariableOffset (24 before SM 5)."},
	{"ResourceDefs/ConstantBuffers[]/Variables[]", "Constant buffer variable", "One variable of a constant buffer (D3D11_SHADER_VARIABLE_DESC): name, offset and size in the buffer, flags, type and default value.", ""},
	{"ResourceDefs/ResourceBindings[]", "Resource binding", "One resource the shader binds (D3D11_SHADER_INPUT_BIND_DESC): name, input type, return type, dimension, register and count.", "32 bytes; 40 in SM 5.1, which adds the space and the range ID."},
	{"ResourceDefs/Types[]", "Variable type", "A variable's type (D3D11_SHADER_TYPE_DESC): class, base type, rows, columns, array size and struct members.", ""},
	{"ResourceDefs/Types[]/MemberList[]", "Struct member", "One member of a struct type: its name, type and offset in the struct.", ""},
	{"ResourceDefs/Header/CBufferCount", "Constant buffer count", "How many constant buffers the reflection describes.", ""},
	{"ResourceDefs/Header/CBufferOffset", "Constant buffers offset", "Where the constant buffer records start, from the start of the part data.", ""},
	{"ResourceDefs/Header/ResourceCount", "Binding count", "How many resource bindings the reflection describes.", ""},
	{"ResourceDefs/Header/ResourceOffset", "Bindings offset", "Where the resource binding records start, from the start of the part data.", ""},
	{"ResourceDefs/Header/Target", "Target", "The profile the shader was compiled for: (program type << 16) | (major << 8) | minor.", ""},
	{"ResourceDefs/Header/ProgramType", "Program type", "0xFFFF pixel, 0xFFFE vertex, 0x4753 geometry ('GS'), 0x4853 hull, 0x4453 domain, 0x4353 compute.", ""},
	{"ResourceDefs/Header/Major", "Major version", "The shader model's major number.", ""},
	{"ResourceDefs/Header/Minor", "Minor version", "The shader model's minor number.", ""},
	{"ResourceDefs/Header/Flags", "Compile flags", "The D3DCOMPILE_* flags the shader was compiled with (debug, skip optimization, row-major packing, ...).", ""},
	{"ResourceDefs/Header/CreatorOffset", "Creator offset", "Where the creator string is, from the start of the part data.", ""},
	{"ResourceDefs/Header/Creator", "Creator", "The compiler that wrote the shader, e.g. Microsoft (R) HLSL Shader Compiler 10.1.", "It decides the spellings of FXC's listing."},
	{"ResourceDefs/RD11/Magic", "RD11 magic", "'RD11' (0x31314452), or 0x25441313 for shader model 5.1: the SM 5 block that gives the record sizes.", ""},
	{"ResourceDefs/RD11/HeaderSize", "Header size", "The size in bytes of the RDEF header including this RD11 block: 60.", ""},
	{"ResourceDefs/RD11/CBufferSize", "Constant buffer record size", "The size in bytes of one constant buffer description record (D3D11_SHADER_BUFFER_DESC as RDEF stores it: name offset, variable count and offset, size, flags, type): 24.", "Readers step through the constant buffer table by this size."},
	{"ResourceDefs/RD11/BindingSize", "Binding record size", "The size in bytes of one resource binding record: 32, or 40 for shader model 5.1, which adds the register space and the range ID.", "Readers step through the binding table by this size."},
	{"ResourceDefs/RD11/VariableSize", "Variable record size", "The size in bytes of one constant buffer variable record (name, offset, size, flags, type, default value, and the SM 5 texture and sampler fields): 40.", ""},
	{"ResourceDefs/RD11/TypeSize", "Type record size", "The size in bytes of one type record (class, type, rows, columns, elements, members and the SM 5 name fields): 36.", ""},
	{"ResourceDefs/RD11/MemberSize", "Member record size", "The size in bytes of one structure member record (name offset, type offset, byte offset): 12.", ""},
	{"ResourceDefs/RD11/InterfaceSlotCount", "Interface slots", "How many interface slots the shader has (class linkage); 0 otherwise.", ""},
	{"ResourceDefs/**/NameOffset", "Name offset", "Where the name is, from the start of the part data.", ""},
	{"ResourceDefs/**/Name", "Name", "A NUL-terminated name: of the constant buffer, variable, type, member or binding.", ""},
	{"ResourceDefs/ConstantBuffers[]/VariableCount", "Variable count", "How many variables the constant buffer holds.", ""},
	{"ResourceDefs/ConstantBuffers[]/VariableOffset", "Variables offset", "Where the buffer's variable records start, from the start of the part data.", ""},
	{"ResourceDefs/ConstantBuffers[]/Size", "Buffer size", "The constant buffer's size in bytes.", "A multiple of 16: constants are laid out in 16-byte registers."},
	{"ResourceDefs/ConstantBuffers[]/Flags", "Buffer flags", "D3D_SHADER_CBUFFER_FLAGS: 1 user packed (register or packoffset given).", ""},
	{"ResourceDefs/ConstantBuffers[]/Type", "Buffer type", "D3D_CBUFFER_TYPE: 0 cbuffer, 1 tbuffer, 2 interface pointers, 3 resource bind info.", ""},
	{"ResourceDefs/ConstantBuffers[]/Variables[]/StartOffset", "Variable offset", "Where the variable starts in its buffer, in bytes.", "A variable does not cross a 16-byte register boundary unless it is larger than one."},
	{"ResourceDefs/ConstantBuffers[]/Variables[]/Size", "Variable size", "The variable's size in bytes.", ""},
	{"ResourceDefs/ConstantBuffers[]/Variables[]/Flags", "Variable flags", "D3D_SHADER_VARIABLE_FLAGS: 1 user packed, 2 used by the shader, 4 interface pointer, 8 interface parameter.", "FXC keeps unused variables in the buffer's layout, unmarked."},
	{"ResourceDefs/ConstantBuffers[]/Variables[]/TypeOffset", "Type offset", "Where the variable's type record is, from the start of the part data.", ""},
	{"ResourceDefs/ConstantBuffers[]/Variables[]/DefaultValueOffset", "Default value offset", "Where the variable's initial value is, from the start of the part data; 0 when it has none.", ""},
	{"ResourceDefs/ConstantBuffers[]/Variables[]/StartTexture", "First texture", "SM 5: the first texture slot the variable uses (class linkage).", "0xFFFFFFFF: none."},
	{"ResourceDefs/ConstantBuffers[]/Variables[]/TextureSize", "Texture slots", "SM 5: how many texture slots the variable uses.", ""},
	{"ResourceDefs/ConstantBuffers[]/Variables[]/StartSampler", "First sampler", "SM 5: the first sampler slot the variable uses (class linkage).", "0xFFFFFFFF: none."},
	{"ResourceDefs/ConstantBuffers[]/Variables[]/SamplerSize", "Sampler slots", "SM 5: how many sampler slots the variable uses.", ""},
	{"ResourceDefs/Types[]/Class", "Type class", "D3D_SHADER_VARIABLE_CLASS: 0 scalar, 1 vector, 2 row-major matrix, 3 column-major matrix, 4 object, 5 struct, 6 interface class, 7 interface pointer.", ""},
	{"ResourceDefs/Types[]/Type", "Base type", "D3D_SHADER_VARIABLE_TYPE: 0 void, 1 bool, 2 int, 3 float, 4 string, 5 texture, ..., 19 uint, ...", ""},
	{"ResourceDefs/Types[]/Rows", "Rows", "Rows of a matrix (1 for scalars and vectors).", ""},
	{"ResourceDefs/Types[]/Columns", "Columns", "Columns of a vector or matrix (1 for scalars).", ""},
	{"ResourceDefs/Types[]/Elements", "Array elements", "The array size; 0 when the type is not an array.", ""},
	{"ResourceDefs/Types[]/Members", "Member count", "How many members a struct type has.", ""},
	{"ResourceDefs/Types[]/MemberOffset", "Members offset", "Where the member records start, from the start of the part data.", ""},
	{"ResourceDefs/Types[]/Reserved[]", "Reserved word", "SM 5: one of four words FXC writes; the first, when not zero, is the offset of another type (an interface pointer's class).", ""},
	{"ResourceDefs/Types[]/Reserved", "Reserved words", "SM 5: four words FXC writes, zero outside class linkage.", ""},
	{"ResourceDefs/Types[]/MemberList[]/TypeOffset", "Member type offset", "Where the member's type record is, from the start of the part data.", ""},
	{"ResourceDefs/Types[]/MemberList[]/Offset", "Member offset", "Where the member starts in its struct, in bytes.", ""},
	{"ResourceDefs/ResourceBindings[]/Type", "Input type", "D3D_SHADER_INPUT_TYPE: 0 cbuffer, 1 tbuffer, 2 texture, 3 sampler, 4 RW typed UAV, 5 structured, 6 RW structured, 7 byte address, 8 RW byte address, 9 append, 10 consume, 11 RW structured with counter.", ""},
	{"ResourceDefs/ResourceBindings[]/ReturnType", "Return type", "D3D_RESOURCE_RETURN_TYPE of a texture or typed UAV: 1 unorm, 2 snorm, 3 sint, 4 uint, 5 float, 6 mixed, 7 double.", ""},
	{"ResourceDefs/ResourceBindings[]/Dimension", "Dimension", "D3D_SRV_DIMENSION: 1 buffer, 2 1D, 3 1D array, 4 2D, 5 2D array, 6 2D MS, 7 2D MS array, 8 3D, 9 cube, 10 cube array, 11 buffer ex.", ""},
	{"ResourceDefs/ResourceBindings[]/NumSamples", "Sample count", "The sample count of a multisampled texture.", "0xFFFFFFFF (or 0) when the resource is not multisampled."},
	{"ResourceDefs/ResourceBindings[]/BindPoint", "Bind point", "The first register of the binding (t, s, u or cb by the input type).", ""},
	{"ResourceDefs/ResourceBindings[]/BindCount", "Bind count", "How many registers the binding takes (an array takes one per element).", "0 in SM 5.1 means unbounded."},
	{"ResourceDefs/ResourceBindings[]/Flags", "Binding flags", "D3D_SHADER_INPUT_FLAGS: 1 user packed, 2 comparison sampler, 4 and 8 texture component count, 16 unused.", ""},
	{"ResourceDefs/ResourceBindings[]/Space", "Register space", "SM 5.1: the register space of the binding.", ""},
	{"ResourceDefs/ResourceBindings[]/ID", "Range ID", "SM 5.1: the ID the bytecode uses for the range (T0, U1, ...).", ""},

	// Aon9: the level-9 shader inside an SM 4 container.
	{"Level9/ChunkSize", "Level-9 part size", "Repeats the part's size.", ""},
	{"Level9/ShaderVersion", "Level-9 version", "The D3D9 version token of the shader inside (0xFFFE0200 vs_2_0, 0xFFFF0200 ps_2_0, ...). For the level_9_3 targets FXC writes 2.0 here while the shader's own token says 2_x (0x0201).", ""},
	{"Level9/ShaderSize", "Level-9 shader size", "The size in bytes of the D3D9 token stream.", ""},
	{"Level9/ShaderOffset", "Level-9 shader offset", "Where the D3D9 token stream starts, from the start of the part data.", ""},
	{"Level9/*MappingCount", "Mapping count", "How many mappings of this kind (constant buffer, loop register, sampler, runtime constant) follow.", ""},
	{"Level9/*MappingOffset", "Mappings offset", "Where the mappings of this kind start, from the start of the part data.", ""},
	{"Level9/ConstantBufferMappings[]/Buffer", "Constant buffer", "The SM 4 constant buffer the registers come from.", ""},
	{"Level9/ConstantBufferMappings[]/StartRegister", "First register", "The first 16-byte register copied from the buffer.", ""},
	{"Level9/ConstantBufferMappings[]/RegisterCount", "Register count", "How many registers are copied.", ""},
	{"Level9/ConstantBufferMappings[]/TargetRegister", "D3D9 register", "The first D3D9 float constant (c#) the registers go to.", ""},
	{"Level9/ConstantBufferMappings[]/DataConversion[]", "Data conversion", "How one component is converted on the way (0 none, 1 int to float, 2 bool to float).", ""},
	{"Level9/SamplerMappings[]/SourceResource", "Texture", "The SM 4 texture (t#) the D3D9 sampler reads.", ""},
	{"Level9/SamplerMappings[]/SourceSampler", "Sampler", "The SM 4 sampler (s#) whose state the D3D9 sampler takes.", ""},
	{"Level9/SamplerMappings[]/TargetSampler", "D3D9 sampler", "The D3D9 sampler register (s#).", ""},
	{"Level9/SamplerMappings[]/Reserved", "Reserved", "Padding of the sampler mapping.", "Zero."},
	{"Level9/RuntimeConstantMappings[]/ConstantDescription", "Runtime constant", "Which value the runtime fills in: 0 the half-pixel position offset of vertex shaders.", ""},
	{"Level9/RuntimeConstantMappings[]/TargetRegister", "D3D9 register", "The D3D9 float constant (c#) the runtime writes.", ""},
	{"Level9/Shader/Version", "D3D9 version token", "0xFFFE (vertex) or 0xFFFF (pixel) in the high half, then major and minor: 0xFFFF0200 is ps_2_0.", ""},
	{"Level9/Shader/End", "End token", "0x0000FFFF: the end of the D3D9 token stream.", ""},
	{"Level9/Shader/Instructions[]/Token", "Instruction token", "Bits 0–15 the opcode (D3DSIO_*), 16–23 controls, 24–27 the length in tokens (SM 2+), bit 28 predicated, bit 30 co-issue.", ""},
	{"Level9/Shader/Instructions[]/Params[]/Token", "Parameter token", "One parameter of a D3D9 instruction; bit 31 is always set. Bits 0–10: the register number; bits 28–30 and 11–12: the register type (D3DSPR_*: 0 r, 1 v, 2 c, 3 a or t, 4 rasterizer out, 5 attribute out, 6 texcrd out, 7 input, 8 o/color out, 10 s, 14 b, 15 aL, 17 p); bit 13: relative addressing (a relative token follows). A destination: bits 16–19 the write mask, 20–23 the result modifier (saturate, partial precision, centroid), 24–27 the shift. A source: bits 16–23 the swizzle (2 bits per component), 24–27 the source modifier (negate, bias, sign, complement, x2, dz, dw, abs, not).", "For dcl the first parameter is the usage (bits 0–4) and usage index (16–19), or the sampler's texture type (27–30); for def the others are the constant's four values."},
	{"Level9/Shader/Instructions[]/Params[]/Relative/Token", "Relative address token", "The register that indexes the parameter (a0 or aL) and its swizzle.", ""},
	{"Level9/Shader/Comments[]/Token", "Comment token", "0xFFFE with the comment's length in tokens in bits 16–30.", ""},
	{"Level9/Shader/Comments[]/FourCC", "Comment type", "The comment block's four-character code: CTAB constant table, DBUG debug information, ...", ""},
	{"Level9/Shader/Debug/Size", "Debug header size", "The size of the DBUG header.", ""},
	{"Level9/Shader/Debug/CreatorOffset", "Creator offset", "Where the creator string is, from the byte after 'DBUG'.", ""},
	{"Level9/Shader/Debug/Creator", "Creator", "The compiler that wrote the debug information.", ""},
	{"Level9/Shader/Debug/Reserved", "Reserved", "A reserved word of the DBUG header.", ""},
	{"Level9/Shader/Debug/FileCount", "File count", "How many source files the debug information names.", ""},
	{"Level9/Shader/Debug/FileOffset", "Files offset", "Where the file name offsets start.", ""},
	{"Level9/Shader/Debug/FileNameOffsets[]", "File name offset", "Where one source file's name is.", ""},
	{"Level9/Shader/Debug/Files[]", "Source file", "The name of a source file.", ""},
	{"Level9/Shader/Debug/InstructionCount", "Instruction count", "How many instructions have a source position.", ""},
	{"Level9/Shader/Debug/InstructionOffset", "Instructions offset", "Where the instruction positions start.", ""},
	{"Level9/Shader/Debug/Instructions[]/Line", "Source line", "The source line the instruction was compiled from.", ""},
	{"Level9/Shader/Debug/Instructions[]/File", "Source file", "The source file index of the instruction.", "0xFFFF: no position (declarations)."},
	{"Level9/Shader/Debug/Instructions[]/Offset", "Instruction offset", "Where the instruction token is, from the version token.", ""},
	{"Level9/Shader/Debug/VariableCount", "Variable count", "How many source variables the debug information describes.", ""},
	{"Level9/Shader/Debug/VariableOffset", "Variables offset", "Where the variable records start.", ""},
	{"Level9/Shader/Debug/EntryPointOffset", "Entry point offset", "Where the entry function's name is.", ""},
	{"Level9/Shader/Debug/EntryPoint", "Entry point", "The entry function's name.", ""},
	{"Level9/Shader/Debug/Variables[]/ScopeOffset", "Scope", "The enclosing function's name (0 at global scope).", ""},
	{"Level9/Shader/Debug/Variables[]/Name", "Variable name", "The source variable's name.", ""},
	{"Level9/Shader/Debug/Variables[]/NameOffset", "Variable name offset", "Where the source variable's name is, from the byte after 'DBUG'.", ""},
	{"Level9/Shader/Debug/Variables[]/TypeOffset", "Variable type", "Where the variable's type description is.", ""},
	{"Level9/Shader/Debug/Variables[]/RegisterCount", "Register count", "How many register writes of the variable are recorded.", ""},
	{"Level9/Shader/Debug/Variables[]/RegisterOffset", "Registers offset", "Where the variable's register records start.", ""},
	{"Level9/Shader/Debug/Variables[]/Registers[]/Instruction", "Writing instruction", "The instruction that writes this part of the variable.", ""},
	{"Level9/Shader/Debug/Variables[]/Registers[]/Components[]", "Component", "Which variable component each register component holds (0xFFFFFFFF: none).", ""},
}

// LessonSource names the document a lesson's facts come from, by the part
// value its pattern starts with.
func LessonSource(pattern string) string {
	head, _, _ := strings.Cut(pattern, "/")
	switch head {
	case "Header", "Digest", "Gap", "Trailing", "*", "PartHeader", "Name", "Size", "Unknown", "Data",
		"Hash", "Flags", "DebugName", "CompilerVersion", "Program", "Module", "Signature", "Disassembly":
		if strings.Contains(pattern, "Bitcode/") || strings.Contains(pattern, "Disassembly") {
			return "LLVM 3.7 bitcode format (LLVMBitCodes.h) and DXC's DXIL writer"
		}
		return "LLVM DXContainer.rst; DXC DxilContainer.h"
	case "PSVInfo":
		return "LLVM DXContainer.rst (PSV0); HLSL proposal 0012; DXC DxilPipelineStateValidation.h"
	case "RootSignature":
		return "LLVM DXContainer.rst (RTS0); d3d12.h root signature structures"
	case "RuntimeData":
		return "DXC RDAT_*.inl (DxilRuntimeReflection); HLSL proposal 0028 for node records"
	case "ResourceDefs":
		return "d3d11shader.h / d3dcommon.h reflection structures, as FXC writes them"
	case "SourceInfo":
		return "DXC DxilContainer.h (DxilSourceInfo)"
	case "Interfaces":
		return "no public document: FXC's listings of class-linkage shaders, and the SHEX part's dcl_interface declarations"
	case "Statistics":
		return "d3d11shader.h D3D11_SHADER_DESC; DXC DxilContainer.h"
	case "Level9":
		return "D3D9 shader token format (d3d9types.h) and FXC's level-9 part"
	case "Bytecode":
		return "d3d11TokenizedProgramFormat.hpp"
	case "SourceDebug":
		return "no public document: RenderDoc's SDBG reader (dxbc_sdbg.h)"
	case "PDB":
		return "LLVM docs/PDB (MsfFile, PdbStream, DbiStream, ModiStream, TpiStream, CodeViewSymbols, CodeViewTypes); Microsoft cvinfo.h for the HLSL records"
	}
	return "LLVM DXContainer.rst"
}

// tokenLessons teach every dword of an SM4/5 instruction (SHDR/SHEX
// Bytecode/Instructions/N/<Kind>/k spans) and of a D3D9 one (Aon9): what its bit
// fields hold. The teaching panel decodes the selected token's fields
// (TokenFields).
var tokenLessons = []Lesson{
	{"Bytecode/Instructions[]/OpcodeToken[]", "Opcode token", "The first dword of every instruction. Bits 0–10: the opcode (D3D10_SB_OPCODE_TYPE); bits 11–23: controls that depend on the opcode (bit 13 saturate, bit 18 test non-zero for if/breakc, bits 11–12 resinfo's return type, bits 19–22 the precise mask, and a declaration's own flags); bits 24–30: the instruction's length in dwords, this token included; bit 31: an extended opcode token follows.", "A custom-data block (opcode 35) keeps its length in the next dword instead."},
	{"Bytecode/Instructions[]/ExtendedOpcodeToken[]", "Extended opcode token", "Follows the opcode token when its bit 31 is set. Bits 0–5: the kind: 1 sample controls (texel offsets u, v, w as signed 4-bit values in bits 9–12, 13–16, 17–20), 2 the resource dimension (bits 6–10) and structure stride (bits 11–22), 3 the resource return type (4 bits per component from bit 6); bit 31: another extended token follows.", ""},
	{"Bytecode/Instructions[]/OperandToken[]", "Operand token", "Describes one operand. Bits 0–1: the component count (0 none, 1 one, 2 four); bits 2–3: how four components are chosen (0 a write mask in bits 4–7, 1 a swizzle, 2 bits each in bits 4–11, 2 one component in bits 4–5); bits 12–19: the register file (D3D10_SB_OPERAND_TYPE: r, v, o, cb, t, s, u, l, …); bits 20–21: the index dimension (0–3); bits 22–24, 25–27, 28–30: how each index is stored (0 an immediate 32-bit, 1 immediate 64-bit, 2 relative, 3 immediate plus relative); bit 31: an extended operand token follows.", "The indices and any immediate values follow in the next dwords."},
	{"Bytecode/Instructions[]/ExtendedOperandToken[]", "Extended operand token", "Follows an operand token whose bit 31 is set. Bits 0–5: the kind (1: modifier); bits 6–13: the source modifier (1 negate, 2 absolute value, 3 both); bits 14–16: the minimum precision (SM 5.1 min16float and friends); bit 17: non-uniform resource index (SM 5.1).", ""},
	{"Bytecode/Instructions[]/ImmediateValue[]", "Immediate value", "One 32-bit literal of an l(…) or d(…) operand: an integer or the bits of a float, one dword per component (two per component for doubles).", "The instruction's kind says how to read the bits: FXC prints floats for arithmetic, hex for bitwise operations."},
	{"Bytecode/Instructions[]/Index[]", "Operand index", "One index of an operand's register: the register number (r3, v1), the buffer and element (cb0[12]), or the base added to a relative index. A 64-bit index takes two dwords, low first.", ""},
	{"Bytecode/Instructions[]/ByteCount[]", "Byte count", "The size in bytes a raw thread-group-shared memory declaration reserves (dcl_tgsm_raw).", ""},
	{"Bytecode/Instructions[]/CallSite[]", "Call site", "The interface call site's index (fcall).", ""},
	{"Bytecode/Instructions[]/ComponentCount[]", "Component count", "How many 4-component vectors an indexable temporary array holds per element (dcl_indexableTemp).", ""},
	{"Bytecode/Instructions[]/ConstantBufferSize[]", "Constant buffer size", "The size of an SM 5.1 constant buffer range declaration in 16-byte vectors.", ""},
	{"Bytecode/Instructions[]/Count[]", "Count", "A count the declaration gives: temporaries (dcl_temps), output vertices, control points, instances or the interface table entries.", ""},
	{"Bytecode/Instructions[]/FunctionBody[]", "Function body", "The index of a function body an interface's function table points at (class linkage).", ""},
	{"Bytecode/Instructions[]/FunctionBodyCount[]", "Function bodies", "How many function bodies the shader declares (dcl_function_body).", ""},
	{"Bytecode/Instructions[]/FunctionTable[]", "Function table", "The index of a function table (class linkage).", ""},
	{"Bytecode/Instructions[]/Interface[]", "Interface", "An interface declaration's index and table size (dcl_interface).", ""},
	{"Bytecode/Instructions[]/MaxTessellationFactor[]", "Maximum tessellation factor", "The hull shader's [maxtessfactor], as a 32-bit float.", ""},
	{"Bytecode/Instructions[]/Register[]", "Register", "The register a declaration names when it is not an operand.", ""},
	{"Bytecode/Instructions[]/RegisterCount[]", "Register count", "How many registers an indexable temporary array or an input/output range declares.", ""},
	{"Bytecode/Instructions[]/RegisterSpace[]", "Register space", "The space of an SM 5.1 resource range (register(t0, space1)).", ""},
	{"Bytecode/Instructions[]/ReturnType[]", "Resource return type token", "The type each component of a typed resource reads as: 4 bits per component (x in bits 0–3, …) from D3D10_SB_RESOURCE_RETURN_TYPE (1 unorm, 2 snorm, 3 sint, 4 uint, 5 float, 6 mixed, 7 double, 8 continued, 9 unused).", ""},
	{"Bytecode/Instructions[]/StructureCount[]", "Structure count", "How many structures a structured thread-group-shared memory declaration reserves (dcl_tgsm_structured).", ""},
	{"Bytecode/Instructions[]/StructureStride[]", "Structure stride", "The size in bytes of one structure of a structured buffer or structured shared memory.", ""},
	{"Bytecode/Instructions[]/SystemValue[]", "System value", "The system value an input or output declaration names (D3D10_SB_NAME: 1 position, 2 clip distance, …, 23 inner tessellation factors).", ""},
	{"Bytecode/Instructions[]/TableCountAndArraySize[]", "Interface table", "An interface declaration's table length (bits 0–15) and array size (bits 16–31).", ""},
	{"Bytecode/Instructions[]/ThreadGroupSizeX[]", "Thread group size x", "The compute shader's [numthreads] x (1–1024).", "x × y × z is at most 1024 (768 for cs_4_x)."},
	{"Bytecode/Instructions[]/ThreadGroupSizeY[]", "Thread group size y", "The compute shader's [numthreads] y (1–1024).", ""},
	{"Bytecode/Instructions[]/ThreadGroupSizeZ[]", "Thread group size z", "The compute shader's [numthreads] z (1–64).", ""},
	{"Bytecode/Instructions[]", "Instruction", "One instruction or declaration of the token stream: its opcode token (the opcode, its controls and the length in dwords), any extended opcode tokens, then each operand (an operand token, its indices and immediate values) or a declaration's own dwords. Select a byte to see the token it is in and its bit fields.", "FXC's listing prints one line per instruction; a custom-data block (an immediate constant buffer) keeps its length in its second dword."},
}

// statLessons name each counter of FXC's STAT part by its position.
var statLessons = func() []Lesson {
	about := map[string]string{
		"InstructionCount":  "instructions in the shader (the listing's 'Approximately N instruction slots' counts slots, not these)",
		"TempRegisterCount": "temporary registers (dcl_temps)", "DefCount": "constants defined in the code", "DclCount": "declarations",
		"FloatInstructionCount": "floating-point arithmetic instructions", "IntInstructionCount": "signed integer instructions",
		"UintInstructionCount": "unsigned integer instructions", "StaticFlowControlCount": "flow-control instructions whose path is known when compiling",
		"DynamicFlowControlCount": "flow-control instructions that branch on run-time values", "MacroInstructionCount": "macro instructions",
		"TempArrayCount": "temporary arrays (indexable temporaries)", "ArrayInstructionCount": "instructions that index arrays",
		"CutInstructionCount": "geometry-shader cut instructions", "EmitInstructionCount": "geometry-shader emit instructions",
		"TextureNormalInstructions": "plain texture samples", "TextureLoadInstructions": "texture loads (ld)",
		"TextureCompInstructions": "comparison samples", "TextureBiasInstructions": "biased samples",
		"TextureGradientInstructions": "samples with explicit gradients", "MovInstructionCount": "mov instructions",
		"MovcInstructionCount": "movc (conditional move) instructions", "ConversionInstructionCount": "type conversions",
		"Unknown22": "a counter no public header names (zero in every known file)", "InputPrimitive": "the geometry shader's input primitive (D3D_PRIMITIVE)",
		"GSOutputTopology": "the geometry shader's output topology", "GSMaxOutputVertexCount": "the geometry shader's [maxvertexcount]",
		"Unknown26": "a counter no public header names", "LodInstructions": "lod instructions",
		"Unknown28": "a counter no public header names", "Unknown29": "a counter no public header names",
		"ControlPoints": "the hull or domain shader's control points", "HSOutputPrimitive": "the hull shader's output primitive",
		"HSPartitioning": "the hull shader's partitioning", "TessellatorDomain": "the tessellator domain (isoline, tri, quad)",
		"BarrierInstructions": "barrier (sync) instructions", "InterlockedInstructions": "atomic (interlocked) instructions",
		"TextureStoreInstructions": "texture and UAV stores",
	}
	var out []Lesson
	for i, name := range decode.StatNames() {
		out = append(out,
			Lesson{fmt.Sprintf("Statistics/Fields/%d/Value", i), name, fmt.Sprintf("STAT dword %d, %s: the number of %s.", i, name, about[name]), "FXC stores D3D11_SHADER_DESC's counters at fixed positions; the name comes from the position."},
			Lesson{fmt.Sprintf("Statistics/Fields/%d", i), name, fmt.Sprintf("STAT dword %d: %s.", i, about[name]), ""})
	}
	return out
}()

// bitcodeLessons teach each LLVM block DXIL uses, and each instruction
// record kind a disassembly line selects (Disassembly/N/<record> in DXIL or ILDB).
var bitcodeLessons = []Lesson{
	{"*/Bitcode/MODULE_BLOCK", "Module block", "The whole LLVM module (MODULE_BLOCK_ID 8): the version, triple and data layout records, then the blocks below, global variables and one FUNCTION record per function.", "A block starts with ENTER_SUBBLOCK (abbreviation 1), its ID and the abbreviation width, and ends with END_BLOCK, aligned to 32 bits."},
	{"*/Bitcode/**/BLOCKINFO_BLOCK", "Block info", "Abbreviations shared by every block of an ID (BLOCKINFO_BLOCK_ID 0): SETBID names the block ID, DEFINE_ABBREV records follow for it.", "DXC puts one at the start of the module for the value symbol table, constants and function blocks."},
	{"*/Bitcode/**/PARAMATTR_BLOCK", "Attribute lists", "The attribute lists of functions and calls (PARAMATTR_BLOCK_ID 9): each entry lists attribute group IDs.", ""},
	{"*/Bitcode/**/PARAMATTR_GROUP_BLOCK_ID", "Attribute groups", "The attribute groups (PARAMATTR_GROUP_BLOCK_ID 10): nounwind, readnone, readonly and DXC's string attributes, each group numbered.", ""},
	{"*/Bitcode/**/TYPE_BLOCK_ID", "Type table", "Every type the module uses, numbered in order (TYPE_BLOCK_ID_NEW 17): integers, floats, pointers, vectors, arrays, structs such as %dx.types.Handle, and function types.", "Records refer to types by these numbers."},
	{"*/Bitcode/**/CONSTANTS_BLOCK", "Constants", "Constant values (CONSTANTS_BLOCK_ID 11): SETTYPE picks the type for the records after it, then integers, floats, null, undef, aggregates and strings; at module level they are global, inside a function local to it.", "Each constant takes the next value number."},
	{"*/Bitcode/**/FUNCTION_BLOCK", "Function body", "One function's code (FUNCTION_BLOCK_ID 12): DECLAREBLOCKS, then one record per instruction, with its constants, metadata attachments and value names in nested blocks.", "Operands are relative value numbers: the current value number minus the operand's."},
	{"*/Bitcode/**/VALUE_SYMTAB", "Value symbol table", "Names of values (VALUE_SYMTAB_BLOCK_ID 14): at module level the functions and globals (dx.op.*, the entry point), inside a function its named values and blocks.", ""},
	{"*/Bitcode/**/METADATA_BLOCK", "Metadata", "Metadata nodes and strings (METADATA_BLOCK_ID 15): DXIL keeps the shader model, entry points, resources, signatures and ViewID state here as named metadata (dx.shaderModel, dx.entryPoints, dx.resources, …).", "Nodes are numbered in order; NAME then NAMED_NODE gives a named list its nodes."},
	{"*/Bitcode/**/METADATA_ATTACHMENT_BLOCK", "Metadata attachments", "Metadata attached to a function's instructions (METADATA_ATTACHMENT_ID 16): each record names an instruction, then kind and node pairs (!dx.precise, debug locations are elsewhere).", ""},
	{"Disassembly[]/INST_CALL", "Call record", "FUNC_CODE_INST_CALL (34): attributes, calling convention flags, the function type (with the explicit-type flag), the callee and its arguments as relative value numbers.", "In DXIL almost every call is to a dx.op.* function whose first argument is the operation's opcode."},
	{"Disassembly[]/INST_RET", "Return record", "FUNC_CODE_INST_RET (10): a return, with the returned value's relative number when the function returns one.", ""},
	{"Disassembly[]/INST_BR", "Branch record", "FUNC_CODE_INST_BR (11): the target block, or the true block, the false block and the condition.", ""},
	{"Disassembly[]/INST_BINOP", "Binary operation record", "FUNC_CODE_INST_BINOP (2): two operands, the operation (add, sub, mul, udiv, sdiv, urem, srem, shl, lshr, ashr, and, or, xor; the float forms by type) and optional flags (nsw, nuw, exact, fast-math).", ""},
	{"Disassembly[]/INST_CAST", "Cast record", "FUNC_CODE_INST_CAST (3): the operand, the destination type and the cast (trunc, zext, sext, fptoui, fptosi, uitofp, sitofp, fptrunc, fpext, ptrtoint, inttoptr, bitcast, addrspacecast).", ""},
	{"Disassembly[]/INST_CMP2", "Compare record", "FUNC_CODE_INST_CMP2 (28): two operands and the predicate (fcmp 0–15, icmp 32–41).", ""},
	{"Disassembly[]/INST_VSELECT", "Select record", "FUNC_CODE_INST_VSELECT (29): the true value, the false value and the condition.", ""},
	{"Disassembly[]/INST_PHI", "Phi record", "FUNC_CODE_INST_PHI (16): the type, then pairs of incoming value (signed, relative) and predecessor block.", ""},
	{"Disassembly[]/INST_LOAD", "Load record", "FUNC_CODE_INST_LOAD (20): the pointer, the loaded type, the alignment (log2 + 1) and volatile.", ""},
	{"Disassembly[]/INST_STORE", "Store record", "FUNC_CODE_INST_STORE (44): the pointer, the value, the alignment (log2 + 1) and volatile.", ""},
	{"Disassembly[]/INST_ALLOCA", "Alloca record", "FUNC_CODE_INST_ALLOCA (19): the allocated type, the size operand's type and value, and the alignment with the in-alloca and explicit-type flags.", ""},
	{"Disassembly[]/INST_GEP", "GetElementPtr record", "FUNC_CODE_INST_GEP (43): the inbounds flag, the source element type, the pointer and the indices.", ""},
	{"Disassembly[]/INST_EXTRACTVAL", "Extract value record", "FUNC_CODE_INST_EXTRACTVAL (26): the aggregate and constant indices (dx.op calls return %dx.types.ResRet and friends whose fields are extracted).", ""},
	{"Disassembly[]/INST_EXTRACTELT", "Extract element record", "FUNC_CODE_INST_EXTRACTELT (6): the vector and the index.", ""},
	{"Disassembly[]/INST_INSERTELT", "Insert element record", "FUNC_CODE_INST_INSERTELT (7): the vector, the element and the index.", ""},
	{"Disassembly[]/INST_SHUFFLEVEC", "Shuffle record", "FUNC_CODE_INST_SHUFFLEVEC (8): two vectors and the constant mask.", ""},
	{"Disassembly[]/INST_ATOMICRMW", "Atomic read-modify-write record", "FUNC_CODE_INST_ATOMICRMW (38): the pointer, the value, the operation, volatile, ordering and scope.", ""},
	{"Disassembly[]/INST_UNREACHABLE", "Unreachable record", "FUNC_CODE_INST_UNREACHABLE (15): no operands.", ""},
	{"Disassembly[]/INST_SWITCH", "Switch record", "FUNC_CODE_INST_SWITCH (12): the condition's type, the condition (relative), the default block, then for each case the case value's id (absolute) and its block.", "DXC lowers an HLSL switch to one when it keeps the branches."},
	{"Disassembly[]/INST_CMPXCHG", "Compare-exchange record", "FUNC_CODE_INST_CMPXCHG (46): the pointer, the value compared, the new value, volatile, the ordering on success, the scope, the ordering on failure and weak.", "DXIL writes one for InterlockedCompareExchange on groupshared memory; on resources it calls dx.op.atomicCompareExchange."},
	{"Disassembly[]/INST_INSERTVAL", "Insert value record", "FUNC_CODE_INST_INSERTVAL (27): the aggregate, the value and the constant indices where it goes.", ""},
	{"Disassembly[]/INST_SELECT", "Select record (old form)", "FUNC_CODE_INST_SELECT (5): the type, the true value, the false value and an i1 condition; LLVM 3.7 writes INST_VSELECT instead.", ""},
	{"Disassembly[]/INST_CMP", "Compare record (old form)", "FUNC_CODE_INST_CMP (9): two operands and the predicate; LLVM 3.7 writes INST_CMP2 instead.", ""},
	{"Disassembly[]/INST_FENCE", "Fence record", "FUNC_CODE_INST_FENCE (36): the ordering and the scope.", "DXIL has no fences: barriers are calls of dx.op.barrier."},
	{"Disassembly[]/INST_LOADATOMIC", "Atomic load record", "FUNC_CODE_INST_LOADATOMIC (41): the pointer, the loaded type, the alignment (log2 + 1), volatile, the ordering and the scope.", ""},
	{"Disassembly[]/INST_STOREATOMIC", "Atomic store record", "FUNC_CODE_INST_STOREATOMIC (45): the pointer, the value, the alignment (log2 + 1), volatile, the ordering and the scope.", ""},
	{"Disassembly[]/INST_VAARG", "Variable argument record", "FUNC_CODE_INST_VAARG (23): the va_list's type, the va_list and the argument's type.", "No shader has one; LLVM's reader accepts it."},
	{"Disassembly[]/INST_INDIRECTBR", "Indirect branch record", "FUNC_CODE_INST_INDIRECTBR (31): the address's type, the address, then every block it may go to.", "No shader has one; LLVM's reader accepts it."},
	{"Disassembly[]/INST_INVOKE", "Invoke record", "FUNC_CODE_INST_INVOKE (13): attributes, calling convention flags, the normal and the unwind block, the function type, the callee and its arguments.", "Exceptions do not exist in shaders; LLVM's reader accepts it."},
	{"Disassembly[]/INST_RESUME", "Resume record", "FUNC_CODE_INST_RESUME (39): the exception value to go on unwinding with.", "Exceptions do not exist in shaders; LLVM's reader accepts it."},
	{"Disassembly[]/INST_LANDINGPAD", "Landing pad record", "FUNC_CODE_INST_LANDINGPAD (47): the type, whether it is a cleanup, the number of clauses, then each clause's kind and value.", "Exceptions do not exist in shaders; LLVM's reader accepts it."},
	{"Disassembly[]", "Instruction record", "The record of one instruction in a FUNCTION_BLOCK, as the line above it prints it: its bits are selected in the hex view (records are bit-aligned, so the first and last byte may hold other records' bits too).", ""},
}
