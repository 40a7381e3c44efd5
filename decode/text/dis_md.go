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

type fields struct {
	p   *printer
	f   *decode.IRFunction
	o   []uint64
	out []string
}

func (x *fields) at(i int) uint64 {
	if i < len(x.o) {
		return x.o[i]
	}
	return 0
}

func (x *fields) str(name string, i int, skipEmpty bool) {
	s := x.p.mdStr(x.f, x.o, i)
	if skipEmpty && s == "" {
		return
	}
	x.out = append(x.out, name+`: "`+escapeLL(s)+`"`)
}

func (x *fields) ref(name string, i int, skipNull bool) {
	v := x.at(i)
	if v == 0 {
		if !skipNull {
			x.out = append(x.out, name+": null")
		}
		return
	}
	x.out = append(x.out, name+": "+x.p.mdRef(x.f, uint32(v-1)))
}

func (x *fields) num(name string, v uint64, skipZero bool) {
	if skipZero && v == 0 {
		return
	}
	x.out = append(x.out, name+": "+strconv.FormatUint(v, 10))
}

func (x *fields) snum(name string, v int64, skipZero bool) {
	if skipZero && v == 0 {
		return
	}
	x.out = append(x.out, name+": "+strconv.FormatInt(v, 10))
}

func (x *fields) boolean(name string, i int) {
	x.out = append(x.out, name+": "+strconv.FormatBool(x.at(i)&1 != 0))
}

func (x *fields) enum(name string, v uint64, names map[uint64]string) {
	if v == 0 {
		return
	}
	if n, ok := names[v]; ok {
		x.out = append(x.out, name+": "+n)
	} else {
		x.out = append(x.out, name+": "+strconv.FormatUint(v, 10))
	}
}

// typeFields prints the operands DIDerivedType and DICompositeType share,
// in the order LLVM 3.7 prints them; a derived type always shows its
// baseType (null included), a composite one only when set.
func (x *fields) typeFields(skipNullBase bool) {
	x.tag(0)
	x.str("name", 1, true)
	x.ref("scope", 4, true)
	x.ref("file", 2, true)
	x.num("line", x.at(3), true)
	x.ref("baseType", 5, skipNullBase)
	x.num("size", x.at(6), true)
	x.num("align", x.at(7), true)
	x.num("offset", x.at(8), true)
	x.flags("flags", 9)
}

func (x *fields) tag(i int) {
	v := x.at(i)
	if n, ok := dwTags[v]; ok {
		x.out = append(x.out, "tag: "+n)
	} else {
		x.out = append(x.out, "tag: "+strconv.FormatUint(v, 10))
	}
}

func (x *fields) flags(name string, i int) {
	if v := x.at(i); v != 0 {
		x.out = append(x.out, name+": "+diFlagsText(v))
	}
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

// mdBody prints a node's body (what follows "!N = ").
func (p *printer) mdBody(f *decode.IRFunction, e *decode.IRMetadata) string {
	pre := ""
	if e.Distinct {
		pre = "distinct "
	}
	x := &fields{p: p, f: f, o: e.Ops}
	var name string
	switch e.Code {
	case decode.MDNode:
		parts := make([]string, len(e.Ops))
		for i, op := range e.Ops {
			if op == 0 {
				parts[i] = "null"
			} else {
				parts[i] = p.mdRef(f, uint32(op-1))
			}
		}
		return pre + "!{" + strings.Join(parts, ", ") + "}"
	case decode.MDString:
		return `!"` + escapeLL(e.Str) + `"`
	case decode.MDValue:
		return p.operandIn(f, e.Value, true)
	case decode.MDLocation:
		name = "DILocation"
		x.num("line", x.at(0), false)
		x.num("column", x.at(1), true)
		if len(e.Ops) > 2 {
			x.out = append(x.out, "scope: "+p.mdRef(f, uint32(e.Ops[2])))
		}
		x.ref("inlinedAt", 3, true)
	case decode.MDGenericDebug:
		name = "GenericDINode"
		x.tag(0)
		x.str("header", 2, true)
		if len(e.Ops) > 3 {
			var ops []string
			for i := 3; i < len(e.Ops); i++ {
				if e.Ops[i] == 0 {
					ops = append(ops, "null")
				} else {
					ops = append(ops, p.mdRef(f, uint32(e.Ops[i]-1)))
				}
			}
			x.out = append(x.out, "operands: {"+strings.Join(ops, ", ")+"}")
		}
	case decode.MDSubrange:
		name = "DISubrange"
		x.snum("count", int64(x.at(0)), false)
		x.snum("lowerBound", unrotate(x.at(1)), true)
	case decode.MDEnumerator:
		name = "DIEnumerator"
		x.str("name", 1, false)
		x.snum("value", unrotate(x.at(0)), false)
	case decode.MDBasicType:
		name = "DIBasicType"
		if x.at(0) != 0x24 {
			x.tag(0)
		}
		x.str("name", 1, true)
		x.num("size", x.at(2), true)
		x.num("align", x.at(3), true)
		x.enum("encoding", x.at(4), dwEncodings)
	case decode.MDFile:
		name = "DIFile"
		x.str("filename", 0, false)
		x.str("directory", 1, false)
	case decode.MDDerivedType:
		name = "DIDerivedType"
		x.typeFields(false)
		x.ref("extraData", 10, true)
	case decode.MDCompositeType:
		name = "DICompositeType"
		x.typeFields(true)
		x.ref("elements", 10, true)
		x.enum("runtimeLang", x.at(11), dwLangs)
		x.ref("vtableHolder", 12, true)
		x.ref("templateParams", 13, true)
		x.str("identifier", 14, true)
	case decode.MDSubroutine:
		name = "DISubroutineType"
		x.flags("flags", 0)
		x.ref("types", 1, false)
	case decode.MDCompileUnit:
		name = "DICompileUnit"
		x.enum("language", x.at(0), dwLangs)
		x.ref("file", 1, false)
		x.str("producer", 2, true)
		x.boolean("isOptimized", 3)
		x.str("flags", 4, true)
		x.num("runtimeVersion", x.at(5), false)
		x.str("splitDebugFilename", 6, true)
		x.num("emissionKind", x.at(7), false)
		x.ref("enums", 8, true)
		x.ref("retainedTypes", 9, true)
		x.ref("subprograms", 10, true)
		x.ref("globals", 11, true)
		x.ref("imports", 12, true)
		x.num("dwoId", x.at(13), true)
	case decode.MDSubprogram:
		name = "DISubprogram"
		x.str("name", 1, true)
		x.str("linkageName", 2, true)
		x.ref("scope", 0, false)
		x.ref("file", 3, true)
		x.num("line", x.at(4), true)
		x.ref("type", 5, true)
		x.boolean("isLocal", 6)
		x.boolean("isDefinition", 7)
		x.num("scopeLine", x.at(8), true)
		x.ref("containingType", 9, true)
		x.enum("virtuality", x.at(10), map[uint64]string{1: "DW_VIRTUALITY_virtual", 2: "DW_VIRTUALITY_pure_virtual"})
		x.num("virtualIndex", x.at(11), true)
		x.flags("flags", 12)
		x.boolean("isOptimized", 13)
		x.ref("function", 14, true)
		x.ref("templateParams", 15, true)
		x.ref("declaration", 16, true)
		x.ref("variables", 17, true)
	case decode.MDLexicalBlock:
		name = "DILexicalBlock"
		x.ref("scope", 0, false)
		x.ref("file", 1, true)
		x.num("line", x.at(2), true)
		x.num("column", x.at(3), true)
	case decode.MDLexicalFile:
		name = "DILexicalBlockFile"
		x.ref("scope", 0, false)
		x.ref("file", 1, true)
		x.num("discriminator", x.at(2), false)
	case decode.MDNamespace:
		name = "DINamespace"
		x.str("name", 2, true)
		x.ref("scope", 0, false)
		x.ref("file", 1, true)
		x.num("line", x.at(3), true)
	case decode.MDTemplateType:
		name = "DITemplateTypeParameter"
		x.str("name", 0, true)
		x.ref("type", 1, false)
	case decode.MDTemplateValue:
		name = "DITemplateValueParameter"
		if x.at(0) != 0x30 {
			x.tag(0)
		}
		x.str("name", 1, true)
		x.ref("type", 2, true)
		x.ref("value", 3, false)
	case decode.MDGlobalVar:
		name = "DIGlobalVariable"
		x.str("name", 1, true)
		x.str("linkageName", 2, true)
		x.ref("scope", 0, false)
		x.ref("file", 3, true)
		x.num("line", x.at(4), true)
		x.ref("type", 5, true)
		x.boolean("isLocal", 6)
		x.boolean("isDefinition", 7)
		x.ref("variable", 8, true)
		x.ref("declaration", 9, true)
	case decode.MDLocalVar:
		name = "DILocalVariable"
		x.tag(0)
		x.str("name", 2, true)
		x.num("arg", x.at(6), x.at(0) == 0x100)
		x.ref("scope", 1, false)
		x.ref("file", 3, true)
		x.num("line", x.at(4), true)
		x.ref("type", 5, true)
		x.flags("flags", 7)
	case decode.MDExpression:
		return pre + "!DIExpression(" + expressionText(e.Ops) + ")"
	case decode.MDImported:
		name = "DIImportedEntity"
		x.tag(0)
		x.str("name", 4, true)
		x.ref("scope", 1, false)
		x.ref("entity", 2, true)
		x.num("line", x.at(3), true)
	case decode.MDObjCProperty:
		name = "DIObjCProperty"
		x.str("name", 0, true)
		x.ref("file", 1, true)
		x.num("line", x.at(2), true)
		x.str("setter", 4, true)
		x.str("getter", 3, true)
		x.num("attributes", x.at(5), true)
		x.ref("type", 6, true)
	case decode.MDModule:
		name = "DIModule"
		x.ref("scope", 0, false)
		x.str("name", 1, true)
		x.str("configMacros", 2, true)
		x.str("includePath", 3, true)
		x.str("isysroot", 4, true)
	default:
		return fmt.Sprintf("<unknown metadata record %d>", e.Code)
	}
	return pre + "!" + name + "(" + strings.Join(x.out, ", ") + ")"
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
