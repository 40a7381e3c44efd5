package reflect

// featureOption is what a device must report for one SFI0 bit (DXC's
// ShaderFeatureInfo_*, the D3D_SHADER_REQUIRES_* flag of the same value in
// d3d12shader.h) before the runtime runs a shader that sets it: the field of
// the D3D12_FEATURE_DATA_* structure a program reads with CheckFeatureSupport,
// and the value it must have. The fields are d3d12.h's; a bit with no field
// is one every D3D12 device supports, or one only a feature level decides.
type featureOption struct {
	requires string // D3D_SHADER_REQUIRES_* of this bit ("" where d3d12shader.h gives the value another meaning)
	option   string // "D3D12_FEATURE_DATA_D3D12_OPTIONS1.WaveOps"
	need     string // what the field must say: "TRUE", ">= D3D12_RAYTRACING_TIER_1_1"
}

// featureOptions is indexed by SFI0 bit. Bit 1 is D3D_SHADER_REQUIRES_EARLY_DEPTH_STENCIL
// in d3d12shader.h (a reflection flag), bit 27 D3D_SHADER_REQUIRES_WAVE_MMA
// (experimental; DXC reserves the bit).
var featureOptions = [...]featureOption{
	0:  {"D3D_SHADER_REQUIRES_DOUBLES", "D3D12_FEATURE_DATA_D3D12_OPTIONS.DoublePrecisionFloatShaderOps", "TRUE"},
	1:  {"", "", "every D3D12 device (feature level 11_0 and up runs compute shaders and raw and structured buffers)"},
	2:  {"D3D_SHADER_REQUIRES_UAVS_AT_EVERY_STAGE", "D3D12_FEATURE_DATA_FEATURE_LEVELS.MaxSupportedFeatureLevel", ">= D3D_FEATURE_LEVEL_11_1"},
	3:  {"D3D_SHADER_REQUIRES_64_UAVS", "D3D12_FEATURE_DATA_D3D12_OPTIONS.ResourceBindingTier", ">= D3D12_RESOURCE_BINDING_TIER_2 (or feature level 11_1)"},
	4:  {"D3D_SHADER_REQUIRES_MINIMUM_PRECISION", "D3D12_FEATURE_DATA_D3D12_OPTIONS.MinPrecisionSupport", "!= D3D12_SHADER_MIN_PRECISION_SUPPORT_NONE"},
	5:  {"D3D_SHADER_REQUIRES_11_1_DOUBLE_EXTENSIONS", "D3D12_FEATURE_DATA_D3D12_OPTIONS.DoublePrecisionFloatShaderOps", "TRUE"},
	6:  {"D3D_SHADER_REQUIRES_11_1_SHADER_EXTENSIONS", "", "every D3D12 device"},
	7:  {"D3D_SHADER_REQUIRES_LEVEL_9_COMPARISON_FILTERING", "", "every D3D12 device"},
	8:  {"D3D_SHADER_REQUIRES_TILED_RESOURCES", "D3D12_FEATURE_DATA_D3D12_OPTIONS.TiledResourcesTier", ">= D3D12_TILED_RESOURCES_TIER_2"},
	9:  {"D3D_SHADER_REQUIRES_STENCIL_REF", "D3D12_FEATURE_DATA_D3D12_OPTIONS.PSSpecifiedStencilRefSupported", "TRUE"},
	10: {"D3D_SHADER_REQUIRES_INNER_COVERAGE", "D3D12_FEATURE_DATA_D3D12_OPTIONS.ConservativeRasterizationTier", ">= D3D12_CONSERVATIVE_RASTERIZATION_TIER_3"},
	11: {"D3D_SHADER_REQUIRES_TYPED_UAV_LOAD_ADDITIONAL_FORMATS", "D3D12_FEATURE_DATA_D3D12_OPTIONS.TypedUAVLoadAdditionalFormats", "TRUE"},
	12: {"D3D_SHADER_REQUIRES_ROVS", "D3D12_FEATURE_DATA_D3D12_OPTIONS.ROVsSupported", "TRUE"},
	13: {"D3D_SHADER_REQUIRES_VIEWPORT_AND_RT_ARRAY_INDEX_FROM_ANY_SHADER_FEEDING_RASTERIZER", "D3D12_FEATURE_DATA_D3D12_OPTIONS.VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation", "TRUE"},
	14: {"D3D_SHADER_REQUIRES_WAVE_OPS", "D3D12_FEATURE_DATA_D3D12_OPTIONS1.WaveOps", "TRUE"},
	15: {"D3D_SHADER_REQUIRES_INT64_OPS", "D3D12_FEATURE_DATA_D3D12_OPTIONS1.Int64ShaderOps", "TRUE"},
	16: {"D3D_SHADER_REQUIRES_VIEW_ID", "D3D12_FEATURE_DATA_D3D12_OPTIONS3.ViewInstancingTier", ">= D3D12_VIEW_INSTANCING_TIER_1"},
	17: {"D3D_SHADER_REQUIRES_BARYCENTRICS", "D3D12_FEATURE_DATA_D3D12_OPTIONS3.BarycentricsSupported", "TRUE"},
	18: {"D3D_SHADER_REQUIRES_NATIVE_16BIT_OPS", "D3D12_FEATURE_DATA_D3D12_OPTIONS4.Native16BitShaderOpsSupported", "TRUE"},
	19: {"D3D_SHADER_REQUIRES_SHADING_RATE", "D3D12_FEATURE_DATA_D3D12_OPTIONS6.VariableShadingRateTier", ">= D3D12_VARIABLE_SHADING_RATE_TIER_2"},
	20: {"D3D_SHADER_REQUIRES_RAYTRACING_TIER_1_1", "D3D12_FEATURE_DATA_D3D12_OPTIONS5.RaytracingTier", ">= D3D12_RAYTRACING_TIER_1_1"},
	21: {"D3D_SHADER_REQUIRES_SAMPLER_FEEDBACK", "D3D12_FEATURE_DATA_D3D12_OPTIONS7.SamplerFeedbackTier", ">= D3D12_SAMPLER_FEEDBACK_TIER_0_9"},
	22: {"D3D_SHADER_REQUIRES_ATOMIC_INT64_ON_TYPED_RESOURCE", "D3D12_FEATURE_DATA_D3D12_OPTIONS9.AtomicInt64OnTypedResourceSupported", "TRUE"},
	23: {"D3D_SHADER_REQUIRES_ATOMIC_INT64_ON_GROUP_SHARED", "D3D12_FEATURE_DATA_D3D12_OPTIONS9.AtomicInt64OnGroupSharedSupported", "TRUE"},
	24: {"D3D_SHADER_REQUIRES_DERIVATIVES_IN_MESH_AND_AMPLIFICATION_SHADERS", "D3D12_FEATURE_DATA_D3D12_OPTIONS9.DerivativesInMeshAndAmplificationShadersSupported", "TRUE"},
	25: {"D3D_SHADER_REQUIRES_RESOURCE_DESCRIPTOR_HEAP_INDEXING", "D3D12_FEATURE_DATA_D3D12_OPTIONS.ResourceBindingTier", ">= D3D12_RESOURCE_BINDING_TIER_3"},
	26: {"D3D_SHADER_REQUIRES_SAMPLER_DESCRIPTOR_HEAP_INDEXING", "D3D12_FEATURE_DATA_D3D12_OPTIONS.ResourceBindingTier", ">= D3D12_RESOURCE_BINDING_TIER_3"},
	27: {"", "D3D12_FEATURE_DATA_D3D12_OPTIONS9.WaveMMATier", "experimental (DXC reserves the bit)"},
	28: {"D3D_SHADER_REQUIRES_ATOMIC_INT64_ON_DESCRIPTOR_HEAP_RESOURCE", "D3D12_FEATURE_DATA_D3D12_OPTIONS11.AtomicInt64OnDescriptorHeapResourceSupported", "TRUE"},
	29: {"D3D_SHADER_REQUIRES_ADVANCED_TEXTURE_OPS", "D3D12_FEATURE_DATA_D3D12_OPTIONS14.AdvancedTextureOpsSupported", "TRUE"},
	30: {"D3D_SHADER_REQUIRES_WRITEABLE_MSAA_TEXTURES", "D3D12_FEATURE_DATA_D3D12_OPTIONS14.WriteableMSAATexturesSupported", "TRUE"},
	31: {"D3D_SHADER_REQUIRES_SAMPLE_CMP_GRADIENT_OR_BIAS", "D3D12_FEATURE_DATA_D3D12_OPTIONS21.SampleCmpGradientAndBiasSupported", "TRUE"},
	32: {"D3D_SHADER_REQUIRES_EXTENDED_COMMAND_INFO", "D3D12_FEATURE_DATA_D3D12_OPTIONS21.ExtendedCommandInfoSupported", "TRUE"},
	// SM 6.10's linear algebra: preview headers only, no released
	// D3D_SHADER_REQUIRES_* name or D3D12_FEATURE_DATA_* field yet.
	33: {"", "", "experimental (SM 6.10 preview): no released D3D12 feature field yet, preview runtimes only"},
}

// FeatureOption is what a device must report before it runs a shader that
// sets SFI0 bit: the D3D_SHADER_REQUIRES_* name, the D3D12_FEATURE_DATA_*
// field and the value it must have; ok is false for a bit no compiler defines
// as a requirement (the optional bits 40 and up, unknown bits).
func FeatureOption(bit int) (requires, option, need string, ok bool) {
	if bit < 0 || bit >= len(featureOptions) {
		return "", "", "", false
	}
	o := featureOptions[bit]
	return o.requires, o.option, o.need, true
}
