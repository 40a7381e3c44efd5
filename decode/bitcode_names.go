package decode

import (
	"fmt"
	"iter"

	"github.com/dxscope/dxscope/decode/llvm/bitstream"
)

// Block and record names as llvm-bcanalyzer prints them, for the codes the
// LLVM 3.7 writer in DXC uses (LLVMBitCodes.h). Where LLVM later renamed a
// code for a format DXIL never uses, the 3.7 name is kept (METADATA code 1 is
// "STRING" here, "STRING_OLD" in LLVM 19).

var bcBlockNames = map[uint32]string{
	0: "BLOCKINFO_BLOCK", 8: "MODULE_BLOCK", 9: "PARAMATTR_BLOCK", 10: "PARAMATTR_GROUP_BLOCK_ID",
	11: "CONSTANTS_BLOCK", 12: "FUNCTION_BLOCK", 13: "IDENTIFICATION_BLOCK_ID", 14: "VALUE_SYMTAB",
	15: "METADATA_BLOCK", 16: "METADATA_ATTACHMENT_BLOCK", 17: "TYPE_BLOCK_ID", 18: "USELIST_BLOCK_ID",
	19: "MODULE_STRTAB_BLOCK", 20: "GLOBALVAL_SUMMARY_BLOCK", 21: "OPERAND_BUNDLE_TAGS_BLOCK",
	22: "METADATA_KIND_BLOCK", 23: "STRTAB_BLOCK", 24: "FULL_LTO_GLOBALVAL_SUMMARY_BLOCK",
	25: "SYMTAB_BLOCK", 26: "SYNC_SCOPE_NAMES_BLOCK",
}

// Block ids used by the module reader.
const (
	blockInfoID     = 0
	blockModule     = 8
	blockParamAttr  = 9
	blockConstants  = 11
	blockFunction   = 12
	blockIdent      = 13
	blockValueSym   = 14
	blockMetadata   = 15
	blockMDAttach   = 16
	blockType       = 17
	blockMetadataKd = 22
)

func blockName(id uint32) string {
	if n, ok := bcBlockNames[id]; ok {
		return n
	}
	return fmt.Sprintf("BLOCK%d", id)
}

var bcRecordNames = map[uint32]map[uint32]string{
	0: {1: "SETBID", 2: "BLOCKNAME", 3: "SETRECORDNAME"},
	8: {1: "VERSION", 2: "TRIPLE", 3: "DATALAYOUT", 4: "ASM", 5: "SECTIONNAME", 6: "DEPLIB", 7: "GLOBALVAR",
		8: "FUNCTION", 9: "ALIAS_OLD", 11: "GCNAME", 12: "COMDAT", 13: "VSTOFFSET", 14: "ALIAS",
		15: "METADATA_VALUES_UNUSED", 16: "SOURCE_FILENAME", 17: "HASH"},
	9:  {1: "ENTRY", 2: "ENTRY"},
	10: {3: "ENTRY"},
	13: {1: "STRING", 2: "EPOCH"},
	17: {1: "NUMENTRY", 2: "VOID", 3: "FLOAT", 4: "DOUBLE", 5: "LABEL", 6: "OPAQUE", 7: "INTEGER", 8: "POINTER",
		9: "FUNCTION_OLD", 10: "HALF", 11: "ARRAY", 12: "VECTOR", 13: "X86_FP80", 14: "FP128", 15: "PPC_FP128",
		16: "METADATA", 17: "X86_MMX", 18: "STRUCT_ANON", 19: "STRUCT_NAME", 20: "STRUCT_NAMED", 21: "FUNCTION",
		22: "TOKEN", 23: "BFLOAT"},
	11: {1: "SETTYPE", 2: "NULL", 3: "UNDEF", 4: "INTEGER", 5: "WIDE_INTEGER", 6: "FLOAT", 7: "AGGREGATE",
		8: "STRING", 9: "CSTRING", 10: "CE_BINOP", 11: "CE_CAST", 12: "CE_GEP", 13: "CE_SELECT",
		14: "CE_EXTRACTELT", 15: "CE_INSERTELT", 16: "CE_SHUFFLEVEC", 17: "CE_CMP", 18: "INLINEASM_OLD",
		19: "CE_SHUFVEC_EX", 20: "CE_INBOUNDS_GEP", 21: "CST_CODE_BLOCKADDRESS", 22: "DATA", 23: "INLINEASM"},
	12: {1: "DECLAREBLOCKS", 2: "INST_BINOP", 3: "INST_CAST", 4: "INST_GEP_OLD", 5: "INST_SELECT",
		6: "INST_EXTRACTELT", 7: "INST_INSERTELT", 8: "INST_SHUFFLEVEC", 9: "INST_CMP", 10: "INST_RET",
		11: "INST_BR", 12: "INST_SWITCH", 13: "INST_INVOKE", 15: "INST_UNREACHABLE", 16: "INST_PHI",
		19: "INST_ALLOCA", 20: "INST_LOAD", 23: "INST_VAARG", 24: "INST_STORE_OLD", 26: "INST_EXTRACTVAL",
		27: "INST_INSERTVAL", 28: "INST_CMP2", 29: "INST_VSELECT", 30: "INST_INBOUNDS_GEP_OLD",
		31: "INST_INDIRECTBR", 33: "DEBUG_LOC_AGAIN", 34: "INST_CALL", 35: "DEBUG_LOC", 36: "INST_FENCE",
		37: "INST_CMPXCHG_OLD", 38: "INST_ATOMICRMW", 39: "INST_RESUME", 40: "INST_LANDINGPAD_OLD",
		41: "INST_LOADATOMIC", 42: "INST_STOREATOMIC_OLD", 43: "INST_GEP", 44: "INST_STORE",
		45: "INST_STOREATOMIC", 46: "INST_CMPXCHG", 47: "INST_LANDINGPAD"},
	14: {1: "ENTRY", 2: "BBENTRY", 3: "FNENTRY", 5: "COMBINED_ENTRY"},
	15: {1: "STRING", 2: "VALUE", 3: "NODE", 4: "NAME", 5: "DISTINCT_NODE", 6: "KIND", 7: "LOCATION",
		8: "OLD_NODE", 9: "OLD_FN_NODE", 10: "NAMED_NODE", 11: "ATTACHMENT", 12: "GENERIC_DEBUG",
		13: "SUBRANGE", 14: "ENUMERATOR", 15: "BASIC_TYPE", 16: "FILE", 17: "DERIVED_TYPE",
		18: "COMPOSITE_TYPE", 19: "SUBROUTINE_TYPE", 20: "COMPILE_UNIT", 21: "SUBPROGRAM",
		22: "LEXICAL_BLOCK", 23: "LEXICAL_BLOCK_FILE", 24: "NAMESPACE", 25: "TEMPLATE_TYPE",
		26: "TEMPLATE_VALUE", 27: "GLOBAL_VAR", 28: "LOCAL_VAR", 29: "EXPRESSION", 30: "OBJC_PROPERTY",
		31: "IMPORTED_ENTITY", 32: "MODULE", 33: "MACRO", 34: "MACRO_FILE", 35: "STRINGS"},
	16: {11: "ATTACHMENT"},
	18: {1: "USELIST_CODE_DEFAULT", 2: "USELIST_CODE_BB"},
	22: {6: "KIND"},
}

func recordName(block, code uint32) string {
	if n, ok := bcRecordNames[block][code]; ok {
		return n
	}
	return fmt.Sprintf("CODE%d", code)
}

// functionBlocks yields a module block's FUNCTION_BLOCKs numbered in order:
// the k-th holds the body of the k-th function defined with one.
func functionBlocks(b *bitstream.Block) iter.Seq2[int, *bitstream.Block] {
	return func(yield func(int, *bitstream.Block) bool) {
		k := 0
		for _, sb := range b.Blocks {
			if sb.ID != blockFunction {
				continue
			}
			if !yield(k, sb) {
				return
			}
			k++
		}
	}
}

// constants yields the records of a CONSTANTS_BLOCK but SETTYPE, each with
// the type the SETTYPE before it set (NoType before the first).
func constants(b *bitstream.Block) iter.Seq2[uint32, bitstream.Record] {
	return func(yield func(uint32, bitstream.Record) bool) {
		cur := NoType
		for _, rec := range b.Records {
			if rec.Code == 1 { // SETTYPE
				if len(rec.Ops) > 0 {
					cur = uint32(rec.Ops[0])
				}
				continue
			}
			if !yield(cur, rec) {
				return
			}
		}
	}
}
