package decode

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/report"
)

// PSV0 (pipeline state validation) is what the D3D12 runtime reads to check a
// pipeline without parsing DXIL: stage facts, resource bindings, a compact copy
// of the signatures and, per output component, which inputs and whether the
// view index influence it. The layout is DXC's DxilPipelineStateValidation.h
// ReadOrWrite; the version is implied by the size of the runtime-info record.

// PSVRuntimeInfo sizes for versions 0 to 4.
var psvRuntimeInfoSizes = [...]uint32{24, 36, 48, 52, 56}

// PSVMaxVersion is the newest PSV runtime-info version this decoder knows.
const PSVMaxVersion = 4

// PSVVSInfo is the vertex shader member of the runtime-info stage union.
type PSVVSInfo struct {
	OutputPositionPresent uint8
}

// PSVHSInfo is the hull shader member of the stage union.
type PSVHSInfo struct {
	InputControlPointCount     uint32
	OutputControlPointCount    uint32
	TessellatorDomain          TessellatorDomain
	TessellatorOutputPrimitive TessellatorOutputPrimitive
}

// PSVDSInfo is the domain shader member of the stage union.
type PSVDSInfo struct {
	InputControlPointCount uint32
	OutputPositionPresent  uint8
	TessellatorDomain      TessellatorDomain
}

// PSVGSInfo is the geometry shader member of the stage union.
type PSVGSInfo struct {
	InputPrimitive        InputPrimitive
	OutputTopology        PrimitiveTopology
	OutputStreamMask      uint32 // DXC forces 1 when no stream is active
	OutputPositionPresent uint8
}

// PSVPSInfo is the pixel shader member of the stage union.
type PSVPSInfo struct {
	DepthOutput     uint8
	SampleFrequency uint8
}

// PSVMSInfo is the mesh shader member of the stage union.
type PSVMSInfo struct {
	GroupSharedBytesUsed              uint32
	GroupSharedBytesDependentOnViewID uint32
	PayloadSizeInBytes                uint32
	MaxOutputVertices                 uint16
	MaxOutputPrimitives               uint16
}

// PSVASInfo is the amplification shader member of the stage union.
type PSVASInfo struct {
	PayloadSizeInBytes uint32
}

// PSVResourceBindInfo is one PSVResourceBindInfo0/1 record.
type PSVResourceBindInfo struct {
	Type       PSVResourceType
	Space      uint32
	LowerBound uint32
	UpperBound uint32 // 0xFFFFFFFF: unbounded
	// Kind and Flags exist when the record is at least 24 bytes (PSVResourceBindInfo1).
	Kind            PSVResourceKind
	Flags           PSVResourceFlags
	HasKindAndFlags bool
	Unknown         HexBytes // bytes past the known record when the stride is larger
	Offset          int64    // absolute offset of the record
}

// Unbounded says whether the range has no upper bound (an unbounded array).
func (b PSVResourceBindInfo) Unbounded() bool { return b.UpperBound == 0xFFFFFFFF }

// psvString is one NUL-terminated string of the PSV string table.
type psvString struct {
	Offset uint32 // offset in the table, as elements and EntryFunctionName refer to it
	Value  string
}

// PSVSignatureElement is one PSVSignatureElement0 record with its references resolved.
type PSVSignatureElement struct {
	SemanticName         uint32   // offset into the string table
	Name                 string   // resolved name ("" for system values)
	SemanticIndexes      uint32   // first entry in the semantic index table
	Indices              []uint32 // Rows entries of the semantic index table
	Rows                 uint8
	StartRowRaw          uint8 // the StartRow byte as stored
	StartRow             int   // -1 when not allocated (DXC's GetStartRow)
	ColsAndStart         uint8 // Cols (bits 0-3), StartCol (4-5), Allocated (6)
	Cols                 uint8
	StartColRaw          uint8 // bits 4-5 as stored
	StartCol             int   // -1 when not allocated (DXC's GetStartCol)
	Allocated            bool
	Kind                 PSVSemanticKind
	ComponentType        PSVComponentType
	Interpolation        PSVInterpolationMode
	DynamicMaskAndStream uint8
	DynamicMask          uint8 // bits 0-3: components indexed dynamically
	Stream               uint8 // bits 4-5: geometry shader output stream
	Reserved             uint8
	Unknown              HexBytes // bytes past 16 when the element size is larger
	Offset               int64    // absolute offset of the record
}

// Semantic is the element's HLSL semantic name: its own name, or the system
// value's ("SV_Position") when DXC stored an empty name.
func (e *PSVSignatureElement) Semantic() string {
	if e.Name == "" {
		if sv := e.Kind.SystemValueName(); sv != "" {
			return sv
		}
	}
	return e.Name
}

// PSVSigKind names one of the three PSV signatures.
type PSVSigKind int

// The three PSV signatures, in the order their elements are stored.
const (
	PSVSigInput       PSVSigKind = iota // SigInputElements
	PSVSigOutput                        // SigOutputElements
	PSVSigPatchOrPrim                   // SigPatchOrPrimElements: HS/DS patch constants, MS primitives
)

// String names the signature as dxa's dump does.
func (k PSVSigKind) String() string {
	return report.EnumName([]string{PSVSigInput: "Inputs", PSVSigOutput: "Outputs", PSVSigPatchOrPrim: "PatchConstOrPrim"}, uint64(k), "PSVSigKind")
}

// PSVMaskDwords is PSVComputeMaskDwordsFromVectors: dwords holding one bit per
// component of that many 4-component vectors.
func PSVMaskDwords(vectors int) int { return (vectors + 7) >> 3 }

// PSVComponentMask is a bit per output component, set when the component
// depends on the view index (SV_ViewID). Component c of vector v is bit 4v+c.
type PSVComponentMask struct {
	Name    string     // JSON key, e.g. "OutputVectorMasks[0]" or "PatchOrPrimMasks"
	Output  PSVSigKind // the signature whose components the bits are
	Stream  int        // output stream (geometry shaders), else 0
	Vectors int        // output vectors covered
	Words   []uint32
	Offset  int64 // absolute offset of the first dword
}

// Has says whether output component comp (4*row + column) is ViewID-dependent.
func (m *PSVComponentMask) Has(comp int) bool {
	if m == nil || comp < 0 || comp>>5 >= len(m.Words) {
		return false
	}
	return m.Words[comp>>5]&(1<<(comp&31)) != 0
}

// Components lists the set components in increasing order.
func (m *PSVComponentMask) Components() []int {
	var c []int
	if m == nil {
		return nil
	}
	for i := 0; i < len(m.Words)*32; i++ {
		if m.Has(i) {
			c = append(c, i)
		}
	}
	return c
}

// PSVDependencyTable says, for every input component, which output components
// it influences: one output mask of PSVMaskDwords(OutputVectors) dwords per
// input component (4 per input vector).
type PSVDependencyTable struct {
	Name          string     // JSON key: "InputOutputMap[0]", "InputPatchMap", "PatchOutputMap"
	Input         PSVSigKind // signature of the rows
	Output        PSVSigKind // signature of the bits
	Stream        int        // output stream for InputOutputMap, else 0
	InputVectors  int
	OutputVectors int
	Words         []uint32
	Offset        int64 // absolute offset of the first dword
}

// RowDwords is the number of dwords per input component.
func (t *PSVDependencyTable) RowDwords() int { return PSVMaskDwords(t.OutputVectors) }

// Depends says whether output component outComp depends on input component
// inComp (components are 4*row + column).
func (t *PSVDependencyTable) Depends(inComp, outComp int) bool {
	if t == nil || inComp < 0 || outComp < 0 || inComp >= t.InputVectors*4 || outComp >= t.OutputVectors*4 {
		return false
	}
	i := inComp*t.RowDwords() + outComp>>5
	if i >= len(t.Words) {
		return false
	}
	return t.Words[i]&(1<<(outComp&31)) != 0
}

// Outputs lists the output components input component inComp influences.
func (t *PSVDependencyTable) Outputs(inComp int) []int {
	var o []int
	if t == nil {
		return nil
	}
	for c := 0; c < t.OutputVectors*4; c++ {
		if t.Depends(inComp, c) {
			o = append(o, c)
		}
	}
	return o
}

// psvSection is one consecutive region of the part, in file order.
type psvSection struct {
	Name   string
	Offset int64 // absolute
	Size   int64
}

// PSVInfo is the decoded PSV0 part.
type PSVInfo struct {
	RuntimeInfoSize uint32 // the first dword: the size of PSVRuntimeInfo, which says the version
	Version         int    // 0-4, from RuntimeInfoSize
	ShaderStage     dxil.ShaderKind
	StageKnown      bool   // false: v0 without a program header, or an unknown stage value
	StageSource     string // "ShaderStage" (v1+), or "DXIL"/"ILDB" program header (v0)

	// The 16-byte stage union: the member for the stage is set.
	VS        *PSVVSInfo
	HS        *PSVHSInfo
	DS        *PSVDSInfo
	GS        *PSVGSInfo
	PS        *PSVPSInfo
	MS        *PSVMSInfo
	AS        *PSVASInfo
	StageInfo HexBytes // the union's 16 bytes as stored

	MinimumWaveLaneCount uint32 // 0: no minimum
	MaximumWaveLaneCount uint32 // 0xFFFFFFFF: no maximum

	// Version 1.
	UsesViewID                      uint8
	MaxVertexCount                  uint16 // GS
	SigPatchConstOrPrimVectors      uint8  // HS/DS patch constants, MS primitives (SigPrimVectors)
	MeshOutputTopology              MeshOutputTopology
	SigInputElementCount            uint8
	SigOutputElementCount           uint8
	SigPatchConstOrPrimElementCount uint8
	SigInputVectors                 uint8
	SigOutputVectors                [4]uint8 // per GS stream

	// Version 2.
	NumThreadsX, NumThreadsY, NumThreadsZ uint32

	// Version 3.
	EntryFunctionName uint32 // string-table offset
	EntryName         string

	// Version 4.
	NumBytesGroupSharedMemory uint32

	UnknownRuntimeInfo HexBytes // bytes past the newest known record

	ResourceCount  uint32
	ResourceStride uint32 // PSVResourceBindInfo size; 0 when there are no resources (not stored)
	Resources      []PSVResourceBindInfo

	StringTableSize    uint32
	StringTable        []psvString
	SemanticIndexTable []uint32

	SignatureElementSize   uint32 // 0 when there are no elements (not stored)
	SigInputElements       []PSVSignatureElement
	SigOutputElements      []PSVSignatureElement
	SigPatchOrPrimElements []PSVSignatureElement

	ViewIDOutputMasks     [4]*PSVComponentMask // per stream; nil where absent
	ViewIDPatchOrPrimMask *PSVComponentMask    // HS patch constants or MS primitives
	InputToOutput         [4]*PSVDependencyTable
	InputToPatch          *PSVDependencyTable // HS: inputs -> patch constants
	PatchToOutput         *PSVDependencyTable // DS: patch constants -> outputs

	Sections      []psvSection
	TrailingBytes int  // bytes after the last section
	Complete      bool // every section the layout calls for was read

	stringData []byte
	strtab     binread.StringTable
}

// IsStage reports whether the stage is known and equal to k.
func (info *PSVInfo) IsStage(k dxil.ShaderKind) bool { return info.StageKnown && info.ShaderStage == k }

// Elements returns one of the three signatures.
func (info *PSVInfo) Elements(sig PSVSigKind) []PSVSignatureElement {
	switch sig {
	case PSVSigInput:
		return info.SigInputElements
	case PSVSigOutput:
		return info.SigOutputElements
	case PSVSigPatchOrPrim:
		return info.SigPatchOrPrimElements
	}
	return nil
}

// Vectors returns the number of vectors (rows) a signature uses; outputs per stream.
func (info *PSVInfo) Vectors(sig PSVSigKind, stream int) int {
	switch sig {
	case PSVSigInput:
		return int(info.SigInputVectors)
	case PSVSigOutput:
		if stream >= 0 && stream < 4 {
			return int(info.SigOutputVectors[stream])
		}
	case PSVSigPatchOrPrim:
		return int(info.SigPatchConstOrPrimVectors)
	}
	return 0
}

// PSVComponent is the component index of (row, column) in a signature's
// packed rows, as the masks and tables number components: 4*row + column.
func PSVComponent(row, col int) int { return 4*row + col }

// ViewIDDependent says whether component comp of sig (outputs: in stream;
// patch constants/primitives: HS and MS) depends on SV_ViewID.
func (info *PSVInfo) ViewIDDependent(sig PSVSigKind, stream, comp int) bool {
	switch sig {
	case PSVSigOutput:
		if stream >= 0 && stream < 4 {
			return info.ViewIDOutputMasks[stream].Has(comp)
		}
	case PSVSigPatchOrPrim:
		return info.ViewIDPatchOrPrimMask.Has(comp)
	}
	return false
}

// Masks lists the ViewID masks present, in file order.
func (info *PSVInfo) Masks() []*PSVComponentMask {
	m := info.ViewIDOutputMasks
	return present(m[0], m[1], m[2], m[3], info.ViewIDPatchOrPrimMask)
}

// Tables lists the dependency tables present, in file order.
func (info *PSVInfo) Tables() []*PSVDependencyTable {
	t := info.InputToOutput
	return present(t[0], t[1], t[2], t[3], info.InputToPatch, info.PatchToOutput)
}

// present returns the pointers that are not nil, in order (nil when none is).
func present[T any](ps ...*T) []*T {
	var out []*T
	for _, p := range ps {
		if p != nil {
			out = append(out, p)
		}
	}
	return out
}

// ComponentElement finds the allocated element of sig (outputs: in stream)
// that occupies component comp (4*row + column), with the semantic index of
// that row. ok is false when no element covers it.
func (info *PSVInfo) ComponentElement(sig PSVSigKind, stream, comp int) (e *PSVSignatureElement, semIndex uint32, ok bool) {
	row, col := comp/4, comp%4
	els := info.Elements(sig)
	for i := range els {
		el := &els[i]
		if !el.Allocated || (sig == PSVSigOutput && int(el.Stream) != stream) {
			continue
		}
		if row < el.StartRow || row >= el.StartRow+int(el.Rows) || col < el.StartCol || col >= el.StartCol+int(el.Cols) {
			continue
		}
		r := row - el.StartRow
		if r < len(el.Indices) {
			semIndex = el.Indices[r]
		}
		return el, semIndex, true
	}
	return nil, 0, false
}

// ComponentLabel names component comp of a signature (outputs: stream 0) as
// semantic, index and component, e.g. "TEXCOORD0.y" or "SV_Position0.w";
// components no element occupies read "[row].y".
func (info *PSVInfo) ComponentLabel(sig PSVSigKind, comp int) string {
	return info.StreamComponentLabel(sig, 0, comp)
}

// StreamComponentLabel is ComponentLabel for a geometry shader output stream.
func (info *PSVInfo) StreamComponentLabel(sig PSVSigKind, stream, comp int) string {
	c := "xyzw"[comp&3 : comp&3+1]
	if e, idx, ok := info.ComponentElement(sig, stream, comp); ok {
		return fmt.Sprintf("%s%d.%s", e.Semantic(), idx, c)
	}
	return fmt.Sprintf("[%d].%s", comp/4, c)
}

// StringAt resolves an offset into the string table; ok is false when the
// offset is outside the table or the string has no terminating NUL in it.
func (info *PSVInfo) StringAt(off uint32) (s string, ok bool) {
	if info.strtab.Data == nil {
		info.strtab.Data = info.stringData
	}
	s, ok = info.strtab.At(off)
	return info.strtab.Name(s), ok
}

// progShaderKind reads the stage from the DXIL (or ILDB) program header. The
// header may not be decoded yet when PSV0 comes first, so its first dword is
// read directly.
func progShaderKind(f *File) (dxil.ShaderKind, string, bool) {
	if f == nil {
		return 0, "", false
	}
	for _, name := range []string{"DXIL", "ILDB"} {
		p := f.Part(name)
		if p == nil {
			continue
		}
		if p.Program != nil {
			return p.Program.ShaderKind, name, true
		}
		if d := p.Data(); len(d) >= 4 {
			return dxil.ShaderKind(binary.LittleEndian.Uint32(d) >> 16), name, true
		}
	}
	return 0, "", false
}

// setValue replaces the Value of the span just recorded (to show a resolved name).
func setValue(r *binread.Reader, v string) {
	if n := len(r.Out.Spans); n > 0 && !r.Failed {
		r.Out.Spans[n-1].Value = v
	}
}

// unknownBytes claims n bytes as unknown (not understood, kept visible).
func unknownBytes(r *binread.Reader, name string, n int) []byte { return r.Claim(name, n, SpanUnknown) }

type psvDecoder struct {
	info *PSVInfo
	r    *binread.Reader
	f    *File
}

func (d *psvDecoder) section(name string, start int) {
	if d.r.Pos > start {
		d.info.Sections = append(d.info.Sections, psvSection{name, d.r.Base + int64(start), int64(d.r.Pos - start)})
		d.r.Out.Span(Span{Path: d.r.Join(name), Off: d.r.Base + int64(start), Size: int64(d.r.Pos - start), Kind: SpanStruct})
	}
}

// fail reports an Error that ends the decoding, keeps the rest raw and
// returns false, for the section readers to return.
func (d *psvDecoder) fail(off int, structure, format string, args ...any) bool {
	d.r.ProblemAt(Error, off, structure, format, args...)
	d.giveUp()
	return false
}

// giveUp keeps the rest of the part raw after an Error.
func (d *psvDecoder) giveUp() {
	if d.r.Pos < d.r.Len() && d.r.Pos >= 0 {
		d.r.Failed = false
		d.r.Raw("Undecoded", d.r.Remaining())
	}
}

func decodePSV0(f *File, p *Part, r *binread.Reader) {
	info := &PSVInfo{}
	d := &psvDecoder{info: info, r: r, f: f}
	r.What = "PSV0"
	p.PSVInfo = info
	if d.decode() {
		info.Complete = true
		if r.Remaining() > 0 {
			info.TrailingBytes = r.Remaining()
			r.Problem(Warning, "%d bytes at 0x%x follow the last PSV0 section; the runtime does not read them and the validator requires the part to end there", r.Remaining(), r.Abs())
			unknownBytes(r, "Trailing", r.Remaining())
		}
	}
	info.strtab.CutNote(r, "string table")
	p.Summary = info.Summary()
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// Summary is the one-line description of the part.
func (info *PSVInfo) Summary() string {
	var s []string
	if info.StageKnown {
		s = append(s, info.ShaderStage.String()+" shader")
	} else {
		s = append(s, "unknown stage")
	}
	if info.EntryName != "" {
		s = append(s, "entry "+info.EntryName)
	}
	s = append(s, fmt.Sprintf("PSV v%d", info.Version))
	if info.Version >= 1 {
		s = append(s, plural(int(info.SigInputElementCount), "input"), plural(int(info.SigOutputElementCount), "output"))
		if info.SigPatchConstOrPrimElementCount > 0 {
			what := "patch constants"
			if info.IsStage(dxil.Mesh) {
				what = "primitive outputs"
			}
			s = append(s, fmt.Sprintf("%d %s", info.SigPatchConstOrPrimElementCount, what))
		}
	}
	s = append(s, plural(int(info.ResourceCount), "resource"))
	if info.UsesViewID != 0 {
		s = append(s, "uses ViewID")
	}
	return strings.Join(s, ", ")
}

func (d *psvDecoder) decode() bool {
	r, info := d.r, d.info
	size := r.U32("RuntimeInfoSize")
	if r.Failed {
		return false
	}
	info.RuntimeInfoSize = size
	if size < 24 || size%4 != 0 {
		return d.fail(0, "PSVRuntimeInfo", "RuntimeInfoSize is %d: PSVRuntimeInfo0 alone is 24 bytes and every version is a multiple of 4 (24, 36, 48, 52, 56), so the part cannot be read", size)
	}
	for v, s := range psvRuntimeInfoSizes {
		if size >= s {
			info.Version = v
		}
	}
	known := psvRuntimeInfoSizes[info.Version]
	if int64(size) > int64(r.Remaining()) {
		// Decode the fields the bytes present hold; the rest are absent
		// (Part.Absent), not zeros, and nothing after the runtime info exists.
		have := r.Remaining()
		r.ProblemAt(Error, 0, "PSVRuntimeInfo", "RuntimeInfoSize is %d but only %d bytes follow it: the fields those bytes hold are decoded, the others are absent", size, have)
		start := r.Pos
		d.runtimeInfo(start, have, min(have, int(known)))
		r.Failed = false
		r.Seek(start + have)
		d.section("RuntimeInfo", start)
		return false
	}
	switch {
	case size > psvRuntimeInfoSizes[PSVMaxVersion]:
		r.ProblemAt(Note, 0, "PSVRuntimeInfo", "RuntimeInfoSize %d is larger than version %d's %d bytes: a newer version; the known %d bytes are decoded and the other %d kept as unknown", size, PSVMaxVersion, known, known, size-known)
	case size != known:
		r.ProblemAt(Warning, 0, "PSVRuntimeInfo", "RuntimeInfoSize %d is no version's size (24, 36, 48, 52, 56); read as version %d (%d bytes) plus %d unknown bytes, as DXC would", size, info.Version, known, size-known)
	}
	start := r.Pos
	d.runtimeInfo(start, int(size), int(known))
	r.Seek(start + int(size))
	d.section("RuntimeInfo", start)

	if !d.resources() {
		return false
	}
	if info.Version == 0 {
		return true
	}

	if !d.stringTable() || !d.semanticIndexTable() || !d.signatureElements() {
		return false
	}
	return d.dependencies()
}

func (d *psvDecoder) runtimeInfo(start, size, known int) {
	r, info := d.r, d.info
	// Stage: from ShaderStage (v1+) or the program header (v0).
	pk, psrc, pok := progShaderKind(d.f)
	if info.Version >= 1 && start+24 >= len(r.Data) {
		r.ProblemAt(Warning, start, "PSVRuntimeInfo1", "the runtime info is cut before its ShaderStage byte: the stage and its union are absent")
	} else if info.Version >= 1 {
		info.ShaderStage = dxil.ShaderKind(r.Data[start+24])
		info.StageSource = "ShaderStage"
		info.StageKnown = info.ShaderStage < dxil.Invalid
		if !info.StageKnown {
			r.ProblemAt(Warning, start+24, "PSVRuntimeInfo1", "ShaderStage %d is not a shader kind (0 to 15); the stage union is kept raw", info.ShaderStage)
		} else if pok && pk != info.ShaderStage {
			r.ProblemAt(Warning, start+24, "PSVRuntimeInfo1", "ShaderStage says %s but the %s program header says %s", info.ShaderStage, psrc, pk)
		}
	} else if pok {
		info.ShaderStage, info.StageSource, info.StageKnown = pk, psrc, pk < 16
		if !info.StageKnown {
			r.ProblemAt(Warning, start, "PSVRuntimeInfo0", "the %s program header's shader kind %d is not a stage (0 to 15): the stage union is kept raw", psrc, pk)
		}
	} else {
		r.ProblemAt(Warning, start, "PSVRuntimeInfo0", "PSV version 0 does not store the stage and there is no DXIL or ILDB program header to take it from: the stage union is kept raw")
	}

	r.Seek(start)
	info.StageInfo = HexBytes(append([]byte(nil), r.Data[start:min(start+16, len(r.Data))]...))
	d.stageUnion(start)
	r.Seek(start + 16)
	info.MinimumWaveLaneCount = r.U32("MinimumWaveLaneCount")
	if info.MinimumWaveLaneCount == 0 {
		setValue(r, "0 (unused)")
	}
	info.MaximumWaveLaneCount = r.U32("MaximumWaveLaneCount")
	if info.MaximumWaveLaneCount == 0xFFFFFFFF || info.MaximumWaveLaneCount == 0 {
		setValue(r, fmt.Sprintf("%d (unused)", info.MaximumWaveLaneCount))
	}
	if mn, mx := info.MinimumWaveLaneCount, info.MaximumWaveLaneCount; mn != 0 && mx != 0 && mx != 0xFFFFFFFF && mn > mx {
		r.ProblemAt(Warning, start+16, "PSVRuntimeInfo0", "MinimumWaveLaneCount %d is larger than MaximumWaveLaneCount %d", mn, mx)
	}
	if info.Version >= 1 {
		r.U8("ShaderStage")
		setValue(r, fmt.Sprintf("%d (%s)", info.ShaderStage, info.ShaderStage))
		info.UsesViewID = r.U8("UsesViewID")
		switch {
		case info.IsStage(dxil.Geometry):
			info.MaxVertexCount = r.U16("MaxVertexCount")
		case info.IsStage(dxil.Hull), info.IsStage(dxil.Domain):
			info.SigPatchConstOrPrimVectors = r.U8("SigPatchConstOrPrimVectors")
			r.Bytes("Info1UnionUnused", 1)
		case info.IsStage(dxil.Mesh):
			info.SigPatchConstOrPrimVectors = r.U8("SigPrimVectors")
			info.MeshOutputTopology = MeshOutputTopology(r.U8("MeshOutputTopology"))
			setValue(r, fmt.Sprintf("%d (%s)", info.MeshOutputTopology, info.MeshOutputTopology))
		default:
			if b := r.Bytes("Info1UnionUnused", 2); len(b) == 2 && (b[0] != 0 || b[1] != 0) {
				r.ProblemAt(Note, start+26, "PSVRuntimeInfo1", "bytes 26-27 of the runtime info (MaxVertexCount/SigPatchConstOrPrimVectors) are 0x%02x%02x for a %s shader, which uses neither", b[1], b[0], d.stageName())
			}
		}
		info.SigInputElementCount = r.U8("SigInputElementCount")
		info.SigOutputElementCount = r.U8("SigOutputElementCount")
		info.SigPatchConstOrPrimElementCount = r.U8("SigPatchConstOrPrimElementCount")
		info.SigInputVectors = r.U8("SigInputVectors")
		for i := range info.SigOutputVectors {
			info.SigOutputVectors[i] = r.U8(fmt.Sprintf("SigOutputVectors[%d]", i))
		}
		if !info.IsStage(dxil.Geometry) {
			for i := 1; i < 4; i++ {
				if info.SigOutputVectors[i] != 0 {
					r.ProblemAt(Warning, start+32+i, "PSVRuntimeInfo1", "SigOutputVectors[%d] is %d for a %s shader: only geometry shaders have output streams 1-3; DXC ignores it (LLVM reads tables for it)", i, info.SigOutputVectors[i], d.stageName())
				}
			}
		}
		if info.UsesViewID > 1 {
			r.ProblemAt(Note, start+25, "PSVRuntimeInfo1", "UsesViewID is %d; DXC writes 0 or 1", info.UsesViewID)
		}
	}
	if info.Version >= 2 {
		info.NumThreadsX = r.U32("NumThreadsX")
		info.NumThreadsY = r.U32("NumThreadsY")
		info.NumThreadsZ = r.U32("NumThreadsZ")
	}
	if info.Version >= 3 {
		info.EntryFunctionName = r.U32("EntryName") // resolved once the string table is read
	}
	if info.Version >= 4 {
		info.NumBytesGroupSharedMemory = r.U32("NumBytesGroupSharedMemory")
	}
	if size > known {
		info.UnknownRuntimeInfo = HexBytes(unknownBytes(r, "UnknownRuntimeInfo", size-known))
	}
}

func (d *psvDecoder) stageName() string {
	if !d.info.StageKnown {
		return "unknown-stage"
	}
	return d.info.ShaderStage.String()
}

func (d *psvDecoder) stageUnion(start int) {
	r, info := d.r, d.info
	used := 0
	if !info.StageKnown {
		r.Raw("StageInfo", 16)
		return
	}
	switch info.ShaderStage {
	case dxil.Vertex:
		info.VS = &PSVVSInfo{OutputPositionPresent: r.U8("OutputPositionPresent")}
		used = 1
	case dxil.Hull:
		h := &PSVHSInfo{}
		h.InputControlPointCount = r.U32("InputControlPointCount")
		h.OutputControlPointCount = r.U32("OutputControlPointCount")
		h.TessellatorDomain = TessellatorDomain(r.U32("TessellatorDomain"))
		setValue(r, fmt.Sprintf("%d (%s)", h.TessellatorDomain, h.TessellatorDomain))
		h.TessellatorOutputPrimitive = TessellatorOutputPrimitive(r.U32("TessellatorOutputPrimitive"))
		setValue(r, fmt.Sprintf("%d (%s)", h.TessellatorOutputPrimitive, h.TessellatorOutputPrimitive))
		info.HS, used = h, 16
	case dxil.Domain:
		s := &PSVDSInfo{}
		s.InputControlPointCount = r.U32("InputControlPointCount")
		s.OutputPositionPresent = r.U8("OutputPositionPresent")
		r.Bytes("StageInfoPadding", 3)
		s.TessellatorDomain = TessellatorDomain(r.U32("TessellatorDomain"))
		setValue(r, fmt.Sprintf("%d (%s)", s.TessellatorDomain, s.TessellatorDomain))
		info.DS, used = s, 12
	case dxil.Geometry:
		g := &PSVGSInfo{}
		g.InputPrimitive = InputPrimitive(r.U32("InputPrimitive"))
		setValue(r, fmt.Sprintf("%d (%s)", g.InputPrimitive, g.InputPrimitive))
		g.OutputTopology = PrimitiveTopology(r.U32("OutputTopology"))
		setValue(r, fmt.Sprintf("%d (%s)", g.OutputTopology, g.OutputTopology))
		g.OutputStreamMask = r.U32("OutputStreamMask")
		g.OutputPositionPresent = r.U8("OutputPositionPresent")
		r.Bytes("StageInfoPadding", 3)
		info.GS, used = g, 16
	case dxil.Pixel:
		info.PS = &PSVPSInfo{DepthOutput: r.U8("DepthOutput"), SampleFrequency: r.U8("SampleFrequency")}
		used = 2
	case dxil.Mesh:
		m := &PSVMSInfo{}
		m.GroupSharedBytesUsed = r.U32("GroupSharedBytesUsed")
		m.GroupSharedBytesDependentOnViewID = r.U32("GroupSharedBytesDependentOnViewID")
		m.PayloadSizeInBytes = r.U32("PayloadSizeInBytes")
		m.MaxOutputVertices = r.U16("MaxOutputVertices")
		m.MaxOutputPrimitives = r.U16("MaxOutputPrimitives")
		info.MS, used = m, 16
	case dxil.Amplification:
		info.AS = &PSVASInfo{PayloadSizeInBytes: r.U32("PayloadSizeInBytes")}
		used = 4
	}
	if n := min(16, len(r.Data)-start); n > 0 { // a cut part holds less of the union
		r.Out.Span(Span{Path: r.Join("StageInfo"), Off: r.Base + int64(start), Size: int64(n), Kind: SpanStruct})
	}
	if used < 16 {
		rest := r.Bytes("StageInfoUnused", 16-used)
		if !allZero(rest) {
			if used == 0 {
				r.ProblemAt(Note, start, "PSVRuntimeInfo0", "the stage union is not zero for a %s shader, which has no member in it (DXC writes zeros)", info.ShaderStage)
			} else {
				r.ProblemAt(Note, start+used, "PSVRuntimeInfo0", "bytes %d-15 of the stage union, unused by a %s shader, are not zero", used, info.ShaderStage)
			}
		}
	}
}

// resources reads ResourceCount and, when there are any, ResourceStride and
// the PSVResourceBindInfo records.
func (d *psvDecoder) resources() bool {
	r, info := d.r, d.info
	start := r.Pos
	info.ResourceCount = r.U32("ResourceCount")
	if r.Failed {
		return false
	}
	if info.ResourceCount == 0 {
		d.section("ResourceBindInfo", start)
		return true
	}
	stride := r.U32("ResourceStride")
	if r.Failed {
		return false
	}
	info.ResourceStride = stride
	if stride < 16 {
		return d.fail(r.Pos-4, "PSVResourceBindInfo", "ResourceStride is %d, smaller than PSVResourceBindInfo0 (16 bytes): the resources cannot be read", stride)
	}
	if stride != 16 && stride != 24 {
		r.ProblemAt(Note, r.Pos-4, "PSVResourceBindInfo", "ResourceStride %d is neither 16 (v0) nor 24 (v1): the known fields are decoded and the rest of each record kept as unknown", stride)
	}
	// Compare by division: count × stride can overflow 64 bits.
	n := int64(info.ResourceCount)
	if fit := int64(r.Remaining()) / int64(stride); n > fit {
		r.ProblemAt(Error, r.Pos-8, "PSVResourceBindInfo", "%d resources of %d bytes need %d bytes, only %d remain", n, stride, uint64(n)*uint64(stride), r.Remaining())
		n = fit
	}
	info.Resources = make([]PSVResourceBindInfo, 0, n)
	for i := 0; i < int(n); i++ {
		rec := r.Pos
		b := PSVResourceBindInfo{Offset: r.Abs()}
		r.Begin(fmt.Sprintf("Resources[%d]", i), "PSVResourceBindInfo")
		b.Type = PSVResourceType(r.U32("Type"))
		setValue(r, fmt.Sprintf("%d (%s)", b.Type, b.Type))
		b.Space = r.U32("Space")
		b.LowerBound = r.U32("LowerBound")
		b.UpperBound = r.U32("UpperBound")
		if b.Unbounded() {
			setValue(r, "0xFFFFFFFF (unbounded)")
		}
		if stride >= 24 {
			b.HasKindAndFlags = true
			b.Kind = PSVResourceKind(r.U32("Kind"))
			setValue(r, fmt.Sprintf("%d (%s)", b.Kind, b.Kind))
			b.Flags = PSVResourceFlags(r.U32("Flags"))
			setValue(r, fmt.Sprintf("%d (%s)", b.Flags, b.Flags))
		}
		if extra := int(stride) - (r.Pos - rec); extra > 0 {
			b.Unknown = HexBytes(unknownBytes(r, "Unknown", extra))
		}
		r.End()
		if b.Type > PSVUAVStructuredWithCounter {
			r.ProblemAt(Warning, rec, "PSVResourceBindInfo", "resource %d has type %d, which PSVResourceType does not define (0 to 9)", i, b.Type)
		}
		if b.HasKindAndFlags && b.Kind > PSVResourceKind(dxil.ResourceKindFeedbackTexture2DArray) {
			r.ProblemAt(Warning, rec+16, "PSVResourceBindInfo", "resource %d has kind %d, which PSVResourceKind does not define (0 to 18)", i, b.Kind)
		}
		if b.LowerBound > b.UpperBound {
			r.ProblemAt(Warning, rec+8, "PSVResourceBindInfo", "resource %d has LowerBound %d above UpperBound %d", i, b.LowerBound, b.UpperBound)
		}
		info.Resources = append(info.Resources, b)
	}
	if int64(len(info.Resources)) < int64(info.ResourceCount) {
		d.giveUp()
		return false
	}
	d.section("ResourceBindInfo", start)
	return true
}

func (d *psvDecoder) stringTable() bool {
	r, info := d.r, d.info
	start := r.Pos
	size := r.U32("StringTableSize")
	if r.Failed {
		return false
	}
	info.StringTableSize = size
	if int64(size) > int64(r.Remaining()) {
		return d.fail(start, "string table", "StringTableSize is %d but only %d bytes remain", size, r.Remaining())
	}
	if size%4 != 0 {
		r.ProblemAt(Warning, start, "string table", "StringTableSize %d is not a multiple of 4: DXC's reader rejects the part", size)
	}
	data := r.Data[r.Pos : r.Pos+int(size)]
	info.stringData = data
	if size > 0 && data[size-1] != 0 {
		r.ProblemAt(Warning, r.Pos+int(size)-1, "string table", "the string table's last byte is 0x%02x, not NUL: its last string is unterminated", data[size-1])
	}
	sr := r.Sub(r.Pos, int(size), r.Join("StringTable"), "string table")
	// NULs after the last non-empty string are padding to 4 bytes, not strings.
	end := len(data)
	for end > 0 && data[end-1] == 0 {
		end--
	}
	if end < len(data) {
		end++ // the last string's terminator
	}
	for i := 0; sr.Pos < end; i++ {
		off := uint32(sr.Pos)
		nul := sr.Pos
		for nul < sr.Len() && sr.Data[nul] != 0 {
			nul++
		}
		var s string
		if nul < sr.Len() {
			s = sr.CString(fmt.Sprintf("[%d]", i))
		} else {
			s = string(sr.Bytes(fmt.Sprintf("[%d]", i), nul-sr.Pos))
		}
		info.StringTable = append(info.StringTable, psvString{off, s})
	}
	if sr.Remaining() > 0 {
		sr.Bytes("Padding", sr.Remaining())
	}
	r.Seek(r.Pos + int(size))
	d.section("StringTable", start)
	if info.Version >= 3 {
		s, ok := info.StringAt(info.EntryFunctionName)
		info.EntryName = s
		if !ok {
			r.ProblemAt(Warning, 4+48, "PSVRuntimeInfo3", "EntryFunctionName offset %d does not point at a NUL-terminated string in the %d-byte string table", info.EntryFunctionName, size)
		}
		for i := range r.Out.Spans {
			if r.Out.Spans[i].Path == r.Join("EntryName") {
				r.Out.Spans[i].Value = fmt.Sprintf("%d → %q", info.EntryFunctionName, s)
			}
		}
	}
	return true
}

func (d *psvDecoder) semanticIndexTable() bool {
	r, info := d.r, d.info
	start := r.Pos
	n := r.U32("SemanticIndexTableEntries")
	if r.Failed {
		return false
	}
	if int64(n)*4 > int64(r.Remaining()) {
		return d.fail(start, "semantic index table", "SemanticIndexTableEntries is %d (%d bytes) but only %d bytes remain", n, int64(n)*4, r.Remaining())
	}
	info.SemanticIndexTable = make([]uint32, n)
	for i := range info.SemanticIndexTable {
		info.SemanticIndexTable[i] = r.U32(fmt.Sprintf("SemanticIndexTable[%d]", i))
	}
	d.section("SemanticIndexTable", start)
	return true
}

func (d *psvDecoder) signatureElements() bool {
	r, info := d.r, d.info
	total := int64(info.SigInputElementCount) + int64(info.SigOutputElementCount) + int64(info.SigPatchConstOrPrimElementCount)
	if total == 0 {
		return true
	}
	start := r.Pos
	size := r.U32("SignatureElementSize")
	if r.Failed {
		return false
	}
	info.SignatureElementSize = size
	if size < 16 {
		return d.fail(start, "PSVSignatureElement", "SignatureElementSize is %d, smaller than PSVSignatureElement0 (16 bytes): the signature elements cannot be read", size)
	}
	if size > 16 {
		r.ProblemAt(Note, start, "PSVSignatureElement", "SignatureElementSize is %d: the 16 known bytes of each element are decoded, the other %d kept as unknown", size, size-16)
	}
	if total*int64(size) > int64(r.Remaining()) {
		r.ProblemAt(Error, start, "PSVSignatureElement", "%d signature elements of %d bytes need %d bytes, only %d remain", total, size, total*int64(size), r.Remaining())
	}
	lists := []struct {
		name string
		n    uint8
		dst  *[]PSVSignatureElement
		sig  PSVSigKind
	}{
		{"SigInputElements", info.SigInputElementCount, &info.SigInputElements, PSVSigInput},
		{"SigOutputElements", info.SigOutputElementCount, &info.SigOutputElements, PSVSigOutput},
		{"SigPatchOrPrimElements", info.SigPatchConstOrPrimElementCount, &info.SigPatchOrPrimElements, PSVSigPatchOrPrim},
	}
	for _, l := range lists {
		for i := 0; i < int(l.n); i++ {
			if r.Remaining() < int(size) {
				d.giveUp()
				return false
			}
			*l.dst = append(*l.dst, d.element(fmt.Sprintf("%s[%d]", l.name, i), int(size), l.sig))
		}
	}
	d.section("SignatureElements", start)
	return true
}

func (d *psvDecoder) element(name string, size int, sig PSVSigKind) PSVSignatureElement {
	r, info := d.r, d.info
	rec := r.Pos
	e := PSVSignatureElement{Offset: r.Abs()}
	r.Begin(name, "PSVSignatureElement")
	e.SemanticName = r.U32("Name")
	name2, ok := info.StringAt(e.SemanticName)
	e.Name = name2
	setValue(r, fmt.Sprintf("%d → %q", e.SemanticName, binread.CapText(name2, 64)))
	if !ok {
		r.ProblemAt(Warning, rec, "PSVSignatureElement", "%s: SemanticName offset %d does not point at a NUL-terminated string in the %d-byte string table", name, e.SemanticName, len(info.stringData))
	}
	e.SemanticIndexes = r.U32("Indices")
	e.Rows = r.U8("Rows")
	e.StartRowRaw = r.U8("StartRow")
	e.ColsAndStart = r.U8("ColsAndStart")
	e.Cols = e.ColsAndStart & 0xF
	e.StartColRaw = e.ColsAndStart >> 4 & 3
	e.Allocated = e.ColsAndStart&0x40 != 0
	e.StartRow, e.StartCol = -1, -1
	if e.Allocated {
		e.StartRow, e.StartCol = int(e.StartRowRaw), int(e.StartColRaw)
	}
	setValue(r, fmt.Sprintf("0x%02x: Cols %d, StartCol %d, Allocated %t", e.ColsAndStart, e.Cols, e.StartColRaw, e.Allocated))
	e.Kind = PSVSemanticKind(r.U8("Kind"))
	setValue(r, fmt.Sprintf("%d (%s)", e.Kind, e.Kind))
	e.ComponentType = PSVComponentType(r.U8("ComponentType"))
	setValue(r, fmt.Sprintf("%d (%s)", e.ComponentType, e.ComponentType))
	e.Interpolation = PSVInterpolationMode(r.U8("Interpolation"))
	setValue(r, fmt.Sprintf("%d (%s)", e.Interpolation, e.Interpolation))
	e.DynamicMaskAndStream = r.U8("DynamicMaskAndStream")
	e.DynamicMask = e.DynamicMaskAndStream & 0xF
	e.Stream = e.DynamicMaskAndStream >> 4 & 3
	setValue(r, fmt.Sprintf("0x%02x: DynamicMask 0x%x, Stream %d", e.DynamicMaskAndStream, e.DynamicMask, e.Stream))
	e.Reserved = r.U8("Reserved")
	if size > 16 {
		e.Unknown = HexBytes(unknownBytes(r, "Unknown", size-16))
	}
	r.End()

	// Resolve the semantic indexes: Rows consecutive entries.
	first, rows := int64(e.SemanticIndexes), int64(e.Rows)
	if first+rows > int64(len(info.SemanticIndexTable)) {
		r.ProblemAt(Warning, rec+4, "PSVSignatureElement", "%s: %d semantic indexes from entry %d run past the %d-entry semantic index table", name, rows, first, len(info.SemanticIndexTable))
		for i := first; i < first+rows && i < int64(len(info.SemanticIndexTable)); i++ {
			e.Indices = append(e.Indices, info.SemanticIndexTable[i])
		}
	} else {
		e.Indices = append([]uint32{}, info.SemanticIndexTable[first:first+rows]...)
	}
	if e.Indices == nil {
		e.Indices = []uint32{}
	}
	if r.Out.Spans != nil {
		for i := len(r.Out.Spans) - 1; i >= 0 && i >= len(r.Out.Spans)-16; i-- {
			if r.Out.Spans[i].Path == r.Join(name)+"/Indices" {
				r.Out.Spans[i].Value = fmt.Sprintf("%d → %v", e.SemanticIndexes, e.Indices)
				break
			}
		}
	}

	switch {
	case e.Rows == 0:
		r.ProblemAt(Warning, rec+8, "PSVSignatureElement", "%s has 0 rows", name)
	case e.Cols == 0 || e.Cols > 4:
		r.ProblemAt(Warning, rec+10, "PSVSignatureElement", "%s has %d columns; an element has 1 to 4", name, e.Cols)
	case e.Allocated && e.StartCol+int(e.Cols) > 4:
		r.ProblemAt(Warning, rec+10, "PSVSignatureElement", "%s starts at column %d with %d columns, past column 3", name, e.StartCol, e.Cols)
	}
	if e.Allocated {
		vectors := info.Vectors(sig, int(e.Stream))
		if e.StartRow+int(e.Rows) > vectors {
			r.ProblemAt(Warning, rec+9, "PSVSignatureElement", "%s occupies rows %d-%d but the signature has %d vectors", name, e.StartRow, e.StartRow+int(e.Rows)-1, vectors)
		}
	}
	if e.ColsAndStart&0x80 != 0 {
		r.ProblemAt(Note, rec+10, "PSVSignatureElement", "%s: bit 7 of ColsAndStart is set; DXC leaves it zero", name)
	}
	if int(e.Kind) >= len(semanticKindNames)-1 {
		r.ProblemAt(Warning, rec+11, "PSVSignatureElement", "%s: SemanticKind %d is not a DXIL semantic kind (0 to 32)", name, e.Kind)
	}
	if int(e.ComponentType) >= len(psvComponentTypeNames) {
		r.ProblemAt(Warning, rec+12, "PSVSignatureElement", "%s: ComponentType %d is not defined (0 to 9)", name, e.ComponentType)
	}
	if int(e.Interpolation) >= len(interpolationModeNames) {
		r.ProblemAt(Warning, rec+13, "PSVSignatureElement", "%s: InterpolationMode %d is not defined (0 to 8)", name, e.Interpolation)
	}
	if e.DynamicMaskAndStream&0xC0 != 0 {
		r.ProblemAt(Note, rec+14, "PSVSignatureElement", "%s: bits 6-7 of DynamicMaskAndStream are set; DXC leaves them zero", name)
	}
	if e.Reserved != 0 {
		r.ProblemAt(Note, rec+15, "PSVSignatureElement", "%s: the reserved byte is 0x%02x, not zero", name, e.Reserved)
	}
	return e
}

// dwords reads n dwords named name[0..n-1] as one structure, or reports an Error.
func (d *psvDecoder) dwords(name, what string, n int) ([]uint32, int64, bool) {
	r := d.r
	if int64(n)*4 > int64(r.Remaining()) {
		r.Problem(Error, "%s needs %d dwords (%d bytes) at 0x%x, only %d bytes remain", what, n, n*4, r.Abs(), r.Remaining())
		d.giveUp()
		return nil, 0, false
	}
	off := r.Abs()
	w := make([]uint32, n)
	r.Begin(name, what)
	for i := range w {
		w[i] = r.U32(fmt.Sprintf("[%d]", i))
		setValue(r, fmt.Sprintf("0x%08x", w[i]))
	}
	r.End()
	return w, off, true
}

// dependencies reads the ViewID masks and input→output tables with DXC's
// rules: output masks and tables per stream only for geometry shaders; the
// patch-constant/primitive ViewID mask for hull AND mesh shaders; no
// input→output tables for mesh shaders; the input→patch-constant table for
// hull shaders and the patch-constant→output table for domain shaders.
func (d *psvDecoder) dependencies() bool {
	info := d.info
	streams := 1
	if info.IsStage(dxil.Geometry) {
		streams = 4
	}
	hs, ds, ms := info.IsStage(dxil.Hull), info.IsStage(dxil.Domain), info.IsStage(dxil.Mesh)
	if info.UsesViewID != 0 {
		start := d.r.Pos
		for i := 0; i < streams; i++ {
			v := int(info.SigOutputVectors[i])
			if v == 0 {
				continue
			}
			name := fmt.Sprintf("OutputVectorMasks[%d]", i)
			w, off, ok := d.dwords(name, "ViewID output mask", PSVMaskDwords(v))
			if !ok {
				return false
			}
			info.ViewIDOutputMasks[i] = &PSVComponentMask{Name: name, Output: PSVSigOutput, Stream: i, Vectors: v, Words: w, Offset: off}
		}
		if (hs || ms) && info.SigPatchConstOrPrimVectors != 0 {
			v := int(info.SigPatchConstOrPrimVectors)
			w, off, ok := d.dwords("PatchOrPrimMasks", "ViewID patch-constant/primitive mask", PSVMaskDwords(v))
			if !ok {
				return false
			}
			info.ViewIDPatchOrPrimMask = &PSVComponentMask{Name: "PatchOrPrimMasks", Output: PSVSigPatchOrPrim, Vectors: v, Words: w, Offset: off}
		}
		d.section("ViewIDMasks", start)
	}
	start := d.r.Pos
	table := func(name, what string, in, out PSVSigKind, stream, iv, ov int) (*PSVDependencyTable, bool) {
		w, off, ok := d.dwords(name, what, PSVMaskDwords(ov)*iv*4)
		if !ok {
			return nil, false
		}
		return &PSVDependencyTable{Name: name, Input: in, Output: out, Stream: stream, InputVectors: iv, OutputVectors: ov, Words: w, Offset: off}, true
	}
	iv := int(info.SigInputVectors)
	for i := 0; i < streams; i++ {
		ov := int(info.SigOutputVectors[i])
		if ms || ov == 0 || iv == 0 {
			continue
		}
		t, ok := table(fmt.Sprintf("InputOutputMap[%d]", i), "input→output dependency table", PSVSigInput, PSVSigOutput, i, iv, ov)
		if !ok {
			return false
		}
		info.InputToOutput[i] = t
	}
	pv := int(info.SigPatchConstOrPrimVectors)
	if hs && pv != 0 && iv != 0 {
		t, ok := table("InputPatchMap", "input→patch-constant dependency table", PSVSigInput, PSVSigPatchOrPrim, 0, iv, pv)
		if !ok {
			return false
		}
		info.InputToPatch = t
	}
	if ds && info.SigOutputVectors[0] != 0 && pv != 0 {
		t, ok := table("PatchOutputMap", "patch-constant→output dependency table", PSVSigPatchOrPrim, PSVSigOutput, 0, pv, int(info.SigOutputVectors[0]))
		if !ok {
			return false
		}
		info.PatchToOutput = t
	}
	d.section("DependencyTables", start)
	return true
}

func init() {
	RegisterPart(PartKind{Name: "PSV0", Title: "pipeline state validation", About: "What the D3D12 runtime checks when it creates a pipeline: stage info, resources, signature elements, ViewID and input-to-output dependencies.", Unique: true, KnownLayout: true, Key: "PSVInfo", Decode: decodePSV0, Check: checkPSV0})
}
