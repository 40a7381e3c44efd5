// Package reflect builds one reflection document for a shader container:
// what ID3D12ShaderReflection and ID3D12LibraryReflection report, with
// d3d12shader.h's names and structure (D3D12_SHADER_DESC, constant buffers
// with their variables and types, D3D12_SHADER_INPUT_BIND_DESC,
// D3D12_SIGNATURE_PARAMETER_DESC, the thread-group size, a library's
// functions with their own bindings), for DXC's DXIL containers and FXC's
// DXBC containers alike. It also says what the shader requires of a device
// (Requirements).
//
// Every value is read from the part that holds it, and says which
// (Source, Sources). What the container does not hold is absent (nil, null
// in JSON) and Absent says why, rather than guessed: DXC's reflection counts
// instructions by walking the code, for instance, and stores no count.
package reflect

import (
	"github.com/dxscope/dxscope/decode"
)

// Reflection is the reflection of one container.
type Reflection struct {
	// Container is "DXIL" (DXC's output: a DXIL program), "DXBC" (FXC's:
	// SHDR/SHEX bytecode) or "" when the container holds no shader.
	Container string

	Desc        *ShaderDesc  `json:",omitempty"` // D3D12_SHADER_DESC; nil for a library
	LibraryDesc *LibraryDesc `json:",omitempty"` // D3D12_LIBRARY_DESC; nil unless a library

	// The lists are null when the container does not hold them (Absent says
	// why) and [] when it says there are none.
	ConstantBuffers         []ConstantBuffer
	BoundResources          []InputBind
	InputParameters         []SignatureParameter
	OutputParameters        []SignatureParameter
	PatchConstantParameters []SignatureParameter
	ThreadGroupSize         *ThreadGroupSize `json:",omitempty"`
	Functions               []Function       `json:",omitempty"` // a library's (ID3D12FunctionReflection)
	// SharedResourceLists counts the functions that name another's
	// resource lists (Function.SameResourcesAs) rather than repeat them.
	SharedResourceLists int `json:",omitempty"`

	Requirements Requirements

	// Absent lists what this reflection lacks because the container does
	// not hold it, one sentence each.
	Absent []string `json:",omitempty"`
}

// ShaderDesc is D3D12_SHADER_DESC. A field the container does not hold is
// nil; Sources names the part each present field was read from.
type ShaderDesc struct {
	Version     *uint32  `json:",omitempty"` // (D3D12_SHADER_VERSION_TYPE << 16) | (major << 4) | minor
	VersionName string   `json:",omitempty"` // added: the profile, e.g. "ps_6_0"
	VersionType string   `json:",omitempty"` // added: D3D12_SHVER_PIXEL_SHADER ...
	Creator     *string  `json:",omitempty"`
	Flags       *uint32  `json:",omitempty"` // D3DCOMPILE_* (FXC records them; DXC does not)
	FlagNames   []string `json:",omitempty"`

	ConstantBuffers  *uint32 `json:",omitempty"`
	BoundResources   *uint32 `json:",omitempty"`
	InputParameters  *uint32 `json:",omitempty"`
	OutputParameters *uint32 `json:",omitempty"`

	InstructionCount            *uint32 `json:",omitempty"`
	TempRegisterCount           *uint32 `json:",omitempty"`
	TempArrayCount              *uint32 `json:",omitempty"`
	DefCount                    *uint32 `json:",omitempty"`
	DclCount                    *uint32 `json:",omitempty"`
	TextureNormalInstructions   *uint32 `json:",omitempty"`
	TextureLoadInstructions     *uint32 `json:",omitempty"`
	TextureCompInstructions     *uint32 `json:",omitempty"`
	TextureBiasInstructions     *uint32 `json:",omitempty"`
	TextureGradientInstructions *uint32 `json:",omitempty"`
	FloatInstructionCount       *uint32 `json:",omitempty"`
	IntInstructionCount         *uint32 `json:",omitempty"`
	UintInstructionCount        *uint32 `json:",omitempty"`
	StaticFlowControlCount      *uint32 `json:",omitempty"`
	DynamicFlowControlCount     *uint32 `json:",omitempty"`
	MacroInstructionCount       *uint32 `json:",omitempty"`
	ArrayInstructionCount       *uint32 `json:",omitempty"`
	CutInstructionCount         *uint32 `json:",omitempty"`
	EmitInstructionCount        *uint32 `json:",omitempty"`

	GSOutputTopology        *uint32 `json:",omitempty"` // D3D_PRIMITIVE_TOPOLOGY
	GSOutputTopologyName    string  `json:",omitempty"`
	GSMaxOutputVertexCount  *uint32 `json:",omitempty"`
	InputPrimitive          *uint32 `json:",omitempty"` // D3D_PRIMITIVE
	InputPrimitiveName      string  `json:",omitempty"`
	PatchConstantParameters *uint32 `json:",omitempty"`
	GSInstanceCount         *uint32 `json:"cGSInstanceCount,omitempty"`
	ControlPoints           *uint32 `json:"cControlPoints,omitempty"`
	HSOutputPrimitive       *uint32 `json:",omitempty"` // D3D_TESSELLATOR_OUTPUT_PRIMITIVE
	HSOutputPrimitiveName   string  `json:",omitempty"`
	HSPartitioning          *uint32 `json:",omitempty"` // D3D_TESSELLATOR_PARTITIONING
	HSPartitioningName      string  `json:",omitempty"`
	TessellatorDomain       *uint32 `json:",omitempty"` // D3D_TESSELLATOR_DOMAIN
	TessellatorDomainName   string  `json:",omitempty"`

	BarrierInstructions      *uint32 `json:"cBarrierInstructions,omitempty"`
	InterlockedInstructions  *uint32 `json:"cInterlockedInstructions,omitempty"`
	TextureStoreInstructions *uint32 `json:"cTextureStoreInstructions,omitempty"`

	// The counts ID3D12ShaderReflection reports through methods of its own
	// (GetMovInstructionCount ...), where FXC stores them.
	MovInstructionCount        *uint32 `json:",omitempty"`
	MovcInstructionCount       *uint32 `json:",omitempty"`
	ConversionInstructionCount *uint32 `json:",omitempty"`

	// Sources maps each present field (its JSON key) to the part it came from.
	Sources map[string]string
}

// LibraryDesc is D3D12_LIBRARY_DESC.
type LibraryDesc struct {
	Creator       *string `json:",omitempty"`
	Flags         *uint32 `json:",omitempty"`
	FunctionCount uint32
	Sources       map[string]string
}

// ConstantBuffer is one constant buffer (ID3D12ShaderReflectionConstantBuffer):
// its D3D12_SHADER_BUFFER_DESC and its variables.
type ConstantBuffer struct {
	Desc      BufferDesc
	Variables []Variable // null when the container does not hold them
	Source    string     // the part the buffer was read from
}

// BufferDesc is D3D12_SHADER_BUFFER_DESC.
type BufferDesc struct {
	Name      string
	Type      uint32 // D3D_CBUFFER_TYPE
	TypeName  string
	Variables *uint32 `json:",omitempty"` // how many; nil when the container does not say
	Size      uint32
	UFlags    *uint32  `json:"uFlags,omitempty"` // D3D_SHADER_CBUFFER_FLAGS
	FlagNames []string `json:",omitempty"`
}

// Variable is one constant-buffer variable (ID3D12ShaderReflectionVariable).
type Variable struct {
	Desc VariableDesc
	Type *Type `json:",omitempty"`
}

// VariableDesc is D3D12_SHADER_VARIABLE_DESC.
type VariableDesc struct {
	Name         string
	StartOffset  uint32
	Size         uint32
	UFlags       uint32 `json:"uFlags"` // D3D_SHADER_VARIABLE_FLAGS
	FlagNames    []string
	DefaultValue decode.HexBytes `json:",omitempty"`
	StartTexture *uint32         `json:",omitempty"` // 0xFFFFFFFF when none
	TextureSize  *uint32         `json:",omitempty"`
	StartSampler *uint32         `json:",omitempty"`
	SamplerSize  *uint32         `json:",omitempty"`
}

// Type is a variable's or member's type (ID3D12ShaderReflectionType).
type Type struct {
	Desc    TypeDesc
	Members []Member `json:",omitempty"`
}

// TypeDesc is D3D12_SHADER_TYPE_DESC.
type TypeDesc struct {
	Class     uint32 // D3D_SHADER_VARIABLE_CLASS
	ClassName string
	Type      uint32 // D3D_SHADER_VARIABLE_TYPE
	TypeName  string
	Rows      uint32
	Columns   uint32
	Elements  uint32
	Members   uint32
	Offset    uint32 // in the parent structure
	Name      string `json:",omitempty"`
}

// Member is one member of a struct type (GetMemberTypeByIndex, GetMemberTypeName).
type Member struct {
	Name string
	Type Type
}

// InputBind is one bound resource: D3D12_SHADER_INPUT_BIND_DESC. A field
// the container does not hold is nil.
type InputBind struct {
	Name           string
	Type           uint32 // D3D_SHADER_INPUT_TYPE
	TypeName       string
	BindPoint      uint32
	BindCount      uint32   // 0 for an unbounded array (but for constant buffers: 0xFFFFFFFF)
	UFlags         *uint32  `json:"uFlags,omitempty"` // D3D_SHADER_INPUT_FLAGS
	FlagNames      []string `json:",omitempty"`
	ReturnType     *uint32  `json:",omitempty"` // D3D_RESOURCE_RETURN_TYPE
	ReturnTypeName string   `json:",omitempty"`
	Dimension      *uint32  `json:",omitempty"` // D3D_SRV_DIMENSION
	DimensionName  string   `json:",omitempty"`
	NumSamples     *uint32  `json:",omitempty"` // also a structured buffer's stride
	Space          uint32
	UID            *uint32 `json:"uID,omitempty"` // the range ID the code uses
	Source         string  // the part the binding was read from
}

// SignatureParameter is one signature element: D3D12_SIGNATURE_PARAMETER_DESC.
type SignatureParameter struct {
	SemanticName      string
	SemanticIndex     uint32
	Register          uint32 // 0xFFFFFFFF: in no register (depth, coverage …)
	SystemValueType   uint32 // D3D_NAME
	SystemValueName   string
	ComponentType     uint32 // D3D_REGISTER_COMPONENT_TYPE
	ComponentTypeName string
	Mask              uint8
	ReadWriteMask     uint8 // inputs: always read; outputs: never written
	Stream            uint32
	MinPrecision      uint32 // D3D_MIN_PRECISION
	MinPrecisionName  string
	Source            string // the signature part
}

// ThreadGroupSize is a compute-like shader's numthreads (GetThreadGroupSize).
type ThreadGroupSize struct {
	X, Y, Z uint32
	Source  string
}

// Function is one function of a library (ID3D12FunctionReflection).
type Function struct {
	Desc            FunctionDesc
	ConstantBuffers []ConstantBuffer // null when the container does not say which, or SameResourcesAs does
	BoundResources  []InputBind
	// SameResourcesAs is the index in Functions of the function whose
	// lists are this one's too, set (and the lists null) once the
	// functions have repeated maxRepeatedBinds bindings and more.
	SameResourcesAs *int             `json:",omitempty"`
	ThreadGroupSize *ThreadGroupSize `json:",omitempty"`
	Source          string
}

// FunctionDesc is the part of D3D12_FUNCTION_DESC a container holds.
type FunctionDesc struct {
	Version              uint32 // (shader kind << 16) | (major << 4) | minor, of the library's shader model
	VersionName          string // added: e.g. "lib_6_3" (the library's); MinShaderTarget says what the function needs
	Name                 string
	UnmangledName        string `json:",omitempty"` // added
	ShaderKind           string // added: Library, RayGeneration, Node …
	ConstantBuffers      uint32
	BoundResources       uint32
	RequiredFeatureFlags uint64   // D3D_SHADER_REQUIRES_* (SFI0's bits), optional bits masked off
	RequiredFeatures     []string `json:",omitempty"` // added: their names
	MinShaderTarget      string   `json:",omitempty"` // added: RDAT's, e.g. "lib_6_3"
}

// Reflect builds the reflection of f.
func Reflect(f *decode.File) *Reflection {
	r := &Reflection{Requirements: RequirementsOf(f)}
	switch {
	case programPart(f) != nil:
		r.Container = "DXIL"
		reflectDXIL(f, r)
	case bytecodePart(f) != nil:
		r.Container = "DXBC"
		reflectDXBC(f, r)
	default:
		r.Absent = append(r.Absent, "the container holds no shader (no DXIL program, no SHDR/SHEX bytecode)")
	}
	return r
}

// programPart is the DXIL part whose program header decoded.
func programPart(f *decode.File) *decode.Part {
	if p := f.Part("DXIL"); p != nil && p.Program != nil {
		return p
	}
	return nil
}

// bytecodePart is the SHEX or SHDR part whose tokens decoded.
func bytecodePart(f *decode.File) *decode.Part {
	for _, n := range []string{"SHEX", "SHDR"} {
		if p := f.Part(n); p != nil && p.Bytecode != nil {
			return p
		}
	}
	return nil
}

func u32(v uint32) *uint32 { return &v }

// set stores v in *field and records where it came from.
func (d *ShaderDesc) set(field **uint32, key string, v uint32, source string) {
	*field = u32(v)
	d.source(key, source)
}

func (d *ShaderDesc) source(key, source string) {
	if d.Sources == nil {
		d.Sources = map[string]string{}
	}
	d.Sources[key] = source
}

// signatureParameters reads a signature part's elements.
func signatureParameters(p *decode.Part) []SignatureParameter {
	out := []SignatureParameter{}
	for _, e := range p.Signature.Parameters {
		out = append(out, SignatureParameter{
			SemanticName: e.Name, SemanticIndex: e.Index, Register: e.Register,
			SystemValueType: uint32(e.SystemValue), SystemValueName: name(d3dNames, uint32(e.SystemValue), "D3D_NAME"),
			ComponentType: uint32(e.CompType), ComponentTypeName: name(registerComponentTypes, uint32(e.CompType), "D3D_REGISTER_COMPONENT_TYPE"),
			Mask: e.Mask, ReadWriteMask: e.ExclusiveMask, Stream: e.Stream,
			MinPrecision: uint32(e.MinPrecision), MinPrecisionName: name(minPrecisions, uint32(e.MinPrecision), "D3D_MIN_PRECISION"),
			Source: p.Name,
		})
	}
	return out
}

// signatures fills the three parameter lists from the first decoded part
// of each family, and counts them in the desc.
func (r *Reflection) signatures(f *decode.File, input, output, patch []string) {
	read := func(names []string) ([]SignatureParameter, string) {
		for _, n := range names {
			if p := f.Part(n); p != nil && p.Signature != nil {
				return signatureParameters(p), n
			}
		}
		return nil, ""
	}
	var from [3]string
	r.InputParameters, from[0] = read(input)
	r.OutputParameters, from[1] = read(output)
	r.PatchConstantParameters, from[2] = read(patch)
	if r.Desc == nil {
		return
	}
	for i, l := range [][]SignatureParameter{r.InputParameters, r.OutputParameters, r.PatchConstantParameters} {
		if l == nil {
			continue
		}
		field := []**uint32{&r.Desc.InputParameters, &r.Desc.OutputParameters, &r.Desc.PatchConstantParameters}[i]
		key := []string{"InputParameters", "OutputParameters", "PatchConstantParameters"}[i]
		r.Desc.set(field, key, uint32(len(l)), from[i])
	}
}
