package decode

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/report"
)

// ---- SFI0 ----

// featureBit describes one SFI0 bit: its name as LLVM's
// DXContainerConstants.def gives it (the name obj2yaml prints), what DXC's
// disassembler prints for it (for people reading the page), and the shader
// model that introduced it, so the page can say what a set flag asks of the
// runtime.
type featureBit struct {
	name, text, model string
}

// featureBits are SFI0 bits 0..33. LLVM 19 calls bit 31 "NextUnusedBit" and
// has no bit 32. Bit 33 is ShaderFeatureInfo_LinearAlgebra (0x200000000, SM
// 6.10, experimental), which DXC defined in pull request 8884 (merged
// 2026-09-04; DXC at 9a3e225 still counted 33 bits); the text DXC's
// disassembler prints for it is not in that change's public description, so
// "Linear Algebra" is ours. Bits 34-39 are undefined and shown as BitN.
// Bits 0-13 date from the FXC era (feature levels 10-11.1,
// shader models 4.0/5.0); bits 14 and up follow the shader model that added
// the feature, as DXC's rdat_mintarget tests
// (tools/clang/test/HLSLFileCheck/d3dreflect/rdat_mintarget) and the HLSL
// shader-model pages state.
var featureBits = [...]featureBit{
	{"Doubles", "Double-precision floating point", "5.0"},
	{"ComputeShadersPlusRawAndStructuredBuffers", "Raw and Structured buffers", "4.0"},
	{"UAVsAtEveryStage", "UAVs at every shader stage", "5.0"},
	{"Max64UAVs", "64 UAV slots", "5.0"},
	{"MinimumPrecision", "Minimum-precision data types", "4.0"},
	{"DX11_1_DoubleExtensions", "Double-precision extensions for 11.1", "5.0"},
	{"DX11_1_ShaderExtensions", "Shader extensions for 11.1", "5.0"},
	{"LEVEL9ComparisonFiltering", "Comparison filtering for feature level 9", "4.0"},
	{"TiledResources", "Tiled resources", "5.0"},
	{"StencilRef", "PS Output Stencil Ref", "5.0"},
	{"InnerCoverage", "PS Inner Coverage", "5.0"},
	{"TypedUAVLoadAdditionalFormats", "Typed UAV Load Additional Formats", "5.0"},
	{"ROVs", "Raster Ordered UAVs", "5.0"},
	{"ViewportAndRTArrayIndexFromAnyShaderFeedingRasterizer", "SV_RenderTargetArrayIndex or SV_ViewportArrayIndex from any shader feeding rasterizer", "5.0"},
	{"WaveOps", "Wave level operations", "6.0"},
	{"Int64Ops", "64-Bit integer", "6.0"},
	{"ViewID", "View Instancing", "6.1"},
	{"Barycentrics", "Barycentrics", "6.1"},
	{"NativeLowPrecision", "Use native low precision", "6.2"},
	{"ShadingRate", "Shading Rate", "6.4"},
	{"Raytracing_Tier_1_1", "Raytracing tier 1.1 features", "6.5"},
	{"SamplerFeedback", "Sampler feedback", "6.5"},
	{"AtomicInt64OnTypedResource", "64-bit Atomics on Typed Resources", "6.6"},
	{"AtomicInt64OnGroupShared", "64-bit Atomics on Group Shared", "6.6"},
	{"DerivativesInMeshAndAmpShaders", "Derivatives in mesh and amplification shaders", "6.6"},
	{"ResourceDescriptorHeapIndexing", "Resource descriptor heap indexing", "6.6"},
	{"SamplerDescriptorHeapIndexing", "Sampler descriptor heap indexing", "6.6"},
	{"RESERVED", "Reserved (experimental)", ""},
	{"AtomicInt64OnHeapResource", "64-bit Atomics on Heap Resources", "6.6"},
	{"AdvancedTextureOps", "Advanced Texture Ops", "6.7"},
	{"WriteableMSAATextures", "Writeable MSAA Textures", "6.7"},
	{"SampleCmpWithGradientOrBias", "SampleCmp with gradient or bias", "6.8"},
	{"ExtendedCommandInfo", "Extended command info", "6.8"},
	{"LinearAlgebra", "Linear Algebra", "6.10"},
}

// Optional feature bits (DXC OptFeatureInfo_*), which the runtime ignores.
const (
	OptUsesDerivatives = 40
	OptRequiresGroup   = 41
)

var optionalFeatureBits = map[int]featureBit{
	OptUsesDerivatives: {"UsesDerivatives", "Function uses derivatives", ""},
	OptRequiresGroup:   {"RequiresGroup", "Function requires visible group", ""},
}

// featureFlagNames and featureFlagModels are columns of featureBits: the keys
// of the JSON object, and the models FeatureFlagShaderModel reports.
var featureFlagNames, featureFlagModels = func() (names, models [len(featureBits)]string) {
	for i, b := range featureBits {
		names[i], models[i] = b.name, b.model
	}
	return
}()

// lookupFeatureBit is SFI0 bit i's description, if any writer defines the bit.
func lookupFeatureBit(i int) (featureBit, bool) {
	if i >= 0 && i < len(featureBits) {
		return featureBits[i], true
	}
	b, ok := optionalFeatureBits[i]
	return b, ok
}

// FeatureFlags is the SFI0 part: a 64-bit set of features the shader needs.
type FeatureFlags uint64

// Names returns the names of the set bits; unnamed bits appear as "Bit<n>".
func (f FeatureFlags) Names() []string {
	var n []string
	for i := 0; i < 64; i++ {
		if f&(1<<i) != 0 {
			n = append(n, FeatureFlagName(i))
		}
	}
	return n
}

// FeatureFlagName names SFI0 bit i the way obj2yaml does (and "Bit<i>" for unnamed bits).
func FeatureFlagName(i int) string {
	if b, ok := lookupFeatureBit(i); ok {
		return b.name
	}
	return fmt.Sprintf("Bit%d", i)
}

// FeatureFlagText is DXC's description of SFI0 bit i.
func FeatureFlagText(i int) string {
	if b, ok := lookupFeatureBit(i); ok {
		return b.text
	}
	return fmt.Sprintf("unknown feature bit %d", i)
}

// FeatureFlagShaderModel returns the shader model ("6.1") that introduced
// SFI0 bit i, or "" for bits no compiler defines.
func FeatureFlagShaderModel(i int) string {
	if i >= 0 && i < len(featureFlagModels) {
		return featureFlagModels[i]
	}
	return ""
}

// UnknownBits returns the set bits that no writer defines.
func (f FeatureFlags) UnknownBits() []int {
	var u []int
	for i := len(featureFlagNames); i < 64; i++ {
		if _, ok := optionalFeatureBits[i]; f&(1<<i) != 0 && !ok {
			u = append(u, i)
		}
	}
	return u
}

// MarshalJSON writes obj2yaml's map of every named flag to a bool, in bit
// order, followed by the optional bits and any unknown set bit.
func (f FeatureFlags) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, n := range featureFlagNames {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%t", n, f&(1<<i) != 0)
	}
	for _, i := range []int{OptUsesDerivatives, OptRequiresGroup} {
		fmt.Fprintf(&b, ",%q:%t", optionalFeatureBits[i].name, f&(1<<i) != 0)
	}
	for _, i := range f.UnknownBits() {
		fmt.Fprintf(&b, ",%q:true", FeatureFlagName(i))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads flags written by MarshalJSON.
func (f *FeatureFlags) UnmarshalJSON(data []byte) error {
	var m map[string]bool
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*f = 0
	for i := 0; i < 64; i++ {
		if m[FeatureFlagName(i)] {
			*f |= 1 << i
		}
	}
	return nil
}

func decodeFeatureInfo(p *Part, r *binread.Reader) {
	v := FeatureFlags(r.U64("")) // the one field is the value: its span is Flags
	if r.Failed {
		return
	}
	p.Flags = &v
	for _, i := range v.UnknownBits() {
		r.ProblemAt(Warning, 0, "feature flags", "SFI0 bit %d is set, but no compiler defines it", i)
	}
	if r.Remaining() > 0 {
		r.Problem(Warning, "SFI0 is %d bytes; only the first 8 are defined", r.Len())
	}
}

// ---- HASH ----

// ShaderHash is the HASH part (DxilShaderHash): an MD5 of the shader, used by PIX and drivers to identify it.
type ShaderHash struct {
	IncludesSource bool     // Flags bit 0: the hash covers the source too (-Zss)
	Digest         HexBytes // 16 bytes
	Flags          uint32   // added: the raw flags word
}

func decodeShaderHash(p *Part, r *binread.Reader) {
	h := &ShaderHash{}
	r.Begin("", "shader hash")
	h.Flags = r.U32("Flags")
	h.IncludesSource = h.Flags&1 != 0
	h.Digest = HexBytes(r.Bytes("Digest", 16))
	r.End()
	if r.Failed {
		return
	}
	p.Hash = h
	if h.Flags&^1 != 0 {
		r.ProblemAt(Warning, 0, "Flags", "HASH flags 0x%x has bits other than IncludesSource (0x1) set", h.Flags)
	}
	if r.Remaining() > 0 {
		r.Problem(Warning, "HASH is %d bytes; only the first 20 are defined", r.Len())
	}
}

// ---- DXIL / ILDB / STAT program header ----

// ProgramHeader is the header of DXIL, ILDB and DXIL-style STAT parts
// (DxilProgramHeader and DxilBitcodeHeader), with obj2yaml's key names.
type ProgramHeader struct {
	MajorVersion     uint32          // shader model major
	MinorVersion     uint32          // shader model minor
	ShaderKind       dxil.ShaderKind `json:"ShaderKind"`
	Size             uint32          // SizeInUint32: the whole program in dwords
	DXILMajorVersion uint32
	DXILMinorVersion uint32
	DXILSize         uint32   // BitcodeSize
	DXIL             HexBytes `json:",omitempty"` // the bitcode, as obj2yaml prints it

	// Added keys.
	ShaderKindName string
	DXILOffset     uint32 // BitcodeOffset, from the DXIL magic (normally 16)
	BitcodeStart   int64  // absolute offset of the bitcode in the file
	BitcodeValid   bool   // the bitcode starts with 'BC' 0xC0DE
}

func decodeProgram(f *File, p *Part, r *binread.Reader) {
	h := &ProgramHeader{}
	r.Begin("", "program header")
	// Span names follow the JSON keys under Program; the packed version byte gets one span per nibble's key.
	ver := r.U8("MinorVersion")
	r.Field("MajorVersion", -1, fmt.Sprint(ver>>4))
	h.MajorVersion = uint32(ver >> 4)
	h.MinorVersion = uint32(ver & 0xf)
	r.U8("Unused")
	h.ShaderKind = dxil.ShaderKind(r.U16("ShaderKind"))
	h.ShaderKindName = h.ShaderKind.String()
	h.Size = r.U32("Size")
	magic := r.Bytes("DxilMagic", 4)
	h.DXILMinorVersion = uint32(r.U8("DXILMinorVersion"))
	h.DXILMajorVersion = uint32(r.U8("DXILMajorVersion"))
	r.U16("DXILUnused")
	h.DXILOffset = r.U32("DXILOffset")
	h.DXILSize = r.U32("DXILSize")
	r.End()
	if r.Failed {
		return
	}
	p.Program = h
	if string(magic) != "DXIL" {
		r.ProblemAt(Error, 8, "program header", "DxilMagic is %q, not \"DXIL\"", binread.Printable(magic))
		r.Seek(24)
		r.Raw("Data", r.Remaining())
		return
	}
	if h.ShaderKind > dxil.Invalid {
		r.ProblemAt(Warning, 2, "program header", "shader kind %d is not one DXIL defines (0 to 16)", h.ShaderKind)
	}
	if int64(h.Size)*4 > int64(r.Len()) {
		r.ProblemAt(Warning, 4, "program header", "SizeInUint32 says %d bytes but the part holds %d", int64(h.Size)*4, r.Len())
	}
	start := int64(8) + int64(h.DXILOffset)
	endBC := start + int64(h.DXILSize)
	if start < 24 || endBC > int64(r.Len()) {
		r.ProblemAt(Error, 16, "program header", "bitcode at 0x%x+%d (BitcodeOffset %d from the DXIL magic) does not fit in the %d-byte part", start, h.DXILSize, h.DXILOffset, r.Len())
		r.Seek(24)
		r.Raw("Data", r.Remaining())
		return
	}
	if start > 24 {
		r.Seek(24)
		r.Bytes("Padding", int(start-24))
	}
	bc := r.Data[start:endBC]
	h.BitcodeStart = r.Base + start
	h.DXIL = HexBytes(bc)
	h.BitcodeValid = len(bc) >= 4 && bc[0] == 'B' && bc[1] == 'C' && bc[2] == 0xC0 && bc[3] == 0xDE
	if !h.BitcodeValid {
		r.ProblemAt(Error, int(start), "bitcode", "the bitcode does not start with the LLVM magic 'BC' 0xC0DE")
		r.Seek(int(start))
		r.Raw("Bitcode", len(bc))
	} else {
		at := r.Base + start
		p.Module = dxil.Decode(bc, at, "Module/Bitcode", p.Name, r.Out) // the bitcode is the Module's
		dxil.Check(dxil.Header{Kind: h.ShaderKind, Major: h.MajorVersion, Minor: h.MinorVersion,
			DXILMajor: h.DXILMajorVersion, DXILMinor: h.DXILMinorVersion}, p.Module, at, p.Name, r.Out)
	}
	r.Seek(int(endBC))
	if r.Remaining() > 0 {
		tail := r.Data[endBC:]
		if allZero(tail) && len(tail) < 4 {
			r.Bytes("Padding", len(tail))
		}
	}
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// ---- FXC STAT ----

// statNames names the dwords of the FXC STAT part, in the order FXC writes them
// (as Wine's d3dcompiler and Xenia's DXBC writer read them). The first 29 exist
// in SM4 containers; SM5 adds 8.
var statNames = [...]string{
	"InstructionCount", "TempRegisterCount", "DefCount", "DclCount",
	"FloatInstructionCount", "IntInstructionCount", "UintInstructionCount", "StaticFlowControlCount",
	"DynamicFlowControlCount", "MacroInstructionCount", "TempArrayCount", "ArrayInstructionCount",
	"CutInstructionCount", "EmitInstructionCount", "TextureNormalInstructions", "TextureLoadInstructions",
	"TextureCompInstructions", "TextureBiasInstructions", "TextureGradientInstructions", "MovInstructionCount",
	"MovcInstructionCount", "ConversionInstructionCount", "Unknown22", "InputPrimitive",
	"GSOutputTopology", "GSMaxOutputVertexCount", "Unknown26", "LodInstructions",
	"Unknown28", "Unknown29", "ControlPoints", "HSOutputPrimitive",
	"HSPartitioning", "TessellatorDomain", "BarrierInstructions", "InterlockedInstructions",
	"TextureStoreInstructions",
}

// StatField is one named dword of an FXC STAT part.
type StatField struct {
	Name  string
	Value uint32
}

// StatNames returns the names of FXC STAT's dwords by position (D3D11_SHADER_DESC's counters).
func StatNames() []string { return statNames[:] }

// Statistics is the FXC STAT part: instruction counts and a few stage facts.
type Statistics struct {
	Fields []StatField
}

func decodeStatistics(p *Part, r *binread.Reader) {
	s := &Statistics{}
	n := r.Len() / 4
	if r.Len()%4 != 0 || (n != 29 && n != 37) {
		r.Problem(Note, "FXC STAT is %d bytes; FXC writes 116 (SM4) or 148 (SM5)", r.Len())
	}
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("Dword%d", i)
		if i < len(statNames) {
			name = statNames[i]
		}
		r.Begin(fmt.Sprintf("Fields[%d]", i), "statistic")
		s.Fields = append(s.Fields, StatField{name, r.U32("Value")})
		r.End()
	}
	p.Statistics = s
}

// ---- ILDN ----

// DebugName is the ILDN part: the name of the external debug file (PDB) for this shader.
type DebugName struct {
	Flags      uint16
	NameLength uint16
	DebugName  string
	Valid      bool // added: the part size matches align4(4+NameLength+1), as DXC requires
}

func decodeDebugName(p *Part, r *binread.Reader) {
	d := &DebugName{}
	d.Flags = r.U16("Flags")
	d.NameLength = r.U16("NameLength")
	if r.Failed {
		return
	}
	n := r.Fit(int(d.NameLength), 2, "debug name", "NameLength %d runs past the end of the %d-byte part", d.NameLength, r.Len())
	d.DebugName = string(r.Bytes("DebugName", n))
	if r.Remaining() > 0 {
		r.Bytes("Terminator", 1)
	}
	if r.Remaining() > 0 {
		r.Bytes("Padding", r.Remaining())
	}
	want := (4 + int(d.NameLength) + 1 + 3) &^ 3
	d.Valid = r.Len() == want && r.Len() >= 8
	if !d.Valid {
		r.ProblemAt(Warning, 0, "debug name", "ILDN is %d bytes but a %d-byte name needs exactly %d (DXC reports this as corruption)", r.Len(), d.NameLength, want)
	}
	p.DebugName = d
}

// ---- VERS ----

// CompilerVersion is the VERS part (DxilCompilerVersion): which compiler build wrote the container.
type CompilerVersion struct {
	Major               uint16
	Minor               uint16
	VersionFlags        uint32
	IsDebugBuild        bool // VersionFlags bit 0 (DxcVersionInfoFlags_Debug)
	IsInternal          bool // VersionFlags bit 1 (DxcVersionInfoFlags_Internal)
	CommitCount         uint32
	ContentSizeInBytes  uint32 // VersionStringListSizeInBytes
	CommitSha           string
	CustomVersionString string
}

func decodeCompilerVersion(p *Part, r *binread.Reader) {
	v := &CompilerVersion{}
	v.Major = r.U16("Major")
	v.Minor = r.U16("Minor")
	v.VersionFlags = r.U32("VersionFlags")
	v.IsDebugBuild = v.VersionFlags&1 != 0
	v.IsInternal = v.VersionFlags&2 != 0
	v.CommitCount = r.U32("CommitCount")
	v.ContentSizeInBytes = r.U32("ContentSizeInBytes")
	if r.Failed {
		return
	}
	p.CompilerVersion = v
	n := r.Fit(int(v.ContentSizeInBytes), 12, "compiler version", "the version strings claim %d bytes but %d remain", v.ContentSizeInBytes, r.Remaining())
	sr := r.Sub(r.Pos, n, r.Path, "version strings") // the strings are fields of the part, as in the JSON
	if sr.Len() > 0 {
		v.CommitSha = sr.CString("CommitSha")
	}
	if sr.Remaining() > 0 {
		v.CustomVersionString = sr.CString("CustomVersionString")
	}
	if sr.Remaining() > 0 {
		sr.Bytes("StringsPadding", sr.Remaining())
	}
	r.Seek(r.Pos + n)
	if r.Remaining() > 0 {
		r.Bytes("Padding", r.Remaining())
	}
}

// ---- SRCI ----

// zlibCap bounds any inflated payload, whatever its header claims.
const zlibCap = 64 << 20

// inflateRatio and inflateBase bound an inflated payload by what was
// compressed: zlib reaches 1,032 times its input on runs of one byte, where
// source text compresses 3 to 10 times, so 64 KB of a zlib bomb made 64 MB
// of source that every consumer (JSON, the page's tree) then copies again.
// inflateBase is the file's, not each payload's: k parts of a few hundred
// bytes each inflating 64 KiB made k times 64 KiB (File.inflateLeft).
const (
	inflateRatio = 64
	inflateBase  = 64 << 10
)

// inflate decompresses zlib data, refusing to produce more than limit bytes,
// inflateRatio bytes per compressed byte (inflateBase at least), or what the
// file's payloads may still inflate to together, which it takes from. An
// inflated byte counts cost times: what decoding it allocates, against the
// copy a source's text is (PDBI's runtime data decodes to records, about 20
// bytes a byte, so it counts 4 and inflates to a quarter as much).
func (f *File) inflate(b []byte, limit, cost int) ([]byte, error) {
	why := "allowed"
	if room := (inflateBase + inflateRatio*len(b)) / cost; room < limit {
		limit, why = room, fmt.Sprintf("allowed for %d compressed bytes (%d per byte, %d KiB at least)", len(b), inflateRatio/cost, inflateBase/cost>>10)
	}
	if left := f.inflateLeft / cost; left < limit {
		limit, why = left, fmt.Sprintf("left of what the file's compressed payloads may inflate to together (%d KiB and %d per file byte)", inflateBase/cost>>10, inflateRatio/cost)
		if left <= 0 {
			// Nothing is left: not even the 32 KiB window a zlib reader takes.
			return nil, fmt.Errorf("not inflated: the file's compressed payloads already inflated to all they may together (%d KiB and %d per file byte)", inflateBase/cost>>10, inflateRatio/cost)
		}
	}
	zr, err := zlib.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	out, err := io.ReadAll(io.LimitReader(zr, int64(limit)+1))
	f.inflateLeft -= cost * min(len(out), limit)
	if err != nil {
		return out, err
	}
	if len(out) > limit {
		return out[:limit], fmt.Errorf("inflated data exceeds the %d bytes %s", limit, why)
	}
	return out, nil
}

// pdbiInflateCost is what an inflated byte of PDBI's runtime data counts
// against the file's allowance (see inflate).
const pdbiInflateCost = 4

// SourceInfoHeader is DxilSourceInfo.
type SourceInfoHeader struct {
	AlignedSizeInBytes uint32
	Flags              uint16
	SectionCount       uint16
}

// SourceInfoSectionHeader is DxilSourceInfoSection.
type SourceInfoSectionHeader struct {
	AlignedSizeInBytes uint32
	Flags              uint16
	Type               string // SourceContents, SourceNames or Args
}

// hlsl::DxilSourceInfoSectionType: what a SRCI section holds.
const (
	srciSourceContents = 0
	srciSourceNames    = 1
	srciArgs           = 2
)

var srciSectionTypes = [...]string{srciSourceContents: "SourceContents", srciSourceNames: "SourceNames", srciArgs: "Args"}

// How SRCI source contents and a PDBI payload are compressed
// (hlsl::DxilSourceInfo_SourceContentsCompressType, PDBI's CompressionType).
const (
	CompressionNone = 0
	CompressionZlib = 1
)

// srciSectionKeys are the SourceInfo keys the sections decode into.
var srciSectionKeys = [...]string{"Contents", "Names", "Args"}

// SourceNamesHeader is DxilSourceInfo_SourceNames.
type SourceNamesHeader struct {
	Flags              uint32
	Count              uint32
	EntriesSizeInBytes uint16
}

// SourceNameEntry is one DxilSourceInfo_SourceNamesEntry.
type SourceNameEntry struct {
	AlignedSizeInBytes uint32
	Flags              uint32
	NameSizeInBytes    uint32
	ContentSizeInBytes uint32
	FileName           string
}

// SourceNames is the SourceNames section.
type SourceNames struct {
	SectionHeader SourceInfoSectionHeader
	Header        SourceNamesHeader
	Entries       []SourceNameEntry
}

// SourceContentsHeader is DxilSourceInfo_SourceContents.
type SourceContentsHeader struct {
	AlignedSizeInBytes             uint32
	Flags                          uint16
	Type                           string // compression: None or Zlib
	EntriesSizeInBytes             uint32
	UncompressedEntriesSizeInBytes uint32
	Count                          uint32
}

// SourceContentEntry is one DxilSourceInfo_SourceContentsEntry.
type SourceContentEntry struct {
	AlignedSizeInBytes uint32
	Flags              uint32
	ContentSizeInBytes uint32
	FileContent        string
}

// SourceContents is the SourceContents section.
type SourceContents struct {
	SectionHeader SourceInfoSectionHeader
	Header        SourceContentsHeader
	Entries       []SourceContentEntry
}

// SourceArgsHeader is DxilSourceInfo_Args.
type SourceArgsHeader struct {
	Flags       uint32
	SizeInBytes uint32
	Count       uint32
}

// SourceArg is one compiler argument and its value.
type SourceArg struct {
	Arg   string
	Value string
}

// SourceArgs is the Args section.
type SourceArgs struct {
	SectionHeader SourceInfoSectionHeader
	Header        SourceArgsHeader
	Args          []SourceArg
}

// SourceInfo is the SRCI part: the shader's source files and compiler arguments.
type SourceInfo struct {
	Header   SourceInfoHeader
	Names    *SourceNames    `json:",omitempty"`
	Contents *SourceContents `json:",omitempty"`
	Args     *SourceArgs     `json:",omitempty"`
}

func decodeSourceInfo(f *File, p *Part, r *binread.Reader) {
	s := &SourceInfo{}
	r.Begin("Header", "source info header")
	s.Header.AlignedSizeInBytes = r.U32("AlignedSizeInBytes")
	s.Header.Flags = r.U16("Flags")
	s.Header.SectionCount = r.U16("SectionCount")
	r.End()
	if r.Failed {
		return
	}
	p.SourceInfo = s
	seen := map[string]bool{}
	for i := 0; i < int(s.Header.SectionCount) && r.Remaining() >= 8; i++ {
		start := r.Pos
		// A section's fields take the JSON's paths (Names/..., Contents/...,
		// Args/...), so its type is read ahead of them; a type nobody named
		// keeps its place in the file (Sections/i).
		t := binary.LittleEndian.Uint16(r.Data[start+6:])
		key := fmt.Sprintf("Sections[%d]", i)
		if int(t) < len(srciSectionKeys) {
			key = srciSectionKeys[t]
		}
		var sh SourceInfoSectionHeader
		r.Begin(key, "source info section")
		r.Begin("SectionHeader", "source info section header")
		sh.AlignedSizeInBytes = r.U32("AlignedSizeInBytes")
		sh.Flags = r.U16("Flags")
		r.U16("Type")
		r.End()
		sh.Type = fmt.Sprintf("Type(%d)", t)
		if int(t) < len(srciSectionTypes) {
			sh.Type = srciSectionTypes[t]
		}
		size := int(sh.AlignedSizeInBytes)
		if size < 8 || size > r.Len()-start {
			r.ProblemAt(Error, start, "source info section", "section %d claims %d bytes; %d remain", i, size, r.Len()-start)
			size = r.Len() - start
			if r.Short {
				r.CutShort()
			}
		}
		if seen[sh.Type] {
			r.ProblemAt(Warning, start, "source info section", "a second %s section", sh.Type)
		}
		seen[sh.Type] = true
		sr := r.Sub(r.Pos, size-8, r.Path, sh.Type)
		switch t {
		case srciSourceNames:
			s.Names = decodeSourceNames(sr, sh)
		case srciSourceContents:
			s.Contents = f.decodeSourceContents(sr, sh)
		case srciArgs:
			s.Args = decodeSourceArgs(sr, sh)
		default:
			r.ProblemAt(Warning, start+6, "source info section", "unknown section type %d kept raw", t)
			sr.Raw("Data", sr.Len())
		}
		r.Seek(start + size)
		r.End()
	}
	if len(seen) != 3 {
		r.Problem(Note, "SRCI has %d of the 3 sections (SourceContents, SourceNames, Args) LLVM requires", len(seen))
	}
	if r.Remaining() > 0 {
		r.Bytes("Padding", r.Remaining())
	}
}

func decodeSourceNames(r *binread.Reader, sh SourceInfoSectionHeader) *SourceNames {
	n := &SourceNames{SectionHeader: sh}
	r.Begin("Header", "source names header")
	n.Header.Flags = r.U32("Flags")
	n.Header.Count = r.U32("Count")
	// The header is packed: entries follow the 10 bytes directly (seen in DXC output).
	n.Header.EntriesSizeInBytes = r.U16("EntriesSizeInBytes")
	r.End()
	n.Entries = srciEntries(r, n.Header.Count, 16, "Entries", "source name entry", func(size, flags uint32) SourceNameEntry {
		e := SourceNameEntry{AlignedSizeInBytes: size, Flags: flags}
		e.NameSizeInBytes = r.U32("NameSizeInBytes")
		e.ContentSizeInBytes = r.U32("ContentSizeInBytes")
		e.FileName = nulPadded(r, "FileName", e.NameSizeInBytes)
		return e
	}, func(i, size uint32, start int) {
		r.ProblemAt(Error, start, "source name entry", "entry %d claims %d bytes; %d remain", i, size, r.Len()-start)
	})
	return n
}

// srciEntries reads up to count entries of an SRCI section, each while least
// bytes remain. Every entry starts with AlignedSizeInBytes and Flags; read
// decodes the rest, and what it leaves unread of the aligned size is padding.
// A size under least or past the end is reported by bad (with where the entry
// starts) and cut.
func srciEntries[T any](r *binread.Reader, count uint32, least int, list, what string, read func(size, flags uint32) T, bad func(i, size uint32, start int)) []T {
	var out []T
	for i := uint32(0); i < count && r.Remaining() >= least; i++ {
		start := r.Pos
		r.Begin(fmt.Sprintf("%s[%d]", list, i), what)
		size := r.U32("AlignedSizeInBytes")
		e := read(size, r.U32("Flags"))
		end := start + int(size)
		if int(size) < least || end > r.Len() {
			bad(i, size, start)
			end = r.Len()
		}
		if end > r.Pos {
			r.Bytes("Padding", end-r.Pos)
		}
		r.Seek(end)
		r.End()
		out = append(out, e)
	}
	return out
}

// nulPadded reads a string field of n bytes (cut to what remains) whose
// trailing NULs are padding.
func nulPadded(r *binread.Reader, name string, n uint32) string {
	return strings.TrimRight(string(r.Bytes(name, min(int(n), r.Remaining()))), "\x00")
}

func (f *File) decodeSourceContents(r *binread.Reader, sh SourceInfoSectionHeader) *SourceContents {
	c := &SourceContents{SectionHeader: sh}
	r.Begin("Header", "source contents header")
	c.Header.AlignedSizeInBytes = r.U32("AlignedSizeInBytes")
	c.Header.Flags = r.U16("Flags")
	ct := r.U16("Type") // the compression
	c.Header.Type = map[uint16]string{CompressionNone: "None", CompressionZlib: "Zlib"}[ct]
	if c.Header.Type == "" {
		c.Header.Type = fmt.Sprintf("CompressType(%d)", ct)
	}
	c.Header.EntriesSizeInBytes = r.U32("EntriesSizeInBytes")
	c.Header.UncompressedEntriesSizeInBytes = r.U32("UncompressedEntriesSizeInBytes")
	c.Header.Count = r.U32("Count")
	r.End()
	if r.Failed {
		return c
	}
	n := r.Fit(int(c.Header.EntriesSizeInBytes), r.Pos, "", "source contents claim %d bytes of entries; %d remain", c.Header.EntriesSizeInBytes, r.Remaining())
	entries := r.Data[r.Pos : r.Pos+n]
	er := r
	switch ct {
	case CompressionNone:
		er = r.Sub(r.Pos, n, r.Join("Entries"), "source contents")
	case CompressionZlib:
		r.Raw("Entries", n) // compressed: the entries below are inflated, with no bytes of their own
		limit := min(int(c.Header.UncompressedEntriesSizeInBytes), zlibCap)
		out, err := f.inflate(entries, limit, 1)
		if err != nil {
			r.Problem(Error, "the zlib-compressed source contents do not inflate: %v", err)
			return c
		}
		if len(out) != int(c.Header.UncompressedEntriesSizeInBytes) {
			r.Problem(Warning, "source contents inflate to %d bytes, not the %d the header says", len(out), c.Header.UncompressedEntriesSizeInBytes)
		}
		// Inflated bytes are not in the file: read them without recording spans.
		er = binread.New(out, r.Abs(), r.Join("Entries"), r.Part, &report.Sink{Budget: r.Out.Budget, NoSpans: true})
		er.What, er.Key = "inflated source contents", r.Key
	default:
		r.Raw("Entries", n)
		return c
	}
	c.Entries = srciEntries(er, c.Header.Count, 12, "", "source content entry", func(size, flags uint32) SourceContentEntry {
		e := SourceContentEntry{AlignedSizeInBytes: size, Flags: flags}
		e.ContentSizeInBytes = er.U32("ContentSizeInBytes")
		e.FileContent = nulPadded(er, "FileContent", e.ContentSizeInBytes)
		return e
	}, func(i, size uint32, start int) {
		r.Problem(Error, "source content entry %d claims %d bytes; %d remain", i, size, er.Len()-start)
	})
	if er.Out != r.Out {
		er.Out.Summarize()
		r.Out.Problems = append(r.Out.Problems, er.Out.Problems...)
	}
	return c
}

func decodeSourceArgs(r *binread.Reader, sh SourceInfoSectionHeader) *SourceArgs {
	a := &SourceArgs{SectionHeader: sh}
	r.Begin("Header", "arguments header")
	a.Header.Flags = r.U32("Flags")
	a.Header.SizeInBytes = r.U32("SizeInBytes")
	a.Header.Count = r.U32("Count")
	r.End()
	if r.Failed {
		return a
	}
	n := min(int(a.Header.SizeInBytes), r.Remaining())
	ar := r.Sub(r.Pos, n, r.Join("Args"), "arguments")
	for i := uint32(0); i < a.Header.Count && ar.Remaining() > 0; i++ {
		ar.Begin(fmt.Sprintf("[%d]", i), "argument")
		k := ar.CString("Arg")
		v := ar.CString("Value")
		ar.End()
		a.Args = append(a.Args, SourceArg{k, v})
	}
	r.Seek(r.Pos + n)
	if r.Remaining() > 0 {
		r.Bytes("Padding", r.Remaining())
	}
	return a
}

// ---- PDBI ----

// PDBInfo is the PDBI part (DxilShaderPDBInfo): debug information as an RDAT blob, possibly zlib-compressed.
type PDBInfo struct {
	Version                 uint16
	CompressionType         uint16 // 0 uncompressed, 1 zlib
	SizeInBytes             uint32
	UncompressedSizeInBytes uint32
	RuntimeData             *RuntimeData `json:",omitempty"` // the decoded payload
}

func decodePDBInfo(f *File, p *Part, r *binread.Reader) {
	d := &PDBInfo{}
	d.Version = r.U16("Version")
	d.CompressionType = r.U16("CompressionType")
	d.SizeInBytes = r.U32("SizeInBytes")
	d.UncompressedSizeInBytes = r.U32("UncompressedSizeInBytes")
	if r.Failed {
		return
	}
	p.PDBInfo = d
	n := r.Fit(int(d.SizeInBytes), r.Pos, "", "PDBI payload claims %d bytes; %d remain", d.SizeInBytes, r.Remaining())
	switch d.CompressionType {
	case CompressionNone:
		d.RuntimeData = decodeRuntimeData(r.Sub(r.Pos, n, r.Join("RuntimeData"), "PDB info payload"))
	case CompressionZlib:
		r.Raw("CompressedPayload", n)
		out, err := f.inflate(r.Data[r.Pos-n:r.Pos], min(int(d.UncompressedSizeInBytes), zlibCap), pdbiInflateCost)
		if err != nil {
			r.Problem(Error, "the zlib-compressed PDB info does not inflate: %v", err)
			return
		}
		// Inflated bytes are not in the file: their spans would name no byte
		// a view shows, and recording them (then dropping them) cost eight
		// times what decoding the records does.
		s := &report.Sink{Budget: r.Out.Budget, NoSpans: true}
		ir := binread.New(out, r.Abs()-int64(n), r.Join("RuntimeData"), r.Part, s)
		ir.What, ir.Key = "inflated PDB info", r.Key
		d.RuntimeData = decodeRuntimeData(ir)
		s.Summarize()
		r.Out.Problems = append(r.Out.Problems, s.Problems...)
		return
	default:
		r.Problem(Warning, "unknown PDBI compression type %d: payload kept raw", d.CompressionType)
		r.Raw("Payload", n)
		return
	}
	r.Seek(r.Pos + n)
}

func init() {
	RegisterPart(PartKind{Name: "SFI0", Title: "shader feature info", About: "A 64-bit set of optional features the shader requires from the device (doubles, wave ops, 64-bit atomics...).", Unique: true, KnownLayout: true, Key: "Flags", Decode: partOnly(decodeFeatureInfo), Summary: featureInfoSummary})
	RegisterPart(PartKind{Name: "HASH", Title: "shader hash", About: "An MD5 of the shader, used by tools and drivers to identify it; a flag says whether the source was included.", Unique: true, KnownLayout: true, Key: "Hash", Decode: partOnly(decodeShaderHash), Summary: shaderHashSummary})
	RegisterPart(PartKind{Name: "DXIL", Title: "DXIL program", About: "The shader as DXIL: a program header (stage, shader model, DXIL version) followed by LLVM 3.7 bitcode.", Unique: true, KnownLayout: true, Key: "Program", Decode: decodeProgram, Summary: programSummary})
	RegisterPart(PartKind{Name: "ILDB", Title: "DXIL with debug info", About: "The DXIL program again, with LLVM debug information kept in the module (written by -Zi).", Unique: true, KnownLayout: true, Key: "Program", Decode: decodeProgram, Check: checkDebugProgram, Summary: programSummary})
	RegisterPart(PartKind{Name: "STAT", Title: "statistics", About: "DXC: a reflection-only DXIL module. FXC: instruction and register counts.", Key: "Statistics", Decode: decodeStatisticsPart, Summary: statisticsSummary})
	RegisterPart(PartKind{Name: "ILDN", Title: "debug name", About: "The file name of the external debug information (PDB) for this shader.", Unique: true, KnownLayout: true, Key: "DebugName", Decode: partStructure("debug name", decodeDebugName), Summary: debugNameSummary})
	RegisterPart(PartKind{Name: "VERS", Title: "compiler version", About: "The version, commit and custom version string of the compiler that wrote the container.", Unique: true, KnownLayout: true, Key: "CompilerVersion", Decode: partStructure("compiler version", decodeCompilerVersion), Summary: compilerVersionSummary})
	RegisterPart(PartKind{Name: "SRCI", Title: "source info", About: "The shader's source files (possibly zlib-compressed), their names and the compiler arguments.", Unique: true, KnownLayout: true, Key: "SourceInfo", Decode: fileStructure("source info", decodeSourceInfo), Summary: sourceInfoSummary})
	RegisterPart(PartKind{Name: "PDBI", Title: "PDB info", About: "Debug information (sources, arguments, libraries) as an RDAT blob, possibly compressed.", KnownLayout: true, Key: "PDBInfo", Decode: fileStructure("PDB info", decodePDBInfo), Summary: pdbInfoSummary})
}

// decodeStatisticsPart tells DXC's STAT (a reflection-only DXIL program) from
// FXC's (instruction counts) by the DXIL magic after the program header.
func decodeStatisticsPart(f *File, p *Part, r *binread.Reader) {
	if len(p.data) >= 12 && string(p.data[8:12]) == "DXIL" {
		r.Path, r.Key = "Program", "Program" // DXC's STAT is a program: its value is the Program
		decodeProgram(f, p, r)
	} else {
		decodeStatistics(p, r)
	}
}

// ---- the part list's one-line summaries ----

func featureInfoSummary(p *Part) string {
	if p.Flags == nil {
		return rawSummary(p)
	}
	n := p.Flags.Names()
	if len(n) == 0 {
		return "no optional features"
	}
	return strings.Join(n, ", ")
}

func shaderHashSummary(p *Part) string {
	if p.Hash == nil {
		return rawSummary(p)
	}
	s := "MD5 " + p.Hash.Digest.String()
	if p.Hash.IncludesSource {
		s += " (includes source)"
	}
	return s
}

func programSummary(p *Part) string {
	h := p.Program
	if h == nil {
		return rawSummary(p)
	}
	return fmt.Sprintf("%s, %s, DXIL %d.%d, %d bytes of bitcode", h.ShaderKindName, dxil.Profile(h.ShaderKind, h.MajorVersion, h.MinorVersion), h.DXILMajorVersion, h.DXILMinorVersion, h.DXILSize)
}

// statisticsSummary: DXC's STAT is a program, FXC's a list of counts whose first is the instruction count.
func statisticsSummary(p *Part) string {
	switch {
	case p.Program != nil:
		return programSummary(p)
	case p.Statistics != nil && len(p.Statistics.Fields) > 0:
		return fmt.Sprintf("%d instructions", p.Statistics.Fields[0].Value)
	}
	return rawSummary(p)
}

func debugNameSummary(p *Part) string {
	if p.DebugName == nil {
		return rawSummary(p)
	}
	return p.DebugName.DebugName
}

func compilerVersionSummary(p *Part) string {
	v := p.CompilerVersion
	if v == nil {
		return rawSummary(p)
	}
	s := fmt.Sprintf("%d.%d, %d commits", v.Major, v.Minor, v.CommitCount)
	if v.CommitSha != "" {
		s += " (" + v.CommitSha + ")"
	}
	if v.CustomVersionString != "" {
		s += " " + v.CustomVersionString
	}
	return s
}

func sourceInfoSummary(p *Part) string {
	s := p.SourceInfo
	if s == nil {
		return rawSummary(p)
	}
	var files, args int
	if s.Names != nil {
		files = len(s.Names.Entries)
	}
	if s.Args != nil {
		args = len(s.Args.Args)
	}
	return fmt.Sprintf("%d source files, %d arguments", files, args)
}

func pdbInfoSummary(p *Part) string {
	if p.PDBInfo == nil {
		return rawSummary(p)
	}
	c := "uncompressed"
	if p.PDBInfo.CompressionType == CompressionZlib {
		c = "zlib"
	}
	return fmt.Sprintf("%s, %d bytes (%d inflated)", c, p.PDBInfo.SizeInBytes, p.PDBInfo.UncompressedSizeInBytes)
}
