package decode

import "github.com/dxscope/dxscope/decode/report"

// The D3D reflection enumerations RDEF stores, named as d3dcommon.h names
// them, for readers that build reflection from other parts (decode/reflect
// describes a DXIL shader's resources with the same names FXC's RDEF uses).

// D3DShaderInputTypeName names a D3D_SHADER_INPUT_TYPE ("D3D_SIT_TEXTURE").
func D3DShaderInputTypeName(v uint32) string {
	return report.EnumName(shaderInputTypeNames, uint64(v), "D3D_SHADER_INPUT_TYPE")
}

// D3DReturnTypeName names a D3D_RESOURCE_RETURN_TYPE ("D3D_RETURN_TYPE_FLOAT"; 0 is "none").
func D3DReturnTypeName(v uint32) string {
	if v == 0 {
		return "none"
	}
	return report.EnumName(rdefReturnTypeNames, uint64(v), "D3D_RESOURCE_RETURN_TYPE")
}

// D3DSRVDimensionName names a D3D_SRV_DIMENSION ("D3D_SRV_DIMENSION_TEXTURE2D").
func D3DSRVDimensionName(v uint32) string {
	return report.EnumName(srvDimensionNames, uint64(v), "D3D_SRV_DIMENSION")
}

// D3DShaderInputFlagNames names the set D3D_SHADER_INPUT_FLAGS bits.
func D3DShaderInputFlagNames(v uint32) []string { return report.BitNames(v, shaderInputFlagNames) }

// D3DCBufferTypeName names a D3D_CBUFFER_TYPE ("D3D_CT_CBUFFER").
func D3DCBufferTypeName(v uint32) string {
	return report.EnumName(cbufferTypeNames, uint64(v), "D3D_CBUFFER_TYPE")
}

// D3DCBufferFlagNames names the set D3D_SHADER_CBUFFER_FLAGS bits.
func D3DCBufferFlagNames(v uint32) []string { return report.BitNames(v, cbufferFlagNames) }

// D3DVariableClassName names a D3D_SHADER_VARIABLE_CLASS ("D3D_SVC_VECTOR").
func D3DVariableClassName(v uint32) string {
	return report.EnumName(variableClassNames, uint64(v), "D3D_SHADER_VARIABLE_CLASS")
}

// D3DVariableTypeName names a D3D_SHADER_VARIABLE_TYPE ("D3D_SVT_FLOAT").
func D3DVariableTypeName(v uint32) string {
	return report.EnumName(variableTypeNames, uint64(v), "D3D_SHADER_VARIABLE_TYPE")
}

// D3DVariableFlagNames names the set D3D_SHADER_VARIABLE_FLAGS bits.
func D3DVariableFlagNames(v uint32) []string { return report.BitNames(v, variableFlagNames) }

// D3DCompileFlagNames names the D3DCOMPILE_* flags FXC records in RDEF.
func D3DCompileFlagNames(v uint32) []string { return compileFlags(v) }
