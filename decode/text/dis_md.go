package text

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// Metadata as LLVM 3.7's assembly writer prints it: tuples, and each DI node
// with its fields in the writer's order, skipping the ones it skips.

var dwTags = map[uint64]string{0x01: "DW_TAG_array_type", 0x02: "DW_TAG_class_type", 0x04: "DW_TAG_enumeration_type",
	0x05: "DW_TAG_formal_parameter", 0x08: "DW_TAG_imported_declaration", 0x0b: "DW_TAG_lexical_block",
	0x0d: "DW_TAG_member", 0x0f: "DW_TAG_pointer_type", 0x10: "DW_TAG_reference_type", 0x11: "DW_TAG_compile_unit",
	0x13: "DW_TAG_structure_type", 0x15: "DW_TAG_subroutine_type", 0x16: "DW_TAG_typedef", 0x17: "DW_TAG_union_type",
	0x1c: "DW_TAG_inheritance", 0x1d: "DW_TAG_inlined_subroutine", 0x21: "DW_TAG_subrange_type", 0x24: "DW_TAG_base_type",
	0x26: "DW_TAG_const_type", 0x28: "DW_TAG_enumerator", 0x2e: "DW_TAG_subprogram", 0x2f: "DW_TAG_template_type_parameter",
	0x30: "DW_TAG_template_value_parameter", 0x34: "DW_TAG_variable", 0x35: "DW_TAG_volatile_type", 0x39: "DW_TAG_namespace",
	0x3a: "DW_TAG_imported_module", 0x3b: "DW_TAG_unspecified_type", 0x42: "DW_TAG_rvalue_reference_type",
	0x43: "DW_TAG_template_alias", 0x100: "DW_TAG_auto_variable", 0x101: "DW_TAG_arg_variable",
	0x4106: "DW_TAG_GNU_template_template_param", 0x4107: "DW_TAG_GNU_template_parameter_pack"}

var dwEncodings = map[uint64]string{0x01: "DW_ATE_address", 0x02: "DW_ATE_boolean", 0x03: "DW_ATE_complex_float",
	0x04: "DW_ATE_float", 0x05: "DW_ATE_signed", 0x06: "DW_ATE_signed_char", 0x07: "DW_ATE_unsigned",
	0x08: "DW_ATE_unsigned_char", 0x10: "DW_ATE_UTF"}

var dwLangs = map[uint64]string{0x01: "DW_LANG_C89", 0x02: "DW_LANG_C", 0x04: "DW_LANG_C_plus_plus", 0x0c: "DW_LANG_C99",
	0x1a: "DW_LANG_C_plus_plus_11", 0x1d: "DW_LANG_C11", 0x21: "DW_LANG_C_plus_plus_14"}

var dwOps = map[uint64]struct {
	name string
	args int
}{0x06: {"DW_OP_deref", 0}, 0x22: {"DW_OP_plus", 1}, 0x9d: {"DW_OP_bit_piece", 2}}

var diFlags = []struct {
	bit  uint64
	name string
}{{4, "DIFlagFwdDecl"}, {8, "DIFlagAppleBlock"}, {16, "DIFlagBlockByrefStruct"}, {32, "DIFlagVirtual"},
	{64, "DIFlagArtificial"}, {128, "DIFlagExplicit"}, {256, "DIFlagPrototyped"}, {512, "DIFlagObjcClassComplete"},
	{1024, "DIFlagObjectPointer"}, {2048, "DIFlagVector"}, {4096, "DIFlagStaticMember"},
	{8192, "DIFlagLValueReference"}, {16384, "DIFlagRValueReference"}}

func diFlagsText(f uint64) string {
	var parts []string
	switch f & 3 {
	case 1:
		parts = append(parts, "DIFlagPrivate")
	case 2:
		parts = append(parts, "DIFlagProtected")
	case 3:
		parts = append(parts, "DIFlagPublic")
	}
	f &^= 3
	for _, d := range diFlags {
		if f&d.bit != 0 {
			parts = append(parts, d.name)
			f &^= d.bit
		}
	}
	if f != 0 || len(parts) == 0 {
		parts = append(parts, strconv.FormatUint(f, 10))
	}
	return strings.Join(parts, " | ")
}

// mdRef prints a reference to metadata id as an operand.
func (p *printer) mdRef(f *decode.IRFunction, id uint32) string {
	e := p.m.MD(f, id)
	if e == nil {
		return "<badref>"
	}
	switch e.Code {
	case decode.MDString:
		return `!"` + escapeLL(e.Str) + `"`
	case decode.MDValue:
		return p.operandIn(f, e.Value, true)
	case decode.MDExpression:
		return p.mdBody(f, e)
	}
	if n, ok := p.mdSlot[id]; ok {
		return "!" + strconv.Itoa(n)
	}
	return "<badref>"
}

// mdOperand prints metadata passed as a call argument (after "metadata ").
func (p *printer) mdOperand(f *decode.IRFunction, id uint32) string { return p.mdRef(f, id) }

// operandIn prints a value as seen in function f (nil: module level).
func (p *printer) operandIn(f *decode.IRFunction, id uint32, typed bool) string {
	saved := p.f
	if f != nil {
		p.f = f
	}
	s := p.operand(id, typed)
	p.f = saved
	return s
}

// mdStr reads the string an id+1 operand refers to ("" for null).
func (p *printer) mdStr(f *decode.IRFunction, o []uint64, i int) string {
	if i >= len(o) || o[i] == 0 {
		return ""
	}
	if e := p.m.MD(f, uint32(o[i]-1)); e != nil && e.Code == decode.MDString {
		return e.Str
	}
	return ""
}

// diNodes are the specialized debug-info nodes LLVM 3.7's AsmWriter prints
// as !DIName(field: value, ...): each field as name:KindOperand, in the
// writer's order, with "?" where the writer leaves the field out at zero
// (null, an empty string, 0). Kinds: s string, r node reference, n number, i signed
// number, u signed number stored rotated, b boolean, f DIFlags, t DW_TAG
// ("t0!36": left out when it is 36, the node's default tag), A the argument
// number (left out at zero for an auto variable), and the enumerations left
// out at zero: e DW_ATE, l DW_LANG, v virtuality.
var diNodes = map[uint32]struct{ name, fields string }{
	decode.MDSubrange:      {"DISubrange", "count:i0 lowerBound:u1?"},
	decode.MDEnumerator:    {"DIEnumerator", "name:s1 value:u0"},
	decode.MDBasicType:     {"DIBasicType", "tag:t0!36 name:s1? size:n2? align:n3? encoding:e4"},
	decode.MDFile:          {"DIFile", "filename:s0 directory:s1"},
	decode.MDDerivedType:   {"DIDerivedType", "tag:t0 name:s1? scope:r4? file:r2? line:n3? baseType:r5 size:n6? align:n7? offset:n8? flags:f9 extraData:r10?"},
	decode.MDCompositeType: {"DICompositeType", "tag:t0 name:s1? scope:r4? file:r2? line:n3? baseType:r5? size:n6? align:n7? offset:n8? flags:f9 elements:r10? runtimeLang:l11 vtableHolder:r12? templateParams:r13? identifier:s14?"},
	decode.MDSubroutine:    {"DISubroutineType", "flags:f0 types:r1"},
	decode.MDCompileUnit: {"DICompileUnit", "language:l0 file:r1 producer:s2? isOptimized:b3 flags:s4? runtimeVersion:n5 splitDebugFilename:s6? " +
		"emissionKind:n7 enums:r8? retainedTypes:r9? subprograms:r10? globals:r11? imports:r12? dwoId:n13?"},
	decode.MDSubprogram: {"DISubprogram", "name:s1? linkageName:s2? scope:r0 file:r3? line:n4? type:r5? isLocal:b6 isDefinition:b7 scopeLine:n8? " +
		"containingType:r9? virtuality:v10 virtualIndex:n11? flags:f12 isOptimized:b13 function:r14? templateParams:r15? declaration:r16? variables:r17?"},
	decode.MDLexicalBlock:  {"DILexicalBlock", "scope:r0 file:r1? line:n2? column:n3?"},
	decode.MDLexicalFile:   {"DILexicalBlockFile", "scope:r0 file:r1? discriminator:n2"},
	decode.MDNamespace:     {"DINamespace", "name:s2? scope:r0 file:r1? line:n3?"},
	decode.MDTemplateType:  {"DITemplateTypeParameter", "name:s0? type:r1"},
	decode.MDTemplateValue: {"DITemplateValueParameter", "tag:t0!48 name:s1? type:r2? value:r3"},
	decode.MDGlobalVar:     {"DIGlobalVariable", "name:s1? linkageName:s2? scope:r0 file:r3? line:n4? type:r5? isLocal:b6 isDefinition:b7 variable:r8? declaration:r9?"},
	decode.MDLocalVar:      {"DILocalVariable", "tag:t0 name:s2? arg:A6 scope:r1 file:r3? line:n4? type:r5? flags:f7"},
	decode.MDImported:      {"DIImportedEntity", "tag:t0 name:s4? scope:r1 entity:r2? line:n3?"},
	decode.MDObjCProperty:  {"DIObjCProperty", "name:s0? file:r1? line:n2? setter:s4? getter:s3? attributes:n5? type:r6?"},
	decode.MDModule:        {"DIModule", "scope:r0 name:s1? configMacros:s2? includePath:s3? isysroot:s4?"},
}

// diEnums are the names of the enumerated kinds of diNodes.
var diEnums = map[byte]map[uint64]string{'e': dwEncodings, 'l': dwLangs,
	'v': {1: "DW_VIRTUALITY_virtual", 2: "DW_VIRTUALITY_pure_virtual"}}

// diFieldsText prints a node's fields as spec (a diNodes entry) says.
func (p *printer) diFieldsText(f *decode.IRFunction, ops []uint64, spec string) string {
	at := func(i int) uint64 {
		if i < len(ops) {
			return ops[i]
		}
		return 0
	}
	var out []string
	for _, field := range strings.Fields(spec) {
		name, rest, _ := strings.Cut(field, ":")
		kind, rest := rest[0], rest[1:]
		rest, optional := strings.CutSuffix(rest, "?")
		rest, dflt, hasDefault := strings.Cut(rest, "!")
		i, _ := strconv.Atoi(rest)
		v := at(i)
		if optional && v == 0 {
			continue
		}
		var text string
		switch kind {
		case 's':
			s := p.mdStr(f, ops, i)
			if optional && s == "" { // null, or a string that is empty
				continue
			}
			text = `"` + escapeLL(s) + `"`
		case 'r':
			text = "null"
			if v != 0 {
				text = p.mdRef(f, uint32(v-1))
			}
		case 'n':
			text = strconv.FormatUint(v, 10)
		case 'i':
			text = strconv.FormatInt(int64(v), 10)
		case 'u':
			text = strconv.FormatInt(unrotate(v), 10)
		case 'b':
			text = strconv.FormatBool(v&1 != 0)
		case 'f':
			if v == 0 {
				continue
			}
			text = diFlagsText(v)
		case 't':
			if d, _ := strconv.ParseUint(dflt, 10, 64); hasDefault && v == d {
				continue
			}
			text = dwTags[v]
			if text == "" {
				text = strconv.FormatUint(v, 10)
			}
		case 'A':
			if v == 0 && at(0) == 0x100 { // DW_TAG_auto_variable
				continue
			}
			text = strconv.FormatUint(v, 10)
		default: // an enumeration
			if v == 0 {
				continue
			}
			if text = diEnums[kind][v]; text == "" {
				text = strconv.FormatUint(v, 10)
			}
		}
		out = append(out, name+": "+text)
	}
	return strings.Join(out, ", ")
}

func unrotate(v uint64) int64 {
	if v&1 == 0 {
		return int64(v >> 1)
	}
	if v == 1 {
		return -1 << 63
	}
	return -int64(v >> 1)
}

// refOrNull is a node operand (an id+1) as a reference, or null.
func (p *printer) refOrNull(f *decode.IRFunction, op uint64) string {
	if op == 0 {
		return "null"
	}
	return p.mdRef(f, uint32(op-1))
}

// mdBody prints a node's body (what follows "!N = ").
func (p *printer) mdBody(f *decode.IRFunction, e *decode.IRMetadata) string {
	pre := ""
	if e.Distinct {
		pre = "distinct "
	}
	switch e.Code {
	case decode.MDNode:
		parts := make([]string, len(e.Ops))
		for i, op := range e.Ops {
			parts[i] = p.refOrNull(f, op)
		}
		return pre + "!{" + strings.Join(parts, ", ") + "}"
	case decode.MDString:
		return `!"` + escapeLL(e.Str) + `"`
	case decode.MDValue:
		return p.operandIn(f, e.Value, true)
	case decode.MDExpression:
		return pre + "!DIExpression(" + expressionText(e.Ops) + ")"
	case decode.MDLocation:
		// The scope operand is an id, not an id+1: never null.
		out := p.diFieldsText(f, e.Ops, "line:n0 column:n1?")
		if len(e.Ops) > 2 {
			out += ", scope: " + p.mdRef(f, uint32(e.Ops[2]))
		}
		if len(e.Ops) > 3 && e.Ops[3] != 0 {
			out += ", inlinedAt: " + p.mdRef(f, uint32(e.Ops[3]-1))
		}
		return pre + "!DILocation(" + out + ")"
	case decode.MDGenericDebug:
		out := p.diFieldsText(f, e.Ops, "tag:t0 header:s2?")
		if len(e.Ops) > 3 {
			ops := make([]string, 0, len(e.Ops)-3)
			for _, op := range e.Ops[3:] {
				ops = append(ops, p.refOrNull(f, op))
			}
			out += ", operands: {" + strings.Join(ops, ", ") + "}"
		}
		return pre + "!GenericDINode(" + out + ")"
	}
	if n, ok := diNodes[uint32(e.Code)]; ok {
		return pre + "!" + n.name + "(" + p.diFieldsText(f, e.Ops, n.fields) + ")"
	}
	return fmt.Sprintf("<unknown metadata record %d>", e.Code)
}

func expressionText(o []uint64) string {
	var parts []string
	valid := true
	for i := 0; i < len(o); {
		d, ok := dwOps[o[i]]
		if !ok || i+d.args >= len(o)+0 && i+1+d.args > len(o) {
			valid = false
			break
		}
		if o[i] == 0x9d && i+1+d.args != len(o) { // bit_piece must come last
			valid = false
			break
		}
		i += 1 + d.args
	}
	if !valid {
		for _, v := range o {
			parts = append(parts, strconv.FormatUint(v, 10))
		}
		return strings.Join(parts, ", ")
	}
	for i := 0; i < len(o); {
		d := dwOps[o[i]]
		parts = append(parts, d.name)
		for k := 1; k <= d.args; k++ {
			parts = append(parts, strconv.FormatUint(o[i+k], 10))
		}
		i += 1 + d.args
	}
	return strings.Join(parts, ", ")
}
