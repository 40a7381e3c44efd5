package decode

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"strings"
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

// featureBits are SFI0 bits 0..32. LLVM 19 calls bit 31 "NextUnusedBit" and
// has no bit 32. Bits 0-13 date from the FXC era (feature levels 10-11.1,
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

func decodeFeatureInfo(p *Part, r *reader) {
	v := FeatureFlags(r.u64("Flags"))
	if r.failed {
		return
	}
	p.Flags = &v
	for _, i := range v.UnknownBits() {
		r.problemAt(Warning, 0, "feature flags", "SFI0 bit %d is set, but no compiler defines it", i)
	}
	if r.remaining() > 0 {
		r.problem(Warning, "SFI0 is %d bytes; only the first 8 are defined", r.len())
	}
}

// ---- HASH ----

// ShaderHash is the HASH part (DxilShaderHash): an MD5 of the shader, used by PIX and drivers to identify it.
type ShaderHash struct {
	IncludesSource bool     // Flags bit 0: the hash covers the source too (-Zss)
	Digest         HexBytes // 16 bytes
	Flags          uint32   // added: the raw flags word
}

func decodeShaderHash(p *Part, r *reader) {
	h := &ShaderHash{}
	r.begin("", "shader hash")
	h.Flags = r.u32("Flags")
	h.IncludesSource = h.Flags&1 != 0
	h.Digest = HexBytes(r.bytes("Digest", 16))
	r.end()
	if r.failed {
		return
	}
	p.Hash = h
	if h.Flags&^1 != 0 {
		r.problemAt(Warning, 0, "Flags", "HASH flags 0x%x has bits other than IncludesSource (0x1) set", h.Flags)
	}
	if r.remaining() > 0 {
		r.problem(Warning, "HASH is %d bytes; only the first 20 are defined", r.len())
	}
}

// ---- DXIL / ILDB / STAT program header ----

// ShaderKind is DXIL::ShaderKind, also used by PSV0 and RDAT.
type ShaderKind uint32

var shaderKindNames = [...]string{"Pixel", "Vertex", "Geometry", "Hull", "Domain", "Compute", "Library",
	"RayGeneration", "Intersection", "AnyHit", "ClosestHit", "Miss", "Callable", "Mesh", "Amplification", "Node", "Invalid"}

func (k ShaderKind) String() string {
	if int(k) < len(shaderKindNames) {
		return shaderKindNames[k]
	}
	return fmt.Sprintf("ShaderKind(%d)", uint32(k))
}

// shaderKindPrefix is the profile prefix (ps, vs, ...) used in "ps_6_0".
var shaderKindPrefix = [...]string{"ps", "vs", "gs", "hs", "ds", "cs", "lib", "lib", "lib", "lib", "lib", "lib", "lib", "ms", "as", "lib"}

// Profile returns the target profile string for a kind and model, e.g. "ps_6_0".
func Profile(k ShaderKind, major, minor uint32) string {
	pre := "??"
	if int(k) < len(shaderKindPrefix) {
		pre = shaderKindPrefix[k]
	}
	return fmt.Sprintf("%s_%d_%d", pre, major, minor)
}

// ProgramHeader is the header of DXIL, ILDB and DXIL-style STAT parts
// (DxilProgramHeader and DxilBitcodeHeader), with obj2yaml's key names.
type ProgramHeader struct {
	MajorVersion     uint32     // shader model major
	MinorVersion     uint32     // shader model minor
	ShaderKind       ShaderKind `json:"ShaderKind"`
	Size             uint32     // SizeInUint32: the whole program in dwords
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

// MarshalJSON writes ShaderKind as a number, as obj2yaml does.
func (k ShaderKind) MarshalJSON() ([]byte, error) { return json.Marshal(uint32(k)) }

func decodeProgram(f *File, p *Part, r *reader) {
	h := &ProgramHeader{}
	r.begin("", "program header")
	// Span names follow the JSON keys under Program; the packed version byte gets one span per nibble's key.
	ver := r.u8("MinorVersion")
	r.field("MajorVersion", -1, fmt.Sprint(ver>>4))
	h.MajorVersion = uint32(ver >> 4)
	h.MinorVersion = uint32(ver & 0xf)
	r.u8("Unused")
	h.ShaderKind = ShaderKind(r.u16("ShaderKind"))
	h.ShaderKindName = h.ShaderKind.String()
	h.Size = r.u32("Size")
	magic := r.bytes("DxilMagic", 4)
	h.DXILMinorVersion = uint32(r.u8("DXILMinorVersion"))
	h.DXILMajorVersion = uint32(r.u8("DXILMajorVersion"))
	r.u16("DXILUnused")
	h.DXILOffset = r.u32("DXILOffset")
	h.DXILSize = r.u32("DXILSize")
	r.end()
	if r.failed {
		return
	}
	p.Program = h
	if string(magic) != "DXIL" {
		r.problemAt(Error, 8, "program header", "DxilMagic is %q, not \"DXIL\"", printable(magic))
		r.seek(24)
		r.raw("Data", r.remaining())
		return
	}
	if h.ShaderKind > 16 {
		r.problemAt(Warning, 2, "program header", "shader kind %d is not one DXIL defines (0 to 16)", h.ShaderKind)
	}
	if int64(h.Size)*4 > int64(r.len()) {
		r.problemAt(Warning, 4, "program header", "SizeInUint32 says %d bytes but the part holds %d", int64(h.Size)*4, r.len())
	}
	start := int64(8) + int64(h.DXILOffset)
	endBC := start + int64(h.DXILSize)
	if start < 24 || endBC > int64(r.len()) {
		r.problemAt(Error, 16, "program header", "bitcode at 0x%x+%d (BitcodeOffset %d from the DXIL magic) does not fit in the %d-byte part", start, h.DXILSize, h.DXILOffset, r.len())
		r.seek(24)
		r.raw("Data", r.remaining())
		return
	}
	if start > 24 {
		r.seek(24)
		r.bytes("Padding", int(start-24))
	}
	bc := r.b[start:endBC]
	h.BitcodeStart = r.base + start
	h.DXIL = HexBytes(bc)
	h.BitcodeValid = len(bc) >= 4 && bc[0] == 'B' && bc[1] == 'C' && bc[2] == 0xC0 && bc[3] == 0xDE
	if !h.BitcodeValid {
		r.problemAt(Error, int(start), "bitcode", "the bitcode does not start with the LLVM magic 'BC' 0xC0DE")
		r.seek(int(start))
		r.raw("Bitcode", len(bc))
	} else {
		br := r.sub(int(start), len(bc), p.Name+"/Bitcode", "bitcode")
		p.Module = decodeModule(br)
		checkModule(h, p.Module, br)
	}
	r.seek(int(endBC))
	if r.remaining() > 0 {
		tail := r.b[endBC:]
		if allZero(tail) && len(tail) < 4 {
			r.bytes("Padding", len(tail))
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

// Statistics is the FXC STAT part: instruction counts and a few stage facts.
type Statistics struct {
	Fields []StatField
}

func decodeStatistics(p *Part, r *reader) {
	s := &Statistics{}
	n := r.len() / 4
	if r.len()%4 != 0 || (n != 29 && n != 37) {
		r.problem(Note, "FXC STAT is %d bytes; FXC writes 116 (SM4) or 148 (SM5)", r.len())
	}
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("Dword%d", i)
		if i < len(statNames) {
			name = statNames[i]
		}
		r.begin(fmt.Sprintf("Fields[%d]", i), "statistic")
		s.Fields = append(s.Fields, StatField{name, r.u32("Value")})
		r.end()
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

func decodeDebugName(p *Part, r *reader) {
	d := &DebugName{}
	d.Flags = r.u16("Flags")
	d.NameLength = r.u16("NameLength")
	if r.failed {
		return
	}
	n := r.fit(int(d.NameLength), 2, "debug name", "NameLength %d runs past the end of the %d-byte part", d.NameLength, r.len())
	d.DebugName = string(r.bytes("DebugName", n))
	if r.remaining() > 0 {
		r.bytes("Terminator", 1)
	}
	if r.remaining() > 0 {
		r.bytes("Padding", r.remaining())
	}
	want := (4 + int(d.NameLength) + 1 + 3) &^ 3
	d.Valid = r.len() == want && r.len() >= 8
	if !d.Valid {
		r.problemAt(Warning, 0, "debug name", "ILDN is %d bytes but a %d-byte name needs exactly %d (DXC reports this as corruption)", r.len(), d.NameLength, want)
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

func decodeCompilerVersion(p *Part, r *reader) {
	v := &CompilerVersion{}
	v.Major = r.u16("Major")
	v.Minor = r.u16("Minor")
	v.VersionFlags = r.u32("VersionFlags")
	v.IsDebugBuild = v.VersionFlags&1 != 0
	v.IsInternal = v.VersionFlags&2 != 0
	v.CommitCount = r.u32("CommitCount")
	v.ContentSizeInBytes = r.u32("ContentSizeInBytes")
	if r.failed {
		return
	}
	p.CompilerVersion = v
	n := r.fit(int(v.ContentSizeInBytes), 12, "compiler version", "the version strings claim %d bytes but %d remain", v.ContentSizeInBytes, r.remaining())
	sr := r.sub(r.pos, n, r.path, "version strings") // the strings are fields of the part, as in the JSON
	if sr.len() > 0 {
		v.CommitSha = sr.cstring("CommitSha")
	}
	if sr.remaining() > 0 {
		v.CustomVersionString = sr.cstring("CustomVersionString")
	}
	if sr.remaining() > 0 {
		sr.bytes("StringsPadding", sr.remaining())
	}
	r.seek(r.pos + n)
	if r.remaining() > 0 {
		r.bytes("Padding", r.remaining())
	}
}

// ---- SRCI ----

// zlibCap bounds any inflated payload, whatever its header claims.
const zlibCap = 64 << 20

// inflate decompresses zlib data, refusing to produce more than limit bytes.
func inflate(b []byte, limit int) ([]byte, error) {
	zr, err := zlib.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	out, err := io.ReadAll(io.LimitReader(zr, int64(limit)+1))
	if err != nil {
		return out, err
	}
	if len(out) > limit {
		return out[:limit], fmt.Errorf("inflated data exceeds the %d bytes allowed", limit)
	}
	return out, nil
}

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

var srciSectionTypes = [...]string{"SourceContents", "SourceNames", "Args"}

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

func decodeSourceInfo(p *Part, r *reader) {
	s := &SourceInfo{}
	r.begin("Header", "source info header")
	s.Header.AlignedSizeInBytes = r.u32("AlignedSizeInBytes")
	s.Header.Flags = r.u16("Flags")
	s.Header.SectionCount = r.u16("SectionCount")
	r.end()
	if r.failed {
		return
	}
	p.SourceInfo = s
	seen := map[string]bool{}
	for i := 0; i < int(s.Header.SectionCount) && r.remaining() >= 8; i++ {
		start := r.pos
		// A section's fields take the JSON's paths (Names/..., Contents/...,
		// Args/...), so its type is read ahead of them; a type nobody named
		// keeps its place in the file (Sections/i).
		t := binary.LittleEndian.Uint16(r.b[start+6:])
		key := fmt.Sprintf("Sections[%d]", i)
		if int(t) < len(srciSectionKeys) {
			key = srciSectionKeys[t]
		}
		var sh SourceInfoSectionHeader
		r.begin(key, "source info section")
		r.begin("SectionHeader", "source info section header")
		sh.AlignedSizeInBytes = r.u32("AlignedSizeInBytes")
		sh.Flags = r.u16("Flags")
		r.u16("Type")
		r.end()
		sh.Type = fmt.Sprintf("Type(%d)", t)
		if int(t) < len(srciSectionTypes) {
			sh.Type = srciSectionTypes[t]
		}
		size := int(sh.AlignedSizeInBytes)
		if size < 8 || size > r.len()-start {
			r.problemAt(Error, start, "source info section", "section %d claims %d bytes; %d remain", i, size, r.len()-start)
			size = r.len() - start
		}
		if seen[sh.Type] {
			r.problemAt(Warning, start, "source info section", "a second %s section", sh.Type)
		}
		seen[sh.Type] = true
		sr := r.sub(r.pos, size-8, r.path, sh.Type)
		switch t {
		case 1:
			s.Names = decodeSourceNames(sr, sh)
		case 0:
			s.Contents = decodeSourceContents(sr, sh)
		case 2:
			s.Args = decodeSourceArgs(sr, sh)
		default:
			r.problemAt(Warning, start+6, "source info section", "unknown section type %d kept raw", t)
			sr.raw("Data", sr.len())
		}
		r.seek(start + size)
		r.end()
	}
	if len(seen) != 3 {
		r.problem(Note, "SRCI has %d of the 3 sections (SourceContents, SourceNames, Args) LLVM requires", len(seen))
	}
	if r.remaining() > 0 {
		r.bytes("Padding", r.remaining())
	}
}

func decodeSourceNames(r *reader, sh SourceInfoSectionHeader) *SourceNames {
	n := &SourceNames{SectionHeader: sh}
	r.begin("Header", "source names header")
	n.Header.Flags = r.u32("Flags")
	n.Header.Count = r.u32("Count")
	// The header is packed: entries follow the 10 bytes directly (seen in DXC output).
	n.Header.EntriesSizeInBytes = r.u16("EntriesSizeInBytes")
	r.end()
	n.Entries = srciEntries(r, n.Header.Count, 16, "Entries", "source name entry", func(size, flags uint32) SourceNameEntry {
		e := SourceNameEntry{AlignedSizeInBytes: size, Flags: flags}
		e.NameSizeInBytes = r.u32("NameSizeInBytes")
		e.ContentSizeInBytes = r.u32("ContentSizeInBytes")
		e.FileName = r.nulPadded("FileName", e.NameSizeInBytes)
		return e
	}, func(i, size uint32, start int) {
		r.problemAt(Error, start, "source name entry", "entry %d claims %d bytes; %d remain", i, size, r.len()-start)
	})
	return n
}

// srciEntries reads up to count entries of an SRCI section, each while least
// bytes remain. Every entry starts with AlignedSizeInBytes and Flags; read
// decodes the rest, and what it leaves unread of the aligned size is padding.
// A size under least or past the end is reported by bad (with where the entry
// starts) and cut.
func srciEntries[T any](r *reader, count uint32, least int, list, what string, read func(size, flags uint32) T, bad func(i, size uint32, start int)) []T {
	var out []T
	for i := uint32(0); i < count && r.remaining() >= least; i++ {
		start := r.pos
		r.begin(fmt.Sprintf("%s[%d]", list, i), what)
		size := r.u32("AlignedSizeInBytes")
		e := read(size, r.u32("Flags"))
		end := start + int(size)
		if int(size) < least || end > r.len() {
			bad(i, size, start)
			end = r.len()
		}
		if end > r.pos {
			r.bytes("Padding", end-r.pos)
		}
		r.seek(end)
		r.end()
		out = append(out, e)
	}
	return out
}

// nulPadded reads a string field of n bytes (cut to what remains) whose
// trailing NULs are padding.
func (r *reader) nulPadded(name string, n uint32) string {
	return strings.TrimRight(string(r.bytes(name, min(int(n), r.remaining()))), "\x00")
}

func decodeSourceContents(r *reader, sh SourceInfoSectionHeader) *SourceContents {
	c := &SourceContents{SectionHeader: sh}
	r.begin("Header", "source contents header")
	c.Header.AlignedSizeInBytes = r.u32("AlignedSizeInBytes")
	c.Header.Flags = r.u16("Flags")
	ct := r.u16("Type") // the compression
	c.Header.Type = map[uint16]string{0: "None", 1: "Zlib"}[ct]
	if c.Header.Type == "" {
		c.Header.Type = fmt.Sprintf("CompressType(%d)", ct)
	}
	c.Header.EntriesSizeInBytes = r.u32("EntriesSizeInBytes")
	c.Header.UncompressedEntriesSizeInBytes = r.u32("UncompressedEntriesSizeInBytes")
	c.Header.Count = r.u32("Count")
	r.end()
	if r.failed {
		return c
	}
	n := r.fit(int(c.Header.EntriesSizeInBytes), r.pos, "", "source contents claim %d bytes of entries; %d remain", c.Header.EntriesSizeInBytes, r.remaining())
	entries := r.b[r.pos : r.pos+n]
	er := r
	switch ct {
	case 0:
		er = r.sub(r.pos, n, r.join("Entries"), "source contents")
	case 1:
		r.raw("Entries", n) // compressed: the entries below are inflated, with no bytes of their own
		limit := min(int(c.Header.UncompressedEntriesSizeInBytes), zlibCap)
		out, err := inflate(entries, limit)
		if err != nil {
			r.problem(Error, "the zlib-compressed source contents do not inflate: %v", err)
			return c
		}
		if len(out) != int(c.Header.UncompressedEntriesSizeInBytes) {
			r.problem(Warning, "source contents inflate to %d bytes, not the %d the header says", len(out), c.Header.UncompressedEntriesSizeInBytes)
		}
		// Inflated bytes are not in the file: read them without recording spans.
		er = newReader(out, r.abs(), r.join("Entries"), r.part, &sink{})
		er.what = "inflated source contents"
	default:
		r.raw("Entries", n)
		return c
	}
	c.Entries = srciEntries(er, c.Header.Count, 12, "", "source content entry", func(size, flags uint32) SourceContentEntry {
		e := SourceContentEntry{AlignedSizeInBytes: size, Flags: flags}
		e.ContentSizeInBytes = er.u32("ContentSizeInBytes")
		e.FileContent = er.nulPadded("FileContent", e.ContentSizeInBytes)
		return e
	}, func(i, size uint32, start int) {
		r.problem(Error, "source content entry %d claims %d bytes; %d remain", i, size, er.len()-start)
	})
	if er.out != r.out {
		er.out.summarizeKinds()
		r.out.problems = append(r.out.problems, er.out.problems...)
	}
	return c
}

func decodeSourceArgs(r *reader, sh SourceInfoSectionHeader) *SourceArgs {
	a := &SourceArgs{SectionHeader: sh}
	r.begin("Header", "arguments header")
	a.Header.Flags = r.u32("Flags")
	a.Header.SizeInBytes = r.u32("SizeInBytes")
	a.Header.Count = r.u32("Count")
	r.end()
	if r.failed {
		return a
	}
	n := min(int(a.Header.SizeInBytes), r.remaining())
	ar := r.sub(r.pos, n, r.join("Args"), "arguments")
	for i := uint32(0); i < a.Header.Count && ar.remaining() > 0; i++ {
		ar.begin(fmt.Sprintf("[%d]", i), "argument")
		k := ar.cstring("Arg")
		v := ar.cstring("Value")
		ar.end()
		a.Args = append(a.Args, SourceArg{k, v})
	}
	r.seek(r.pos + n)
	if r.remaining() > 0 {
		r.bytes("Padding", r.remaining())
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

func decodePDBInfo(p *Part, r *reader) {
	d := &PDBInfo{}
	d.Version = r.u16("Version")
	d.CompressionType = r.u16("CompressionType")
	d.SizeInBytes = r.u32("SizeInBytes")
	d.UncompressedSizeInBytes = r.u32("UncompressedSizeInBytes")
	if r.failed {
		return
	}
	p.PDBInfo = d
	n := r.fit(int(d.SizeInBytes), r.pos, "", "PDBI payload claims %d bytes; %d remain", d.SizeInBytes, r.remaining())
	switch d.CompressionType {
	case 0:
		d.RuntimeData = decodeRuntimeData(r.sub(r.pos, n, r.join("RuntimeData"), "PDB info payload"))
	case 1:
		r.raw("CompressedPayload", n)
		out, err := inflate(r.b[r.pos-n:r.pos], min(int(d.UncompressedSizeInBytes), zlibCap))
		if err != nil {
			r.problem(Error, "the zlib-compressed PDB info does not inflate: %v", err)
			return
		}
		s := &sink{}
		ir := newReader(out, r.abs()-int64(n), r.join("RuntimeData"), r.part, s)
		ir.what = "inflated PDB info"
		d.RuntimeData = decodeRuntimeData(ir)
		s.summarizeKinds()
		r.out.problems = append(r.out.problems, s.problems...)
		return
	default:
		r.problem(Warning, "unknown PDBI compression type %d: payload kept raw", d.CompressionType)
		r.raw("Payload", n)
		return
	}
	r.seek(r.pos + n)
}

func init() {
	RegisterPart(PartKind{Name: "SFI0", Title: "shader feature info", About: "A 64-bit set of optional features the shader requires from the device (doubles, wave ops, 64-bit atomics...).", Unique: true, KnownLayout: true, Decode: partOnly(decodeFeatureInfo)})
	RegisterPart(PartKind{Name: "HASH", Title: "shader hash", About: "An MD5 of the shader, used by tools and drivers to identify it; a flag says whether the source was included.", Unique: true, KnownLayout: true, Decode: partOnly(decodeShaderHash)})
	RegisterPart(PartKind{Name: "DXIL", Title: "DXIL program", About: "The shader as DXIL: a program header (stage, shader model, DXIL version) followed by LLVM 3.7 bitcode.", Unique: true, KnownLayout: true, Decode: internal(decodeProgram)})
	RegisterPart(PartKind{Name: "ILDB", Title: "DXIL with debug info", About: "The DXIL program again, with LLVM debug information kept in the module (written by -Zi).", Unique: true, KnownLayout: true, Decode: internal(decodeProgram)})
	RegisterPart(PartKind{Name: "STAT", Title: "statistics", About: "DXC: a reflection-only DXIL module. FXC: instruction and register counts.", Decode: internal(decodeStatisticsPart)})
	RegisterPart(PartKind{Name: "ILDN", Title: "debug name", About: "The file name of the external debug information (PDB) for this shader.", Unique: true, KnownLayout: true, Decode: partStructure("debug name", decodeDebugName)})
	RegisterPart(PartKind{Name: "VERS", Title: "compiler version", About: "The version, commit and custom version string of the compiler that wrote the container.", Unique: true, KnownLayout: true, Decode: partStructure("compiler version", decodeCompilerVersion)})
	RegisterPart(PartKind{Name: "SRCI", Title: "source info", About: "The shader's source files (possibly zlib-compressed), their names and the compiler arguments.", Unique: true, KnownLayout: true, Decode: partStructure("source info", decodeSourceInfo)})
	RegisterPart(PartKind{Name: "PDBI", Title: "PDB info", About: "Debug information (sources, arguments, libraries) as an RDAT blob, possibly compressed.", KnownLayout: true, Decode: partStructure("PDB info", decodePDBInfo)})
}

// decodeStatisticsPart tells DXC's STAT (a reflection-only DXIL program) from
// FXC's (instruction counts) by the DXIL magic after the program header.
func decodeStatisticsPart(f *File, p *Part, r *reader) {
	if len(p.data) >= 12 && string(p.data[8:12]) == "DXIL" {
		decodeProgram(f, p, r)
	} else {
		decodeStatistics(p, r)
	}
}
