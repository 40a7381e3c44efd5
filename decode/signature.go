package decode

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/report"
)

// ---- enums shared by the signature parts ----

// D3DSystemValue is the SystemValue of a signature element (D3D_NAME,
// DXC DxilProgramSigSemantic), named as LLVM's D3D_SYSTEM_VALUE names it.
type D3DSystemValue uint32

// The system values, by their D3D_NAME numbers.
const (
	SVUndefined                  D3DSystemValue = 0
	SVPosition                   D3DSystemValue = 1
	SVClipDistance               D3DSystemValue = 2
	SVCullDistance               D3DSystemValue = 3
	SVRenderTargetArrayIndex     D3DSystemValue = 4
	SVViewPortArrayIndex         D3DSystemValue = 5
	SVVertexID                   D3DSystemValue = 6
	SVPrimitiveID                D3DSystemValue = 7
	SVInstanceID                 D3DSystemValue = 8
	SVIsFrontFace                D3DSystemValue = 9
	SVSampleIndex                D3DSystemValue = 10
	SVFinalQuadEdgeTessfactor    D3DSystemValue = 11
	SVFinalLineDensityTessfactor D3DSystemValue = 16 // the last of the six tessellation factors (11-16)
	SVBarycentrics               D3DSystemValue = 23
	SVShadingRate                D3DSystemValue = 24
	SVCullPrimitive              D3DSystemValue = 25
	SVTarget                     D3DSystemValue = 64
	SVCoverage                   D3DSystemValue = 66
	SVInnerCoverage              D3DSystemValue = 70
)

var d3dSystemValues = report.Enum{Type: "D3DSystemValue", Names: []string{
	0: "Undefined", 1: "Position", 2: "ClipDistance", 3: "CullDistance", 4: "RenderTargetArrayIndex",
	5: "ViewPortArrayIndex", 6: "VertexID", 7: "PrimitiveID", 8: "InstanceID", 9: "IsFrontFace",
	10: "SampleIndex", 11: "FinalQuadEdgeTessfactor", 12: "FinalQuadInsideTessfactor", 13: "FinalTriEdgeTessfactor",
	14: "FinalTriInsideTessfactor", 15: "FinalLineDetailTessfactor", 16: "FinalLineDensityTessfactor",
	23: "Barycentrics", 24: "ShadingRate", 25: "CullPrimitive",
	64: "Target", 65: "Depth", 66: "Coverage", 67: "DepthGE", 68: "DepthLE", 69: "StencilRef", 70: "InnerCoverage",
}}

// d3dSystemValueDumpbin is the column text DXC's and FXC's disassemblers print.
var d3dSystemValueDumpbin = map[uint32]string{
	0: "NONE", 1: "POS", 2: "CLIPDST", 3: "CULLDST", 4: "RTINDEX", 5: "VPINDEX", 6: "VERTID", 7: "PRIMID",
	8: "INSTID", 9: "FFACE", 10: "SAMPLE", 11: "QUADEDGE", 12: "QUADINT", 13: "TRIEDGE", 14: "TRIINT",
	15: "LINEDET", 16: "LINEDEN", 23: "BARYCEN", 24: "SHDINGRATE", 25: "CULLPRIM",
	64: "TARGET", 65: "DEPTH", 66: "COVERAGE", 67: "DEPTHGE", 68: "DEPTHLE", 69: "STENCILREF", 70: "INNERCOV",
}

func (v D3DSystemValue) String() string { return report.EnumString(d3dSystemValues, v) }

// Dumpbin is the short name the compilers' listings print ("POS", "TARGET").
func (v D3DSystemValue) Dumpbin() string {
	if s, ok := d3dSystemValueDumpbin[uint32(v)]; ok {
		return s
	}
	return strconv.FormatUint(uint64(v), 10)
}

// MarshalText writes the name, as obj2yaml does.
func (v D3DSystemValue) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *D3DSystemValue) UnmarshalText(b []byte) error {
	return report.ParseEnum(d3dSystemValues, v, b)
}

// SigComponentType is the CompType of a signature element (DxilProgramSigCompType;
// the same numbers as the PSV0 ComponentType byte).
type SigComponentType uint32

var sigComponentTypes = report.Enum{Type: "SigComponentType", Names: []string{
	0: "Unknown", 1: "UInt32", 2: "SInt32", 3: "Float32", 4: "UInt16", 5: "SInt16", 6: "Float16",
	7: "UInt64", 8: "SInt64", 9: "Float64",
}}

func (v SigComponentType) String() string { return report.EnumString(sigComponentTypes, v) }

// MarshalText writes the name, as obj2yaml does.
func (v SigComponentType) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *SigComponentType) UnmarshalText(b []byte) error {
	return report.ParseEnum(sigComponentTypes, v, b)
}

// SigMinPrecision is the MinPrecision of a 32-byte signature element (D3D_MIN_PRECISION).
type SigMinPrecision uint32

var sigMinPrecisions = report.Enum{Type: "SigMinPrecision", Names: []string{
	0: "Default", 1: "Float16", 2: "Float2_8", 3: "Reserved", 4: "SInt16", 5: "UInt16", 0xF0: "Any16", 0xF1: "Any10",
}}

func (v SigMinPrecision) String() string { return report.EnumString(sigMinPrecisions, v) }

// MarshalText writes the name, as obj2yaml does.
func (v SigMinPrecision) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *SigMinPrecision) UnmarshalText(b []byte) error {
	return report.ParseEnum(sigMinPrecisions, v, b)
}

// enumString names v from names, or prints Type(v) for a value nobody named.
// ---- the signature part ----

// SignatureDirection says whether a signature's elements are read or written
// by the shader, which decides how the element's second mask byte is read.
type SignatureDirection uint8

const (
	// SigInput: ISG1/ISGN, and PSG1/PCSG of a domain shader (patch constants it reads).
	SigInput SignatureDirection = iota
	// SigOutput: OSG1/OSGN/OSG5, and PSG1/PCSG of a hull or mesh shader.
	SigOutput
)

var sigDirections = report.Enum{Type: "SignatureDirection", Names: []string{"input", "output"}}

func (d SignatureDirection) String() string { return report.EnumString(sigDirections, d) }

// MarshalText writes the direction by name.
func (d SignatureDirection) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a direction written by MarshalText.
func (d *SignatureDirection) UnmarshalText(b []byte) error {
	return report.ParseEnum(sigDirections, d, b)
}

// Signature is a decoded I/O signature part: ISG1/OSG1/PSG1 (32-byte elements,
// DXC and SM 5.1), ISGN/OSGN/PCSG (24 bytes, FXC), OSG5 (28 bytes, FXC GS with streams).
// Parameters has obj2yaml's keys; the rest are added.
type Signature struct {
	Parameters []SignatureParameter

	// Added keys.
	ParamCount  uint32 // number of elements the header declares
	ParamOffset uint32 // offset of the first element from the start of the part (8 in practice)
	ElementSize int    // 24, 28 or 32, from the part name
	// Direction: how ExclusiveMask reads (AlwaysReads for inputs, NeverWrites for outputs).
	// From the part name; PSG1/PCSG are outputs unless the container's program is a domain shader.
	Direction SignatureDirection
	// PatchConstant marks PSG1/PCSG (patch constants, or mesh per-primitive outputs).
	PatchConstant bool
}

// SignatureParameter is one signature element (DxilProgramSignatureElement),
// one row per register a semantic occupies.
type SignatureParameter struct {
	Stream        uint32 // GS output stream (OSG5 and 32-byte elements; 0 otherwise)
	Name          string // the semantic name, resolved from NameOffset
	Index         uint32 // semantic index
	SystemValue   D3DSystemValue
	CompType      SigComponentType
	Register      uint32 // 0xFFFFFFFF: not in a register (depth, coverage, ...)
	Mask          uint8  // components present, x=1 y=2 z=4 w=8
	ExclusiveMask uint8  // raw: AlwaysReads (inputs) or NeverWrites (outputs)
	MinPrecision  SigMinPrecision

	// Added keys.
	NameOffset      uint32 // SemanticName: offset of the name from the start of the part
	Offset          int64  // absolute offset of the element in the file
	MaskString      string // Mask as "xyzw" with blanks, as the listings print it
	Used            uint8  // the "used" column of the listings: inputs as is, outputs ^NeverWrites & Mask
	UsedString      string
	SystemValueName string // the listings' short name ("POS", "TARGET", "NONE")
}

// NoRegister is the Register value of elements that live in no register.
const NoRegister = 0xFFFFFFFF

// MaskString renders a component mask the way the compilers' listings do: "xy w".
func MaskString(m uint8) string { return strings.TrimRight(MaskColumns(m), " ") }

// MaskColumns renders a component mask in four columns, a letter per
// component present and a blank per one absent ("xy  "), as dumpbin's
// tables print it.
func MaskColumns(m uint8) string {
	b := []byte("    ")
	for i, c := range "xyzw" {
		if m&(1<<i) != 0 {
			b[i] = byte(c)
		}
	}
	return string(b)
}

// sigElementSize is the element size each signature part name implies.
func sigElementSize(name string) int {
	switch name {
	case "ISG1", "OSG1", "PSG1":
		return 32
	case "OSG5":
		return 28
	}
	return 24
}

func decodeSignature(p *Part, r *binread.Reader) {
	s := &Signature{ElementSize: sigElementSize(p.Name)}
	switch p.Name {
	case "OSG1", "OSGN", "OSG5":
		s.Direction = SigOutput
	case "PSG1", "PCSG":
		// Hull shaders write patch constants and mesh shaders write per-primitive
		// outputs; only domain shaders read them. resolveSignatureDirections fixes
		// this up once the container's program part says which stage it is.
		s.Direction = SigOutput
		s.PatchConstant = true
	}
	s.ParamCount = r.U32("ParamCount")
	s.ParamOffset = r.U32("ParamOffset")
	if r.Failed {
		return
	}
	p.Signature = s
	size := r.Len()
	if s.ParamOffset < 8 || int64(s.ParamOffset) > int64(size) {
		r.ProblemAt(Error, 4, "signature header", "ParamOffset 0x%x does not point into the %d-byte part after the 8-byte header; the elements cannot be found", s.ParamOffset, size)
		r.Raw("Data", r.Remaining())
		p.Summary = "unreadable signature"
		return
	}
	if s.ParamOffset%4 != 0 {
		r.ProblemAt(Warning, 4, "signature header", "ParamOffset 0x%x is not a multiple of 4", s.ParamOffset)
	}
	if s.ParamOffset > 8 {
		r.ProblemAt(Note, 8, "signature header", "ParamOffset is 0x%x, not 8: %d bytes between the header and the elements", s.ParamOffset, s.ParamOffset-8)
		r.Raw("Reserved", int(s.ParamOffset)-8)
	}
	tableStart := int(s.ParamOffset)
	n := int64(s.ParamCount)
	fit := int64(size-tableStart) / int64(s.ElementSize)
	if n > fit {
		r.ProblemAt(Error, 0, "signature header", "ParamCount is %d, so %d bytes of %d-byte elements start at 0x%x, but the part holds only %d bytes: only %d elements fit",
			n, n*int64(s.ElementSize), s.ElementSize, r.Base+int64(tableStart), size, fit)
		n = fit
	}
	tableEnd := tableStart + int(n)*s.ElementSize
	s.Parameters = make([]SignatureParameter, n)
	strs := &sigStrings{}
	if s.ElementSize != 24 {
		strs.header = 4
	}
	r.Seek(tableStart)
	r.Begin("Parameters", "signature elements")
	for i := range s.Parameters {
		e := &s.Parameters[i]
		e.Offset = r.Abs()
		r.Begin(fmt.Sprintf("[%d]", i), "signature element")
		if s.ElementSize != 24 {
			e.Stream = r.U32("Stream")
		}
		e.NameOffset = r.U32("NameOffset")
		e.Index = r.U32("Index")
		e.SystemValue = D3DSystemValue(r.U32("SystemValue"))
		e.CompType = SigComponentType(r.U32("CompType"))
		e.Register = r.U32("Register")
		e.Mask = r.U8("Mask")
		e.ExclusiveMask = r.U8("ExclusiveMask")
		r.Bytes("Padding", 2)
		if s.ElementSize == 32 {
			e.MinPrecision = SigMinPrecision(r.U32("MinPrecision"))
		}
		r.End()
		e.MaskString = MaskString(e.Mask)
		e.SystemValueName = e.SystemValue.Dumpbin()
		e.Name = strs.name(r, e, i, tableEnd)
		sigCheckElement(r, s, e, i)
	}
	r.End()
	s.setUsed()
	sigClaimStrings(r, strs.names, tableEnd)
	p.Summary = s.summary()
}

// maxSemanticName is the longest semantic name kept whole.
const maxSemanticName = 1024

// sigStrings resolves SemanticName offsets. Names are looked up, not read in
// sequence, because DXC 1.7+ shares one string between elements. Every name is
// a substring of one copy of the part and every NUL is found once, so a part
// of many elements pointing into one long run of bytes costs no more than its size.
type sigStrings struct {
	all    string  // the part's bytes
	nuls   []int32 // positions of the NUL bytes, ascending
	names  map[uint32]string
	noNUL  bool // a name without a terminating NUL was already reported
	long   bool // a name longer than maxSemanticName was already reported
	ready  bool
	header int // 4: the SemanticName field follows Stream in OSG5 and SG1 elements
}

func (ss *sigStrings) init(b []byte) {
	ss.all = string(b)
	for i, c := range b {
		if c == 0 {
			ss.nuls = append(ss.nuls, int32(i))
		}
	}
	ss.names = map[uint32]string{}
	ss.ready = true
}

func (ss *sigStrings) name(r *binread.Reader, e *SignatureParameter, i, tableEnd int) string {
	if !ss.ready {
		ss.init(r.Data)
	}
	off := e.NameOffset
	at := int(e.Offset-r.Base) + ss.header
	if int64(off) >= int64(len(r.Data)) {
		r.ProblemAt(Error, at, "signature element", "element %d's SemanticName offset 0x%x is past the end of the %d-byte part: its name cannot be read", i, off, len(r.Data))
		return ""
	}
	if int(off) < tableEnd {
		r.ProblemAt(Warning, at, "signature element", "element %d's SemanticName offset 0x%x points inside the header or element table (which ends at 0x%x), not at the strings after it", i, off, tableEnd)
	}
	if s, ok := ss.names[off]; ok {
		return s
	}
	k := sort.Search(len(ss.nuls), func(j int) bool { return ss.nuls[j] >= int32(off) })
	end := len(ss.all)
	if k < len(ss.nuls) {
		end = int(ss.nuls[k])
	} else if !ss.noNUL {
		ss.noNUL = true
		r.ProblemAt(Warning, int(off), "signature strings", "element %d's semantic name at 0x%x has no terminating NUL before the end of the part", i, r.Base+int64(off))
	}
	if end-int(off) > maxSemanticName {
		// Real names are a few dozen bytes; thousands of elements pointing into
		// one long run would otherwise print gigabytes of JSON.
		if !ss.long {
			ss.long = true
			r.ProblemAt(Warning, int(off), "signature strings", "element %d's semantic name at 0x%x is %d bytes long; names are cut at %d bytes", i, r.Base+int64(off), end-int(off), maxSemanticName)
		}
		end = int(off) + maxSemanticName
	}
	name := ss.all[off:end]
	ss.names[off] = name
	return name
}

// sigCheckElement reports values no compiler writes.
func sigCheckElement(r *binread.Reader, s *Signature, e *SignatureParameter, i int) {
	at := int(e.Offset - r.Base)
	if !report.Named(d3dSystemValues.Names, uint64(e.SystemValue)) {
		r.ProblemAt(Warning, at, "signature element", "element %d (%s) has SystemValue %d, which is not a D3D_NAME value", i, e.Name, uint32(e.SystemValue))
	}
	if !report.Named(sigComponentTypes.Names, uint64(e.CompType)) {
		r.ProblemAt(Warning, at, "signature element", "element %d (%s) has CompType %d, which is not a component type", i, e.Name, uint32(e.CompType))
	}
	if !report.Named(sigMinPrecisions.Names, uint64(e.MinPrecision)) {
		r.ProblemAt(Warning, at, "signature element", "element %d (%s) has MinPrecision %d, which is not a D3D_MIN_PRECISION value", i, e.Name, uint32(e.MinPrecision))
	}
	if e.Mask&^0xF != 0 {
		r.ProblemAt(Warning, at, "signature element", "element %d (%s) has Mask 0x%x: only the low 4 bits (xyzw) mean anything", i, e.Name, e.Mask)
	}
	// No check of ExclusiveMask's high bits: DXC writes NeverWrites as the
	// complement of the written components in a whole byte (0xF0 for xyzw).
	if e.Stream > 3 {
		r.ProblemAt(Warning, at, "signature element", "element %d (%s) is on stream %d; geometry shaders have streams 0 to 3", i, e.Name, e.Stream)
	}
}

// setUsed computes the listings' "used" column from the raw mask byte: inputs
// print AlwaysReads as is, outputs print the complement of NeverWrites within Mask
// (DXC dxcdisassembler PrintSignature).
func (s *Signature) setUsed() {
	for i := range s.Parameters {
		e := &s.Parameters[i]
		if s.Direction == SigOutput {
			e.Used = ^e.ExclusiveMask & e.Mask & 0xF
		} else {
			e.Used = e.ExclusiveMask & 0xF
		}
		e.UsedString = MaskString(e.Used)
	}
}

// sigClaimStrings records each distinct name once under Strings and the
// zero (DXC) or 0xAB (FXC) filler after the last one as padding.
func sigClaimStrings(r *binread.Reader, names map[uint32]string, tableEnd int) {
	offs := make([]int, 0, len(names))
	for o := range names {
		if int(o) >= tableEnd {
			offs = append(offs, int(o))
		}
	}
	sort.Slice(offs, func(i, j int) bool { return offs[i] < offs[j] })
	last := tableEnd
	for k, o := range offs {
		if o < last {
			continue // a name inside another (the tail of a longer string)
		}
		r.Seek(o)
		r.CString(fmt.Sprintf("Strings[%d]", k))
		last = r.Pos
	}
	if last > tableEnd && len(offs) > 0 {
		r.Out.Span(Span{Path: r.Join("Strings"), Off: r.Base + int64(offs[0]), Size: int64(last - offs[0]), Kind: SpanStruct})
	}
	if last < len(r.Data) {
		tail := r.Data[last:]
		if len(tail) < 4 && allFiller(tail) {
			r.Seek(last)
			r.Bytes("Padding", len(tail))
		}
	}
}

func allFiller(b []byte) bool {
	for _, c := range b {
		if c != 0 && c != 0xAB {
			return false
		}
	}
	return true
}

// Label is the element's semantic as listings write it: SV_ names without a
// zero index, others with their index ("TEXCOORD0").
func (e *SignatureParameter) Label() string {
	if e.Index == 0 && strings.HasPrefix(strings.ToUpper(e.Name), "SV_") {
		return e.Name
	}
	return e.Name + strconv.FormatUint(uint64(e.Index), 10)
}

func (s *Signature) summary() string {
	n := len(s.Parameters)
	if n == 0 {
		return "no elements"
	}
	unit := "elements"
	if n == 1 {
		unit = "element"
	}
	labels := make([]string, 0, min(n, 8))
	for i := 0; i < n && i < 8; i++ {
		labels = append(labels, s.Parameters[i].Label())
	}
	out := fmt.Sprintf("%d %s: %s", n, unit, strings.Join(labels, ", "))
	if n > 8 {
		out += fmt.Sprintf(", and %d more", n-8)
	}
	return out
}

// resolveSignatureDirections is PSG1's and PCSG's Check: it decides whether
// they are inputs (domain shader) or outputs (hull and mesh shaders)
// once every part is decoded, from the DXIL/ILDB program header or the SM4/5
// bytecode's version token.
func resolveSignatureDirections(f *File, parts []*Part) {
	kind, ok := dxil.ShaderKind(0), false
	for _, p := range f.Parts {
		switch {
		case p.Program != nil && (p.Name == "DXIL" || p.Name == "ILDB"):
			kind, ok = p.Program.ShaderKind, true
		case !ok && (p.Name == "SHDR" || p.Name == "SHEX") && len(p.data) >= 4:
			// SM4/5 version token: program type in bits 16-31, 4 = domain.
			kind, ok = dxil.ShaderKind(uint32(p.data[2])|uint32(p.data[3])<<8), true
		}
	}
	if !ok && f.partsMissing() {
		// The part that would say whether these are a domain shader's inputs
		// is not in the file: the direction, and the used column that
		// depends on it, are not known.
		for _, p := range parts {
			if s := p.Signature; s != nil && s.PatchConstant {
				p.cutOff = append(p.cutOff, "Signature/Direction")
				for i := range s.Parameters {
					p.cutOff = append(p.cutOff, fmt.Sprintf("Signature/Parameters/%d/Used", i), fmt.Sprintf("Signature/Parameters/%d/UsedString", i))
				}
			}
		}
		return
	}
	if !ok || kind != dxil.Domain { // 4 in both numberings
		return
	}
	for _, p := range parts {
		if s := p.Signature; s != nil && s.PatchConstant {
			s.Direction = SigInput
			s.setUsed()
		}
	}
}

// primitiveSignature describes PSG1 in a mesh shader: the same 32-byte
// layout, holding the per-primitive outputs (DXC writes the mesh shader's
// primitive signature under the patch-constant FourCC, DFCC_PatchConstantSignature).
var primitiveSignature = PartInfo{Title: "primitive signature",
	About: "The mesh shader's per-primitive outputs (SV_PrimitiveID, SV_CullPrimitive, per-primitive attributes), stored in the PSG1 part that hull and domain shaders use for patch constants (32-byte elements)."}

// DescribePartIn is DescribePart for a part of f: PSG1 of a mesh shader is
// its primitive signature, not a patch-constant signature.
func (f *File) DescribePartIn(p *Part) PartInfo {
	if p.Name == "PSG1" && f.programKind() == dxil.Mesh {
		return primitiveSignature
	}
	return DescribePart(p.Name)
}

// programKind is the shader kind of f's DXIL (or ILDB) program header, or
// dxil.Invalid when it has none. It is found once: the page describes
// every part, and a walk per PSG1 part of a file of 4,095 of them and no
// program was parts².
func (f *File) programKind() dxil.ShaderKind {
	f.kindOnce.Do(func() {
		f.progKind = dxil.Invalid
		for _, p := range f.Parts {
			if p.Program != nil && (p.Name == "DXIL" || p.Name == "ILDB") {
				f.progKind = p.Program.ShaderKind
				return
			}
		}
	})
	return f.progKind
}

func init() {
	RegisterPart(PartKind{Name: "ISG1", Title: "input signature", About: "The shader's inputs: semantic, index, register, mask, type (DXC and SM 5.1+ layout, 32-byte elements).", KnownLayout: true, Key: "Signature", Decode: partOnly(decodeSignature)})
	RegisterPart(PartKind{Name: "OSG1", Title: "output signature", About: "The shader's outputs: semantic, index, register, mask, type (DXC and SM 5.1+ layout, 32-byte elements).", KnownLayout: true, Key: "Signature", Decode: partOnly(decodeSignature)})
	RegisterPart(PartKind{Name: "PSG1", Title: "patch-constant signature", About: "Hull shader outputs / domain shader inputs per patch (32-byte elements); in a mesh shader, the primitive signature.", KnownLayout: true, Key: "Signature", Decode: partOnly(decodeSignature), Check: resolveSignatureDirections})
	RegisterPart(PartKind{Name: "ISGN", Title: "input signature (SM4/5)", About: "FXC input signature with 24-byte elements.", KnownLayout: true, Key: "Signature", Decode: partOnly(decodeSignature)})
	RegisterPart(PartKind{Name: "OSGN", Title: "output signature (SM4/5)", About: "FXC output signature with 24-byte elements.", KnownLayout: true, Key: "Signature", Decode: partOnly(decodeSignature)})
	RegisterPart(PartKind{Name: "OSG5", Title: "output signature with streams (SM5)", About: "FXC geometry shader output signature with a stream per element (28-byte elements).", KnownLayout: true, Key: "Signature", Decode: partOnly(decodeSignature)})
	RegisterPart(PartKind{Name: "PCSG", Title: "patch-constant signature (SM5)", About: "FXC hull/domain patch-constant signature with 24-byte elements.", KnownLayout: true, Key: "Signature", Decode: partOnly(decodeSignature), Check: resolveSignatureDirections})
}
