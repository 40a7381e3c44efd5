package ir

import "fmt"

// LLVM's block ids and record codes (llvm/Bitcode/LLVMBitCodes.h), each
// named as LLVM names it in Go's spelling: MODULE_CODE_GLOBALVAR is
// ModuleCodeGlobalVar, FUNC_CODE_INST_CALL is FuncCodeInstCall,
// METADATA_LOCATION is MetadataLocation. The values are those of LLVM 3.7,
// the version DXIL freezes; codes later versions added are named where a
// reader may meet them.

// Block ids (enum BlockIDs; 0 to 7 are the bitstream's own).
const (
	ModuleBlockID              = 8
	ParamAttrBlockID           = 9
	ParamAttrGroupBlockID      = 10
	ConstantsBlockID           = 11
	FunctionBlockID            = 12
	IdentificationBlockID      = 13
	ValueSymtabBlockID         = 14
	MetadataBlockID            = 15
	MetadataAttachmentID       = 16
	TypeBlockIDNew             = 17
	UselistBlockID             = 18
	ModuleStrtabBlockID        = 19
	GlobalValSummaryBlockID    = 20
	OperandBundleTagsBlockID   = 21
	MetadataKindBlockID        = 22
	StrtabBlockID              = 23
	FullLTOGlobalValSummaryID  = 24
	SymtabBlockID              = 25
	SyncScopeNamesBlockID      = 26
	blockInfoID                = 0 // the bitstream's BLOCKINFO, named here for BlockName
	blockInfoCodeSetBID        = 1
	blockInfoCodeBlockName     = 2
	blockInfoCodeSetRecordName = 3
)

// IDENTIFICATION_BLOCK codes.
const (
	IdentificationCodeString = 1
	IdentificationCodeEpoch  = 2
)

// MODULE_BLOCK codes.
const (
	ModuleCodeVersion              = 1
	ModuleCodeTriple               = 2
	ModuleCodeDataLayout           = 3
	ModuleCodeAsm                  = 4
	ModuleCodeSectionName          = 5
	ModuleCodeDepLib               = 6
	ModuleCodeGlobalVar            = 7
	ModuleCodeFunction             = 8
	ModuleCodeAliasOld             = 9
	ModuleCodeGCName               = 11
	ModuleCodeComdat               = 12
	ModuleCodeVSTOffset            = 13
	ModuleCodeAlias                = 14
	ModuleCodeMetadataValuesUnused = 15
	ModuleCodeSourceFilename       = 16
	ModuleCodeHash                 = 17
)

// PARAMATTR_BLOCK and PARAMATTR_GROUP_BLOCK codes.
const (
	ParamAttrCodeEntryOld = 1
	ParamAttrCodeEntry    = 2
	ParamAttrGrpCodeEntry = 3
)

// TYPE_BLOCK codes.
const (
	TypeCodeNumEntry    = 1
	TypeCodeVoid        = 2
	TypeCodeFloat       = 3
	TypeCodeDouble      = 4
	TypeCodeLabel       = 5
	TypeCodeOpaque      = 6
	TypeCodeInteger     = 7
	TypeCodePointer     = 8
	TypeCodeFunctionOld = 9
	TypeCodeHalf        = 10
	TypeCodeArray       = 11
	TypeCodeVector      = 12
	TypeCodeX86FP80     = 13
	TypeCodeFP128       = 14
	TypeCodePPCFP128    = 15
	TypeCodeMetadata    = 16
	TypeCodeX86MMX      = 17
	TypeCodeStructAnon  = 18
	TypeCodeStructName  = 19
	TypeCodeStructNamed = 20
	TypeCodeFunction    = 21
	TypeCodeToken       = 22
	TypeCodeBFloat      = 23
)

// CONSTANTS_BLOCK codes.
const (
	CstCodeSetType             = 1
	CstCodeNull                = 2
	CstCodeUndef               = 3
	CstCodeInteger             = 4
	CstCodeWideInteger         = 5
	CstCodeFloat               = 6
	CstCodeAggregate           = 7
	CstCodeString              = 8
	CstCodeCString             = 9
	CstCodeCEBinop             = 10
	CstCodeCECast              = 11
	CstCodeCEGEP               = 12
	CstCodeCESelect            = 13
	CstCodeCEExtractElt        = 14
	CstCodeCEInsertElt         = 15
	CstCodeCEShuffleVec        = 16
	CstCodeCECmp               = 17
	CstCodeInlineAsmOld        = 18
	CstCodeCEShufVecEx         = 19
	CstCodeCEInboundsGEP       = 20
	CstCodeBlockAddress        = 21
	CstCodeData                = 22
	CstCodeInlineAsm           = 23
	CstCodeCEGEPWithInrangeIdx = 24
)

// FUNCTION_BLOCK codes.
const (
	FuncCodeDeclareBlocks      = 1
	FuncCodeInstBinop          = 2
	FuncCodeInstCast           = 3
	FuncCodeInstGEPOld         = 4
	FuncCodeInstSelect         = 5
	FuncCodeInstExtractElt     = 6
	FuncCodeInstInsertElt      = 7
	FuncCodeInstShuffleVec     = 8
	FuncCodeInstCmp            = 9
	FuncCodeInstRet            = 10
	FuncCodeInstBr             = 11
	FuncCodeInstSwitch         = 12
	FuncCodeInstInvoke         = 13
	FuncCodeInstUnreachable    = 15
	FuncCodeInstPhi            = 16
	FuncCodeInstAlloca         = 19
	FuncCodeInstLoad           = 20
	FuncCodeInstVAArg          = 23
	FuncCodeInstStoreOld       = 24
	FuncCodeInstExtractVal     = 26
	FuncCodeInstInsertVal      = 27
	FuncCodeInstCmp2           = 28
	FuncCodeInstVSelect        = 29
	FuncCodeInstInboundsGEPOld = 30
	FuncCodeInstIndirectBr     = 31
	FuncCodeDebugLocAgain      = 33
	FuncCodeInstCall           = 34
	FuncCodeDebugLoc           = 35
	FuncCodeInstFence          = 36
	FuncCodeInstCmpXchgOld     = 37
	FuncCodeInstAtomicRMW      = 38
	FuncCodeInstResume         = 39
	FuncCodeInstLandingPadOld  = 40
	FuncCodeInstLoadAtomic     = 41
	FuncCodeInstStoreAtomicOld = 42
	FuncCodeInstGEP            = 43
	FuncCodeInstStore          = 44
	FuncCodeInstStoreAtomic    = 45
	FuncCodeInstCmpXchg        = 46
	FuncCodeInstLandingPad     = 47
)

// VALUE_SYMTAB_BLOCK codes.
const (
	VSTCodeEntry         = 1
	VSTCodeBBEntry       = 2
	VSTCodeFnEntry       = 3
	VSTCodeCombinedEntry = 5
)

// METADATA_BLOCK (and METADATA_ATTACHMENT, METADATA_KIND_BLOCK) codes.
// Code 1 is METADATA_STRING in LLVM 3.7 (METADATA_STRING_OLD since 4.0).
const (
	MetadataString           = 1
	MetadataValue            = 2
	MetadataNode             = 3
	MetadataName             = 4
	MetadataDistinctNode     = 5
	MetadataKind             = 6
	MetadataLocation         = 7
	MetadataOldNode          = 8
	MetadataOldFnNode        = 9
	MetadataNamedNode        = 10
	MetadataAttachment       = 11
	MetadataGenericDebug     = 12
	MetadataSubrange         = 13
	MetadataEnumerator       = 14
	MetadataBasicType        = 15
	MetadataFile             = 16
	MetadataDerivedType      = 17
	MetadataCompositeType    = 18
	MetadataSubroutineType   = 19
	MetadataCompileUnit      = 20
	MetadataSubprogram       = 21
	MetadataLexicalBlock     = 22
	MetadataLexicalBlockFile = 23
	MetadataNamespace        = 24
	MetadataTemplateType     = 25
	MetadataTemplateValue    = 26
	MetadataGlobalVar        = 27
	MetadataLocalVar         = 28
	MetadataExpression       = 29
	MetadataObjCProperty     = 30
	MetadataImportedEntity   = 31
	MetadataModule           = 32
	MetadataMacro            = 33
	MetadataMacroFile        = 34
	MetadataStrings          = 35
)

// USELIST_BLOCK codes.
const (
	UselistCodeDefault = 1
	UselistCodeBB      = 2
)

// Block and record names as llvm-bcanalyzer prints them, for the codes the
// LLVM 3.7 writer in DXC uses. Where LLVM later renamed a code for a format
// DXIL never uses, the 3.7 name is kept (METADATA code 1 is "STRING" here,
// "STRING_OLD" in LLVM 19).

var blockNames = map[uint32]string{
	blockInfoID: "BLOCKINFO_BLOCK", ModuleBlockID: "MODULE_BLOCK", ParamAttrBlockID: "PARAMATTR_BLOCK",
	ParamAttrGroupBlockID: "PARAMATTR_GROUP_BLOCK_ID", ConstantsBlockID: "CONSTANTS_BLOCK", FunctionBlockID: "FUNCTION_BLOCK",
	IdentificationBlockID: "IDENTIFICATION_BLOCK_ID", ValueSymtabBlockID: "VALUE_SYMTAB", MetadataBlockID: "METADATA_BLOCK",
	MetadataAttachmentID: "METADATA_ATTACHMENT_BLOCK", TypeBlockIDNew: "TYPE_BLOCK_ID", UselistBlockID: "USELIST_BLOCK_ID",
	ModuleStrtabBlockID: "MODULE_STRTAB_BLOCK", GlobalValSummaryBlockID: "GLOBALVAL_SUMMARY_BLOCK",
	OperandBundleTagsBlockID: "OPERAND_BUNDLE_TAGS_BLOCK", MetadataKindBlockID: "METADATA_KIND_BLOCK",
	StrtabBlockID: "STRTAB_BLOCK", FullLTOGlobalValSummaryID: "FULL_LTO_GLOBALVAL_SUMMARY_BLOCK",
	SymtabBlockID: "SYMTAB_BLOCK", SyncScopeNamesBlockID: "SYNC_SCOPE_NAMES_BLOCK",
}

// BlockName names a block id as llvm-bcanalyzer does ("BLOCK%d" when LLVM names none).
func BlockName(id uint32) string {
	if n, ok := blockNames[id]; ok {
		return n
	}
	return fmt.Sprintf("BLOCK%d", id)
}

// recordNames is a table, not a map literal: Go builds a map literal with code
// run at start (22 KB of wasm for this one), a table of constants is data.
var recordNames = []struct {
	block, code uint32
	name        string
}{
	{blockInfoID, blockInfoCodeSetBID, "SETBID"}, {blockInfoID, blockInfoCodeBlockName, "BLOCKNAME"},
	{blockInfoID, blockInfoCodeSetRecordName, "SETRECORDNAME"},
	{ModuleBlockID, ModuleCodeVersion, "VERSION"}, {ModuleBlockID, ModuleCodeTriple, "TRIPLE"},
	{ModuleBlockID, ModuleCodeDataLayout, "DATALAYOUT"}, {ModuleBlockID, ModuleCodeAsm, "ASM"},
	{ModuleBlockID, ModuleCodeSectionName, "SECTIONNAME"}, {ModuleBlockID, ModuleCodeDepLib, "DEPLIB"},
	{ModuleBlockID, ModuleCodeGlobalVar, "GLOBALVAR"}, {ModuleBlockID, ModuleCodeFunction, "FUNCTION"},
	{ModuleBlockID, ModuleCodeAliasOld, "ALIAS_OLD"}, {ModuleBlockID, ModuleCodeGCName, "GCNAME"},
	{ModuleBlockID, ModuleCodeComdat, "COMDAT"}, {ModuleBlockID, ModuleCodeVSTOffset, "VSTOFFSET"},
	{ModuleBlockID, ModuleCodeAlias, "ALIAS"}, {ModuleBlockID, ModuleCodeMetadataValuesUnused, "METADATA_VALUES_UNUSED"},
	{ModuleBlockID, ModuleCodeSourceFilename, "SOURCE_FILENAME"}, {ModuleBlockID, ModuleCodeHash, "HASH"},
	{ParamAttrBlockID, ParamAttrCodeEntryOld, "ENTRY"}, {ParamAttrBlockID, ParamAttrCodeEntry, "ENTRY"},
	{ParamAttrGroupBlockID, ParamAttrGrpCodeEntry, "ENTRY"},
	{IdentificationBlockID, IdentificationCodeString, "STRING"},
	{IdentificationBlockID, IdentificationCodeEpoch, "EPOCH"},
	{TypeBlockIDNew, TypeCodeNumEntry, "NUMENTRY"}, {TypeBlockIDNew, TypeCodeVoid, "VOID"},
	{TypeBlockIDNew, TypeCodeFloat, "FLOAT"}, {TypeBlockIDNew, TypeCodeDouble, "DOUBLE"},
	{TypeBlockIDNew, TypeCodeLabel, "LABEL"}, {TypeBlockIDNew, TypeCodeOpaque, "OPAQUE"},
	{TypeBlockIDNew, TypeCodeInteger, "INTEGER"}, {TypeBlockIDNew, TypeCodePointer, "POINTER"},
	{TypeBlockIDNew, TypeCodeFunctionOld, "FUNCTION_OLD"}, {TypeBlockIDNew, TypeCodeHalf, "HALF"},
	{TypeBlockIDNew, TypeCodeArray, "ARRAY"}, {TypeBlockIDNew, TypeCodeVector, "VECTOR"},
	{TypeBlockIDNew, TypeCodeX86FP80, "X86_FP80"}, {TypeBlockIDNew, TypeCodeFP128, "FP128"},
	{TypeBlockIDNew, TypeCodePPCFP128, "PPC_FP128"}, {TypeBlockIDNew, TypeCodeMetadata, "METADATA"},
	{TypeBlockIDNew, TypeCodeX86MMX, "X86_MMX"}, {TypeBlockIDNew, TypeCodeStructAnon, "STRUCT_ANON"},
	{TypeBlockIDNew, TypeCodeStructName, "STRUCT_NAME"}, {TypeBlockIDNew, TypeCodeStructNamed, "STRUCT_NAMED"},
	{TypeBlockIDNew, TypeCodeFunction, "FUNCTION"}, {TypeBlockIDNew, TypeCodeToken, "TOKEN"},
	{TypeBlockIDNew, TypeCodeBFloat, "BFLOAT"},
	{ConstantsBlockID, CstCodeSetType, "SETTYPE"}, {ConstantsBlockID, CstCodeNull, "NULL"},
	{ConstantsBlockID, CstCodeUndef, "UNDEF"}, {ConstantsBlockID, CstCodeInteger, "INTEGER"},
	{ConstantsBlockID, CstCodeWideInteger, "WIDE_INTEGER"}, {ConstantsBlockID, CstCodeFloat, "FLOAT"},
	{ConstantsBlockID, CstCodeAggregate, "AGGREGATE"}, {ConstantsBlockID, CstCodeString, "STRING"},
	{ConstantsBlockID, CstCodeCString, "CSTRING"}, {ConstantsBlockID, CstCodeCEBinop, "CE_BINOP"},
	{ConstantsBlockID, CstCodeCECast, "CE_CAST"}, {ConstantsBlockID, CstCodeCEGEP, "CE_GEP"},
	{ConstantsBlockID, CstCodeCESelect, "CE_SELECT"}, {ConstantsBlockID, CstCodeCEExtractElt, "CE_EXTRACTELT"},
	{ConstantsBlockID, CstCodeCEInsertElt, "CE_INSERTELT"}, {ConstantsBlockID, CstCodeCEShuffleVec, "CE_SHUFFLEVEC"},
	{ConstantsBlockID, CstCodeCECmp, "CE_CMP"}, {ConstantsBlockID, CstCodeInlineAsmOld, "INLINEASM_OLD"},
	{ConstantsBlockID, CstCodeCEShufVecEx, "CE_SHUFVEC_EX"}, {ConstantsBlockID, CstCodeCEInboundsGEP, "CE_INBOUNDS_GEP"},
	{ConstantsBlockID, CstCodeBlockAddress, "CST_CODE_BLOCKADDRESS"}, {ConstantsBlockID, CstCodeData, "DATA"},
	{ConstantsBlockID, CstCodeInlineAsm, "INLINEASM"},
	{FunctionBlockID, FuncCodeDeclareBlocks, "DECLAREBLOCKS"}, {FunctionBlockID, FuncCodeInstBinop, "INST_BINOP"},
	{FunctionBlockID, FuncCodeInstCast, "INST_CAST"}, {FunctionBlockID, FuncCodeInstGEPOld, "INST_GEP_OLD"},
	{FunctionBlockID, FuncCodeInstSelect, "INST_SELECT"}, {FunctionBlockID, FuncCodeInstExtractElt, "INST_EXTRACTELT"},
	{FunctionBlockID, FuncCodeInstInsertElt, "INST_INSERTELT"},
	{FunctionBlockID, FuncCodeInstShuffleVec, "INST_SHUFFLEVEC"}, {FunctionBlockID, FuncCodeInstCmp, "INST_CMP"},
	{FunctionBlockID, FuncCodeInstRet, "INST_RET"}, {FunctionBlockID, FuncCodeInstBr, "INST_BR"},
	{FunctionBlockID, FuncCodeInstSwitch, "INST_SWITCH"}, {FunctionBlockID, FuncCodeInstInvoke, "INST_INVOKE"},
	{FunctionBlockID, FuncCodeInstUnreachable, "INST_UNREACHABLE"}, {FunctionBlockID, FuncCodeInstPhi, "INST_PHI"},
	{FunctionBlockID, FuncCodeInstAlloca, "INST_ALLOCA"}, {FunctionBlockID, FuncCodeInstLoad, "INST_LOAD"},
	{FunctionBlockID, FuncCodeInstVAArg, "INST_VAARG"}, {FunctionBlockID, FuncCodeInstStoreOld, "INST_STORE_OLD"},
	{FunctionBlockID, FuncCodeInstExtractVal, "INST_EXTRACTVAL"},
	{FunctionBlockID, FuncCodeInstInsertVal, "INST_INSERTVAL"}, {FunctionBlockID, FuncCodeInstCmp2, "INST_CMP2"},
	{FunctionBlockID, FuncCodeInstVSelect, "INST_VSELECT"},
	{FunctionBlockID, FuncCodeInstInboundsGEPOld, "INST_INBOUNDS_GEP_OLD"},
	{FunctionBlockID, FuncCodeInstIndirectBr, "INST_INDIRECTBR"},
	{FunctionBlockID, FuncCodeDebugLocAgain, "DEBUG_LOC_AGAIN"}, {FunctionBlockID, FuncCodeInstCall, "INST_CALL"},
	{FunctionBlockID, FuncCodeDebugLoc, "DEBUG_LOC"}, {FunctionBlockID, FuncCodeInstFence, "INST_FENCE"},
	{FunctionBlockID, FuncCodeInstCmpXchgOld, "INST_CMPXCHG_OLD"},
	{FunctionBlockID, FuncCodeInstAtomicRMW, "INST_ATOMICRMW"}, {FunctionBlockID, FuncCodeInstResume, "INST_RESUME"},
	{FunctionBlockID, FuncCodeInstLandingPadOld, "INST_LANDINGPAD_OLD"},
	{FunctionBlockID, FuncCodeInstLoadAtomic, "INST_LOADATOMIC"},
	{FunctionBlockID, FuncCodeInstStoreAtomicOld, "INST_STOREATOMIC_OLD"}, {FunctionBlockID, FuncCodeInstGEP, "INST_GEP"},
	{FunctionBlockID, FuncCodeInstStore, "INST_STORE"}, {FunctionBlockID, FuncCodeInstStoreAtomic, "INST_STOREATOMIC"},
	{FunctionBlockID, FuncCodeInstCmpXchg, "INST_CMPXCHG"}, {FunctionBlockID, FuncCodeInstLandingPad, "INST_LANDINGPAD"},
	{ValueSymtabBlockID, VSTCodeEntry, "ENTRY"}, {ValueSymtabBlockID, VSTCodeBBEntry, "BBENTRY"},
	{ValueSymtabBlockID, VSTCodeFnEntry, "FNENTRY"}, {ValueSymtabBlockID, VSTCodeCombinedEntry, "COMBINED_ENTRY"},
	{MetadataBlockID, MetadataString, "STRING"}, {MetadataBlockID, MetadataValue, "VALUE"},
	{MetadataBlockID, MetadataNode, "NODE"}, {MetadataBlockID, MetadataName, "NAME"},
	{MetadataBlockID, MetadataDistinctNode, "DISTINCT_NODE"}, {MetadataBlockID, MetadataKind, "KIND"},
	{MetadataBlockID, MetadataLocation, "LOCATION"}, {MetadataBlockID, MetadataOldNode, "OLD_NODE"},
	{MetadataBlockID, MetadataOldFnNode, "OLD_FN_NODE"}, {MetadataBlockID, MetadataNamedNode, "NAMED_NODE"},
	{MetadataBlockID, MetadataAttachment, "ATTACHMENT"}, {MetadataBlockID, MetadataGenericDebug, "GENERIC_DEBUG"},
	{MetadataBlockID, MetadataSubrange, "SUBRANGE"}, {MetadataBlockID, MetadataEnumerator, "ENUMERATOR"},
	{MetadataBlockID, MetadataBasicType, "BASIC_TYPE"}, {MetadataBlockID, MetadataFile, "FILE"},
	{MetadataBlockID, MetadataDerivedType, "DERIVED_TYPE"}, {MetadataBlockID, MetadataCompositeType, "COMPOSITE_TYPE"},
	{MetadataBlockID, MetadataSubroutineType, "SUBROUTINE_TYPE"}, {MetadataBlockID, MetadataCompileUnit, "COMPILE_UNIT"},
	{MetadataBlockID, MetadataSubprogram, "SUBPROGRAM"}, {MetadataBlockID, MetadataLexicalBlock, "LEXICAL_BLOCK"},
	{MetadataBlockID, MetadataLexicalBlockFile, "LEXICAL_BLOCK_FILE"}, {MetadataBlockID, MetadataNamespace, "NAMESPACE"},
	{MetadataBlockID, MetadataTemplateType, "TEMPLATE_TYPE"}, {MetadataBlockID, MetadataTemplateValue, "TEMPLATE_VALUE"},
	{MetadataBlockID, MetadataGlobalVar, "GLOBAL_VAR"}, {MetadataBlockID, MetadataLocalVar, "LOCAL_VAR"},
	{MetadataBlockID, MetadataExpression, "EXPRESSION"}, {MetadataBlockID, MetadataObjCProperty, "OBJC_PROPERTY"},
	{MetadataBlockID, MetadataImportedEntity, "IMPORTED_ENTITY"}, {MetadataBlockID, MetadataModule, "MODULE"},
	{MetadataBlockID, MetadataMacro, "MACRO"}, {MetadataBlockID, MetadataMacroFile, "MACRO_FILE"},
	{MetadataBlockID, MetadataStrings, "STRINGS"},
	{MetadataAttachmentID, MetadataAttachment, "ATTACHMENT"},
	{UselistBlockID, UselistCodeDefault, "USELIST_CODE_DEFAULT"}, {UselistBlockID, UselistCodeBB, "USELIST_CODE_BB"},
	{MetadataKindBlockID, MetadataKind, "KIND"},
}

// RecordName names a record code of a block as llvm-bcanalyzer does
// ("CODE%d" when LLVM names none).
func RecordName(block, code uint32) string {
	for _, r := range recordNames {
		if r.block == block && r.code == code {
			return r.name
		}
	}
	return fmt.Sprintf("CODE%d", code)
}
