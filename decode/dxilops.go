package decode

import "fmt"

// The DXIL operation table: opcode, name, the lowest shader model that may
// call it and the shader stages that may (0: every stage).
//
// Data from DXC (microsoft/DirectXShaderCompiler @ 9a3e225dab9683212c648d2cc2b7f09bbf57cbe8):
// names from include/dxc/DXIL/DxilConstants.h "enum class OpCode" (core table)
// and ExperimentalOps (table id 0x8000, so opcode 0x8000<<16 | n); minimum
// shader model and stages from OP::GetMinShaderModelAndMask in
// lib/DXIL/DxilOperations.cpp (generated from utils/hct/hctdb.py), raised to
// the first DXIL version whose NumOpCodes_Dxil_1_x includes the opcode. Where
// DXC allows an older model through translation, the lower model is kept.
//
// The DXIL 1.8 document (HLSL proposal 0028) numbers the work-graph operations
// from 226 and lists 231 and 236 twice; DXC, which wrote every file in the
// corpus, has 226-237 reserved and the work-graph operations at 238-253. DXC
// is followed here.

// dxOpInfo is one row of the table.
type dxOpInfo struct {
	Opcode   uint32
	Name     string
	MinMajor uint8
	MinMinor uint8
	Stages   uint32 // bit (1 << ShaderKind); 0 means every stage
}

func dxStage(k ShaderKind) uint32 { return 1 << k }

// Shader kinds by name, for the table's stage masks.
const (
	dxKindPixel ShaderKind = iota
	dxKindVertex
	dxKindGeometry
	dxKindHull
	dxKindDomain
	dxKindCompute
	dxKindLibrary
	dxKindRayGeneration
	dxKindIntersection
	dxKindAnyHit
	dxKindClosestHit
	dxKindMiss
	dxKindCallable
	dxKindMesh
	dxKindAmplification
	dxKindNode
)

// Stage sets several operations share (hctdb.py spells them out for each).
var (
	dxStagesAll         = dxStage(dxKindLibrary) | dxStage(dxKindCompute) | dxStage(dxKindAmplification) | dxStage(dxKindMesh) | dxStage(dxKindPixel) | dxStage(dxKindVertex) | dxStage(dxKindHull) | dxStage(dxKindDomain) | dxStage(dxKindGeometry) | dxStage(dxKindRayGeneration) | dxStage(dxKindIntersection) | dxStage(dxKindAnyHit) | dxStage(dxKindClosestHit) | dxStage(dxKindMiss) | dxStage(dxKindCallable) | dxStage(dxKindNode) // every stage by name (the wave operations)
	dxStagesDerivatives = dxStage(dxKindLibrary) | dxStage(dxKindPixel) | dxStage(dxKindCompute) | dxStage(dxKindAmplification) | dxStage(dxKindMesh) | dxStage(dxKindNode)                                                                                                                                                                                                                                                                  // the stages with derivatives and quads: pixel, and the thread-group stages (Sample, Deriv*, Quad*)
	dxStagesThreadGroup = dxStage(dxKindCompute) | dxStage(dxKindMesh) | dxStage(dxKindAmplification) | dxStage(dxKindNode)                                                                                                                                                                                                                                                                                                                  // the stages that run in thread groups
	dxStagesHit         = dxStage(dxKindLibrary) | dxStage(dxKindIntersection) | dxStage(dxKindAnyHit) | dxStage(dxKindClosestHit)                                                                                                                                                                                                                                                                                                           // the ray tracing stages that have a hit
	dxStagesHitMiss     = dxStage(dxKindLibrary) | dxStage(dxKindIntersection) | dxStage(dxKindAnyHit) | dxStage(dxKindClosestHit) | dxStage(dxKindMiss)                                                                                                                                                                                                                                                                                     // those and miss shaders (the ray's own values)
	dxStagesHitObject   = dxStage(dxKindLibrary) | dxStage(dxKindRayGeneration) | dxStage(dxKindClosestHit) | dxStage(dxKindMiss)                                                                                                                                                                                                                                                                                                            // the stages that may make and invoke a HitObject (shader execution reordering)
)

// dxOpCounts is NumOpCodes_Dxil_1_x: how many core opcodes each DXIL 1.x minor version defines.
var dxOpCounts = [...]uint32{137, 139, 141, 162, 165, 216, 222, 226, 258, 312}

var dxOpTable = []dxOpInfo{
	{0, "TempRegLoad", 6, 0, 0},
	{1, "TempRegStore", 6, 0, 0},
	{2, "MinPrecXRegLoad", 6, 0, 0},
	{3, "MinPrecXRegStore", 6, 0, 0},
	{4, "LoadInput", 6, 0, 0},
	{5, "StoreOutput", 6, 0, 0},
	{6, "FAbs", 6, 0, 0},
	{7, "Saturate", 6, 0, 0},
	{8, "IsNaN", 6, 0, 0},
	{9, "IsInf", 6, 0, 0},
	{10, "IsFinite", 6, 0, 0},
	{11, "IsNormal", 6, 0, 0},
	{12, "Cos", 6, 0, 0},
	{13, "Sin", 6, 0, 0},
	{14, "Tan", 6, 0, 0},
	{15, "Acos", 6, 0, 0},
	{16, "Asin", 6, 0, 0},
	{17, "Atan", 6, 0, 0},
	{18, "Hcos", 6, 0, 0},
	{19, "Hsin", 6, 0, 0},
	{20, "Htan", 6, 0, 0},
	{21, "Exp", 6, 0, 0},
	{22, "Frc", 6, 0, 0},
	{23, "Log", 6, 0, 0},
	{24, "Sqrt", 6, 0, 0},
	{25, "Rsqrt", 6, 0, 0},
	{26, "Round_ne", 6, 0, 0},
	{27, "Round_ni", 6, 0, 0},
	{28, "Round_pi", 6, 0, 0},
	{29, "Round_z", 6, 0, 0},
	{30, "Bfrev", 6, 0, 0},
	{31, "Countbits", 6, 0, 0},
	{32, "FirstbitLo", 6, 0, 0},
	{33, "FirstbitHi", 6, 0, 0},
	{34, "FirstbitSHi", 6, 0, 0},
	{35, "FMax", 6, 0, 0},
	{36, "FMin", 6, 0, 0},
	{37, "IMax", 6, 0, 0},
	{38, "IMin", 6, 0, 0},
	{39, "UMax", 6, 0, 0},
	{40, "UMin", 6, 0, 0},
	{41, "IMul", 6, 0, 0},
	{42, "UMul", 6, 0, 0},
	{43, "UDiv", 6, 0, 0},
	{44, "UAddc", 6, 0, 0},
	{45, "USubb", 6, 0, 0},
	{46, "FMad", 6, 0, 0},
	{47, "Fma", 6, 0, 0},
	{48, "IMad", 6, 0, 0},
	{49, "UMad", 6, 0, 0},
	{50, "Msad", 6, 0, 0},
	{51, "Ibfe", 6, 0, 0},
	{52, "Ubfe", 6, 0, 0},
	{53, "Bfi", 6, 0, 0},
	{54, "Dot2", 6, 0, 0},
	{55, "Dot3", 6, 0, 0},
	{56, "Dot4", 6, 0, 0},
	{57, "CreateHandle", 6, 0, 0},
	{58, "CBufferLoad", 6, 0, 0},
	{59, "CBufferLoadLegacy", 6, 0, 0},
	{60, "Sample", 6, 0, dxStagesDerivatives},
	{61, "SampleBias", 6, 0, dxStagesDerivatives},
	{62, "SampleLevel", 6, 0, 0},
	{63, "SampleGrad", 6, 0, 0},
	{64, "SampleCmp", 6, 0, dxStagesDerivatives},
	{65, "SampleCmpLevelZero", 6, 0, 0},
	{66, "TextureLoad", 6, 0, 0},
	{67, "TextureStore", 6, 0, 0},
	{68, "BufferLoad", 6, 0, 0},
	{69, "BufferStore", 6, 0, 0},
	{70, "BufferUpdateCounter", 6, 0, 0},
	{71, "CheckAccessFullyMapped", 6, 0, 0},
	{72, "GetDimensions", 6, 0, 0},
	{73, "TextureGather", 6, 0, 0},
	{74, "TextureGatherCmp", 6, 0, 0},
	{75, "Texture2DMSGetSamplePosition", 6, 0, 0},
	{76, "RenderTargetGetSamplePosition", 6, 0, dxStage(dxKindPixel)},
	{77, "RenderTargetGetSampleCount", 6, 0, dxStage(dxKindPixel)},
	{78, "AtomicBinOp", 6, 0, 0},
	{79, "AtomicCompareExchange", 6, 0, 0},
	{80, "Barrier", 6, 0, 0},
	{81, "CalculateLOD", 6, 0, dxStagesDerivatives},
	{82, "Discard", 6, 0, dxStage(dxKindPixel)},
	{83, "DerivCoarseX", 6, 0, dxStagesDerivatives},
	{84, "DerivCoarseY", 6, 0, dxStagesDerivatives},
	{85, "DerivFineX", 6, 0, dxStagesDerivatives},
	{86, "DerivFineY", 6, 0, dxStagesDerivatives},
	{87, "EvalSnapped", 6, 0, dxStage(dxKindPixel)},
	{88, "EvalSampleIndex", 6, 0, dxStage(dxKindPixel)},
	{89, "EvalCentroid", 6, 0, dxStage(dxKindPixel)},
	{90, "SampleIndex", 6, 0, dxStage(dxKindPixel)},
	{91, "Coverage", 6, 0, dxStage(dxKindPixel)},
	{92, "InnerCoverage", 6, 0, dxStage(dxKindPixel)},
	{93, "ThreadId", 6, 0, dxStagesThreadGroup},
	{94, "GroupId", 6, 0, dxStagesThreadGroup},
	{95, "ThreadIdInGroup", 6, 0, dxStagesThreadGroup},
	{96, "FlattenedThreadIdInGroup", 6, 0, dxStagesThreadGroup},
	{97, "EmitStream", 6, 0, dxStage(dxKindGeometry)},
	{98, "CutStream", 6, 0, dxStage(dxKindGeometry)},
	{99, "EmitThenCutStream", 6, 0, dxStage(dxKindGeometry)},
	{100, "GSInstanceID", 6, 0, dxStage(dxKindGeometry)},
	{101, "MakeDouble", 6, 0, 0},
	{102, "SplitDouble", 6, 0, 0},
	{103, "LoadOutputControlPoint", 6, 0, dxStage(dxKindDomain) | dxStage(dxKindHull)},
	{104, "LoadPatchConstant", 6, 0, dxStage(dxKindDomain) | dxStage(dxKindHull)},
	{105, "DomainLocation", 6, 0, dxStage(dxKindDomain)},
	{106, "StorePatchConstant", 6, 0, dxStage(dxKindHull)},
	{107, "OutputControlPointID", 6, 0, dxStage(dxKindHull)},
	{108, "PrimitiveID", 6, 0, dxStage(dxKindGeometry) | dxStage(dxKindDomain) | dxStage(dxKindHull)},
	{109, "CycleCounterLegacy", 6, 0, 0},
	{110, "WaveIsFirstLane", 6, 0, dxStagesAll},
	{111, "WaveGetLaneIndex", 6, 0, dxStagesAll},
	{112, "WaveGetLaneCount", 6, 0, dxStagesAll},
	{113, "WaveAnyTrue", 6, 0, dxStagesAll},
	{114, "WaveAllTrue", 6, 0, dxStagesAll},
	{115, "WaveActiveAllEqual", 6, 0, dxStagesAll},
	{116, "WaveActiveBallot", 6, 0, dxStagesAll},
	{117, "WaveReadLaneAt", 6, 0, dxStagesAll},
	{118, "WaveReadLaneFirst", 6, 0, dxStagesAll},
	{119, "WaveActiveOp", 6, 0, dxStagesAll},
	{120, "WaveActiveBit", 6, 0, dxStagesAll},
	{121, "WavePrefixOp", 6, 0, dxStagesAll},
	{122, "QuadReadLaneAt", 6, 0, dxStagesDerivatives},
	{123, "QuadOp", 6, 0, dxStagesDerivatives},
	{124, "BitcastI16toF16", 6, 0, 0},
	{125, "BitcastF16toI16", 6, 0, 0},
	{126, "BitcastI32toF32", 6, 0, 0},
	{127, "BitcastF32toI32", 6, 0, 0},
	{128, "BitcastI64toF64", 6, 0, 0},
	{129, "BitcastF64toI64", 6, 0, 0},
	{130, "LegacyF32ToF16", 6, 0, 0},
	{131, "LegacyF16ToF32", 6, 0, 0},
	{132, "LegacyDoubleToFloat", 6, 0, 0},
	{133, "LegacyDoubleToSInt32", 6, 0, 0},
	{134, "LegacyDoubleToUInt32", 6, 0, 0},
	{135, "WaveAllBitCount", 6, 0, dxStagesAll},
	{136, "WavePrefixBitCount", 6, 0, dxStagesAll},
	{137, "AttributeAtVertex", 6, 1, dxStage(dxKindPixel)},
	{138, "ViewID", 6, 1, dxStage(dxKindVertex) | dxStage(dxKindHull) | dxStage(dxKindDomain) | dxStage(dxKindGeometry) | dxStage(dxKindPixel) | dxStage(dxKindMesh)},
	{139, "RawBufferLoad", 6, 2, 0},
	{140, "RawBufferStore", 6, 2, 0},
	{141, "InstanceID", 6, 3, dxStagesHit},
	{142, "InstanceIndex", 6, 3, dxStagesHit},
	{143, "HitKind", 6, 3, dxStagesHit},
	{144, "RayFlags", 6, 3, dxStagesHitMiss},
	{145, "DispatchRaysIndex", 6, 3, dxStage(dxKindLibrary) | dxStage(dxKindRayGeneration) | dxStage(dxKindIntersection) | dxStage(dxKindAnyHit) | dxStage(dxKindClosestHit) | dxStage(dxKindMiss) | dxStage(dxKindCallable)},
	{146, "DispatchRaysDimensions", 6, 3, dxStage(dxKindLibrary) | dxStage(dxKindRayGeneration) | dxStage(dxKindIntersection) | dxStage(dxKindAnyHit) | dxStage(dxKindClosestHit) | dxStage(dxKindMiss) | dxStage(dxKindCallable)},
	{147, "WorldRayOrigin", 6, 3, dxStagesHitMiss},
	{148, "WorldRayDirection", 6, 3, dxStagesHitMiss},
	{149, "ObjectRayOrigin", 6, 3, dxStagesHit},
	{150, "ObjectRayDirection", 6, 3, dxStagesHit},
	{151, "ObjectToWorld", 6, 3, dxStagesHit},
	{152, "WorldToObject", 6, 3, dxStagesHit},
	{153, "RayTMin", 6, 3, dxStagesHitMiss},
	{154, "RayTCurrent", 6, 3, dxStagesHitMiss},
	{155, "IgnoreHit", 6, 3, dxStage(dxKindAnyHit)},
	{156, "AcceptHitAndEndSearch", 6, 3, dxStage(dxKindAnyHit)},
	{157, "TraceRay", 6, 3, dxStagesHitObject},
	{158, "ReportHit", 6, 3, dxStage(dxKindLibrary) | dxStage(dxKindIntersection)},
	{159, "CallShader", 6, 3, dxStage(dxKindLibrary) | dxStage(dxKindClosestHit) | dxStage(dxKindRayGeneration) | dxStage(dxKindMiss) | dxStage(dxKindCallable)},
	{160, "CreateHandleForLib", 6, 3, 0},
	{161, "PrimitiveIndex", 6, 3, dxStagesHit},
	{162, "Dot2AddHalf", 6, 4, 0},
	{163, "Dot4AddI8Packed", 6, 4, 0},
	{164, "Dot4AddU8Packed", 6, 4, 0},
	{165, "WaveMatch", 6, 5, dxStagesAll},
	{166, "WaveMultiPrefixOp", 6, 5, dxStagesAll},
	{167, "WaveMultiPrefixBitCount", 6, 5, dxStagesAll},
	{168, "SetMeshOutputCounts", 6, 5, dxStage(dxKindMesh)},
	{169, "EmitIndices", 6, 5, dxStage(dxKindMesh)},
	{170, "GetMeshPayload", 6, 5, dxStage(dxKindMesh)},
	{171, "StoreVertexOutput", 6, 5, dxStage(dxKindMesh)},
	{172, "StorePrimitiveOutput", 6, 5, dxStage(dxKindMesh)},
	{173, "DispatchMesh", 6, 5, dxStage(dxKindAmplification)},
	{174, "WriteSamplerFeedback", 6, 5, dxStage(dxKindLibrary) | dxStage(dxKindPixel)},
	{175, "WriteSamplerFeedbackBias", 6, 5, dxStage(dxKindLibrary) | dxStage(dxKindPixel)},
	{176, "WriteSamplerFeedbackLevel", 6, 5, 0},
	{177, "WriteSamplerFeedbackGrad", 6, 5, 0},
	{178, "AllocateRayQuery", 6, 5, 0},
	{179, "RayQuery_TraceRayInline", 6, 5, 0},
	{180, "RayQuery_Proceed", 6, 5, 0},
	{181, "RayQuery_Abort", 6, 5, 0},
	{182, "RayQuery_CommitNonOpaqueTriangleHit", 6, 5, 0},
	{183, "RayQuery_CommitProceduralPrimitiveHit", 6, 5, 0},
	{184, "RayQuery_CommittedStatus", 6, 5, 0},
	{185, "RayQuery_CandidateType", 6, 5, 0},
	{186, "RayQuery_CandidateObjectToWorld3x4", 6, 5, 0},
	{187, "RayQuery_CandidateWorldToObject3x4", 6, 5, 0},
	{188, "RayQuery_CommittedObjectToWorld3x4", 6, 5, 0},
	{189, "RayQuery_CommittedWorldToObject3x4", 6, 5, 0},
	{190, "RayQuery_CandidateProceduralPrimitiveNonOpaque", 6, 5, 0},
	{191, "RayQuery_CandidateTriangleFrontFace", 6, 5, 0},
	{192, "RayQuery_CommittedTriangleFrontFace", 6, 5, 0},
	{193, "RayQuery_CandidateTriangleBarycentrics", 6, 5, 0},
	{194, "RayQuery_CommittedTriangleBarycentrics", 6, 5, 0},
	{195, "RayQuery_RayFlags", 6, 5, 0},
	{196, "RayQuery_WorldRayOrigin", 6, 5, 0},
	{197, "RayQuery_WorldRayDirection", 6, 5, 0},
	{198, "RayQuery_RayTMin", 6, 5, 0},
	{199, "RayQuery_CandidateTriangleRayT", 6, 5, 0},
	{200, "RayQuery_CommittedRayT", 6, 5, 0},
	{201, "RayQuery_CandidateInstanceIndex", 6, 5, 0},
	{202, "RayQuery_CandidateInstanceID", 6, 5, 0},
	{203, "RayQuery_CandidateGeometryIndex", 6, 5, 0},
	{204, "RayQuery_CandidatePrimitiveIndex", 6, 5, 0},
	{205, "RayQuery_CandidateObjectRayOrigin", 6, 5, 0},
	{206, "RayQuery_CandidateObjectRayDirection", 6, 5, 0},
	{207, "RayQuery_CommittedInstanceIndex", 6, 5, 0},
	{208, "RayQuery_CommittedInstanceID", 6, 5, 0},
	{209, "RayQuery_CommittedGeometryIndex", 6, 5, 0},
	{210, "RayQuery_CommittedPrimitiveIndex", 6, 5, 0},
	{211, "RayQuery_CommittedObjectRayOrigin", 6, 5, 0},
	{212, "RayQuery_CommittedObjectRayDirection", 6, 5, 0},
	{213, "GeometryIndex", 6, 5, dxStagesHit},
	{214, "RayQuery_CandidateInstanceContributionToHitGroupIndex", 6, 5, 0},
	{215, "RayQuery_CommittedInstanceContributionToHitGroupIndex", 6, 5, 0},
	{216, "AnnotateHandle", 6, 6, 0},
	{217, "CreateHandleFromBinding", 6, 6, 0},
	{218, "CreateHandleFromHeap", 6, 6, 0},
	{219, "Unpack4x8", 6, 6, 0},
	{220, "Pack4x8", 6, 6, 0},
	{221, "IsHelperLane", 6, 6, 0},
	{222, "QuadVote", 6, 7, dxStagesDerivatives},
	{223, "TextureGatherRaw", 6, 7, 0},
	{224, "SampleCmpLevel", 6, 7, 0},
	{225, "TextureStoreSample", 6, 7, 0},
	{226, "Reserved0", 6, 8, 0},
	{227, "Reserved1", 6, 8, 0},
	{228, "Reserved2", 6, 8, 0},
	{229, "Reserved3", 6, 8, 0},
	{230, "Reserved4", 6, 8, 0},
	{231, "Reserved5", 6, 8, 0},
	{232, "Reserved6", 6, 8, 0},
	{233, "Reserved7", 6, 8, 0},
	{234, "Reserved8", 6, 8, 0},
	{235, "Reserved9", 6, 8, 0},
	{236, "Reserved10", 6, 8, 0},
	{237, "Reserved11", 6, 8, 0},
	{238, "AllocateNodeOutputRecords", 6, 8, dxStage(dxKindNode)},
	{239, "GetNodeRecordPtr", 6, 8, dxStage(dxKindNode)},
	{240, "IncrementOutputCount", 6, 8, dxStage(dxKindNode)},
	{241, "OutputComplete", 6, 8, dxStage(dxKindNode)},
	{242, "GetInputRecordCount", 6, 8, dxStage(dxKindNode)},
	{243, "FinishedCrossGroupSharing", 6, 8, dxStage(dxKindNode)},
	{244, "BarrierByMemoryType", 6, 8, 0},
	{245, "BarrierByMemoryHandle", 6, 8, 0},
	{246, "BarrierByNodeRecordHandle", 6, 8, dxStage(dxKindNode)},
	{247, "CreateNodeOutputHandle", 6, 8, dxStage(dxKindNode)},
	{248, "IndexNodeHandle", 6, 8, dxStage(dxKindNode)},
	{249, "AnnotateNodeHandle", 6, 8, dxStage(dxKindNode)},
	{250, "CreateNodeInputRecordHandle", 6, 8, dxStage(dxKindNode)},
	{251, "AnnotateNodeRecordHandle", 6, 8, dxStage(dxKindNode)},
	{252, "NodeOutputIsValid", 6, 8, dxStage(dxKindNode)},
	{253, "GetRemainingRecursionLevels", 6, 8, dxStage(dxKindNode)},
	{254, "SampleCmpGrad", 6, 8, 0},
	{255, "SampleCmpBias", 6, 8, dxStagesDerivatives},
	{256, "StartVertexLocation", 6, 8, dxStage(dxKindVertex)},
	{257, "StartInstanceLocation", 6, 8, dxStage(dxKindVertex)},
	{258, "AllocateRayQuery2", 6, 9, 0},
	{259, "ReservedA0", 6, 9, 0},
	{260, "ReservedA1", 6, 9, 0},
	{261, "ReservedA2", 6, 9, 0},
	{262, "HitObject_TraceRay", 6, 9, dxStagesHitObject},
	{263, "HitObject_FromRayQuery", 6, 9, dxStagesHitObject},
	{264, "HitObject_FromRayQueryWithAttrs", 6, 9, dxStagesHitObject},
	{265, "HitObject_MakeMiss", 6, 9, dxStagesHitObject},
	{266, "HitObject_MakeNop", 6, 9, dxStagesHitObject},
	{267, "HitObject_Invoke", 6, 9, dxStagesHitObject},
	{268, "MaybeReorderThread", 6, 9, dxStage(dxKindLibrary) | dxStage(dxKindRayGeneration)},
	{269, "HitObject_IsMiss", 6, 9, dxStagesHitObject},
	{270, "HitObject_IsHit", 6, 9, dxStagesHitObject},
	{271, "HitObject_IsNop", 6, 9, dxStagesHitObject},
	{272, "HitObject_RayFlags", 6, 9, dxStagesHitObject},
	{273, "HitObject_RayTMin", 6, 9, dxStagesHitObject},
	{274, "HitObject_RayTCurrent", 6, 9, dxStagesHitObject},
	{275, "HitObject_WorldRayOrigin", 6, 9, dxStagesHitObject},
	{276, "HitObject_WorldRayDirection", 6, 9, dxStagesHitObject},
	{277, "HitObject_ObjectRayOrigin", 6, 9, dxStagesHitObject},
	{278, "HitObject_ObjectRayDirection", 6, 9, dxStagesHitObject},
	{279, "HitObject_ObjectToWorld3x4", 6, 9, dxStagesHitObject},
	{280, "HitObject_WorldToObject3x4", 6, 9, dxStagesHitObject},
	{281, "HitObject_GeometryIndex", 6, 9, dxStagesHitObject},
	{282, "HitObject_InstanceIndex", 6, 9, dxStagesHitObject},
	{283, "HitObject_InstanceID", 6, 9, dxStagesHitObject},
	{284, "HitObject_PrimitiveIndex", 6, 9, dxStagesHitObject},
	{285, "HitObject_HitKind", 6, 9, dxStagesHitObject},
	{286, "HitObject_ShaderTableIndex", 6, 9, dxStagesHitObject},
	{287, "HitObject_SetShaderTableIndex", 6, 9, dxStagesHitObject},
	{288, "HitObject_LoadLocalRootTableConstant", 6, 9, dxStagesHitObject},
	{289, "HitObject_Attributes", 6, 9, dxStagesHitObject},
	{290, "ReservedB28", 6, 9, 0},
	{291, "ReservedB29", 6, 9, 0},
	{292, "ReservedB30", 6, 9, 0},
	{293, "ReservedC0", 6, 9, 0},
	{294, "ReservedC1", 6, 9, 0},
	{295, "ReservedC2", 6, 9, 0},
	{296, "ReservedC3", 6, 9, 0},
	{297, "ReservedC4", 6, 9, 0},
	{298, "ReservedC5", 6, 9, 0},
	{299, "ReservedC6", 6, 9, 0},
	{300, "ReservedC7", 6, 9, 0},
	{301, "ReservedC8", 6, 9, 0},
	{302, "ReservedC9", 6, 9, 0},
	{303, "RawBufferVectorLoad", 6, 9, 0},
	{304, "RawBufferVectorStore", 6, 9, 0},
	{305, "ReservedD0", 6, 9, 0},
	{306, "ReservedD1", 6, 9, 0},
	{307, "ReservedD2", 6, 9, 0},
	{308, "ReservedD3", 6, 9, 0},
	{309, "VectorReduceAnd", 6, 9, 0},
	{310, "VectorReduceOr", 6, 9, 0},
	{311, "FDot", 6, 9, 0},
	{2147483648, "ExperimentalNop", 6, 10, 0},
	{2147483649, "GetGroupWaveIndex", 6, 10, dxStagesThreadGroup},
	{2147483650, "GetGroupWaveCount", 6, 10, dxStagesThreadGroup},
	{2147483651, "ClusterID", 6, 10, dxStage(dxKindLibrary) | dxStage(dxKindAnyHit) | dxStage(dxKindClosestHit)},
	{2147483652, "RayQuery_CandidateClusterID", 6, 10, 0},
	{2147483653, "RayQuery_CommittedClusterID", 6, 10, 0},
	{2147483654, "HitObject_ClusterID", 6, 10, dxStagesHitObject},
	{2147483655, "TriangleObjectPosition", 6, 10, dxStage(dxKindLibrary) | dxStage(dxKindAnyHit) | dxStage(dxKindClosestHit)},
	{2147483656, "RayQuery_CandidateTriangleObjectPosition", 6, 10, 0},
	{2147483657, "RayQuery_CommittedTriangleObjectPosition", 6, 10, 0},
	{2147483658, "HitObject_TriangleObjectPosition", 6, 10, dxStagesHitObject},
	{2147483659, "LinAlgMatrixMultiplyAccumulate", 6, 10, dxStage(dxKindCompute)},
	{2147483660, "LinAlgFillMatrix", 6, 10, dxStage(dxKindCompute)},
	{2147483661, "LinAlgCopyConvertMatrix", 6, 10, dxStage(dxKindCompute)},
	{2147483662, "LinAlgMatrixLoadFromDescriptor", 6, 10, 0},
	{2147483663, "LinAlgMatrixLoadFromMemory", 6, 10, dxStage(dxKindCompute)},
	{2147483664, "LinAlgMatrixLength", 6, 10, dxStage(dxKindCompute)},
	{2147483665, "LinAlgMatrixGetCoordinate", 6, 10, dxStage(dxKindCompute)},
	{2147483666, "LinAlgMatrixGetElement", 6, 10, dxStage(dxKindCompute)},
	{2147483667, "LinAlgMatrixSetElement", 6, 10, dxStage(dxKindCompute)},
	{2147483668, "LinAlgMatrixStoreToDescriptor", 6, 10, dxStage(dxKindCompute)},
	{2147483669, "LinAlgMatrixStoreToMemory", 6, 10, dxStage(dxKindCompute)},
	{2147483670, "LinAlgMatrixQueryAccumulatorLayout", 6, 10, 0},
	{2147483671, "LinAlgMatrixMultiply", 6, 10, dxStage(dxKindCompute)},
	{2147483672, "LinAlgMatrixAccumulate", 6, 10, dxStage(dxKindCompute)},
	{2147483673, "LinAlgMatVecMul", 6, 10, 0},
	{2147483674, "LinAlgMatVecMulAdd", 6, 10, 0},
	{2147483675, "LinAlgMatrixAccumulateToDescriptor", 6, 10, 0},
	{2147483676, "LinAlgMatrixAccumulateToMemory", 6, 10, dxStage(dxKindCompute)},
	{2147483677, "LinAlgMatrixOuterProduct", 6, 10, 0},
	{2147483678, "LinAlgConvert", 6, 10, 0},
	{2147483679, "LinAlgVectorAccumulateToDescriptor", 6, 10, 0},
	{2147483680, "ReservedE0", 6, 0, 0},
	{2147483681, "DebugBreak", 6, 10, 0},
	{2147483682, "IsDebuggingEnabled", 6, 10, 0},
}

var dxOpIndex = func() map[uint32]int {
	m := make(map[uint32]int, len(dxOpTable))
	for i, o := range dxOpTable {
		m[o.Opcode] = i
	}
	return m
}()

func dxOpLookup(op uint32) (dxOpInfo, bool) {
	i, ok := dxOpIndex[op]
	if !ok {
		return dxOpInfo{}, false
	}
	return dxOpTable[i], true
}

// DXOpName returns DXC's name of a dx.op opcode ("StoreOutput"), or "DXOp(N)" when DXC defines none.
func DXOpName(op uint32) string {
	if o, ok := dxOpLookup(op); ok {
		return o.Name
	}
	return fmt.Sprintf("DXOp(%d)", op)
}
