package reflect_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/reflect"
)

// dxilConstantsModels is how DXC's DxilConstants.h (microsoft/DirectXShaderCompiler
// at 9a3e225d, 2026-08-21) groups the ShaderFeatureInfo_* constants: bits
// 0-15 come before the first "// SM 6.1+" comment (the FXC-era features and
// SM 6.0's wave and int64 operations), each later bit under the comment
// naming the model that added it; bit 27 is "Experimental SM 6.9+ -
// Reserved". ShaderFeatureInfoCount is 33 there; bit 33 (SM 6.10's
// LinearAlgebra) is from pull request 8884, which makes it 34. Transcribed
// by hand.
var dxilConstantsModels = map[int]string{16: "6.1", 17: "6.1", 18: "6.2", 19: "6.4", 20: "6.5", 21: "6.5",
	22: "6.6", 23: "6.6", 24: "6.6", 25: "6.6", 26: "6.6", 28: "6.6", 29: "6.7", 30: "6.7", 31: "6.8", 32: "6.8", 33: "6.10"}

// DXC's ShaderFeatureInfoCount after pull request 8884 (bit 33, LinearAlgebra).
const dxilShaderFeatureInfoCount = 34

// d3d12shaderRequires is d3d12shader.h's D3D_SHADER_REQUIRES_* values
// (microsoft/DirectX-Headers at 443ff511, 2026-06-24), transcribed by hand:
// bit 1 is D3D_SHADER_REQUIRES_EARLY_DEPTH_STENCIL there and bit 27
// D3D_SHADER_REQUIRES_WAVE_MMA, so neither is SFI0's meaning.
var d3d12shaderRequires = map[string]uint64{
	"D3D_SHADER_REQUIRES_DOUBLES": 0x1, "D3D_SHADER_REQUIRES_UAVS_AT_EVERY_STAGE": 0x4, "D3D_SHADER_REQUIRES_64_UAVS": 0x8,
	"D3D_SHADER_REQUIRES_MINIMUM_PRECISION": 0x10, "D3D_SHADER_REQUIRES_11_1_DOUBLE_EXTENSIONS": 0x20,
	"D3D_SHADER_REQUIRES_11_1_SHADER_EXTENSIONS": 0x40, "D3D_SHADER_REQUIRES_LEVEL_9_COMPARISON_FILTERING": 0x80,
	"D3D_SHADER_REQUIRES_TILED_RESOURCES": 0x100, "D3D_SHADER_REQUIRES_STENCIL_REF": 0x200, "D3D_SHADER_REQUIRES_INNER_COVERAGE": 0x400,
	"D3D_SHADER_REQUIRES_TYPED_UAV_LOAD_ADDITIONAL_FORMATS": 0x800, "D3D_SHADER_REQUIRES_ROVS": 0x1000,
	"D3D_SHADER_REQUIRES_VIEWPORT_AND_RT_ARRAY_INDEX_FROM_ANY_SHADER_FEEDING_RASTERIZER": 0x2000,
	"D3D_SHADER_REQUIRES_WAVE_OPS": 0x4000, "D3D_SHADER_REQUIRES_INT64_OPS": 0x8000, "D3D_SHADER_REQUIRES_VIEW_ID": 0x10000,
	"D3D_SHADER_REQUIRES_BARYCENTRICS": 0x20000, "D3D_SHADER_REQUIRES_NATIVE_16BIT_OPS": 0x40000,
	"D3D_SHADER_REQUIRES_SHADING_RATE": 0x80000, "D3D_SHADER_REQUIRES_RAYTRACING_TIER_1_1": 0x100000,
	"D3D_SHADER_REQUIRES_SAMPLER_FEEDBACK": 0x200000, "D3D_SHADER_REQUIRES_ATOMIC_INT64_ON_TYPED_RESOURCE": 0x400000,
	"D3D_SHADER_REQUIRES_ATOMIC_INT64_ON_GROUP_SHARED":                  0x800000,
	"D3D_SHADER_REQUIRES_DERIVATIVES_IN_MESH_AND_AMPLIFICATION_SHADERS": 0x1000000,
	"D3D_SHADER_REQUIRES_RESOURCE_DESCRIPTOR_HEAP_INDEXING":             0x2000000, "D3D_SHADER_REQUIRES_SAMPLER_DESCRIPTOR_HEAP_INDEXING": 0x4000000,
	"D3D_SHADER_REQUIRES_ATOMIC_INT64_ON_DESCRIPTOR_HEAP_RESOURCE": 0x10000000, "D3D_SHADER_REQUIRES_ADVANCED_TEXTURE_OPS": 0x20000000,
	"D3D_SHADER_REQUIRES_WRITEABLE_MSAA_TEXTURES": 0x40000000, "D3D_SHADER_REQUIRES_SAMPLE_CMP_GRADIENT_OR_BIAS": 0x80000000,
	"D3D_SHADER_REQUIRES_EXTENDED_COMMAND_INFO": 0x100000000,
}

// d3d12Fields are the fields of the D3D12_FEATURE_DATA_* structures the
// table names, as d3d12.h (DirectX-Headers at 443ff511) declares them.
var d3d12Fields = map[string][]string{
	"D3D12_FEATURE_DATA_D3D12_OPTIONS": {"DoublePrecisionFloatShaderOps", "MinPrecisionSupport", "TiledResourcesTier",
		"ResourceBindingTier", "PSSpecifiedStencilRefSupported", "TypedUAVLoadAdditionalFormats", "ROVsSupported",
		"ConservativeRasterizationTier", "VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation"},
	"D3D12_FEATURE_DATA_D3D12_OPTIONS1":  {"WaveOps", "WaveLaneCountMin", "WaveLaneCountMax", "Int64ShaderOps"},
	"D3D12_FEATURE_DATA_D3D12_OPTIONS3":  {"ViewInstancingTier", "BarycentricsSupported"},
	"D3D12_FEATURE_DATA_D3D12_OPTIONS4":  {"Native16BitShaderOpsSupported"},
	"D3D12_FEATURE_DATA_D3D12_OPTIONS5":  {"RaytracingTier"},
	"D3D12_FEATURE_DATA_D3D12_OPTIONS6":  {"VariableShadingRateTier"},
	"D3D12_FEATURE_DATA_D3D12_OPTIONS7":  {"SamplerFeedbackTier"},
	"D3D12_FEATURE_DATA_D3D12_OPTIONS9":  {"AtomicInt64OnTypedResourceSupported", "AtomicInt64OnGroupSharedSupported", "DerivativesInMeshAndAmplificationShadersSupported", "WaveMMATier"},
	"D3D12_FEATURE_DATA_D3D12_OPTIONS11": {"AtomicInt64OnDescriptorHeapResourceSupported"},
	"D3D12_FEATURE_DATA_D3D12_OPTIONS14": {"AdvancedTextureOpsSupported", "WriteableMSAATexturesSupported"},
	"D3D12_FEATURE_DATA_D3D12_OPTIONS21": {"SampleCmpGradientAndBiasSupported", "ExtendedCommandInfoSupported"},
	"D3D12_FEATURE_DATA_FEATURE_LEVELS":  {"MaxSupportedFeatureLevel"},
}

// Every SFI0 bit DXC defines maps to its D3D_SHADER_REQUIRES_* flag of the
// same value, to a field d3d12.h declares (or says why none), and to the
// shader model DxilConstants.h files it under.
func TestEverySFI0BitHasItsOption(t *testing.T) {
	for bit := 0; bit < dxilShaderFeatureInfoCount; bit++ {
		req, opt, need, ok := reflect.FeatureOption(bit)
		if !ok {
			t.Errorf("bit %d (%s) has no entry", bit, decode.FeatureFlagName(bit))
			continue
		}
		switch bit {
		case 1, 27, 33: // 33: no released D3D_SHADER_REQUIRES_* flag yet
			if req != "" {
				t.Errorf("bit %d: %s, but d3d12shader.h gives the value another meaning", bit, req)
			}
		default:
			if v, known := d3d12shaderRequires[req]; !known || v != 1<<bit {
				t.Errorf("bit %d (%s): %q is not d3d12shader.h's flag of value 0x%x", bit, decode.FeatureFlagName(bit), req, uint64(1)<<bit)
			}
		}
		if opt == "" {
			if !strings.Contains(need, "every D3D12 device") && !strings.HasPrefix(need, "experimental") {
				t.Errorf("bit %d: no field and no reason (%q)", bit, need)
			}
		} else {
			st, field, _ := strings.Cut(opt, ".")
			found := false
			for _, f := range d3d12Fields[st] {
				found = found || f == field
			}
			if !found {
				t.Errorf("bit %d: %s is not a field d3d12.h declares", bit, opt)
			}
			if need == "" {
				t.Errorf("bit %d: %s with no value to have", bit, opt)
			}
		}
		model := decode.FeatureFlagShaderModel(bit)
		if want, filed := dxilConstantsModels[bit]; filed && model != want {
			t.Errorf("bit %d (%s): shader model %q, DxilConstants.h files it under SM %s", bit, decode.FeatureFlagName(bit), model, want)
		} else if !filed && bit != 27 && (model == "" || model > "6.0") {
			t.Errorf("bit %d (%s): shader model %q, but DxilConstants.h lists it before SM 6.1", bit, decode.FeatureFlagName(bit), model)
		}
	}
	if _, _, _, ok := reflect.FeatureOption(dxilShaderFeatureInfoCount); ok {
		t.Errorf("an entry past DxilConstants.h's ShaderFeatureInfoCount (%d)", dxilShaderFeatureInfoCount)
	}
	for _, bit := range []int{decode.OptUsesDerivatives, decode.OptRequiresGroup} {
		if _, _, _, ok := reflect.FeatureOption(bit); ok {
			t.Errorf("optional bit %d asks something of a device; DxilConstants.h says the runtime ignores it", bit)
		}
	}
}

func model(major, minor uint32) string { return fmt.Sprintf("%d.%d", major, minor) }

// Over the corpus: the minimum shader model is RDAT's highest
// MinShaderTarget where RDAT exists, else the program's; no required
// feature needs a later model than the one the shader (or library
// function) was compiled for (the table against DXC's own output); every
// requirement names its part.
func TestRequirementsAgainstTheCorpus(t *testing.T) {
	var withRDAT, functions, features, shaders, fxc int
	for _, x := range reflectCorpus(t) {
		q := x.r.Requirements
		if x.r.Container == "" {
			if q.ShaderModel != "" || len(q.Features) != 0 || (q.RootSignature != nil) != (x.f.Part("RTS0") != nil) {
				t.Errorf("%s: requirements for a container without a shader: %+v", x.e.Rel, q)
			}
			continue
		}
		var rd *decode.RuntimeData
		if p := x.f.Part("RDAT"); p != nil {
			rd = p.RuntimeData
		}
		if rd != nil && rd.FunctionTable.Len() > 0 {
			withRDAT++
			best := ""
			for _, fn := range rd.FunctionTable.Records {
				functions++
				m := model(fn.MinShaderTarget>>4&0xf, fn.MinShaderTarget&0xf)
				if m > best {
					best = m
				}
				flags := decode.FeatureFlags(uint64(fn.FeatureInfo2)<<32 | uint64(fn.FeatureInfo1))
				for bit := 0; bit < 64; bit++ {
					if flags&(1<<bit) == 0 {
						continue
					}
					if need := decode.FeatureFlagShaderModel(bit); need > m {
						t.Errorf("%s: %s needs %s (SM %s) but RDAT's MinShaderTarget is %s", x.e.Rel, fn.Name, decode.FeatureFlagName(bit), need, fn.MinShaderTargetName)
					}
				}
			}
			if q.ShaderModel != best || q.ShaderModelSource != "RDAT" {
				t.Errorf("%s: minimum shader model %s from %s; RDAT's highest MinShaderTarget is %s", x.e.Rel, q.ShaderModel, q.ShaderModelSource, best)
			}
		} else {
			shaders++
			if x.r.Container == "DXBC" {
				fxc++
			}
			if !strings.HasSuffix(q.Target, "_"+strings.ReplaceAll(q.ShaderModel, ".", "_")) {
				t.Errorf("%s: minimum shader model %s for target %s", x.e.Rel, q.ShaderModel, q.Target)
			}
			for _, ft := range q.Features {
				features++
				if ft.ShaderModel > q.ShaderModel {
					t.Errorf("%s: %s needs SM %s but the shader is %s", x.e.Rel, ft.Name, ft.ShaderModel, q.Target)
				}
			}
		}
		for _, ft := range q.Features {
			if ft.Source != "SFI0" && ft.Source != "RDAT" {
				t.Errorf("%s: feature %s from %q", x.e.Rel, ft.Name, ft.Source)
			}
		}
		if q.Release == nil {
			t.Errorf("%s: no release known for shader model %s", x.e.Rel, q.ShaderModel)
		}
	}
	t.Logf("%d containers with RDAT (%d functions) take RDAT's MinShaderTarget; %d shaders (%d FXC) take their program's model; %d required features, none later than its shader's model",
		withRDAT, functions, shaders, fxc, features)
}
