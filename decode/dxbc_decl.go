package decode

import (
	"fmt"
	"math"
	"strings"
)

// rangeText formats an SM5.1 range declaration operand: T1[10:*] (the upper
// bound 0xffffffff means unbounded).
func (d *tokenDecoder) rangeText(o *Operand) string {
	p := d.prefix(o.Type)
	if len(o.Indices) < 3 {
		return d.registerText(o)
	}
	hi := "*"
	if o.Indices[2].Value != 0xffffffff {
		hi = fmt.Sprint(o.Indices[2].Value)
	}
	return fmt.Sprintf("%s%d[%d:%s]", p, o.Indices[0].Value, o.Indices[1].Value, hi)
}

// space reads the SM5.1 register-space token of a range declaration.
func (d *tokenDecoder) space() string {
	if !d.sm51 {
		return ""
	}
	return fmt.Sprintf(", space=%d", d.next("register space"))
}

func returnTypes(t uint32) string {
	var s [4]string
	for i := range s {
		s[i] = name(returnTypeNames[:], t>>(4*uint(i))&0xf, "type")
	}
	return "(" + strings.Join(s[:], ",") + ")"
}

func uavFlags(tok uint32) string {
	s := ""
	if tok>>16&1 != 0 {
		s += "_glc"
	}
	if tok>>17&1 != 0 {
		s += "_rov"
	}
	if tok>>23&1 != 0 {
		s += "_opc"
	}
	return s
}

// declaration formats a declaration instruction.
func (d *tokenDecoder) declaration(in *Instruction, tok uint32) string {
	op := in.Opcode
	nm := op.String()
	ctl := tok >> 11 & 0x1fff
	operand := func(kind byte) *Operand {
		o := d.operand(kind)
		in.Operands = append(in.Operands, o)
		return &in.Operands[len(in.Operands)-1]
	}
	// Declarations may carry extended opcode tokens in principle; none do in practice.
	if tok>>31 != 0 {
		d.extended(tok)
	}
	switch op {
	case OpDclGlobalFlags:
		var names []string
		for i, n := range globalFlagNames {
			if ctl&(1<<uint(i)) != 0 {
				names = append(names, n)
			}
		}
		if rest := ctl &^ (1<<uint(len(globalFlagNames)) - 1); rest != 0 {
			names = append(names, fmt.Sprintf("unknown(0x%x)", rest<<11))
		}
		return nm + " " + strings.Join(names, " | ")
	case OpDclConstantBuffer:
		o := operand('u')
		access := ", immediateIndexed"
		if ctl&1 != 0 {
			access = ", dynamicIndexed"
		}
		if d.sm51 {
			size := d.next("constant buffer size")
			return fmt.Sprintf("%s %s[%d]%s%s", nm, d.rangeText(o), size, access, d.space())
		}
		if len(o.Indices) == 2 {
			return fmt.Sprintf("%s CB%d[%d]%s", nm, o.Indices[0].Value, o.Indices[1].Value, access)
		}
		return nm + " " + d.registerText(o) + access
	case OpDclSampler:
		o := operand('u')
		s := fmt.Sprintf("%s %s, %s", nm, d.declRegister(o), name(samplerModeNames[:], ctl&0xf, "mode"))
		return s + d.space()
	case OpDclResource, OpDclUAVTyped:
		dim := ctl & 0x1f
		s := "dcl_resource_"
		if op == OpDclUAVTyped {
			s = "dcl_uav_typed_"
		}
		s += name(resourceDimNames[:], dim, "dimension")
		if op == OpDclResource && (dim == 4 || dim == 9) {
			s += fmt.Sprintf("(%d)", tok>>16&0x7f)
		}
		if op == OpDclUAVTyped {
			s += uavFlags(tok)
		}
		o := operand('u')
		rt := d.next("return type")
		return s + " " + returnTypes(rt) + " " + d.declRegister(o) + d.space()
	case OpDclResourceRaw, OpDclUAVRaw:
		s := nm
		if op == OpDclUAVRaw {
			s += uavFlags(tok)
		}
		o := operand('u')
		return s + " " + d.declRegister(o) + d.space()
	case OpDclResourceStruct, OpDclUAVStructured:
		s := nm
		if op == OpDclUAVStructured {
			s += uavFlags(tok)
		}
		o := operand('u')
		stride := d.next("structure stride")
		return fmt.Sprintf("%s %s, %d%s", s, d.declRegister(o), stride, d.space())
	case OpDclInput, OpDclOutput, OpDclStream:
		return nm + " " + operand('u').Text
	case OpDclInputSGV, OpDclInputSIV, OpDclOutputSGV, OpDclOutputSIV:
		o := operand('u')
		return nm + " " + o.Text + ", " + name(sysValueNames[:], d.next("system value")&0xffff, "sysvalue")
	case OpDclInputPS, OpDclInputPSSIV, OpDclInputPSSGV:
		s := nm
		if m := ctl & 0xf; m != 0 {
			s += " " + name(interpNames[:], m, "interpolation")
		}
		o := operand('u')
		s += " " + o.Text
		if op != OpDclInputPS {
			s += ", " + name(sysValueNames[:], d.next("system value")&0xffff, "sysvalue")
		}
		return s
	case OpDclTemps, OpDclMaxOutputVertex, OpDclGSInstances, OpDclHSForkCount, OpDclHSJoinCount:
		return fmt.Sprintf("%s %d", nm, d.next("count"))
	case OpDclIndexableTemp:
		return fmt.Sprintf("%s x%d[%d], %d", nm, d.next("register"), d.next("register count"), d.next("component count"))
	case OpDclIndexRange:
		return fmt.Sprintf("%s %s %d", nm, operand('u').Text, d.next("register count"))
	case OpDclOutputTopology:
		return nm + " " + mapName(topologyNames, ctl&0x7f, "topology")
	case OpDclInputPrimitive:
		p := ctl & 0x3f
		if p >= 8 && p <= 39 {
			return fmt.Sprintf("%s patch%d", nm, p-7)
		}
		return nm + " " + mapName(primitiveNames, p, "primitive")
	case OpDclInputCPCount, OpDclOutputCPCount:
		return fmt.Sprintf("%s %d", nm, ctl&0x3f)
	case OpDclTessDomain:
		return nm + " " + name(tessDomainNames[:], ctl&3, "domain")
	case OpDclTessPartitioning:
		return nm + " " + name(tessPartNames[:], ctl&7, "partitioning")
	case OpDclTessOutputPrim:
		return nm + " " + name(tessOutPrimNames[:], ctl&7, "primitive")
	case OpDclHSMaxTessFactor:
		return nm + " l(" + formatFloat(float64(math.Float32frombits(d.next("max tessellation factor")))) + ")"
	case OpDclThreadGroup:
		return fmt.Sprintf("%s %d, %d, %d", nm, d.next("thread group size x"), d.next("thread group size y"), d.next("thread group size z"))
	case OpDclTGSMRaw:
		return fmt.Sprintf("%s %s, %d", nm, operand('u').Text, d.next("byte count"))
	case OpDclTGSMStructured:
		return fmt.Sprintf("%s %s, %d, %d", nm, operand('u').Text, d.next("structure stride"), d.next("structure count"))
	case OpDclFunctionBody:
		return fmt.Sprintf("%s fb%d", nm, d.next("function body"))
	case OpDclFunctionTable:
		t := d.next("function table")
		n := d.next("function body count")
		var bodies []string
		for i := uint32(0); i < n && d.bad == "" && d.pos < d.end; i++ {
			bodies = append(bodies, fmt.Sprintf("fb%d", d.next("function body")))
		}
		if uint64(n) > uint64(len(bodies)) && d.bad == "" {
			d.bad = fmt.Sprintf("the table lists %d function bodies but only %d fit", n, len(bodies))
		}
		return fmt.Sprintf("%s ft%d = {%s}", nm, t, strings.Join(bodies, ", "))
	case OpDclInterface:
		if ctl&1 != 0 {
			nm += "_dynamicindexed"
		}
		idx := d.next("interface")
		bodies := d.next("function body count")
		c := d.next("table count and array size")
		n, arr := c&0xffff, c>>16
		var tables []string
		for i := uint32(0); i < n && d.bad == "" && d.pos < d.end; i++ {
			tables = append(tables, fmt.Sprintf("ft%d", d.next("function table")))
		}
		return fmt.Sprintf("%s fp%d[%d][%d] = {%s}", nm, idx, arr, bodies, strings.Join(tables, ", "))
	}
	return nm
}

// declRegister is a declared register: t0 (no components) or an SM5.1 range T0[0:3].
func (d *tokenDecoder) declRegister(o *Operand) string {
	if d.sm51 && len(o.Indices) == 3 {
		return d.rangeText(o)
	}
	return d.registerText(o)
}

func mapName(m map[uint32]string, v uint32, what string) string {
	if n, ok := m[v]; ok {
		return n
	}
	return fmt.Sprintf("%s(%d)", what, v)
}

// customData formats a custom-data block: the immediate constant buffer
// FXC prints as a declaration, anything else as a comment.
func (d *tokenDecoder) customData(tok uint32) string {
	class := tok >> 11
	d.pos = d.start + 2
	n := d.end - d.pos
	if d.end-d.start < 2 {
		d.bad = "a custom data block needs its opcode and length tokens"
		return "dcl_customdata"
	}
	data := d.w[d.pos:d.end]
	d.pos = d.end
	switch class {
	case 3:
		var b strings.Builder
		b.WriteString("dcl_immediateConstantBuffer {")
		for i := 0; i < len(data); i += 4 {
			row := data[i:min(i+4, len(data))]
			if i > 0 {
				b.WriteString(",\n                             ")
			}
			parts := make([]string, len(row))
			for j, v := range row {
				parts[j] = untypedLiteral(v)
			}
			b.WriteString(" { " + strings.Join(parts, ", ") + "}")
		}
		b.WriteString(" }")
		if len(data)%4 != 0 {
			d.problemAt(Warning, d.start, "immediate constant buffer of %d dwords is not a whole number of 4-component vectors", len(data))
		}
		return b.String()
	case 0:
		// A comment block holds a NUL-terminated string.
		var txt []byte
		for _, w := range data {
			for k := 0; k < 4; k++ {
				txt = append(txt, byte(w>>(8*uint(k))))
			}
		}
		if i := bytesIndexZero(txt); i >= 0 {
			txt = txt[:i]
		}
		return "// comment: \"" + escapeMessage(txt) + "\""
	case 1:
		return fmt.Sprintf("// debug info (%d dwords)", n)
	case 2:
		return fmt.Sprintf("// opaque custom data (%d dwords)", n)
	case 4:
		if t, ok := d.shaderMessage(data); ok {
			return t
		}
		d.problemAt(Warning, d.start, "shader message block of %d dwords does not follow the layout (id, format, characters, operand count, operand length, operands, string)", n)
		return fmt.Sprintf("// shader message (%d dwords)", n)
	case 5:
		return fmt.Sprintf("// dx9 clip plane constant mappings (%d dwords)", n)
	}
	return fmt.Sprintf("// custom data class %d (%d dwords)", class, n)
}

// shaderMessage formats a printf/errorf custom-data block the way FXC lists
// it: printf "format", operands. The layout is D3D11_SB_CUSTOMDATA_SHADER_MESSAGE:
// message id, format style, character count, operand count, operand dwords,
// the operands, then the NUL-terminated string.
func (d *tokenDecoder) shaderMessage(data []uint32) (string, bool) {
	if len(data) < 5 {
		return "", false
	}
	id, chars, nOps, opLen := data[0], data[2], data[3], data[4]
	if uint64(opLen)+5 > uint64(len(data)) || uint64(chars)/4+1 > uint64(len(data))-5-uint64(opLen) {
		return "", false
	}
	name := "printf"
	if id == 0x00200103 {
		name = "errorf"
	}
	// Read the operands with the ordinary operand reader, bounded to their block.
	base := d.start + 2
	saveEnd, saveBad := d.end, d.bad
	d.pos, d.end = base+5, base+5+int(opLen)
	var ops []string
	for i := uint32(0); i < nOps && d.pos < d.end && d.bad == ""; i++ {
		ops = append(ops, d.operand('x').Text)
	}
	ok := d.bad == "" && d.pos == d.end && len(ops) == int(nOps)
	d.end, d.bad = saveEnd, saveBad
	d.pos = d.end
	if !ok {
		return "", false
	}
	str := make([]byte, 0, chars)
	for _, w := range data[5+opLen:] {
		for k := 0; k < 4 && uint32(len(str)) < chars; k++ {
			str = append(str, byte(w>>(8*uint(k))))
		}
	}
	text := name + " \"" + escapeMessage(str) + "\""
	for _, o := range ops {
		text += ", " + o
	}
	return text, true
}

// escapeMessage writes control characters and backslashes of a message
// string as C escapes, as FXC does; quotes stay as they are.
func escapeMessage(b []byte) string {
	var out strings.Builder
	for _, c := range b {
		switch {
		case int(c) < len(cEscapes) && cEscapes[c] != "":
			out.WriteString(cEscapes[c])
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&out, `\x%02x`, c)
		default:
			out.WriteByte(c)
		}
	}
	return out.String()
}

// cEscapes are the bytes C (and FXC) writes with a letter escape.
var cEscapes = [...]string{'\a': `\a`, '\b': `\b`, '\t': `\t`, '\n': `\n`, '\v': `\v`, '\f': `\f`, '\r': `\r`, '\\': `\\`}

func bytesIndexZero(b []byte) int {
	for i, c := range b {
		if c == 0 {
			return i
		}
	}
	return -1
}
