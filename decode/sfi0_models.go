package decode

// featureFlagModels is the shader model that introduced each SFI0 bit 0..32,
// so the page can say what a set flag asks of the runtime. Bits 0-13 date from
// the FXC era (feature levels 10-11.1, shader models 4.0/5.0); bits 14 and up
// follow the shader model that added the feature, as DXC's rdat_mintarget tests
// (tools/clang/test/HLSLFileCheck/d3dreflect/rdat_mintarget) and the HLSL
// shader-model pages state.
var featureFlagModels = [...]string{
	"5.0", "4.0", "5.0", "5.0",
	"4.0", "5.0", "5.0", "4.0",
	"5.0", "5.0", "5.0", "5.0",
	"5.0", "5.0", "6.0", "6.0",
	"6.1", "6.1", "6.2", "6.4",
	"6.5", "6.5", "6.6", "6.6",
	"6.6", "6.6", "6.6", "",
	"6.6", "6.7", "6.7", "6.8",
	"6.8",
}

// FeatureFlagShaderModel returns the shader model ("6.1") that introduced
// SFI0 bit i, or "" for bits no compiler defines.
func FeatureFlagShaderModel(i int) string {
	if i >= 0 && i < len(featureFlagModels) {
		return featureFlagModels[i]
	}
	return ""
}
