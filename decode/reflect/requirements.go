package reflect

import (
	"fmt"
	"sort"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/dxil"
)

// Requirements is what a device and runtime must offer before they run the
// shader: the shader model, each optional feature with the
// D3D12_FEATURE_DATA_* field a program checks for it, the root signature
// version, the wave sizes, the output topology, and the first releases that
// run that shader model. Each item names the part it was read from.
type Requirements struct {
	// ShaderModel is the lowest shader model the device must support
	// ("6.6"): the highest MinShaderTarget of a library's RDAT functions,
	// else the model of the program header or bytecode version token.
	ShaderModel       string   `json:",omitempty"`
	ShaderModelSource string   `json:",omitempty"`
	Target            string   `json:",omitempty"` // the profile compiled for ("cs_6_6")
	Check             string   `json:",omitempty"` // the D3D12 query that answers it
	Release           *Release `json:",omitempty"`

	Features      []Feature         // [] when none is required
	RootSignature *RootSignatureUse `json:",omitempty"`
	WaveSizes     []WaveSize        `json:",omitempty"`
	Topology      *OutputTopology   `json:",omitempty"`
}

// Release is where a shader model first runs: the Windows release whose
// D3D12 runtime has it, and the first DirectX 12 Agility SDK that brings it
// to older Windows (Windows 10 1909 and later).
type Release struct {
	Windows    string `json:",omitempty"`
	AgilitySDK string `json:",omitempty"`
	Source     string // the document that says so (docs/format.md lists them)
}

// Feature is one optional feature the shader requires.
type Feature struct {
	Bit         int
	Name        string   // SFI0's name ("WaveOps")
	Requires    string   `json:",omitempty"` // D3D_SHADER_REQUIRES_WAVE_OPS
	Option      string   `json:",omitempty"` // D3D12_FEATURE_DATA_D3D12_OPTIONS1.WaveOps
	Need        string   // what Option must report ("TRUE", ">= …")
	ShaderModel string   `json:",omitempty"` // the shader model that introduced the feature
	Source      string   // "SFI0", or "RDAT" when only a library function says so
	Functions   []string `json:",omitempty"` // a library's functions that need it (RDAT)
}

// RootSignatureUse is the version of the root signature the container carries.
type RootSignatureUse struct {
	Version string // "1.1"
	Check   string `json:",omitempty"` // D3D12_FEATURE_DATA_ROOT_SIGNATURE.HighestVersion …, "" for 1.0
	Source  string
}

// WaveSize is the range of wave sizes a shader (or library function) runs at.
type WaveSize struct {
	Function  string `json:",omitempty"` // a library function's name
	Min, Max  uint32
	Preferred uint32 `json:",omitempty"`
	Check     string // the D3D12 fields the range must meet
	Source    string
}

// OutputTopology is the primitive a stage emits, which the pipeline state must match.
type OutputTopology struct {
	Stage  string // "Geometry", "Hull", "Mesh"
	Value  uint32
	Name   string // D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP, D3D_TESSELLATOR_OUTPUT_TRIANGLE_CW, triangle
	Source string
}

// shaderModelReleases says where each shader model first ran; the
// documents are named in docs/format.md ("Requirements").
var shaderModelReleases = map[string]Release{
	"4.0": {Windows: "Windows 10 1507, every D3D12 runtime", Source: "d3d12.h"},
	"4.1": {Windows: "Windows 10 1507, every D3D12 runtime", Source: "d3d12.h"},
	"5.0": {Windows: "Windows 10 1507, every D3D12 runtime", Source: "d3d12.h"},
	"5.1": {Windows: "Windows 10 1507, every D3D12 runtime", Source: "d3d12.h"},
	"6.0": {Windows: "Windows 10 1703 (Creators Update)", Source: "DXC README"},
	"6.1": {Windows: "Windows 10 1709 (Fall Creators Update)", Source: "DXC README"},
	"6.2": {Windows: "Windows 10 1803 (April 2018 Update)", Source: "DXC README"},
	"6.3": {Windows: "Windows 10 1809 (October 2018 Update)", Source: "DirectX-Specs D3D12onWin7"},
	"6.4": {Windows: "Windows 10 1903 (May 2019 Update)", Source: "D3D_SHADER_MODEL (Microsoft Learn)"},
	"6.5": {Windows: "Windows 10 2004 (May 2020 Update)", Source: "D3D_SHADER_MODEL (Microsoft Learn)"},
	"6.6": {Windows: "Windows 11", AgilitySDK: "1.4.9", Source: "D3D_SHADER_MODEL (Microsoft Learn), Agility SDK announcement"},
	"6.7": {AgilitySDK: "1.606.3", Source: "DirectX blog: Agility SDK 1.606.3"},
	"6.8": {AgilitySDK: "1.613.0", Source: "DirectX blog: Agility SDK 1.613"},
	"6.9": {AgilitySDK: "1.619", Source: "DirectX blog: Agility SDK 1.619"},
}

// ShaderModelRelease is where shader model sm ("6.6") first runs; ok is false for one no source names.
func ShaderModelRelease(sm string) (Release, bool) {
	r, ok := shaderModelReleases[sm]
	return r, ok
}

// RequirementsOf reads what f's shader requires of a device. A container
// without a shader requires nothing but its root signature's version.
func RequirementsOf(f *decode.File) Requirements {
	q := Requirements{Features: []Feature{}}
	if p := f.Part("RTS0"); p != nil && p.RootSignature != nil {
		rs := &RootSignatureUse{Version: p.RootSignature.VersionName, Source: "RTS0"}
		if p.RootSignature.Version >= 2 {
			rs.Check = "D3D12_FEATURE_DATA_ROOT_SIGNATURE.HighestVersion >= D3D_ROOT_SIGNATURE_VERSION_" + underscore(rs.Version)
		}
		q.RootSignature = rs
	}
	var rd *decode.RuntimeData
	if p := f.Part("RDAT"); p != nil {
		rd = p.RuntimeData
	}
	lib := false
	switch prog, code := programPart(f), bytecodePart(f); {
	case prog != nil:
		h := prog.Program
		lib = h.ShaderKind == dxil.Library
		q.Target = dxil.Profile(h.ShaderKind, h.MajorVersion, h.MinorVersion)
		q.ShaderModel, q.ShaderModelSource = fmt.Sprintf("%d.%d", h.MajorVersion, h.MinorVersion), "DXIL"
		if rd != nil && rd.FunctionTable.Len() > 0 {
			best := uint32(0)
			for _, fn := range rd.FunctionTable.Records {
				if v := fn.MinShaderTarget & 0xff; v > best {
					best = v
				}
			}
			if best != 0 {
				q.ShaderModel, q.ShaderModelSource = fmt.Sprintf("%d.%d", best>>4, best&0xf), "RDAT"
			}
		}
	case code != nil:
		bc := code.Bytecode
		q.Target = bc.Version()
		q.ShaderModel, q.ShaderModelSource = fmt.Sprintf("%d.%d", bc.Major, bc.Minor), code.Name
	default:
		return q
	}
	if q.ShaderModel[0] >= '6' {
		q.Check = fmt.Sprintf("D3D12_FEATURE_DATA_SHADER_MODEL.HighestShaderModel >= D3D_SHADER_MODEL_%s", underscore(q.ShaderModel))
	} else {
		q.Check = "every D3D12 device (D3D_SHADER_MODEL_5_1 is the lowest model D3D12 reports)"
	}
	if r, ok := shaderModelReleases[q.ShaderModel]; ok {
		q.Release = &r
	}

	q.Features = features(f, rd)
	q.WaveSizes = waveSizes(f, rd, lib)
	q.Topology = topology(f)
	return q
}

func underscore(v string) string {
	b := []byte(v)
	for i, c := range b {
		if c == '.' {
			b[i] = '_'
		}
	}
	return string(b)
}

// features lists the required features: SFI0's bits, with the library
// functions that need each (RDAT); bits only RDAT names are added.
func features(f *decode.File, rd *decode.RuntimeData) []Feature {
	bits := map[int]*Feature{}
	add := func(bit int, source string) *Feature {
		if ft := bits[bit]; ft != nil {
			return ft
		}
		req, opt, need, ok := FeatureOption(bit)
		if !ok {
			return nil // optional bits (40, 41) and bits nobody defines ask nothing of a device
		}
		ft := &Feature{Bit: bit, Name: decode.FeatureFlagName(bit), Requires: req, Option: opt, Need: need,
			ShaderModel: decode.FeatureFlagShaderModel(bit), Source: source}
		bits[bit] = ft
		return ft
	}
	if p := f.Part("SFI0"); p != nil && p.Flags != nil {
		for i := 0; i < 64; i++ {
			if uint64(*p.Flags)&(1<<i) != 0 {
				add(i, "SFI0")
			}
		}
	}
	if rd != nil && rd.FunctionTable != nil {
		for _, fn := range rd.FunctionTable.Records {
			v := uint64(fn.FeatureInfo2)<<32 | uint64(fn.FeatureInfo1)
			for i := 0; i < 64; i++ {
				if v&(1<<i) != 0 {
					if ft := add(i, "RDAT"); ft != nil {
						ft.Functions = append(ft.Functions, decode.Unmangled(fn.Name))
					}
				}
			}
		}
	}
	out := []Feature{}
	for _, ft := range bits {
		out = append(out, *ft)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Bit < out[j].Bit })
	return out
}

const waveCheck = "D3D12_FEATURE_DATA_D3D12_OPTIONS1.WaveLaneCountMin/WaveLaneCountMax: the device's range must include a size in this range"

// waveSizes reads the wave-size range: the entry's metadata, else PSV0's
// expected lane counts; a library's per function from RDAT.
func waveSizes(f *decode.File, rd *decode.RuntimeData, lib bool) []WaveSize {
	if lib {
		var out []WaveSize
		if rd != nil && rd.FunctionTable != nil {
			for _, fn := range rd.FunctionTable.Records {
				if fn.FunctionInfo2 != nil && (fn.MinimumExpectedWaveLaneCount != 0 || fn.MaximumExpectedWaveLaneCount != 0) {
					out = append(out, WaveSize{Function: decode.Unmangled(fn.Name), Min: uint32(fn.MinimumExpectedWaveLaneCount),
						Max: uint32(fn.MaximumExpectedWaveLaneCount), Check: waveCheck, Source: "RDAT"})
				}
			}
		}
		return out
	}
	_, _, dxil := dxilModules(f)
	if e := dxil.Entry(); e != nil && len(e.WaveSize) > 0 {
		w := WaveSize{Min: e.WaveSize[0], Max: e.WaveSize[0], Check: waveCheck, Source: "DXIL"}
		if len(e.WaveSize) >= 2 && e.WaveSize[1] != 0 {
			w.Max = e.WaveSize[1]
		}
		if len(e.WaveSize) >= 3 {
			w.Preferred = e.WaveSize[2]
		}
		return []WaveSize{w}
	}
	if p := f.Part("PSV0"); p != nil && p.PSVInfo != nil {
		i := p.PSVInfo
		if i.MinimumWaveLaneCount != 0 || i.MaximumWaveLaneCount != 0xFFFFFFFF {
			return []WaveSize{{Min: i.MinimumWaveLaneCount, Max: i.MaximumWaveLaneCount, Check: waveCheck, Source: "PSV0"}}
		}
	}
	return nil
}

// meshTopologies names DXIL::MeshOutputTopology.
var meshTopologies = []string{"undefined", "line", "triangle"}

// topology reads the primitive a geometry, hull or mesh shader emits.
func topology(f *decode.File) *OutputTopology {
	d := &ShaderDesc{}
	stage := ""
	switch prog, code := programPart(f), bytecodePart(f); {
	case prog != nil:
		stage = prog.Program.ShaderKind.String()
		if stage == "Mesh" {
			if p := f.Part("PSV0"); p != nil && p.PSVInfo != nil && p.PSVInfo.Version >= 1 {
				v := uint32(p.PSVInfo.MeshOutputTopology)
				return &OutputTopology{Stage: stage, Value: v, Name: name(meshTopologies, v, "MeshOutputTopology"), Source: "PSV0"}
			}
			return nil
		}
		_, _, dxil := dxilModules(f)
		stageFacts(f, d, dxil.Entry())
	case code != nil:
		stage, _ = decode.BytecodeStage(uint32(code.Bytecode.ProgramType) << 16)
		if p := f.Part("STAT"); p != nil && p.Statistics != nil {
			for _, s := range p.Statistics.Fields {
				switch s.Name {
				case "GSOutputTopology":
					d.set(&d.GSOutputTopology, "GSOutputTopology", s.Value, "STAT")
				case "HSOutputPrimitive":
					d.set(&d.HSOutputPrimitive, "HSOutputPrimitive", s.Value, "STAT")
				}
			}
			d.names()
		}
		declFacts(f, code, d) // what STAT lacks, from the declarations
	}
	switch {
	case stage == "Geometry" && d.GSOutputTopology != nil:
		return &OutputTopology{Stage: stage, Value: *d.GSOutputTopology, Name: d.GSOutputTopologyName, Source: d.Sources["GSOutputTopology"]}
	case stage == "Hull" && d.HSOutputPrimitive != nil:
		return &OutputTopology{Stage: stage, Value: *d.HSOutputPrimitive, Name: d.HSOutputPrimitiveName, Source: d.Sources["HSOutputPrimitive"]}
	}
	return nil
}
