package text

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/llvm/ir"
)

// Metadata as LLVM 3.7's assembly writer prints it: tuples, and each DI node
// with its fields in the writer's order, skipping the ones it skips. A
// DIExpression is a numbered node like the others (LLVM 3.7 and so DXC
// print "metadata !142" and "!142 = !DIExpression()"; later LLVMs print it
// inline).

// dwOps are the operations a DIExpression may hold in LLVM 3.7
// (DIExpression::isValid); another makes the writer print plain numbers.
var dwOps = map[uint64]struct {
	name string
	args int
}{0x06: {"DW_OP_deref", 0}, 0x22: {"DW_OP_plus", 1}, 0x9d: {"DW_OP_bit_piece", 2}}

// diFlags are LLVM 3.7's DIFlag bits above the access field
// (include/llvm/IR/DebugInfoFlags.def; the access values 1-3 are
// DIFlagPrivate, DIFlagProtected and DIFlagPublic).
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
func (p *printer) mdRef(f *ir.Function, id uint32) string {
	e := p.m.MD(f, id)
	if e == nil {
		return "<badref>"
	}
	switch e.Code {
	case ir.MetadataString:
		return p.charge(`!"` + escapeLL(e.Str) + `"`)
	case ir.MetadataValue:
		return p.operandIn(f, e.Value, true)
	}
	if n, ok := p.mdSlot[id]; ok {
		return "!" + strconv.Itoa(n)
	}
	return "<badref>"
}

// mdOperand prints metadata passed as a call argument (after "metadata ").
func (p *printer) mdOperand(f *ir.Function, id uint32) string { return p.mdRef(f, id) }

// operandIn prints a value as seen in function f (nil: module level).
func (p *printer) operandIn(f *ir.Function, id uint32, typed bool) string {
	saved := p.f
	if f != nil {
		p.f = f
	}
	s := p.operand(id, typed)
	p.f = saved
	return s
}

// fieldString is the string a DIString field refers to ("" for null).
func (p *printer) fieldString(f *ir.Function, fd ir.DIField) string {
	if id, ok := fd.Ref(); ok {
		if e := p.m.MD(f, id); e != nil && e.Code == ir.MetadataString {
			return e.Str
		}
	}
	return ""
}

// diEnums are the names of the enumerated field kinds.
var diEnums = map[ir.DIFieldKind]map[uint64]string{ir.DIEncoding: dwEncodings, ir.DILanguage: dwLangs,
	ir.DIVirtuality: dwVirtualities}

// diFieldsText prints a debug-info node's fields as LLVM 3.7's writer does,
// leaving out what it leaves out.
func (p *printer) diFieldsText(f *ir.Function, fields []ir.DIField) string {
	var out []string
	tag := uint64(0)
	if len(fields) > 0 && fields[0].Kind == ir.DITag {
		tag = fields[0].Value
	}
	for _, fd := range fields {
		v := fd.Value
		if fd.SkipZero && v == 0 {
			continue
		}
		var text string
		switch fd.Kind {
		case ir.DIString:
			s := p.fieldString(f, fd)
			if fd.SkipZero && s == "" { // null, or a string that is empty
				continue
			}
			text = `"` + escapeLL(s) + `"`
		case ir.DIRef:
			text = "null"
			if id, ok := fd.Ref(); ok {
				text = p.mdRef(f, id)
			}
		case ir.DIScope: // a plain id: never null, left out when the record has none
			if !fd.Has {
				continue
			}
			id, _ := fd.Ref()
			text = p.mdRef(f, id)
		case ir.DIUint:
			text = strconv.FormatUint(v, 10)
		case ir.DIInt, ir.DIRotated:
			text = strconv.FormatInt(fd.Signed(), 10)
		case ir.DIBool:
			text = strconv.FormatBool(v&1 != 0)
		case ir.DIFlags:
			text = diFlagsText(v)
		case ir.DITag:
			if fd.HasDefault && v == fd.Default {
				continue
			}
			text = dwTags[v]
			if text == "" {
				text = strconv.FormatUint(v, 10)
			}
		case ir.DIArg:
			if v == 0 && tag == 0x100 { // DW_TAG_auto_variable
				continue
			}
			text = strconv.FormatUint(v, 10)
		default: // an enumeration
			if text = diEnums[fd.Kind][v]; text == "" {
				text = strconv.FormatUint(v, 10)
			}
		}
		out = append(out, fd.Name+": "+text)
	}
	return strings.Join(out, ", ")
}

// refOrNull is a tuple's operand i as a reference, or null.
func (p *printer) refOrNull(f *ir.Function, e *ir.Metadata, i int) string {
	if id, ok := e.Operand(i); ok {
		return p.mdRef(f, id)
	}
	return "null"
}

// mdBody prints a node's body (what follows "!N = ").
func (p *printer) mdBody(f *ir.Function, e *ir.Metadata) string {
	pre := ""
	if e.Distinct {
		pre = "distinct "
	}
	switch e.Code {
	case ir.MetadataNode:
		parts := make([]string, e.NumOperands())
		for i := range parts {
			parts[i] = p.refOrNull(f, e, i)
		}
		return pre + "!{" + strings.Join(parts, ", ") + "}"
	case ir.MetadataString:
		return `!"` + escapeLL(e.Str) + `"`
	case ir.MetadataValue:
		return p.operandIn(f, e.Value, true)
	case ir.MetadataExpression:
		return pre + "!DIExpression(" + expressionText(e.Elements()) + ")"
	}
	name, fields, ok := e.DINode()
	if !ok {
		return fmt.Sprintf("<unknown metadata record %d>", e.Code)
	}
	out := p.diFieldsText(f, fields)
	if e.Code == ir.MetadataGenericDebug && e.NumOperands() > 0 {
		ops := make([]string, e.NumOperands())
		for i := range ops {
			ops[i] = p.refOrNull(f, e, i)
		}
		out += ", operands: {" + strings.Join(ops, ", ") + "}"
	}
	return pre + "!" + name + "(" + out + ")"
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
